"""The window itself (issue 14, item 7): its title in the interface language for the
screen shown (start menu, battle, victory, sandbox, explorer), and full screen on or off."""
from __future__ import annotations

import pygame

from ..i18n import sentence

SIZE = (1280, 800)
_shown: list[str] = [""]      # the title last set, so a screen may ask on every frame


def set_title(kind: str, lang: str, **params) -> str:
    """``kind``: menu, battle, victory, editor or explorer; the title set."""
    text = sentence(f"WIN_TITLE_{kind}", params, lang)
    if text != _shown[0] or pygame.display.get_caption()[:1] != (text,):
        pygame.display.set_caption(text)
        _shown[0] = text
    return text


def set_fullscreen(on: bool) -> pygame.Surface:
    """Full screen, or back to a resizable window of the usual size; the screens learn the
    new surface from the VIDEORESIZE this posts (as after a resize by hand)."""
    flags = pygame.FULLSCREEN if on else pygame.RESIZABLE
    try:
        surface = pygame.display.set_mode((0, 0) if on else SIZE, flags)
    except pygame.error:                      # no full screen on this display: the window as it was
        surface = pygame.display.set_mode(SIZE, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=surface.get_size(),
                                         w=surface.get_width(), h=surface.get_height()))
    return surface
