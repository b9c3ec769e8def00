"""A cleric's domain powers from the window's "More…" menu (French text: "un prêtre
ayant choisi le domaine du Feu peut repousser ou détruire les créatures de l'Eau [...] et
intimider ou contrôler les créatures du Feu"), driven by posted pygame events: the menu
names the kind in the player's language and the engine plays it."""
from __future__ import annotations

import pygame
import pytest
from test_game_screen import click_button, open_screen
from test_spell_choices import choose, scenario

CLERIC = '''id = "cleric"
side = "blue"
at = [1, 2]
cleric_level = 3
domains = ["fire", "sun"]
initiative = 20
'''
ELEMENTAL = '''id = "drop"
side = "red"
at = [4, 2]
template = "water_elemental_small"
initiative = 5
'''


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.quit()


@pytest.mark.parametrize("lang,label", [("en", "Turn creatures · water creatures"),
                                        ("fr", "Repousser des créatures · créatures de l'Eau")])
def test_the_more_menu_turns_water_creatures_for_a_fire_cleric(lang, label):
    g = open_screen(scenario(CLERIC, ELEMENTAL), lang)
    g.handoff = None
    click_button(g, "more")
    labels = [text for text, _value in g.dialog.choices]
    assert label in labels
    assert any("Sun" in t or "Soleil" in t for t in labels)             # the greater turning, once a day
    assert not any("· plant" in t or "plantes" in t for t in labels)   # no Plant domain
    g.battle.dice.script([18, 6, 6])
    choose(g, ("do", "turn_creatures", {"kind": "water"}))
    assert g.battle.history[-1]["action"] == "turn_creatures"
    assert "turned" in g.battle.board().body("drop").conditions

