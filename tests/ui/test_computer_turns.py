"""Computer sides in the window (issue 12, items 1 and 3), driven by posted pygame events
(SDL dummy driver) and the window's clock (``GameScreen.update``): the computer's turn
plays one command per pace with its "why" line, a key skips to the end, nobody gives
orders to a computer creature, its questions are answered without a dialog, the start
menu sets who plays, a save keeps it, and an all-computer battle plays itself out."""
from __future__ import annotations

import json

import pygame
import pytest

from game.content.scenario import load_scenario, parse_scenario
from game.engine import Battle
from game.i18n import sentence
from game.ui.computer_turns import PACE_MS
from game.ui.game_screen import GameScreen
from game.ui.menu import Menu

SKIRMISH = """
seed = 11
[map]
grid = \"\"\"
............
............
............
............
\"\"\"
[[creature]]
id = "hero"
name = "Héros"
side = "blue"
at = [1, 1]
weapon = "longsword"
bab = 3
str = 14
hp = 40
initiative = 20

[[creature]]
id = "orc"
side = "red"
at = [9, 2]
weapon = "longsword"
bab = 2
str = 14
hp = 40
initiative = 10
"""
RED_AI = '\n[sides.red]\ncontrol = "ai"\nlevel = "easy"\nname_en = "The raiders"\nname_fr = "Les pillards"\n'


def open_screen(text: str, lang: str = "en", **kw) -> GameScreen:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    g = GameScreen(Battle(parse_scenario(text, "test.toml")), screen, lang, **kw)
    pygame.event.clear()
    return g


@pytest.fixture
def versus_ai():
    g = open_screen(SKIRMISH + RED_AI)
    yield g
    g.battle.close()
    pygame.quit()


def post(*events):
    for e in events:
        pygame.event.post(e)


def pump(g):
    for event in pygame.event.get():
        g.handle(event)
    g.draw()


def key(k=pygame.K_e):
    return pygame.event.Event(pygame.KEYDOWN, key=k)


def click_at(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)


def why_lines(g) -> list[str]:
    marker = sentence("UI_AI_WHY", {"name": "orc", "action": "", "why": ""}, g.lang).split(",")[0]
    return [t for t, _c in g.log if t.startswith(marker)]


