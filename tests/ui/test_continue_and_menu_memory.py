"""Play-test findings on menus and saves: the autosave offered back (the start menu's
Continue, ``play --continue``), the start menu as the player left it after a battle and
after a relaunch, the quick save's Load prompt and F5 naming the battle they hold or
replace, and F1 from the pause menu. Driven with posted pygame events (SDL dummy driver)
on a saves folder in a tmp dir."""
from __future__ import annotations

import json

import pygame
import pytest

from game.content.scenario import load_scenario
from game.engine import Battle
from game.i18n import sentence
from game.ui import app, menu
from game.ui.game_screen import GameScreen
from game.ui.settings import Store, settings_file
from tests.ui.menus_driver import key, pump
from tests.ui.test_game_screen import DUEL, at, click_button

TITLED = 'title = "Duel at dawn"\n' + DUEL
OTHER = 'title = "Skirmish"\n' + DUEL.replace("seed = 3", "seed = 4")


@pytest.fixture
def saves(tmp_path, monkeypatch):
    """The saves folder (the settings beside it, as with ``--saves``); the player's data
    folder is a tmp dir too, so nothing touches the real one."""
    monkeypatch.setenv("CARREAU_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "duel.toml").write_text(TITLED, encoding="utf-8")
    (tmp_path / "skirmish.toml").write_text(OTHER, encoding="utf-8")
    yield tmp_path / "saves"
    pygame.quit()


def _window():
    pygame.display.init()
    pygame.font.init()
    return pygame.display.set_mode((1280, 800))


def _screen(saves, name: str = "duel.toml") -> GameScreen:
    g = GameScreen(Battle(load_scenario(saves.parent / name)), _window(), "en", saves=app._save_hooks(str(saves), "en"))
    g.handoff = None
    pygame.event.clear()
    return g


def _play_a_move(saves) -> dict:
    """The hero moves by the battle screen's Move button and a click (autosaved after it);
    returns the battle's state then."""
    g = _screen(saves)
    click_button(g, "move")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at(g, (4, 1))))
    pump(g)
    assert g.battle.board().body("hero").pos == (4, 1)
    assert (saves / "autosave.json").exists()
    state = g.battle.state()
    g.battle.close()
    return state


def _click(thing, rect) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    pump(thing)


def _rect(m, kind, value=None):
    return next(r for k, v, r in m.rects if k == kind and (value is None or v == value))


def _menu(saves) -> menu.Menu:
    m = menu.Menu(_window(), "en", Store(settings_file(str(saves))), autosave=saves / "autosave.json")
    pump(m)
    return m


def test_continue_is_the_first_entry_and_names_the_map_and_round_then_opens_the_battle(saves):
    before = _play_a_move(saves)
    m = _menu(saves)
    line = m.continue_line()
    assert "Duel at dawn" in line and "round 1" in line
    first = _rect(m, "continue")
    assert all(first.y < r.y for kind, _v, r in m.rects if kind == "map")
    _click(m, first)
    assert m.resumed is not None and m.chosen is not None
    assert m.resumed.battle.state() == before          # the hero where he was moved, round and turn kept
    m.resumed.battle.close()


def test_a_new_window_on_the_same_saves_continues_the_battle_from_its_menu(saves, monkeypatch):
    before = _play_a_move(saves)
    played = []
    real_draw = menu.Menu.draw

    def draw_then_continue(self):
        real_draw(self)
        if not played:                       # the player clicks Continue once the menu is drawn
            played.append("menu")
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                                 pos=_rect(self, "continue").center))

    def seen(self, _dt):
        played.append((self.battle.state(), self.battle.round, [t for t, _c in self.log]))
        self.running = False
    monkeypatch.setattr(menu.Menu, "draw", draw_then_continue)
    monkeypatch.setattr(GameScreen, "update", seen)
    assert app.main(None, "en", frames=20, save_dir=str(saves)) == 0
    state, rnd, log = played[1]
    assert state == before and rnd == 1 and state["creatures"]["hero"]["at"] == [4, 1]
    assert any(str(saves / "autosave.json") in text for text in log)       # "Loaded …/autosave.json"


def test_a_corrupt_autosave_is_named_in_one_line_greyed_and_left_alone(saves):
    saves.mkdir(parents=True)
    (saves / "autosave.json").write_text("{not json", encoding="utf-8")
    m = _menu(saves)
    assert m.continue_line() and "autosave.json" in m.continue_error and "\n" not in m.continue_error
    assert not any(kind == "continue" for kind, _v, _r in m.rects)           # greyed: no button
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(60, 130)))
    pump(m)
    assert m.chosen is None and m.resumed is None and m.running
    assert (saves / "autosave.json").read_text(encoding="utf-8") == "{not json"


def test_an_autosave_the_loader_refuses_greys_continue_with_the_reason_and_changes_nothing(saves):
    _play_a_move(saves)
    path = saves / "autosave.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["meta"]["control"] = {"red": "wizard"}            # described fine, refused by the loader
    path.write_text(json.dumps(doc), encoding="utf-8")
    kept = path.read_text(encoding="utf-8")
    m = _menu(saves)
    _click(m, _rect(m, "continue"))
    assert m.resumed is None and m.chosen is None and "meta.control" in m.continue_error
    pump(m)
    assert not any(kind == "continue" for kind, _v, _r in m.rects)
    assert path.read_text(encoding="utf-8") == kept


