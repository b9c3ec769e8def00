"""Low walls (`=`): SRD "Obstacles" (crossing one costs 2 squares, like difficult terrain)
and digest §7.2 "Low obstacle": cover only to a creature within 6 squares of it, ignored
by an attacker closer to it than the target; it blocks neither sight nor effect."""
from boards import body, make_board
from game.rules.movement import check_path
from game.rules.sight import cover, cover_lines, has_line_of_sight

ROW = "." * 16


def board_with_wall_at(x: int, *bodies):
    grid = "\n" + ROW + "\n" + ROW[:x] + "=" + ROW[x + 1:] + "\n" + ROW + "\n"
    return make_board(grid, *bodies)


def test_a_low_wall_near_the_target_gives_cover_to_a_far_archer():
    archer, target = body("a", "blue", (0, 1), weapon="longbow"), body("t", "red", (9, 1))
    board = board_with_wall_at(7, archer, target)
    assert cover(board, archer, target, "ranged") == "cover"
    assert "low_wall" in [k for _a, _b, k in cover_lines(board, archer, target, "ranged")]
    assert has_line_of_sight(board, archer, target)               # it hides nothing


def test_an_attacker_closer_to_the_low_wall_than_the_target_ignores_it():
    archer, target = body("a", "blue", (2, 1), weapon="longbow"), body("t", "red", (9, 1))
    assert cover(board_with_wall_at(3, archer, target), archer, target, "ranged") == "none"
    # equally close: the wall still counts ("closer" is strict)
    archer = body("a", "blue", (0, 1), weapon="longbow")
    target = body("t", "red", (6, 1))
    assert cover(board_with_wall_at(3, archer, target), archer, target, "ranged") == "cover"


def test_a_low_wall_more_than_six_squares_from_the_target_gives_no_cover():
    archer = body("a", "blue", (0, 1), weapon="longbow")
    assert cover(board_with_wall_at(7, archer, t := body("t", "red", (13, 1))), archer, t, "ranged") == "cover"
    assert cover(board_with_wall_at(7, archer, t := body("t", "red", (14, 1))), archer, t, "ranged") == "none"


def test_a_creature_standing_on_the_low_wall_gets_no_cover_from_it():
    archer, target = body("a", "blue", (0, 1), weapon="longbow"), body("t", "red", (7, 1))
    assert cover(board_with_wall_at(7, archer, target), archer, target, "ranged") == "none"


def test_adjacent_melee_across_a_low_wall_corner_has_cover_and_crossing_costs_two():
    grid = "\n.=\n..\n"
    a, t = body("a", "blue", (0, 0)), body("t", "red", (1, 1))
    board = make_board(grid, a, t)
    assert cover(board, a, t, "melee") == "cover"
    mover = body("m", "blue", (0, 1), speed=6)
    board = board_with_wall_at(2, mover)
    assert check_path(board, mover, [(1, 1), (2, 1), (3, 1)], "move").cost == 1 + 2 + 1
    assert not check_path(board, mover, [(1, 1), (2, 1), (3, 1)], "run").legal