def test_the_computer_plays_its_turn_over_frames_with_its_reasons(versus_ai):
    g = versus_ai
    assert g.computer.control == {"blue": "human", "red": "ai:easy"}
    post(key(pygame.K_e))                     # the human ends its turn
    pump(g)
    assert g.current == "orc" and g.handoff is None        # no hand-off screen for the computer
    before = (g.battle.board().body("orc").pos, g.battle.state()["creatures"]["hero"]["hp"])
    history = len(g.battle.history)
    g.update(PACE_MS // 3)
    g.draw()
    assert len(g.battle.history) == history, "nothing before the pace has passed"
    assert g.computer.banner() and "The raiders" in g.computer.banner()
    frames = 0
    while g.current == "orc" and frames < 40:
        g.update(PACE_MS)
        g.draw()
        frames += 1
    assert g.current == "hero" and g.handoff is None
    played = [c for c in g.battle.history[history:] if c["who"] == "orc" and c["action"] != "end_turn"]
    assert played and frames >= len(played), "one command per pace, not all in one frame"
    assert len(why_lines(g)) == len(played)
    after = (g.battle.board().body("orc").pos, g.battle.state()["creatures"]["hero"]["hp"])
    assert after != before                     # it came for the hero, or struck it


def test_nobody_gives_orders_to_a_computer_creature_and_a_key_skips(versus_ai):
    g = versus_ai
    post(key(pygame.K_e))
    pump(g)
    assert g.current == "orc"
    reasons = g.availability()
    assert reasons and all(reasons.values())                # every button greyed, with the reason
    move = next(r for n, r, _e, _w in g.buttons if n == "move")
    history = len(g.battle.history)
    post(click_at(move.center))                # a click on Move: it does not move the orc for the human
    pump(g)
    assert g.mode is None
    assert g.current == "hero"                 # the click played the rest of the orc's turn at once
    assert all(c["who"] == "orc" for c in g.battle.history[history:])
    assert why_lines(g)
    post(key(pygame.K_e))                      # the human's turn again, then a key skips the orc's
    pump(g)
    assert g.current == "orc"
    post(key(pygame.K_SPACE))
    pump(g)
    assert g.current == "hero" and g.battle.round == 3


MELEE = """
seed = 5
[map]
grid = \"\"\"
..........
..........
..........
..........
\"\"\"
[[creature]]
id = "hero"
side = "blue"
at = [1, 1]
weapon = "longsword"
bab = 11
str = 16
initiative = 20

[[creature]]
id = "orc_a"
side = "red"
at = [2, 1]
weapon = "club"
hp = 200
initiative = 10

[[creature]]
id = "orc_b"
side = "red"
at = [1, 2]
weapon = "club"
hp = 200
initiative = 5

[sides.red]
control = "ai"
"""


def at(g, square):
    x, y = g.cam.to_screen(square)
    return x + g.cam.cell // 2, y + g.cam.cell // 2


def click_button(g, name):
    g.draw()
    rect = next(r for n, r, _e, _why in g.buttons if n == name)
    post(click_at(rect.center))
    pump(g)


@pytest.mark.parametrize("action, argument", [("trip", "counter"), ("overrun", "defender")])
def test_a_question_to_a_computer_creature_is_answered_without_a_dialog(action, argument):
    g = open_screen(MELEE)
    try:
        assert g.computer.control["red"] == "ai:normal"
        real = g.computer.controller_of("red")
        asked = []

        class Recording:                       # the orcs' controller, its answers written down
            name = real.name

            def decide(self, battle, who):
                return real.decide(battle, who)

            def answer(self, battle, question, command):
                value = real.answer(battle, question, command)
                asked.append((question.to, question.argument, value))
                return value
        g.computer.controllers["red"] = Recording()
        click_button(g, action)
        post(click_at(at(g, (2, 1))))
        pump(g)
        assert g.dialog is None                # the orcs' player (the computer) answered
        command = g.battle.history[-1]
        assert command["who"] == "hero" and command["action"] == action
        answers = {arg: value for to, arg, value in asked if to == "orc_a"}
        assert argument in answers
        assert command["args"].get(argument, answers[argument]) == answers[argument]   # played as answered
    finally:
        g.battle.close()
        pygame.quit()


def test_the_menu_sets_who_plays_and_the_battle_gets_those_controllers():
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    m = Menu(screen, "en")
    m.draw()
    ford = next(i for i, (path, _sc) in enumerate(m.entries) if path.name == "ford.toml")
    row = next(r for kind, v, r in m.rects if kind == "map" and v == ford)
    post(click_at(row.center))
    for event in pygame.event.get():
        m.handle(event)
    m.draw()
    assert set(m.controls().values()) == {"human"}
    assert not any(kind == "level" for kind, _v, _r in m.rects)       # no level for a person
    toggle = next(r for kind, v, r in m.rects if kind == "control" and v == "red")
    post(click_at(toggle.center))
    for event in pygame.event.get():
        m.handle(event)
    m.draw()
    level = next(r for kind, v, r in m.rects if kind == "level" and v == "red")
    post(click_at(level.center), click_at(level.center))      # normal -> hard -> easy
    for event in pygame.event.get():
        m.handle(event)
    m.draw()
    start = next(r for kind, _v, r in m.rects if kind == "start")
    post(click_at(start.center))
    for event in pygame.event.get():
        m.handle(event)
    scenario, _lang = m.chosen
    assert m.controls() == {"blue": "human", "red": "ai:easy"}
    g = GameScreen(Battle(scenario), screen, "en", control=m.controls())
    assert g.computer.control == {"blue": "human", "red": "ai:easy"}
    assert g.computer.controller_of("red").name == "ai:easy"
    assert g.computer.is_computer("ogre") and not g.computer.is_computer("tordek")
    g.battle.close()
    pygame.quit()


def confirm_load(g):
    """F9 asks before loading: answer "Load"."""
    assert g.dialog is not None
    g.draw()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=next(
        r for r, (_label, value) in zip(g.dialog.rects, g.dialog.choices) if value is True).center))
    pump(g)


