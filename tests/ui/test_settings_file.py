"""Issue 14, item 7: the settings file and the folders. Settings are read from and saved
atomically to the player's data folder (platformdirs), or beside the saves with
``--saves``; a malformed file is refused in one line naming the file and the key, the
defaults are used and the file is kept until a setting is changed. No test touches the
real data folder (``conftest`` points it at a tmp dir)."""
from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.ui import settings
from game.ui.settings import Settings, Store, defaults, saves_folder, settings_file
from tests.ui.test_game_screen import DUEL


def test_no_file_gives_the_defaults_and_a_change_is_written_atomically(tmp_path):
    path = tmp_path / "deep" / "settings.json"
    store = Store(path)
    assert not store.exists and store.error is None and store.current == defaults()
    assert store.change(volume=0.5, muted=True) is None
    assert json.loads(path.read_text(encoding="utf-8"))["volume"] == 0.5
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]     # no temporary file left
    again = Store(path)
    assert again.exists and again.current.volume == 0.5 and again.current.muted is True
    assert again.current.language == store.current.language


@pytest.mark.parametrize("text, key", [
    ('{"volume": "loud"}', "volume"),
    ('{"volume": 1.5}', "volume"),
    ('{"language": "de"}', "language"),
    ('{"animation_speed": "slow"}', "animation_speed"),
    ('{"ui_scale": 3}', "ui_scale"),
    ('{"muted": 1}', "muted"),
    ('{"fullscreen": "yes"}', "fullscreen"),
    ('{"colour": "blue"}', "colour: not a setting"),
    ('{"always_take_aoo": "red"}', "always_take_aoo"),
    ('{"always_take_aoo": [""]}', "always_take_aoo"),
    ('{"volume": 0.5,', "not JSON"),
    ('[0.5]', "table"),
])
def test_a_malformed_file_is_refused_in_one_line_naming_the_file_and_the_key(tmp_path, text, key):
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8")
    store = Store(path)
    assert store.current == defaults()
    for lang in ("en", "fr"):
        line = store.error.line(lang)
        assert line.startswith(str(path)) and "\n" not in line and "{" not in line
    assert key in store.error.line("en") and store.error.line("fr") != store.error.line("en")
    assert path.read_text(encoding="utf-8") == text                         # kept until the player saves


def test_a_good_file_keeps_every_value(tmp_path):
    chosen = Settings(language="fr", animation_speed="off", volume=0.25, muted=True, ui_scale=1.5, fullscreen=False,
                      always_take_aoo=("red", "green"))
    settings.save(chosen, tmp_path / "settings.json")
    assert Store(tmp_path / "settings.json").current == chosen


def test_the_folders_are_the_players_data_folder_unless_saves_is_given(monkeypatch):
    import platformdirs
    monkeypatch.delenv("CARREAU_DATA_DIR")
    home = Path(platformdirs.user_data_dir("carreau", appauthor=False))
    assert settings.user_folder() == home                                    # only named, nothing written
    assert saves_folder(None) == home / "saves" and settings_file(None) == home / "settings.json"
    assert saves_folder("elsewhere") == Path("elsewhere")
    assert settings_file("elsewhere") == Path("elsewhere") / "settings.json"


def _duel(tmp_path) -> Path:
    path = tmp_path / "duel.toml"
    path.write_text(DUEL, encoding="utf-8")
    return path


def test_the_window_refuses_a_bad_file_in_one_line_and_plays_with_the_defaults(tmp_path, capsys):
    from game.ui.app import main
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "settings.json").write_text('{"volume": "loud"}', encoding="utf-8")
    assert main(str(_duel(tmp_path)), "en", frames=2, save_dir=str(saves)) == 0
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(err) == 1 and "settings.json" in err[0] and "volume" in err[0]
    assert (saves / "settings.json").read_text(encoding="utf-8") == '{"volume": "loud"}'


def test_the_settings_beside_the_saves_choose_the_language(tmp_path, monkeypatch):
    from game.ui import app
    saves = tmp_path / "saves"
    settings.save(Settings(language="fr"), saves / "settings.json")
    made = []
    real = app._save_hooks
    monkeypatch.setattr(app, "_save_hooks", lambda folder, lang: made.append((folder, lang)) or real(folder, lang))
    assert app.main(str(_duel(tmp_path)), None, frames=2, save_dir=str(saves)) == 0
    assert made and made[0] == (str(saves), "fr")
    made.clear()
    assert app.main(str(_duel(tmp_path)), "en", frames=2, save_dir=str(saves)) == 0     # --lang wins
    assert made[0] == (str(saves), "en")


def test_back_to_the_menu_from_the_battle_shows_the_start_menu_again(tmp_path, monkeypatch):
    from game.ui import app, menu
    from game.ui.game_screen import GameScreen
    menus = []
    real_init = menu.Menu.__init__

    def counted(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        menus.append(self)
        if len(menus) == 1:                       # the first start menu starts its map at once
            self.chosen = (self.scenario(), self.lang)
            pygame.event.post(pygame.event.Event(pygame.USEREVENT))

    def leave(self, _dt):
        self.back_to_menu, self.running = True, False       # as the pause menu's "back to the menu"
    monkeypatch.setattr(menu.Menu, "__init__", counted)
    monkeypatch.setattr(GameScreen, "update", leave)
    assert app.main(None, "en", frames=8, save_dir=str(tmp_path / "saves")) == 0
    assert len(menus) == 2 and menus[1].chosen is None and menus[1].store is menus[0].store


def test_the_settings_page_names_a_refused_file_in_the_players_language_until_a_change(tmp_path):
    from game.ui.settings_screen import SettingsPage
    path = tmp_path / "settings.json"
    path.write_text('{"volume": 2}', encoding="utf-8")
    pygame.display.init()
    pygame.display.set_mode((1280, 800))
    store = Store(path)
    page = SettingsPage((1280, 800), store, "fr")
    note = page.widgets["note"].html_text
    assert "refusé" in note and "volume" in note and "attendu" in note
    page.close()
    store.change(muted=True)                                   # the player's first change replaces the file
    assert store.error is None and json.loads(path.read_text(encoding="utf-8"))["volume"] == defaults().volume
    pygame.quit()
