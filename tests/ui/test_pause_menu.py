"""Issue 14, item 7: the battle's pause menu on Esc (resume, save, load, settings, keys,
back to the menu, quit, each leaving asked first), the settings it opens (saved at once
to the data folder, a tmp dir here), the key list on F1 in both languages, and the
window's title on each screen. Driven with posted pygame events (SDL dummy driver)."""
from __future__ import annotations

import json
from types import SimpleNamespace

import pygame
import pytest

from game.i18n import sentence
from game.ui import key_list
from tests.ui.menus_driver import click_at, key, press, pump
from tests.ui.test_game_screen import DUEL, click_button, open_screen


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """The player's data folder, here a tmp dir (saves and settings)."""
    monkeypatch.setenv("CARREAU_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def duel(data_dir):
    g = open_screen(DUEL)
    g.handoff = None
    yield g
    g.battle.close()
    pygame.quit()


def test_escape_cancels_a_mode_first_then_opens_the_pause_menu_and_resume_closes_it(duel):
    g = duel
    click_button(g, "move")
    assert g.mode == "move"
    key(g, pygame.K_ESCAPE)
    assert g.mode is None and not g.pause.is_open             # the mode went; no menu yet
    key(g, pygame.K_ESCAPE)
    assert g.pause.name == "pause" and g.running
    e_before = g.battle.turn
    key(g, pygame.K_e)                                         # the battle's keys wait while paused
    assert g.battle.turn == e_before and not g.battle.history
    press(g, g.pause.page, "resume")
    assert not g.pause.is_open and g.running
    key(g, pygame.K_ESCAPE)
    key(g, pygame.K_ESCAPE)                                    # Esc closes it too
    assert not g.pause.is_open


def test_quitting_asks_first_and_staying_returns_to_the_menu(duel):
    g = duel
    key(g, pygame.K_ESCAPE)
    press(g, g.pause.page, "quit")
    assert g.pause.name == "confirm" and g.running
    assert sentence("PAUSE_ASK_QUIT", {}, "en") in g.pause.page.widgets["question"].html_text
    press(g, g.pause.page, "no")
    assert g.pause.name == "pause" and g.running
    press(g, g.pause.page, "quit")
    press(g, g.pause.page, "yes")
    assert not g.running and not g.back_to_menu


def test_back_to_the_menu_asks_first_then_leaves_the_battle_for_it(duel):
    g = duel
    key(g, pygame.K_ESCAPE)
    press(g, g.pause.page, "menu")
    assert g.pause.name == "confirm" and g.running
    key(g, pygame.K_ESCAPE)                                    # Esc on the question: back to the pause menu
    assert g.pause.name == "pause" and g.running
    press(g, g.pause.page, "menu")
    press(g, g.pause.page, "yes")
    assert not g.running and g.back_to_menu


def test_the_pause_menu_saves_and_a_screen_without_saves_greys_save_and_load(data_dir, tmp_path):
    from game.content.scenario import load_scenario
    from game.engine import Battle
    from game.ui.app import _save_hooks
    from game.ui.game_screen import GameScreen
    (tmp_path / "duel.toml").write_text(DUEL, encoding="utf-8")
    pygame.display.init()
    g = GameScreen(Battle(load_scenario(tmp_path / "duel.toml")), pygame.display.set_mode((1280, 800)), "en")
    g.handoff = None
    key(g, pygame.K_ESCAPE)
    assert not g.pause.page.widgets["save"].is_enabled and not g.pause.page.widgets["load"].is_enabled
    g.pause.close()
    g.saves = _save_hooks(None, "en")                          # the default folder: the data folder's saves
    key(g, pygame.K_ESCAPE)
    press(g, g.pause.page, "save")
    saved = data_dir / "saves" / "quicksave.json"
    assert saved.exists() and g.pause.name == "pause" and str(saved) in g.pause.note
    assert g.battle.act("hero", "move", {"squares": [[2, 1]]})[0] and g.battle.history      # played after the save
    press(g, g.pause.page, "load")                             # asked first, as F9 is: nothing loaded yet
    assert not g.pause.is_open and g.dialog is not None and g.battle.history
    g.draw()
    no = next(r for r, (_label, value) in zip(g.dialog.rects, g.dialog.choices) if value is False)
    click_at(g, no.center)                                     # "Keep playing": the battle as it was
    assert g.dialog is None and g.battle.history
    key(g, pygame.K_ESCAPE)
    press(g, g.pause.page, "load")
    g.draw()
    yes = next(r for r, (_label, value) in zip(g.dialog.rects, g.dialog.choices) if value is True)
    click_at(g, yes.center)                                    # "Load": back to the saved battle
    assert not g.pause.is_open and g.running and not g.battle.history
    assert any(sentence("UI_LOADED", {"path": str(saved)}, "en") == text for text, _c in g.log)
    g.battle.close()
    pygame.quit()


def test_settings_from_the_pause_menu_change_the_volume_and_mute_saved_at_once(duel, data_dir):
    g = duel
    g.sound = SimpleNamespace(volume=1.0, muted=False)         # as the animations' screen has them
    g.animation_speed = "normal"
    key(g, pygame.K_ESCAPE)
    press(g, g.pause.page, "settings")
    page = g.pause.page
    assert g.pause.name == "settings" and page.widgets["volume"].get_current_value() == 80
    click_at(g, page.widgets["volume"].right_button.rect.center)
    saved = json.loads((data_dir / "settings.json").read_text(encoding="utf-8"))
    assert saved["volume"] == pytest.approx(0.85) and g.sound.volume == pytest.approx(0.85)
    press(g, page, "muted")
    press(g, page, "animation_speed")
    saved = json.loads((data_dir / "settings.json").read_text(encoding="utf-8"))
    assert saved["muted"] is True and g.sound.muted is True
    assert saved["animation_speed"] == "fast" and g.animation_speed == "fast"
    assert not list(data_dir.glob("*.tmp"))                    # written atomically, nothing left over
    press(g, page, "back")
    assert g.pause.name == "pause"


def test_the_language_changes_the_battle_at_once_and_the_settings_page_in_french(duel, data_dir):
    g = duel
    key(g, pygame.K_ESCAPE)
    press(g, g.pause.page, "settings")
    press(g, g.pause.page, "language")
    assert g.lang == "fr" and json.loads((data_dir / "settings.json").read_text())["language"] == "fr"
    assert g.pause.page.widgets["back"].text == sentence("SET_BACK", {}, "fr")      # the page made again
    key(g, pygame.K_ESCAPE)
    assert g.pause.page.widgets["resume"].text == "Reprendre"
    assert pygame.display.get_caption()[0].startswith("Carreau")


def test_f1_lists_every_key_in_both_languages_and_f1_or_escape_closes_it(data_dir):
    for lang in ("en", "fr"):
        g = open_screen(DUEL, lang)
        g.handoff = None
        key(g, pygame.K_F1)
        assert g.pause.name == "keys"
        text = g.pause.page.widgets["list"].html_text
        for row in key_list.ROWS:
            assert sentence(f"KEYS_{row}", {}, lang).split(" ")[0] in text
        assert ("Échap" in text) == (lang == "fr") and "F5" in text and "F9" in text and "F6" in text
        key(g, pygame.K_F1)
        assert not g.pause.is_open
        key(g, pygame.K_F1)
        key(g, pygame.K_ESCAPE)
        assert not g.pause.is_open and g.running
        g.battle.close()
        pygame.quit()


def test_every_key_of_the_battle_window_is_in_the_list():
    """The keys ``_key`` and the window's loop read (by their pygame names) all have a row."""
    import inspect
    import re

    from game.ui import game_screen
    from game.ui.editor import flow
    source = inspect.getsource(game_screen.GameScreen._key)
    keys = set(re.findall(r"pygame\.K_(\w+)", source)) | {"F6" if flow.PAUSE_KEY == pygame.K_F6 else "?"}
    rows = {"RETURN": "enter", "SPACE": "enter", "ESCAPE": "escape", "LEFT": "arrows", "RIGHT": "arrows",
            "UP": "arrows", "DOWN": "arrows"}
    assert keys and all(rows.get(k, k.lower()) in key_list.ROWS for k in keys), keys
    assert "action_bar.shortcut(key)" in source and "digits" in key_list.ROWS        # the bar's number keys


def test_the_battle_and_victory_titles_are_in_the_interface_language(data_dir):
    g = open_screen(DUEL.replace("at = [1, 1]", "at = [5, 1]"), "fr")
    g.draw()
    assert pygame.display.get_caption()[0] == sentence("WIN_TITLE_battle", {"map": "Carreau"}, "fr")
    for _ in range(20):
        if g.battle.winner:
            break
        g.handoff = None
        if g.current == "hero":
            g.battle.act("hero", "attack", {"target": "orc"})
            g._after_events([])
        key(g, pygame.K_e)
    assert g.battle.winner == "blue"
    g.draw()
    assert pygame.display.get_caption()[0] == sentence("WIN_TITLE_victory", {"side": g.side_label("blue")}, "fr")
    g.battle.close()
    pygame.quit()


def test_the_start_menu_opens_the_settings_and_keeps_the_language(data_dir):
    from game.ui.menu import Menu
    from game.ui.settings import Store, settings_file
    pygame.display.init()
    screen = pygame.display.set_mode((1280, 800))
    m = Menu(screen, "en", Store(settings_file(None)))
    pump(m)
    assert pygame.display.get_caption()[0] == sentence("WIN_TITLE_menu", {}, "en")
    rect = next(r for kind, _v, r in m.rects if kind == "settings")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    pump(m)
    assert m.settings_page is not None
    press(m, m.settings_page, "language")
    assert m.lang == "fr" and pygame.display.get_caption()[0] == sentence("WIN_TITLE_menu", {}, "fr")
    press(m, m.settings_page, "back")
    assert m.settings_page is None and m.running
    assert Store(settings_file(None)).current.language == "fr"      # a new window starts in French
    pygame.quit()


def test_full_screen_from_the_settings_is_saved_and_the_window_comes_back(duel, data_dir):
    g = duel
    key(g, pygame.K_ESCAPE)
    press(g, g.pause.page, "settings")
    press(g, g.pause.page, "fullscreen")
    assert json.loads((data_dir / "settings.json").read_text())["fullscreen"] is True
    assert g.pause.name == "settings" and g.screen is pygame.display.get_surface()
    press(g, g.pause.page, "fullscreen")
    assert json.loads((data_dir / "settings.json").read_text())["fullscreen"] is False
    assert pygame.display.get_surface().get_size() == (1280, 800)


def test_a_side_set_to_always_take_its_attacks_of_opportunity_is_not_asked(data_dir):
    """Issue 14, item 6's per-side setting: the Reds' switch on, the hero walking away from
    two orcs provokes both, taken at once, with no hand-off to the Reds' player nor a
    question; off again, their player is asked behind the hand-off."""
    from tests.ui.test_game_screen import MELEE
    g = open_screen(MELEE)
    g.handoff = None
    key(g, pygame.K_ESCAPE)
    press(g, g.pause.page, "settings")
    press(g, g.pause.page, "aoo:red")
    assert json.loads((data_dir / "settings.json").read_text())["always_take_aoo"] == ["red"]
    assert "yes" in g.pause.page.widgets["aoo:red"].text
    key(g, pygame.K_ESCAPE)
    key(g, pygame.K_ESCAPE)
    snap = g.battle.snapshot()
    g.perform("move", {"squares": [[0, 0]]})
    assert g.dialog is None and g.handoff is None
    attacks = [t for t, _c in g.log if t.startswith(("orc_a →", "orc_b →"))]
    assert len(attacks) == 2, g.log[-6:]                       # both attacks of opportunity rolled
    g.battle.restore(snap)
    g.settings_store.change(always_take_aoo=())
    g.perform("move", {"squares": [[0, 0]]})
    assert g.handoff == "red" and g.handoff_for in ("orc_a", "orc_b")     # asked again, behind the hand-off
    g.battle.close()
    pygame.quit()


def test_the_computers_battle_waits_while_the_pause_menu_is_open(data_dir):
    from game.content.scenario import parse_scenario
    from game.engine import Battle
    from game.ui.editor.flow import Session
    from game.ui.game_screen import GameScreen
    from game.ui.pause_menu import paused
    pygame.display.init()
    screen = pygame.display.set_mode((1280, 800))
    g = GameScreen(Battle(parse_scenario(DUEL, "test.toml")), screen, "en", control={"blue": "ai:easy", "red": "ai:easy"})
    assert g.computer.playing()
    key(g, pygame.K_ESCAPE)                                    # Esc during the computer's turn: the pause menu
    assert paused(g)
    played = len(g.battle.history)
    Session(screen, "en", None, frames=90).run(g)             # 1.5 s of the window's loop: two commands
    assert len(g.battle.history) == played and g.running
    g.pause.close()
    Session(screen, "en", None, frames=90).run(g)
    assert len(g.battle.history) > played                      # resumed, the computer plays on
    g.battle.close()
    pygame.quit()


def test_the_ui_scale_from_the_settings_grows_the_battle_panel_and_its_buttons_still_answer(duel, data_dir):
    """Issue 14 leftover: the UI scale was the menus' only; the battle's side panel is
    drawn at it too (wider, its buttons larger), the board gives it room, and a click
    lands on the button drawn there."""
    g = duel
    g.draw()
    width, move = g.panel_rect().w, next(b.rect for b in g.buttons if b.name == "move")
    board_w = g.board_rect().w
    key(g, pygame.K_ESCAPE)
    press(g, g.pause.page, "settings")
    press(g, g.pause.page, "ui_scale")                        # 100 % -> 125 %
    saved = json.loads((data_dir / "settings.json").read_text(encoding="utf-8"))
    assert saved["ui_scale"] == 1.25 and g.ui_scale == 1.25
    press(g, g.pause.page, "back")
    key(g, pygame.K_ESCAPE)
    assert not g.pause.is_open
    g.draw()
    grown = next(b.rect for b in g.buttons if b.name == "move")
    assert g.panel_rect().w == round(width * 1.25) and g.board_rect().w == board_w - (g.panel_rect().w - width)
    assert grown.h == round(move.h * 1.25) and grown.w == round(move.w * 1.25)
    assert g.panel_rect().contains(grown)
    click_at(g, grown.center)
    assert g.mode == "move"                                    # the click found the button where it is drawn
    g.draw()
    drawn = g.screen.get_at((grown.x + 3, grown.centery + 6))[:3]          # the chosen button's colour, there
    assert all(abs(a - b) <= 12 for a, b in zip(drawn, (70, 90, 130))), drawn


def test_a_side_the_computer_plays_has_no_attack_of_opportunity_switch(data_dir):
    """Play-test: the settings offered "Reds always make their attacks of opportunity"
    with the Reds played by the computer, which answers its own questions."""
    from tests.ui.test_game_screen import MELEE
    g = open_screen(MELEE + '\n[sides.red]\ncontrol = "ai"\n')
    g.handoff = None
    key(g, pygame.K_ESCAPE)
    press(g, g.pause.page, "settings")
    roles = set(g.pause.page.widgets)
    assert "aoo:blue" in roles and "aoo:red" not in roles
    g.battle.close()
    pygame.quit()
