"""Lines of sight and effect, and cover (digest §7.2, §7.4; decisions §5).

A line is blocked when it crosses the interior of a sight-blocking square, or squeezes
between two of them (along their shared edge or through the corner they share). Lines
run between corners of squares, in doubled coordinates, exactly.
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from .board import Board, Body
from .geometry import Square, corners2, distance, line_crossing, spaces_adjacent, space_squares
from .terrain import Terrain

NONE, SOFT, COVER, IMPROVED, TOTAL = "none", "soft", "cover", "improved", "total"
MEMO_LIMIT = 200_000     # map-only answers kept per map before they are forgotten
_RANK = {NONE: 0, SOFT: 1, COVER: 2, IMPROVED: 3, TOTAL: 4}


@lru_cache(maxsize=65536)
def _flat_line(pw: int, px: int, py: int, dx: int, dy: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """A line's crossed squares and seams as offsets in a padded flat grid of width
    ``pw``, relative to the square holding its start (start given modulo 2, doubled)."""
    cells, seams = line_crossing(px, py, px + dx, py + dy)
    flat = tuple(y * pw + x for x, y in cells)
    flat_seams = tuple((a[1] * pw + a[0], b[1] * pw + b[0]) for a, b in seams)
    return flat, flat_seams


def line_blocked(terrain: Terrain, a2: tuple[int, int], b2: tuple[int, int]) -> bool:
    """Does the segment between two points (doubled coordinates, on or inside the map's
    edge) meet a wall?"""
    ax, ay = a2
    cells, seams = _flat_line(terrain.pw, ax & 1, ay & 1, b2[0] - ax, b2[1] - ay)
    base = ((ay >> 1) + 1) * terrain.pw + (ax >> 1) + 1
    block = terrain._sight_block
    for o in cells:
        if block[base + o]:
            return True
    for o1, o2 in seams:
        if block[base + o1] and block[base + o2]:
            return True
    return False


LOW_OBSTACLE_RANGE = 6   # squares: "only to creatures within 30 feet of it" (digest §7.2)


def low_obstacles_crossed(terrain: Terrain, a2: tuple[int, int], b2: tuple[int, int]) -> list[Square]:
    """The low-obstacle squares whose interior the segment crosses."""
    if not terrain.has_low_obstacles:
        return []
    cells, _ = line_crossing(a2[0], a2[1], b2[0], b2[1])
    return [c for c in cells if terrain.is_low_obstacle(c)]


def low_obstacle_covers(terrain: Terrain, a2: tuple[int, int], b2: tuple[int, int], attacker: Body,
                        target: Body) -> bool:
    """Does a low obstacle on this line give the target cover (digest §7.2 "Low obstacle")?
    Only one within 6 squares of the target, and not when the attacker is closer to it than
    the target is; the squares the two stand in do not count."""
    for sq in low_obstacles_crossed(terrain, a2, b2):
        if sq in target.squares or sq in attacker.squares:
            continue
        to_target = min(distance(t, sq) for t in target.squares)
        if to_target > LOW_OBSTACLE_RANGE:
            continue
        if min(distance(a, sq) for a in attacker.squares) < to_target:
            continue
        return True
    return False


# A Web spell's strands between two creatures (SRD Web: "5 feet of web provides cover";
# 20 feet, total cover): in squares crossed.
WEB_COVER, WEB_TOTAL = 1, 4


def web_between(terrain: Terrain, a2: tuple[int, int], b2: tuple[int, int], attacker: Body, target: Body) -> int:
    """How many squares of a Web spell's strands the line crosses between the two spaces
    (the squares the two stand in do not count: strands are "between you and an opponent");
    a stretch of it run along the seam between two squares of strands counts as one, as a
    seam between two walls blocks a line."""
    if not terrain.has_web:
        return 0
    cells, seams = line_crossing(a2[0], a2[1], b2[0], b2[1])
    own = set(attacker.squares) | set(target.squares)

    def strands(sq: Square) -> bool:
        return terrain.is_web(sq) and sq not in own
    return sum(1 for c in cells if strands(c)) + sum(1 for s, t in seams if strands(s) and strands(t))


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
    return any_clear_line(terrain, pos, span, target)


# A line as ``_flat_line`` gives it: its crossed squares and its seams, as flat offsets.
_FlatLine = tuple[tuple[int, ...], tuple[tuple[int, int], ...]]


@lru_cache(maxsize=65536)
def _space_to_square_lines(pw: int, span: int, dx: int, dy: int) -> tuple[_FlatLine, ...]:
    """Every corner-to-corner line from a space to the square at (dx, dy) from its
    top-left square, as flat offsets from that square (padded grid of width ``pw``)."""
    out = []
    seen = set()
    for sq in space_squares((0, 0), span):
        for c in corners2(sq):
            for e in corners2((dx, dy)):
                key = (c, e)
                if key in seen:
                    continue
                seen.add(key)
                cells, seams = _flat_line(pw, c[0] & 1, c[1] & 1, e[0] - c[0], e[1] - c[1])
                shift = (c[1] >> 1) * pw + (c[0] >> 1)
                out.append((tuple(o + shift for o in cells), tuple((a + shift, b + shift) for a, b in seams)))
    # Short lines first: they are the likeliest to be clear.
    out.sort(key=lambda line: len(line[0]))
    return tuple(out)


def any_clear_line(terrain: Terrain, pos: Square, span: int, target: Square) -> bool:
    """Line of effect from a space to a square, without the open-ground shortcut."""
    base = (pos[1] + 1) * terrain.pw + pos[0] + 1
    block = terrain._sight_block
    for cells, seams in _space_to_square_lines(terrain.pw, span, target[0] - pos[0], target[1] - pos[1]):
        for o in cells:
            if block[base + o]:
                break
        else:
            for a, b in seams:
                if block[base + a] and block[base + b]:
                    break
            else:
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
    Returns "none", "soft", "cover", "improved" (in the water, ``water_cover``) or "total".
    Judged once per board (a board never changes): the options, the odds and the attack
    then played share it.
    """
    # Keyed by the two ids and kept with both bodies (hashing two whole bodies each look-up
    # cost more than the look-up saved): bodies of this board are found again, a body moved
    # in thought (the AI's squares, a charge's end) is judged afresh.
    key = ("cover", attacker.id, target.id, attack)
    known = board.move_contexts.get(key)
    if known is None or known[0] is not attacker or known[1] is not target:
        known = board.move_contexts[key] = (attacker, target, _cover(board, attacker, target, attack))
    return str(known[2])


