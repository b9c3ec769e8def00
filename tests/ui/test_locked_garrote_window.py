"""Cutting a locked garrote off a friend's throat from the window (French text, "le
garrot": "les amis et la victime arrêtent généralement toute poursuite de l'agresseur pour
délivrer leur compagnon du garrot"): the friend's "More…" menu names the victim, and the
entry sends ``cut_garrote`` with it."""
from __future__ import annotations

import pygame

from tests.ui.test_game_screen import click, open_screen

LOCKED = """
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
weapon = "garrote_locking"
str = 14
bab = 2
initiative = 20

[[creature]]
id = "d"
name = "Victim"
side = "red"
at = [3, 1]
weapon = "unarmed"
hp = 40
initiative = 10

[[creature]]
id = "e"
name = "Friend"
side = "red"
at = [4, 1]
weapon = "dagger"
hp = 20
initiative = 5
"""


def test_a_friend_cuts_the_locked_garrote_from_the_more_menu():
    g = open_screen(LOCKED)
    try:
        assert g.battle.act("a", "garrote", {"target": "d"}, dice=[12, 15, 3, 5])[0]
        assert g.battle.act("a", "end_turn", {}, dice=[4])[0]
        assert g.battle.act("d", "end_turn")[0]
        g.refresh()
        g.handoff = None
        g.draw()
        assert g.current == "e"
        more = next(b for b in g.buttons if b.name == "more")
        click(g, more.rect.center)
        labels = [label for label, _v in g.dialog.choices]
        entry = "Cut the garrote · Victim"
        assert entry in labels
        g.draw()
        click(g, g.dialog.rects[labels.index(entry)].center)
        last = g.battle.history[-1]
        assert last["action"] == "cut_garrote" and last["args"] == {"target": "d"}
    finally:
        g.battle.close()
        pygame.quit()
