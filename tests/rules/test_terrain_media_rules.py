"""Pits, deep water and rock faces on small grids, for the pure rules.

Pits: digest §1.4 ("You *can* move diagonally past ... other impassable obstacles such as
pits"; "It is legal if those squares hold only creatures or pits"), decisions §1
("Creatures and pits never block a diagonal this way"). Deep water and faces: French
text, "pas de placement" ("seule une créature ayant une vitesse de nage peut faire un pas
de placement en nageant") and "retraite" (a movement only in a mode one has a speed for);
SRD "Underwater Combat", "Attacks from Land" (improved cover, total once submerged)."""
from __future__ import annotations

from dataclasses import replace

from boards import body, make_board

from game.rules.movement import check_path, reachable
from game.rules.sight import cover, has_line_of_sight
from game.rules.terrain import LEGEND


def test_a_pit_blocks_walking_but_not_sight_nor_a_diagonal_past_its_corner():
    assert (LEGEND["O"].id, LEGEND["O"].blocks_move, LEGEND["O"].blocks_sight, LEGEND["O"].blocks_corner) == \
        ("pit", True, False, False)
    grid = """
.O.
...
"""
    m = body("m", "blue", (0, 1))
    board = make_board(grid, m)
    res = check_path(board, m, [(1, 0)], "move")
    assert not res.legal and res.reason.code == "PIT_IN_THE_WAY"
    assert check_path(board, m, [(1, 1), (2, 0)], "move").legal            # past the pit's corner
    assert (1, 0) not in reachable(board, m, "move")
    assert check_path(board, m, [(0, 0), (1, 1)], "move").legal
    walled = make_board(grid.replace("O", "#"), m)                          # a wall's corner is not cut
    for path in ([(1, 1), (2, 0)], [(0, 0), (1, 1)]):
        res = check_path(walled, m, path, "move")
        assert not res.legal and res.reason.code == "CORNER"
    foe = body("foe", "red", (2, 0))
    over = make_board(grid, m, foe)
    assert has_line_of_sight(over, m, foe) and cover(over, m, foe, "ranged") == "none"


def test_deep_water_is_swum_at_its_speed_and_stepped_only_with_one():
    grid = """
.www.
.www.
"""
    walker = body("walker", "blue", (0, 0))
    otter = replace(body("otter", "blue", (0, 1), speed=4), swim_squares=6)
    board = make_board(grid, walker, otter)
    res = check_path(board, walker, [(1, 0)], "5ft")
    assert not res.legal and res.reason.code == "MUST_SWIM_THERE"
    assert check_path(board, otter, [(1, 1)], "5ft").legal
    # into the water from the bank: the lower of its speeds, 4; never leaving it: 6
    ends = reachable(board, otter, "move")
    assert (3, 1) in ends and (4, 1) in ends and ends[(4, 1)] == 4
    fish = replace(body("fish", "blue", (1, 0), speed=0), swim_squares=6)
    board = make_board(grid, walker, fish)
    ends = reachable(board, fish, "move")
    assert set(ends) == {(2, 0), (3, 0), (1, 1), (2, 1), (3, 1)}         # never out of the water
    res = check_path(board, fish, [(0, 1)], "5ft")
    assert not res.legal and res.reason.code == "FIVE_FOOT_STEP_NO_SPEED_THERE"


def test_the_water_covers_a_swimmer_from_the_bank_and_hides_it_once_under():
    grid = """
..ww
..ww
"""
    archer = body("archer", "red", (0, 0), weapon="shortbow")
    swimmer = body("swimmer", "blue", (2, 0))
    board = make_board(grid, archer, swimmer)
    assert cover(board, archer, swimmer, "ranged") == "improved"
    assert cover(board, swimmer, archer, "ranged") == "none"              # from the water, the bank is open
    mate = body("mate", "red", (3, 1), weapon="dagger")
    assert cover(make_board(grid, archer, swimmer, mate), mate, swimmer, "melee") == "none"   # both in the water
    under = replace(swimmer, conditions=frozenset({"underwater", "swimming"}))
    assert cover(make_board(grid, archer, under), archer, under, "ranged") == "total"
    assert cover(make_board(grid, archer, under), under, archer, "ranged") == "total"     # nor out of it


def test_a_rock_face_is_walked_with_a_climb_speed_at_that_speed():
    grid = """
.^^^^^.
"""
    walker = body("walker", "blue", (0, 0))
    spider = replace(body("spider", "blue", (0, 0), speed=6), climb_squares=4)
    assert not check_path(make_board(grid, walker), walker, [(1, 0)], "move").legal
    board = make_board(grid, spider)
    assert check_path(board, spider, [(1, 0), (2, 0), (3, 0), (4, 0)], "move").legal
    res = check_path(board, spider, [(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)], "move")
    assert not res.legal and res.reason.code == "TOO_FAR"
    assert check_path(board, spider, [(1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0)], "withdraw").legal


def test_which_blows_the_water_hampers():
    """SRD "Underwater Combat", Table: Combat Adjustments Underwater: slashing or
    bludgeoning -2 / half; claw or tail normal with a swim speed, -2 / half without."""
    from game import data
    from game.rules.attack import halved_in_water, hampered_in_water
    w = data.weapons()
    assert hampered_in_water(w["longsword"], False) and hampered_in_water(w["club"], True)
    assert not hampered_in_water(w["dagger"], False) and not hampered_in_water(w["morningstar"], False)
    assert hampered_in_water(w["claw"], False) and not hampered_in_water(w["claw"], True)
    assert not hampered_in_water(w["gore"], False)
    assert [halved_in_water(d) for d in (1, 2, 7, 8)] == [1, 1, 3, 4]
