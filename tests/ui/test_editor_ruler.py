"""The sandbox's 1-2-1 ruler as a player expects it (issue 13, newcomer play-test): with
the ruler tool a first click sets the start (the end follows the pointer), a second fixes
the end (it stays when the pointer moves on), a third puts it away; Esc puts it away too,
without leaving the sandbox. Driven by posted events."""
from __future__ import annotations


import pygame
import pytest

from tests.ui.editor_driver import centre, choose, click_square, key, move_to, opened

@pytest.fixture
def ed():
    with opened(lang="en") as editor:
        yield editor


def test_click_start_click_end_the_end_stays_a_third_click_clears(ed):
    choose(ed, "tool", "ruler")
    assert ed.tool == "ruler"
    click_square(ed, (1, 1))
    move_to(ed, centre(ed, (4, 3)))
    assert ed.overlay.ruler == ((1, 1), (4, 3), "20 ft")           # the end follows the pointer until fixed
    click_square(ed, (5, 1))
    assert ed.overlay.ruler == ((1, 1), (5, 1), "20 ft")
    move_to(ed, centre(ed, (9, 5)))                               # the pointer moves on: the ruler stays
    assert ed.overlay.ruler == ((1, 1), (5, 1), "20 ft")
    assert any(line.startswith("Ruler: 4 straight + 0 diagonals") for line in ed.info), ed.info
    ed.changed(ed.doc.paint([(7, 5)], "~"))                       # an edit makes the battle again: the ruler stays
    assert ed.overlay.ruler == ((1, 1), (5, 1), "20 ft")
    click_square(ed, (9, 5))
    assert ed.overlay.ruler is None and ed.selected is None       # the ruler's clicks select nobody


def test_escape_puts_the_ruler_away_and_only_then_quits(ed):
    choose(ed, "tool", "ruler")
    click_square(ed, (2, 2))
    click_square(ed, (3, 5))
    key(ed, pygame.K_ESCAPE)
    assert ed.overlay.ruler is None and ed.running
    key(ed, pygame.K_ESCAPE)
    assert not ed.running


def test_the_u_key_is_the_rulers_click_at_the_pointer(ed):
    move_to(ed, centre(ed, (0, 0)))
    key(ed, pygame.K_u)
    move_to(ed, centre(ed, (2, 2)))
    key(ed, pygame.K_u)
    move_to(ed, centre(ed, (6, 6)))
    assert ed.overlay.ruler == ((0, 0), (2, 2), "15 ft") and ed.tool == "select"
    key(ed, pygame.K_u)
    assert ed.overlay.ruler is None
