"""The spell list greys a spell with the reason that blocks it now (play-test 2, item 5):
after a double move, a caster whose shield and weapon fill his hands reads "no standard
action", not "no free hand", and is not offered to drop his weapon to free a hand he has
no action left to cast with."""
from __future__ import annotations

import pygame
import pytest

from tests.boards import open_grid, scenario_text
from tests.ui.test_game_screen import at, click, click_button, open_screen, pump

HANDS_FULL = scenario_text(
    open_grid(12, 3),
    {"id": "cleric", "name": "Jozan", "side": "blue", "at": [1, 1], "caster_class": "cleric", "caster_level": 1,
     "wis": 15, "spells": ["cure_light_wounds", "bless"], "weapon": "heavy_mace", "shield": "heavy_wooden_shield",
     "initiative": 20},
    {"id": "orc", "name": "Grosbras", "side": "red", "at": [11, 1], "weapon": "club", "initiative": 5},
    seed=3)


@pytest.fixture
def screen():
    made = []

    def make(text, lang="en"):
        g = open_screen(text, lang)
        made.append(g)
        return g
    yield make
    pygame.display.quit()


def _move(g, square) -> None:
    click_button(g, "move")
    click(g, at(g, square))
    pump(g)


def _spell_list(g) -> list[tuple[str, tuple]]:
    click_button(g, "cast")
    assert g.dialog is not None
    return list(g.dialog.choices)


def _why(g, name: str) -> str:
    g.draw()
    return next(why for n, _rect, _enabled, why in g.buttons if n == name)


def test_after_a_double_move_the_spell_button_says_no_standard_action(screen):
    g = screen(HANDS_FULL)
    before = _spell_list(g)
    assert any(value[0] == "fix" for _label, value in before)            # with its actions, drop frees a hand
    assert all(label.endswith("— no free hand") for label, value in before if value[0] == "refused")
    g.dialog = None
    _move(g, (3, 1))
    _move(g, (5, 1))
    left = g.battle.actions_left()
    assert not left["standard"] and not left["move"] and left["swift"]
    why = _why(g, "cast")
    assert why == g.say(g.battle.options("cleric")["cast"].refusal) and "standard action" in why, why
    assert "hand" not in why and "hand" not in g.notes.get("cast", "")
    click_button(g, "cast")
    assert g.dialog is None or not any(value[0] == "fix" for _label, value in g.dialog.choices)


QUICK_MAGE = scenario_text(
    open_grid(12, 3),
    {"id": "mage", "name": "Mialee", "side": "blue", "at": [1, 1], "caster_class": "wizard", "caster_level": 12,
     "int": 20, "spells": ["quickened:stilled:magic_missile", "magic_missile"],
     "feats": ["quicken_spell", "still_spell"], "weapon": "longsword", "shield": "heavy_steel_shield",
     "initiative": 20},
    {"id": "orc", "name": "Grosbras", "side": "red", "at": [11, 1], "weapon": "club", "hp": 40, "initiative": 5},
    seed=3)


def test_after_a_double_move_the_list_greys_a_spell_for_the_action_and_offers_no_drop(screen):
    """A quickened, stilled spell still goes with the swift action, so the list opens; the
    plain one is greyed for the standard action it lacks, and nothing to free a hand is
    offered (a hand would not give the action back)."""
    g = screen(QUICK_MAGE)
    before = _spell_list(g)
    assert any(label.endswith("— no free hand") for label, value in before if value[0] == "refused")
    assert any(value[0] == "fix" for _label, value in before)
    g.dialog = None
    _move(g, (3, 1))
    _move(g, (5, 1))
    after = _spell_list(g)
    refused = [label for label, value in after if value[0] == "refused"]
    assert refused == [next(label for label, _v in after if label.startswith("Magic Missile (1st"))], after
    assert refused[0].endswith("— no standard action")
    assert any(value[0] != "refused" and value[0] != "fix" for _label, value in after)  # the quickened one
    assert not any(value[0] == "fix" for _label, value in after), after
