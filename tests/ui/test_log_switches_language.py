"""The whole log changes language with the settings (play-test: old lines kept theirs):
each line is said in every language when it is made (``log_text``), so a battle played in
English and switched to French through the pause menu's settings reads, line for line,
as the same battle played in French — the events' lines with the creatures' names in
that language ("Wolf 1" / "Loup 1"), a refusal, an undone move, a hint; a save keeps every
line's languages, so a loaded log switches too. Driven with posted events (SDL dummy)."""
from __future__ import annotations

import pygame
import pytest

from game.ui import quick_load
from game.world import commands as C
from tests.ui.menus_driver import key, press
from screen_driver import Screens, at, click

FIELD = """
seed = 7
[map]
grid = \"\"\"
..........
..........
..........
\"\"\"
[[creature]]
id = "hero"
name = "Héros"
name_en = "Hero"
side = "blue"
at = [1, 1]
weapon = "longsword"
bab = 3
initiative = 20

[[creature]]
id = "wolf"
name = "Loup"
template = "wolf"
side = "red"
at = [6, 1]
hp = 60
initiative = 10
"""


@pytest.fixture
def screens(tmp_path, monkeypatch):
    monkeypatch.setenv("CARREAU_DATA_DIR", str(tmp_path))       # the settings written here
    s = Screens()
    yield s
    s.close()


def button(g, name: str) -> None:
    g.draw()
    click(g, next(b for b in g.buttons if b.name == name).rect.center)


def played(g) -> list:
    """The same steps on either screen: a move, then undone; a move; a charge refused
    (none after moving); an attack on the wolf."""
    button(g, "move")
    click(g, at(g, (3, 1)))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u))          # undo the move
    click(g, (5, 5)) if g.dialog is None else None
    button(g, "move")
    click(g, at(g, (5, 1)))                                   # next to the wolf
    assert not g.submit(C.Charge("hero", target="wolf"))     # refused, the engine's sentence logged
    button(g, "attack")
    click(g, at(g, (6, 1)))
    while g.dialog is not None:
        g.draw()
        click(g, g.dialog.rects[0].center)
    return [(str(text), colour) for text, colour in g.log]


def test_a_switch_to_french_says_the_whole_log_as_a_french_battle_does(screens):
    french = played(screens.make(FIELD, "fr"))
    g = screens.make(FIELD, "en")
    english = played(g)
    assert len(english) == len(french) >= 8 and english != french
    assert any("Wolf" in line for line, _c in english) and any("Loup" in line for line, _c in french)
    key(g, pygame.K_ESCAPE)                                   # the pause menu, its settings, the language
    press(g, g.pause.page, "settings")
    press(g, g.pause.page, "language")
    assert g.lang == "fr"
    key(g, pygame.K_ESCAPE)
    key(g, pygame.K_ESCAPE)
    assert not g.pause.is_open
    assert [(str(text), colour) for text, colour in g.log] == french
    g.lang = "en"                                             # and back
    g.relog()
    assert [(str(text), colour) for text, colour in g.log] == english


def test_a_saved_log_keeps_every_language_and_switches_once_loaded(screens):
    g = screens.make(FIELD, "en")
    english = played(g)
    kept = quick_load.kept_log(g.log)
    assert all(len(entry) == 3 and set(entry[2]) == {"en", "fr"} for entry in kept)
    french = played(screens.make(FIELD, "fr"))
    loaded = screens.make(FIELD, "fr")
    quick_load.resume_log(loaded, kept)
    assert [(str(t), c) for t, c in loaded.log[:len(english)]] == french      # shown in the screen's language
    loaded.lang = "en"
    loaded.relog()
    assert [(str(t), c) for t, c in loaded.log[:len(english)]] == english
    old = quick_load.kept_log(g.log)                          # an older save: one language, kept as it was
    quick_load.resume_log(loaded, [entry[:2] for entry in old])
    loaded.lang = "fr"
    loaded.relog()
    assert [(str(t), c) for t, c in loaded.log[:len(english)]] == english
