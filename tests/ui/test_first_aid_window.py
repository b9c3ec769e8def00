"""First aid in the window: with a dying friend next to it, the "More…" menu offers
"First aid · Tordek" when ``options`` does, the engine plays the Heal check, and the log
says it (digest §8.2, "Heal DC 15 … stabilizes")."""
from __future__ import annotations

import pygame

from game.world.components import HitPoints
from game.world.damage import sync_health
from tests.ui.test_game_screen import choose_more, open_screen

FIELD = """
seed = 3
[map]
grid = \"\"\"
........
........
........
\"\"\"
[[creature]]
id = "jozan"
name = "Jozan"
side = "blue"
at = [2, 1]
wis = 14
heal = 4
initiative = 20

[[creature]]
id = "tordek"
name = "Tordek"
side = "blue"
at = [3, 1]
initiative = 5

[[creature]]
id = "orc"
name = "Orc"
side = "red"
at = [7, 2]
initiative = 1
"""


def test_first_aid_from_the_more_menu_on_a_dying_friend():
    for lang, entry in (("en", "First aid · Tordek"), ("fr", "Premiers secours · Tordek")):
        g = open_screen(FIELD, lang)
        try:
            g.battle.comp("tordek", HitPoints).current = -2
            sync_health(g.battle, "tordek")
            choose_more(g, entry)
            assert g.battle.history[-1]["action"] == "first_aid"
            assert g.battle.history[-1]["args"] == {"target": "tordek"}
            said = " | ".join(text for text, _c in g.log)
            assert ("Heal (first aid)" if lang == "en" else "Premiers secours") in said
        finally:
            g.battle.close()
            pygame.quit()
