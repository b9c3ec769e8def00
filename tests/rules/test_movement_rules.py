"""Movement: costs, corners, creatures in the way, modes (digest §1, decisions §1,
French text: pas de placement, retraite, course)."""
from dataclasses import replace

from boards import body, make_board, open_grid
from game.rules.movement import check_path, reachable


def test_diagonal_count_runs_over_a_double_move_decisions_1():
    m = body("m", "blue", (0, 0), speed=6)
    board = make_board(open_grid(8, 8), m)
    path = [(1, 1), (2, 2), (3, 3), (4, 4)]
    assert check_path(board, m, path, "double").cost == 6  # 1 + 2 + 1 + 2
    assert reachable(board, m, "double")[(4, 4)] == 6
    assert reachable(board, m, "move")[(4, 4)] == 6


def test_difficult_terrain_costs_two_or_three_and_diagonal_still_counts():
    grid = """
.....
.~~..
.....
"""
    m = body("m", "blue", (0, 0), speed=6)
    board = make_board(grid, m)
    assert check_path(board, m, [(1, 0), (1, 1)], "move").cost == 1 + 2
    # diagonal into difficult: 3; the next diagonal is the 2nd of the count: 2.
    assert check_path(board, m, [(1, 1), (2, 2)], "move").cost == 3 + 2


def test_big_creature_pays_for_the_worst_square_of_its_destination():
    grid = """
......
...~..
......
......
"""
    big = body("ogre", "red", (0, 0), size="L", weapon="greatclub")
    board = make_board(grid, big)
    assert check_path(board, big, [(1, 0)], "move").cost == 1
    assert check_path(board, big, [(1, 0), (2, 0)], "move").cost == 1 + 2


def test_no_diagonal_past_a_wall_corner_even_for_a_5ft_step():
    grid = """
...
.#.
...
"""
    m = body("m", "blue", (0, 1))
    board = make_board(grid, m)
    res = check_path(board, m, [(1, 0)], "move")
    assert not res.legal and res.reason.code == "CORNER"
    assert not check_path(board, m, [(1, 0)], "5ft").legal
    assert (1, 0) in reachable(board, m, "move")  # the long way round, 2 squares
    assert reachable(board, m, "move")[(1, 0)] == 2


def test_allies_can_be_crossed_not_ended_on_enemies_block():
    grid = open_grid(5, 1)
    m = body("m", "blue", (0, 0))
    ally = body("a", "blue", (1, 0))
    foe = body("f", "red", (3, 0))
    board = make_board(grid, m, ally, foe)
    assert check_path(board, m, [(1, 0), (2, 0)], "move").legal
    end_on_ally = check_path(board, m, [(1, 0)], "move")
    assert not end_on_ally.legal and end_on_ally.reason.code == "END_OCCUPIED"
    through = check_path(board, m, [(1, 0), (2, 0), (3, 0), (4, 0)], "move")
    assert not through.legal and through.reason.code == "ENEMY_IN_THE_WAY"


def test_helpless_enemy_can_be_crossed_and_stood_over():
    m = body("m", "blue", (0, 0))
    foe = body("f", "red", (1, 0), conditions={"unconscious"})
    board = make_board(open_grid(3, 1), m, foe)
    assert check_path(board, m, [(1, 0)], "move").legal
    assert check_path(board, m, [(1, 0), (2, 0)], "move").legal


def test_three_sizes_apart_pass_through_digest_1_5():
    m = body("m", "blue", (0, 0))
    rat = body("rat", "red", (1, 0), size="D")
    cat = body("cat", "red", (1, 0), size="T")
    assert check_path(make_board(open_grid(3, 1), m, rat), m, [(1, 0), (2, 0)], "move").legal
    assert not check_path(make_board(open_grid(3, 1), m, cat), m, [(1, 0), (2, 0)], "move").legal


def test_tiny_creatures_share_squares_and_enter_occupied_ones():
    cat = body("cat", "blue", (0, 0), size="T", weapon="claw")
    orc = body("orc", "red", (1, 0))
    board = make_board(open_grid(3, 1), cat, orc)
    assert check_path(board, cat, [(1, 0)], "move").legal
    assert (1, 0) in reachable(board, cat, "move")


def test_five_foot_step_rules_french_text():
    grid = """
.~.
...
"""
    m = body("m", "blue", (0, 1))
    board = make_board(grid, m)
    steps = reachable(board, m, "5ft")
    assert (1, 0) not in steps  # never into difficult terrain
    assert steps == {(0, 0): 1, (1, 1): 1}  # one square, cost 1.5 m even diagonally
    assert not check_path(board, m, [(1, 1), (2, 1)], "5ft").legal  # exactly one square
    slow = replace(m, speed_squares=1)
    res = check_path(make_board(grid, slow), slow, [(1, 1)], "5ft")
    assert not res.legal and res.reason.code == "FIVE_FOOT_STEP_SPEED_TOO_LOW"


def test_budgets_move_double_withdraw_and_restricted_withdraw():
    m = body("m", "blue", (0, 0), speed=4)
    board = make_board(open_grid(12, 1), m)
    five = [(x, 0) for x in range(1, 6)]
    assert not check_path(board, m, five, "move").legal
    assert check_path(board, m, five, "double").legal
    assert check_path(board, m, five, "withdraw").legal
    assert not check_path(board, m, five, "withdraw", restricted=True).legal  # speed only


