"""Issue 14, item 3: the battle camera stays inside the map. It fits the map on start, and
after any zoom, pan or resize a map larger than the view never shows an empty band beyond
its edge, and its last row can be brought into view above the log; a smaller one stays
centred. Driven with posted wheel, key, drag and resize events."""
from __future__ import annotations

import pygame

from tests.ui.test_game_screen import DUEL, big_field, open_screen, pump


def visible(g) -> pygame.Rect:
    """The map's pixels the board shows, in the map's own pixel coordinates."""
    view = g._board_rect()
    return pygame.Rect(g.cam.ox, g.cam.oy, view.w, view.h)


def map_rect(g) -> pygame.Rect:
    t = g.battle.terrain
    return pygame.Rect(0, 0, t.width * g.cam.cell + 1, t.height * g.cam.cell + 1)


def post(*events) -> None:
    for e in events:
        pygame.event.post(e)


def test_zooming_and_panning_a_large_map_never_shows_beyond_its_edges():
    g = open_screen(big_field(60, 40))
    g.handoff = None
    assert map_rect(g).contains(visible(g))
    corners = [(5, 5), (930, 5), (5, 620), (930, 620), (470, 315)]
    wheel = [(-1, (5, 5))] * 4 + [(1, (5, 5))] * 8 + [(-1, (5, 5))] * 8      # every zoom level, out and in
    for step, anchor in wheel + [(1, a) for a in corners] + [(-1, a) for a in corners]:
        pygame.mouse.set_pos(anchor)
        post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=step))
        pump(g)
        assert map_rect(g).contains(visible(g)), (g.cam.cell, g.cam.ox, g.cam.oy)
    for k in (pygame.K_LEFT,) * 80 + (pygame.K_UP,) * 80:
        post(pygame.event.Event(pygame.KEYDOWN, key=k))
    pump(g)
    assert (g.cam.ox, g.cam.oy) == (0, 0)                      # at the top left corner, not beyond it
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(100, 100)),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(900, 600), rel=(800, 500), buttons=(0, 0, 1)),
         pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=(900, 600)))
    pump(g)
    assert (g.cam.ox, g.cam.oy) == (0, 0)                      # dragged further: still no empty band
    g.battle.close()
    pygame.quit()


def test_the_last_row_and_column_come_into_view_above_the_log_and_beside_the_panel():
    g = open_screen(big_field(60, 40))
    g.handoff = None
    for k in (pygame.K_DOWN,) * 80 + (pygame.K_RIGHT,) * 80:
        post(pygame.event.Event(pygame.KEYDOWN, key=k))
    pump(g)
    board = g._board_rect()
    assert visible(g).bottom == map_rect(g).bottom and visible(g).right == map_rect(g).right
    assert g.cam.to_square((board.right - 2, board.bottom - 2)) == (59, 39)       # the last square, in view
    below = g.cam.to_screen((0, 40))[1]
    assert below <= board.bottom                               # nothing of the map left under the log
    g.battle.close()
    pygame.quit()


def test_after_a_resize_the_view_is_still_on_the_map():
    g = open_screen(big_field(60, 40))
    g.handoff = None
    for k in (pygame.K_DOWN,) * 80 + (pygame.K_RIGHT,) * 80:
        post(pygame.event.Event(pygame.KEYDOWN, key=k))
    pump(g)
    g.screen = pygame.display.set_mode((1600, 1000))         # a larger window: the view must come back
    post(pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 1000), w=1600, h=1000))
    pump(g)
    assert map_rect(g).contains(visible(g))
    assert visible(g).bottom == map_rect(g).bottom            # still at the bottom edge, not beyond it
    g.battle.close()
    pygame.quit()


def test_a_small_map_fits_on_start_and_stays_centred_whatever_the_player_does():
    g = open_screen(DUEL)                                      # 10 × 4 squares
    g.handoff = None
    board, m = g._board_rect(), map_rect(g)
    assert g.cam.cell == 48                                    # the largest zoom (up to 48) that shows it all
    assert abs(-g.cam.ox * 2 - (board.w - m.w)) <= 1 and abs(-g.cam.oy * 2 - (board.h - m.h)) <= 1
    centred = (g.cam.ox, g.cam.oy)
    post(*[pygame.event.Event(pygame.KEYDOWN, key=k) for k in (pygame.K_LEFT, pygame.K_DOWN, pygame.K_DOWN)])
    pump(g)
    assert (g.cam.ox, g.cam.oy) == centred
    g.battle.close()
    pygame.quit()