def test_a_save_keeps_who_plays_and_an_older_save_still_loads(tmp_path):
    from game.ui.app import _save_hooks
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    scenario_file = tmp_path / "skirmish.toml"
    scenario_file.write_text(SKIRMISH, encoding="utf-8")
    g = GameScreen(Battle(load_scenario(scenario_file)), screen, "en",
                   saves=_save_hooks(str(tmp_path / "saves"), "en"), control={"red": "ai:hard"})
    assert g.perform("move", {"squares": [[2, 1], [3, 1]]})
    autosaved = json.loads((tmp_path / "saves" / "autosave.json").read_text(encoding="utf-8"))
    assert autosaved["meta"]["control"] == {"blue": "human", "red": "ai:hard"}
    post(key(pygame.K_F5))
    pump(g)
    quick = tmp_path / "saves" / "quicksave.json"
    doc = json.loads(quick.read_text(encoding="utf-8"))
    g.computer.control["red"] = "human"        # changed since: the load must bring the save's back
    post(key(pygame.K_F9))
    pump(g)
    confirm_load(g)
    assert g.computer.control["red"] == "ai:hard" and g.battle.board().body("hero").pos == (3, 1)
    del doc["meta"]["control"]                 # a save from before computer sides
    quick.write_text(json.dumps(doc), encoding="utf-8")
    post(key(pygame.K_F9))
    pump(g)
    confirm_load(g)
    assert g.computer.control == {"blue": "human", "red": "human"}
    doc["meta"]["control"] = {"red": "genius"}
    quick.write_text(json.dumps(doc), encoding="utf-8")
    old = g.battle
    post(key(pygame.K_F9))
    pump(g)
    confirm_load(g)
    assert g.battle is old and "meta.control" in g.log[-1][0] and "genius" in g.log[-1][0]
    g.battle.close()
    pygame.quit()


def test_an_all_computer_battle_plays_itself_to_the_winner():
    both = SKIRMISH.replace("hp = 40", "hp = 12") + RED_AI + \
        '\n[sides.blue]\ncontrol = "ai"\nname_en = "The patrol"\nname_fr = "La patrouille"\n'
    g = open_screen(both, "fr")
    try:
        assert g.computer.spectating()
        frames = 0
        while g.battle.winner is None and frames < 1000:
            g.update(PACE_MS)
            g.draw()
            assert g.handoff is None and g.dialog is None
            frames += 1
        assert g.battle.winner in ("blue", "red")
        name = {"blue": "La patrouille", "red": "Les pillards"}[g.battle.winner]
        assert any(name in text for text, _c in g.log[-3:])       # the scenario's name for the winner
        g.draw()
    finally:
        g.battle.close()
        pygame.quit()


def test_a_computer_move_that_provokes_asks_the_human_and_waits_for_the_answer():
    from game.ai.controllers import Decision, first_choice
    from game.world import commands as C
    text = SKIRMISH.replace("at = [9, 2]", "at = [3, 1]") + RED_AI
    g = open_screen(text)
    step = C.Move("orc", squares=((2, 2), (3, 3)))          # leaves a square the hero threatens

    class Fixed:                                # the orcs' player: this move, then the end of the turn
        name = "ai:easy"
        moves = [step]

        def decide(self, battle, who):
            return Decision(self.moves.pop(0), "WHY_SCRIPTED") if self.moves else None

        def answer(self, battle, question, command):
            return first_choice(question)
    try:
        g.computer.controllers["red"] = Fixed()
        post(key(pygame.K_e))
        pump(g)
        g.update(PACE_MS)
        g.draw()
        assert g.dialog is not None and not g.dialog.cancellable        # the hero's player is asked
        history = len(g.battle.history)
        for _ in range(3):
            g.update(PACE_MS)
        post(key(pygame.K_ESCAPE))
        pump(g)
        assert g.dialog is not None and len(g.battle.history) == history   # the computer waits
        yes = next(r for r, (_label, value) in zip(g.dialog.rects, g.dialog.choices) if value is True)
        post(click_at(yes.center))
        pump(g)
        moved = g.battle.history[-1]
        assert moved["who"] == "orc" and moved["action"] == "move" and moved["declined"] == []
        assert any(t.startswith("Héros → orc") for t, _c in g.log)   # the attack of opportunity rolled
        for _ in range(5):
            g.update(PACE_MS)
        assert g.current == "hero"
        assert g.battle.history[-1]["action"] == "end_turn"
    finally:
        g.battle.close()
        pygame.quit()


