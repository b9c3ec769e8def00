"""``Body.at``: a body set at another square in thought, as ``dataclasses.replace`` makes
it, its position-free answers kept and the rest worked out again for the new square."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.rules import threat
from game.rules.board import PLACE_FREE, Body, cached_property
from tests.boards import body, make_board, open_grid

KEPT_ANSWERS = sorted(name for name, value in vars(Body).items() if isinstance(value, cached_property))


@pytest.mark.parametrize("made", [
    body("a", "blue", (2, 2)),
    body("b", "red", (3, 3), size="L", weapon="longspear"),
    body("c", "blue", (1, 4), conditions=("prone",), feats=("combat_reflexes",)),
    body("d", "red", (4, 1), weapon="shortbow", climb_squares=4),
])
def test_a_placed_body_equals_the_replaced_one_in_every_answer(made):
    board = make_board(open_grid(10, 10), made)
    # work out every kept answer where it stands first: those that depend on the square must not follow it
    for name in KEPT_ANSWERS:
        getattr(made, name)
    threat.threat_map(board.terrain, board.variants, made)
    placed, replaced = made.at((5, 6)), replace(made, pos=(5, 6))
    assert placed == replaced and hash(placed) == hash(replaced)
    for name in KEPT_ANSWERS:
        assert getattr(placed, name) == getattr(replaced, name), name
    assert placed.squares != made.squares
    assert threat.threat_map(board.terrain, board.variants, placed) == \
        threat.threat_map(board.terrain, board.variants, replaced)
    there = threat.threat_map(board.terrain, board.variants, made)
    if there:                    # a bow threatens nothing anywhere
        assert threat.threat_map(board.terrain, board.variants, placed) != there


def test_only_answers_that_never_depend_on_the_square_are_kept():
    assert PLACE_FREE <= set(KEPT_ANSWERS)
    assert not PLACE_FREE & {"squares", "memo"}
