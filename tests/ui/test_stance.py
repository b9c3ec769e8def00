"""Fighting defensively and nonlethal damage chosen in the window (issue 14, item 4: every
choice ``act`` takes reachable from the window), driven by posted clicks: the toggle goes
into the command the attack sends, the hover odds follow it, and the next turn starts plain."""
from __future__ import annotations

import pygame
import pytest

from tests.ui.test_game_screen import DUEL, at, click, open_screen, pump


@pytest.fixture
def game():
    g = open_screen(DUEL.replace("at = [6, 1]", "at = [2, 1]"))      # the orc beside the hero
    g.handoff = None
    g.draw()
    yield g
    g.battle.close()
    pygame.quit()


def _button(g, name):
    g.draw()
    return next(b for b in g.buttons if b.name == name)


def test_fighting_defensively_goes_into_the_attack_and_its_odds(game):
    g = game
    click(g, _button(g, "attack").rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, (2, 1)), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    plain = g._odds_line("hero", "orc")
    click(g, _button(g, "stance:defensively").rect.center)
    assert g.stance.defensively and g.mode == "attack"
    careful = g._odds_line("hero", "orc")
    assert careful and careful != plain                           # −4 to hit: other chances
    click(g, at(g, (2, 1)))
    assert g.battle.history[-1]["action"] == "attack"
    assert g.battle.history[-1]["args"].get("defensively") is True


def test_nonlethal_goes_into_a_single_attack_and_the_next_turn_starts_plain(game):
    g = game
    click(g, _button(g, "stance:nonlethal").rect.center)
    click(g, _button(g, "attack").rect.center)
    click(g, at(g, (2, 1)))
    assert g.battle.history[-1]["args"].get("nonlethal") is True
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e"))
    pump(g)
    g.handoff = None
    g.draw()
    assert g.current != "hero" and not g.stance.nonlethal and not g.stance.defensively


def test_the_minimum_move_is_reached_through_more_and_a_square():
    g = open_screen(DUEL)                       # the orc far off: the step provokes nobody
    g.handoff = None
    click(g, _button(g, "more").rect.center)
    labels = [label for label, _v in g.dialog.choices]
    assert "Move 5 ft (full round)" in labels
    g.draw()
    click(g, g.dialog.rects[labels.index("Move 5 ft (full round)")].center)
    assert g.mode == "more"
    click(g, at(g, (1, 2)))
    try:
        assert g.battle.history[-1]["action"] == "minimum_move" and g.battle.board().body("hero").pos == (1, 2)
    finally:
        g.battle.close()
        pygame.quit()