def test_the_window_loop_drives_the_computer_from_its_clock(tmp_path):
    """``python -m game play MAP --control ...``: the real loop, 1.5 s of frames, plays the
    computer's first commands (read back from the autosave, with who plays)."""
    from pathlib import Path
    from game.ui.app import main
    ford = Path(__file__).resolve().parents[2] / "maps" / "ford.toml"
    assert main(str(ford), "en", frames=90, save_dir=str(tmp_path), control=["blue=ai:easy", "red=scripted"]) == 0
    doc = json.loads((tmp_path / "autosave.json").read_text(encoding="utf-8"))
    assert doc["meta"]["control"] == {"blue": "ai:easy", "red": "scripted"}
    assert doc["commands"], "the computer played within the frames"
    assert main(str(ford), "en", frames=1, control=["red=genius"]) == 2


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_why_line_names_its_action_once(lang):
    """A reason that begins with its action ("5-ft step: …") is not prefixed with it again
    (play-test: "5-ft step: 5-ft step: full attack …"); one that does not keeps its words."""
    from game.ui.computer_turns import why_line
    action = sentence("ACT_five_foot_step", {}, lang)
    why = sentence("WHY_STEP_PLACE", {"target": "Tordek"}, lang)
    line = why_line("Gnoll 1", action, why, lang)
    assert line.lower().count(action.lower()) == 1 and "Tordek" in line and line.startswith("Gnoll 1")
    plain = sentence("ACT_attack", {}, lang)
    assert why_line("Gnoll 1", plain, "Tordek", lang).endswith("Tordek") and plain in why_line("Gnoll 1", plain, "Tordek", lang)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_action_is_capitalised_alike_whether_named_first_or_begun_by_the_reason(lang):
    """Play-test: "Full attack — finishes off Corwin" beside "full attack on Brenna: …"."""
    from game.ui.computer_turns import why_line
    action = sentence("ACT_full_attack", {}, lang)
    begun = why_line("Gnoll 1", action, sentence("WHY_FULL_ATTACK", {"target": "Brenna", "damage": 5}, lang), lang)
    named = why_line("Gnoll 1", action, sentence("WHY_FOCUS", {"target": "Corwin", "damage": 5}, lang), lang)
    after = len(sentence("UI_AI_WHY_ALONE", {"name": "Gnoll 1", "why": ""}, lang))
    assert begun[after].isupper() and named[after].isupper() and action[0].isupper()


def test_the_computers_banner_sits_below_the_key_hints(versus_ai, monkeypatch):
    """Play-test: the banner's title ran under the "Esc: menu · F1: keys" strip."""
    from game.ui import pause_menu
    g = versus_ai
    g.sandbox_key = True                                    # the F6 hint too, top left
    hints, panels = [], []
    real_hint = pause_menu._hint_on_board
    monkeypatch.setattr(pause_menu, "_hint_on_board",
                        lambda screen, hint, at: hints.append(hint.get_rect(topleft=at)) or real_hint(screen, hint, at))
    real_rect = pygame.draw.rect

    def rect(surface, colour, r, *a, **kw):
        if tuple(colour)[:3] == (24, 26, 34):               # the banner's panel
            panels.append(pygame.Rect(r))
        return real_rect(surface, colour, r, *a, **kw)
    monkeypatch.setattr(pygame.draw, "rect", rect)
    post(key(pygame.K_e))
    pump(g)
    assert g.current == "orc"
    hints.clear()
    panels.clear()
    g.draw()
    assert hints and panels
    assert all(not panel.colliderect(hint) for panel in panels for hint in hints)
