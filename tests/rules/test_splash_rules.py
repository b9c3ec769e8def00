"""Splash weapons (French text "Armes à impact", digest §6, decisions §4)."""
from boards import body, make_board, open_grid
from game.rules.splash import range_increments, scatter_direction, scatter_intersection, scatter_square, snap8, splash


def test_french_example_two_increments_and_a_1_lands_two_squares_short():
    thrower = body("t", "blue", (0, 4))
    target = body("g", "red", (0, 0))
    board = make_board(open_grid(3, 6), thrower, target)
    res = splash(board, thrower, target=target, hit=False, d8=1)
    assert res.range_increments == 2          # 4 squares = 6 m = two 3 m increments
    assert res.lands_square == (0, 2)         # two squares toward the thrower
    assert res.direct is None


def test_range_increment_number_rounds_up_and_is_at_least_one():
    assert range_increments(1, 2) == 1
    assert range_increments(2, 2) == 1
    assert range_increments(3, 2) == 2
    assert range_increments(6, 2) == 3
    far = body("t", "blue", (0, 0))
    target = body("g", "red", (11, 0))
    res = splash(make_board(open_grid(12, 1), far, target), far, target=target, hit=True)
    assert not res.legal and res.reason.code == "OUT_OF_RANGE"


def test_direct_hit_splashes_the_others_within_1_5_m_not_the_target():
    thrower = body("t", "blue", (0, 0))
    target = body("g", "red", (4, 2))
    near = body("n", "red", (5, 3))
    also = body("a", "blue", (3, 1))
    far = body("f", "red", (6, 2))
    board = make_board(open_grid(8, 5), thrower, target, near, also, far)
    res = splash(board, thrower, target=target, hit=True)
    assert res.direct == "g"
    assert res.splashed == ["a", "n"]


def test_intersection_hit_splashes_the_four_squares():
    thrower = body("t", "blue", (0, 0))
    a = body("a", "red", (3, 3))
    b = body("b", "red", (4, 4))
    c = body("c", "red", (5, 5))
    res = splash(make_board(open_grid(7, 7), thrower, a, b, c), thrower, intersection=(4, 4), hit=True)
    assert res.direct is None and res.splashed == ["a", "b"]


def test_cannot_aim_at_an_intersection_inside_a_large_creature():
    thrower = body("t", "blue", (0, 0))
    ogre = body("o", "red", (3, 3), size="L", weapon="greatclub")
    board = make_board(open_grid(7, 7), thrower, ogre)
    res = splash(board, thrower, intersection=(4, 4), hit=True)
    assert not res.legal and res.reason.code == "INTERSECTION_INSIDE_CREATURE"
    assert splash(board, thrower, intersection=(3, 3), hit=True).legal  # its corner is fine


def test_snap_to_eight_directions_exactly():
    assert snap8(3, 1) == (1, 0)      # 18.4 degrees: east
    assert snap8(2, 1) == (1, 1)      # 26.6 degrees: south-east (y down)
    assert snap8(-5, -5) == (-1, -1)
    assert snap8(0, 7) == (0, 1)


def test_scatter_orders_seed_turns_to_the_throwers_right_srd_clockwise():
    short = (0, 1)  # thrower to the south of the target (y grows down)
    seed = [scatter_direction(short, k, "seed") for k in range(1, 9)]
    assert seed == [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
    srd = [scatter_direction(short, k, "srd") for k in range(1, 9)]
    assert srd == [(0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (1, 0), (1, 1)]


def test_a_miss_on_an_intersection_lands_on_an_intersection():
    thrower = body("t", "blue", (4, 8))
    victim = body("v", "red", (6, 3))
    board = make_board(open_grid(9, 9), thrower, victim, scatter_order="seed")
    # aim at the corner (5, 4): 4 squares away -> n = 2; d8 = 3 -> to the thrower's right (east)
    res = splash(board, thrower, intersection=(5, 4), hit=False, d8=3)
    assert res.range_increments == 2
    assert res.lands_intersection == (7, 4)
    assert res.splashed == ["v"]


def test_a_flask_missing_a_foe_in_the_throwers_own_square_scatters_from_north():
    """A grappler sharing the thrower's square: no way back to the thrower, so our ruling
    counts the short direction as north (it used to crash)."""
    thrower = body("t", "blue", (2, 2))
    foe = body("g", "red", (2, 2))
    board = make_board(open_grid(5, 5), thrower, foe)
    res = splash(board, thrower, target=foe, hit=False, d8=1)
    assert res.legal and res.range_increments == 1 and res.lands_square == (2, 1)


def test_a_missed_flask_bursts_against_a_wall_and_stays_on_the_map():
    """Our ruling (decisions §4 gives no stop): the scattered flask flies square by square
    and lands before the first wall, tree or closed door on its way, or the map's edge."""
    grid = ["......",
            "......",
            "..#...",
            "......",
            "......",
            "......"]
    thrower = body("t", "blue", (2, 5))
    target = body("g", "red", (2, 3))
    board = make_board("\n".join(grid), thrower, target)
    long = splash(board, thrower, target=target, hit=False, d8=5)      # long: away from the thrower, north
    assert long.range_increments == 1 and long.lands_square == (2, 3)  # the wall just beyond: it bursts at once
    clear = make_board(open_grid(6, 6), thrower, target)
    assert splash(clear, thrower, target=target, hit=False, d8=5).lands_square == (2, 2)
    edge = body("g", "red", (2, 0))
    far = body("t", "blue", (2, 4))
    landed = splash(make_board(open_grid(6, 6), far, edge), far, target=edge, hit=False, d8=5)
    assert landed.range_increments == 2 and landed.lands_square == (2, 0)   # not two squares off the map
    # between two walls' corners it does not slip through diagonally
    corners = ["......",
               "...#..",
               "..#...",
               "......"]
    assert scatter_square(make_board("\n".join(corners), thrower).terrain, (2, 1), (1, 1), 2) == (2, 1)
    assert scatter_square(make_board(open_grid(6, 4), thrower).terrain, (2, 1), (1, 1), 2) == (4, 3)


def test_a_missed_throw_at_an_intersection_runs_along_a_wall_but_not_through_it():
    grid = ["......",
            "...#..",
            "...#..",
            "......"]
    terrain = make_board("\n".join(grid), body("t", "blue", (0, 3))).terrain
    # east along the grid line y=2, between the wall squares (3, 1) and (3, 2): stopped at x=3
    assert scatter_intersection(terrain, (1, 2), (1, 0), 4) == (3, 2)
    # east along y=1, between the open (3, 0) and the wall (3, 1): it flies past
    assert scatter_intersection(terrain, (1, 1), (1, 0), 4) == (5, 1)
    # diagonally through the wall square (3, 1): stopped before it
    assert scatter_intersection(terrain, (2, 0), (1, 1), 2) == (3, 1)
    assert scatter_intersection(terrain, (3, 3), (0, 1), 3) == (3, 4)      # the map's edge
