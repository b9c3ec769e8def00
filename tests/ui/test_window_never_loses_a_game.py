"""The window never loses a game (issue 15, item 3): F9 on a corrupt or hand-edited save is
refused in the log and the battle on screen goes on; a good F9 closes the stale battle and
the window closes the loaded one at exit; any window size from 320×240 up draws; resizes,
F5, F9 and quit posted at random never raise; an exception in a screen is caught at the
top of the loop, logged to a file, the autosave kept."""
from __future__ import annotations

import json
import random

import esper
import pygame
import pytest

from game.content.scenario import load_scenario
from game.engine import Battle
from game.ui.app import CrashGuard, _save_hooks, main
from game.ui.game_screen import GameScreen

DUEL = """
seed = 3
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
initiative = 20

[[creature]]
id = "orc"
side = "red"
at = [6, 1]
weapon = "club"
hp = 6
initiative = 10
"""


def pump(g):
    for event in pygame.event.get():
        if event.type == pygame.VIDEORESIZE:
            g.screen = pygame.display.set_mode((event.w, event.h), pygame.RESIZABLE)
        g.handle(event)
    g.draw()


@pytest.fixture
def window(tmp_path):
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
    path = tmp_path / "duel.toml"
    path.write_text(DUEL, encoding="utf-8")
    battle = Battle(load_scenario(path))
    g = GameScreen(battle, screen, "en", saves=_save_hooks(str(tmp_path / "saves"), "en"))
    assert g.perform("move", {"squares": [[2, 1]]})
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5))
    pump(g)
    yield g, tmp_path / "saves" / "quicksave.json"
    g.battle.close()
    pygame.quit()


def corrupt_saves(good: dict) -> dict[str, str]:
    """Hand-edited saves, each broken one way (the audit's F9 cases and more)."""
    def edited(change) -> str:
        doc = json.loads(json.dumps(good))
        change(doc)
        return json.dumps(doc)
    deep = "[" * 5000 + "]" * 5000
    return {
        "surrogate": json.dumps(good).replace('"hero"', '"he\\udcffro"', 1),
        "speed_inf": edited(lambda d: d.update(scenario_text=d["scenario_text"].replace(
            'weapon = "club"', 'weapon = "club"\nspeed = inf'))),
        "speed_huge": edited(lambda d: d.update(scenario_text=d["scenario_text"].replace(
            'weapon = "club"', 'weapon = "club"\nspeed = 1.5e300'))),
        "nesting": json.dumps(good)[:-1] + ', "x": ' + deep + "}",
        "scenario_nesting": edited(lambda d: d.update(scenario_text=d["scenario_text"] + "\nx = " + deep)),
        "lang_list": edited(lambda d: d["meta"].update(lang=["en"])),
        "lang_unknown": edited(lambda d: d["meta"].update(lang="xx")),
        "control_list": edited(lambda d: d["meta"].update(control=[1])),
        "meta_list": edited(lambda d: d.update(meta=[1])),
        "huge_number": json.dumps(good)[:-1] + ', "x": ' + "9" * 5000 + "}",
        "infinity": json.dumps(good).replace('"seed": 3', '"seed": Infinity'),
        "commands_junk": edited(lambda d: d.update(commands=[1, 2, 3])),
        "command_unknown_who": edited(lambda d: d["commands"][0].update(who="nobody")),
        "not_utf8": "\udcff",
        "empty": "",
        "hp_negative": edited(lambda d: d.update(scenario_text=d["scenario_text"].replace("hp = 6", "hp = -50"))),
    }


def confirm_load(g):
    """F9 asks before loading (play-test, issue 14): answer "Load"."""
    assert g.dialog is not None
    g.draw()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=next(
        r for r, (_label, value) in zip(g.dialog.rects, g.dialog.choices) if value is True).center))
    pump(g)


