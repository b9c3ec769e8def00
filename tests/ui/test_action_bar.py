"""The action bar grouped by what each action costs (issue 14, item 4), driven by posted
events: the groups in order, number keys that choose as a click would (a greyed one says
why), a layout that does not move as the turn goes on, labels that fit in both languages."""
from __future__ import annotations

import pygame
import pytest

from game.i18n import sentence
from game.ui import action_bar, theme
from game.ui.action_bar import KIND, SHORTCUT_ORDER
from tests.ui.test_game_screen import DUEL, at, open_screen, pump


@pytest.fixture
def game():
    g = open_screen(DUEL)
    g.handoff = None
    g.draw()
    yield g
    g.battle.close()
    pygame.quit()


def _rects(g) -> dict[str, pygame.Rect]:
    return {b.name: pygame.Rect(b.rect) for b in g.buttons}


def _key(g, key) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    pump(g)


def test_each_group_holds_its_kind_of_action_in_the_order_a_turn_goes(game):
    g = game
    headers, placed, _bottom = g.bar.lay_out(g.current, g.buttons_for(g.current), 0, 0, 300)
    order = [group for group, _y in headers]
    assert order == [gr for gr in action_bar.GROUPS if gr in order]
    starts = dict(headers)
    ends = {group: (headers[i + 1][1] if i + 1 < len(headers) else 10 ** 6) for i, (group, _y) in enumerate(headers)}
    for name, rect in placed:
        group = KIND.get(name, "special")
        assert starts[group] < rect.y < ends[group], name
    assert KIND["full_attack"] == "full_round" and KIND["five_foot_step"] == "free" and KIND["trip"] == "standard"


def test_a_number_key_chooses_the_action_as_its_button_would(game):
    g = game
    _key(g, pygame.K_1)
    assert g.mode == "move"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    pump(g)
    _key(g, pygame.K_5)
    assert g.mode == "charge"


def test_a_greyed_action_s_key_says_the_engine_s_reason_and_plays_nothing(game):
    g = game
    assert next(b for b in g.buttons if b.name == "charge").enabled
    _key(g, pygame.K_8)                     # total defense: played at once, the standard action spent
    assert g.battle.history and g.battle.history[-1]["action"] == "total_defense"
    played = len(g.battle.history)
    g.mode = None
    g.draw()
    charge = next(b for b in g.buttons if b.name == "charge")
    assert not charge.enabled and charge.reason
    _key(g, pygame.K_5)
    assert g.mode is None and g.tip == charge.reason and len(g.battle.history) == played


def test_the_buttons_stay_where_they_were_as_the_turn_goes_on(game):
    g = game
    before = _rects(g)
    _key(g, pygame.K_1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at(g, (3, 1))))
    pump(g)
    assert g.battle.board().body("hero").pos == (3, 1)
    after = _rects(g)
    assert {n: r for n, r in after.items() if n in before} == before
    assert any(b.enabled for b in g.buttons) and not next(b for b in g.buttons if b.name == "five_foot_step").enabled


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_label_fits_its_button_whole_in_both_languages(lang):
    g = open_screen(DUEL, lang)
    try:
        g.draw()
        width = next(b.rect.w for b in g.buttons)
        names = set(KIND) | {"more", "mount", "dismount", "climb", "touch", "concentrate", "direct_spell", "break_free"}
        for name in names:
            key = 9 if name in SHORTCUT_ORDER else 0
            size, label = action_bar._fit(sentence(f"ACT_{name}", {}, lang), width - 26 - key)
            assert label == sentence(f"ACT_{name}", {}, lang), (name, label)
            assert theme.font(size).size(label)[0] <= width - 26 - key
    finally:
        g.battle.close()
        pygame.quit()


def test_an_action_that_first_costs_another_says_so_on_hover_before_anything_is_spent():
    g = open_screen(DUEL.replace('weapon = "greataxe"', 'weapon = "dagger"\ninventory = ["acid_flask"]'))
    try:
        g.handoff = None
        g.draw()
        flask = next(b for b in g.buttons if b.name == "throw_splash")
        assert flask.enabled
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=flask.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        pump(g)
        assert g.tip == g.say(g.battle.options("hero")["throw_splash"].refusal) and "move action" in g.tip
        assert not g.battle.history                               # nothing spent by looking
        g.draw()
        move = next(b for b in g.buttons if b.name == "move")
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=move.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        pump(g)
        assert g.tip == ""
    finally:
        g.battle.close()
        pygame.quit()


def test_a_button_a_creature_showed_keeps_its_place_greyed_with_the_engine_s_reason(game):
    g = game
    g.bar.groups("hero", g.buttons_for("hero") + ("climb",))      # it stood by a wall earlier this turn
    g.draw()
    climb = next(b for b in g.buttons if b.name == "climb")
    assert not climb.enabled
    assert climb.reason == g.say(g.battle.options("hero")["climb"].refusal)
