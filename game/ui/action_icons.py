"""Small icons for the action bar, drawn with lines and polygons in the ink colour (the
house draws its own art: ``art``). Each fits a square; an action without its own icon
gets the dot of its kind."""
from __future__ import annotations

import math

import pygame


def _arrow(s, r, ink, angle: float = 0.0, length: float = 1.0, double: bool = False) -> None:
    cx, cy = r.center
    half = r.w * 0.42 * length
    dx, dy = math.cos(angle) * half, math.sin(angle) * half
    tail, head = (cx - dx, cy - dy), (cx + dx, cy + dy)
    pygame.draw.line(s, ink, tail, head, 2)
    for tip in ([head, (cx, cy)] if double else [head]):
        back = angle + math.pi
        wing = r.w * 0.28
        for turn in (-0.6, 0.6):
            pygame.draw.line(s, ink, tip, (tip[0] + math.cos(back + turn) * wing, tip[1] + math.sin(back + turn) * wing), 2)


def _sword(s, r, ink, lean: float = 0.0) -> None:
    x0, y0 = r.left + 3 + lean, r.bottom - 3
    x1, y1 = r.right - 3 + lean, r.top + 3
    pygame.draw.line(s, ink, (x0, y0), (x1, y1), 2)
    mx, my = x0 + (x1 - x0) * 0.3, y0 + (y1 - y0) * 0.3
    pygame.draw.line(s, ink, (mx - 3, my - 3), (mx + 3, my + 3), 2)


def _shield(s, r, ink) -> None:
    x, y, w, h = r.x + 2, r.y + 1, r.w - 4, r.h - 2
    pygame.draw.polygon(s, ink, [(x, y), (x + w, y), (x + w, y + h * 0.55), (x + w / 2, y + h), (x, y + h * 0.55)], 2)


def _person(s, r, ink, lying: bool = False) -> None:
    cx, cy = r.center
    if lying:
        pygame.draw.circle(s, ink, (r.left + 3, cy + 3), 2)
        pygame.draw.line(s, ink, (r.left + 5, cy + 3), (r.right - 2, cy + 3), 2)
        return
    pygame.draw.circle(s, ink, (cx, r.top + 3), 2)
    pygame.draw.line(s, ink, (cx, r.top + 5), (cx, cy + 3), 2)
    pygame.draw.line(s, ink, (cx, cy + 3), (cx - 3, r.bottom - 1), 2)
    pygame.draw.line(s, ink, (cx, cy + 3), (cx + 3, r.bottom - 1), 2)


def _hourglass(s, r, ink) -> None:
    x, y, w, h = r.x + 3, r.y + 1, r.w - 6, r.h - 2
    pygame.draw.polygon(s, ink, [(x, y), (x + w, y), (x, y + h), (x + w, y + h)], 2)


