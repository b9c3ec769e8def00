"""Aiming an area spell in the window names whom the area catches, as the engine's
preview records them (``Odds.caught``): by their names, an ally marked, each with its save
chance and mean damage, its square marked; and a save for half reads as a halving in the
log ("½ (save)"), never as a negative bonus (issue 14 play-test leftovers). Driven by
posted pygame events."""
from __future__ import annotations

import pygame
import pytest
from test_game_screen import click, click_button, open_screen, pump

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.ui.combat_log import lines
from game.world.components import Stats

GRID = "\n".join("." * 14 for _ in range(8))
BATTLE = f'seed = 5\n[map]\ngrid = """\n{GRID}\n"""\n' + '''
[[creature]]
id = "wiz"
name = "Mialee"
side = "blue"
at = [1, 2]
caster_class = "wizard"
caster_level = 5
int = 16
initiative = 20
spells = ["fireball", "fireball"]

[[creature]]
id = "knight"
name = "Aldric"
side = "blue"
at = [8, 3]
hp = 30
initiative = 5

[[creature]]
id = "g1"
name = "Gnoll 1"
template = "gnoll"
side = "red"
at = [9, 2]
initiative = 10

[[creature]]
id = "g2"
name = "Gnoll 2"
template = "gnoll"
side = "red"
at = [12, 6]
hp = 40
initiative = 9
'''


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.quit()


def aim_fireball(g, corner) -> None:
    """Open the spell list, choose the fireball and point at the grid intersection ``corner``."""
    g.handoff = None
    click_button(g, "cast")
    g.draw()
    rect = next(r for r, (_l, v) in zip(g.dialog.rects, g.dialog.choices) if v == ("spell", "fireball"))
    click(g, rect.center)
    assert g.mode == "cast"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=g.cam.to_screen(corner), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)


@pytest.mark.parametrize("lang,words", [
    ("en", ["Caught: ", "Gnoll 1 (Reflex save 25 %, ≈15.2 damage)", "Aldric (ally!) (Reflex save 25 %"]),
    ("fr", ["Pris dans la zone : ", "Gnoll 1 (jet de Réflexes réussi à 25 %, ≈15,2 dégâts)", "Aldric (allié !)"])])
def test_the_fireball_preview_names_who_is_caught_with_an_ally_marked(lang, words):
    g = open_screen(BATTLE, lang)
    aim_fireball(g, (10, 3))
    caption = g.overlay.caption
    assert all(w in caption for w in words), caption
    assert "Gnoll 2" not in caption and "g1" not in caption and "knight" not in caption     # out of the burst; no ids
    board = g.battle.board()
    assert sorted(g.overlay.marks) == sorted([(board.body("g1").pos, "25%"), (board.body("knight").pos, "25%")])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=g.cam.to_screen((12, 7)), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    assert "Gnoll 2" in g.overlay.caption and "Gnoll 1" not in g.overlay.caption     # follows the pointer


@pytest.mark.parametrize("lang,halved", [("en", "— ½ (save)"), ("fr", "— moitié (jet réussi)")])
def test_a_save_for_half_reads_as_a_halving_in_the_log_and_its_hover(lang, halved):
    g = open_screen(BATTLE, lang)
    aim_fireball(g, (10, 3))
    act = g.battle.act

    def scripted(*args, **kw):                      # the cast's raw faces, the engine's own scripted dice
        g.battle.act = act
        return act(*args, **kw, dice=[6, 6, 6, 2, 2, 20, 1])   # 22 fire; Gnoll 1 saves (11), Aldric fails (22)
    g.battle.act = scripted
    click(g, g.cam.to_screen((10, 3)))
    assert g.battle.history[-1]["args"]["point"] == [10, 3]
    g.motion.finish()
    lines = [str(text) for text, _c in g.log]
    gnoll = next(t for t in lines if t.startswith("Gnoll 1") and "11" in t and ("takes" in t or "subit" in t))
    assert gnoll.endswith(halved) and "-11" not in gnoll and "−11" not in gnoll, gnoll
    knight = next(t for t in lines if t.startswith("Aldric") and ("takes" in t or "subit" in t))
    assert "22" in knight and halved not in knight
    g.draw()
    row = next(r for i, r in g.log_view.rows if str(g.log[i][0]) == gnoll)
    assert any(halved.strip("— ") in line for line in g.log_view.hovered_lines(g.log, row.center))


def test_a_blow_from_the_water_is_said_halved_in_the_log_in_both_languages():
    """SRD "Underwater Combat": a slashing blow from the water deals half damage; the log
    says the roll was halved (" — ½ (in water)"), its dice and bonus those rolled."""
    b = Battle(parse_scenario('seed = 1\n[map]\ngrid = """\n......\n.w....\n......\n"""\n' + '''
[[creature]]
id = "hero"
side = "blue"
at = [0, 1]
initiative = 20
str = 12
weapon = "longsword"
bab = 2

[[creature]]
id = "orc"
side = "red"
at = [2, 1]
initiative = 10
hp = 40
''', "water.toml"))
    b.comp("hero", Stats).values["swim"] = 4
    assert b.act("hero", "swim", {"squares": [[1, 1]]}, dice=[10])[0]
    ok, refusal, ev = b.act("hero", "attack", {"target": "orc"}, dice=[15, 7])      # 1d8+1: 8, halved 4
    assert ok, refusal
    hurt = next(e for e in ev if type(e).__name__ == "DamageDealt")
    assert (hurt.amount, hurt.dice, hurt.bonus, hurt.halved) == (4, (7,), 1, "water")
    names = {"hero": "Hero", "orc": "Orc"}
    for lang, said in (("en", "Orc takes 4 (7 +1) — ½ (in water)"), ("fr", "Orc subit 4 (7 +1) — moitié (dans l'eau)")):
        assert said in [str(t) for t, _c in lines(ev, names, lang)]
