"""Spring Attack and Shot on the Run (SRD, Feats): with the attack action, a melee (Spring
Attack) or ranged (Shot on the Run) attack made in the middle of a move, the movement
before and after it together no longer than the creature's speed. Spring Attack's movement
provokes no attack of opportunity from the defender it attacks (others still may), and not
in heavy armour; Shot on the Run shelters from nobody. It takes the standard and the move
action, so no 5-ft step.

The squares come as ``before`` and ``after`` (paths, as ``move`` takes them) or as the
squares the window asks, ``from_square`` and ``to_square``, between which the safest path
is taken (``rules.aoo.best_path``, as the window's move preview shows it).
"""
from __future__ import annotations

from dataclasses import replace

from ...rules import aoo as aoo_rules, movement
from ...rules.geometry import Square, metres
from ...rules.reasons import Refusal
from ...rules.sight import has_line_of_sight
from ...rules.threat import can_attack_square
from ..attacks import fallen
from ..components import Feats
from ..damage import status_of
from ..events import Moved
from .attacking import one_attack
from .common import Refused, refuse, spend, square_arg, target_arg, turn_state
from .moving import parity_after, walk
from .stances import stance_refusal, take_stances

FEATS = {False: "spring_attack", True: "shot_on_the_run"}


def legs(battle, who: str, args: dict) -> tuple[list[Square], list[Square]]:
    """The movement before and after the attack, from the paths given or found between
    the squares named."""
    board = battle.board()
    body = board.body(who)
    before = [tuple(s) for s in args.get("before") or ()]
    after = [tuple(s) for s in args.get("after") or ()]
    ts = turn_state(battle, who)
    if not before and args.get("from_square") is not None:
        before = _path(board, body, square_arg(args["from_square"], "from_square"), ts.parity)
    if not after and args.get("to_square") is not None:
        start = before[-1] if before else body.pos
        after = _path(board, replace(body, pos=start), square_arg(args["to_square"], "to_square"),
                      parity_after([body.pos] + before, ts.parity))
    return before, after


def _path(board, body, goal: Square, parity: int) -> list[Square]:
    if goal == body.pos:
        return []
    found = aoo_rules.best_path(board, body, goal, "move", parity=parity)
    if found is None:
        raise refuse("PATH_UNREACHABLE")
    return list(found[0])


def attack_from(battle, who: str, target: str, at: Square, ranged: bool) -> Refusal | None:
    """Can the attack be made from ``at``: in melee reach, or in sight for a shot (range
    is judged by the attack itself)."""
    board = battle.board()
    moved = replace(board.body(who), pos=at)
    foe = board.body(target)
    if ranged:
        return None if has_line_of_sight(board, moved, foe) else Refusal("NO_LINE_OF_SIGHT", {"target": target})
    if any(can_attack_square(board, moved, sq) for sq in foe.squares):
        return None
    return Refusal("OUT_OF_REACH", {"target": target})


def do_spring_attack(battle, who, args, declined) -> list:
    """The move, the attack, the rest of the move (see the module's docstring)."""
    target = target_arg(battle, args)
    board = battle.board()
    body = board.body(who)
    ranged = body.weapon.is_ranged
    feat = FEATS[ranged]
    if feat not in battle.read(who, Feats).ids:
        raise refuse("NO_SHOT_ON_THE_RUN_FEAT" if ranged else "NO_SPRING_ATTACK_FEAT")
    if not ranged and body.heavy_armor:
        raise refuse("SPRING_ATTACK_HEAVY_ARMOR")
    ts = turn_state(battle, who)
    if ts.moved or ts.stepped:
        raise refuse("SPRING_ATTACK_AFTER_MOVING")
    before, after = legs(battle, who, args)
    whole = before + after
    cost_before = cost_after = 0
    if whole:
        check = movement.check_path(board, body, whole, "move", parity=ts.parity)
        if not check.legal:
            raise refuse(check.reason.code, **check.reason.params)
        cost_before = movement.check_path(board, body, before, "move", parity=ts.parity).cost if before else 0
        cost_after = check.cost - cost_before
    at = before[-1] if before else body.pos
    refusal = attack_from(battle, who, target, at, ranged) or stance_refusal(battle, who, args, melee=not ranged)
    if refusal is not None:
        raise Refused(refusal)
    events = spend(battle, who, "standard", feat) + spend(battle, who, "move", feat)
    take_stances(battle, who, args)
    ts.moved = True
    ts.five_foot = False
    ts.parity = parity_after([body.pos] + whole, ts.parity)
    sheltered = declined | ({target} if not ranged else set())     # Spring Attack: not from the defender
    if before:
        events += walk(battle, who, [body.pos] + before, "move", sheltered)
        events.append(Moved(who=who, path=(body.pos, *before), mode="move", cost_m=metres(cost_before)))
        if fallen(battle, who) or battle.board().body(who).pos != at:
            return events
    events += one_attack(battle, who, target, declined)
    if after and not fallen(battle, who) and status_of(battle, who) != "dead":
        events += walk(battle, who, [at] + after, "move", sheltered if battle.has(target) else declined)
        events.append(Moved(who=who, path=(at, *after), mode="move", cost_m=metres(cost_after)))
    return events


def attack_squares(battle, who: str, target: str) -> dict[Square, int]:
    """Where the creature may move (a move action) and strike ``target`` from, with the
    cost of getting there: its own square included (cost 0)."""
    board = battle.board()
    body = board.body(who)
    ranged = body.weapon.is_ranged
    ts = turn_state(battle, who)
    spots = {body.pos: 0, **movement.reachable(board, body, "move", parity=ts.parity)}
    return {sq: c for sq, c in spots.items() if attack_from(battle, who, target, sq, ranged) is None}


def retreat_squares(battle, who: str, at: Square, spent: int) -> list[Square]:
    """Where the rest of the move may end after the attack from ``at``: the squares the
    speed left reaches from there, ``at`` itself included."""
    board = battle.board()
    body = replace(board.body(who), pos=at)
    left = body.speed_squares - spent
    return [at] + sorted((sq for sq, c in movement.reachable(board, body, "move").items() if c <= left),
                         key=lambda sq: (sq[1], sq[0]))


def spring_targets(battle, who: str) -> list[tuple[str, Square]]:
    """Each enemy the creature could strike this way, nearest first, with the cheapest
    square to strike it from."""
    board = battle.board()
    me = board.body(who)
    out = []
    for foe in sorted(board.enemies_of(me), key=lambda b: (max(abs(b.pos[0] - me.pos[0]), abs(b.pos[1] - me.pos[1])), b.id)):
        if "dead" in foe.conditions:
            continue
        spots = attack_squares(battle, who, foe.id)
        if spots:
            out.append((foe.id, min(spots, key=lambda sq: (spots[sq], sq[1], sq[0]))))
    return out