def test_f9_on_every_corrupt_save_keeps_the_battle(window):
    g, quick = window
    good = json.loads(quick.read_text(encoding="utf-8"))
    battle, before = g.battle, g.battle.state()
    for name, text in corrupt_saves(good).items():
        if text == "\udcff":
            quick.write_bytes(b"\xff\xfe{\n")
        else:
            quick.write_text(text, encoding="utf-8")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F9))
        pump(g)
        confirm_load(g)
        assert g.battle is battle and g.battle.state() == before, name
        assert "quicksave.json" in g.log[-1][0] and "\n" not in g.log[-1][0], (name, g.log[-1])
        assert g.dialog is not None and g.dialog.text == g.log[-1][0], name        # said in a dialog too
        g.draw()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=g.dialog.rects[0].center))
        pump(g)
        assert g.dialog is None and g.battle is battle, name                       # OK: the battle goes on


def test_a_good_f9_closes_the_stale_battle(window):
    g, _quick = window
    old = g.battle
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F9))
    pump(g)
    confirm_load(g)
    assert g.battle is not old
    assert old.world not in esper.list_worlds() and g.battle.world in esper.list_worlds()


def test_the_window_closes_the_battle_it_shows_at_exit(tmp_path, monkeypatch):
    """F5 then F9 in the real window's loop; F9 asks, and "Load" is clicked once the
    question is drawn: the loaded battle replaces the one on screen, the stale one is
    closed at once and the loaded one when the window closes."""
    path = tmp_path / "duel.toml"
    path.write_text(DUEL, encoding="utf-8")
    worlds = set(esper.list_worlds())
    battles: list = []
    drawn = GameScreen.draw

    def draw_and_answer(screen):
        drawn(screen)
        if not battles or battles[-1] is not screen.battle:
            battles.append(screen.battle)
        if screen.dialog is not None and screen.dialog.rects:        # the question drawn: "Load"
            yes = next(r for r, (_label, value) in zip(screen.dialog.rects, screen.dialog.choices) if value is True)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=yes.center))
    monkeypatch.setattr(GameScreen, "draw", draw_and_answer)
    pygame.display.init()
    for key in (pygame.K_F5, pygame.K_F9):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key))
    assert main(str(path), "en", frames=4, save_dir=str(tmp_path / "saves")) == 0
    assert (tmp_path / "saves" / "quicksave.json").exists()
    assert len(battles) == 2 and battles[0] is not battles[1]              # a real load happened
    assert set(esper.list_worlds()) <= worlds | {"default"}


@pytest.mark.parametrize("size", [(320, 240), (339, 169), (341, 171), (400, 300), (320, 900), (1600, 240)])
def test_small_windows_draw(window, size):
    g, _quick = window
    g.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    g.draw()
    before = pygame.image.tobytes(g.screen, "RGB")
    g.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(size[0] // 2, size[1] // 2)))
    g.draw()
    assert g.screen.get_size() == size and g.battle.winner is None
    assert len(pygame.image.tobytes(g.screen, "RGB")) == len(before)       # drawn whole, at that size


def test_fuzz_resizes_saves_loads_and_quit(window):
    g, _quick = window
    rng = random.Random(15)
    keys = (pygame.K_F5, pygame.K_F9, pygame.K_t, pygame.K_ESCAPE, pygame.K_LEFT, pygame.K_RETURN)
    for _ in range(60):
        roll = rng.random()
        if roll < 0.3:
            w, h = rng.randint(320, 1400), rng.randint(240, 900)
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
        elif roll < 0.65:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys)))
        elif roll < 0.95:
            w, h = g.screen.get_size()
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                                 pos=(rng.randrange(w), rng.randrange(h))))
        else:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        pump(g)
        g.running = True        # a quit asked is honoured by the loop; the fuzz goes on
    assert g.battle.has(g.current) or g.battle.winner is not None       # still a battle on screen
    assert g.screen.get_width() >= 320 and g.screen.get_height() >= 240


def test_an_exception_in_a_screen_is_logged_and_the_autosave_kept(window, tmp_path, capsys):
    g, _quick = window
    folder = tmp_path / "saves"
    guard = CrashGuard(folder, "en")

    def broken():
        raise ZeroDivisionError("boom")
    with guard.around(g):
        broken()
    assert "ZeroDivisionError" in (folder / "crash.log").read_text(encoding="utf-8")
    assert (folder / "autosave.json").exists() and g.running
    assert "crash.log" in g.log[-1][0] and "crash.log" in capsys.readouterr().err
    for _ in range(CrashGuard.LIMIT - 1):
        with guard.around(g):
            broken()
    assert not g.running          # a screen failing again and again ends the loop
