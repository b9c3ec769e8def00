"""The log after the play-test (81, 101, 130-131), driven by posted pygame events: a click
on "n newer lines below" goes down to the newest; a player's new turn does too; an undone
action's lines read "undone: …" instead of standing as played; a refusal said in the panel
last turn is gone when the turn changes."""
from __future__ import annotations

import pygame
import pytest
from test_game_screen import DUEL, at, click, click_button, open_screen, pump

from game.i18n import sentence


@pytest.fixture
def g():
    screen = open_screen(DUEL)
    screen.handoff = None
    screen.log.extend((f"filler line {n}", (200, 200, 200)) for n in range(60))
    screen.draw()
    yield screen
    screen.battle.close()
    pygame.quit()


def post(event_type, **kw) -> None:
    pygame.event.post(pygame.event.Event(event_type, **kw))


def key(g, k) -> None:
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    pump(g)


def scroll_back(g, steps: int = 10) -> None:
    over_log = g.log_view.rect.center
    post(pygame.MOUSEMOTION, pos=over_log, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEWHEEL, x=0, y=steps, flipped=False)
    pump(g)
    assert g.log_view.offset == steps


def newest_shown(g) -> bool:
    return any(index == len(g.log) - 1 for index, _r in g.log_view.rows)


def test_a_click_on_the_newer_lines_notice_goes_down_to_the_newest(g):
    scroll_back(g)
    g.log.extend((f"computer line {n}", (200, 200, 200)) for n in range(13))
    g.draw()
    assert g.log_view.offset == 23 and not newest_shown(g)      # read back: the new lines stay below
    notice = g.log_view.notice
    assert notice.w > 0 and g.log_view.rect.contains(notice)
    history = len(g.battle.history)
    click(g, notice.center)
    assert g.log_view.offset == 0 and newest_shown(g)
    assert len(g.battle.history) == history                   # the click did nothing else


def test_a_players_new_turn_shows_the_newest_lines(g):
    scroll_back(g)
    key(g, pygame.K_e)                                         # the hero ends its turn: the orc's (a player's) begins
    assert g.battle.turn == "orc"
    assert g.log_view.offset == 0 and newest_shown(g)
    assert sentence("LOG_TURN", {"round": 1, "name": g.names["orc"]}, "en") in [str(t) for t, _c in g.log[-3:]]


def test_an_undone_move_reads_undone_in_the_log(g):
    before = len(g.log)
    click_button(g, "move")
    click(g, at(g, (3, 1)))
    assert g.battle.board().body("hero").pos == (3, 1)
    played = [str(t) for t, _c in g.log[before:]]
    assert played and not any(t.startswith("undone:") for t in played)
    key(g, pygame.K_u)
    assert g.battle.board().body("hero").pos == (1, 1)
    lines = [str(t) for t, _c in g.log]
    assert lines[-1] == sentence("UI_UNDONE", {}, "en")
    assert lines[before:-1] == [f"undone: {t}" for t in played]    # each line of the move, marked
    assert lines[before - 1] == "filler line 59"                   # what came before stays as it was


def test_a_refusal_in_the_panel_is_gone_when_the_turn_changes(g):
    key(g, pygame.K_3)                                         # Attack: nobody within reach
    refusal = g.tip
    assert refusal
    g.draw()
    key(g, pygame.K_e)
    assert g.battle.turn == "orc"
    assert g.tip == ""
