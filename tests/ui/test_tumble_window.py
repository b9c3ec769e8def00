"""Tumbling from the window (digest §4.6, Tumble: "at ½ speed", a check per opponent
passed): in Move mode the Tumble toggle shades the squares reachable at half speed, the
hovered path marks each foe it will be tested against with the DC and the chance, the
click sends ``move`` with ``tumble``, and the log names each check."""
from __future__ import annotations

import pygame
import pytest

from tests.ui.test_game_screen import at, click, open_screen, pump

ROGUE = """
seed = 3
[map]
grid = \"\"\"
..........
..........
..........
..........
..........
..........
\"\"\"
[[creature]]
id = "lidda"
name = "Lidda"
side = "blue"
at = [1, 1]
weapon = "short_sword"
dex = 16
tumble = 4
initiative = 20

[[creature]]
id = "gnoll"
name = "Gnoll"
side = "red"
at = [2, 1]
weapon = "club"
hp = 30
initiative = 10
"""


@pytest.fixture
def game():
    g = open_screen(ROGUE)
    g.handoff = None
    g.draw()
    yield g
    g.battle.close()
    pygame.quit()


def _button(g, name):
    g.draw()
    return next(b for b in g.buttons if b.name == name)


def _names(g):
    g.draw()
    return {b.name for b in g.buttons}


def hover(g, square):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, square), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)


def test_the_tumble_toggle_shades_half_speed_marks_the_foes_tested_and_sends_the_tumble(game):
    g = game
    assert "stance:tumble" not in _names(g)                  # only in Move mode
    click(g, _button(g, "move").rect.center)
    assert g.mode == "move" and (5, 1) in g.overlay.bands    # 6 squares of movement: 4 squares away is in reach
    click(g, _button(g, "stance:tumble").rect.center)
    assert g.stance.tumble and g.mode == "move"
    assert (5, 1) not in g.overlay.bands and (1, 4) in g.overlay.bands     # half speed: 3 squares
    hover(g, (1, 4))
    assert ((2, 1), "15·65%") in g.overlay.marks             # the gnoll: DC 15, d20 + 7 needs 8
    assert "Gnoll DC 15 (65 %)" in g.overlay.caption
    click(g, at(g, (1, 4)))
    last = g.battle.history[-1]
    assert last["action"] == "move" and last["args"].get("tumble") == "half"
    assert any("tumbles past Gnoll: Tumble" in text and "vs DC 15" in text for text, _colour in g.log)


def test_a_creature_without_tumble_ranks_is_offered_no_toggle():
    g = open_screen(ROGUE.replace("tumble = 4", "tumble = 0"))
    g.handoff = None
    try:
        click(g, _button(g, "move").rect.center)
        assert g.mode == "move" and "stance:tumble" not in _names(g)
    finally:
        g.battle.close()
        pygame.quit()