def _clock(s, r, ink) -> None:
    pygame.draw.circle(s, ink, r.center, r.w // 2 - 1, 2)
    pygame.draw.line(s, ink, r.center, (r.centerx, r.top + 4), 2)
    pygame.draw.line(s, ink, r.center, (r.right - 5, r.centery), 2)


def _check(s, r, ink) -> None:
    pygame.draw.lines(s, ink, False, [(r.left + 2, r.centery), (r.centerx - 1, r.bottom - 3), (r.right - 2, r.top + 3)], 2)


def _flask(s, r, ink) -> None:
    pygame.draw.circle(s, ink, (r.centerx, r.bottom - 5), 5, 2)
    pygame.draw.rect(s, ink, pygame.Rect(r.centerx - 2, r.top + 1, 4, 6), 2)


def _door(s, r, ink) -> None:
    pygame.draw.rect(s, ink, pygame.Rect(r.x + 3, r.y + 1, r.w - 6, r.h - 2), 2)
    pygame.draw.circle(s, ink, (r.right - 6, r.centery), 1)


def _hook(s, r, ink) -> None:
    pygame.draw.line(s, ink, (r.centerx, r.top + 1), (r.centerx, r.bottom - 5), 2)
    pygame.draw.arc(s, ink, pygame.Rect(r.centerx - 6, r.bottom - 10, 8, 8), math.pi, 2 * math.pi, 2)


def _cross(s, r, ink) -> None:
    pygame.draw.line(s, ink, (r.left + 3, r.top + 3), (r.right - 3, r.bottom - 3), 2)
    pygame.draw.line(s, ink, (r.left + 3, r.bottom - 3), (r.right - 3, r.top + 3), 2)


def _knot(s, r, ink) -> None:
    pygame.draw.circle(s, ink, (r.centerx - 3, r.centery), 4, 2)
    pygame.draw.circle(s, ink, (r.centerx + 3, r.centery), 4, 2)


def _star(s, r, ink) -> None:
    cx, cy = r.center
    points = [(cx + math.cos(a) * (7 if i % 2 == 0 else 3), cy + math.sin(a) * (7 if i % 2 == 0 else 3))
              for i, a in enumerate(-math.pi / 2 + k * math.pi / 5 for k in range(10))]
    pygame.draw.polygon(s, ink, points, 2)


def _dots(s, r, ink) -> None:
    for i in (-4, 0, 4):
        pygame.draw.circle(s, ink, (r.centerx + i, r.centery), 1)


def _rock(s, r, ink) -> None:
    pygame.draw.polygon(s, ink, [(r.left + 2, r.bottom - 4), (r.left + 5, r.top + 4), (r.right - 4, r.top + 3),
                                 (r.right - 2, r.bottom - 5)], 2)


def _waves(s, r, ink) -> None:
    """Two rows of waves: swimming."""
    for row in (r.centery - 3, r.centery + 3):
        points = [(r.left + 2 + i, row + (2 if (i // 3) % 2 else -1)) for i in range(0, r.width - 3, 3)]
        if len(points) > 1:
            pygame.draw.lines(s, ink, False, points, 2)


def _peaks(s, r, ink) -> None:
    """A climbing line up a rock face."""
    pygame.draw.lines(s, ink, False, [(r.left + 2, r.bottom - 2), (r.left + r.width // 3, r.top + r.height // 2),
                                      (r.centerx, r.bottom - 4), (r.right - 2, r.top + 2)], 2)


def _strands(s, r, ink) -> None:
    """A web's spokes with a foot's path across them: moving through a web."""
    c = r.center
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        reach = r.width // 2 - 2
        pygame.draw.line(s, ink, (c[0] - dx * reach, c[1] - dy * reach), (c[0] + dx * reach, c[1] + dy * reach), 1)
    pygame.draw.circle(s, ink, c, r.width // 4, 1)


DRAWERS = {
    "move": lambda s, r, ink: _arrow(s, r, ink),
    "five_foot_step": lambda s, r, ink: _arrow(s, r, ink, length=0.55),
    "withdraw": lambda s, r, ink: _arrow(s, r, ink, angle=math.pi),
    "run": lambda s, r, ink: _arrow(s, r, ink, double=True),
    "charge": lambda s, r, ink: (_arrow(s, r, ink, angle=-0.5),),
    "attack": _sword,
    "full_attack": lambda s, r, ink: (_sword(s, r, ink, -3), _sword(s, r, ink, 3)),
    "total_defense": _shield,
    "stand_up": lambda s, r, ink: _person(s, r, ink),
    "drop_prone": lambda s, r, ink: _person(s, r, ink, lying=True),
    "trip": _hook,
    "bull_rush": lambda s, r, ink: (_shield(s, pygame.Rect(r.x, r.y + 3, 8, 10), ink), _arrow(s, r, ink, length=0.5)),
    "disarm": _cross,
    "grapple": _knot,
    "overrun": lambda s, r, ink: (_arrow(s, r, ink), pygame.draw.line(s, ink, (r.centerx, r.top + 2),
                                                                     (r.centerx, r.bottom - 2), 2)),
    "throw_splash": _flask,
    "door": _door,
    "ready": _hourglass,
    "delay": _clock,
    "end_turn": _check,
    "cast": _star,
    "continue_casting": _star,
    "throw_rock": _rock,
    "more": _dots,
    "swim": _waves,
    "move_through_web": _strands,
    "climb": _peaks,
}


def draw(screen: pygame.Surface, name: str, rect: pygame.Rect, ink) -> None:
    """The action's icon in ``rect`` (a dot for one without its own)."""
    drawer = DRAWERS.get(name)
    if drawer is None:
        pygame.draw.circle(screen, ink, rect.center, 3)
        return
    drawer(screen, rect, ink)