def test_run_is_straight_times_four_or_three_in_heavy_armour():
    m = body("m", "blue", (0, 0), speed=2)
    board = make_board(open_grid(12, 3), m)
    eight = [(x, 0) for x in range(1, 9)]
    assert check_path(board, m, eight, "run").legal
    heavy = replace(m, heavy_armor=True)
    assert not check_path(make_board(open_grid(12, 3), heavy), heavy, eight, "run").legal
    bent = [(1, 1), (2, 1), (3, 0)]
    res = check_path(board, m, bent, "run")
    assert not res.legal and res.reason.code == "RUN_NOT_STRAIGHT"
    ends = reachable(board, m, "run")
    assert ends[(8, 0)] == 8 and (9, 0) not in ends


def test_no_run_through_difficult_terrain():
    grid = """
..~....
"""
    m = body("m", "blue", (0, 0), speed=2)
    board = make_board(grid, m)
    res = check_path(board, m, [(1, 0), (2, 0), (3, 0)], "run")
    assert not res.legal
    assert (4, 0) not in reachable(board, m, "run")


def test_prone_or_helpless_creatures_do_not_move():
    m = body("m", "blue", (0, 0), conditions={"prone"})
    board = make_board(open_grid(3, 1), m)
    assert check_path(board, m, [(1, 0)], "move").reason.code == "PRONE_MUST_STAND"
    assert reachable(board, m, "move") == {}
    p = body("p", "blue", (0, 0), conditions={"paralyzed"})
    assert check_path(make_board(open_grid(3, 1), p), p, [(1, 0)], "move").reason.code == "CONDITION_FORBIDS_MOVING"


def _brute_force_costs(board, mover, limit):
    """Plain Dijkstra over (position, parity) with the rules of decisions §1, written
    independently of the pathfinder: orthogonal 1 (2 into difficult), diagonal 1/2 by
    the count (3 into difficult, the count still advancing), no corner cutting."""
    import heapq
    t = board.terrain
    occupied = {sq: b for b in board.bodies if b.id != mover.id for sq in b.squares}
    best = {(mover.pos, 0): 0}
    heap = [(0, mover.pos, 0)]
    done = {}
    while heap:
        c, (x, y), par = heapq.heappop(heap)
        if best.get(((x, y), par), 99) < c:
            continue
        done[(x, y)] = min(done.get((x, y), 99), c)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx == dy == 0:
                    continue
                n = (x + dx, y + dy)
                if not t.is_enterable(n) or (n in occupied and occupied[n].side != mover.side):
                    continue
                if dx and dy:
                    if t.blocks_corner((x + dx, y)) or t.blocks_corner((x, y + dy)):
                        continue
                    step, npar = (3 if t.is_difficult(n) else (2 if par else 1)), par ^ 1
                else:
                    step, npar = (2 if t.is_difficult(n) else 1), par
                if c + step <= limit and c + step < best.get((n, npar), 99):
                    best[(n, npar)] = c + step
                    heapq.heappush(heap, (c + step, n, npar))
    return {sq: c for sq, c in done.items() if sq != mover.pos and sq not in occupied}


def test_reachable_costs_equal_an_independent_search_on_rough_ground():
    import random
    # Mostly difficult ground is where the diagonal count matters most: a square reached
    # for the same cost at both parities must keep both (decisions §1).
    rng = random.Random(1)
    for trial in range(60):
        cells = ".~~" if trial % 2 else "..~~~#"
        rows = ["".join(rng.choice(cells) for _ in range(9)) for _ in range(9)]
        rows[4] = rows[4][:4] + "." + rows[4][5:]
        m = body("m", "blue", (4, 4), speed=4)
        board = make_board("\n".join(rows), m)
        assert reachable(board, m, "double") == _brute_force_costs(board, m, 8), rows


def test_the_context_an_overrun_s_defender_lets_by_is_the_one_made_from_scratch():
    """``MoveContext.letting_by`` (an overrun's path, the defender letting the mover by)
    derives the mover's context from its context on the real board: it must be the one
    made from every creature again, for movers of each size, with foes overlapping the
    defender's blocked squares, helpless and tiny ones, on a random crowd."""
    from dataclasses import replace as with_side
    import random

    from game.rules.board import Board
    from game.rules.movement import MoveContext
    rng = random.Random(7)
    freed = 0
    for _crowd in range(30):
        spots = rng.sample([(x, y) for x in range(12) for y in range(8)], 12)
        bodies = [body(f"c{i}", rng.choice(("blue", "red")), at, size=rng.choice("TSMMMLH" if i else "SML"),
                       conditions={"unconscious"} if rng.random() < 0.15 else set()) for i, at in enumerate(spots)]
        board = make_board(open_grid(16, 12), *bodies)
        mover = board.bodies[0]
        for foe in [b for b in board.bodies if b.is_enemy_of(mover)]:
            made = Board(board.terrain, tuple(with_side(b, side=mover.side) if b.id == foe.id else b
                                              for b in board.bodies), board.variants)
            MoveContext.letting_by(board, made, mover, foe.id)
            derived, fresh = MoveContext.of(made, mover), MoveContext(made, mover)
            assert derived is not fresh and derived.board is made
            assert (derived.pass_block, derived.end_block, derived.double_cost) == \
                (fresh.pass_block, fresh.end_block, fresh.double_cost), (mover, foe)
            freed += derived.pass_block != MoveContext.of(board, mover).pass_block
    assert freed > 30             # the defenders did stop blocking the way
