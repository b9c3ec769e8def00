"""The tactical player's square-by-square geometry worked out for the whole map at once
(issue 12, item 6: the speed of a choice) says what the square-by-square rules say:
``within_gap`` marks exactly the squares ``least_gap_from`` puts that near, and
``within_axes`` those whose axis gaps (``geometry.spaces_gaps``) are both that small, for
spaces of every size."""
from __future__ import annotations

from harness import battle, creature
from hypothesis import assume, given, settings, strategies as st

from game.ai.sense import Situation
from game.data.errors import ContentError
from game.rules.geometry import spaces_gaps

SIZES = ("S", "M", "L", "H")
OPEN = "\n".join("." * 12 for _ in range(10))


@settings(max_examples=40, deadline=None)
@given(me=st.sampled_from(SIZES), foes=st.lists(st.tuples(st.integers(4, 9), st.integers(0, 7), st.sampled_from(SIZES)),
                                              min_size=1, max_size=3, unique_by=lambda f: f[:2]),
       most=st.integers(0, 5))
def test_the_marked_squares_are_those_the_gaps_put_that_near(me, foes, most):
    ids = [f"foe{i}" for i in range(len(foes))]
    try:
        b = battle(OPEN, creature("me", "blue", (0, 0), size=me),
                   *(creature(cid, "red", (x, y), size=size) for cid, (x, y, size) in zip(ids, foes)))
    except ContentError:          # two foes overlapping: no battle to ask
        assume(False)
    s = Situation(b, "me")
    marks, boxed = s.within_gap(ids, most), s.within_axes(ids, most)
    board = b.board()
    width, height = board.terrain.width, board.terrain.height
    span = board.body("me").span
    for y in range(height):
        for x in range(width):
            assert bool(marks[y * width + x]) == (s.least_gap_from((x, y), ids) <= most), (x, y)
            axes = any(max(spaces_gaps((x, y), span, board.body(f).pos, board.body(f).span)) <= most for f in ids)
            assert bool(boxed[y * width + x]) == axes, (x, y)
