"""The spell list says each spell's level and the castings of it left, as the engine
counts them (``spell_views.spell_castings``; issue 14 play-test leftovers) — driven by posted
pygame events: cast one, and the count drops in the list."""
from __future__ import annotations

import pygame
import pytest
from test_game_screen import at, click, click_button, open_screen

from game.world.components import Spellcasting

GRID = "\n".join("." * 12 for _ in range(6))


def scenario(*creatures: str) -> str:
    return f'seed = 5\n[map]\ngrid = """\n{GRID}\n"""\n' + "\n".join(f"[[creature]]\n{c}\n" for c in creatures)


ORC = '''id = "orc"
side = "red"
at = [8, 2]
hp = 60
initiative = 10
'''
WIZARD = '''id = "wiz"
name = "Mialee"
side = "blue"
at = [1, 2]
caster_class = "wizard"
caster_level = 3
int = 16
initiative = 20
spells = ["ray_of_frost", "magic_missile", "magic_missile"]
'''
SORCERER = '''id = "sorc"
side = "blue"
at = [1, 2]
caster_class = "sorcerer"
caster_level = 5
cha = 16
initiative = 20
spells = ["magic_missile", "scorching_ray"]
spell_slots = [0, 2, 1]
'''


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.quit()


def labels_of(g) -> dict:
    """The open spell list as {value: label}."""
    return {value: label for label, value in g.dialog.choices}


def next_turn_of(g, who: str) -> None:
    g.motion.finish()                              # the cast's animations played out
    g.battle.act(who, "end_turn")
    while g.battle.turn != who:
        g.battle.act(g.battle.turn, "end_turn")
    g._after_events([])
    g.handoff = None


def choose(g, value) -> None:
    g.draw()
    rect = next(r for r, (_label, v) in zip(g.dialog.rects, g.dialog.choices) if v == value)
    click(g, rect.center)


@pytest.mark.parametrize("lang,before,after", [
    ("en", "Magic Missile (1st, 2 left)", "Magic Missile (1st, 1 left)"),
    ("fr", "Projectile magique (niv. 1, reste 2)", "Projectile magique (niv. 1, reste 1)")])
def test_casting_a_prepared_spell_drops_its_count_in_the_list(lang, before, after):
    g = open_screen(scenario(WIZARD, ORC), lang)
    g.handoff = None
    click_button(g, "cast")
    shown = labels_of(g)
    assert shown[("spell", "magic_missile")] == before
    assert shown[("spell", "ray_of_frost")] == ("Ray of Frost (level 0, 1 left)" if lang == "en"
                                                else "Rayon de givre (niv. 0, reste 1)")
    choose(g, ("spell", "magic_missile"))
    click(g, at(g, (8, 2)))                        # the orc: its one missile (caster level 3: two)
    click(g, at(g, (8, 2)))
    assert g.battle.history[-1]["action"] == "cast"
    assert g.battle.comp("wiz", Spellcasting).prepared.count("magic_missile") == 1
    next_turn_of(g, "wiz")
    click_button(g, "cast")
    assert labels_of(g)[("spell", "magic_missile")] == after


def test_a_sorcerers_spell_counts_the_slots_of_its_level_and_higher():
    """A spell known is cast from the lowest slot of its level or higher (SRD Sorcerer):
    magic missile has 2 + 1 castings, scorching ray 1; casting the ray leaves the missile 2."""
    g = open_screen(scenario(SORCERER, ORC))
    g.handoff = None
    click_button(g, "cast")
    shown = labels_of(g)
    assert shown[("known", "magic_missile")] == "Magic Missile (1st, 3 left)"
    assert shown[("known", "scorching_ray")] == "Scorching Ray (2nd, 1 left)"
    choose(g, ("known", "scorching_ray"))
    click(g, at(g, (8, 2)))
    assert g.battle.history[-1]["args"]["spell"] == "scorching_ray"
    next_turn_of(g, "sorc")
    click_button(g, "cast")
    shown = labels_of(g)
    assert shown[("known", "magic_missile")] == "Magic Missile (1st, 2 left)"
    assert shown[("refused", "Scorching Ray: no casting of it left today.")] == "Scorching Ray (2nd, none left)"


def test_a_wand_shows_its_charges_and_a_power_its_uses():
    carrier = WIZARD.replace('spells = ["ray_of_frost", "magic_missile", "magic_missile"]',
                             'spells = []\ninventory = ["wand_magic_missile"]\nholding = "wand_magic_missile"\n'
                             'spell_like = { sleep = 2 }')
    g = open_screen(scenario(carrier, ORC))
    g.handoff = None
    click_button(g, "cast")
    shown = labels_of(g)
    assert shown[("item", "wand_magic_missile")] == "Wand of magic missile (1st, 50 charges left)"
    assert shown[("spell_like", "sleep")] == "Sleep (power, 1st, 2 left today)"
