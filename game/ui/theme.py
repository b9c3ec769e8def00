"""Colours, fonts and sizes: one place for the look of the board."""
from __future__ import annotations

from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parents[2] / "assets"

BACKGROUND = (28, 30, 36)
FLOOR = (214, 203, 173)
FLOOR_ALT = (207, 195, 164)
GRID = (168, 155, 126)
GRID_SOLID = (46, 49, 58)     # grid lines between two walls
WALL = (62, 66, 77)
WALL_TOP = (92, 97, 110)
DIFFICULT = (126, 164, 158)
DIFFICULT_MARK = (88, 128, 124)
TEXT = (240, 236, 226)
TEXT_DARK = (35, 33, 30)
THREAT = (200, 52, 44)
REACH = (226, 150, 40)
PATH = (40, 110, 200)
PATH_OK = (56, 150, 78)
PATH_BAD = (196, 48, 40)
PROVOKE = (236, 122, 18)
TOKEN_EDGE = (35, 33, 30)     # the dark line around a token's side ring
SELECTED = (255, 215, 0)
SIDE_COLOURS = [(58, 104, 178), (184, 66, 56), (70, 142, 84), (150, 96, 170), (200, 150, 50), (60, 150, 160)]


def side_colour(sides: list[str], side: str) -> tuple[int, int, int]:
    """Blue and red for the usual sides, then a fixed palette in order of appearance."""
    named = {"blue": SIDE_COLOURS[0], "red": SIDE_COLOURS[1], "green": SIDE_COLOURS[2]}
    if side in named:
        return named[side]
    others = [s for s in sides if s not in named]
    return SIDE_COLOURS[(3 + others.index(side)) % len(SIDE_COLOURS)] if side in others else SIDE_COLOURS[3]


_fonts: dict[tuple[int, bool], pygame.font.Font] = {}


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The shipped DejaVu Sans (French and symbols), cached; rebuilt after pygame.quit()."""
    key = (size, bold)
    cached = _fonts.get(key)
    if cached is not None:
        try:
            cached.get_height()
            return cached
        except pygame.error:
            _fonts.clear()
    if not pygame.font.get_init():
        pygame.font.init()
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    path = ASSETS / "fonts" / name
    made = pygame.font.Font(str(path) if path.exists() else None, size)
    _fonts[key] = made
    return made


def wrap(text: str, fnt, width: int) -> list[str]:
    """A long line cut at spaces to fit ``width`` pixels."""
    out, line = [], ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if line and fnt.size(trial)[0] > width:
            out.append(line)
            line = word
        else:
            line = trial
    return [*out, line] if line else out
