"""The victory screen (issue 14, item 7), driven by posted pygame events: the chart's
numbers by its bars and the rounds fought; "Rematch" starts the same scenario afresh with
the same players; "Back to the menu" and "Quit" leave the battle."""
from __future__ import annotations

import pygame
import pytest

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.i18n import sentence
from game.ui.game_screen import GameScreen
from game.world import views
from tests.ui.test_game_screen import click, pump

DUEL = """
seed = 3
[map]
grid = \"\"\"
......
......
\"\"\"
[[creature]]
id = "hero"
name = "Héros"
side = "blue"
at = [1, 0]
weapon = "greataxe"
str = 30
bab = 8
initiative = 20

[[creature]]
id = "orc"
side = "red"
at = [2, 0]
weapon = "club"
hp = 5
initiative = 10
"""


def settle(g):
    """The animations and the computer's turns played out on the window's clock."""
    for _ in range(200):
        if not g.motion.busy() and not g.computer.playing():
            return
        g.update(1000)


def at(g, square):
    x, y = g.cam.to_screen(square)
    return x + g.cam.cell // 2, y + g.cam.cell // 2


def win(g):
    """The hero attacks the orc by posted clicks each of its turns until the battle is won
    (the orc, a computer's, plays its own)."""
    for _ in range(12):
        if g.battle.winner:
            break
        g.handoff = None
        if g.current == "hero":
            g.draw()
            rect = next(r for n, r, _e, _why in g.buttons if n == "attack")
            click(g, rect.center)
            click(g, at(g, (2, 0)))
            settle(g)
            if g.battle.winner is None and g.current == "hero":
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e))
                pump(g)
        settle(g)
    settle(g)
    g.draw()
    assert g.battle.winner == "blue" and g.victory.shown()


@pytest.fixture(params=["en", "fr"])
def game(request):
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    g = GameScreen(Battle(parse_scenario(DUEL, "test.toml")), screen, request.param, control={"red": "ai:easy"})
    pygame.event.clear()
    win(g)
    yield g
    g.battle.close()
    pygame.quit()


def button(g, role):
    return next(r for name, r in g.victory.rects if name == role)


def test_the_chart_writes_each_creatures_damage_and_the_rounds(game):
    g = game
    dealt, taken = g.damage["hero"][0], g.damage["orc"][1]
    assert dealt >= 5 and taken == dealt               # the orc's 5 hit points and more
    written = g.victory.written
    assert written[0] == sentence("UI_VICTORY", {"side": g.side_label("blue")}, g.lang)
    assert sentence("UI_VICTORY_ROUNDS", {"rounds": g.battle.round}, g.lang) in written
    hero = written.index("Héros")
    assert written[hero + 1:hero + 3] == [str(dealt), str(g.damage["hero"][1])]
    orc = written.index(g.names.get("orc", "orc"))
    assert written[orc + 1:orc + 3] == [str(g.damage["orc"][0]), str(taken)]
    assert [sentence(f"UI_VICTORY_{r}", {}, g.lang) for r in ("REMATCH", "MENU", "QUIT")] == written[-3:]


def test_rematch_starts_the_same_scenario_afresh_with_the_same_players(game):
    g = game
    old, scenario = g.battle, g.battle.scenario
    click(g, button(g, "rematch").center)
    assert g.battle is not old and g.battle.scenario.rows == scenario.rows
    assert g.battle.scenario.variants == scenario.variants and g.battle.scenario.seed != scenario.seed   # new dice
    assert g.battle.winner is None and g.battle.round == 1 and g.running and not g.back_to_menu
    assert all(views.health(g.battle, cid)[0] == views.health(g.battle, cid)[1] for cid in ("hero", "orc"))
    assert g.damage == {"hero": [0, 0], "orc": [0, 0]}
    assert g.computer.control["red"] == "ai:easy" and g.computer.is_computer("orc")
    assert not g.victory.shown()
    click(g, at(g, (2, 0)))                            # the board answers again, not the old screen's buttons
    assert g.battle.winner is None and g.inspected == "orc"
    win(g)                                             # and the new battle can be won too


def test_back_to_the_menu_and_quit_leave_the_battle(game):
    g = game
    click(g, (5, 5))                                   # beside the buttons: nothing happens
    assert g.running and g.battle.winner == "blue"
    click(g, button(g, "menu").center)
    assert g.back_to_menu and not g.running
    g.running, g.back_to_menu = True, False
    pygame.event.clear()
    click_pos = button(g, "quit").center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=click_pos))
    g.handle(pygame.event.get()[0])
    assert not g.running and not g.back_to_menu
    assert any(e.type == pygame.QUIT for e in pygame.event.get())
