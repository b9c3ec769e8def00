"""Where the sandbox writes the refusals of red charge lanes (issue 13, newcomer
play-test: the reasons ran off the board's edges and over one another). Each label is a
few wrapped lines placed next to its square — under it, over it, to its right or left,
then stacked further under or over — always inside the board's rect and never over a
label already placed. A label that finds no room is left out of the board and shown when
its square is hovered (it is then placed first). Only rectangles here: ``board_view``
draws the text."""
from __future__ import annotations

import pygame

STACK = 6            # how many label heights a label may move away from its square, each way


def wrap_width(cell: int, bounds: pygame.Rect) -> int:
    """How wide a label's lines may run: a few squares, never wider than the board."""
    return max(1, min(bounds.width - 4, max(6 * cell, 240)))


def candidates(square: pygame.Rect, size: tuple[int, int]):
    """The places tried for a label of ``size`` by its square, nearest first."""
    w, h = size
    r = pygame.Rect(0, 0, w, h)
    yield r.move(square.centerx - w // 2, square.bottom + 2)           # under
    yield r.move(square.centerx - w // 2, square.top - h - 2)          # over
    yield r.move(square.right + 2, square.centery - h // 2)            # to the right
    yield r.move(square.left - w - 2, square.centery - h // 2)         # to the left
    for k in range(1, STACK + 1):
        yield r.move(square.centerx - w // 2, square.bottom + 2 + k * (h + 2))
        yield r.move(square.centerx - w // 2, square.top - h - 2 - k * (h + 2))


def layout(wanted: list[tuple[pygame.Rect, tuple[int, int]]], bounds: pygame.Rect,
           first: int | None = None) -> list[pygame.Rect | None]:
    """A rect for each (square, label size) of ``wanted``, inside ``bounds`` and apart
    from one another, or None where none is free; ``first`` (an index) is placed before
    the others (the hovered square's label)."""
    order = list(range(len(wanted)))
    if first is not None and 0 <= first < len(wanted):
        order.remove(first)
        order.insert(0, first)
    placed: list[pygame.Rect] = []
    out: list[pygame.Rect | None] = [None] * len(wanted)
    for i in order:
        square, size = wanted[i]
        if size[0] > bounds.width or size[1] > bounds.height:
            continue
        for rect in candidates(square, size):
            rect.clamp_ip(bounds)
            if rect.collidelist(placed) < 0:
                placed.append(rect)
                out[i] = rect
                break
    return out
