"""The side panel's rows, sized to their texts (issue 13, newcomer play-test: French
labels were cut off in equal columns). A row is a list of cells, each with the width its
longest text needs in the interface's language; the cells go left to right, a row that
would run past the panel goes on in the next one, and what is left of a row's width is
shared among the cells that may grow. The widgets' own frames are pygame_gui's: a button
has a border and a shadow on each side, a drop-down also its arrow, and the list it
opens a scroll bar."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

GAP = 4              # pixels between two cells of a row
PAD = 6              # room kept on each side of a text, inside its widget's frame
FRAME = 3            # a button's or drop-down's border (1) and shadow (2), each side
ARROW = 20           # a drop-down's arrow button
SCROLL_BAR = 20      # the scroll bar of an opened drop-down's list, or of a selection list
ITEM_H = 20          # an option's height in an opened drop-down


def button_need(font, text: str) -> int:
    return font.size(text)[0] + 2 * (FRAME + PAD)


def label_need(font, text: str) -> int:
    return font.size(text)[0] + 2 * PAD


def drop_down_need(font, texts, limit: int) -> int:
    """A drop-down's width for its longest option, closed and opened (with the list's
    scroll bar when its options run past ``limit`` pixels)."""
    texts = list(texts)
    bar = SCROLL_BAR if len(texts) * ITEM_H > limit else 0
    return max(font.size(t)[0] for t in texts) + 2 * (FRAME + PAD) + ARROW + bar


@dataclass
class Cell:
    role: str
    need: int                                   # pixels its longest text needs
    make: Callable[[pygame.Rect], object]       # the widget, in its rect
    grow: bool = True                           # takes a share of what the row leaves


def lines_of(cells: list[Cell], width: int) -> list[list[Cell]]:
    """The cells cut into rows no wider than ``width`` (a cell wider than it alone)."""
    out: list[list[Cell]] = []
    used = 0
    for cell in cells:
        if out and used + GAP + cell.need <= width:
            out[-1].append(cell)
            used += GAP + cell.need
        else:
            out.append([cell])
            used = cell.need
    return out


def widths(line: list[Cell], width: int) -> list[int]:
    """Each cell's width: its need, and an even share of the row's slack for those that
    grow (for all when none does)."""
    slack = width - sum(c.need for c in line) - GAP * (len(line) - 1)
    growing = [i for i, c in enumerate(line) if c.grow] or list(range(len(line)))
    out = [c.need for c in line]
    for k, i in enumerate(growing):
        out[i] += max(0, slack) // len(growing) + (1 if k < max(0, slack) % len(growing) else 0)
    if slack < 0:                                # one cell wider than the panel: it is the panel's width
        out = [min(w, width) for w in out]
    return out


def place(cells: list[Cell], x0: int, width: int, top: float, row_h: int) -> tuple[dict[str, object], float]:
    """Make the cells' widgets row by row from row ``top``; (role -> widget, the next row)."""
    made: dict[str, object] = {}
    for n, line in enumerate(lines_of(cells, width)):
        x = x0
        for cell, w in zip(line, widths(line, width)):
            made[cell.role] = cell.make(pygame.Rect(x, round(6 + (top + n) * row_h), w, row_h - 4))
            x += w + GAP
    return made, top + len(lines_of(cells, width))
