"""Drawing and hovering only read the battle: they must not count as a change (a read
through the writing door bumps the revision, so every frame threw away what ``options``
had worked out and asked it all again — a frame then took ten times as long), and the
parts of the window that keep last frame's picture must draw it again when it changes."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.content.scenario import load_scenario
from game.engine import Battle
from game.ui.game_screen import GameScreen
from game.world import commands as C

MAPS = sorted(Path(__file__).resolve().parents[2].joinpath("maps").glob("*.toml"))


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_a_frame_and_a_hover_leave_the_battle_and_its_answers_as_they_were(path):
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    battle = Battle(load_scenario(path))
    try:
        g = GameScreen(battle, screen, "en")
        g.handoff = None
        g.draw()
        revision, asked = battle.revision, battle.options(g.current)
        for mode in (None, "move", "attack", "full_attack", "charge", "trip", "withdraw"):
            g.mode = mode
            for cid in list(battle.entities)[:5]:
                x, y = g.cam.to_screen(battle.board().body(cid).pos)
                g.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 3, y + 3), rel=(0, 0), buttons=(0, 0, 0)))
                g.draw()
        assert battle.revision == revision
        assert battle.options(g.current) is asked            # the answers were kept, not worked out again
    finally:
        battle.close()
        pygame.quit()


def test_the_kept_pictures_are_drawn_again_when_the_battle_moves_on():
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    battle = Battle(load_scenario(MAPS[0]))
    try:
        g = GameScreen(battle, screen, "en")
        g.handoff = None
        g.draw()
        panel = pygame.Rect(screen.get_width() - 340, 0, 340, 800)
        before_panel = pygame.image.tobytes(screen.subsurface(panel), "RGB")
        before_log = pygame.image.tobytes(screen.subsurface(g.log_view.rect), "RGB")
        g.draw()
        assert pygame.image.tobytes(screen.subsurface(panel), "RGB") == before_panel     # kept, the same
        who = g.current
        g.submit(C.EndTurn(who))
        g.handoff = None
        g.draw()
        assert g.current != who
        assert pygame.image.tobytes(screen.subsurface(panel), "RGB") != before_panel     # the next creature's
        assert pygame.image.tobytes(screen.subsurface(g.log_view.rect), "RGB") != before_log
    finally:
        battle.close()
        pygame.quit()
