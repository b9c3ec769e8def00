"""The drawn map is kept in pieces within a budget (issue 14, item 9: a whole-map picture
per zoom level took a gigabyte on a 100 x 100 map), and a piece drawn again after it was
forgotten looks exactly as it did."""
from __future__ import annotations

import pygame

from game.bench_ui import zoom_map_text
from game.content.scenario import parse_scenario
from game.engine import Battle
from game.ui.board_view import CHUNK_BUDGET, ZOOMS, BoardView, Camera


def _view(battle) -> BoardView:
    return BoardView(battle.board(), {s.id: s.name for s in battle.scenario.creatures})


def test_every_zoom_level_on_a_big_map_stays_within_the_budget_and_draws_the_same():
    pygame.display.init()
    battle = Battle(parse_scenario(zoom_map_text(), "zoom.toml"))
    try:
        screen = pygame.Surface((940, 630))
        fresh = _view(battle)
        far = Camera(96, 80 * 96, 80 * 96)                  # the bottom-right corner, closest zoom
        fresh.draw(screen, far)
        expected = pygame.image.tobytes(screen, "RGB")
        view = _view(battle)
        view.draw(screen, far)
        first = view.kept_terrain()
        for cell in ZOOMS:
            for ox, oy in ((0, 0), (50 * cell, 0), (0, 50 * cell), (90 * cell, 90 * cell)):
                view.draw(screen, Camera(cell, ox, oy))
                assert view.kept_pixels() <= CHUNK_BUDGET + max(s.get_width() * s.get_height()
                                                                for s in view.kept_terrain())
        assert not any(a is b for a in first for b in view.kept_terrain())      # forgotten
        view.draw(screen, far)                              # its pieces drawn again
        assert pygame.image.tobytes(screen, "RGB") == expected
    finally:
        battle.close()
        pygame.quit()
