#!/usr/bin/env python3
"""Draw Carreau's terrain tiles and creature tokens into ``assets/``.

    python tools/make_art.py                 # writes assets/tiles/*.png and assets/tokens/*.png
    python tools/make_art.py --sheet x.png   # also a contact sheet: every token at 128..24 px
    python tools/make_art.py --check         # only says which expected files are missing

Everything is drawn with plain ``pygame.draw`` calls (4x supersampled, then smooth-scaled),
with no network and no unseeded randomness: the same pygame gives the same pictures. The
output is committed; run the script again after adding a terrain kind to
``game/rules/terrain.py`` ``LEGEND`` or a template to ``game/data/tables/bestiary.toml`` /
``heroes.toml``. A kind or template the script does not know by name still gets a picture
(by its rules flags, or by a word of its id: ``*_skeleton``, ``*wolf*``, ``*giant*`` ...).

The style: flat colours, a dark outline around every shape, a light rim around every token,
the parchment and slate palette of ``game/ui/theme.py``. Tokens are *not* side-coloured:
the game draws the side's colour as a ring around them.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
import tomllib
import zlib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.content.schema import DIFFICULT_LOOKS  # noqa: E402
from game.rules.terrain import LEGEND, TerrainKind  # noqa: E402

ASSETS = ROOT / "assets"
DATA = ROOT / "game" / "data" / "tables"
TEMPLATE_FILES = (DATA / "bestiary.toml", DATA / "heroes.toml")
TILE = 64      # pixels per terrain tile
TOKEN = 128    # pixels per token
SS = 4         # supersampling factor while drawing
GENERIC = "_generic"

# The templates issue 6 asks for; the TOML files, when they exist, add theirs.
KNOWN_BESTIARY = (
    "kobold", "goblin", "orc", "hobgoblin", "gnoll", "bugbear", "ogre", "troll", "hill_giant",
    "wolf", "dire_wolf", "light_warhorse", "heavy_warhorse", "warpony", "riding_dog",
    "human_skeleton", "human_zombie", "ogre_zombie", "wight", "ghoul", "ghast", "lion", "owlbear",
    "large_monstrous_spider", "huge_monstrous_centipede", "human_warrior",
)
KNOWN_HEROES = ("tordek", "jozan", "lidda", "mialee", "paladin", "hennet")

# --- palette (game/ui/theme.py's parchment and slate) ---------------------------------------
OUT = (35, 33, 30)            # theme.TEXT_DARK: every outline
RIM = (244, 238, 224)         # the light rim of a token
FLOOR = (214, 203, 173)       # theme.FLOOR
GRID = (168, 155, 126)        # theme.GRID
WALL = (62, 66, 77)           # theme.WALL
WALL_TOP = (92, 97, 110)      # theme.WALL_TOP
DIFFICULT = (126, 164, 158)   # theme.DIFFICULT
DIFFICULT_MARK = (88, 128, 124)

FIELD = {
    "humanoid": (226, 214, 184),
    "hero": (236, 220, 172),
    "giant": (228, 200, 160),
    "beast": (206, 214, 180),
    "mount": (200, 210, 212),
    "undead": (104, 110, 128),
    "vermin": (204, 192, 204),
    "ooze": (204, 210, 190),
    "fire": (236, 204, 164),
    "water": (184, 206, 222),
    "generic": (214, 203, 173),
}

STEEL = (184, 190, 200)
STEEL_DARK = (124, 130, 144)
WOOD = (146, 100, 58)
WOOD_DARK = (104, 70, 40)
LEATHER = (120, 86, 56)
BRASS = (212, 172, 84)
BONE = (236, 230, 208)
BONE_SHADE = (196, 188, 160)
CREAM = (240, 232, 206)
WHITE = (250, 248, 240)
VOID = (24, 24, 30)


# --- geometry helpers (coordinates in the 128-unit token space) ------------------------------
def ell(cx, cy, rx, ry, rot=0.0, n=56, a0=0.0, a1=math.tau):
    c, s = math.cos(math.radians(rot)), math.sin(math.radians(rot))
    pts = []
    closed = abs(a1 - a0 - math.tau) < 1e-9
    m = n if closed else n + 1
    for i in range(m):
        a = a0 + (a1 - a0) * i / n
        x, y = rx * math.cos(a), ry * math.sin(a)
        pts.append((cx + x * c - y * s, cy + x * s + y * c))
    return pts


def star(cx, cy, r_out, r_in, n, rot=0.0, squash=1.0):
    pts = []
    for i in range(2 * n):
        a = math.radians(rot) + math.pi * i / n - math.pi / 2
        r = r_out if i % 2 == 0 else r_in
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a) * squash))
    return pts


def mirror(pts, axis=64.0):
    return [(2 * axis - x, y) for x, y in pts]


def place(pts, at, deg=0.0, k=1.0):
    """Local points (y up is negative, 0 deg = pointing up) rotated clockwise and moved."""
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return [(at[0] + k * (x * c - y * s), at[1] + k * (x * s + y * c)) for x, y in pts]


def shade(colour, f):
    """Darker (f < 1) or lighter (f > 1) flat variant of a colour."""
    if f <= 1:
        return tuple(max(0, min(255, round(c * f))) for c in colour)
    return tuple(max(0, min(255, round(c + (255 - c) * (f - 1)))) for c in colour)


def seed_of(name: str) -> int:
    return zlib.crc32(name.encode("utf-8"))


# --- drawing ----------------------------------------------------------------------------
class Pen:
    """pygame.draw in token units, scaled by SS and by the figure's scale about an anchor."""

    def __init__(self, surf, k=1.0, anchor=(64.0, 120.0), unit=SS):
        self.s, self.k, self.anchor, self.unit = surf, k, anchor, unit

    def p(self, x, y):
        ax, ay = self.anchor
        return ((ax + (x - ax) * self.k) * self.unit, (ay + (y - ay) * self.k) * self.unit)

    def d(self, v):
        return v * self.k * self.unit

    def poly(self, col, pts):
        pygame.draw.polygon(self.s, col, [self.p(x, y) for x, y in pts])

    def circle(self, col, c, r):
        pygame.draw.circle(self.s, col, self.p(*c), max(1.0, self.d(r)))

    def ellipse(self, col, c, rx, ry, rot=0.0):
        self.poly(col, ell(c[0], c[1], rx, ry, rot))

    def line(self, col, a, b, w):
        (x0, y0), (x1, y1) = self.p(*a), self.p(*b)
        r = self.d(w) / 2
        dx, dy = x1 - x0, y1 - y0
        n = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / n * r, dx / n * r
        pygame.draw.polygon(self.s, col, [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)])
        pygame.draw.circle(self.s, col, (x0, y0), max(1.0, r))
        pygame.draw.circle(self.s, col, (x1, y1), max(1.0, r))

    def lines(self, col, pts, w):
        for a, b in zip(pts, pts[1:]):
            self.line(col, a, b, w)

    def rect(self, col, x, y, w, h):
        self.poly(col, [(x, y), (x + w, y), (x + w, y + h), (x, y + h)])


_kernels: dict[int, pygame.mask.Mask] = {}


def disc_kernel(r: int) -> pygame.mask.Mask:
    k = _kernels.get(r)
    if k is None:
        k = pygame.mask.Mask((2 * r + 1, 2 * r + 1))
        for x in range(2 * r + 1):
            for y in range(2 * r + 1):
                if (x - r) ** 2 + (y - r) ** 2 <= r * r + r:
                    k.set_at((x, y))
        _kernels[r] = k
    return k


class Figure:
    """The emblem of a token, drawn back to front: every ``shape`` gets a dark outline."""

    OUTLINE = 3.0   # token units

    def __init__(self, size=TOKEN):
        self.w = size * SS
        self.canvas = pygame.Surface((self.w, self.w), pygame.SRCALPHA)
        self.k = 1.0
        self.anchor = (64.0, 120.0)

    def pen(self, surf=None):
        return Pen(surf if surf is not None else self.canvas, self.k, self.anchor)

    def shape(self, fn, outline=None):
        layer = pygame.Surface((self.w, self.w), pygame.SRCALPHA)
        fn(self.pen(layer))
        r = max(1, round((self.OUTLINE if outline is None else outline) * SS))
        grown = pygame.mask.from_surface(layer, 1).convolve(disc_kernel(r))
        self.canvas.blit(grown.to_surface(setcolor=(*OUT, 255), unsetcolor=(0, 0, 0, 0)), (-r, -r))
        self.canvas.blit(layer, (0, 0))

    def detail(self, fn):
        fn(self.pen())


