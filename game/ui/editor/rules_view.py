"""What the editor shows of the rules: one ``SandboxView`` (``ui.sandbox_view``) on the
battle of the edited scenario, made again with each new battle, and the footer's
scrolling box of its lines. The view keeps the ruler's ends and the last
explanation asked for; a line of numbers (an attack's chance) is a link that explains
them (issue 13, items 2-5, as the explorer shows them)."""
from __future__ import annotations

import html

import pygame
import pygame_gui

from ..sandbox_view import SandboxView


class RulesView:
    def __init__(self, editor):
        self.ed = editor
        self.view: SandboxView | None = None
        self.box = None
        self.shown: list[str] = []
        self.links: dict[str, str] = {}          # link target -> the line of numbers it explains

    def new_battle(self, battle) -> None:
        """A new battle (after an edit): a new view; the ruler stays, explanations of the
        old situation go."""
        ends = (self.view.ruler_from, self.view.ruler_to) if self.view is not None else (None, None)
        self.view = SandboxView(battle, self.ed.lang, self.ed.names)
        self.view.ruler_from, self.view.ruler_to = ends

    def switches(self) -> dict[str, bool]:
        """The view's switches beyond threat, reach, charge and mode, as it starts them."""
        return {a: bool(getattr(self.view, a)) for a in ("show_area", "show_lanes", "show_flanking", "show_splash")
                if hasattr(self.view, a)}

    def update(self):
        """The overlay and the lines for the editor's selection, hover and switches."""
        ed, view = self.ed, self.view
        view.selected, view.hover, view.mode = ed.selected, ed.hover, ed.mode
        view.show_threat, view.show_reach, view.charge_mode = ed.show_threat, ed.show_reach, ed.charge_mode
        for attr, on in ed.extra.items():
            setattr(view, attr, on)
        overlay = view.overlay()
        lines = list(view.info_lines())
        explained = view.explanation_lines() if getattr(view, "explained", None) else []
        if explained and lines[-len(explained):] == explained:
            lines = explained + lines[:-len(explained)]          # the explanation asked for comes first
        return overlay, lines

    def explain(self, square) -> None:
        if hasattr(self.view, "explain"):
            self.view.explain(square)

    def forget(self) -> None:
        """Explanations and a locked flask aim let go (a new selection, Backspace)."""
        if hasattr(self.view, "explained"):
            self.view.explained, self.view.splash_aim = [], None

    def ruler(self, square) -> None:
        """A click of the ruler on ``square``: its start, its fixed end, or put away."""
        if square is not None:
            self.view.ruler_step(square)

    def clear_ruler(self) -> bool:
        return self.view.clear_ruler()

    def show(self, lines: list[str], rect: pygame.Rect) -> None:
        """The lines in the footer's box (made again only when they change); lines of
        numbers are links."""
        if self.box is not None and self.box.relative_rect == rect and lines == self.shown:
            return
        if self.box is not None:
            self.box.kill()
        numbers = getattr(self.view, "numbers", {})
        self.shown, self.links, parts = lines, {}, []
        for i, line in enumerate(lines):
            if line in numbers:
                self.links[f"line{i}"] = line
                parts.append(f'<a href="line{i}">{html.escape(line)}</a>')
            else:
                parts.append(html.escape(line))
        self.box = pygame_gui.elements.UITextBox("<br>".join(parts), rect, self.ed.manager)

    def clicked(self, event) -> bool:
        """A link of the box clicked: its numbers explained. True when it was one."""
        if event.type != pygame_gui.UI_TEXT_BOX_LINK_CLICKED or event.ui_element is not self.box:
            return False
        line = self.links.get(event.link_target)
        if line is not None and hasattr(self.view, "explain_line"):
            self.view.explain_line(line)
        return True
