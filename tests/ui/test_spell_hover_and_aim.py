"""The spell list and the aim, as the play-test found them (issues 41, 65, 111-113),
driven by posted pygame events: a hovered spell says what it does, its range, area and
save (from its data, in both languages); the caption names the spell being aimed; each
creature chosen for magic missile is marked; a spell cast to the last keeps its greyed
row, even on a screen made anew (a loaded save), so rows never shift under the pointer."""
from __future__ import annotations

import pygame
import pytest
from test_game_screen import at, click, click_button, open_screen, pump

from game.ui.game_screen import GameScreen

GRID = "\n".join("." * 14 for _ in range(8))
WIZARD = '''id = "wiz"
name = "Mialee"
side = "blue"
at = [1, 2]
caster_class = "wizard"
caster_level = 5
int = 16
initiative = 20
spells = ["magic_missile", "web", "flaming_sphere", "fireball"]
'''
ORC = '''id = "orc{n}"
side = "red"
at = [{x}, {y}]
hp = 60
initiative = 10
'''


def scenario() -> str:
    orcs = [ORC.format(n=1, x=9, y=2), ORC.format(n=2, x=10, y=5)]
    return f'seed = 5\n[map]\ngrid = """\n{GRID}\n"""\n' + "\n".join(f"[[creature]]\n{c}\n" for c in [WIZARD] + orcs)


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.quit()


def hover(g, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)


def row_of(g, value) -> int:
    return next(i for i, (_label, v) in enumerate(g.dialog.choices) if v == value)


def open_list(g) -> None:
    g.handoff = None
    click_button(g, "cast")
    g.draw()


@pytest.mark.parametrize("lang,words", [
    ("en", ["1d6 fire per level (max 10d6)", "range 600 ft", "20-ft-radius spread", "Reflex half"]),
    ("fr", ["1d6 de feu par niveau (max 10d6)", "portée 180 m", "étendue de 6 m de rayon", "Réflexes 1/2"])])
def test_hovering_a_spell_says_what_it_does_its_range_area_and_save(lang, words):
    g = open_screen(scenario(), lang)
    open_list(g)
    assert g.dialog.tip() == ""                          # nothing hovered: no line
    i = row_of(g, ("spell", "fireball"))
    hover(g, g.dialog.rects[i].center)
    tip = g.dialog.tip()
    for word in words:
        assert word in tip, tip
    j = row_of(g, ("spell", "magic_missile"))
    hover(g, g.dialog.rects[j].center)
    assert ("up to 3 creatures" if lang == "en" else "jusqu'à 3 créatures") in g.dialog.tip()   # level 5: 3 missiles
    g.battle.close()


def test_the_caption_names_the_spell_aimed_and_each_missile_target_is_marked():
    g = open_screen(scenario())
    open_list(g)
    click(g, g.dialog.rects[row_of(g, ("spell", "magic_missile"))].center)
    assert g.mode == "cast"
    hover(g, at(g, (5, 6)))
    g.refresh()
    assert g.overlay.caption.startswith("Aiming Magic Missile"), g.overlay.caption
    assert not g.overlay.marks
    click(g, at(g, (9, 2)))                               # the first missile at orc1
    hover(g, at(g, (5, 6)))
    g.refresh()
    orc1 = g.battle.board().body("orc1").pos
    assert (orc1, "1") in g.overlay.marks, g.overlay.marks
    click(g, at(g, (10, 5)))                              # the second at orc2, not cast yet (3 missiles)
    click(g, at(g, (5, 6)))                               # an empty square: nothing
    g.refresh()
    orc2 = g.battle.board().body("orc2").pos
    assert (orc1, "1") in g.overlay.marks and (orc2, "2") in g.overlay.marks, g.overlay.marks
    assert all(h["action"] != "cast" for h in g.battle.history)
    g.battle.close()


def test_a_spell_cast_to_the_last_keeps_its_row_even_on_a_new_screen():
    g = open_screen(scenario())
    open_list(g)
    before = [v for _label, v in g.dialog.choices]
    web_row = row_of(g, ("spell", "web"))
    click(g, g.dialog.rects[row_of(g, ("spell", "magic_missile"))].center)
    for _ in range(3):
        click(g, at(g, (9, 2)))                           # three missiles: cast
    assert g.battle.history[-1]["action"] == "cast"
    fresh = GameScreen(g.battle, g.screen, "en")          # what a load makes: a screen that remembers nothing
    fresh.motion.finish()
    fresh.battle.act("wiz", "end_turn")
    while fresh.battle.turn != "wiz":
        fresh.battle.act(fresh.battle.turn, "end_turn")
    fresh._after_events([])
    open_list(fresh)
    after = [v for _label, v in fresh.dialog.choices]
    assert len(after) == len(before)
    assert row_of(fresh, ("spell", "web")) == web_row     # Web where it was: no Flaming Sphere under the pointer
    spent = fresh.dialog.choices[before.index(("spell", "magic_missile"))]
    assert spent[0] == "Magic Missile (1st, none left)" and fresh.dialog.greyed(before.index(("spell", "magic_missile")))
    click(fresh, fresh.dialog.rects[web_row].center)
    assert fresh.mode == "cast" and fresh.aim.spell == "web"
    g.battle.close()
