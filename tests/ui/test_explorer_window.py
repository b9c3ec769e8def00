"""The explorer window, driven through posted pygame events (SDL dummy driver)."""
from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.content.scenario import load_scenario
from game.engine import Battle
from game.rules.threat import threatened_squares
from game.ui.app import Explorer, main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def app():
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    battle = Battle(load_scenario(ROOT / "maps" / "old_mill.toml"))
    explorer = Explorer(battle, screen, "en")
    pygame.event.clear()
    yield explorer
    battle.close()
    pygame.quit()


def pump(app: Explorer) -> None:
    for event in pygame.event.get():
        app.handle(event)
    app.draw()


def centre(app: Explorer, square) -> tuple[int, int]:
    x, y = app.cam.to_screen(square)
    return x + app.cam.cell // 2, y + app.cam.cell // 2


def test_click_selects_and_hover_previews_the_safest_path_with_provocations(app):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=centre(app, (13, 10))))
    pump(app)
    assert app.selected == "aldric"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(app, (9, 4)), rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    ov = app.overlay
    assert ov.path[0] == (13, 10) and ov.path[-1] == (9, 4)
    assert "gnoll_1" in {w for names in ov.provokes.values() for w in names}
    assert "40 ft" in ov.caption and "Gnoll" in ov.caption


def test_keys_toggle_threat_and_charge_lanes(app):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=centre(app, (14, 2))))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t))
    pump(app)
    assert app.selected == "grakh" and app.show_threat
    board = app.battle.board()
    expected = set().union(*(threatened_squares(board, b) for b in board.bodies if b.side == "blue"))
    assert app.overlay.threat == expected and (14, 5) not in expected   # the enemies' threat, not the ogre's
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(app, (13, 10)), rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    assert app.charge_mode and app.overlay.lane and app.overlay.lane_ok


def test_zoom_keeps_the_square_under_the_mouse(app):
    before = app.cam.cell
    target = centre(app, (10, 7))
    pygame.mouse.set_pos(target)
    app.cam.zoom(1, target)
    assert app.cam.cell > before
    assert app.cam.to_square(target) == (10, 7)


def test_escape_ends_the_loop_and_play_opens_the_default_map():
    assert main(frames=3) == 0


def test_random_input_never_breaks_the_window(app):
    rng = random.Random(5)
    kinds = [pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.KEYDOWN, pygame.MOUSEWHEEL]
    keys = [pygame.K_t, pygame.K_r, pygame.K_c, pygame.K_m, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
            pygame.K_DOWN, pygame.K_PLUS, pygame.K_MINUS, pygame.K_a]
    for i in range(600):
        kind = rng.choice(kinds)
        pos = (rng.randrange(-50, 1330), rng.randrange(-50, 850))
        if kind == pygame.MOUSEMOTION:
            ev = pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        elif kind == pygame.KEYDOWN:
            ev = pygame.event.Event(kind, key=rng.choice(keys))
        elif kind == pygame.MOUSEWHEEL:
            ev = pygame.event.Event(kind, x=0, y=rng.choice((-1, 1)))
        else:
            ev = pygame.event.Event(kind, button=rng.choice((1, 2, 3)), pos=pos)
        pygame.event.post(ev)
        if i % 20 == 0:
            pump(app)
    pump(app)
    assert app.running
    assert app.cam.cell in (16, 20, 24, 32, 40, 48, 64, 80, 96)
    assert app.battle.board().body("aldric").pos == (13, 10)   # looking never moves anyone
