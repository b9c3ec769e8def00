"""Charge: where a charger may end and why it may not (French text "Charger",
digest §5, decisions §3).

- The charger moves to the **closest** space (1-2-1 from its starting space) from which
  it can attack the target; spaces inside walls count when finding the closest. Tied
  spaces are the charger's choice; the charge is legal when one of them is free and has
  a clear lane.
- It moves at least 2 squares (3 m) and at most twice its speed (its speed when it is
  restricted to one action).
- The lane must be free of walls, difficult terrain and creatures (even allies; helpless
  ones do not block), and the charger needs line of sight to the target at the start.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from .board import Board, Body
from .conditions import CANNOT_CHARGE, blocking_reason
from .geometry import Square, gaps_distance, space_squares, spaces_gaps, spaces_overlap
from .lanes import lane_refusal
from .reasons import Refusal
from .sight import has_line_of_sight
from .threat import can_attack_square
from .weapons import ReachBand, in_band

MIN_CHARGE = 2  # squares (3 m)
SET_AGAINST_CHARGE = 2  # a set weapon's damage multiplier against a charger


def set_against_charge(weapon_is_set: bool, readied: bool, target_charging: bool) -> int:
    """The damage multiplier of an attack with a weapon set against a charge (French text,
    "charge": "Certaines armes perforantes, telles que la lance et le trident, infligent des
    dégâts doublés à un adversaire chargeant, en préparant une réception de charge, en
    calant l'extrémité de leur hampe ou en la plantant dans le sol"; digest §5, SRD Ready:
    "deals double damage if you score a hit with it against a charging character").
    x2 when a weapon that can be set (``Weapon.set_vs_charge``: spear, longspear, trident,
    halberd, urgrosh) strikes as a readied action a creature that is charging, else x1.
    It adds to a critical's multiplier as multipliers do (``attack.combined_multiplier``):
    a x3 critical on it rolls the damage four times."""
    return SET_AGAINST_CHARGE if weapon_is_set and readied and target_charging else 1


@dataclass
class ChargeOption:
    end: Square
    refusal: Refusal | None   # None: free with a clear lane


@dataclass(frozen=True)
class ChargeResult:
    legal: bool
    ends: list[Square] = field(default_factory=list)
    reason: Refusal | None = None
    distance: int = 0                                     # squares to the closest spaces
    options: list[ChargeOption] = field(default_factory=list)  # every tied closest space


def attack_positions(board: Board, body: Body, target: Body) -> list[Square]:
    """Positions (top-left of ``body``'s space) from which its melee weapon reaches some
    square of ``target``, walls ignored (decisions §3). A reach-0 creature must enter the
    target's space."""
    span = body.span
    band = body.melee_band()
    tx, ty = target.pos
    ts = target.span
    if band is None:
        if body.natural_reach > 0 or body.weapon.is_ranged:
            return []
        return [sq for sq in target.squares]
    key = (span, band.inner, band.outer, ts, board.variants.reach_diagonal_exception)
    offsets = _OFFSETS.get(key)
    if offsets is None:
        offsets = _OFFSETS[key] = _attack_offsets(*key)
    return [(tx + dx, ty + dy) for dx, dy in offsets]


# The attack positions around a target at (0, 0), by mover's span, reach band, target's
# span and variant: they only move with the target, so each shape is worked out once.
_OFFSETS: dict[tuple[int, int, int, int, bool], tuple[Square, ...]] = {}


def _attack_offsets(span: int, inner: int, outer: int, ts: int, exc: bool) -> tuple[Square, ...]:
    band = ReachBand(inner, outer)
    squares = space_squares((0, 0), ts)
    out = []
    for y in range(-outer - span + 1, ts + outer):
        for x in range(-outer - span + 1, ts + outer):
            if spaces_overlap((x, y), span, (0, 0), ts):
                continue
            if any(in_band(*_gaps((x, y), span, t), band, exc) for t in squares):
                out.append((x, y))
    return tuple(out)


def _strikes_from_here(board: Board, body: Body, target: Body) -> bool:
    """Whether ``body``'s own position is one of ``attack_positions`` (walls ignored)."""
    band = body.melee_band()
    if band is None or spaces_overlap(body.pos, body.span, target.pos, target.span):
        return False
    exc = board.variants.reach_diagonal_exception
    return any(in_band(*_gaps(body.pos, body.span, t), band, exc) for t in target.squares)


def _gaps(pos: Square, span: int, sq: Square) -> tuple[int, int]:
    return spaces_gaps(pos, span, sq, 1)


def charge(board: Board, body: Body, target: Body, restricted: bool = False, overrun: str | None = None) -> ChargeResult:
    """Every closest space ``body`` may charge ``target`` to, or why it cannot; judged once
    per board (a board never changes), so the options that list the charges and the
    charge that is then checked and played share the lanes. ``overrun``: a creature the
    charger means to overrun on the way (French text, "renversement": « dans le cadre d'une
    action de charge »): its space does not block the lane; the end must still be free."""
    # Keyed by the charger's id and kept with its body: a body of this board is found again
    # (hashing a whole body for each look-up cost more than the look-up saved), another body
    # with that id (a charger moved in thought) is judged afresh.
    key = ("charge", body.id, target.id, restricted, overrun)
    cache = board.move_contexts
    found = cache.get(key)
    if found is None or found[0] is not body:
        found = cache[key] = (body, _judge_charge(board, body, target, restricted, overrun))
    return found[1]


def _judge_charge(board: Board, body: Body, target: Body, restricted: bool, overrun: str | None = None) -> ChargeResult:
    if body.id == target.id:
        return ChargeResult(False, reason=Refusal("CHARGE_SELF"))
    cond = blocking_reason(body.conditions, CANNOT_CHARGE)
    if cond:
        return ChargeResult(False, reason=Refusal("CONDITION_FORBIDS_CHARGE", {"condition": cond}))
    if body.weapon.is_ranged:
        return ChargeResult(False, reason=Refusal("NO_MELEE_WEAPON", {"weapon": body.weapon.id}))
    if not has_line_of_sight(board, body, target):
        return ChargeResult(False, reason=Refusal("NO_LINE_OF_SIGHT", {"target": target.id}))
    if _strikes_from_here(board, body, target):
        # Its own space is one of the attack positions, so the closest is 0 squares away:
        # what ``attack_positions`` would find, without listing the others.
        return ChargeResult(False, reason=Refusal("CHARGE_TOO_CLOSE", {"distance_m": 0.0}), distance=0)
    candidates = attack_positions(board, body, target)
    if not candidates:
        return ChargeResult(False, reason=Refusal("NO_MELEE_WEAPON", {"weapon": body.weapon.id}))
    dist = {p: gaps_distance(*spaces_gaps(body.pos, body.span, p, body.span)) for p in candidates}
    closest = min(dist.values())
    limit = body.speed_squares if restricted else 2 * body.speed_squares
    if closest < MIN_CHARGE:
        return ChargeResult(False, reason=Refusal("CHARGE_TOO_CLOSE", {"distance_m": closest * 1.5}), distance=closest)
    if closest > limit:
        return ChargeResult(False, reason=Refusal("CHARGE_TOO_FAR", {"distance_m": closest * 1.5, "limit_m": limit * 1.5}),
                            distance=closest)
    tied = sorted((p for p, d in dist.items() if d == closest), key=lambda p: (p[1], p[0]))
    options = [ChargeOption(p, _end_refusal(board, body, target, p, overrun)) for p in tied]
    ends = [o.end for o in options if o.refusal is None]
    if ends:
        return ChargeResult(True, ends=ends, distance=closest, options=options)
    # Explain with the most promising tied space: a free one whose lane is blocked.
    refusals = [o.refusal for o in options if o.refusal is not None]     # all of them: no end is free
    lane_first = sorted(refusals, key=lambda r: not r.code.startswith("LANE"))
    return ChargeResult(False, reason=lane_first[0], distance=closest, options=options)


def _end_refusal(board: Board, body: Body, target: Body, end: Square, overrun: str | None = None) -> Refusal | None:
    terrain = board.terrain
    span = body.span
    if not terrain.space_fits(end, span):
        return Refusal("CHARGE_END_BLOCKED", {"square": list(end)})
    for sq in space_squares(end, span):
        for other in board.occupants.get(sq, ()):
            if other.id != body.id and not other.is_helpless and other.id != target.id:
                return Refusal("CHARGE_END_OCCUPIED", {"square": list(end), "creature": other.id})
    moved = replace(body, pos=end)
    if body.melee_band() is not None and not any(can_attack_square(board, moved, t) for t in target.squares):
        return Refusal("CHARGE_END_NO_ATTACK", {"square": list(end)})
    # A reach-0 charger ends in the target's square, so its lane ends there too.
    ignore = ((target.id,) if body.melee_band() is None else ()) + ((overrun,) if overrun else ())
    return lane_refusal(board, body, end, allies_block=True, ignore=ignore)


def charge_options(board: Board, body: Body, restricted: bool = False) -> dict[str, ChargeResult]:
    """Charge results against every enemy close enough to matter (for the UI and the
    benchmark): enemies farther than the charge limit plus reach are skipped."""
    limit = (body.speed_squares if restricted else 2 * body.speed_squares)
    band = body.melee_band()
    reach = band.outer if band else 0
    out = {}
    for enemy in board.enemies_of(body):
        gx, gy = spaces_gaps(body.pos, body.span, enemy.pos, enemy.span)
        if gaps_distance(gx, gy) > limit + reach + body.span:
            continue
        out[enemy.id] = charge(board, body, enemy, restricted)
    return out