def clip_to_circle(surf, centre, radius):
    m = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    m.fill((255, 255, 255, 0))
    pygame.draw.circle(m, (255, 255, 255, 255), centre, radius)
    surf.blit(m, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def make_token(draw, field) -> pygame.Surface:
    w = TOKEN * SS
    base = pygame.Surface((w, w), pygame.SRCALPHA)
    c = (w / 2, w / 2)
    pygame.draw.circle(base, OUT, c, 64 * SS)
    pygame.draw.circle(base, RIM, c, 61 * SS)
    pygame.draw.circle(base, OUT, c, 55.5 * SS)
    pygame.draw.circle(base, field, c, 54 * SS)
    fig = Figure()
    draw(fig)
    clip_to_circle(fig.canvas, c, 54.5 * SS)
    base.blit(fig.canvas, (0, 0))
    pygame.draw.circle(base, OUT, c, 55.5 * SS, round(1.8 * SS))
    return pygame.transform.smoothscale(base, (TOKEN, TOKEN))


# --- parts of figures -------------------------------------------------------------------
def torso(fig, cloth, w=40.0, top=84.0, ry=38.0):
    fig.shape(lambda p: p.ellipse(cloth, (64, top + ry), w, ry))


def neck(fig, skin, w=8.0, top=68.0, bottom=92.0):
    fig.shape(lambda p: p.rect(skin, 64 - w, top, 2 * w, bottom - top))


def hand(fig, at, skin, r=6.5):
    fig.shape(lambda p: p.circle(skin, at, r))


def eyes(p, cy, dx=7.5, iris=WHITE, pupil=OUT, r=3.6, pr=1.9, cx=64.0, slit=False, ry=None):
    for sx in (-1, 1):
        x = cx + sx * dx
        p.ellipse(OUT, (x, cy), r + 1.0, (ry or r) + 1.0)
        p.ellipse(iris, (x, cy), r, ry or r)
        if slit:
            p.ellipse(pupil, (x, cy), pr * 0.5, (ry or r) * 0.9)
        elif pr:
            p.circle(pupil, (x, cy + 0.3), pr)


def brows(p, cy, dx=7.5, w=7.0, tilt=3.0, col=OUT, thick=2.4, cx=64.0):
    """tilt > 0: angry (inner ends low)."""
    for sx in (-1, 1):
        x = cx + sx * dx
        p.line(col, (x - sx * w / 2, cy + tilt), (x + sx * w / 2, cy - tilt / 2), thick)


def fangs(p, pts, col=WHITE):
    for x, y, h in pts:
        p.poly(col, [(x - 1.8, y), (x + 1.8, y), (x, y + h)])


# --- weapons and shields (local coordinates: grip at 0,0, pointing up) ----------------------
def weapon_sword(fig, at, deg=0.0, k=1.0, blade=62.0, curved=False, broad=False):
    def f(p):
        p.poly(WOOD_DARK, place([(-2.2, -6), (2.2, -6), (2.2, 9), (-2.2, 9)], at, deg, k))
        p.poly(BRASS, place(ell(0, 11, 3.6, 3.6), at, deg, k))
    fig.shape(f)

    def g(p):
        if curved:
            wdt = 6.0 if broad else 4.2
            pts = [(-wdt / 2, -9), (wdt / 2, -9), (wdt / 2 + 3, -blade * 0.55), (wdt + 5, -blade * 0.9),
                   (wdt / 2 + 2, -blade), (-wdt / 2 + 1, -blade * 0.78), (-wdt / 2, -blade * 0.4)]
        else:
            wdt = 7.0 if broad else 6.0
            pts = [(-wdt / 2, -9), (wdt / 2, -9), (wdt / 2, -blade + 8), (0, -blade), (-wdt / 2, -blade + 8)]
        p.poly(STEEL, place(pts, at, deg, k))
        p.poly(shade(STEEL, 1.25), place([(-0.8, -11), (0.8, -11), (0.8, -blade * 0.8), (-0.8, -blade * 0.8)] if not curved
                                          else [(-0.6, -11), (0.8, -11), (2.0, -blade * 0.6), (0.6, -blade * 0.6)], at, deg, k))
    fig.shape(g)
    fig.shape(lambda p: p.poly(BRASS, place([(-11, -11), (11, -11), (11, -6.5), (-11, -6.5)], at, deg, k)))


def weapon_axe(fig, at, deg=0.0, k=1.0, haft=60.0, big=False, double=False):
    def f(p):
        p.poly(WOOD, place([(-2.6, 16), (2.6, 16), (2.6, -haft), (-2.6, -haft)], at, deg, k))
    fig.shape(f)
    s = 1.35 if big else 1.0

    def blade(sx):
        top = -haft + 4
        return [(sx * 2, top - 2 * s), (sx * 12 * s, top - 9 * s), (sx * 19 * s, top - 2 * s), (sx * 21 * s, top + 8 * s),
                (sx * 19 * s, top + 19 * s), (sx * 12 * s, top + 25 * s), (sx * 2, top + 16 * s)]

    def g(p):
        p.poly(STEEL, place(blade(1), at, deg, k))
        if double:
            p.poly(STEEL, place(blade(-1), at, deg, k))
        else:
            p.poly(STEEL_DARK, place([(-2, -haft + 2), (-9, -haft + 6), (-2, -haft + 12)], at, deg, k))
    fig.shape(g)
    fig.detail(lambda p: p.poly(shade(STEEL, 1.3), place([(s * 15, -haft + 4), (s * 19, -haft + 6), (s * 19, -haft + 20), (s * 15, -haft + 18)], at, deg, k)))


def weapon_spear(fig, at, deg=0.0, k=1.0, shaft=78.0, head=STEEL):
    fig.shape(lambda p: p.poly(WOOD, place([(-2.0, 16), (2.0, 16), (2.0, -shaft), (-2.0, -shaft)], at, deg, k)))
    fig.shape(lambda p: p.poly(head, place([(0, -shaft - 20), (5.5, -shaft - 6), (2.5, -shaft + 2), (-2.5, -shaft + 2),
                                             (-5.5, -shaft - 6)], at, deg, k)))


def weapon_morningstar(fig, at, deg=0.0, k=1.0, haft=42.0):
    fig.shape(lambda p: p.poly(WOOD, place([(-2.8, 14), (2.8, 14), (2.8, -haft), (-2.8, -haft)], at, deg, k)))

    def g(p):
        c = place([(0, -haft - 8)], at, deg, k)[0]
        p.poly(STEEL_DARK, star(c[0], c[1], 17 * k, 9 * k, 8, rot=deg))
        p.circle(STEEL, c, 10.5 * k)
    fig.shape(g)
    fig.detail(lambda p: p.circle(shade(STEEL, 1.35), place([(-3, -haft - 11)], at, deg, k)[0], 3.2 * k))


def weapon_mace(fig, at, deg=0.0, k=1.0, haft=40.0):
    fig.shape(lambda p: p.poly(WOOD_DARK, place([(-2.4, 14), (2.4, 14), (2.4, -haft), (-2.4, -haft)], at, deg, k)))

    def g(p):
        for sx in (-1, 1):
            p.poly(STEEL, place([(0, -haft - 16), (sx * 11, -haft - 12), (sx * 11, -haft - 1), (0, -haft + 3)], at, deg, k))
        p.poly(STEEL, place([(-3, -haft - 21), (3, -haft - 21), (3, -haft + 3), (-3, -haft + 3)], at, deg, k))
    fig.shape(g)
    fig.detail(lambda p: p.line(STEEL_DARK, place([(0, -haft - 18)], at, deg, k)[0], place([(0, -haft + 1)], at, deg, k)[0], 1.6))


def weapon_club(fig, at, deg=0.0, k=1.0, length=62.0, fat=13.0):
    def f(p):
        pts = [(-3.5, 14), (3.5, 14), (fat * 0.55, -length * 0.55), (fat, -length + 4), (fat * 0.6, -length - fat * 0.55),
               (0, -length - fat * 0.8), (-fat * 0.7, -length - fat * 0.45), (-fat, -length + 6), (-fat * 0.5, -length * 0.5)]
        p.poly(WOOD, place(pts, at, deg, k))
    fig.shape(f)

    def g(p):
        for x, y, r in ((-4, -length + 4, 2.6), (5, -length * 0.8, 2.2), (-2, -length * 0.62, 1.8), (4, -length - 4, 2.0)):
            p.circle(WOOD_DARK, place([(x * fat / 13, y)], at, deg, k)[0], r * k)
    fig.detail(g)


def weapon_staff(fig, at, deg=0.0, k=1.0, length=82.0, gem=(150, 226, 236)):
    fig.shape(lambda p: p.poly(WOOD, place([(-2.2, 30), (2.2, 30), (2.2, -length), (-2.2, -length)], at, deg, k)))

    def g(p):
        c = place([(0, -length - 6)], at, deg, k)[0]
        p.poly(WOOD_DARK, place([(-7, -length + 2), (-5, -length - 14), (0, -length - 4), (5, -length - 14), (7, -length + 2)], at, deg, k))
        p.ellipse(gem, c, 5.5 * k, 7.5 * k, deg)
    fig.shape(g)
    fig.detail(lambda p: p.circle(WHITE, place([(-1.5, -length - 9)], at, deg, k)[0], 1.8 * k))


def weapon_dagger(fig, at, deg=0.0, k=1.0):
    weapon_sword(fig, at, deg, k, blade=30.0)


def weapon_lance(fig, at, deg=0.0, k=1.0, pennant=CREAM, charge=BRASS):
    def f(p):
        p.poly(WOOD, place([(-3.2, 18), (3.2, 18), (1.6, -96), (-1.6, -96)], at, deg, k))
    fig.shape(f)
    fig.shape(lambda p: p.poly(STEEL, place([(0, -112), (3.5, -98), (-3.5, -98)], at, deg, k)))

    def g(p):
        p.poly(pennant, place([(-1.5, -92), (-26, -86), (-18, -80), (-26, -74), (-1.5, -74)], at, deg, k))
    fig.shape(g)
    fig.detail(lambda p: p.poly(charge, place([(-3, -88), (-14, -84), (-14, -78), (-3, -78)], at, deg, k)))
    fig.shape(lambda p: p.poly(STEEL_DARK, place([(-8, 4), (8, 4), (6, -8), (-6, -8)], at, deg, k)))


def shield_round(fig, c, r=20.0, face=WOOD, rim=STEEL_DARK, band=None):
    def f(p):
        p.circle(rim, c, r)
        p.circle(face, c, r - 3.2)
        if band:
            p.poly(band, [(c[0] - 4, c[1] - r + 3), (c[0] + 4, c[1] - r + 3), (c[0] + 4, c[1] + r - 3), (c[0] - 4, c[1] + r - 3)])
    fig.shape(f)

    def g(p):
        for a in range(0, 360, 45):
            x, y = c[0] + (r - 1.6) * math.cos(math.radians(a)), c[1] + (r - 1.6) * math.sin(math.radians(a))
            p.circle(shade(rim, 0.7), (x, y), 1.1)
        p.circle(OUT, c, 5.6)
        p.circle(STEEL, c, 4.4)
        p.circle(WHITE, (c[0] - 1.4, c[1] - 1.4), 1.3)
    fig.detail(g)


def shield_heater(fig, cx, top, w=34.0, h=42.0, face=CREAM, rim=STEEL, emblem="cross", charge=BRASS):
    def shape(wd, ht, dy):
        pts = [(cx - wd / 2, top + dy), (cx + wd / 2, top + dy), (cx + wd / 2, top + dy + ht * 0.42)]
        for i in range(1, 12):
            t = i / 12
            pts.append((cx + wd / 2 * (1 - t) ** 1.3, top + dy + ht * 0.42 + ht * 0.58 * math.sin(t * math.pi / 2)))
        pts.append((cx, top + dy + ht))
        for x, y in reversed(pts[2:-1]):
            pts.append((2 * cx - x, y))
        return pts

    def f(p):
        p.poly(rim, shape(w, h, 0))
        p.poly(face, shape(w - 6, h - 8, 3))
    fig.shape(f)

    def g(p):
        if emblem == "cross":
            p.rect(charge, cx - 3, top + 7, 6, h - 16)
            p.rect(charge, cx - w / 2 + 7, top + 14, w - 14, 6)
        elif emblem == "sun":
            sun(p, (cx, top + h * 0.42), 8, charge)
    fig.detail(g)


def sun(p, c, r, col):
    p.poly(col, star(c[0], c[1], r * 1.7, r * 1.05, 12))
    p.circle(OUT, c, r + 0.9)
    p.circle(col, c, r)


# --- humanoids ----------------------------------------------------------------------------
def head_shape(fig, skin, c=(64, 56), rx=19.0, ry=21.0, extra=None):
    def f(p):
        p.ellipse(skin, c, rx, ry)
        if extra:
            extra(p)
    fig.shape(f)


def kobold(fig):
    skin, dark, belly = (184, 92, 58), (136, 62, 40), (224, 160, 104)
    fig.k = 0.8
    torso(fig, (128, 100, 70), w=34)
    fig.detail(lambda p: p.lines((98, 74, 50), [(40, 100), (52, 108), (64, 100), (76, 108), (88, 100)], 2.2))
    weapon_spear(fig, (94, 100), deg=6)
    horn = [(50, 44), (38, 26), (44, 27), (58, 38)]
    fig.shape(lambda p: [p.poly((230, 214, 172), horn), p.poly((230, 214, 172), mirror(horn))])
    neck(fig, skin, 7)

    def h(p):
        p.ellipse(skin, (64, 50), 18, 15)
        p.ellipse(skin, (64, 68), 11.5, 13)
    fig.shape(h)

    def d(p):
        p.ellipse(belly, (64, 74), 8, 7)
        p.circle(OUT, (60.5, 73), 1.5)
        p.circle(OUT, (67.5, 73), 1.5)
        p.line(OUT, (56, 79), (72, 79), 1.6)
        for x, y in ((58, 40), (64, 38), (70, 40), (61, 45), (67, 45)):
            p.circle(dark, (x, y), 1.6)
        eyes(p, 52, dx=9.5, iris=(246, 200, 60), pupil=OUT, r=4.2, pr=2.8, slit=True)
    fig.detail(d)
    hand(fig, (94, 100), skin)


def goblin(fig):
    skin = (176, 160, 70)
    fig.k = 0.82
    torso(fig, (116, 90, 62), w=34)
    fig.detail(lambda p: p.line((92, 70, 48), (38, 96), (90, 112), 4))
    weapon_morningstar(fig, (94, 100), deg=10)
    ear = [(50, 52), (12, 34), (22, 52), (48, 64)]
    fig.shape(lambda p: [p.poly(skin, ear), p.poly(skin, mirror(ear))])
    fig.detail(lambda p: [p.poly(shade(skin, 0.75), [(44, 52), (22, 40), (28, 52), (44, 58)]),
                          p.poly(shade(skin, 0.75), mirror([(44, 52), (22, 40), (28, 52), (44, 58)]))])
    neck(fig, skin, 7)
    head_shape(fig, skin, (64, 58), 20, 18)

    def d(p):
        eyes(p, 53, dx=8, iris=(250, 226, 110), pupil=(150, 30, 20), r=4.2, pr=2.0)
        brows(p, 46, dx=8, w=8, tilt=3.5)
        p.ellipse(shade(skin, 0.72), (64, 61), 5.5, 4.2)
        p.ellipse(OUT, (64, 68.5), 11, 3.6)
        fangs(p, [(58, 66.5, 3.4), (70, 66.5, 3.4)])
    fig.detail(d)
    hand(fig, (94, 100), skin)


def orc(fig):
    skin = (118, 140, 92)
    torso(fig, (98, 80, 62), w=40)
    fig.detail(lambda p: [p.circle(STEEL_DARK, (x, y), 1.8) for x in range(36, 96, 9) for y in (98, 108) if abs(x - 64) > 8])
    weapon_sword(fig, (94, 100), deg=8, blade=60, curved=True, broad=True)
    ear = [(46, 52), (32, 44), (46, 62)]
    fig.shape(lambda p: [p.poly(skin, ear), p.poly(skin, mirror(ear))])
    neck(fig, skin, 10)

    def h(p):
        p.ellipse(skin, (64, 54), 19, 20)
        p.ellipse(skin, (64, 66), 18, 12)
    fig.shape(h)

    def d(p):
        p.poly((40, 38, 36), [(58, 36), (64, 30), (70, 36), (68, 44), (60, 44)])
        p.poly(shade(skin, 0.7), [(47, 48), (81, 48), (78, 53), (50, 53)])
        eyes(p, 54, dx=8, iris=(236, 200, 90), pupil=(140, 30, 20), r=3.6, pr=2.0)
        brows(p, 49, dx=8, w=9, tilt=3.2, thick=3.0)
        p.ellipse(shade(skin, 0.72), (64, 62), 6, 4)
        p.circle(OUT, (61.5, 63), 1.2)
        p.circle(OUT, (66.5, 63), 1.2)
        p.line(OUT, (54, 71), (74, 71), 2.2)
        for sx in (-1, 1):
            x = 64 + sx * 8
            p.poly(OUT, [(x - 3, 73), (x + 3, 73), (x + sx * 1.5, 60)])
            p.poly(BONE, [(x - 2, 72), (x + 2, 72), (x + sx * 1.2, 62)])
    fig.detail(d)
    hand(fig, (94, 100), skin)


def helmet_dome(p, c=(64, 54), rx=21.0, ry=19.0, col=STEEL, nasal=True, rim=None):
    p.poly(col, ell(c[0], c[1], rx, ry, a0=math.pi, a1=math.tau, n=40))
    p.rect(rim or shade(col, 0.8), c[0] - rx - 1, c[1] - 2, 2 * rx + 2, 6)
    if nasal:
        p.rect(shade(col, 0.8), c[0] - 2.5, c[1], 5, 14)


def hobgoblin(fig):
    skin = (190, 104, 62)
    torso(fig, (92, 76, 60), w=40)
    fig.detail(lambda p: [p.rect(STEEL_DARK, 42 + i * 12, 96, 8, 8) for i in range(4)])
    weapon_sword(fig, (94, 100), deg=6, blade=62)
    fig.shape(lambda p: [p.poly(skin, [(46, 56), (34, 52), (46, 66)]), p.poly(skin, mirror([(46, 56), (34, 52), (46, 66)]))])
    neck(fig, skin, 9)
    head_shape(fig, skin, (64, 57), 19, 21)

    def d(p):
        eyes(p, 58, dx=8, iris=(248, 214, 90), pupil=OUT, r=3.6, pr=2.0)
        brows(p, 53, dx=8, w=9, tilt=3)
        p.ellipse((88, 102, 140), (64, 66), 4.2, 3.6)
        p.line(OUT, (56, 73), (72, 73), 2.0)
    fig.detail(d)
    fig.shape(lambda p: helmet_dome(p, (64, 50), 21, 18, STEEL, nasal=True))
    fig.detail(lambda p: p.poly((150, 66, 40), [(62, 32), (66, 32), (70, 18), (58, 18)]))
    shield_round(fig, (36, 102), 19, face=(140, 110, 70), band=(96, 78, 56))
    hand(fig, (94, 100), skin)


def gnoll(fig):
    fur, dark, muzzle = (198, 162, 106), (92, 66, 44), (112, 88, 66)
    torso(fig, (110, 96, 80), w=42)
    fig.detail(lambda p: [p.poly(STEEL_DARK, [(x, y), (x + 6, y), (x + 3, y + 5)]) for x in range(34, 96, 8) for y in (96, 104, 112)])
    weapon_axe(fig, (96, 100), deg=10, haft=62)
    fig.shape(lambda p: [p.ellipse(fur, (46, 30), 7.5, 12, -25), p.ellipse(fur, (82, 30), 7.5, 12, 25)])
    fig.detail(lambda p: [p.ellipse(dark, (46, 31), 4, 8, -25), p.ellipse(dark, (82, 31), 4, 8, 25)])
    fig.shape(lambda p: p.poly(dark, star(64, 54, 26, 19, 9, rot=0, squash=0.9)))
    neck(fig, fur, 10)

    def h(p):
        p.ellipse(fur, (64, 48), 18, 16)
        p.poly(fur, [(48, 52), (80, 52), (74, 84), (54, 84)])
    fig.shape(h)

    def d(p):
        p.poly(muzzle, [(55, 62), (73, 62), (72, 84), (56, 84)])
        p.ellipse(OUT, (64, 64), 5.5, 4)
        for x, y in ((52, 42), (76, 42), (58, 36), (70, 36), (50, 50), (78, 50)):
            p.circle(dark, (x, y), 2.2)
        eyes(p, 50, dx=8.5, iris=(246, 210, 80), pupil=OUT, r=3.4, pr=1.9)
        brows(p, 45, dx=8.5, w=7, tilt=2.5)
        p.line(OUT, (57, 80), (71, 80), 1.8)
        fangs(p, [(58, 80, 3.6), (70, 80, 3.6)])
    fig.detail(d)
    hand(fig, (96, 100), fur)


def bugbear(fig):
    fur, dark, face = (152, 104, 62), (104, 70, 42), (200, 156, 106)
    fig.k = 1.04
    torso(fig, (104, 84, 58), w=42)
    weapon_morningstar(fig, (95, 100), deg=12, haft=46)
    fig.shape(lambda p: p.poly(dark, star(64, 56, 30, 24, 13)))
    fig.shape(lambda p: [p.poly(fur, [(44, 40), (40, 22), (56, 34)]), p.poly(fur, mirror([(44, 40), (40, 22), (56, 34)]))])
    head_shape(fig, fur, (64, 56), 21, 21)

    def d(p):
        p.ellipse(face, (64, 67), 12, 9)
        p.ellipse(OUT, (64, 62), 6.2, 4.4)
        p.circle(shade(OUT, 2.5), (62.5, 60.5), 1.3)
        eyes(p, 52, dx=9, iris=(214, 222, 130), pupil=(120, 30, 20), r=3.6, pr=2.0)
        brows(p, 46, dx=9, w=10, tilt=3.5, thick=3.0)
        p.line(OUT, (56, 72), (72, 72), 1.8)
        fangs(p, [(58, 72, 3.2), (70, 72, 3.2)])
        for x, y in ((48, 40), (80, 40), (54, 34), (74, 34)):
            p.line(dark, (x, y), (x + 2, y - 5), 1.6)
    fig.detail(d)
    hand(fig, (95, 100), fur)


def human_warrior(fig):
    skin = (228, 182, 144)
    torso(fig, (128, 116, 84), w=40)
    fig.detail(lambda p: [p.line(shade((128, 116, 84), 0.75), (x, 90), (x, 120), 1.6) for x in (48, 58, 70, 80)])
    weapon_sword(fig, (94, 100), deg=4, blade=62)
    neck(fig, skin, 8)
    head_shape(fig, skin, (64, 58), 17, 19)

    def d(p):
        eyes(p, 59, dx=7, iris=WHITE, pupil=(70, 50, 40), r=3.0, pr=1.8)
        brows(p, 54, dx=7, w=7, tilt=0.8, col=(100, 70, 50))
        p.line(shade(skin, 0.7), (64, 60), (62, 66), 1.6)
        p.line(OUT, (59, 71), (69, 71), 1.8)
    fig.detail(d)

    def helm(p):
        p.ellipse(STEEL, (64, 46), 27, 6.5)
        p.poly(STEEL, ell(64, 46, 18, 16, a0=math.pi, a1=math.tau, n=36))
    fig.shape(helm)
    fig.detail(lambda p: p.line(shade(STEEL, 0.78), (64, 31), (64, 45), 2.0))
    shield_round(fig, (36, 102), 20, face=WOOD, band=(196, 170, 110))
    hand(fig, (94, 100), skin)


def tordek(fig):
    skin, beard = (216, 162, 122), (156, 84, 44)
    fig.k = 0.92
    torso(fig, (160, 166, 176), w=46)
    fig.detail(lambda p: [p.ellipse(STEEL_DARK, (x + (6 if (y // 8) % 2 else 0), y), 4, 3, 0) for x in range(26, 104, 12) for y in range(92, 124, 8)])
    weapon_axe(fig, (98, 102), deg=8, haft=58, big=True)
    neck(fig, skin, 9)
    head_shape(fig, skin, (64, 56), 19, 20)
    fig.shape(lambda p: p.poly(beard, [(45, 58), (83, 58), (88, 78), (80, 100), (64, 110), (48, 100), (40, 78)]))

    def d(p):
        p.poly(shade(beard, 0.8), [(52, 66), (64, 63), (76, 66), (78, 71), (64, 68), (50, 71)])
        for x in (56, 64, 72):
            p.line(shade(beard, 0.75), (x, 78), (x + (x - 64) * 0.2, 100), 1.6)
        p.ellipse(shade(skin, 0.82), (64, 61), 4.5, 5)
        eyes(p, 53, dx=8, iris=WHITE, pupil=(60, 80, 110), r=3.0, pr=1.8)
        p.lines(beard, [(50, 48), (58, 47)], 3.2)
        p.lines(beard, [(70, 47), (78, 48)], 3.2)
    fig.detail(d)
    fig.shape(lambda p: helmet_dome(p, (64, 48), 21, 18, STEEL, nasal=False, rim=BRASS))
    fig.detail(lambda p: p.rect(shade(STEEL, 0.8), 61.5, 48, 5, 11))
    hand(fig, (98, 102), skin)


def jozan(fig):
    skin, hair = (226, 178, 138), (78, 54, 38)
    torso(fig, (150, 156, 166), w=40)
    fig.shape(lambda p: p.poly(CREAM, [(46, 88), (82, 88), (86, 124), (42, 124)]))
    fig.detail(lambda p: sun(p, (64, 104), 6.5, BRASS))
    weapon_mace(fig, (94, 100), deg=6)
    neck(fig, skin, 8)
    head_shape(fig, skin, (64, 56), 18, 20)

    def d(p):
        p.poly(hair, ell(64, 52, 18.5, 17, a0=math.pi * 1.02, a1=math.pi * 1.98, n=30) + [(78, 44), (64, 40), (50, 44)])
        eyes(p, 57, dx=7, iris=WHITE, pupil=(70, 60, 40), r=3.0, pr=1.8)
        brows(p, 51, dx=7, w=7, tilt=-0.8, col=hair)
        p.line(shade(skin, 0.72), (64, 58), (63, 64), 1.6)
        p.lines(OUT, [(58, 68), (64, 70.5), (70, 68)], 1.8)
    fig.detail(d)
    hand(fig, (94, 100), skin)


def lidda(fig):
    skin, hair, cloak = (234, 188, 152), (156, 80, 42), (74, 102, 72)
    fig.k = 0.78
    torso(fig, cloak, w=38)
    fig.shape(lambda p: p.poly(cloak, [(36, 92), (64, 70), (92, 92), (90, 102), (38, 102)]))
    fig.detail(lambda p: p.circle(BRASS, (64, 92), 3.4))
    weapon_dagger(fig, (92, 98), deg=18)
    head_shape(fig, skin, (64, 58), 17, 18)

    def d(p):
        for x, y in ((48, 48), (52, 41), (59, 37), (67, 37), (74, 40), (79, 47), (64, 41), (56, 44), (72, 44)):
            p.circle(OUT, (x, y), 6.6)
        for x, y in ((48, 48), (52, 41), (59, 37), (67, 37), (74, 40), (79, 47), (64, 41), (56, 44), (72, 44)):
            p.circle(hair, (x, y), 5.5)
        eyes(p, 59, dx=7, iris=WHITE, pupil=(60, 110, 70), r=3.2, pr=2.0)
        brows(p, 53, dx=7, w=6, tilt=-1.5, col=hair)
        p.lines(OUT, [(58, 67), (64, 69), (71, 66)], 1.8)
        p.circle((236, 150, 130), (53, 65), 2.4)
        p.circle((236, 150, 130), (75, 65), 2.4)
    fig.detail(d)
    hand(fig, (92, 98), skin)


def mialee(fig):
    skin, hair, robe = (238, 206, 178), (236, 206, 116), (96, 74, 132)
    fig.shape(lambda p: p.poly(hair, [(44, 50), (84, 50), (90, 100), (38, 100)]))
    torso(fig, robe, w=38)
    fig.detail(lambda p: [p.lines(BRASS, [(50, 86), (64, 104), (78, 86)], 2.6)])
    weapon_staff(fig, (94, 100), deg=4, length=80)
    ear = [(48, 56), (26, 40), (47, 64)]
    fig.shape(lambda p: [p.poly(skin, ear), p.poly(skin, mirror(ear))])
    neck(fig, skin, 7)
    head_shape(fig, skin, (64, 58), 16, 19)

    def d(p):
        p.poly(hair, ell(64, 55, 17, 18, a0=math.pi, a1=math.tau, n=30) + [(80, 58), (72, 46), (60, 48), (48, 58)])
        p.line(STEEL, (48, 49), (80, 49), 2.0)
        p.circle((120, 200, 220), (64, 47), 2.6)
        eyes(p, 60, dx=6.5, iris=(120, 190, 130), pupil=OUT, r=3.0, ry=2.4, pr=1.6)
        p.line(shade(skin, 0.75), (64, 61), (63, 66), 1.4)
        p.lines(OUT, [(60, 70), (64, 71), (68, 70)], 1.6)
    fig.detail(d)
    hand(fig, (94, 100), skin)


def hennet(fig):
    """The human sorcerer: a crimson robe with a gold sash, a staff, dark hair and a short
    beard, sparks between his fingers (no spellbook: his magic is in the blood)."""
    skin, hair, robe = (222, 176, 140), (52, 40, 36), (150, 42, 48)
    torso(fig, robe, w=40)
    fig.detail(lambda p: [p.lines(BRASS, [(46, 96), (82, 92)], 3.0), p.circle(BRASS, (64, 94), 3.0)])
    weapon_staff(fig, (94, 100), deg=6, length=78)
    neck(fig, skin, 8)
    head_shape(fig, skin, (64, 56), 17, 20)

    def d(p):
        p.poly(hair, ell(64, 52, 18, 17, a0=math.pi * 1.02, a1=math.pi * 1.98, n=30) + [(80, 50), (66, 42), (48, 50)])
        p.poly(hair, [(50, 64), (78, 64), (74, 76), (64, 80), (54, 76)])
        eyes(p, 57, dx=7, iris=(200, 150, 60), pupil=OUT, r=3.0, pr=1.7)
        brows(p, 51, dx=7, w=7, tilt=0.6, col=hair)
        p.line(shade(skin, 0.72), (64, 58), (63, 64), 1.5)
        p.lines(OUT, [(59, 69), (64, 70), (69, 69)], 1.6)
        for x, y in ((30, 92), (26, 84), (34, 82)):
            p.circle((255, 200, 90), (x, y), 2.2)
    fig.detail(d)
    hand(fig, (94, 100), skin)
    hand(fig, (32, 96), skin)


def paladin(fig):
    plate = (192, 198, 208)
    torso(fig, plate, w=42)
    fig.shape(lambda p: p.poly(CREAM, [(48, 88), (80, 88), (84, 124), (44, 124)]))
    fig.detail(lambda p: [p.rect(BRASS, 61, 92, 6, 24), p.rect(BRASS, 53, 99, 22, 6)])
    weapon_lance(fig, (96, 102), deg=3, charge=BRASS)
    fig.shape(lambda p: p.poly(CREAM, [(64, 34), (58, 12), (66, 4), (76, 10), (70, 30)]))

    def helm(p):
        p.poly(plate, [(45, 38), (52, 32), (76, 32), (83, 38), (84, 74), (78, 80), (50, 80), (44, 74)])
    fig.shape(helm)

    def d(p):
        p.rect(VOID, 48, 52, 32, 5)
        p.rect(VOID, 61.5, 57, 5, 13)
        p.rect(BRASS, 61, 33, 6, 18)
        for y in (62, 67, 72):
            p.circle(shade(plate, 0.6), (53, y), 1.2)
            p.circle(shade(plate, 0.6), (75, y), 1.2)
    fig.detail(d)
    shield_heater(fig, 36, 84, 32, 40, face=CREAM, rim=BRASS, emblem="sun", charge=BRASS)
    hand(fig, (96, 102), plate)


# --- giants -------------------------------------------------------------------------------
def ogre(fig, skin=(198, 158, 100), hide=(130, 98, 64), undead=False):
    torso(fig, hide, w=52, top=82, ry=42)
    fig.detail(lambda p: p.lines(shade(hide, 1.3) if not undead else (84, 74, 60), [(24, 98), (34, 92), (44, 98), (54, 92), (64, 98), (74, 92), (84, 98), (94, 92), (104, 98)], 3))
    if not undead:
        weapon_club(fig, (96, 104), deg=6, length=58, fat=14)
    fig.shape(lambda p: [p.ellipse(skin, (37, 54), 6.5, 10), p.ellipse(skin, (91, 54), 6.5, 10)])
    neck(fig, skin, 13, top=66)

    def h(p):
        p.ellipse(skin, (64, 50), 24, 21)
        p.ellipse(skin, (64, 68), 24, 14)
    fig.shape(h)

    def d(p):
        p.poly(shade(skin, 0.78), [(42, 44), (86, 44), (83, 51), (45, 51)])
        if undead:
            p.ellipse(VOID, (55, 53), 4.4, 4.0)
            p.circle(BONE, (73, 53), 3.4)
            p.circle(OUT, (73.6, 53.6), 1.2)
            p.ellipse(VOID, (64, 72), 12, 5)
            p.lines((90, 50, 50), [(76, 36), (82, 44), (80, 58), (86, 64)], 1.8)
            for x, y in ((79, 40), (82, 51), (83, 61)):
                p.line((90, 50, 50), (x - 3, y), (x + 3, y), 1.4)
        else:
            eyes(p, 54, dx=9, iris=(240, 220, 150), pupil=OUT, r=2.6, pr=1.6)
            p.line(OUT, (50, 73), (78, 73), 2.4)
            for sx in (-1, 1):
                x = 64 + sx * 10
                p.poly(OUT, [(x - 3.2, 75), (x + 3.2, 75), (x, 64)])
                p.poly(BONE, [(x - 2.2, 74), (x + 2.2, 74), (x, 66)])
        p.ellipse(shade(skin, 0.75), (64, 61), 7, 5)
        for x, y in ((48, 62), (81, 66), (76, 38), (52, 36)):
            p.circle(shade(skin, 0.7), (x, y), 2.0)
        p.poly((48, 42, 36), [(60, 30), (64, 26), (68, 30), (66, 34), (62, 34)])
    fig.detail(d)
    if not undead:
        hand(fig, (96, 104), skin, 8)
    else:
        for x in (34, 94):
            hand(fig, (x, 110), skin, 9)


def hill_giant(fig):
    skin, hair, fur = (212, 166, 126), (104, 70, 44), (160, 128, 88)
    fig.shape(lambda p: p.poly(hair, star(64, 56, 30, 25, 12) ))
    torso(fig, (124, 96, 66), w=52, top=82, ry=42)
    fig.shape(lambda p: p.poly(fur, [(14, 98)] + star(64, 96, 40, 32, 14, squash=0.35)[7:22] + [(114, 98), (114, 110), (14, 110)]))
    weapon_club(fig, (100, 104), deg=22, length=60, fat=13)
    neck(fig, skin, 12)
    head_shape(fig, skin, (64, 54), 20, 23)

    def d(p):
        p.poly(hair, [(44, 46), (46, 34), (56, 30), (72, 30), (82, 34), (84, 46), (76, 40), (64, 38), (52, 40)])
        p.poly(hair, [(46, 62), (52, 74), (64, 80), (76, 74), (82, 62), (78, 66), (64, 70), (50, 66)])
        p.poly(shade(skin, 0.78), [(46, 47), (82, 47), (80, 52), (48, 52)])
        eyes(p, 55, dx=8, iris=WHITE, pupil=(70, 50, 30), r=2.8, pr=1.7)
        p.ellipse(shade(skin, 0.8), (64, 62), 5, 5)
        p.line(OUT, (58, 70), (70, 70), 2.0)
    fig.detail(d)
    hand(fig, (100, 104), skin, 8)

    def rock(p):
        p.poly((150, 146, 140), [(16, 92), (24, 80), (38, 78), (46, 88), (42, 102), (26, 104)])
    fig.shape(rock)
    fig.detail(lambda p: [p.poly((184, 180, 172), [(24, 82), (36, 80), (32, 88), (22, 90)]),
                          p.poly((118, 114, 110), [(42, 92), (40, 100), (30, 102), (36, 94)])])
    hand(fig, (32, 104), skin, 8)


def troll(fig):
    skin, dark, hair = (108, 146, 90), (76, 106, 64), (40, 44, 38)
    for sx in (-1, 1):
        def arm(p, sx=sx):
            p.line(skin, (64 + sx * 26, 110), (64 + sx * 40, 70), 12)
            p.line(skin, (64 + sx * 40, 70), (64 + sx * 42, 46), 10)
        fig.shape(arm)

        def claws(p, sx=sx):
            x = 64 + sx * 42
            for dx in (-6, 0, 6):
                p.poly(BONE, [(x + dx - 2, 40), (x + dx + 2, 40), (x + dx + sx * 1, 24)])
        fig.shape(claws, outline=2.2)
        fig.shape(lambda p, sx=sx: p.ellipse(skin, (64 + sx * 42, 44), 9, 8))
    torso(fig, skin, w=34, top=86)
    fig.detail(lambda p: [p.lines(dark, [(48, 104), (56, 102)], 2), p.lines(dark, [(80, 104), (72, 102)], 2), p.circle(dark, (64, 110), 2)])
    fig.shape(lambda p: p.poly(hair, [(44, 44), (64, 30), (84, 44), (90, 92), (80, 82), (76, 96), (70, 72), (58, 72), (52, 96), (48, 82), (38, 92)]))
    fig.shape(lambda p: [p.poly(skin, [(49, 52), (36, 42), (48, 60)]), p.poly(skin, mirror([(49, 52), (36, 42), (48, 60)]))])
    head_shape(fig, skin, (64, 54), 16, 20)

    def d(p):
        p.poly(hair, [(48, 48), (52, 36), (64, 33), (76, 36), (80, 48), (70, 42), (58, 42)])
        eyes(p, 52, dx=7, iris=(240, 224, 90), pupil=OUT, r=2.8, pr=1.7)
        brows(p, 47, dx=7, w=7, tilt=2.5)
        p.line(OUT, (56, 69), (72, 69), 1.8)
        fangs(p, [(58, 69, 3.6), (70, 69, 3.6)])
    fig.detail(d)
    fig.shape(lambda p: p.poly(dark, [(61, 50), (67, 50), (71, 68), (66, 72), (60, 66)]), outline=2.2)


# --- undead -------------------------------------------------------------------------------
def skull(p, c=(64, 52), r=22.0, col=BONE):
    cx, cy = c
    p.circle(col, (cx, cy), r)
    p.poly(col, [(cx - r * 0.8, cy + r * 0.3), (cx - r * 0.7, cy + r * 1.05), (cx - r * 0.35, cy + r * 1.3),
                 (cx + r * 0.35, cy + r * 1.3), (cx + r * 0.7, cy + r * 1.05), (cx + r * 0.8, cy + r * 0.3)])


def human_skeleton(fig):
    def ribs(p):
        p.line(BONE, (64, 84), (64, 124), 5)
        p.line(BONE, (28, 90), (100, 90), 5)
        for i, y in enumerate((98, 106, 114)):
            w = 24 - i * 2
            p.lines(BONE, [(64, y - 3), (64 - w, y), (64 - w + 4, y + 5)], 3.6)
            p.lines(BONE, [(64, y - 3), (64 + w, y), (64 + w - 4, y + 5)], 3.6)
        p.circle(BONE, (28, 92), 6)
        p.circle(BONE, (100, 92), 6)
    fig.shape(ribs, outline=2.4)
    weapon_sword(fig, (96, 100), deg=12, blade=56, curved=True)
    fig.shape(lambda p: p.line(BONE, (64, 70), (64, 88), 7))
    fig.shape(lambda p: skull(p, (64, 50), 21))

    def d(p):
        for sx in (-1, 1):
            p.ellipse(VOID, (64 + sx * 8.5, 53), 6.2, 5.6, sx * 10)
            p.circle((255, 150, 70), (64 + sx * 8.5, 54), 1.6)
        p.poly(VOID, [(64, 60), (60.5, 67), (67.5, 67)])
        p.rect(VOID, 52, 70, 24, 6)
        for x in range(55, 75, 4):
            p.rect(BONE, x, 70.8, 2.6, 4.4)
        p.lines(BONE_SHADE, [(74, 34), (70, 40), (73, 44)], 1.4)
    fig.detail(d)
    fig.shape(lambda p: p.circle(BONE, (96, 100), 5.5), outline=2.4)


def human_zombie(fig, skin=(152, 168, 128), rags=(104, 88, 68)):
    torso(fig, rags, w=40)
    fig.detail(lambda p: p.poly(shade(skin, 0.9), [(56, 86), (72, 86), (66, 104)]))
    for sx in (-1, 1):
        fig.shape(lambda p, sx=sx: p.line(rags, (64 + sx * 26, 112), (64 + sx * 36, 92), 14))
        fig.shape(lambda p, sx=sx: [p.ellipse(skin, (64 + sx * 37, 84), 9, 8)] +
                  [p.line(skin, (64 + sx * (31 + i * 4.5), 80), (64 + sx * (30 + i * 5), 70), 3.6) for i in range(4)])
    neck(fig, skin, 8)

    def h(p):
        p.ellipse(skin, (62, 56), 18, 21, -12)
    fig.shape(h)

    def d(p):
        p.ellipse(VOID, (55, 55), 4.6, 4.0, -12)
        p.circle(BONE, (70, 52), 4.2)
        p.circle(OUT, (71, 53), 1.3)
        p.ellipse(VOID, (64, 69), 6, 4.6, -12)
        p.rect(BONE, 62, 65.5, 3, 2.6)
        p.lines((90, 54, 50), [(48, 46), (56, 42), (62, 36)], 1.8)
        for x, y in ((50, 45), (55.5, 42.5), (60.5, 38.5)):
            p.line((90, 54, 50), (x - 2, y - 2), (x + 2, y + 2), 1.4)
        for x in (58, 64, 70):
            p.line((70, 70, 60), (x, 36), (x + 3, 32), 1.2)
    fig.detail(d)


def ogre_zombie(fig):
    ogre(fig, skin=(156, 164, 130), hide=(96, 86, 70), undead=True)


def wight(fig):
    hood, face = (58, 60, 74), (176, 182, 198)
    torso(fig, (72, 74, 88), w=42)
    fig.shape(lambda p: p.poly(hood, [(64, 20), (80, 30), (90, 62), (96, 96), (32, 96), (38, 62), (48, 30)]))

    def d(p):
        p.ellipse(VOID, (64, 62), 15, 19)
        p.poly(face, [(54, 70), (74, 70), (70, 80), (64, 82), (58, 80)])
        for sx in (-1, 1):
            p.circle((70, 126, 138), (64 + sx * 7, 58), 5.2)
            p.circle((200, 250, 250), (64 + sx * 7, 58), 2.8)
        p.lines(OUT, [(58, 76), (62, 77), (66, 75), (70, 77)], 1.2)
    fig.detail(d)
    for sx in (-1, 1):
        def claw(p, sx=sx):
            x = 64 + sx * 38
            p.ellipse(face, (x, 100), 6, 7)
            for i in range(4):
                p.line(face, (x + sx * (i * 3 - 5), 96), (x + sx * (i * 4 - 8), 80), 2.6)
        fig.shape(claw, outline=2.2)


def ghoul(fig, skin=(170, 172, 126), eye=(250, 230, 110), pupil=(150, 30, 20), stench=False):
    if stench:
        def wisps(p):
            for sx in (-1, 1):
                for j, y0 in enumerate((44, 66)):
                    x0 = 64 + sx * (30 + j * 6)
                    p.lines((150, 196, 112), [(x0, y0 + 16), (x0 + sx * 5, y0 + 8), (x0, y0), (x0 + sx * 5, y0 - 8)], 3.4)
        fig.shape(wisps, outline=2.0)
    torso(fig, (92, 88, 78), w=34, top=88)
    fig.detail(lambda p: p.lines((70, 66, 58), [(34, 118), (40, 106), (46, 118), (54, 104), (62, 120)], 2))
    for sx in (-1, 1):
        def claw(p, sx=sx):
            x = 64 + sx * 34
            p.line(skin, (64 + sx * 26, 112), (x, 94), 9)
            p.ellipse(skin, (x, 90), 7, 6)
            for i in range(3):
                p.line(skin, (x + sx * (i * 4 - 4), 86), (x + sx * (i * 6 - 6), 72), 2.6)
        fig.shape(claw, outline=2.4)
    ear = [(49, 52), (32, 38), (48, 62)]
    fig.shape(lambda p: [p.poly(skin, ear), p.poly(skin, mirror(ear))])
    head_shape(fig, skin, (64, 54), 16, 23)

    def d(p):
        eyes(p, 52, dx=7, iris=eye, pupil=pupil, r=3.6, pr=1.8)
        brows(p, 46, dx=7, w=7, tilt=3)
        p.poly(shade(skin, 0.75), [(62, 56), (66, 56), (64, 62)])
        p.ellipse(VOID, (64, 68), 9, 5)
        fangs(p, [(58, 64, 4), (62, 64, 3.5), (66, 64, 3.5), (70, 64, 4)])
        p.poly((186, 80, 90), [(60, 69), (68, 69), (67, 82), (63, 84), (61, 80)])
        p.lines(shade(skin, 0.7), [(54, 36), (58, 40)], 1.4)
    fig.detail(d)


def ghast(fig):
    ghoul(fig, skin=(160, 132, 164), eye=(255, 150, 70), pupil=(90, 10, 10), stench=True)


# --- beasts (faces) -----------------------------------------------------------------------
def canine(fig, fur, pale, ear_in, eye, dire=False):
    ear = [(36, 50), (38, 14), (60, 36)] if not dire else [(34, 48), (34, 10), (60, 34)]
    fig.shape(lambda p: [p.poly(fur, ear), p.poly(fur, mirror(ear))])
    fig.detail(lambda p: [p.poly(ear_in, [(40, 44), (41, 23), (54, 38)]), p.poly(ear_in, mirror([(40, 44), (41, 23), (54, 38)]))])
    if dire:
        fig.shape(lambda p: p.poly(fur, star(64, 62, 46, 38, 14, rot=6, squash=0.9)))

    def head(p):
        p.poly(fur, [(26, 60), (34, 42), (50, 32), (64, 30), (78, 32), (94, 42), (102, 60), (96, 72), (84, 80),
                     (78, 100), (64, 108), (50, 100), (44, 80), (32, 72)])
    fig.shape(head)

    def d(p):
        p.poly(pale, [(30, 64), (44, 62), (52, 70), (56, 60), (64, 64), (72, 60), (76, 70), (84, 62), (98, 64), (90, 74), (80, 78),
                      (76, 98), (64, 106), (52, 98), (48, 78), (38, 74)])
        p.poly(shade(fur, 0.8), [(58, 34), (64, 31), (70, 34), (66, 56), (62, 56)])
        for sx in (-1, 1):
            x = 64 + sx * 13
            p.poly(OUT, [(x - sx * 8, 56), (x + sx * 8, 48), (x + sx * 6, 58), (x - sx * 4, 60)])
            p.poly(eye, [(x - sx * 6, 56), (x + sx * 6.5, 50), (x + sx * 4.5, 57), (x - sx * 3, 58.5)])
            p.circle(OUT, (x + sx * 0.5, 55), 2.0)
        p.poly(OUT, [(54, 84), (74, 84), (72, 90), (64, 94), (56, 90)])
        p.circle(shade(OUT, 3.0), (60, 86), 1.4)
        p.line(OUT, (64, 93), (64, 99), 1.8)
        p.lines(OUT, [(56, 100), (64, 99), (72, 100)], 1.8)
        if dire:
            fangs(p, [(57, 99, 6), (71, 99, 6)])
            p.line((206, 196, 180), (80, 42), (88, 60), 1.8)
    fig.detail(d)


def wolf(fig):
    canine(fig, (146, 148, 150), (226, 222, 212), (98, 92, 90), (240, 196, 70))


def dire_wolf(fig):
    canine(fig, (82, 82, 90), (150, 148, 150), (50, 48, 52), (255, 130, 50), dire=True)


def dire_rat(fig):
    """A dire rat: big round ears, a long pointed snout, red eyes, whiskers."""
    fur, pale, ear_in, eye = (112, 100, 92), (196, 178, 166), (214, 150, 150), (220, 40, 40)
    fig.shape(lambda p: [p.circle(fur, (38, 36), 18), p.circle(fur, (90, 36), 18)])
    fig.detail(lambda p: [p.circle(ear_in, (38, 36), 10), p.circle(ear_in, (90, 36), 10)])

    def head(p):
        p.poly(fur, [(28, 58), (40, 40), (64, 34), (88, 40), (100, 58), (90, 78), (74, 100), (64, 112), (54, 100),
                     (38, 78)])
    fig.shape(head)

    def d(p):
        p.poly(pale, [(50, 84), (64, 80), (78, 84), (70, 102), (64, 110), (58, 102)])
        for sx in (-1, 1):
            p.circle(OUT, (64 + sx * 16, 60), 6.0)
            p.circle(eye, (64 + sx * 16, 60), 4.2)
            for dy in (-3, 3):
                p.line(OUT, (64 + sx * 8, 100 + dy), (64 + sx * 34, 96 + dy * 2.5), 1.4)
        p.circle(OUT, (64, 108), 4.0)
        p.poly((236, 232, 220), [(60, 112), (63, 112), (63, 118), (60, 117)])
        p.poly((236, 232, 220), [(65, 112), (68, 112), (68, 117), (65, 118)])
    fig.detail(d)


def riding_dog(fig):
    fur, pale, ear = (170, 120, 72), (228, 196, 148), (96, 62, 40)

    def head(p):
        p.poly(fur, [(30, 60), (38, 40), (52, 32), (64, 31), (76, 32), (90, 40), (98, 60), (92, 76), (82, 84),
                     (80, 100), (64, 108), (48, 100), (46, 84), (36, 76)])
    fig.shape(head)

    def d(p):
        p.poly(pale, [(50, 70), (64, 64), (78, 70), (82, 98), (64, 106), (46, 98)])
        p.poly(pale, [(60, 36), (64, 34), (68, 36), (67, 62), (61, 62)])
        eyes(p, 56, dx=12, iris=(86, 54, 30), pupil=OUT, r=4.2, pr=2.2)
        p.circle(WHITE, (50.6, 54.6), 1.3)
        p.circle(WHITE, (74.6, 54.6), 1.3)
        p.ellipse(OUT, (64, 82), 8, 5.6)
        p.circle(shade(OUT, 3.0), (61, 80.5), 1.5)
        p.line(OUT, (64, 86), (64, 93), 1.8)
        p.lines(OUT, [(56, 94), (64, 93), (72, 94)], 1.8)
    fig.detail(d)
    for sx in (-1, 1):
        fig.shape(lambda p, sx=sx: p.ellipse(ear, (64 + sx * 34, 62), 9, 19, -sx * 18))

    def collar(p):
        p.poly((96, 66, 44), [(40, 104), (88, 104), (90, 114), (38, 114)])
    fig.shape(collar)
    fig.detail(lambda p: [p.circle(BRASS, (x, 109), 2.0) for x in range(46, 86, 8)])


def lion(fig, mane=(164, 98, 44), fur=(214, 170, 96), pale=(240, 222, 180), dire=False):
    fig.shape(lambda p: p.poly(mane, star(64, 64, 50 if not dire else 52, 40, 16 if not dire else 13, rot=5)))
    fig.detail(lambda p: p.poly(shade(mane, 0.82), star(64, 64, 42, 34, 16, rot=16)))
    fig.shape(lambda p: [p.circle(fur, (42, 38), 8), p.circle(fur, (86, 38), 8)])
    fig.detail(lambda p: [p.circle(shade(fur, 0.65), (42, 38), 4), p.circle(shade(fur, 0.65), (86, 38), 4)])

    def face(p):
        p.poly(fur, [(40, 52), (46, 38), (64, 32), (82, 38), (88, 52), (86, 72), (78, 90), (64, 98), (50, 90), (42, 72)])
    fig.shape(face)

    def d(p):
        p.poly(shade(fur, 0.86), [(60, 38), (68, 38), (67, 66), (61, 66)])
        p.ellipse(pale, (58, 80), 8, 7)
        p.ellipse(pale, (70, 80), 8, 7)
        p.ellipse(pale, (64, 90), 8, 6)
        for sx in (-1, 1):
            x = 64 + sx * 11
            p.poly(OUT, [(x - sx * 6, 56 + (2 if dire else 0)), (x + sx * 7, 52), (x + sx * 5, 59), (x - sx * 3, 60)])
            p.poly((236, 186, 70) if not dire else (255, 130, 50),
                   [(x - sx * 4.5, 56.5), (x + sx * 5.5, 53.5), (x + sx * 4, 58), (x - sx * 2.5, 58.8)])
            p.circle(OUT, (x + sx * 0.5, 56.5), 1.6)
        p.poly((150, 88, 78) if not dire else OUT, [(58, 70), (70, 70), (64, 78)])
        if dire:
            p.ellipse(OUT, (64, 88), 9, 5)
            fangs(p, [(58, 85, 7), (70, 85, 7)])
            p.line(pale, (76, 42), (82, 62), 1.8)
        else:
            p.lines(OUT, [(64, 78), (64, 82), (58, 86)], 1.6)
            p.lines(OUT, [(64, 82), (70, 86)], 1.6)
    fig.detail(d)


def dire_lion(fig):
    lion(fig, mane=(92, 52, 30), fur=(196, 146, 80), pale=(230, 206, 160), dire=True)


def ooze(fig, body=(46, 42, 50), gloss=(120, 116, 132)):
    def blob(p):
        pts = []
        for i in range(48):
            a = math.tau * i / 48
            r = 40 + 4 * math.sin(a * 3 + 0.7) + 3 * math.sin(a * 5 + 2.0)
            y = 70 + r * math.sin(a) * (0.72 if math.sin(a) < 0 else 0.62)
            pts.append((64 + r * math.cos(a) * 1.08, y))
        p.poly(body, pts)
        for x, w, h in ((38, 5, 14), (60, 6, 18), (88, 5, 12)):
            p.poly(body, [(x - w, 90), (x + w, 90), (x + w * 0.6, 90 + h), (x, 92 + h + 3), (x - w * 0.6, 90 + h)])
    fig.shape(blob)

    def d(p):
        p.ellipse(gloss, (48, 52), 12, 5, -20)
        p.ellipse(gloss, (78, 48), 6, 3, 15)
        for x, y, r in ((70, 66, 5), (44, 74, 3.5), (88, 74, 4), (60, 82, 2.5)):
            p.circle(shade(body, 1.8), (x, y), r)
            p.circle(body, (x + r * 0.25, y + r * 0.25), r * 0.7)
        p.circle(WHITE, (44, 50), 2.2)
    fig.detail(d)


def fire_elemental(fig, flame=(226, 96, 34), core=(250, 196, 72)):
    """A Small fire elemental: a tongue of flame with two bright eyes."""
    def tongues(p):
        pts = []
        for i in range(61):
            t = i / 60
            x = 24 + 80 * t
            tip = max(0.0, math.sin(t * math.pi * 5)) * (0.6 + 0.4 * math.sin(t * math.pi))
            pts.append((x, 64 - 42 * tip * math.sin(t * math.pi) - 8 * math.sin(t * math.pi)))
        pts += [(104, 92), (88, 110), (64, 116), (40, 110), (24, 92)]
        p.poly(flame, pts)
    fig.shape(tongues)

    def d(p):
        p.poly(core, [(44, 100), (50, 70), (58, 84), (64, 56), (72, 84), (80, 70), (84, 100), (64, 108)])
        eyes(p, 80, dx=9, iris=WHITE, pupil=flame, r=4.0, pr=2.0)
    fig.detail(d)


def water_elemental(fig, body=(56, 118, 176), foam=(214, 234, 244)):
    """A Small water elemental: a rising wave crested with foam."""
    def wave(p):
        pts = []
        for i in range(49):
            a = math.pi + math.pi * i / 48
            pts.append((64 + 40 * math.cos(a), 78 + 50 * math.sin(a) * (0.9 + 0.1 * math.cos(3 * a))))
        pts += [(104, 96), (92, 112), (64, 118), (36, 112), (24, 96)]
        p.poly(body, pts)
    fig.shape(wave)

    def d(p):
        p.lines(foam, [(32, 52), (44, 38), (58, 32), (72, 34), (84, 44)], 4.0)
        for y in (98, 108):
            p.lines(shade(body, 1.35), [(34, y), (46, y - 5), (58, y), (70, y - 5), (82, y), (94, y - 5)], 2.6)
        eyes(p, 70, dx=9, iris=foam, pupil=shade(body, 0.5), r=4.0, pr=2.0)
    fig.detail(d)


def owlbear(fig):
    feather, disc, beak = (132, 94, 60), (226, 206, 164), (216, 194, 112)
    fig.shape(lambda p: [p.circle(feather, (38, 34), 10), p.circle(feather, (90, 34), 10)])
    fig.detail(lambda p: [p.circle(shade(feather, 0.65), (38, 34), 5), p.circle(shade(feather, 0.65), (90, 34), 5)])
    fig.shape(lambda p: p.poly(feather, star(64, 66, 46, 41, 20, rot=0)))

    def d(p):
        for y in (40, 46):
            p.lines(shade(feather, 0.72), [(56, y), (64, y + 5), (72, y)], 2.2)
        for sx in (-1, 1):
            p.ellipse(disc, (64 + sx * 15, 66), 17, 21, sx * 10)
        for sx in (-1, 1):
            x = 64 + sx * 15
            p.circle(OUT, (x, 62), 9.6)
            p.circle((236, 150, 44), (x, 62), 8.2)
            p.circle(OUT, (x, 62), 4.4)
            p.circle(WHITE, (x - 2, 60), 1.5)
        p.poly(OUT, [(56, 68), (72, 68), (66, 92), (64, 94), (62, 92)])
        p.poly(beak, [(58, 69.5), (70, 69.5), (65, 89), (63, 89)])
        p.lines(shade(feather, 0.72), [(38, 90), (44, 96)], 2.0)
        p.lines(shade(feather, 0.72), [(90, 90), (84, 96)], 2.0)
    fig.detail(d)


# --- mounts (head and neck in profile) ------------------------------------------------------
def horse(fig, coat, mane, *, blaze=False, star_mark=False, bridle=LEATHER, armour=False, pony=False,
          saddle=(86, 96, 66), caparison=CREAM, trim=BRASS, emblem=False):
    """A horse's head and neck in profile, facing left (the chess knight's reading)."""
    fig.k, fig.anchor = (0.8 if pony else 0.9), (70.0, 122.0)
    fig.shape(lambda p: p.poly(shade(coat, 0.8), [(70, 30), (80, 8), (82, 32)]))
    fig.shape(lambda p: p.poly(mane, [(62, 24), (78, 26), (96, 44), (110, 80), (118, 130), (100, 130), (94, 92), (82, 58), (66, 40)]))

    def head(p):
        p.poly(coat, [(48, 130), (54, 90), (58, 62), (70, 36), (86, 34), (102, 66), (110, 130)])
        p.ellipse(coat, (44, 56), 33, 14, 132)
        p.circle(coat, (56, 60), 16)
        p.circle(coat, (24, 77), 11)
        p.poly(coat, [(62, 26), (68, 6), (74, 30)])
    fig.shape(head)

    def d(p):
        p.poly(shade(coat, 0.7), [(64.5, 24), (68, 12), (70.5, 27)])
        if blaze:
            p.poly(WHITE, [(56, 36), (62, 38), (28, 76), (20, 74)])
        if star_mark:
            p.poly(WHITE, star(55, 41, 5.5, 2.6, 4, rot=20))
        p.ellipse(OUT, (19, 72), 3.2, 2.2, 60)
        p.lines(OUT, [(16, 82), (26, 84)], 1.8)
        p.circle(OUT, (52, 48), 4.2)
        p.circle(WHITE, (51, 47), 1.4)
        p.lines(shade(coat, 0.78), [(46, 62), (56, 72), (66, 68)], 1.8)
        if pony:
            p.poly(mane, [(60, 24), (72, 28), (62, 46), (56, 38), (50, 42)])
        if armour:
            p.poly(OUT, ell(36, 57, 24, 9.5, rot=132))
            p.poly(STEEL, ell(36, 57, 22, 7.5, rot=132))
            p.line(STEEL_DARK, (52, 40), (24, 71), 1.4)
            if emblem:
                sun(p, (47, 46), 3.6, trim)
            else:
                p.circle(trim, (49, 44), 2.4)
            for y in (88, 102):
                p.line(OUT, (54, y), (102, y - 10), 3.8)
                p.line(STEEL_DARK, (54, y), (102, y - 10), 2.2)
        if bridle:
            p.line(bridle, (30, 66), (36, 84), 3)
            p.line(bridle, (33, 74), (66, 32), 3)
            p.line(bridle, (62, 40), (70, 64), 2.4)
            p.line(bridle, (34, 82), (58, 110), 2.4)
            p.circle(BRASS, (33, 74), 2.8)
    fig.detail(d)
    if armour:
        fig.shape(lambda p: p.poly(caparison, [(48, 110), (104, 100), (110, 132), (48, 132)]))
        fig.detail(lambda p: [p.line(trim, (48, 114), (106, 104), 3),
                              p.circle(trim, (78, 120), 3.4) if not emblem else sun(p, (80, 121), 4.5, trim)])
        fig.shape(lambda p: p.poly(caparison, [(66, 24), (72, 2), (80, 6), (74, 24)]))
    elif saddle:
        fig.shape(lambda p: p.poly(saddle, [(50, 112), (104, 104), (110, 132), (50, 132)]))
        fig.detail(lambda p: p.line(BRASS, (50, 116), (106, 108), 2.2))


def light_horse(fig):
    horse(fig, (178, 112, 66), (232, 212, 156), star_mark=True, bridle=(110, 76, 46), saddle=None)


def light_warhorse(fig):
    horse(fig, (152, 92, 54), (44, 34, 28), blaze=True)


def heavy_warhorse(fig):
    horse(fig, (96, 90, 92), (40, 38, 40), armour=True)


def paladin_mount(fig):
    horse(fig, (222, 220, 226), (196, 196, 204), armour=True, caparison=CREAM, trim=BRASS, emblem=True, bridle=BRASS)


def warpony(fig):
    horse(fig, (198, 162, 110), (84, 62, 44), pony=True, bridle=(110, 76, 46), saddle=None)


# --- vermin (from above) -------------------------------------------------------------------
def spider(fig):
    body, leg, mark = (66, 52, 46), (84, 66, 56), (214, 170, 84)
    legs = []
    for sx in (-1, 1):
        for i, (a, b) in enumerate(((-62, -30), (-28, -10), (8, 12), (38, 42))):
            ang1 = math.radians(a * (1 if sx > 0 else 1))
            hip = (64 + sx * 8, 52 + i * 4)
            knee = (64 + sx * 30, 52 + i * 4 + math.sin(math.radians(a)) * 24 - 10)
            foot = (64 + sx * 48, 52 + i * 4 + math.sin(math.radians(b)) * 40 + 10)
            legs.append((hip, knee, foot))
    fig.shape(lambda p: [p.lines(leg, l, 5.0) for l in legs])
    fig.shape(lambda p: [p.line((40, 30, 28), (60, 36), (58, 28), 4), p.line((40, 30, 28), (68, 36), (70, 28), 4)])
    fig.shape(lambda p: p.ellipse(body, (64, 46), 14, 13))
    fig.shape(lambda p: p.ellipse(body, (64, 80), 21, 25))

    def d(p):
        p.poly(mark, [(64, 64), (72, 74), (64, 80), (56, 74)])
        p.poly(mark, [(64, 84), (70, 92), (64, 98), (58, 92)])
        for x, y in ((59, 39), (69, 39), (55, 43), (73, 43), (61.5, 44.5), (66.5, 44.5)):
            p.circle((236, 110, 60) if y == 39 else (220, 200, 180), (x, y), 2.0)
        p.lines(shade(body, 1.4), [(58, 50), (64, 54), (70, 50)], 1.4)
    fig.detail(d)


def centipede(fig):
    seg_a, seg_b, legc = (170, 88, 44), (132, 66, 34), (214, 170, 96)
    pts = []
    n = 13
    for i in range(n):
        t = i / (n - 1)
        pts.append((24 + 80 * t + 14 * math.sin(t * math.tau * 1.1), 104 - 78 * t + 18 * math.sin(t * math.pi * 2 + 0.6)))
    normals = []
    for i, (x, y) in enumerate(pts):
        a = pts[max(0, i - 1)]
        b = pts[min(n - 1, i + 1)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        m = math.hypot(dx, dy) or 1
        normals.append((-dy / m, dx / m, dx / m, dy / m))

    def leg_shape(p):
        for i in range(1, n - 1):
            (x, y), (nx, ny, tx, ty) = pts[i], normals[i]
            for s in (-1, 1):
                p.lines(legc, [(x, y), (x + s * nx * 14, y + s * ny * 14), (x + s * nx * 18 - tx * 5, y + s * ny * 18 - ty * 5)], 2.6)
    fig.shape(leg_shape, outline=2.0)
    hx, hy = pts[-1]
    nx, ny, tx, ty = normals[-1]
    fig.shape(lambda p: [p.lines(legc, [(hx, hy), (hx + tx * 14 + s * nx * 8, hy + ty * 14 + s * ny * 8),
                                         (hx + tx * 22 + s * nx * 16, hy + ty * 22 + s * ny * 16)], 2.2) for s in (-1, 1)], outline=2.0)
    for i, ((x, y), (nx, ny, tx, ty)) in enumerate(zip(pts, normals)):
        r = 7.5 if i < n - 1 else 8.5
        col = seg_a if i % 2 else seg_b
        ang = math.degrees(math.atan2(ty, tx))
        fig.shape(lambda p, x=x, y=y, r=r, col=col, ang=ang: p.ellipse(col, (x, y), r * 0.9, r * 1.15, ang), outline=2.4)
    fig.detail(lambda p: [p.lines(OUT, [(hx + s * nx * 5, hy + s * ny * 5), (hx + tx * 10 + s * nx * 6, hy + ty * 10 + s * ny * 6),
                                         (hx + tx * 12 + s * nx * 2, hy + ty * 12 + s * ny * 2)], 2.2) for s in (-1, 1)])
    fig.detail(lambda p: [p.circle((246, 220, 120), (hx + s * nx * 3.5 + tx * 2, hy + s * ny * 3.5 + ty * 2), 1.6) for s in (-1, 1)])


# --- generic and unknown ---------------------------------------------------------------------
def generic(fig):
    slate = (172, 162, 136)
    torso(fig, slate, w=38, top=86)
    head_shape(fig, slate, (64, 56), 18, 19)
    fig.detail(lambda p: p.ellipse(shade(slate, 1.25), (58, 50), 6, 5))


def unknown_humanoid(name: str):
    rng = random.Random(seed_of(name))
    skin = rng.choice([(228, 182, 144), (196, 150, 110), (150, 110, 80), (176, 160, 70), (118, 140, 92)])
    cloth = rng.choice([(128, 116, 84), (104, 88, 68), (96, 112, 96), (120, 96, 120), (110, 118, 132)])
    letter = (name.strip("_") or "?")[0].upper()

    def draw(fig):
        torso(fig, cloth, w=40)
        neck(fig, skin, 8)
        head_shape(fig, skin, (64, 56), 18, 20)
        fig.detail(lambda p: eyes(p, 57, dx=7, r=3.0, pr=1.8))
        font_path = ASSETS / "fonts" / "DejaVuSans-Bold.ttf"
        if not pygame.font.get_init():
            pygame.font.init()
        f = pygame.font.Font(str(font_path) if font_path.exists() else None, 22 * SS)
        img = f.render(letter, True, RIM)
        fig.canvas.blit(img, img.get_rect(center=(64 * SS, 104 * SS)))
    return draw


# Drawings by name: (family, drawing). The family picks the field colour.
DRAWINGS = {
    "kobold": ("humanoid", kobold), "goblin": ("humanoid", goblin), "orc": ("humanoid", orc),
    "hobgoblin": ("humanoid", hobgoblin), "gnoll": ("humanoid", gnoll), "bugbear": ("humanoid", bugbear),
    "human_warrior": ("humanoid", human_warrior),
    "ogre": ("giant", ogre), "troll": ("giant", troll), "hill_giant": ("giant", hill_giant),
    "wolf": ("beast", wolf), "dire_wolf": ("beast", dire_wolf), "dire_rat": ("beast", dire_rat), "riding_dog": ("beast", riding_dog),
    "lion": ("beast", lion), "dire_lion": ("beast", dire_lion), "owlbear": ("beast", owlbear),
    "light_horse": ("mount", light_horse), "light_warhorse": ("mount", light_warhorse),
    "heavy_warhorse": ("mount", heavy_warhorse), "warpony": ("mount", warpony),
    "paladin_mount": ("hero", paladin_mount),
    "human_skeleton": ("undead", human_skeleton), "human_zombie": ("undead", human_zombie),
    "ogre_zombie": ("undead", ogre_zombie), "wight": ("undead", wight), "ghoul": ("undead", ghoul),
    "ghast": ("undead", ghast),
    "large_monstrous_spider": ("vermin", spider), "huge_monstrous_centipede": ("vermin", centipede),
    "black_pudding": ("ooze", ooze),
    "fire_elemental_small": ("fire", fire_elemental), "water_elemental_small": ("water", water_elemental),
    "tordek": ("hero", tordek), "jozan": ("hero", jozan), "lidda": ("hero", lidda), "mialee": ("hero", mialee),
    "paladin": ("hero", paladin), "hennet": ("hero", hennet),
    GENERIC: ("generic", generic),
}
HORSES = {"light_horse", "light_warhorse", "heavy_warhorse", "warpony"}

# A template the table does not name is drawn like the first of these words found in its id,
# then its English name, race, class and source (a hero's horse wears the paladin's colours);
# then by its creature type; else as a plain humanoid with its initial.
KEYWORDS = (
    ("skeleton", "human_skeleton"), ("zombie", "human_zombie"), ("wight", "wight"), ("ghast", "ghast"),
    ("ghoul", "ghoul"), ("hobgoblin", "hobgoblin"), ("bugbear", "bugbear"), ("goblin", "goblin"),
    ("kobold", "kobold"), ("gnoll", "gnoll"), ("sorcer", "mialee"), ("wizard", "mialee"), ("elf", "mialee"),
    ("orc", "orc"), ("troll", "troll"), ("ogre", "ogre"), ("giant", "hill_giant"), ("dire wolf", "dire_wolf"),
    ("wolf", "wolf"), ("dog", "riding_dog"), ("hound", "riding_dog"), ("dire lion", "dire_lion"),
    ("lion", "lion"), ("owlbear", "owlbear"), ("pony", "warpony"), ("heavy warhorse", "heavy_warhorse"),
    ("warhorse", "light_warhorse"), ("horse", "light_horse"), ("spider", "large_monstrous_spider"),
    ("centipede", "huge_monstrous_centipede"), ("pudding", "black_pudding"), ("ooze", "black_pudding"),
    ("paladin", "paladin"), ("knight", "paladin"), ("dwarf", "tordek"), ("cleric", "jozan"),
    ("priest", "jozan"), ("halfling", "lidda"), ("rogue", "lidda"), ("fighter", "human_warrior"),
    ("warrior", "human_warrior"), ("guard", "human_warrior"), ("soldier", "human_warrior"),
)
TYPES = {"animal": "wolf", "magical_beast": "owlbear", "vermin": "large_monstrous_spider",
         "undead": "human_zombie", "giant": "hill_giant", "ooze": "black_pudding"}


def _words(text) -> str:
    return " " + "".join(c if c.isalnum() else " " for c in str(text).lower()) + " "


def drawing_name(template: str, info: dict | None = None) -> str | None:
    """Which named drawing a template gets, or None for a plain humanoid."""
    info = info or {}
    base = template.rstrip("0123456789").rstrip("_") or template
    for name in (template, base):
        if name in DRAWINGS:
            return name
    like = None
    for text in (template, info.get("name_en"), info.get("race"), info.get("class"), info.get("source")):
        if not isinstance(text, str):
            continue
        t = _words(text)
        like = next((d for word, d in KEYWORDS if word in t), None)
        if like:
            break
    if like is None:
        like = TYPES.get(str(info.get("type")))
    if like in HORSES and info.get("kind") == "hero":
        like = "paladin_mount"
    return like


def drawing_for(template: str, info: dict | None = None):
    info = info or {}
    name = drawing_name(template, info)
    if name is not None:
        family, draw = DRAWINGS[name]
    else:
        label = info.get("name_en") if isinstance(info.get("name_en"), str) else template
        family, draw = "humanoid", unknown_humanoid(label)
    if info.get("kind") == "hero" and family in ("humanoid", "hero"):
        family = "hero"
    return family, draw


# --- template ids ---------------------------------------------------------------------------
def template_tables(path: Path) -> dict[str, dict]:
    """The templates a bestiary-like TOML file defines, id -> its table: tables holding values
    (at the top or one level down), or entries of arrays of tables that have an ``id``."""
    if not path.exists():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out: dict[str, dict] = {}

    def visit(table: dict, depth: int) -> None:
        for key, val in table.items():
            if isinstance(val, list) and val and all(isinstance(v, dict) for v in val):
                out.update((v["id"], v) for v in val if isinstance(v.get("id"), str))
            elif isinstance(val, dict) and val:
                if any(not isinstance(v, dict) for v in val.values()):
                    out[val["id"] if isinstance(val.get("id"), str) else key] = val
                elif depth < 1:
                    visit(val, depth + 1)
    visit(data, 0)
    return out


def template_ids(path: Path) -> list[str]:
    return list(template_tables(path))


def all_templates() -> dict[str, dict]:
    """Every template id to draw, with its table (the issue's list when a file is missing).
    Levelled ids (``tordek_1`` ... ``tordek_5``) also get their plain name (``tordek``), the
    token of a creature called so without a template."""
    out: dict[str, dict] = {}
    for path, known in zip(TEMPLATE_FILES, (KNOWN_BESTIARY, KNOWN_HEROES)):
        tables = template_tables(path)
        out.update(tables if path.exists() else {t: {} for t in known})
    for tid, info in list(out.items()):
        base = tid.rstrip("0123456789")
        if base != tid and base.endswith("_") and base[:-1] and base[:-1] not in out:
            out[base[:-1]] = info
    return out


# --- terrain tiles ------------------------------------------------------------------------
class TilePen(Pen):
    def __init__(self, surf):
        super().__init__(surf, 1.0, (0, 0), SS)


def wrapped(x, y):
    """The nine copies of a point that make a tile seamless."""
    return [(x + dx, y + dy) for dx in (-TILE, 0, TILE) for dy in (-TILE, 0, TILE)]


def tile_floor(p, rng, kind):
    """Packed earth and worn flags: texture only, no lines that could be read as a grid."""
    p.rect(FLOOR, 0, 0, TILE, TILE)
    for _ in range(10):
        x, y = rng.uniform(0, TILE), rng.uniform(0, TILE)
        r, v = rng.uniform(6, 12), rng.choice((-4, -3, 3, 4))
        pts = [(r * (0.7 + 0.3 * rng.random()) * math.cos(a), r * (0.55 + 0.3 * rng.random()) * math.sin(a))
               for a in [i * math.tau / 9 for i in range(9)]]
        col = tuple(c + v for c in FLOOR)
        for cx, cy in wrapped(x, y):
            p.poly(col, [(cx + px, cy + py) for px, py in pts])
    for _ in range(9):
        x, y, r = rng.uniform(0, TILE), rng.uniform(0, TILE), rng.uniform(0.7, 1.5)
        for cx, cy in wrapped(x, y):
            p.circle((186, 174, 142), (cx, cy), r)
            p.circle((228, 220, 196), (cx - r * 0.35, cy - r * 0.35), r * 0.45)
    for _ in range(2):
        x, y = rng.uniform(8, 56), rng.uniform(8, 56)
        p.lines((196, 184, 152), [(x, y), (x + 4, y + 1.5), (x + 6, y + 5)], 0.9)


def tile_wall(p, rng, kind, base=WALL, top=(76, 81, 94), light=WALL_TOP, dark=(44, 47, 56)):
    p.rect(dark, 0, 0, TILE, TILE)
    rows = [(0, 22), (22, 43), (43, 64)]
    for r, (y0, y1) in enumerate(rows):
        edges = [0, 28, 64] if r % 2 == 0 else [0, 12, 44, 64]
        for a, b in zip(edges, edges[1:]):
            x0, x1 = a + 1.2, b - 1.2
            v = rng.randint(-5, 5)
            col = tuple(c + v for c in top)
            rr = pygame.Rect(round(x0 * SS), round((y0 + 1.2) * SS), round((x1 - x0) * SS), round((y1 - y0 - 2.4) * SS))
            pygame.draw.rect(p.s, shade(col, 0.78), rr, border_radius=3 * SS)
            pygame.draw.rect(p.s, col, rr.inflate(-2 * SS, -3 * SS).move(-SS // 2, -SS), border_radius=3 * SS)
            p.line(light, (x0 + 3, y0 + 3), (x1 - 4, y0 + 3), 1.2)
            p.line(light, (x0 + 2.6, y0 + 3.2), (x0 + 2.6, y1 - 5), 1.0)
    for _ in range(5):
        x, y = rng.uniform(6, 58), rng.uniform(6, 58)
        p.circle(shade(top, 0.86), (x, y), rng.uniform(0.8, 1.4))


def waves(p, col, rows=((16, 4), (32, -12), (48, 4)), amp=2.6, width=1.8, period=32.0, span=13.0):
    for y, shift in rows:
        for k in range(-1, 3):
            x0 = k * period + shift
            pts = [(x0 + t, y + amp * math.sin(t / span * math.tau)) for t in [i * span / 10 for i in range(11)]]
            p.lines(col, pts, width)


def tile_difficult(p, rng, kind):
    p.rect(DIFFICULT, 0, 0, TILE, TILE)
    waves(p, DIFFICULT_MARK)
    for x, y in ((9, 8), (40, 24), (22, 40), (54, 56)):
        p.line((162, 196, 188), (x, y), (x + 4, y), 1.1)
    for bx, by in ((52, 12), (10, 58)):
        for dx, h, lean in ((-2.5, 9, -2.5), (0, 12, 0), (2.5, 8, 2.5)):
            p.line((70, 108, 86), (bx + dx, by), (bx + dx + lean, by - h), 1.4)


def tile_water(p, rng, kind, deep=False):
    base = (84, 128, 150) if deep else (110, 156, 170)
    p.rect(base, 0, 0, TILE, TILE)
    waves(p, shade(base, 0.8), amp=3.0, width=2.0)
    for x, y in ((6, 26), (36, 8), (44, 40), (14, 56)):
        p.line(shade(base, 1.35), (x, y), (x + 6, y), 1.2)


def tile_tree(p, rng, kind):
    """A massive tree seen from above: a lobed crown that fills its square."""
    tile_floor(p, rng, kind)
    lobes = [(32 + 17 * math.cos(a), 32 + 17 * math.sin(a), 11.5 + rng.uniform(-1.5, 1.5))
             for a in [i * math.tau / 8 + 0.3 for i in range(8)]] + [(32, 32, 16)]
    for x, y, r in lobes:
        p.circle((160, 148, 116), (x + 3, y + 3.5), r)
    for x, y, r in lobes:
        p.circle(OUT, (x, y), r + 1.6)
    for x, y, r in lobes:
        p.circle((78, 118, 66), (x, y), r)
    for x, y, r in lobes:
        if x + y < 64:
            p.circle((100, 144, 84), (x - r * 0.2, y - r * 0.2), r * 0.6)
    p.circle((96, 138, 78), (30, 30), 9)
    p.circle((132, 170, 104), (25, 24), 4.5)
    p.circle((62, 96, 54), (36, 38), 2.2)


def tile_door(p, rng, kind):
    p.rect((96, 64, 40), 0, 0, TILE, TILE)
    for i in range(5):
        x = 2 + i * 12
        pygame.draw.rect(p.s, (150, 104, 62), pygame.Rect(round(x * SS), 2 * SS, 11 * SS, 60 * SS), border_radius=2 * SS)
    for y in (14, 48):
        p.rect((60, 62, 70), 0, y, TILE, 5)
        for x in (8, 32, 56):
            p.circle(STEEL, (x, y + 2.5), 1.4)
    p.circle(BRASS, (52, 32), 3)


def tile_open_door(p, rng, kind):
    """A doorway seen from above: the floor, the frame's two posts, the leaf swung open."""
    tile_floor(p, rng, kind)
    p.rect((60, 62, 70), 0, 0, 6, TILE)
    p.rect((60, 62, 70), TILE - 6, 0, 6, TILE)
    pygame.draw.rect(p.s, (150, 104, 62), pygame.Rect(6 * SS, 2 * SS, 9 * SS, 44 * SS), border_radius=2 * SS)
    p.rect((96, 64, 40), 6, 2, 2, 44)
    p.circle(BRASS, (12, 40), 2)


def tile_cliff(p, rng, kind):
    """A rock face seen from above: warm grey rock in ledges, each lit on its upper edge
    and shadowed on its lower one, with the map-maker's hachures (short downhill ticks),
    so that it reads as rock to climb and not as built wall."""
    base = (134, 124, 108)
    p.rect(base, 0, 0, TILE, TILE)
    y = 0.0
    while y < TILE:
        h = rng.uniform(11, 17)
        wobble = [(x, y + rng.uniform(-1.5, 1.5)) for x in range(0, TILE + 8, 8)]
        p.lines(shade(base, 1.25), wobble, 1.4)                          # lit edge of the ledge
        p.lines(shade(base, 0.62), [(x, yy + h - 2) for x, yy in wobble], 2.2)   # its shadow
        for k in range(5):
            x = 3 + k * 13 + rng.uniform(-2, 2)
            p.line(shade(base, 0.55), (x, y + h - 6), (x + 0.8, y + h - 2.5), 1.1)   # hachures
        y += h


def tile_pit(p, rng, kind):
    tile_floor(p, rng, kind)
    p.ellipse((120, 110, 90), (32, 32), 27, 27)
    p.ellipse(OUT, (32, 33), 24, 24)
    p.ellipse((14, 14, 18), (32, 35), 21, 20)


def tile_low_wall(p, rng, kind):
    tile_floor(p, rng, kind)
    p.rect((150, 140, 112), 0, 24, TILE, 22)
    p.rect(OUT, 0, 20, TILE, 22)
    for x0 in (0, 22, 44):
        pygame.draw.rect(p.s, (128, 132, 142), pygame.Rect(round((x0 + 1) * SS), 22 * SS, 20 * SS, 18 * SS), border_radius=3 * SS)
        p.line((160, 164, 172), (x0 + 3, 24.5), (x0 + 18, 24.5), 1.2)


def tile_rubble(p, rng, kind):
    tile_floor(p, rng, kind)
    for _ in range(9):
        x, y, r = rng.uniform(8, 56), rng.uniform(8, 56), rng.uniform(3, 7)
        p.circle(OUT, (x, y + 0.6), r + 1)
        p.circle((140, 136, 128), (x, y), r)
        p.circle((176, 172, 162), (x - r / 3, y - r / 3), r / 3)


def tile_brush(p, rng, kind):
    tile_floor(p, rng, kind)
    for bx, by in ((16, 20), (46, 16), (30, 44), (54, 50), (10, 52)):
        for dx, h, lean in ((-3, 8, -3), (0, 11, 0), (3, 8, 3)):
            p.line((96, 128, 70), (bx + dx, by + 6), (bx + dx + lean, by + 6 - h), 2)


def tile_furniture(p, rng, kind):
    """Tables and benches seen from above (a map's difficult terrain that is furniture): a
    plank top with its grain, a bench along one side, both outlined so they read as things
    one climbs over, not as ground."""
    tile_floor(p, rng, kind)
    p.rect(OUT, 3, 3, TILE - 6, 40)
    p.rect(WOOD, 5, 5, TILE - 10, 36)
    for y in (14, 23, 32):
        p.line(WOOD_DARK, (6, y), (TILE - 6, y), 1.4)
    for x, y in ((14, 9), (40, 18), (24, 27), (50, 36)):
        p.line(shade(WOOD, 1.25), (x, y), (x + 8, y), 1.0)
    p.rect(OUT, 8, 48, TILE - 16, 12)
    p.rect(shade(WOOD, 0.9), 10, 50, TILE - 20, 8)


def tile_sand(p, rng, kind):
    """Loose sand (difficult terrain): paler and warmer than packed ground, with ripples."""
    base = (226, 204, 146)
    p.rect(base, 0, 0, TILE, TILE)
    for y0 in (10, 26, 42, 58):
        pts = [(x, y0 + 2.2 * math.sin((x + y0) / 6.5)) for x in range(0, TILE + 4, 4)]
        p.lines(shade(base, 0.82), pts, 1.6)
    for _ in range(26):
        x, y = rng.uniform(0, TILE), rng.uniform(0, TILE)
        p.circle(shade(base, rng.choice((0.78, 1.1))), (x, y), rng.uniform(0.5, 1.1))


def tile_undergrowth(p, rng, kind):
    """Thickets and undergrowth (difficult terrain): a mat of low grass and brambles over
    the whole square — strokes and leaves, no round crowns, which are the massive trees'."""
    base = (156, 164, 104)
    p.rect(base, 0, 0, TILE, TILE)
    for _ in range(46):
        x, y = rng.uniform(0, TILE), rng.uniform(4, TILE)
        h, lean = rng.uniform(5, 10), rng.uniform(-3, 3)
        p.line(rng.choice(((78, 110, 56), (98, 132, 66), (120, 146, 74))), (x, y), (x + lean, y - h), 1.5)
    for _ in range(5):
        x0, y0 = rng.uniform(4, 52), rng.uniform(8, 56)
        pts = [(x0 + t * 2.2, y0 + 3 * math.sin(t * 1.3)) for t in range(6)]
        p.lines((96, 70, 52), pts, 1.2)
        for px, py in pts[1::2]:
            p.circle((90, 126, 64), (px, py - 1.5), 1.6)


def tile_pillar(p, rng, kind):
    tile_floor(p, rng, kind)
    p.circle((150, 140, 112), (35, 35), 23)
    p.circle(OUT, (32, 32), 23)
    p.circle((140, 144, 154), (32, 32), 21)
    p.circle((168, 172, 180), (32, 32), 14)


def tile_bridge(p, rng, kind):
    p.rect((110, 156, 170), 0, 0, TILE, TILE)
    for i in range(4):
        y = 1 + i * 16
        pygame.draw.rect(p.s, (170, 124, 78), pygame.Rect(2 * SS, round(y * SS), 60 * SS, 14 * SS), border_radius=2 * SS)
        p.line((130, 92, 56), (6, y + 7), (58, y + 7), 1.0)


def tile_darkness(p, rng, kind):
    """Ground in total darkness: the floor under a deep blue-black veil, with faint violet
    wisps across it, so that it reads as ground one cannot see into, not as a hole or the
    void past the map's edge (play-test, issue 14)."""
    tile_floor(p, rng, kind)
    veil = pygame.Surface(p.s.get_size(), pygame.SRCALPHA)
    veil.fill((12, 14, 28, 215))
    p.s.blit(veil, (0, 0))
    for y0 in (14, 34, 54):
        wisp = [(x, y0 + 4 * math.sin((x + y0) / 7)) for x in range(2, TILE - 1, 3)]
        for a, b in zip(wisp, wisp[1:]):
            p.line((74, 66, 118), a, b, 1.4)


def tile_crate(p, rng, kind):
    """A heavy wooden crate seen from above: planks inside an iron-cornered frame, with a
    shadow to the bottom right, so that it reads as a thing standing on the floor (one
    that can be pushed) rather than as a wall."""
    tile_floor(p, rng, kind)
    p.rect((60, 52, 40), 12, 12, 46, 46)                     # its shadow
    p.rect(OUT, 7, 7, 48, 48)
    p.rect(WOOD_DARK, 9, 9, 44, 44)
    for i in range(4):
        x = 12 + i * 10
        p.rect(shade(WOOD, 1.0 + rng.uniform(-0.06, 0.06)), x, 12, 8.5, 38)
        p.line(shade(WOOD, 0.7), (x + 4, 16), (x + 4.5, 22), 0.8)      # grain
    p.line(WOOD_DARK, (12, 14), (50, 48), 3.2)                      # the brace
    for cx, cy in ((10, 10), (52, 10), (10, 52), (52, 52)):
        p.rect(STEEL_DARK, cx - 3, cy - 3, 6, 6)                     # iron corners


def tile_web_sheet(p, rng, kind):
    """A sheet of spider's webbing on the ground: pale radial strands and the spiral
    between them over the floor, thick enough to read at a glance as a thing to avoid."""
    tile_floor(p, rng, kind)
    veil = pygame.Surface(p.s.get_size(), pygame.SRCALPHA)
    veil.fill((214, 216, 230, 120))
    p.s.blit(veil, (0, 0))
    strand, spiral = (250, 250, 255), (232, 234, 246)
    centre = (32 + rng.uniform(-3, 3), 32 + rng.uniform(-3, 3))
    spokes = [i * math.tau / 10 + rng.uniform(-0.12, 0.12) for i in range(10)]
    for a in spokes:
        p.line(shade(OUT, 1.6), centre, (centre[0] + 46 * math.cos(a), centre[1] + 46 * math.sin(a)), 2.6)
        p.line(strand, centre, (centre[0] + 46 * math.cos(a), centre[1] + 46 * math.sin(a)), 1.5)
    for r in (7, 13, 19, 25, 31):
        pts = [(centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)) for a in spokes + spokes[:1]]
        for a, b in zip(pts, pts[1:]):
            p.line(shade(OUT, 1.6), a, b, 2.0)
            p.line(spiral, a, b, 1.2)


def tile_unknown(p, rng, kind: TerrainKind):
    """A kind the script has no picture for: its rules flags decide."""
    hue = seed_of(kind.id)
    tint = (100 + hue % 80, 100 + (hue >> 8) % 80, 100 + (hue >> 16) % 80)
    if kind.blocks_move and kind.blocks_sight:
        tile_wall(p, rng, kind)
    elif kind.blocks_move:
        tile_pit(p, rng, kind)
    elif kind.difficult:
        p.rect(DIFFICULT, 0, 0, TILE, TILE)
    else:
        tile_floor(p, rng, kind)
    for i in range(-TILE, TILE, 12):
        p.line(shade(tint, 0.8), (i, TILE), (i + TILE, 0), 1.6)


TILES = {
    "floor": tile_floor, "wall": tile_wall, "difficult": tile_difficult,
    "water": tile_water, "deep_water": lambda p, r, k: tile_water(p, r, k, deep=True), "tree": tile_tree,
    "door": tile_door, "open_door": tile_open_door, "cliff": tile_cliff, "pit": tile_pit, "low_wall": tile_low_wall, "rubble": tile_rubble,
    "brush": tile_brush, "pillar": tile_pillar, "bridge": tile_bridge,
    "darkness": tile_darkness, "crate": tile_crate, "web_sheet": tile_web_sheet,
    "furniture": tile_furniture, "sand": tile_sand, "undergrowth": tile_undergrowth,
}


def look_kinds() -> list[TerrainKind]:
    """What a map may say its difficult terrain is (``[map] difficult``): a tile each."""
    return [TerrainKind("~", look, difficult=True) for look in DIFFICULT_LOOKS]


def make_tile(kind: TerrainKind) -> pygame.Surface:
    big = pygame.Surface((TILE * SS, TILE * SS))
    rng = random.Random(seed_of("tile:" + kind.id))
    TILES.get(kind.id, tile_unknown)(TilePen(big), rng, kind)
    return pygame.transform.smoothscale(big, (TILE, TILE))


def terrain_ids() -> list[TerrainKind]:
    return list({k.id: k for k in LEGEND.values()}.values())


# --- output -------------------------------------------------------------------------------
def expected_files(root: Path = ASSETS) -> list[Path]:
    return ([root / "tiles" / f"{k.id}.png" for k in terrain_ids() + look_kinds()]
            + [root / "tokens" / f"{t}.png" for t in [*all_templates(), GENERIC]])


def make_all(root: Path = ASSETS) -> list[Path]:
    pygame.display.init()
    pygame.font.init()
    written = []
    (root / "tiles").mkdir(parents=True, exist_ok=True)
    (root / "tokens").mkdir(parents=True, exist_ok=True)
    for kind in terrain_ids() + look_kinds():
        path = root / "tiles" / f"{kind.id}.png"
        pygame.image.save(make_tile(kind), str(path))
        written.append(path)
    templates = all_templates()
    templates.setdefault(GENERIC, {})
    for template, info in templates.items():
        family, draw = drawing_for(template, info)
        path = root / "tokens" / f"{template}.png"
        pygame.image.save(make_token(draw, FIELD[family]), str(path))
        written.append(path)
    return written


def contact_sheet(out: Path, root: Path = ASSETS) -> None:
    """Every token at several sizes inside a side ring, on the floor tile: for checking by eye."""
    names, seen = [], set()
    for name in [*all_templates(), GENERIC]:
        data = (root / "tokens" / f"{name}.png").read_bytes()
        if data not in seen:    # hero levels share one picture: show it once
            seen.add(data)
            names.append(name)
    sizes = (128, 64, 48, 40, 32, 24)
    cell = sum(sizes) + 8 * len(sizes)
    cols = 2
    rows = (len(names) + cols - 1) // cols
    sheet = pygame.Surface((cols * (cell + 150), rows * 136 + 8))
    floor = pygame.image.load(str(root / "tiles" / "floor.png"))
    for x in range(0, sheet.get_width(), 64):
        for y in range(0, sheet.get_height(), 64):
            sheet.blit(floor, (x, y))
    f = pygame.font.Font(str(ASSETS / "fonts" / "DejaVuSans.ttf"), 13)
    for i, name in enumerate(names):
        ox, oy = (i % cols) * (cell + 150) + 4, (i // cols) * 136 + 4
        img = pygame.image.load(str(root / "tokens" / f"{name}.png"))
        x = ox
        for j, s in enumerate(sizes):
            ring = max(2, s // 12)
            colour = ((58, 104, 178), (184, 66, 56))[(i + j) % 2]
            c = (x + s // 2 + ring, oy + 64)
            pygame.draw.circle(sheet, OUT, c, s // 2 + ring + 1)
            pygame.draw.circle(sheet, colour, c, s // 2 + ring)
            sheet.blit(pygame.transform.smoothscale(img, (s, s)), (c[0] - s // 2, c[1] - s // 2))
            x += s + 2 * ring + 6
        sheet.blit(f.render(name, True, OUT), (x + 4, oy + 56))
    pygame.image.save(sheet, str(out))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ASSETS, help="assets folder to write into (default: the repository's)")
    ap.add_argument("--sheet", type=Path, help="also write a contact sheet of every token to this PNG")
    ap.add_argument("--check", action="store_true", help="only list expected files that are missing")
    args = ap.parse_args(argv)
    if args.check:
        missing = [p for p in expected_files(args.out) if not p.exists()]
        for p in missing:
            print(f"missing: {p}")
        return 1 if missing else 0
    written = make_all(args.out)
    total = sum(p.stat().st_size for p in written)
    print(f"{len(written)} files, {total / 1024:.0f} KiB, in {args.out}")
    extra = sorted({p for d in ("tiles", "tokens") for p in (args.out / d).glob("*.png")} - set(written))
    for p in extra:
        print(f"not made by this script (left alone): {p}")
    if args.sheet:
        contact_sheet(args.sheet, args.out)
        print(args.sheet)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
