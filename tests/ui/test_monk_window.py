"""The monk's flurry of blows reached from the window (SRD, Monk, "Flurry of Blows"): the
toggle is shown only to a creature whose full attack the engine says may be a flurry,
the plan counts the flurry's extra attack, and the command sent carries ``flurry``."""
from __future__ import annotations

import pygame

from tests.ui.test_game_screen import DUEL, at, click, open_screen

MONK_KEYS = 'weapon = "unarmed"\nmonk_level = 1\nhd = 1\nbab = 0\nfeats = ["stunning_fist"]'
MONK = DUEL.replace('at = [6, 1]', 'at = [2, 1]').replace('weapon = "greataxe"\nstr = 30\nbab = 5', MONK_KEYS) \
    .replace("hp = 6", "hp = 60")


def _buttons(g):
    g.draw()
    return {b.name: b for b in g.buttons}


def test_the_flurry_toggle_is_a_monks_and_its_full_attack_strikes_twice():
    g = open_screen(MONK)
    try:
        g.handoff = None
        shown = _buttons(g)
        assert "stance:flurry" in shown
        click(g, shown["stance:flurry"].rect.center)
        assert g.stance.flurry
        click(g, _buttons(g)["full_attack"].rect.center)
        click(g, at(g, (2, 1)))
        assert g.battle.history == [] or g.battle.history[-1]["action"] != "full_attack"   # one more to pick
        click(g, at(g, (2, 1)))
        # the engine's question: a stunning blow on the first attack (the monk's bonus feat)?
        assert g.dialog is not None and [v for _l, v in g.dialog.choices] == [True, False]   # yes first
        g.draw()
        rect = next(r for r, (_label, v) in zip(g.dialog.rects, g.dialog.choices) if v is True)
        click(g, rect.center)
        last = g.battle.history[-1]
        assert last["action"] == "full_attack" and last["args"].get("flurry") is True
        assert last["args"]["targets"] == ["orc", "orc"] and last["args"].get("stunning_fist") is True
    finally:
        g.battle.close()
        pygame.quit()


def test_no_flurry_toggle_for_a_fighter():
    g = open_screen(DUEL)
    try:
        g.handoff = None
        assert "stance:flurry" not in _buttons(g)
    finally:
        g.battle.close()
        pygame.quit()
