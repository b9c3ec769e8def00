"""The key list on F1 (issue 14, item 7): every key and gesture the battle window
understands (``GameScreen._key``, the action bar's number keys, its clicks, the camera,
the window's F6), in the player's language. F1 again, Esc or the button closes it."""
from __future__ import annotations

from html import escape

from pygame_gui import elements as E

from ..i18n import sentence
from .gui_page import Page

ROWS = ("click", "digits", "tracker", "escape", "yes_no",
        "enter", "e", "u", "t", "m", "f5", "f9", "f6", "f1", "tab", "arrows", "wheel",
        "drag", "computer")


def rows(lang: str) -> list[tuple[str, str]]:
    """(the key, what it does) for every row."""
    return [(sentence(f"KEYS_{r}_KEY", {}, lang), sentence(f"KEYS_{r}", {}, lang)) for r in ROWS]


class KeyListPage(Page):
    def __init__(self, size: tuple[int, int], scale: float, lang: str):
        super().__init__(size, scale, 720, 560)
        self.label(sentence("KEYS_TITLE", {}, lang), 14, "@title", height=36)
        text = "<br>".join(f"<b>{escape(key)}</b> — {escape(what)}" for key, what in rows(lang))
        box_h = (self.rect.h - self.px(60 + 64)) / self.scale
        self.add("list", E.UITextBox(text, self.cell(60, box_h), manager=self.manager, container=self.panel))
        self.button("close", sentence("KEYS_CLOSE", {}, lang), 60 + box_h + 12)
