"""Lines of sight and effect, and cover (digest §7.2, §7.4; decisions §5).

A line is blocked when it crosses the interior of a sight-blocking square, or squeezes
between two of them (along their shared edge or through the corner they share). Lines
run between corners of squares, in doubled coordinates, exactly.
"""
from __future__ import annotations

from .board import Board, Body
from .geometry import Square, corners2, line_crossing, spaces_adjacent, space_squares
from .terrain import Terrain

NONE, SOFT, COVER, TOTAL = "none", "soft", "cover", "total"
_RANK = {NONE: 0, SOFT: 1, COVER: 2, TOTAL: 3}


def line_blocked(terrain: Terrain, a2: tuple[int, int], b2: tuple[int, int]) -> bool:
    """Does the segment between two points (doubled coordinates) meet a wall?"""
    x0, x1 = sorted((a2[0], b2[0]))
    y0, y1 = sorted((a2[1], b2[1]))
    if not terrain.any_sight_block(x0 // 2 - 1, y0 // 2 - 1, (x1 + 1) // 2, (y1 + 1) // 2):
        return False
    cells, seams = line_crossing(a2[0], a2[1], b2[0], b2[1])
    blocks = terrain.blocks_sight
    for c in cells:
        if blocks(c):
            return True
    for s, t in seams:
        if blocks(s) and blocks(t):
            return True
    return False


def line_meets_squares(a2: tuple[int, int], b2: tuple[int, int], squares: set[Square]) -> bool:
    """Does the segment cross the interior of one of ``squares``?"""
    cells, _ = line_crossing(a2[0], a2[1], b2[0], b2[1])
    return any(c in squares for c in cells)


def has_line_of_effect_to_square(terrain: Terrain, pos: Square, span: int, target: Square) -> bool:
    """Some line from a corner of the space to a corner of ``target`` is clear (digest §7.4)."""
    x, y = pos
    if not terrain.any_sight_block(min(x, target[0]), min(y, target[1]),
                                   max(x + span - 1, target[0]), max(y + span - 1, target[1])):
        return True
    ends = corners2(target)
    for sq in space_squares(pos, span):
        for c in corners2(sq):
            for e in ends:
                if not line_blocked(terrain, c, e):
                    return True
    return False


def has_line_of_effect_to_point(terrain: Terrain, pos: Square, span: int, point2: tuple[int, int]) -> bool:
    """Some line from a corner of the space to a point (doubled coordinates) is clear."""
    for sq in space_squares(pos, span):
        for c in corners2(sq):
            if not line_blocked(terrain, c, point2):
                return True
    return False


def cover(board: Board, attacker: Body, target: Body, attack: str) -> str:
    """Cover of ``target`` against ``attacker`` (digest §7.2, decisions §5).

    ``attack`` is "melee" or "ranged". The attacker picks its best square and corner and
    the best square of a big target. Ranged attacks also get soft cover from creatures in
    the way; melee against an adjacent target gets cover only from walls between them.
    Returns "none", "soft", "cover" or "total".
    """
    if attack == "melee" and spaces_adjacent(attacker.pos, attacker.span, target.pos, target.span):
        return _adjacent_melee_cover(board.terrain, attacker, target)
    bystanders: set[Square] = set()
    if attack == "ranged":
        for b in board.bodies:
            if b.id not in (attacker.id, target.id):
                bystanders.update(b.squares)
    return _corner_cover(board.terrain, attacker, target, bystanders)


def _corner_cover(terrain: Terrain, attacker: Body, target: Body, bystanders: set[Square]) -> str:
    """The corner test: the attacker's best corner against the target's best square."""
    best = TOTAL
    for a_sq in attacker.squares:
        for corner in corners2(a_sq):
            for t_sq in target.squares:
                ends = corners2(t_sq)
                walls = [line_blocked(terrain, corner, e) for e in ends]
                if all(walls):
                    result = TOTAL
                elif any(walls):
                    result = COVER
                elif bystanders and any(line_meets_squares(corner, e, bystanders) for e in ends):
                    result = SOFT
                else:
                    return NONE
                if _RANK[result] < _RANK[best]:
                    best = result
    return best


def _adjacent_melee_cover(terrain: Terrain, attacker: Body, target: Body) -> str:
    """Adjacent melee: cover when every pair of touching squares the attacker could use has
    a wall in the way; diagonal neighbours are cut by a wall in either corner square."""
    best = COVER
    for a in attacker.squares:
        for t in target.squares:
            dx, dy = t[0] - a[0], t[1] - a[1]
            if max(abs(dx), abs(dy)) != 1:
                continue
            if dx and dy and (terrain.blocks_sight((a[0] + dx, a[1])) or terrain.blocks_sight((a[0], a[1] + dy))):
                continue
            return NONE
    return best


def has_line_of_sight(board: Board, viewer: Body, target: Body) -> bool:
    """Line of sight between two creatures: not total cover (no fog or darkness yet)."""
    return _corner_cover(board.terrain, viewer, target, set()) != TOTAL
