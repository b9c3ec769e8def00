"""Play from here, and back (issue 13, item 6): the sandbox starts its situation as a
battle with each side's player; F6 in a battle pauses it into the sandbox with the
creatures as they stand; "Resume battle" returns to the same battle."""
from __future__ import annotations

import tomllib

import pygame
import pytest

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.ui.editor.document import Document
from game.ui.editor.flow import Session
from game.ui.editor.screen import EditorScreen
from game.ui.game_screen import GameScreen
from game.world import commands as C
from tests.boards import open_grid, scenario_text
from tests.ui.editor_driver import click, press, pump, widget

DUEL = scenario_text(open_grid(8, 5),
                     {"id": "hero", "side": "blue", "at": [1, 1], "weapon": "longsword", "initiative": 20, "hp": 9},
                     {"id": "orc", "side": "red", "at": [6, 3], "weapon": "greataxe", "initiative": 1,
                      "conditions": ["prone"]})


@pytest.fixture
def screen():
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((1280, 800))
    pygame.event.clear()
    yield surface
    pygame.quit()


def post_click(pos) -> None:
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def test_play_from_here_starts_a_battle_of_the_edited_situation_with_its_players(screen):
    doc = Document(tomllib.loads(DUEL), "duel.toml")
    assert doc.move("orc", (5, 2)) is None
    assert doc.set_control("red", "ai:hard") is None
    started = []

    def make_game(battle, control):
        started.append(({b.id: b.pos for b in battle.board().bodies}, control))
        return GameScreen(battle, screen, "en", control=control)

    session = Session(screen, "en", make_game, frames=12)
    probe = EditorScreen(doc, screen, "en")               # where the Play button is drawn
    play_at = widget(probe, "play").rect.center
    probe.close()
    post_click(play_at)
    session.edit(doc)
    assert started == [({"hero": (1, 1), "orc": (5, 2)}, {"blue": "human", "red": "ai:hard"})]


def test_f6_pauses_a_battle_into_the_sandbox_and_back(screen):
    battle = Battle(parse_scenario(DUEL, "duel.toml"))
    try:
        assert battle.turn == "hero"
        battle.act(C.Move("hero", squares=((2, 1), (3, 2))))
        game = GameScreen(battle, screen, "en")
        session = Session(screen, "en", lambda b, c: GameScreen(b, screen, "en", control=c), frames=8)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F6, mod=0, unicode="", scancode=0))
        session.battle(game)
        paused = session.current
        assert isinstance(paused, EditorScreen) and paused.paused
        creatures = {c.id: c for c in paused.doc.scenario.creatures}
        assert creatures["hero"].at == (3, 2) and creatures["hero"].stats["hp"] == 9
        assert creatures["orc"].at == (6, 3) and "prone" in creatures["orc"].conditions
    finally:
        battle.close()


def test_back_to_the_battle_resumes_the_paused_one(screen):
    battle = Battle(parse_scenario(DUEL, "duel.toml"))
    try:
        battle.act(C.Move("hero", squares=((2, 1),)))
        game = GameScreen(battle, screen, "en")
        shown = []

        class Watching(Session):
            def run(self, thing):
                shown.append(type(thing).__name__)
                if isinstance(thing, EditorScreen) and shown.count("EditorScreen") == 1:
                    pump(thing)
                    click(thing, widget(thing, "back").rect.center)
                    assert thing.want == "back"
                return super().run(thing)

        session = Watching(screen, "en", lambda b, c: GameScreen(b, screen, "en", control=c), frames=20)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F6, mod=0, unicode="", scancode=0))
        session.battle(game)
        assert shown[:3] == ["GameScreen", "EditorScreen", "GameScreen"]
        assert session.current is game and game.battle.board().by_id["hero"].pos == (2, 1)
    finally:
        battle.close()


def test_a_sandbox_of_one_side_does_not_start_a_battle(screen):
    doc = Document.empty()
    assert doc.place("orc", "red", (2, 2), "Orc")[0] is None
    ed = EditorScreen(doc, screen, "en")
    try:
        pump(ed)
        press(ed, "play")
        assert ed.want == "play" and ed.play_scenario() is None
        assert ed.message == "A battle needs creatures on two sides."
    finally:
        ed.close()


def test_escape_in_a_paused_sandbox_goes_back_to_the_battle_instead_of_ending_it(screen):
    ed = EditorScreen(Document(tomllib.loads(DUEL), None), screen, "en", paused=True)
    try:
        pump(ed)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        pump(ed)
        assert ed.want == "back" and ed.running
    finally:
        ed.close()


def test_a_battle_the_format_cannot_say_is_not_paused_and_goes_on(screen, monkeypatch):
    from game.content.errors import ContentError

    def cannot(battle):
        raise ContentError("<sandbox>", 'creature "rider"', 'overlaps creature "horse" at [2, 2]')
    monkeypatch.setattr(Document, "from_battle", staticmethod(cannot))
    battle = Battle(parse_scenario(DUEL, "duel.toml"))
    try:
        game = GameScreen(battle, screen, "en")
        session = Session(screen, "en", None, frames=4)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F6, mod=0, unicode="", scancode=0))
        session.battle(game)
        assert session.current is game
        assert game.log[-1][0] == ('This battle cannot be paused into the sandbox: <sandbox>: creature "rider": '
                                   'overlaps creature "horse" at [2, 2]')
    finally:
        battle.close()
