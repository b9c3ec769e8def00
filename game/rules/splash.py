"""Splash weapons: aim, range increments, direct hits, splash and scatter (French text
"Armes à impact", digest §6, decisions §4).

Range increment n = 1-2-1 distance from the thrower's nearest square to the aim square,
divided by the increment and rounded up, at least 1; at most 5 increments. On a miss, a
d8 gives the direction: 1 is "short" (toward the thrower, snapped to the nearest of the
eight directions); with ``scatter_order = "seed"`` (the French text) 2-8 turn toward the
thrower's right (2 short and right, 3 right, 4 long and right, 5 long, 6 long and left,
7 left, 8 short and left); with ``"srd"`` they turn clockwise on the map, the mirror
image. The aim point then moves n squares that way, and stops at a wall or the map's edge
(our ruling, ``scatter_square``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .board import Board, Body
from .geometry import Square, distance, space_squares
from .reasons import Refusal
from .sight import has_line_of_effect_to_point, has_line_of_sight
from .terrain import Terrain

MAX_INCREMENTS = 5
# The eight directions clockwise on the map as drawn (y grows downward): N, NE, E, ...
CLOCKWISE: tuple[Square, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


@dataclass
class SplashResult:
    legal: bool
    reason: Refusal | None = None
    range_increments: int = 0
    direct: str | None = None
    splashed: list[str] = field(default_factory=list)
    lands_square: Square | None = None
    lands_intersection: Square | None = None


def snap8(vx: int, vy: int) -> Square:
    """The nearest of the eight directions to a vector, exactly: a component counts when
    it is more than tan(22.5°) = √2-1 of the other, i.e. (|a| + |b|)² > 2b² for the
    larger |b|. A vector exactly between two directions cannot have integer parts."""
    ax, ay = abs(vx), abs(vy)
    sx = (vx > 0) - (vx < 0)
    sy = (vy > 0) - (vy < 0)
    if ax >= ay:
        return (sx, sy if (ay + ax) ** 2 > 2 * ax * ax else 0)
    return (sx if (ax + ay) ** 2 > 2 * ay * ay else 0, sy)


def scatter_direction(short: Square, d8: int, order: str) -> Square:
    """Direction for a d8 result, given the "short" direction (result 1)."""
    i = CLOCKWISE.index(short)
    turn = d8 - 1
    if order == "seed":
        # Thrower's right: facing the target (opposite of short), right is a quarter
        # turn clockwise from "long", i.e. counter-clockwise steps from "short".
        return CLOCKWISE[(i - turn) % 8]
    return CLOCKWISE[(i + turn) % 8]


def _nearest_square(candidates: list[Square], origin_squares: list[Square]) -> Square:
    """The candidate nearest to a space (1-2-1, then straight-line, then row and column)."""
    def key(c: Square) -> tuple[int, int, int, int]:
        d = min(distance(c, o) for o in origin_squares)
        e = min((c[0] - o[0]) ** 2 + (c[1] - o[1]) ** 2 for o in origin_squares)
        return (d, e, c[1], c[0])
    return min(candidates, key=key)


def range_increments(dist: int, increment: int) -> int:
    """n = ceil(distance / increment), at least 1 (decisions §4)."""
    return max(1, -(-dist // increment))


def splash(board: Board, thrower: Body, *, target: Body | None = None, intersection: Square | None = None,
           hit: bool, d8: int | None = None, increment: int = 2) -> SplashResult:
    """Resolve where a splash weapon lands and whom it splashes. ``increment`` is the range
    increment in squares (2 = 3 m for flasks; 4 for a thunderstone)."""
    if (target is None) == (intersection is None):
        return SplashResult(False, Refusal("SPLASH_NEEDS_ONE_AIM"))
    if target is not None and target.id == thrower.id:
        return SplashResult(False, Refusal("SPLASH_SELF"))
    if not hit and (d8 is None or not 1 <= d8 <= 8):
        return SplashResult(False, Refusal("SPLASH_NEEDS_D8"))
    terrain = board.terrain
    if target is not None:
        aim_sq = _nearest_square(target.squares, thrower.squares)
        aim2 = (2 * aim_sq[0] + 1, 2 * aim_sq[1] + 1)
        if not has_line_of_sight(board, thrower, target):
            return SplashResult(False, Refusal("NO_LINE_OF_SIGHT", {"target": target.id}))
    else:
        assert intersection is not None          # exactly one aim, checked above
        ix, iy = intersection
        if not (0 <= ix <= terrain.width and 0 <= iy <= terrain.height):
            return SplashResult(False, Refusal("INTERSECTION_OFF_MAP", {"intersection": [ix, iy]}))
        four = sorted(splashed_squares(intersection=intersection), key=lambda sq: (sq[1], sq[0]))
        for b in board.bodies:
            if all(sq in set(b.squares) for sq in four):
                return SplashResult(False, Refusal("INTERSECTION_INSIDE_CREATURE",
                                                   {"intersection": [ix, iy], "creature": b.id}))
        aim_sq = _nearest_square(four, thrower.squares)
        aim2 = (2 * ix, 2 * iy)
        if not has_line_of_effect_to_point(terrain, thrower.pos, thrower.span, aim2):
            return SplashResult(False, Refusal("NO_LINE_OF_SIGHT", {"intersection": [ix, iy]}))
    dist = min(distance(aim_sq, t) for t in thrower.squares)
    n = range_increments(dist, increment)
    if n > MAX_INCREMENTS:
        return SplashResult(False, Refusal("OUT_OF_RANGE", {"increments": n, "max": MAX_INCREMENTS}))
    if hit:
        if target is not None:
            return SplashResult(True, range_increments=n, direct=target.id,
                                splashed=_around_space(board, target.pos, target.span, exclude=target.id))
        assert intersection is not None
        return SplashResult(True, range_increments=n, splashed=_around_intersection(board, intersection))
    origin = _nearest_square(thrower.squares, [aim_sq])
    tx, ty = 2 * origin[0] + 1, 2 * origin[1] + 1
    # Aimed at its own space (a foe sharing it in a grapple) there is no way back to the
    # thrower: our ruling counts "short" as north, the top of the map.
    short = snap8(tx - aim2[0], ty - aim2[1]) if (tx, ty) != aim2 else (0, -1)
    assert d8 is not None                        # a miss needs its d8, checked above
    dx, dy = scatter_direction(short, d8, board.variants.scatter_order)
    if target is not None:
        lands = scatter_square(terrain, aim_sq, (dx, dy), n)
        return SplashResult(True, range_increments=n, splashed=_around_space(board, lands, 1), lands_square=lands)
    assert intersection is not None
    lands = scatter_intersection(terrain, intersection, (dx, dy), n)
    return SplashResult(True, range_increments=n, splashed=_around_intersection(board, lands), lands_intersection=lands)


# A missed flask's flight, square by square (our ruling: decisions §4 moves the aim point n
# squares and says nothing of what stands in the way). It bursts against the first thing
# that would stop it — a square that blocks sight and effect (a wall, a tree, a closed
# door) or the map's edge — and lands where it was: a flask does not go through walls,
# nor off the map, nor diagonally between two walls' corners.
def scatter_square(terrain: Terrain, start: Square, step: Square, n: int) -> Square:
    """Where a flask missed at a creature lands: ``n`` squares from ``start`` the d8's way
    (``step``), or the last open square before a wall on that way."""
    x, y = start
    dx, dy = step
    for _ in range(n):
        if terrain.blocks_sight((x + dx, y + dy)) or (
                dx and dy and terrain.blocks_sight((x + dx, y)) and terrain.blocks_sight((x, y + dy))):
            break
        x, y = x + dx, y + dy
    return (x, y)


def scatter_intersection(terrain: Terrain, start: Square, step: Square, n: int) -> Square:
    """Where a flask missed at an intersection lands: ``n`` intersections from ``start``
    the d8's way, or the last before its flight meets a wall: a diagonal step crosses the
    square between the two points, a straight one runs along the grid line between two
    squares and is stopped only where both are walls (or off the map)."""
    x, y = start
    dx, dy = step
    for _ in range(n):
        if dx and dy:
            blocked = terrain.blocks_sight((x if dx > 0 else x - 1, y if dy > 0 else y - 1))
        elif dx:
            column = x if dx > 0 else x - 1
            blocked = terrain.blocks_sight((column, y - 1)) and terrain.blocks_sight((column, y))
        else:
            row = y if dy > 0 else y - 1
            blocked = terrain.blocks_sight((x - 1, row)) and terrain.blocks_sight((x, row))
        if blocked:
            break
        x, y = x + dx, y + dy
    return (x, y)


def splashed_squares(pos: Square | None = None, span: int = 1, intersection: Square | None = None) -> frozenset[Square]:
    """The squares a flask's contents reach where it lands: a space (the creature it hit,
    or the square it scattered to) and every square within 1.5 m of it; or the four
    squares around a grid intersection (what it touches besides the creatures: a Web
    spell's strands, set alight by burning oil, SRD Web)."""
    if intersection is not None:
        ix, iy = intersection
        return frozenset({(ix - 1, iy - 1), (ix, iy - 1), (ix - 1, iy), (ix, iy)})
    assert pos is not None                        # one of the two is given
    x, y = pos
    return frozenset((i, j) for i in range(x - 1, x + span + 1) for j in range(y - 1, y + span + 1))


def _around_space(board: Board, pos: Square, span: int, exclude: str | None = None) -> list[str]:
    """Creatures with a square in the space or within 1.5 m of it."""
    reached = splashed_squares(pos, span)
    return sorted(b.id for b in board.bodies if b.id != exclude and reached.intersection(b.squares))


def _around_intersection(board: Board, point: Square) -> list[str]:
    """Creatures in the four squares around a grid intersection."""
    four = splashed_squares(intersection=point)
    return sorted(b.id for b in board.bodies if four.intersection(space_squares(b.pos, b.span)))
