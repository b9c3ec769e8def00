"""The combat log scrolls with the wheel over it and shows a hovered line whole (issue 14,
item 5), driven by posted events on the real battle screen."""
from __future__ import annotations

import pygame
import pytest

from tests.ui.test_game_screen import DUEL, open_screen, pump


@pytest.fixture
def game():
    g = open_screen(DUEL)
    g.handoff = None
    for i in range(60):
        g.log.append((f"line {i} " + "with a long breakdown " * (8 if i == 50 else 0), (200, 200, 200)))
    g.draw()
    yield g
    g.battle.close()
    pygame.quit()


def _over_log(g, line: int | None = None):
    if line is None:
        pos = g.log_view.rect.center
    else:
        pos = next(r for i, r in g.log_view.rows if i == line).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    return pos


def _wheel(g, y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    pump(g)


def _shown(g) -> list[int]:
    return sorted(i for i, _r in g.log_view.rows)


def test_the_wheel_over_the_log_reads_back_and_returns(game):
    g = game
    newest = _shown(g)
    assert newest[-1] == len(g.log) - 1
    cell = g.cam.cell
    _over_log(g)
    _wheel(g, 3)
    assert _shown(g)[-1] == len(g.log) - 4 and g.cam.cell == cell      # the log scrolled, the board did not zoom
    _wheel(g, -10)
    assert _shown(g) == newest


def test_reading_back_keeps_the_lines_in_place_as_new_ones_arrive(game):
    g = game
    _over_log(g)
    _wheel(g, 5)
    before = _shown(g)
    g.log.append(("a new line", (200, 200, 200)))
    g.draw()
    assert _shown(g) == before and g.log_view.offset == 6


def test_the_wheel_over_the_board_still_zooms(game):
    g = game
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(200, 200), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    cell = g.cam.cell
    _wheel(g, 1)
    assert g.cam.cell != cell and g.log_view.offset == 0


def test_a_hovered_line_is_shown_whole_above_the_log(game):
    g = game
    _over_log(g)
    _wheel(g, 9)                        # line 50, the long one, is now on screen
    pos = _over_log(g, 50)
    assert g.log_view.line_at(pos) == 50
    g.draw()
    above = g.screen.subsurface(pygame.Rect(g.log_view.rect.x, g.log_view.rect.y - 40, 400, 36)).copy()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(200, 200), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    plain = g.screen.subsurface(pygame.Rect(g.log_view.rect.x, g.log_view.rect.y - 40, 400, 36)).copy()
    assert pygame.image.tobytes(above, "RGB") != pygame.image.tobytes(plain, "RGB")   # the box over the board
