"""Flanking (digest §7.1, decisions §5).

An attacker flanks a target when an ally that threatens the target stands so that the
segment between the centres of one square of each passes through opposite edges of the
target's space; a corner belongs to both its edges, and touching a single corner does
not flank. Reach-0 creatures cannot flank.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from .board import Board, Body
from .geometry import centre2
from .threat import can_attack_square, threatens


@lru_cache(maxsize=65536)
def segment_crosses_opposite_edges(a2: tuple[int, int], b2: tuple[int, int],
                                   rect2: tuple[int, int, int, int]) -> bool:
    """Exact clip of segment A-B (doubled coordinates) to the closed rectangle
    (x0, y0, x1, y1): do its entry and exit points lie on opposite edges? Whole numbers
    in, so each answer is kept (the exact fractions are dear, and the computer player
    asks the same squares again for every square it weighs)."""
    x0, y0, x1, y1 = rect2
    ax, ay = a2
    dx, dy = b2[0] - ax, b2[1] - ay
    t0, t1 = Fraction(0), Fraction(1)
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0:
            if q < 0:
                return False
            continue
        r = Fraction(q, p)
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return False

    def edges(t: Fraction) -> set[str]:
        x, y = ax + t * dx, ay + t * dy
        e = set()
        if x == x0:
            e.add("W")
        if x == x1:
            e.add("E")
        if y == y0:
            e.add("N")
        if y == y1:
            e.add("S")
        return e

    enter, leave = edges(t0), edges(t1)
    return (("W" in enter and "E" in leave) or ("E" in enter and "W" in leave)
            or ("N" in enter and "S" in leave) or ("S" in enter and "N" in leave))


def _positioned_opposite(attacker: Body, ally: Body, target: Body) -> bool:
    tx, ty = target.pos
    s = target.span
    rect = (2 * tx, 2 * ty, 2 * (tx + s), 2 * (ty + s))
    return any(segment_crosses_opposite_edges(centre2(a), centre2(b), rect)
               for a in attacker.squares for b in ally.squares)


def flanking_partners(board: Board, target: Body, attacker: Body) -> list[str]:
    """Allies of ``attacker`` that flank ``target`` with it, in id order (empty when the
    attacker cannot make a melee attack on the target)."""
    if attacker.id == target.id or not attacker.is_enemy_of(target) or attacker.natural_reach <= 0:
        return []
    if not any(can_attack_square(board, attacker, sq) for sq in target.squares):
        return []
    out = []
    for ally in board.allies_of(attacker):
        if ally.id == target.id or ally.natural_reach <= 0 or not ally.is_enemy_of(target):
            continue
        if not any(threatens(board, ally, sq) for sq in target.squares):
            continue
        if _positioned_opposite(attacker, ally, target):
            out.append(ally.id)
    return out


def is_flanked(board: Board, target: Body, attacker: Body) -> bool:
    return bool(flanking_partners(board, target, attacker))
