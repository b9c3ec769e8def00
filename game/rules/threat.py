"""Threatened squares (digest §3, decisions §2).

A creature threatens every square into which it can make a melee attack: inside its
weapon's reach band, measured from the nearest square of its space, on the map, not a
wall, and with line of effect (reach over a wall corner is not reach through a wall).
"""
from __future__ import annotations

from functools import lru_cache

from .board import Board, Body, Variants
from .geometry import Square
from .sight import any_clear_line, has_line_of_effect_to_square
from .terrain import Terrain
from .weapons import ReachBand, in_band


@lru_cache(maxsize=512)
def band_offsets(span: int, inner: int, outer: int, exception: bool) -> tuple[tuple[int, int, bool], ...]:
    """(dx, dy, far) offsets from a space's top-left square to the squares of a reach band;
    ``far`` marks squares two or more away, which need a line-of-effect test."""
    band = ReachBand(inner, outer)
    out = []
    for dy in range(-outer, span + outer):
        gy = -dy if dy < 0 else max(0, dy - span + 1)
        for dx in range(-outer, span + outer):
            gx = -dx if dx < 0 else max(0, dx - span + 1)
            if in_band(gx, gy, band, exception):
                out.append((dx, dy, max(gx, gy) >= 2))
    return tuple(out)


def threatened_squares(board: Board, body: Body) -> set[Square]:
    """Every square ``body`` threatens now (empty when it threatens nothing)."""
    return set(threat_map(board.terrain, board.variants, body))


def threat_map(terrain: Terrain, variants: Variants, body: Body) -> frozenset[Square]:
    """The squares a body threatens on a terrain: they depend on nothing else (no other
    creature blocks reach), so each body (bodies never change) keeps them per terrain."""
    memo = body.memo
    # the one variant the squares depend on (``_band_squares_on``), not the whole Variants,
    # whose hash the dataclass works out field by field on every look-up
    key = (terrain, variants.reach_diagonal_exception)
    squares = memo.get(key)
    if squares is None:
        band = body.threat_band()
        squares = memo[key] = frozenset() if band is None else frozenset(_band_squares_on(terrain, variants, body, band))
    return squares


def attackable_squares(board: Board, body: Body) -> set[Square]:
    """Every square ``body`` can make a melee attack into with its weapon (a whip reaches
    squares it does not threaten)."""
    band = body.melee_band()
    if band is None:
        return set()
    return _band_squares(board, body, band)


def _band_squares(board: Board, body: Body, band: ReachBand) -> set[Square]:
    return _band_squares_on(board.terrain, board.variants, body, band)


def _band_squares_on(terrain: Terrain, variants: Variants, body: Body, band: ReachBand) -> set[Square]:
    x, y = body.pos
    span = body.span
    w, h = terrain.width, terrain.height
    free = terrain._move_free
    pw = terrain.pw
    out: set[Square] = set()
    open_ground = not terrain.any_sight_block(x - band.outer, y - band.outer,
                                              x + span - 1 + band.outer, y + span - 1 + band.outer)
    for dx, dy, far in band_offsets(span, band.inner, band.outer, variants.reach_diagonal_exception):
        sx, sy = x + dx, y + dy
        if not (0 <= sx < w and 0 <= sy < h) or not free[(sy + 1) * pw + sx + 1]:
            continue
        if far and not open_ground and not any_clear_line(terrain, body.pos, span, (sx, sy)):
            continue
        out.add((sx, sy))
    return out


def threatens(board: Board, body: Body, square: Square) -> bool:
    """Does ``body`` threaten ``square``?"""
    return square in threat_map(board.terrain, board.variants, body)


def can_attack_square(board: Board, body: Body, square: Square) -> bool:
    """Can ``body`` make a melee attack into ``square`` with its weapon?"""
    band = body.melee_band()
    if band is None:
        return False
    return _in_band_square(board, body, band, square)


def _in_band_square(board: Board, body: Body, band: ReachBand, square: Square) -> bool:
    x, y = body.pos
    span = body.span
    sx, sy = square
    gx = x - sx if sx < x else max(0, sx - x - span + 1)
    gy = y - sy if sy < y else max(0, sy - y - span + 1)
    if not in_band(gx, gy, band, board.variants.reach_diagonal_exception):
        return False
    if not board.terrain.is_enterable(square):
        return False
    if max(gx, gy) >= 2:
        return has_line_of_effect_to_square(board.terrain, body.pos, span, square)
    return True


def threatens_body(board: Board, body: Body, other: Body) -> bool:
    """Does ``body`` threaten some square of ``other``'s space?"""
    return any(threatens(board, body, sq) for sq in other.squares)
