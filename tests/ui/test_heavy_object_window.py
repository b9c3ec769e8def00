"""Moving a heavy object from the window (French text, "déplacer ou manipuler un objet":
"déplacer un objet lourd" is a move action): the "More…" menu lists each crate next to
the creature when ``options`` offers it, and the next click on the board says where it
goes; the engine plays it and the log says it in the player's language."""
from __future__ import annotations

import pygame

from tests.ui.test_game_screen import at, click, open_screen

CRATES = """
seed = 3
[map]
grid = \"\"\"
..........
..b.......
..........
\"\"\"
[[creature]]
id = "hero"
name = "Hero"
side = "blue"
at = [1, 1]
weapon = "longsword"
str = 14
initiative = 20

[[creature]]
id = "orc"
name = "Orc"
side = "red"
at = [9, 2]
weapon = "greataxe"
initiative = 10
"""


def _push_from_the_menu(lang: str, entry: str) -> tuple:
    g = open_screen(CRATES, lang)
    try:
        g.handoff = None
        g.refresh()
        g.draw()
        assert g.current == "hero"
        more = next(b for b in g.buttons if b.name == "more")
        click(g, more.rect.center)
        labels = [label for label, _v in g.dialog.choices]
        assert entry in labels
        g.draw()
        click(g, g.dialog.rects[labels.index(entry)].center)
        assert not g.battle.history                       # it waits for the square
        g.draw()
        click(g, at(g, (3, 1)))
        last = g.battle.history[-1]
        lines = [text for text, _colour in g.log]
        return last, g.battle.board().terrain.kind((3, 1)).id, lines
    finally:
        g.battle.close()
        pygame.quit()


def test_the_window_pushes_a_crate_chosen_in_the_more_menu_to_the_square_clicked():
    last, kind, lines = _push_from_the_menu("en", "Push or drag a heavy object · to the east")
    assert last["action"] == "move_object" and last["args"] == {"at": [2, 1], "to": [3, 1]}
    assert kind == "crate"
    assert any("Hero moves a heavy object one square" in line for line in lines)        # no coordinates
    assert not any("[" in line for line in lines), lines


def test_the_same_in_french():
    last, kind, lines = _push_from_the_menu("fr", "Pousser ou traîner un objet lourd · à l'est")
    assert last["action"] == "move_object" and kind == "crate"
    assert any("Hero déplace un objet lourd d'une case" in line for line in lines)
