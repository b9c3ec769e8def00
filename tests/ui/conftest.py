"""Shared set-up of the window tests: battle screens opened from scenario text."""
from __future__ import annotations

import pygame
import pytest

from tests.ui.test_game_screen import open_screen


@pytest.fixture
def screens():
    """``screens(text, lang)``: a battle screen on that scenario, past its hand-off; each
    one's battle closed after the test (a module may keep its own ``screens``)."""
    made = []

    def make(text, lang="en"):
        g = open_screen(text, lang)
        g.handoff = None
        made.append(g)
        return g
    yield make
    for g in made:
        g.battle.close()
    pygame.quit()
