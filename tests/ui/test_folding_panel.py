"""A narrow window folds the panel into a strip (issue 15, item 3: any size from 320x240
draws and can be played); Tab or a click on the strip opens it over the board; a panel
taller than the window scrolls with the wheel. Driven by posted events."""
from __future__ import annotations

import pygame
import pytest

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.ui.game_screen import GameScreen
from tests.ui.test_game_screen import DUEL


def _screen(size) -> GameScreen:
    pygame.display.init()
    pygame.font.init()
    g = GameScreen(Battle(parse_scenario(DUEL, "test.toml")), pygame.display.set_mode(size), "en")
    g.handoff = None
    pygame.event.clear()
    g.draw()
    return g


def _post(g, *events) -> None:
    for e in events:
        pygame.event.post(e)
    for e in pygame.event.get():
        g.handle(e)
    g.draw()


def _key(key):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")


@pytest.fixture
def small():
    g = _screen((640, 480))
    yield g
    g.battle.close()
    pygame.quit()


def test_a_narrow_window_folds_the_panel_and_gives_the_board_the_width(small):
    g = small
    assert g.folded() and not g.buttons and g.board_rect().width > 640 - 340
    _post(g, _key(pygame.K_TAB))
    assert g.buttons and all(g.panel_rect().contains(b.rect) for b in g.buttons)
    move = next(b for b in g.buttons if b.name == "move")
    _post(g, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=move.rect.center))
    assert g.mode == "move"
    _post(g, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(20, 20)))       # beside the panel
    assert not g.panel_open and not g.buttons


def test_a_click_on_the_strip_opens_it_and_number_keys_work_folded(small):
    g = small
    _post(g, _key(pygame.K_5))                     # charge, though its button is not drawn
    assert g.mode == "charge"
    _post(g, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(635, 200)))
    assert g.panel_open and g.buttons


def test_a_panel_taller_than_the_window_scrolls_with_the_wheel(small):
    g = small
    _post(g, _key(pygame.K_TAB))
    names = {b.name for b in g.buttons}
    assert "end_turn" not in names                 # below the window's foot
    inside = g.panel_rect().center
    _post(g, pygame.event.Event(pygame.MOUSEMOTION, pos=inside, rel=(0, 0), buttons=(0, 0, 0)),
          *[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)] * 10)
    assert "end_turn" in {b.name for b in g.buttons} and g.panel_scroll > 0
    end = next(b for b in g.buttons if b.name == "end_turn")
    _post(g, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=end.rect.center))
    assert g.battle.history and g.battle.history[-1]["action"] == "end_turn"


@pytest.mark.parametrize("size", [(320, 240), (1280, 800)])
def test_the_smallest_and_the_usual_window_draw_a_board_with_room(size):
    g = _screen(size)
    try:
        board = g.board_rect()
        assert board.width >= size[0] - 340 and board.height >= 100
        assert g.folded() == (size[0] < 720)
    finally:
        g.battle.close()
        pygame.quit()
