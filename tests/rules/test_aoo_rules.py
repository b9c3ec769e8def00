"""Attacks of opportunity from movement (digest §4.1, §4.3, decisions §2)."""
from boards import body, make_board, open_grid
from game.rules.aoo import best_path, provocations


def test_leaving_threatened_squares_provokes_once_per_opponent_in_order():
    m = body("m", "blue", (0, 1), speed=8)
    orc = body("orc", "red", (2, 0))
    gob = body("gob", "red", (6, 0))
    board = make_board(open_grid(9, 3), m, orc, gob)
    positions = [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1)]
    assert provocations(board, m, positions, "double") == ["orc", "gob"]


def test_moving_into_a_threatened_square_does_not_provoke():
    m = body("m", "blue", (0, 0))
    orc = body("orc", "red", (3, 0))
    board = make_board(open_grid(5, 1), m, orc)
    assert provocations(board, m, [(0, 0), (1, 0), (2, 0)], "move") == []


def test_five_foot_step_never_provokes():
    m = body("m", "blue", (1, 1))
    orc = body("orc", "red", (2, 1))
    assert provocations(make_board(open_grid(4, 3), m, orc), m, [(1, 1), (0, 1)], "5ft") == []


def test_withdraw_start_square_is_safe_from_visible_opponents_only():
    m = body("m", "blue", (1, 0))
    orc = body("orc", "red", (2, 0))
    ghost = body("ghost", "red", (2, 1), conditions={"invisible"})
    board = make_board(open_grid(5, 2), m, orc, ghost)
    assert provocations(board, m, [(1, 0), (0, 0)], "withdraw") == ["ghost"]
    assert provocations(board, m, [(1, 0), (0, 0)], "move") == ["ghost", "orc"]


def test_no_aoo_from_flat_footed_total_defense_or_through_cover():
    m = body("m", "blue", (1, 1))
    ff = body("ff", "red", (2, 1), conditions={"flat_footed"})
    board = make_board(open_grid(4, 3), m, ff)
    assert provocations(board, m, [(1, 1), (0, 1), (0, 0)], "move") == []
    grid = """
..#
...
"""
    # A wall's corner between diagonal neighbours gives cover: no attack of opportunity.
    m2 = body("m", "blue", (1, 0))
    foe = body("foe", "red", (2, 1))
    board2 = make_board(grid, m2, foe)
    assert provocations(board2, m2, [(1, 0), (0, 0)], "move") == []


def test_tiny_creature_entering_an_opponents_square_provokes():
    cat = body("cat", "blue", (0, 0), size="T", weapon="claw")
    orc = body("orc", "red", (2, 0))
    board = make_board(open_grid(3, 1), cat, orc)
    assert provocations(board, cat, [(0, 0), (1, 0), (2, 0)], "move") == ["orc"]


def test_best_path_goes_around_threat_when_it_can():
    m = body("m", "blue", (0, 2), speed=12)
    orc = body("orc", "red", (3, 1))
    board = make_board(open_grid(8, 6), m, orc)
    path, provoked, cost = best_path(board, m, (6, 2), "double")
    assert provoked == []
    assert path[-1] == (6, 2)
    # the straight road (6 squares) would provoke: the safe one is longer
    assert provocations(board, m, [(x, 2) for x in range(0, 7)], "double") == ["orc"]
    assert cost > 6


def test_best_path_prefers_fewest_provocations_then_cost():
    m = body("m", "blue", (0, 2), speed=8)
    a = body("a", "red", (2, 1))
    b = body("b", "red", (2, 3))
    board = make_board(open_grid(5, 5), m, a, b)
    straight = [(0, 2), (1, 2), (2, 2), (3, 2), (4, 2)]
    assert provocations(board, m, straight, "double") == ["a", "b"]
    path, provoked, cost = best_path(board, m, (4, 2), "double")
    assert len(provoked) == 1            # along row 0 or row 4: one opponent only
    assert provocations(board, m, [(0, 2)] + path, "double") == provoked
    assert cost == 6                     # the cheapest of those one-provoke roads
