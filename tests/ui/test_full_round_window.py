"""Beginning and completing a full-round action in the window (French text, "Commencer ou
finir une action complexe": a creature held to one action a round "peut commencer une
action complexe lors d'un round et la finir lors du round suivant"): a staggered
crossbowman begins loading its heavy crossbow from the "More…" menu, and completes it
from the same menu next round — each entry only when the engine's check passes it."""
from __future__ import annotations

import pygame

from game.world.components import Loaded
from tests.ui.test_game_screen import choose_more, click, open_screen

FIELD = """
seed = 3
[map]
grid = \"\"\"
..........
..........
..........
\"\"\"
[[creature]]
id = "x"
name = "Arbalétrier"
side = "blue"
at = [0, 0]
weapon = "heavy_crossbow"
loaded = false
conditions = ["staggered"]
initiative = 20

[[creature]]
id = "t"
name = "Orc"
side = "red"
at = [9, 2]
initiative = 1
"""


def end_turns(g) -> None:
    for _ in range(2):
        g.handoff = None
        g.battle.act(g.current, "end_turn")
        g.refresh()


def test_a_staggered_crossbowman_begins_loading_then_completes_it_next_round():
    for lang, begin, complete in (("en", "Begin a full-round action · Load", "Complete the full-round action"),
                                  ("fr", "Commencer une action complexe · Recharger", "Finir l'action complexe")):
        g = open_screen(FIELD, lang)
        try:
            choose_more(g, begin)
            assert g.battle.history[-1]["action"] == "start_full_round"
            assert g.battle.history[-1]["args"]["command"]["action"] == "load"
            assert g.battle.read("x", Loaded).shots == 0                 # not loaded yet
            end_turns(g)
            choose_more(g, complete)
            assert g.battle.history[-1]["action"] == "complete_full_round"
            assert g.battle.read("x", Loaded).shots == 1
        finally:
            g.battle.close()
            pygame.quit()


MAGE = """
seed = 3
[map]
grid = \"\"\"
............
............
............
............
\"\"\"
[[creature]]
id = "mage"
name = "Mialee"
side = "blue"
at = [1, 1]
caster_class = "wizard"
caster_level = 3
int = 16
spells = ["sleep"]
conditions = ["staggered"]
initiative = 20

[[creature]]
id = "orc"
name = "Orc"
side = "red"
at = [8, 2]
initiative = 1
"""


def test_a_staggered_wizard_begins_a_spell_of_one_round_from_the_spell_list():
    """"pour lancer un sort dont le temps d'incantation est de 1 round entier, on peut
    commencer l'incantation pendant un round et la finir dans le round suivant": sleep, a
    spell of 1 round, is offered to a staggered caster as begun now and finished next round,
    and the aim sends ``start_full_round`` with the cast."""
    from tests.ui.test_game_screen import at, click_button
    from tests.ui.test_spell_choices import choose
    g = open_screen(MAGE, "en")
    try:
        g.handoff = None
        click_button(g, "cast")
        entry = next((label, v) for label, v in g.dialog.choices if isinstance(v, tuple) and v[-1] == "sleep")
        assert "begun now, finished next round" in entry[0]
        choose(g, entry[1])
        if g.dialog is not None:
            choose(g, None)
        click(g, at(g, (8, 2)))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
        for event in pygame.event.get():
            g.handle(event)
        g.draw()
        last = g.battle.history[-1]
        assert last["action"] == "start_full_round" and last["args"]["command"]["action"] == "cast"
        assert last["args"]["command"]["spell"] == "sleep"
    finally:
        g.battle.close()
        pygame.quit()
