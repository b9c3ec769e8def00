"""Hypothesis properties of the positioning rules (issue 2, item 6).

- 1-2-1 distance is symmetric, zero only between equal squares, and obeys the triangle
  inequality once the count runs over the whole movement (decisions §1) -- the plain
  inequality d(a,c) <= d(a,b) + d(b,c) is false for 1-2-1 and is pinned as such;
- the cost `reachable` reports is the least cost of a legal path, checked against an
  independent Dijkstra written here from the rules of decisions §1, and against the path
  `best_path` finds (fewest attacks of opportunity first, then cheapest; digest §4.1);
- no legal movement ends in another (non-helpless) creature's space (decisions §1);
- a 5-ft step never provokes and is one square of cost 1 (digest §1.3, French text
  "pas de placement");
- threat is unchanged by translating the whole map (decisions §2: threat depends only on
  relative positions, walls and line of effect);
- `reachable` never ends a space off the map or in a wall (scenario format legend).
"""
from __future__ import annotations

import heapq
import os

from boards import body, make_board
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from game.rules import aoo, movement
from game.rules.geometry import KING_MOVES, distance, space_squares, spaces_overlap
from game.rules.reasons import Refusal
from game.rules.threat import threatened_squares, threatens

SPAN = {"S": 1, "M": 1, "L": 2, "H": 3}
# CARREAU_PROPERTY_SCALE=10 runs ten times more examples (for a long hunt; default ~5 s).
SCALE = max(1, int(os.environ.get("CARREAU_PROPERTY_SCALE", "1")))
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

# --------------------------------------------------------------------------- (a) distance

coords = st.tuples(st.integers(-30, 30), st.integers(-30, 30))


