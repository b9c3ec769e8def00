"""Aid another on a skill check reached from the window (French text, « Aider quelqu'un » :
« … ou pour l'aider lors d'un test de compétence »): the "more" menu lists, for the ally
beside the creature, each skill the engine's ``aid_another`` option offers, and the entry
sends ``help: "skill"`` with that skill."""
from __future__ import annotations

import pygame

from tests.ui.test_game_screen import click, open_screen

PAIR = """
seed = 3
[map]
grid = \"\"\"
..........
..........
..........
\"\"\"
[[creature]]
id = "hero"
name = "Hero"
side = "blue"
at = [1, 1]
initiative = 20

[[creature]]
id = "friend"
name = "Friend"
side = "blue"
at = [2, 1]
initiative = 10

[[creature]]
id = "orc"
side = "red"
at = [8, 1]
initiative = 5
"""


def test_the_more_menu_offers_aid_on_the_allys_climb_and_sends_it():
    g = open_screen(PAIR)
    try:
        g.handoff = None
        g.draw()
        more = next(b for b in g.buttons if b.name == "more")
        click(g, more.rect.center)
        labels = [label for label, _v in g.dialog.choices]
        assert "Aid another · Climb of Friend" in labels and "Aid another · Swim of Friend" in labels
        assert "Aid another" not in labels                  # no foe in melee with an ally: no combat aid
        g.draw()
        click(g, g.dialog.rects[labels.index("Aid another · Climb of Friend")].center)
        last = g.battle.history[-1]
        assert last["action"] == "aid_another"
        assert last["args"] == {"ally": "friend", "help": "skill", "skill": "climb"}
    finally:
        g.battle.close()
        pygame.quit()
