"""Escaping a garrote with each attack of a full attack, reached from the window's "more"
menu (the row « Être garrotté »: several tries a round with several attacks): the entry
is there when the engine's ``check`` passes the plan ``views.escape_plan`` names, and it
sends the full attack of escapes."""
from __future__ import annotations

import pygame

from tests.ui.test_game_screen import click, open_screen

GARROTE = """
seed = 3
[map]
grid = \"\"\"
..........
..........
..........
\"\"\"
[[creature]]
id = "a"
name = "Strangler"
side = "blue"
at = [2, 1]
weapon = "garrote_wire"
str = 14
bab = 2
initiative = 20

[[creature]]
id = "d"
name = "Victim"
side = "red"
at = [3, 1]
weapon = "unarmed"
bab = 6
hp = 40
initiative = 10
"""


def test_a_garroted_creature_escapes_with_each_attack_from_the_more_menu():
    g = open_screen(GARROTE)
    try:
        assert g.battle.act("a", "garrote", {"target": "d"}, dice=[12, 15, 3, 5])[0]
        assert g.battle.act("a", "end_turn")[0]
        g.refresh()
        g.handoff = None
        g.draw()
        assert g.current == "d"
        more = next(b for b in g.buttons if b.name == "more")
        click(g, more.rect.center)
        labels = [label for label, _v in g.dialog.choices]
        entry = "Escape, a try with each attack (2, full round)"
        assert entry in labels
        g.draw()
        click(g, g.dialog.rects[labels.index(entry)].center)
        last = g.battle.history[-1]
        assert last["action"] == "full_attack" and last["args"]["targets"] == [{"escape": "a"}, {"escape": "a"}]
    finally:
        g.battle.close()
        pygame.quit()
