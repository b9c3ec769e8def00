"""Every label of the sandbox's panel fits its widget, in English and in French (issue 13,
newcomer play-test: French buttons were cut off): each button's and label's text is
measured with the font it is drawn in against the room inside its frame, every option of
every drop-down against the opened list's rows (opened by posted clicks), every item of
the scrolling lists against theirs, in the states the panel can show (each rule variant's
readings, three sides played by the computer, a creature selected with a mount to ride, a
paused battle); and
the panel stays inside the window."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UISelectionList

from game.ui.editor.document import Document
from game.ui.editor.screen import EditorScreen
from tests.ui.editor_driver import click_square, press, pump

FORD = Path(__file__).resolve().parents[2] / "maps" / "ford.toml"
ARROWS = {"▲", "▼", "◀", "▶", ""}
MARGIN = 2           # pixels of room kept on each side of a text


@pytest.fixture
def screen():
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((1280, 800))
    pygame.event.clear()
    yield surface
    pygame.quit()


def three_sides() -> Document:
    doc = tomllib.loads(FORD.read_text(encoding="utf-8"))
    doc["creature"].append({"id": "wolf", "side": "green", "at": [14, 5], "template": "wolf"})
    doc["creature"].append({"id": "warhorse", "side": "blue", "at": [10, 5], "template": "heavy_warhorse"})
    out = Document(doc, None)
    for side in ("blue", "green", "red"):
        assert out.set_control(side, "ai:normal") is None
    return out


def room(widget) -> int:
    border = widget.border_width
    left, right = (border["left"], border["right"]) if isinstance(border, dict) else (border, border)
    return widget.rect.width - left - right - 2 * widget.shadow_width


def cut_off(ed) -> list[str]:
    """The texts of the panel that do not fit their widgets as drawn now."""
    font, out = ed.panel.font, []
    for el in ed.manager.get_sprite_group().sprites():
        if isinstance(el, UIButton) and el.text not in ARROWS:
            if font.size(el.text)[0] + 2 * MARGIN > room(el):
                out.append(f"button {el.text!r}: {font.size(el.text)[0]} px in {room(el)}")
        elif isinstance(el, UILabel) and font.size(el.text)[0] + 2 * MARGIN > el.rect.width:
            out.append(f"label {el.text!r}: {font.size(el.text)[0]} px in {el.rect.width}")
    return out


def rows_cut_off(font, texts, rows) -> list[str]:
    shown = [r for r in rows if r is not None]
    assert shown, "no row in view"
    width = min(room(r) for r in shown)
    return [f"option {t!r}: {font.size(t)[0]} px in {width}" for t in texts if font.size(t)[0] + 2 * MARGIN > width]


def quick_click(ed, pos) -> None:
    """A posted click, handed to the editor with one update of the widgets after it (the
    driver's ``click`` also moves the pointer and settles the queue: slower)."""
    pygame.mouse.set_pos(pos)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=1, pos=pos))
    for _ in range(2):
        for event in pygame.event.get():
            ed.handle(event)
        ed.update(50)


def options_cut_off(ed) -> list[str]:
    """Each drop-down opened by a posted click: its options against its rows."""
    out = []
    for role, menu in list(ed.panel.w.items()):
        if not isinstance(menu, UIDropDownMenu):
            continue
        quick_click(ed, menu.rect.center)
        listed = getattr(menu.current_state, "options_selection_list", None)
        assert listed is not None, f"{role} did not open"
        out += [f"{role}: {line}" for line in rows_cut_off(ed.panel.font, [i["text"] for i in listed.item_list],
                                                           [i["button_element"] for i in listed.item_list])]
        quick_click(ed, menu.rect.center)                    # closed again
        assert not hasattr(menu.current_state, "options_selection_list"), f"{role} did not close"
    for role in ("conditions", "feats"):
        listed = ed.panel.w.get(role)
        if isinstance(listed, UISelectionList):
            out += [f"{role}: {line}" for line in rows_cut_off(ed.panel.font, [i["text"] for i in listed.item_list],
                                                               [i["button_element"] for i in listed.item_list])]
    return out


def outside(ed) -> list[str]:
    window = ed.screen.get_rect()
    return [f"{role} at {w.rect}" for role, w in ed.panel.w.items() if not window.contains(w.rect)]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_label_of_the_panel_fits_its_widget(screen, lang):
    ed = EditorScreen(three_sides(), screen, lang, paused=True)
    try:
        pump(ed)
        click_square(ed, (2, 6))                             # Tordek selected: his side, gear, conditions, feats
        pump(ed)
        assert ed.selected == "tordek" and "riding" in ed.panel.w         # a horse could carry him
        problems = cut_off(ed) + options_cut_off(ed) + outside(ed)
        for key in ("charge_lane", "scatter_order", "reach_diagonal_exception"):
            press(ed, f"variant_{key}")                       # the other reading of each variant
            problems += cut_off(ed)
        assert not problems, "\n".join(problems)
    finally:
        ed.close()


def test_the_measure_sees_a_label_cut_off(screen):
    """The measure is not blind: a button too narrow for its text is reported."""
    ed = EditorScreen(Document.open(FORD), screen, "fr")
    try:
        narrow = UIButton(pygame.Rect(0, 0, 40, 24), "Enregistrer", ed.manager)
        assert any("Enregistrer" in line for line in cut_off(ed))
        narrow.kill()
        assert not any("Enregistrer" in line for line in cut_off(ed))
    finally:
        ed.close()
