"""Grid measurement (digest §1.1) and exact lines."""
from game.rules.geometry import distance, line_crossing, metres, spaces_adjacent, squares_from_metres


def test_one_two_one_diagonals_digest_1_1():
    # 1st diagonal 1 square, 2nd 2, 3rd 1: two diagonals are 3 squares, three are 4.
    assert distance((0, 0), (1, 1)) == 1
    assert distance((0, 0), (2, 2)) == 3
    assert distance((0, 0), (3, 3)) == 4
    assert distance((0, 0), (5, 1)) == 5
    assert distance((2, 7), (0, 0)) == 8


def test_metres_at_the_edges():
    assert metres(4) == 6.0
    assert squares_from_metres("7.5") == 5


def test_spaces_adjacent_counts_diagonals_not_overlap():
    assert spaces_adjacent((0, 0), 1, (1, 1), 1)
    assert not spaces_adjacent((0, 0), 1, (2, 0), 1)
    assert not spaces_adjacent((0, 0), 2, (1, 1), 1)  # overlapping
    assert spaces_adjacent((0, 0), 2, (2, 2), 1)


def test_line_through_a_corner_crosses_two_squares_and_squeezes_between_the_others():
    # From corner (0,0) to corner (2,2) (doubled: 0,0 -> 4,4): crosses (0,0) and (1,1),
    # passing the corner shared by (1,0) and (0,1).
    cells, seams = line_crossing(0, 0, 4, 4)
    assert cells == ((0, 0), (1, 1))
    assert set(map(frozenset, seams)) == {frozenset({(0, 1), (1, 0)})}


def test_line_along_an_edge_crosses_nothing():
    cells, seams = line_crossing(0, 2, 6, 2)  # along y = 1, from x 0 to 3
    assert cells == ()
    assert len(seams) == 3 and seams[0] == ((0, 0), (0, 1))


def test_line_crossing_is_translation_invariant():
    a = line_crossing(1, 1, 9, 5)
    b = line_crossing(1 + 6, 1 + 10, 9 + 6, 5 + 10)
    assert tuple((x + 3, y + 5) for x, y in a[0]) == b[0]
