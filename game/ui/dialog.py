"""The battle screen's dialogs: a question and its answers (the rules' choices, the spell
list, "More…", a confirmation); drawn by ``ScreenDrawing._draw_dialog``."""
from __future__ import annotations

import pygame


class Dialog:
    """A question and its answers. An answer whose value is ``("refused", reason)`` is
    greyed: choosing it says the reason and keeps the dialog open. ``tips``: the text
    shown under the answers while one is hovered (a greyed spell's whole reason, a label
    too long for its button)."""

    def __init__(self, text: str, choices: list[tuple[str, object]], on_choose, cancellable: bool = False,
                 tips: list[str | None] | None = None):
        self.text = text
        self.choices = choices
        self.on_choose = on_choose
        self.cancellable = cancellable      # Escape closes it (a choice of one's own, not the rules')
        self.rects: list[pygame.Rect] = []
        self.tips: list[str | None] = list(tips) if tips is not None else [None] * len(choices)
        self.hovered: int | None = None     # the answer under the mouse
        self.note = ""                      # the last greyed answer's reason, once clicked
        self.stacked = False                # one answer a row, at fixed places (a spell list)

    def greyed(self, i: int) -> bool:
        value = self.choices[i][1]
        return isinstance(value, tuple) and len(value) == 2 and value[0] == "refused"

    def tip(self) -> str:
        """What the line under the answers says: the hovered answer's tip, else the note."""
        if self.hovered is not None and self.hovered < len(self.choices):
            return self.tips[self.hovered] or self.note
        return self.note
