"""Play-test findings on loading a save (F9, the pause menu's Load): the battle comes back
in the player's language now (the settings'), not the save's, and the autosave is
rewritten with the loaded battle, so the start menu's Continue resumes the battle on
screen and not the one the load discarded. Driven with posted pygame events (SDL dummy
driver) on a saves folder in a tmp dir."""
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
from tests.ui.menus_driver import click_at, key, press, pump
from tests.ui.test_game_screen import DUEL


@pytest.fixture
def saves(tmp_path, monkeypatch):
    """The saves folder (the settings beside it, as with ``--saves``); the player's data
    folder is a tmp dir too, so nothing touches the real one."""
    monkeypatch.setenv("CARREAU_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "duel.toml").write_text('title = "Duel at dawn"\n' + DUEL, encoding="utf-8")
    yield tmp_path / "saves"
    pygame.quit()


def _screen(saves) -> GameScreen:
    """A battle screen as the window makes it: English, the save hooks and the settings
    store on the tmp saves folder."""
    pygame.display.init()
    pygame.font.init()
    window = pygame.display.set_mode((1280, 800))
    g = GameScreen(Battle(load_scenario(saves.parent / "duel.toml")), window, "en",
                   saves=app._save_hooks(str(saves), "en"))
    g.settings_store = Store(settings_file(str(saves)))
    g.handoff = None
    pygame.event.clear()
    return g


def _load_by_f9(g) -> None:
    """F9, then the dialog's "yes" clicked."""
    key(g, pygame.K_F9)
    assert g.dialog is not None
    yes = next(r for r, (_label, value) in zip(g.dialog.rects, g.dialog.choices) if value is True)
    click_at(g, yes.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=yes.center))
    pump(g)


def test_a_load_keeps_the_language_the_player_chose_in_the_settings(saves):
    g = _screen(saves)
    key(g, pygame.K_F5)                                   # saved in English
    assert json.loads((saves / "quicksave.json").read_text(encoding="utf-8"))["meta"]["lang"] == "en"
    key(g, pygame.K_ESCAPE)
    press(g, g.pause.page, "settings")
    press(g, g.pause.page, "language")                    # French, saved in settings.json
    assert g.lang == "fr"
    key(g, pygame.K_ESCAPE)
    key(g, pygame.K_ESCAPE)
    assert not g.pause.is_open
    old = g.battle
    _load_by_f9(g)
    assert g.battle is not old                            # loaded
    assert g.lang == "fr" and g.names.lang == "fr"        # not the save's English
    loaded = sentence("UI_LOADED", {"path": str(saves / "quicksave.json")}, "fr")
    assert any(text == loaded for text, _c in g.log)
    key(g, pygame.K_ESCAPE)
    assert g.pause.page.widgets["resume"].text == sentence("PAUSE_RESUME", {}, "fr")
    press(g, g.pause.page, "settings")
    assert g.pause.page.widgets["language"].text == sentence("SET_LANGUAGE", {"value": "français"}, "fr")
    assert json.loads((saves / "settings.json").read_text(encoding="utf-8"))["language"] == "fr"
    g.battle.close()


def test_continue_after_a_load_resumes_the_loaded_battle_not_the_discarded_one(saves):
    g = _screen(saves)
    assert g.current == "hero"
    key(g, pygame.K_F5)                                   # the quick save on the hero's turn
    saved = g.battle.state()
    key(g, pygame.K_e)                                    # played on: the orc's turn, autosaved
    g.handoff = None
    assert g.current == "orc"
    autosave = saves / "autosave.json"
    discarded = autosave.read_text(encoding="utf-8")
    _load_by_f9(g)
    assert g.current == "hero" and g.battle.state() == saved
    assert autosave.read_text(encoding="utf-8") != discarded          # rewritten by the load
    g.battle.close()
    m = menu.Menu(pygame.display.get_surface(), "en", Store(settings_file(str(saves))), autosave=autosave)
    pump(m)
    rect = next(r for kind, _v, r in m.rects if kind == "continue")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    pump(m)
    assert m.resumed is not None
    assert m.resumed.battle.state() == saved               # the hero's turn, as loaded
    assert m.resumed.battle.turn == "hero"
    m.resumed.battle.close()
