"""Grid geometry: squares, spaces, 1-2-1 distances and exact straight lines.

Squares are ``(x, y)`` tuples, x to the right and y downwards, one square = 1.5 m
(digest §1.1). Lines are computed in *doubled* coordinates, where grid lines sit on even
integers and square centres on odd ones, so every point we care about (corners and
centres) is an integer and no floating-point tolerance is ever needed.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Iterable, Iterator

Square = tuple[int, int]

METRES_PER_SQUARE = Fraction(3, 2)

# The eight king moves, orthogonal first; the order is fixed for determinism.
ORTHOGONAL: tuple[Square, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))
DIAGONAL: tuple[Square, ...] = ((1, 1), (-1, 1), (-1, -1), (1, -1))
KING_MOVES: tuple[Square, ...] = ORTHOGONAL + DIAGONAL


def metres(squares: int | Fraction) -> float:
    """Squares to metres for output (1 square = 1.5 m, digest §1.1). Whole squares, the
    common case, skip the exact fraction (1.5 times a whole number is exact in a float)."""
    if type(squares) is int:
        return squares * 1.5
    return float(Fraction(squares) * METRES_PER_SQUARE)


def squares_from_metres(value: float | int | str) -> Fraction:
    """Metres to squares, exactly (``"7.5"`` -> 5)."""
    return Fraction(str(value)) / METRES_PER_SQUARE


def distance(a: Square, b: Square) -> int:
    """1-2-1 distance in squares between two squares (digest §1.1, decisions §1).

    The first diagonal counts 1, the second 2, and so on: max + floor(min / 2).
    """
    dx = abs(a[0] - b[0])
    dy = abs(a[1] - b[1])
    return dx + dy // 2 if dx >= dy else dy + dx // 2


def gap(lo: int, hi: int, value: int) -> int:
    """Distance along one axis from ``value`` to the interval [lo, hi]."""
    if value < lo:
        return lo - value
    if value > hi:
        return value - hi
    return 0


def space_squares(pos: Square, span: int) -> list[Square]:
    """The squares of a space whose top-left square is ``pos`` (digest §2.1)."""
    x, y = pos
    return [(x + i, y + j) for j in range(span) for i in range(span)]


def space_offsets(pos: Square, span: int, square: Square) -> tuple[int, int]:
    """Axis gaps (|dx|, |dy|) from the nearest square of a space to ``square``.

    Reach and threat are measured from the nearest square of the space (decisions §2).
    """
    x, y = pos
    return gap(x, x + span - 1, square[0]), gap(y, y + span - 1, square[1])


def spaces_gaps(pos_a: Square, span_a: int, pos_b: Square, span_b: int) -> tuple[int, int]:
    """Axis gaps between the nearest squares of two spaces (0 when they overlap on that axis)."""
    ax, ay = pos_a
    bx, by = pos_b
    gx = max(0, bx - (ax + span_a - 1), ax - (bx + span_b - 1))
    gy = max(0, by - (ay + span_a - 1), ay - (by + span_b - 1))
    return gx, gy


def gaps_distance(gx: int, gy: int) -> int:
    """1-2-1 distance for axis gaps."""
    return gx + gy // 2 if gx >= gy else gy + gx // 2


def spaces_overlap(pos_a: Square, span_a: int, pos_b: Square, span_b: int) -> bool:
    ax, ay = pos_a
    bx, by = pos_b
    return ax < bx + span_b and bx < ax + span_a and ay < by + span_b and by < ay + span_a


def spaces_adjacent(pos_a: Square, span_a: int, pos_b: Square, span_b: int) -> bool:
    """True when two spaces touch, diagonals included, without overlapping."""
    if spaces_overlap(pos_a, span_a, pos_b, span_b):
        return False
    gx, gy = spaces_gaps(pos_a, span_a, pos_b, span_b)
    return max(gx, gy) == 1


def sign(v: int) -> int:
    return (v > 0) - (v < 0)


# --- exact straight lines ------------------------------------------------------------

class LineCrossing:
    """What a straight segment passes through, relative to its start cell.

    ``cells``: squares whose interior the segment crosses.
    ``seams``: pairs of squares the segment squeezes between: it runs along their shared
    edge, or passes through the single corner they share on opposite sides of it. A line
    may slip past one wall this way but not between two.
    """

    __slots__ = ("cells", "seams")

    def __init__(self, cells: tuple[Square, ...], seams: tuple[tuple[Square, Square], ...]):
        self.cells = cells
        self.seams = seams


@lru_cache(maxsize=65536)
def _crossing(px: int, py: int, dx: int, dy: int) -> LineCrossing:
    """Crossing of the segment from (px, py) to (px + dx, py + dy), doubled coordinates,
    with 0 <= px, py < 2; cells are absolute for that start (cell of (0..1) is 0).
    A slanted segment is walked square by square (``_slanted_crossing``); one along an
    axis, or a point, is cut at the grid lines (``_cut_crossing``): the same answer."""
    if dx and dy:
        return _slanted_crossing(px, py, dx, dy)
    return _cut_crossing(px, py, dx, dy)


def _slanted_crossing(px: int, py: int, dx: int, dy: int) -> LineCrossing:
    """``_cut_crossing`` for a segment on a slant (``dx`` and ``dy`` not 0), walked from
    square to square: it meets the vertical grid lines every ``2|dy|`` and the horizontal
    ones every ``2|dx|`` in steps of t = k / (|dx| |dy|), so the two progressions of k
    are merged without sorting; where both meet at once it passes through a grid corner,
    squeezing between the two squares on either side (a seam). No piece of a slanted
    segment runs along a grid line, so the seams are those corners alone, in order. The
    squares and seams come out in the same order as the cuts give them, the pathfinder's
    most asked geometry (every line of sight and cover tests them)."""
    den = abs(dx) * abs(dy)
    sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    # the first square: the one the segment's start is in, or leaves into from a grid line
    cx = 0 if px == 1 or dx > 0 else -1
    cy = 0 if py == 1 or dy > 0 else -1
    # the first grid line met on each axis (an even coordinate beyond the start), as k
    kx = abs((2 if dx > 0 else (0 if px == 1 else -2)) - px) * abs(dy)
    ky = abs((2 if dy > 0 else (0 if py == 1 else -2)) - py) * abs(dx)
    step_x, step_y = 2 * abs(dy), 2 * abs(dx)
    cells: list[Square] = [(cx, cy)]
    seams: list[tuple[Square, Square]] = []
    while kx < den or ky < den:
        if kx == ky:
            vx, vy = (cx + 1 if sx > 0 else cx), (cy + 1 if sy > 0 else cy)
            seams.append(((vx if sx < 0 else vx - 1, vy if sy > 0 else vy - 1),
                          (vx if sx > 0 else vx - 1, vy if sy < 0 else vy - 1)))
            cx, cy = cx + sx, cy + sy
            kx, ky = kx + step_x, ky + step_y
        elif kx < ky:
            cx += sx
            kx += step_x
        else:
            cy += sy
            ky += step_y
        cells.append((cx, cy))
    return LineCrossing(tuple(cells), tuple(seams))


def _cut_crossing(px: int, py: int, dx: int, dy: int) -> LineCrossing:
    """Crossing of the segment, cut at every grid line it meets.

    Exact in whole numbers: a point of the segment at parameter t = k / den has
    coordinates (p * den + k * d) / den; the cuts are where it meets a grid line."""
    den = abs(dx) * abs(dy) if dx and dy else max(abs(dx), abs(dy), 1)
    cuts: set[int] = {0, den}
    for start, delta in ((px, dx), (py, dy)):
        if delta:
            lo, hi = sorted((start, start + delta))
            first = lo + (lo % 2)  # first even value >= lo
            for even in range(first, hi + 1, 2):
                cuts.add((even - start) * den // delta)
    ks = sorted(cuts)
    cells: list[Square] = []
    seams: list[tuple[Square, Square]] = []
    twice = 2 * den
    for k0, k1 in zip(ks, ks[1:]):
        # the middle of the piece, at t = (k0 + k1) / (2 den)
        x2 = px * twice + (k0 + k1) * dx
        y2 = py * twice + (k0 + k1) * dy
        on_vertical = x2 % twice == 0 and (x2 // twice) % 2 == 0
        on_horizontal = y2 % twice == 0 and (y2 // twice) % 2 == 0
        if on_vertical and on_horizontal:
            continue  # impossible for a non-degenerate piece, kept for safety
        if on_vertical:
            cx = (x2 // twice) // 2
            cy = (y2 // twice) // 2
            seams.append(((cx - 1, cy), (cx, cy)))
        elif on_horizontal:
            cy = (y2 // twice) // 2
            cx = (x2 // twice) // 2
            seams.append(((cx, cy - 1), (cx, cy)))
        else:
            cell = ((x2 // twice) // 2, (y2 // twice) // 2)
            if not cells or cells[-1] != cell:
                cells.append(cell)
    # Passing exactly through a grid corner on a slant: the two squares on either side.
    if dx and dy:
        sx, sy = sign(dx), sign(dy)
        for k in ks[1:-1]:
            xn = px * den + k * dx
            yn = py * den + k * dy
            if xn % den == 0 and yn % den == 0 and (xn // den) % 2 == 0 and (yn // den) % 2 == 0:
                vx, vy = (xn // den) // 2, (yn // den) // 2
                # Squares around the corner are (vx-1|vx, vy-1|vy); the side ones are
                # those not on the line's way in or out.
                a = (vx if sx < 0 else vx - 1, vy if sy > 0 else vy - 1)
                b = (vx if sx > 0 else vx - 1, vy if sy < 0 else vy - 1)
                seams.append((a, b))
    return LineCrossing(tuple(cells), tuple(seams))


def line_crossing(ax2: int, ay2: int, bx2: int, by2: int) -> tuple[tuple[Square, ...], tuple[tuple[Square, Square], ...]]:
    """Squares crossed and seams squeezed by the segment A-B given in doubled coordinates.

    Exact: translation by whole squares reuses a cached answer.
    """
    bx_, by_ = ax2 // 2, ay2 // 2
    c = _crossing(ax2 - 2 * bx_, ay2 - 2 * by_, bx2 - ax2, by2 - ay2)
    if bx_ == 0 and by_ == 0:
        return c.cells, c.seams
    cells = tuple((x + bx_, y + by_) for x, y in c.cells)
    seams = tuple(((a[0] + bx_, a[1] + by_), (b[0] + bx_, b[1] + by_)) for a, b in c.seams)
    return cells, seams


def corners2(square: Square, span: int = 1) -> list[tuple[int, int]]:
    """Corners of a square (or space) in doubled coordinates."""
    x, y = square
    return [(2 * x, 2 * y), (2 * (x + span), 2 * y), (2 * x, 2 * (y + span)), (2 * (x + span), 2 * (y + span))]


def centre2(square: Square) -> tuple[int, int]:
    """Centre of a square in doubled coordinates."""
    return 2 * square[0] + 1, 2 * square[1] + 1


def bounding_box(squares: Iterable[Square]) -> tuple[int, int, int, int]:
    xs, ys = zip(*squares)
    return min(xs), min(ys), max(xs), max(ys)


def iter_ring(centre: Square, radius: int) -> Iterator[Square]:
    """Squares at Chebyshev distance exactly ``radius`` (radius 0: the centre)."""
    cx, cy = centre
    if radius == 0:
        yield centre
        return
    for x in range(cx - radius, cx + radius + 1):
        yield (x, cy - radius)
        yield (x, cy + radius)
    for y in range(cy - radius + 1, cy + radius):
        yield (cx - radius, y)
        yield (cx + radius, y)
