"""Grid measurement (digest §1.1) and exact lines."""
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

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


def _crossed_by_clipping(ax: int, ay: int, bx: int, by: int):
    """The squares whose open interior the segment meets and the grid corners it passes
    strictly between its ends, each ordered by where along the segment it comes: worked
    out square by square with exact fractions (an independent reckoning)."""
    dx, dy = bx - ax, by - ay
    cells = []
    for i in range(min(ax, bx) // 2 - 1, max(ax, bx) // 2 + 1):
        for j in range(min(ay, by) // 2 - 1, max(ay, by) // 2 + 1):
            lo, hi = Fraction(0), Fraction(1)
            for start, delta, edge in ((ax, dx, 2 * i), (ay, dy, 2 * j)):
                # edge < start + t * delta < edge + 2, open on both sides
                a, b = Fraction(edge - start, delta), Fraction(edge + 2 - start, delta)
                lo, hi = max(lo, min(a, b)), min(hi, max(a, b))
            if lo < hi:
                cells.append((lo, (i, j)))
    corners = []
    for k in range(1, abs(dx) * abs(dy)):
        t = Fraction(k, abs(dx) * abs(dy))
        x, y = ax + t * dx, ay + t * dy
        if x.denominator == 1 and y.denominator == 1 and x % 2 == 0 and y % 2 == 0:
            corners.append((int(x) // 2, int(y) // 2))
    return [sq for _t, sq in sorted(cells)], corners


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 3), st.integers(0, 3), st.integers(-24, 24).filter(bool), st.integers(-24, 24).filter(bool))
def test_a_slanted_line_crosses_the_squares_its_interior_meets_in_order(ax, ay, dx, dy):
    """Lines of sight and effect (digest §7.2, §7.4) run corner to corner, exactly: a
    slanted segment crosses, in order, the squares whose interior it meets, and squeezes
    between the two side squares of each grid corner it passes through."""
    cells, seams = line_crossing(ax, ay, ax + dx, ay + dy)
    expected_cells, corners = _crossed_by_clipping(ax, ay, ax + dx, ay + dy)
    assert list(cells) == expected_cells
    assert len(seams) == len(corners)
    for (a, b), (vx, vy) in zip(seams, corners):
        around = {(vx - 1, vy - 1), (vx, vy - 1), (vx - 1, vy), (vx, vy)}
        assert {a, b} <= around and a != b and a not in cells and b not in cells
