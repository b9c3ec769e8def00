"""A modal page of pygame_gui widgets over any screen (issue 14, items 7 and 8): the pause
menu, its confirmations, the settings and the key list are each one. The screen behind is
dimmed; the page's panel is centred and never larger than the window; its text is the
shipped DejaVu Sans at the player's menu scale (``Settings.ui_scale``).

pygame_gui answers a click by posting an event (``UI_BUTTON_PRESSED``) that comes back
through the window's queue: a page's owner hands every event to ``handle``, which returns
the role of the button pressed, if any. The page updates its widgets itself when drawn,
so a screen needs no extra call in its ``update``."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui import elements as E

from . import theme

ELEMENTS = ("button", "label", "text_box", "horizontal_slider", "panel")


def gui_manager(size: tuple[int, int], scale: float = 1.0) -> pygame_gui.UIManager:
    """A manager with the shipped font (French accents, arrows) at ``scale``."""
    if not pygame.font.get_init():
        pygame.font.init()
    manager = pygame_gui.UIManager(size)
    manager.add_font_paths("dejavu", str(theme.ASSETS / "fonts" / "DejaVuSans.ttf"),
                           str(theme.ASSETS / "fonts" / "DejaVuSans-Bold.ttf"))
    size_text = str(round(15 * scale))
    manager.preload_fonts([{"name": "dejavu", "point_size": int(size_text), "style": style}
                           for style in ("regular", "bold")])
    font = {"font": {"name": "dejavu", "size": size_text}}
    looks = {name: dict(font) for name in ELEMENTS}
    looks["panel"] = {**font, "colours": {"dark_bg": "#22242c", "normal_border": "#c8c8dc"},
                      "misc": {"border_width": "2"}}     # square corners: a rounded panel takes 0.16 s to draw
    looks["label"] = {**font, "colours": {"normal_text": "#f0ece2"}}
    looks["@title"] = {"font": {"name": "dejavu", "size": str(round(22 * scale)), "bold": "1"},
                       "colours": {"normal_text": "#ebd796"}}
    looks["@note"] = {"font": {"name": "dejavu", "size": str(round(13 * scale))},
                      "colours": {"normal_text": "#b4e0b4"}}
    manager.get_theme().load_theme(looks)
    return manager


class Page:
    """A page: a panel of ``width`` × ``height`` (before scaling) in the middle of a window
    of ``size``; subclasses add their widgets (``button``, ``label``, ``add``), each with
    its role."""

    def __init__(self, size: tuple[int, int], scale: float, width: int, height: int):
        self.size = size
        # the player's scale, less if the window is too small for the page at that scale:
        # a page is never cut off (a smaller font rather than hidden buttons)
        self.scale = max(0.5, min(scale, (size[0] - 8) / width, (size[1] - 8) / height))
        self.manager = gui_manager(size, self.scale)
        w, h = min(size[0] - 8, self.px(width)), min(size[1] - 8, self.px(height))
        self.rect = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        self.panel = E.UIPanel(self.rect, manager=self.manager)
        self.roles: dict[object, str] = {}          # widget -> role
        self.widgets: dict[str, object] = {}        # role -> widget (tests read them)
        self._ticks = pygame.time.get_ticks()

    def px(self, n: float) -> int:
        return round(n * self.scale)

    def cell(self, y: float, height: float = 40, x: float = 20, width: float | None = None) -> pygame.Rect:
        """A rectangle in the panel's own coordinates, ``y`` (and the rest) before scaling;
        ``width`` None: the panel's width less the margins."""
        left = self.px(x)
        w = self.rect.w - 2 * left if width is None else self.px(width)
        return pygame.Rect(left, self.px(y), w, self.px(height))

    def add(self, role: str, widget) -> object:
        self.roles[widget] = role
        self.widgets[role] = widget
        return widget

    def button(self, role: str, text: str, y: float, enabled: bool = True, **where) -> object:
        b = self.add(role, E.UIButton(self.cell(y, **where), text, manager=self.manager, container=self.panel))
        if not enabled:
            b.disable()
        return b

    def label(self, text: str, y: float, kind: str = "", height: float = 30, **where) -> object:
        return E.UILabel(self.cell(y, height, **where), text, manager=self.manager, container=self.panel,
                         object_id=pygame_gui.core.ObjectID(class_id=kind) if kind else None)

    def handle(self, event) -> str | None:
        """Hand ``event`` to the widgets; the role of a button just pressed."""
        self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.roles.get(event.ui_element)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        now = pygame.time.get_ticks()
        self.manager.update(max(0, now - self._ticks) / 1000)
        self._ticks = now
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        self.manager.draw_ui(surface)

    def close(self) -> None:
        self.manager.clear_and_reset()
