"""Systems: read components, call the pure rules, write components, return events.

Each function works on the *current* esper world (the engine switches to its battle's
world first). Questions ("views") change nothing; actions check first and change
nothing when refused.
"""
from __future__ import annotations

from dataclasses import replace

from .. import data
from ..rules import aoo, charge as charge_rules, flanking, movement, sight, splash as splash_rules, threat
from ..rules.board import Board, Body as RulesBody
from ..rules.geometry import Square, metres, space_squares
from ..rules.modifiers import ability_modifier
from ..rules.reasons import Refusal
from .components import (Abilities, Armor, AttacksOfOpportunity, Body, Conditions, Feats, Identity, Position, Reach,
                         Riding, Side, Speed, Spellcasting, Stats, Wielded)
from .events import Moved, Provoked, Splashed, Stepped


# The components a creature's rules body is made of: changing one of them changes its body.
BODY_COMPONENTS = frozenset({Identity, Position, Body, Reach, Speed, Side, Wielded, Conditions, Feats, Armor, Riding,
                             Spellcasting, AttacksOfOpportunity, Abilities})


def build_body(battle, cid: str) -> RulesBody:
    """One creature as the positioning rules see it, from its components."""
    read = battle.read
    riding = read(cid, Riding)
    mount_span = read(riding.mount, Body).size.span if riding.mount else None
    conditions = read(cid, Conditions).ids
    speed = read(cid, Speed)
    pos = read(cid, Position).square
    size = read(cid, Body).size
    return RulesBody(
        id=cid, side=read(cid, Side).name, pos=pos, size=size,
        reach_shape=read(cid, Reach).shape, speed_squares=effective_speed(speed.squares, conditions),
        weapon=data.weapons()[read(cid, Wielded).weapon_id],
        conditions=frozenset(conditions) | _in_the_dark(battle, cid, pos, mount_span or size.span),
        feats=read(cid, Feats).ids, heavy_armor=read(cid, Armor).heavy,
        mount_span=mount_span, holds_charge=read(cid, Spellcasting).held_charge is not None,
        climb_squares=effective_speed(speed.climb_squares, conditions) if speed.climb else 0,
        swim_squares=effective_speed(speed.swim_squares, conditions) if speed.swim else 0,
        opportunities_left=read(cid, AttacksOfOpportunity).used < aoo.opportunities_a_round(
            read(cid, Feats).ids, ability_modifier(read(cid, Abilities).scores["dex"])))


def _in_the_dark(battle, cid: str, pos: Square, span: int) -> frozenset[str]:
    """What the map's darkness makes of a creature, for the rules (``rules.concealment``):
    ``in_darkness`` when a square of its space is dark, ``darkvision`` when it sees there
    (a template's darkvision, or the scenario's ``darkvision`` key). Nothing on a map
    without darkness."""
    terrain = battle.current_terrain()
    if not terrain.has_dark:
        return frozenset()
    out = {"darkvision"} if battle.read(cid, Stats).values.get("darkvision") else set()
    if any(terrain.is_dark(sq) for sq in space_squares(pos, span)):
        out.add("in_darkness")
    return frozenset(out)


def mover(battle, cid: str) -> tuple[Board, str]:
    """(board, id of what moves): in the saddle the mount moves, its rider never blocks it,
    and it reaches with the rider's weapon when charging (French text, "combat monté")."""
    board = battle.board()
    mount = battle.read(cid, Riding).mount
    if not mount:
        return board, cid
    weapon = board.body(cid).weapon
    bodies = tuple(replace(b, weapon=weapon) if b.id == mount else b for b in board.bodies if b.id != cid)
    return Board(board.terrain, bodies, board.variants), mount


HALF_SPEED = frozenset({"blinded", "entangled", "exhausted", "disabled", "slowed"})


def effective_speed(squares: int, conditions) -> int:
    """Half speed when blinded, entangled, exhausted, disabled (digest §8.2, §9.3) or slowed
    (data-digest §5, slow: "round down to the next 5-ft increment"), in whole squares."""
    if "hasted" in conditions:
        squares += min(squares, 6)          # +9 m, at most double (haste)
    if not HALF_SPEED.isdisjoint(conditions):
        return squares // 2
    return squares


# --- threat ---------------------------------------------------------------------------

def threatened_squares(board: Board, cid: str) -> set[Square]:
    return threat.threatened_squares(board, board.body(cid))


# --- movement -------------------------------------------------------------------------

def reachable(board: Board, cid: str, mode: str) -> dict[Square, int]:
    return movement.reachable(board, board.body(cid), mode)


def check_path(board: Board, cid: str, squares: list[Square], mode: str):
    """(PathCheck, provoked ids) for a proposed path."""
    body = board.body(cid)
    result = movement.check_path(board, body, squares, mode)
    provoked = aoo.provocations(board, body, result.positions, mode) if result.legal else []
    return result, provoked


def move(board: Board, cid: str, squares: list[Square], mode: str) -> tuple[Refusal | None, list]:
    """A creature's move along a legal path, as (refusal, events); the caller writes the
    new position. Attacks of opportunity are reported as ``Provoked`` events, in order,
    before the move ends."""
    result, provoked = check_path(board, cid, squares, mode)
    if not result.legal:
        return result.reason, []
    events: list = []
    for who in provoked:
        events.append(Provoked(who=cid, by=who, at=_leaving_square(board, cid, result.positions, who, mode)))
    events.append(Moved(who=cid, path=tuple(result.positions), mode=mode, cost_m=metres(result.cost)))
    return None, events


def _leaving_square(board: Board, cid: str, positions: list[Square], by: str, mode: str) -> Square:
    body, enemy = board.body(cid), board.body(by)
    for i, pos in enumerate(positions[:-1]):
        if mode == "withdraw" and i == 0:
            continue
        if aoo.provokes_leaving(board, enemy, body, pos):
            return pos
    return positions[0]


def five_foot_step(board: Board, cid: str, to: Square) -> tuple[Refusal | None, list]:
    """A 5-ft step never provokes (French text, pas de placement); the caller writes the
    new position."""
    result = movement.check_path(board, board.body(cid), [to], "5ft")
    if not result.legal:
        return result.reason, []
    return None, [Stepped(who=cid, to=to)]


# --- charge, splash, flanking, cover --------------------------------------------------

def charge(board: Board, cid: str, target: str, restricted: bool = False):
    return charge_rules.charge(board, board.body(cid), board.body(target), restricted)


def splash(board: Board, cid: str, *, target: str | None = None, intersection: Square | None = None,
           hit: bool, d8: int | None = None):
    """Where a splash weapon lands and whom it splashes, with the event it makes."""
    result = splash_rules.splash(board, board.body(cid), target=board.body(target) if target else None,
                                 intersection=intersection, hit=hit, d8=d8)
    events = []
    if result.legal:
        lands = result.lands_square or result.lands_intersection
        events.append(Splashed(by=cid, direct=result.direct, splashed=tuple(result.splashed), lands=lands))
    return result, events


def flanking_partners(board: Board, target: str, by: str) -> list[str]:
    return flanking.flanking_partners(board, board.body(target), board.body(by))


def cover(board: Board, src: str, dst: str, attack: str) -> str:
    return sight.cover(board, board.body(src), board.body(dst), attack)