def _cover(board: Board, attacker: Body, target: Body, attack: str) -> str:
    found = _terrain_cover(board, attacker, target, attack)
    water = water_cover(board, attacker, target)
    return water if _RANK[water] > _RANK[found] else found


def in_water(terrain: Terrain, body: Body) -> bool:
    """Some square of its space is deep water (``terrain.MEDIA``: "swim")."""
    return any(terrain.medium(sq) == "swim" for sq in body.squares)


def water_cover(board: Board, attacker: Body, target: Body) -> str:
    """What the water gives a creature in it against a foe on land (SRD "Underwater
    Combat", "Attacks from Land": swimming on the surface, improved cover; "A completely
    submerged creature has total cover against opponents on land"; the surface blocks the
    line both ways, so a creature under the water strikes nobody on land either)."""
    if not board.terrain.has_media:
        return NONE
    target_wet, attacker_wet = in_water(board.terrain, target), in_water(board.terrain, attacker)
    if "underwater" in attacker.conditions and not target_wet:
        return TOTAL
    if attacker_wet or not target_wet:
        return NONE
    return TOTAL if "underwater" in target.conditions else IMPROVED


def _terrain_cover(board: Board, attacker: Body, target: Body, attack: str) -> str:
    if attack == "melee" and spaces_adjacent(attacker.pos, attacker.span, target.pos, target.span):
        return _adjacent_melee_cover(board.terrain, attacker, target)
    bystanders: set[Square] = set()
    if attack == "ranged":
        # Only the squares between the two spaces can stand in a line from one to the
        # other (a line runs from a corner of one space to a corner of the other).
        x0, y0 = min(attacker.pos[0], target.pos[0]), min(attacker.pos[1], target.pos[1])
        x1 = max(attacker.pos[0] + attacker.span, target.pos[0] + target.span) - 1
        y1 = max(attacker.pos[1] + attacker.span, target.pos[1] + target.span) - 1
        for b in board.bodies:
            bx, by = b.pos
            if bx > x1 or by > y1 or bx + b.span <= x0 or by + b.span <= y0 or b.id in (attacker.id, target.id):
                continue
            bystanders.update(sq for sq in b.squares if x0 <= sq[0] <= x1 and y0 <= sq[1] <= y1)
    return _corner_cover(board.terrain, attacker, target, bystanders)


def _corner_cover(terrain: Terrain, attacker: Body, target: Body, bystanders: set[Square]) -> str:
    """The corner test: the attacker's best corner against the target's best square. What
    the walls and low obstacles say of each corner and square depends on the map and the
    two spaces alone, so it is kept with the map (``_wall_verdicts``); the bystanders,
    which change with every move, are weighed afresh on the lines the walls leave clear."""
    done, rest = _wall_verdicts(terrain, attacker, target)
    best = TOTAL
    i = 0
    while True:
        if i < len(done):
            corner, result, ends = done[i]
        else:
            entry = next(rest, None)
            if entry is None:
                return best
            done.append(entry)
            corner, result, ends = entry
        i += 1
        if result is None:
            if bystanders and any(line_meets_squares(corner, e, bystanders) for e in ends):
                result = SOFT
            else:
                return NONE
        if _RANK[result] < _RANK[best]:
            best = result


_Verdict = tuple[tuple[int, int], str | None, list[tuple[int, int]]]


