"""Straight lanes for charges and runs (digest §5.3, decisions §3).

Two readings of "any line from the starting space to the ending space":
- ``center`` (default): each square of the space travels along the segment between its
  centres at start and end; every square whose interior a segment crosses must be clear.
  Passing exactly through a grid corner beside a wall is cutting that wall's corner, as
  for movement (decisions §1).
- ``swept``: the whole space swept along the way; every square whose interior the swept
  area overlaps must be clear.
Both are computed exactly with integers.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .board import Board, Body
from .geometry import Square, centre2, line_crossing, space_squares
from .reasons import Refusal

if TYPE_CHECKING:     # the annotation only: at run time movement imports lanes, not the reverse
    from .movement import MoveContext


def lane_squares(start: Square, end: Square, span: int, variant: str) -> tuple[list[Square], list[tuple[Square, Square]]]:
    """Squares a lane crosses (start space excluded, end space included), and for the
    centre reading the corner pairs it passes between."""
    own = set(space_squares(start, span))
    seen: set[Square] = set()
    cells: list[Square] = []
    seams: list[tuple[Square, Square]] = []
    if variant == "swept":
        found = _swept_cells(start, end, span)
    else:
        found = []
        dx, dy = end[0] - start[0], end[1] - start[1]
        for sq in space_squares(start, span):
            a = centre2(sq)
            crossed, sq_seams = line_crossing(a[0], a[1], a[0] + 2 * dx, a[1] + 2 * dy)
            found.extend(crossed)
            seams.extend(sq_seams)
        found.extend(space_squares(end, span))
    for c in found:
        if c not in own and c not in seen:
            seen.add(c)
            cells.append(c)
    return cells, seams


def _swept_cells(start: Square, end: Square, span: int) -> list[Square]:
    """Squares whose interior the space swept from start to end overlaps (separating
    axes: x, y and the normal of the motion)."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    nx, ny = -dy, dx
    # Projection of the moving square on the normal is constant along the motion.
    corners = [(x0, y0), (x0 + span, y0), (x0, y0 + span), (x0 + span, y0 + span)]
    proj = [nx * cx + ny * cy for cx, cy in corners]
    plo, phi = min(proj), max(proj)
    lo_x, hi_x = min(x0, x1), max(x0, x1) + span
    lo_y, hi_y = min(y0, y1), max(y0, y1) + span
    out = []
    for y in range(lo_y, hi_y):
        for x in range(lo_x, hi_x):
            cp = [nx * x + ny * y, nx * (x + 1) + ny * y, nx * x + ny * (y + 1), nx * (x + 1) + ny * (y + 1)]
            if (nx or ny) and (max(cp) <= plo or min(cp) >= phi):
                continue
            out.append((x, y))
    return out


def lane_refusal(board: Board, body: Body, end: Square, allies_block: bool,
                 ignore: tuple[str, ...] = ()) -> Refusal | None:
    """Why the straight lane from ``body``'s space to ``end`` is not clear, or None.

    Walls and difficult terrain always block; creatures block a charge (even allies,
    helpless ones excepted) and, for a run, enemies that cannot be passed.
    """
    terrain = board.terrain
    span = body.span
    cells, seams = lane_squares(body.pos, end, span, board.variants.charge_lane)
    for a, b in seams:
        if terrain.blocks_corner(a) or terrain.blocks_corner(b):
            wall = a if terrain.blocks_corner(a) else b
            return Refusal("LANE_CUTS_CORNER", {"square": list(wall)})
    occupants = board.occupants
    for sq in cells:
        if not terrain.is_enterable(sq):
            return Refusal("LANE_BLOCKED_BY_WALL", {"square": list(sq)})
        if terrain.is_difficult(sq):
            return Refusal("LANE_DIFFICULT_TERRAIN", {"square": list(sq)})
        for other in occupants.get(sq, ()):
            if other.id == body.id or other.is_helpless or other.id in ignore:
                continue
            if allies_block or other.is_enemy_of(body):
                return Refusal("LANE_BLOCKED_BY_CREATURE", {"square": list(sq), "creature": other.id})
    return None


def lane_path(start: Square, end: Square) -> list[Square]:
    """King-move positions along the straight segment from start to end, start included."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    n = max(abs(dx), abs(dy))
    out = [start]
    for k in range(1, n + 1):
        # floor(k * d / n + 1/2), in whole numbers
        out.append((start[0] + (2 * k * dx + n) // (2 * n), start[1] + (2 * k * dy + n) // (2 * n)))
    return out


def run_lane_refusal(board: Board, body: Body, end: Square, ctx: MoveContext,
                     positions: list[Square]) -> Refusal | None:
    """A run goes in a straight line (French text, courir): the lane must be clear and
    every position entered must lie on it."""
    refusal = lane_refusal(board, body, end, allies_block=False)
    if refusal:
        return refusal
    cells, _ = lane_squares(body.pos, end, body.span, board.variants.charge_lane)
    allowed = set(cells) | set(space_squares(body.pos, body.span))
    for pos in positions[1:]:
        for sq in space_squares(pos, body.span):
            if sq not in allowed:
                return Refusal("RUN_NOT_STRAIGHT", {"square": list(pos)})
    return None
