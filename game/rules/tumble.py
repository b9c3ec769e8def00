"""Tumble (digest §4.6, SRD Tumble; §4.1: "a successful Tumble" is an exception to the
attack of opportunity provoked by moving out of a threatened square).

- Trained only; not usable when armour or load reduces the tumbler's speed; the armour
  check penalty applies.
- Part of a move action at half speed, or at full speed with -10 on the checks.
- One check per opponent, in the order passed: DC 15 to leave its threatened squares
  without provoking, DC 25 to move through its square; each enemy beyond the first adds
  +2. Failing the first, the tumbler provokes normally; failing the second, it stops
  before entering the enemy's square and provokes from that enemy.
- Surface modifiers: +2 for a light obstruction (house ruling: difficult terrain, the
  map's rubble or undergrowth, docs/rules-coverage.md, "Acrobaties (Tumble)").
- With 5 or more ranks: +3 dodge fighting defensively instead of +2, +6 on total defense
  instead of +4 (digest §8.1, last line).

Rulings (docs/rules-coverage.md): one count of opponents for both DCs, in the order the
checks are made; an enemy whose square the path enters is tested once, at DC 25, at the
first step that would provoke from it or the step into its square, whichever comes first;
the +2 of difficult terrain counts when any square the tumble enters is difficult.
"""
from __future__ import annotations

from dataclasses import dataclass

from .board import Board, Body
from .geometry import Square, space_squares
from .sizes import can_pass_by_size

PAST_DC = 15                 # threatened squares left without provoking
THROUGH_DC = 25              # an enemy's square moved through
EXTRA_ENEMY = 2              # each enemy after the first
FAST_PENALTY = -10           # tumbling at full speed
LIGHT_OBSTRUCTION = 2        # difficult terrain (house ruling)
SPEEDS = ("half", "fast")
DEFENSIVE_RANKS = 5          # ranks for +3 / +6 (digest §4.6, "Defensive bonuses")


def trained(ranks: int) -> bool:
    """Trained only: at least one rank (digest §4.6)."""
    return ranks >= 1


def dc(base: int, tested_before: int, surface: int = 0) -> int:
    """A check's DC: ``base`` (15 or 25), +2 for each enemy tested before it in the same
    move, plus the surface modifier (digest §4.6)."""
    return base + EXTRA_ENEMY * tested_before + surface


def surface_modifier(board: Board, body: Body, positions: list[Square]) -> int:
    """+2 when the tumble enters difficult terrain (a light obstruction, house ruling)."""
    terrain = board.terrain
    for pos in positions[1:]:
        if any(terrain.is_difficult(sq) for sq in space_squares(pos, body.span)):
            return LIGHT_OBSTRUCTION
    return 0


def speed_squares(body: Body, speed: str) -> int:
    """The squares a tumble allows: half speed, or full speed at -10 (digest §4.6)."""
    return body.speed_squares // 2 if speed == "half" else body.speed_squares


def check_bonus(ranks: int, dex_mod: int, armour_check_penalty: int, speed: str) -> int:
    """d20 + ranks + Dex + the armour check penalty, -10 at full speed (digest §4.6;
    data-digest: the armour check penalty applies to Tumble)."""
    return ranks + dex_mod + armour_check_penalty + (FAST_PENALTY if speed == "fast" else 0)


def blocks_passage(body: Body, other: Body) -> bool:
    """An enemy whose square only a tumble (or an overrun) passes: not helpless, not three
    size categories apart (digest §1.5)."""
    return (other.id != body.id and other.is_enemy_of(body) and not other.is_helpless
            and not can_pass_by_size(body.size, other.size) and not body.size.shares_square)


def foes_passed_through(board: Board, body: Body, positions: list[Square]) -> dict[str, int]:
    """The enemies whose squares the path enters, with the index in ``positions`` of the
    first position that overlaps their space."""
    out: dict[str, int] = {}
    foes = [o for o in board.bodies if blocks_passage(body, o)]
    if not foes:
        return out
    for i, pos in enumerate(positions[1:], start=1):
        mine = set(space_squares(pos, body.span))
        for foe in foes:
            if foe.id not in out and mine.intersection(foe.squares):
                out[foe.id] = i
    return out


def chance(bonus: int, target: int) -> float:
    """The chance that d20 + ``bonus`` reaches ``target`` (a skill check: no automatic
    success on a 20)."""
    need = target - bonus
    return max(0, min(20, 21 - need)) / 20


@dataclass(frozen=True)
class TumblePlan:
    """A Tumble check as it will be rolled (a preview's plan): its chance to be made."""
    who: str
    foe: str
    at: Square
    dc: int
    bonus: int
    through: bool
    chance: float


def dodge_bonus(ranks: int, stance: str) -> int:
    """Fighting defensively: +2 dodge, +3 with 5 or more Tumble ranks; total defense: +4,
    +6 with 5 or more ranks (digest §4.6, §8.1)."""
    skilled = ranks >= DEFENSIVE_RANKS
    if stance == "total_defense":
        return 6 if skilled else 4
    return 3 if skilled else 2
