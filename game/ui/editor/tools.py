"""The editor's board tools (issue 13, item 1): select and drag a creature, paint terrain
with a brush or a rectangle, place a creature from a template, measure with the 1-2-1
ruler (a click sets its start, a second its end, a third puts it away). A gesture begins on a
press on the board and ends on the release; each ends in one edit of the document (a
brush stroke's squares are one undoable edit), refused or kept by the validator."""
from __future__ import annotations

import pygame

from ...data import bestiary
from .. import theme


class BoardTools:
    """Mixed into ``EditorScreen``: reads its ``doc``, ``battle``, ``cam``, ``tool``,
    ``brush``, ``template``, ``place_side`` and calls its ``changed``."""

    def _press(self, square) -> None:
        if self.tool == "ruler":
            self.rules.ruler(square)                # start, fixed end, put away
            self.refresh()
            return
        self.pressed = square
        who = self.creature_at(square)
        if self.tool == "select" or (who and self.tool == "place"):
            aiming = self.extra.get("show_splash") and self.selected is not None
            self.reselected = who is not None and who == self.selected and not aiming
            if who is not None and who != self.selected and not aiming:
                self.selected = who                 # a creature: select it (and drag it)
                self.rules.forget()
                self.panel.build()
            elif who is None or aiming:
                self.rules.explain(square)          # any other square: the rules that decide it
            self.dragging = who
            self.refresh()
        elif self.tool == "brush":
            self.strokes += 1
            self.changed(self.doc.paint([square], self.brush, f"stroke-{self.strokes}"))
        elif self.tool == "place":
            self._place(square)

    def _place(self, square) -> None:
        entry = bestiary.get(self.template) or {}
        name = entry.get(f"name_{self.lang}") or entry.get("name_en") or ""
        refusal, cid = self.doc.place(self.template, self.place_side, square, name)
        if refusal is None:
            self.selected = cid
        self.changed(refusal)

    def _motion(self, square) -> None:
        if square != self.hover:
            last, self.hover = self.hover, square
            if self.pressed is not None and self.tool == "brush":
                # A quick stroke skips squares between two motion events: paint the line.
                squares = _line(last, square) if last is not None else [square]
                self.changed(self.doc.paint(squares, self.brush, f"stroke-{self.strokes}"))
            self.refresh()

    def _release(self, square) -> None:
        start, self.pressed = self.pressed, None
        if start is None:
            return
        if self.tool == "rect":
            self.changed(self.doc.rectangle(start, square, self.brush))
        elif self.dragging and square != start:
            body = self.battle.board().by_id[self.dragging]
            at = (body.pos[0] + square[0] - start[0], body.pos[1] + square[1] - start[1])
            self.changed(self.doc.move(self.dragging, at))
        elif self.dragging and getattr(self, "reselected", False):
            self.selected = None                    # a click on the selected creature lets it go
            self.panel.build()
            self.refresh()
        self.dragging, self.reselected = None, False

    def _draw_gesture(self) -> None:
        """The rectangle being drawn, or where the dragged creature would land."""
        if self.pressed is None or self.hover is None:
            return
        c = self.cam.cell
        if self.tool == "rect":
            (x0, x1), (y0, y1) = sorted((self.pressed[0], self.hover[0])), sorted((self.pressed[1], self.hover[1]))
        elif self.dragging and self.hover != self.pressed:
            body = self.battle.board().by_id[self.dragging]
            x0, y0 = body.pos[0] + self.hover[0] - self.pressed[0], body.pos[1] + self.hover[1] - self.pressed[1]
            x1, y1 = x0 + body.span - 1, y0 + body.span - 1
        else:
            return
        a = self.cam.to_screen((x0, y0))
        pygame.draw.rect(self.screen, theme.SELECTED, (a[0], a[1], (x1 - x0 + 1) * c, (y1 - y0 + 1) * c), 2)


def _line(a, b) -> list[tuple[int, int]]:
    """The squares from ``a`` to ``b`` on a straight line, both ends included."""
    n = max(abs(b[0] - a[0]), abs(b[1] - a[1]), 1)
    return list(dict.fromkeys((round(a[0] + (b[0] - a[0]) * i / n), round(a[1] + (b[1] - a[1]) * i / n))
                              for i in range(n + 1)))