def diagonal_walk(a, b, parity: int = 0) -> tuple[int, int]:
    """Cost of the straight-and-diagonal walk from a to b with the 1-2-1 count starting at
    ``parity`` (1: the next diagonal costs 2), and the parity after it (decisions §1)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    diag, straight = min(dx, dy), abs(dx - dy)
    cost = sum(2 if (parity + i) % 2 else 1 for i in range(diag)) + straight
    return cost, (parity + diag) % 2


@settings(max_examples=300 * SCALE, **SETTINGS)
@given(coords, coords)
def test_distance_is_symmetric_and_zero_only_between_equal_squares(a, b):
    """1-2-1 distance (digest §1.1)."""
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)
    cheb = max(abs(a[0] - b[0]), abs(a[1] - b[1]))
    assert cheb <= distance(a, b) <= cheb + cheb // 2


@settings(max_examples=300 * SCALE, **SETTINGS)
@given(coords, coords, coords)
def test_distance_triangle_inequality_with_the_count_running(a, b, c):
    """Going a -> b -> c never beats going straight a -> c when the 1-2-1 count runs over
    the whole movement, as decisions §1 says it does; restarting the count at b can win by
    at most one square (see the next test)."""
    first, parity = diagonal_walk(a, b)
    second, _ = diagonal_walk(b, c, parity)
    assert distance(a, c) <= first + second
    assert distance(a, c) <= distance(a, b) + distance(b, c) + 1


def test_the_plain_triangle_inequality_does_not_hold_for_1_2_1():
    """Why the property above carries the running count: two single diagonals cost 1 each,
    but two diagonals in a row cost 1 + 2 = 3 (digest §1.1). The distance is right; the
    naive inequality d(a, c) <= d(a, b) + d(b, c) is not a property of 1-2-1 counting."""
    a, b, c = (0, 1), (-1, 0), (-2, -1)
    assert distance(a, c) == 3
    assert distance(a, b) + distance(b, c) == 2


@settings(max_examples=200 * SCALE, **SETTINGS)
@given(coords, coords)
def test_distance_is_the_1_2_1_count(a, b):
    """max + floor(min / 2): the straight-then-diagonal walk alternating 1, 2, 1 ..."""
    assert distance(a, b) == diagonal_walk(a, b)[0]


# --------------------------------------------------------------------------- random scenes

@st.composite
def scenes(draw, ring: bool = False, foe: bool = False, sizes=("S", "M", "L"),
           weapons=("longsword", "glaive", "spiked_chain", "greatclub", "unarmed", "shortbow")):
    """A small random map, a mover "me" (blue) and 0-4 other creatures of both sides."""
    w = draw(st.integers(6, 12))
    h = draw(st.integers(6, 12))
    cells = draw(st.lists(st.sampled_from("......#~~"), min_size=w * h, max_size=w * h))
    grid = [cells[y * w:(y + 1) * w] for y in range(h)]
    if ring:
        for y in range(h):
            for x in range(w):
                if x in (0, w - 1) or y in (0, h - 1):
                    grid[y][x] = "#"
    lo = 1 if ring else 0

    def place(span: int) -> tuple[int, int]:
        x = draw(st.integers(lo, w - span - lo))
        y = draw(st.integers(lo, h - span - lo))
        return x, y

    bodies = []
    size = draw(st.sampled_from(sizes))
    at = place(SPAN[size])
    for sx, sy in space_squares(at, SPAN[size]):
        grid[sy][sx] = "."
    speed = draw(st.integers(2, 6))
    bodies.append(body("me", "blue", at, size, draw(st.sampled_from(weapons)), speed))
    if foe:
        # An armed enemy right next to the mover, so that leaving its square provokes.
        span = SPAN[size]
        x = draw(st.integers(at[0] - 1, at[0] + span))
        y = draw(st.sampled_from([at[1] - 1, at[1] + span]) if at[0] <= x < at[0] + span
                 else st.integers(at[1] - 1, at[1] + span))
        if lo <= x < w - lo and lo <= y < h - lo:
            grid[y][x] = "."
            bodies.append(body("foe", "red", (x, y), "M", draw(st.sampled_from(["longsword", "spiked_chain"]))))
    for i in range(draw(st.integers(0, 4))):
        size = draw(st.sampled_from(sizes))
        at = place(SPAN[size])
        if any(spaces_overlap(at, SPAN[size], b.pos, b.span) for b in bodies):
            continue
        for sx, sy in space_squares(at, SPAN[size]):
            if grid[sy][sx] == "#":
                grid[sy][sx] = "."
        conditions = draw(st.sampled_from([(), (), (), ("helpless",), ("flat_footed",)]))
        reach = draw(st.sampled_from(["tall", "tall", "long"]))
        bodies.append(body(f"c{i}", draw(st.sampled_from(["blue", "red", "red"])), at, size,
                           draw(st.sampled_from(weapons)), 6, conditions=conditions, reach_shape=reach))
    rows = ["".join(r) for r in grid]
    variants = {"reach_diagonal_exception": draw(st.booleans())}
    return rows, bodies, variants


def build(rows, bodies, variants):
    board = make_board("\n".join(rows), *bodies, **variants)
    return board, board.body("me")


# --------------------------------------------------------------------------- an independent mover

def space_is_open(rows, pos, span) -> bool:
    """Every square of the space is on the map and not a wall (scenario-format legend)."""
    h, w = len(rows), len(rows[0])
    return all(0 <= x < w and 0 <= y < h and rows[y][x] != "#" for x, y in space_squares(pos, span))


def blocks_end(other) -> bool:
    return not other.is_helpless


def blocks_passage(mover, other) -> bool:
    """Allies and helpless creatures can be crossed; enemies cannot (decisions §1). The
    sizes drawn here (S, M, L) are never three categories apart."""
    return other.side != mover.side and not other.is_helpless


def my_step(rows, board, mover, pos, d, parity):
    """Decisions §1 written out again: (cost, parity) of one king step, or None."""
    span = mover.span
    dx, dy = d
    new = (pos[0] + dx, pos[1] + dy)
    if not space_is_open(rows, new, span):
        return None
    diag = dx != 0 and dy != 0
    if diag:
        for side in ((pos[0] + dx, pos[1]), (pos[0], pos[1] + dy)):
            if not space_is_open(rows, side, span):
                return None  # no cutting a wall corner
    for o in board.others(mover):
        if blocks_passage(mover, o) and spaces_overlap(new, span, o.pos, o.span):
            return None
    difficult = any(rows[y][x] == "~" for x, y in space_squares(new, span))
    if difficult:
        cost = 3 if diag else 2
    else:
        cost = (2 if parity else 1) if diag else 1
    return cost, parity ^ 1 if diag else parity


def can_end(rows, board, mover, pos) -> bool:
    if not space_is_open(rows, pos, mover.span):
        return False
    return not any(blocks_end(o) and spaces_overlap(pos, mover.span, o.pos, o.span) for o in board.others(mover))


def brute_force(rows, board, mover, limit):
    """Plain Dijkstra over (position, diagonal parity). Also checks, for every step it
    takes, that ``MoveContext.step`` agrees with the rules written out here.
    Returns {end position: (least cost, one cheapest path without the start)}."""
    ctx = movement.MoveContext(board, mover)
    start = (mover.pos, 0)
    dist = {start: 0}
    parent = {}
    heap = [(0, mover.pos, 0)]
    while heap:
        cost, pos, par = heapq.heappop(heap)
        if dist[(pos, par)] < cost:
            continue
        for d in KING_MOVES:
            mine = my_step(rows, board, mover, pos, d, par)
            theirs = ctx.step(ctx.index(pos), d[0], d[1], par)
            assert (mine is None) == isinstance(theirs, Refusal), (pos, d, par, mine, theirs)
            if mine is None:
                continue
            assert tuple(theirs) == mine, (pos, d, par, mine, theirs)
            step, npar = mine
            nc = cost + step
            if nc > limit:
                continue
            npos = (pos[0] + d[0], pos[1] + d[1])
            if nc < dist.get((npos, npar), limit + 1):
                dist[(npos, npar)] = nc
                parent[(npos, npar)] = (pos, par)
                heapq.heappush(heap, (nc, npos, npar))
    out = {}
    for (pos, par), cost in dist.items():
        if pos == mover.pos or not can_end(rows, board, mover, pos):
            continue
        if pos not in out or cost < out[pos][0]:
            path = []
            state = (pos, par)
            while state != start:
                path.append(state[0])
                state = parent[state]
            out[pos] = (cost, path[::-1])
    return out


# --------------------------------------------------------------------------- (b) reachable costs

@settings(max_examples=60 * SCALE, **SETTINGS)
@given(scenes(foe=True) | scenes(), st.sampled_from(["move", "double"]))
def test_reachable_cost_is_the_least_cost_of_a_legal_path(scene, mode):
    """reachable == an independent Dijkstra; each cost is achieved by a path check_path
    accepts at exactly that cost; best_path's path is legal, costs at least that much,
    never provokes more than the cheapest path, and costs exactly that when the cheapest
    path provokes nobody (digest §1, §4.1; decisions §1)."""
    rows, bodies, variants = scene
    board, me = build(rows, bodies, variants)
    limit = movement.budget(me, mode)
    found = movement.reachable(board, me, mode)
    brute = brute_force(rows, board, me, limit)
    assert {p: c for p, c in found.items()} == {p: c for p, (c, _) in brute.items()}
    for pos, (cost, path) in brute.items():
        check = movement.check_path(board, me, path, mode)
        assert check.legal, (pos, path, check.reason)
        assert check.cost == cost == found[pos]
    for goal in sorted(found):
        result = aoo.best_path(board, me, goal, mode)
        assert result is not None, goal
        path, provoked, cost = result
        assert path and path[-1] == goal
        check = movement.check_path(board, me, path, mode)
        assert check.legal, (goal, path, check.reason)
        assert check.cost == cost >= found[goal]
        assert aoo.provocations(board, me, [me.pos] + path, mode) == provoked
        assert len(set(provoked)) == len(provoked)
        cheapest = aoo.provocations(board, me, [me.pos] + brute[goal][1], mode)
        assert len(provoked) <= len(cheapest), (goal, path, provoked, brute[goal][1], cheapest)
        if not cheapest:
            assert cost == found[goal], (goal, path, brute[goal][1])


@settings(max_examples=40 * SCALE, **SETTINGS)
@given(scenes(foe=True) | scenes(), st.sampled_from([0, 1]))
def test_one_search_for_the_move_and_the_double_move_gives_what_two_would(scene, parity):
    """The move's options show a move's squares (the turn's diagonal count continued) and a
    double move's (decisions §1): worked out by one search where they can be, they are
    exactly the squares and least costs of ``reachable`` for each mode."""
    rows, bodies, variants = scene
    board, me = build(rows, bodies, variants)
    move, double = movement.reachable_move_and_double(board, me, parity=parity)
    assert move == movement.reachable(board, me, "move", parity=parity)
    assert double == movement.reachable(board, me, "double")


# --------------------------------------------------------------------------- (c) + (f) ends

@settings(max_examples=60 * SCALE, **SETTINGS)
@given(scenes(), st.sampled_from(["move", "double", "5ft", "withdraw", "run"]))
def test_no_movement_ends_in_an_occupied_space_or_off_the_map_or_in_a_wall(scene, mode):
    """Decisions §1: no movement ends in another creature's space unless it is helpless;
    a space never ends on a wall or outside the map."""
    rows, bodies, variants = scene
    board, me = build(rows, bodies, variants)
    found = movement.reachable(board, me, mode)
    for pos in found:
        assert space_is_open(rows, pos, me.span), (pos, mode)
        for other in board.others(me):
            if not other.is_helpless:
                assert not spaces_overlap(pos, me.span, other.pos, other.span), (pos, other.id, mode)


@settings(max_examples=80 * SCALE, **SETTINGS)
@given(scenes(), st.sampled_from(["move", "double", "withdraw", "5ft", "run"]),
       st.lists(st.sampled_from(KING_MOVES), min_size=1, max_size=8))
def test_a_legal_path_never_ends_in_an_occupied_space(scene, mode, steps):
    """Random walks: whenever check_path calls one legal, its end is free, on the map and
    open, and it is also a position reachable reports (decisions §1)."""
    rows, bodies, variants = scene
    board, me = build(rows, bodies, variants)
    pos = me.pos
    path = []
    for dx, dy in steps:
        pos = (pos[0] + dx, pos[1] + dy)
        path.append(pos)
    check = movement.check_path(board, me, path, mode)
    if not check.legal:
        return
    end = path[-1]
    assert space_is_open(rows, end, me.span)
    for other in board.others(me):
        if not other.is_helpless:
            assert not spaces_overlap(end, me.span, other.pos, other.span), (end, other.id)
    if end != me.pos:
        found = movement.reachable(board, me, mode)
        assert end in found and found[end] <= check.cost, (end, check.cost, found.get(end))


# --------------------------------------------------------------------------- (d) 5-ft step

@settings(max_examples=80 * SCALE, **SETTINGS)
@given(scenes(foe=True), st.lists(st.sampled_from(KING_MOVES), min_size=1, max_size=3))
def test_a_five_foot_step_never_provokes_and_is_one_square(scene, steps):
    """Digest §1.3 / French "pas de placement": one square, cost 1, never into difficult
    terrain, never provokes."""
    rows, bodies, variants = scene
    board, me = build(rows, bodies, variants)
    for dx, dy in KING_MOVES:
        end = (me.pos[0] + dx, me.pos[1] + dy)
        if aoo.provocations(board, me, [me.pos, end], "move"):
            event("the same step as a move would provoke")
        assert aoo.provocations(board, me, [me.pos, end], "5ft") == []
        best = aoo.best_path(board, me, end, "5ft")
        if best is not None:
            assert best[0] == [end] and best[1] == [] and best[2] == 1
    found = movement.reachable(board, me, "5ft")
    for (x, y), cost in found.items():
        assert cost == 1
        assert max(abs(x - me.pos[0]), abs(y - me.pos[1])) == 1
        assert not any(rows[sy][sx] == "~" for sx, sy in space_squares((x, y), me.span))
        check = movement.check_path(board, me, [(x, y)], "5ft")
        assert check.legal and check.cost == 1
    pos = me.pos
    path = []
    for dx, dy in steps:
        pos = (pos[0] + dx, pos[1] + dy)
        path.append(pos)
    check = movement.check_path(board, me, path, "5ft")
    if check.legal:
        assert len(path) == 1 and check.cost == 1
        assert path[0] in found


# --------------------------------------------------------------------------- (e) translation

def shifted(rows, bodies, kx, ky, fill):
    from dataclasses import replace
    width = len(rows[0]) + kx
    new_rows = [fill * width for _ in range(ky)] + [fill * kx + r for r in rows]
    new_bodies = [replace(b, pos=(b.pos[0] + kx, b.pos[1] + ky)) for b in bodies]
    return new_rows, new_bodies


@settings(max_examples=40 * SCALE, **SETTINGS)
@given(scenes(ring=True, sizes=("S", "M", "L", "H"),
              weapons=("longsword", "glaive", "spiked_chain", "longspear", "unarmed", "whip")),
       st.integers(0, 4), st.integers(0, 4))
def test_threat_is_unchanged_by_translating_the_map(scene, kx, ky):
    """Pad a walled map with kx columns / ky rows of open floor on the left / top and shift
    every creature: each creature's threatened squares shift exactly (decisions §2)."""
    assume(kx or ky)
    rows, bodies, variants = scene
    board, _ = build(rows, bodies, variants)
    rows2, bodies2 = shifted(rows, bodies, kx, ky, ".")
    board2 = make_board("\n".join(rows2), *bodies2, **variants)
    for b in board.bodies:
        before = threatened_squares(board, b)
        after = threatened_squares(board2, board2.body(b.id))
        assert {(x + kx, y + ky) for x, y in before} == after, b


@settings(max_examples=30 * SCALE, **SETTINGS)
@given(scenes(sizes=("S", "M", "L"), weapons=("longsword", "glaive", "spiked_chain", "unarmed")),
       st.integers(1, 3), st.integers(0, 3))
def test_threat_is_unchanged_by_padding_with_walls(scene, kx, ky):
    """Off the map counts as wall (scenario format): padding with '#' changes no threat."""
    rows, bodies, variants = scene
    board, _ = build(rows, bodies, variants)
    rows2, bodies2 = shifted(rows, bodies, kx, ky, "#")
    board2 = make_board("\n".join(rows2), *bodies2, **variants)
    for b in board.bodies:
        before = threatened_squares(board, b)
        after = threatened_squares(board2, board2.body(b.id))
        assert {(x + kx, y + ky) for x, y in before} == after, b


@settings(max_examples=30 * SCALE, **SETTINGS)
@given(scenes(sizes=("S", "M", "L", "H"), weapons=("longsword", "glaive", "spiked_chain", "longspear")))
def test_threatens_agrees_with_threatened_squares(scene):
    """The one-square question and the whole-area answer are the same rule (decisions §2)."""
    rows, bodies, variants = scene
    board, _ = build(rows, bodies, variants)
    h, w = len(rows), len(rows[0])
    for b in board.bodies:
        area = threatened_squares(board, b)
        for y in range(-1, h + 1):
            for x in range(-1, w + 1):
                assert threatens(board, b, (x, y)) == ((x, y) in area), (b.id, (x, y))
