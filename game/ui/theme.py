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
SEAL = (224, 178, 52)          # a sealed door's gold seal
SEAL_RING = (96, 58, 20)       # and its bronze ring and rays
MARK_EDGE = (252, 251, 246)    # the light line inside a side mark's dark edge
# Side colours told apart with the common colour-vision deficiencies (protanopia,
# deuteranopia): the usual blue and red, then the Okabe-Ito bluish green, orange, reddish
# purple and sky blue (tests/ui/test_board_reads_at_a_glance.py simulates both and checks
# every pair stays apart). Each side also carries a shape, ``SIDE_MARKS``, by the same order.
SIDE_COLOURS = [(58, 104, 178), (184, 66, 56), (0, 158, 115), (230, 159, 0), (204, 121, 167), (86, 180, 233)]
SIDE_MARKS = ("circle", "triangle", "square", "diamond", "cross", "star")
_NAMED_SIDES = {"blue": 0, "red": 1, "green": 2}


def side_index(sides: list[str], side: str) -> int:
    """Blue, red and green keep their own place; other sides follow in order of appearance."""
    if side in _NAMED_SIDES:
        return _NAMED_SIDES[side]
    others = [s for s in sides if s not in _NAMED_SIDES]
    return 3 + others.index(side) if side in others else 3


def side_colour(sides: list[str], side: str) -> tuple[int, int, int]:
    """The side's ring colour (the palette repeats past six sides; the marks tell them apart)."""
    return SIDE_COLOURS[side_index(sides, side) % len(SIDE_COLOURS)]


def side_mark(sides: list[str], side: str) -> str:
    """The side's shape, the cue that does not need colour: circle, triangle, square …"""
    return SIDE_MARKS[side_index(sides, side) % len(SIDE_MARKS)]


def mark_points(mark: str, centre: tuple[int, int], r: int) -> list[tuple[int, int]]:
    """The outline of a polygon mark of half-size ``r`` about ``centre`` (not the circle)."""
    cx, cy = centre
    if mark == "triangle":
        return [(cx, cy - r), (cx + r, cy + r * 4 // 5), (cx - r, cy + r * 4 // 5)]
    if mark == "square":
        k = r * 4 // 5
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if mark == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if mark == "cross":
        t = max(1, r * 2 // 5)
        return [(cx - t, cy - r), (cx + t, cy - r), (cx + t, cy - t), (cx + r, cy - t), (cx + r, cy + t),
                (cx + t, cy + t), (cx + t, cy + r), (cx - t, cy + r), (cx - t, cy + t), (cx - r, cy + t),
                (cx - r, cy - t), (cx - t, cy - t)]
    # a five-pointed star
    outer = [(0, -1.0), (0.951, -0.309), (0.588, 0.809), (-0.588, 0.809), (-0.951, -0.309)]
    points = []
    for i, (ox, oy) in enumerate(outer):
        nx, ny = outer[(i + 1) % 5]
        points.append((cx + round(ox * r), cy + round(oy * r)))
        points.append((cx + round((ox + nx) * r * 0.32), cy + round((oy + ny) * r * 0.32)))
    return points


def draw_mark(surface: pygame.Surface, mark: str, centre: tuple[int, int], r: int,
              colour: tuple[int, int, int]) -> pygame.Rect:
    """A side's mark: its shape filled with the side's colour inside a light then a dark
    edge, so the shape reads on any ground and on the ring of its own colour."""
    if mark == "circle":
        pygame.draw.circle(surface, TOKEN_EDGE, centre, r + 2)
        pygame.draw.circle(surface, MARK_EDGE, centre, r + 1)
        return pygame.draw.circle(surface, colour, centre, max(1, r - 1))
    points = mark_points(mark, centre, r)
    pygame.draw.polygon(surface, TOKEN_EDGE, points, 4)
    pygame.draw.polygon(surface, MARK_EDGE, points, 2)
    return pygame.draw.polygon(surface, colour, mark_points(mark, centre, max(1, r - 1)))


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