def test_play_continue_opens_the_autosave_or_is_refused_in_one_line(saves, monkeypatch, capsys):
    from game.cli import main as cli
    assert cli(["play", "--continue", "--saves", str(saves), "--lang", "en"]) == 2
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(err) == 1 and "--continue" in err[0] and str(saves) in err[0]
    before = _play_a_move(saves)
    seen = []

    def update(self, _dt):
        seen.append(self.battle.state())
        self.running = False
    monkeypatch.setattr(GameScreen, "update", update)
    assert app.main(None, "en", frames=10, save_dir=str(saves), resume=True) == 0
    assert seen and seen[0] == before


def test_the_start_menu_keeps_the_map_and_the_sides_players_after_a_battle_and_a_relaunch(saves, monkeypatch):
    m = _menu(saves)
    target = next(i for i, (_p, sc) in enumerate(m.entries) if not isinstance(sc, Exception) and i != m.selected)
    _click(m, _rect(m, "map", target))
    side = list(m.controls())[-1]
    if m.controls()[side] != "human":
        _click(m, _rect(m, "control", side))            # a player first, so the next click makes it the computer
    _click(m, _rect(m, "control", side))
    _click(m, _rect(m, "level", side))
    chosen = m.controls()
    assert chosen[side].startswith("ai:")
    _click(m, _rect(m, "start"))
    assert m.chosen is not None
    again = _menu(saves)                                  # a relaunch on the same settings file
    assert again.selected == target and again.controls() == chosen

    menus = []
    real_init = menu.Menu.__init__

    def counted(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        menus.append(self)
        if len(menus) == 1:                               # the first menu starts its (remembered) map
            self.chosen = (self.scenario(), self.lang)
            pygame.event.post(pygame.event.Event(pygame.USEREVENT))

    def leave(self, _dt):
        self.back_to_menu, self.running = True, False     # as the pause menu's "back to the menu"
    monkeypatch.setattr(menu.Menu, "__init__", counted)
    monkeypatch.setattr(GameScreen, "update", leave)
    assert app.main(None, "en", frames=8, save_dir=str(saves)) == 0
    assert len(menus) == 2 and menus[1].selected == target and menus[1].controls() == chosen


def test_load_asks_naming_the_battle_and_f5_says_which_battle_it_replaced(saves):
    g = _screen(saves)
    key(g, pygame.K_F5)
    assert g.log[-1][0] == sentence("UI_SAVED", {"path": str(saves / "quicksave.json")}, "en")   # nothing replaced
    key(g, pygame.K_F5)
    assert "replaces" not in g.log[-1][0]                 # the same map again: no news
    g.battle.close()
    other = _screen(saves, "skirmish.toml")
    key(other, pygame.K_F5)
    line = other.log[-1][0]
    assert line.startswith(f"Saved to {saves / 'quicksave.json'} — replaces Duel at dawn, round 1, saved at ")
    assert line.count("Saved") == 1
    key(other, pygame.K_F9)
    asked = other.dialog.text
    assert "The quick save holds Skirmish, round 1, saved at" in asked
    other.battle.close()


def test_f1_from_the_pause_menu_opens_the_key_list_and_brings_the_menu_back(saves):
    g = _screen(saves)
    key(g, pygame.K_ESCAPE)
    assert g.pause.name == "pause"
    key(g, pygame.K_F1)
    assert g.pause.name == "keys" and "F5" in g.pause.page.widgets["list"].html_text
    key(g, pygame.K_F1)
    assert g.pause.name == "pause"                        # F1 again: back to the pause menu
    key(g, pygame.K_F1)
    key(g, pygame.K_ESCAPE)
    assert g.pause.name == "pause"
    key(g, pygame.K_ESCAPE)
    assert not g.pause.is_open and g.running
    g.battle.close()


@pytest.mark.parametrize("text, key", [('{"menu_map": 3}', "menu_map"), ('{"menu_control": "red"}', "menu_control"),
                                       ('{"menu_control": ["red"]}', "menu_control")])
def test_a_hand_edited_menu_memory_is_refused_in_one_line_and_the_menu_opens_as_new(saves, text, key):
    saves.mkdir(parents=True)
    (saves / "settings.json").write_text(text, encoding="utf-8")
    store = Store(settings_file(str(saves)))
    assert store.error is not None and key in store.error.line("en") and "settings.json" in store.error.line("fr")
    m = menu.Menu(_window(), "en", store)
    assert m.selected == 0 and m.control == {}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_long_continue_entry_is_drawn_whole_on_more_lines_above_the_maps(saves, lang):
    """Play-test: "Continuer : Le pont de la Gorge, round 7, enregistrée à" — the entry was
    cut at the button's edge, its hour lost. At the default 1280x800 window the whole
    sentence is drawn, each line inside the entry, which grows to hold them, the maps below."""
    long_title = 'title = "Le pont de la Gorge au petit matin, sous la brume"\n' + DUEL
    (saves.parent / "duel.toml").write_text(long_title, encoding="utf-8")
    _play_a_move(saves)
    m = menu.Menu(_window(), lang, Store(settings_file(str(saves))), autosave=saves / "autosave.json")
    pump(m)
    entry = _rect(m, "continue")
    font = menu.theme.font(16)
    assert len(m.continue_shown) > 1 and " ".join(m.continue_shown) == m.continue_line()
    assert all(font.size(line)[0] <= entry.w - 20 for line in m.continue_shown)
    assert entry.h >= len(m.continue_shown) * font.get_linesize()
    assert all(entry.bottom < r.y for kind, _v, r in m.rects if kind == "map")