def _wall_verdicts(terrain: Terrain, attacker: Body, target: Body) -> tuple[list[_Verdict], Iterator[_Verdict]]:
    """For each corner of the attacker's space and each square of the target's, in the
    corner test's order: TOTAL when walls block the lines to all four corners of the
    square, COVER when they block some or a low obstacle covers it, None when the lines
    are clear of both (then only bystanders can give cover). Kept per map and pair of
    spaces, worked out as far as a test has read them: those read, and the rest to come."""
    key = ("corner_test", attacker.pos, attacker.span, target.pos, target.span)
    memo = terrain.memo
    known = memo.get(key)
    if known is None:
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        known = memo[key] = ([], _judge_corners(terrain, attacker, target))
    return known      # type: ignore[return-value]


def _judge_corners(terrain: Terrain, attacker: Body, target: Body) -> Iterator[_Verdict]:
    for a_sq in attacker.squares:
        for corner in corners2(a_sq):
            for t_sq in target.squares:
                ends = corners2(t_sq)
                walls = [line_blocked(terrain, corner, e) for e in ends]
                webs = [0 if blocked else web_between(terrain, corner, e, attacker, target)
                        for blocked, e in zip(walls, ends)] if terrain.has_web else [0] * len(ends)
                if all(blocked or web >= WEB_TOTAL for blocked, web in zip(walls, webs)):
                    yield corner, TOTAL, ends        # walls, or 6 m of strands, on every line
                elif any(walls) or any(web >= WEB_COVER for web in webs) or (terrain.has_low_obstacles and any(
                        low_obstacle_covers(terrain, corner, e, attacker, target) for e in ends)):
                    yield corner, COVER, ends
                else:
                    yield corner, None, ends


def cover_lines(board: Board, attacker: Body, target: Body, attack: str) -> list[tuple[tuple[int, int], tuple[int, int], str]]:
    """The lines the corner test judged, to show why a target has cover: from the
    attacker's best corner to the four corners of the target's best square, each marked
    "clear", "wall" (blocked by terrain) or "creature" (through a bystander, ranged only).
    Points are doubled coordinates, like every line here."""
    bystanders: set[Square] = set()
    if attack == "ranged":
        for b in board.bodies:
            if b.id not in (attacker.id, target.id):
                bystanders.update(b.squares)
    best: tuple[tuple[int, int], list[tuple[tuple[int, int], tuple[int, int], str]]] | None = None
    for a_sq in attacker.squares:
        for corner in corners2(a_sq):
            for t_sq in target.squares:
                lines = []
                thick = 0                # lines through 6 m of strands: total cover as a wall is
                for e in corners2(t_sq):
                    strands = web_between(board.terrain, corner, e, attacker, target)
                    if line_blocked(board.terrain, corner, e):
                        lines.append((corner, e, "wall"))
                    elif strands >= WEB_COVER:
                        lines.append((corner, e, "web"))
                        thick += strands >= WEB_TOTAL
                    elif low_obstacle_covers(board.terrain, corner, e, attacker, target):
                        lines.append((corner, e, "low_wall"))
                    elif bystanders and line_meets_squares(corner, e, bystanders):
                        lines.append((corner, e, "creature"))
                    else:
                        lines.append((corner, e, "clear"))
                kinds = [k for _a, _b, k in lines]
                rank = (TOTAL if kinds.count("wall") + thick == 4 else COVER if {"wall", "low_wall", "web"} & set(kinds)
                        else SOFT if "creature" in kinds else NONE)
                score = (_RANK[rank], len(kinds) - kinds.count("clear"))   # as the corner test ranks them
                if best is None or score < best[0]:
                    best = (score, lines)
    return best[1] if best else []


def _adjacent_melee_cover(terrain: Terrain, attacker: Body, target: Body) -> str:
    """Adjacent melee: cover when every pair of touching squares the attacker could use has
    a wall in the way; diagonal neighbours are cut by a wall, low walls included (digest
    §7.2), in either corner square."""
    best = COVER
    for a in attacker.squares:
        for t in target.squares:
            dx, dy = t[0] - a[0], t[1] - a[1]
            if max(abs(dx), abs(dy)) != 1:
                continue
            if dx and dy and any(terrain.blocks_sight(c) or terrain.is_low_obstacle(c)
                                 for c in ((a[0] + dx, a[1]), (a[0], a[1] + dy))):
                continue
            return NONE
    return best


def has_line_of_sight(board: Board, viewer: Body, target: Body) -> bool:
    """Line of sight between two creatures: not total cover (no fog or darkness yet).
    It depends on the map and the two spaces alone: judged once for as long as the map stands."""
    key = (viewer.pos, viewer.span, target.pos, target.span)
    memo = board.terrain.memo
    known = memo.get(key)
    if known is None:
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        known = memo[key] = _sees(board.terrain, viewer, target)
    return bool(known)


def _sees(terrain: Terrain, viewer: Body, target: Body) -> bool:
    """Not total cover (``_corner_cover`` without bystanders): some corner of the viewer's
    space has a line not blocked to some corner of one of the target's squares — found at
    the first such line rather than after weighing every corner for the best cover."""
    for a_sq in viewer.squares:
        for corner in corners2(a_sq):
            for t_sq in target.squares:
                if not all(line_blocked(terrain, corner, e) for e in corners2(t_sq)):
                    return True
    return False
