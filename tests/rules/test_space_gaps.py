"""The least 1-2-1 distance between two spaces from their axis gaps (``geometry.spaces_gaps``,
``gaps_distance``), which ``options`` and the computer player use instead of trying every
pair of squares: the same number as every pair tried (digest §1.1)."""
from hypothesis import given, strategies as st

from game.rules.geometry import distance, gaps_distance, space_squares, spaces_gaps

squares = st.tuples(st.integers(-6, 20), st.integers(-6, 20))
spans = st.integers(1, 4)


@given(a=squares, sa=spans, b=squares, sb=spans)
def test_the_gap_from_the_axis_gaps_is_the_least_distance_between_their_squares(a, sa, b, sb):
    brute = min(distance(x, y) for x in space_squares(a, sa) for y in space_squares(b, sb))
    assert gaps_distance(*spaces_gaps(a, sa, b, sb)) == brute
