"""A spell of 1 minute in the window (French text, "lancer un sort": the caster "passe 10
rounds à lancer son sort, accomplissant à chaque fois une action complexe"): Bless Water
chosen from the spell list needs no aim, and each later turn offers "Go on casting", a
full-round action — driven by posted pygame events."""
from __future__ import annotations

import pygame
import pytest
from test_game_screen import click_button, open_screen
from test_spell_choices import ORCS, choose, scenario

from game.world.components import Inventory, Spellcasting

JOZAN = '''id = "jozan"
side = "blue"
at = [1, 2]
caster_class = "cleric"
caster_level = 1
cleric_level = 1
wis = 14
initiative = 20
spells = ["bless_water"]
inventory = ["flask_of_water"]
'''


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.quit()


def end_turn(g) -> None:
    g.handoff = None
    click_button(g, "end_turn")
    g.handoff = None


def test_bless_water_is_cast_from_the_list_and_goes_on_from_its_button_until_the_flask_is_holy():
    g = open_screen(scenario(JOZAN, ORCS))
    g.handoff = None
    click_button(g, "cast")
    choose(g, next(v for _label, v in g.dialog.choices if v and "bless_water" in v))
    if g.dialog is not None:                       # a cleric may be asked how (prepared, or a cure)
        choose(g, None)
    assert g.battle.history[-1]["action"] == "cast" and g.battle.history[-1]["args"]["spell"] == "bless_water"
    g.draw()
    assert ("continue_casting", False) in [(n, e) for n, _r, e, _w in g.buttons]   # shown, closed this turn
    for _ in range(9):
        end_turn(g)                                # Jozan's, then the orc's
        end_turn(g)
        g.draw()
        assert ("continue_casting", True) in [(n, e) for n, _r, e, _w in g.buttons]
        click_button(g, "continue_casting")
        assert g.battle.history[-1]["action"] == "continue_casting"
    end_turn(g)
    end_turn(g)
    assert g.battle.read("jozan", Spellcasting).pending is None
    assert "holy_water" in g.battle.read("jozan", Inventory).items
    assert any("holy water" in text for text, _c in g.log)
