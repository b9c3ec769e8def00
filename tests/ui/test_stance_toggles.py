"""The stance toggles under the bar (play-test 3): a computer's creature takes no orders,
so its toggles are greyed with the reason and a click changes nothing; and Tumble, shown
in Move mode only, keeps its place whenever the engine offers tumbling, so that choosing
Move moves no button (in French its label pushed it onto a second row, and every button
under it rose)."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tests.ui.screen_driver import pump

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
id = "lidda"
name_en = "Lidda"
side = "blue"
at = [2, 1]
template = "lidda_1"
initiative = 20

[[creature]]
id = "orc"
name_en = "Orc"
side = "red"
at = [7, 2]
template = "orc"
initiative = 10
"""


def _rects(g) -> dict[str, tuple]:
    return {b.name: tuple(b.rect) for b in g.buttons if not b.name.startswith("stance:tumble")}


CRYPT = (Path(__file__).resolve().parents[2] / "maps" / "crypt.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("text", [DUEL, CRYPT], ids=["duel", "crypt"])
def test_choosing_move_moves_no_button_though_tumble_then_shows(screens, lang, text):
    g = screens(text, lang)
    g.draw()
    assert g.current == "lidda" and g.tumble_offered()
    before = _rects(g)
    assert not any(b.name == "stance:tumble" for b in g.buttons)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0))
    pump(g)
    assert g.mode == "move" and any(b.name == "stance:tumble" for b in g.buttons)
    assert _rects(g) == before


def test_a_computer_creatures_toggles_are_greyed_and_a_click_changes_nothing(screens):
    g = screens(DUEL.replace('seed = 3\n', 'seed = 3\n[sides.blue]\ncontrol = "ai"\n', 1))
    g.draw()
    assert g.computer.is_computer(g.current)
    toggles = [b for b in g.buttons if b.name.startswith("stance:")]
    assert toggles and not any(b.enabled for b in toggles)
    before = g.stance.defensively
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=toggles[0].rect.center))
    for event in pygame.event.get():
        g.handle(event)
    assert g.stance.defensively == before
