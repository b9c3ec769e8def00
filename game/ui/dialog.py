"""The battle screen's dialogs: a question and its answers (the rules' choices, the spell
list, "More…", a confirmation); drawn by ``ScreenDrawing._draw_dialog``.

Every yes-or-no question — the rules' (an attack of opportunity, a counter-trip, casting
defensively, Feather Fall …) and the window's confirmations (loading the quick save,
leaving the battle) — lists its answers in one order, yes then no, and takes the same
keys: Y (or O, « oui ») for yes, N for no (play-test: the answers came in varying
orders). ``yes_no_first`` puts them in that order; ``Dialog.yes_no`` marks a dialog so."""
from __future__ import annotations

import pygame

from ..i18n import sentence

YES_KEYS = (pygame.K_y, pygame.K_o)      # yes, « oui »
NO_KEYS = (pygame.K_n,)


def yes_no_first(choices: list, kinds: list[str | None]) -> tuple[list, bool]:
    """``choices`` with the one whose kind is "yes" first and the one whose kind is "no"
    second, the others after in their order; and whether there were both."""
    if "yes" not in kinds or "no" not in kinds:
        return list(choices), False
    yes, no = kinds.index("yes"), kinds.index("no")
    rest = [c for i, c in enumerate(choices) if i not in (yes, no)]
    return [choices[yes], choices[no], *rest], True


def key_hint(kind: str, lang: str) -> str:
    """The key a yes or a no answer takes, as its button shows it ("Y", "O" in French)."""
    return sentence("UI_KEY_YES" if kind == "yes" else "UI_KEY_NO", {}, lang)


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
        self.yes_no = False                 # its first two answers are yes and no (Y/O and N choose them)

    def key_choice(self, key: int) -> int | None:
        """The answer a key chooses: yes (Y, O) or no (N) in a yes-or-no dialog."""
        if not self.yes_no:
            return None
        return 0 if key in YES_KEYS else 1 if key in NO_KEYS else None

    def greyed(self, i: int) -> bool:
        value = self.choices[i][1]
        return isinstance(value, tuple) and len(value) == 2 and value[0] == "refused"

    def tip(self) -> str:
        """What the line under the answers says: the hovered answer's tip, else the note."""
        if self.hovered is not None and self.hovered < len(self.choices):
            return self.tips[self.hovered] or self.note
        return self.note
