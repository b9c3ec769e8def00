"""What a creature's turn ends of its own as it begins (its charge: digest §9.3, -2 AC
until its next turn) is logged after that turn's line, not before it as if it were the
last thing of the turn before (play-test: "Ogre: no longer charging", then "Round 3:
Ogre's turn"). Driven by posted clicks, in both languages."""
from __future__ import annotations

import pygame
import pytest
from test_game_screen import at, click, click_button, open_screen, pump

from game.i18n import sentence

DUEL = """
seed = 3
[map]
grid = \"\"\"
..........
..........
..........
\"\"\"
[[creature]]
id = "ogre"
name = "Ogre"
side = "red"
at = [0, 1]
weapon = "club"
hp = 60
initiative = 20

[[creature]]
id = "hero"
name = "Tordek"
side = "blue"
at = [7, 1]
weapon = "club"
hp = 60
initiative = 10
"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_charge_ends_after_the_line_of_the_chargers_next_turn(lang):
    g = open_screen(DUEL, lang)
    g.handoff = None
    click_button(g, "charge")
    for square in ((7, 1), (6, 1)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, square), rel=(0, 0), buttons=(0, 0, 0)))
        pump(g)
    click(g, at(g, (6, 1)))
    assert g.battle.history[-1]["action"] == "charge"
    for _ in range(2):                  # the ogre ends its turn, then Tordek his
        g.handoff = None
        click_button(g, "end_turn")
    g.handoff = None
    assert g.current == "ogre"
    said = [str(text) for text, _c in g.log]
    turn = said.index(sentence("LOG_TURN", {"round": 2, "name": "Ogre"}, lang))
    ended = max(i for i, line in enumerate(said) if line.startswith("Ogre") and "charg" in line
                and i > said.index(sentence("LOG_TURN", {"round": 1, "name": "Tordek"}, lang)))
    assert ended == turn + 1, said[-6:]
    g.battle.close()
    pygame.quit()
