"""Drawing the battle map: terrain baked once per zoom, tokens and overlays on top.

The camera keeps every square an exact whole number of pixels, so the grid stays crisp
and aligned at every zoom (design/stack-notes.md: bake terrain, cull, cache text).
Terrain tiles and creature tokens are the pictures of ``assets/`` (``game/ui/art.py``),
scaled once per zoom; the side of a creature is the coloured ring around its token.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from collections import OrderedDict
from dataclasses import dataclass, field

import pygame

from ..rules.board import Board
from ..rules.geometry import Square
from ..i18n import has_sentence, sentence
from . import sandbox_labels, theme
from .art import GENERIC, Art, token_name

ZOOMS = (16, 20, 24, 32, 40, 48, 64, 80, 96)
CHUNK = 8                       # squares a side of one kept piece of the drawn map
CHUNK_BUDGET = 12_000_000       # pixels of drawn map kept (about 48 MB)
# Condition badges on tokens: a letter or two, or a sign, in the player's language (the
# ``BADGE_`` words of ``game/i18n.py``), each kind its own fill: hindered, helped, down.
BADGES = {"prone", "flat_footed", "stunned", "dazed", "blinded", "entangled", "grappling", "pinned", "paralyzed",
          "asleep", "shaken", "frightened", "nauseated", "sickened", "fatigued", "exhausted", "staggered",
          "disabled", "dying", "stable", "invisible", "deafened", "charging", "total_defense",
          "fighting_defensively", "burning", "turned", "blessed", "hasted", "glued", "bolstered", "climbing",
          "swimming", "off_balance", "underwater", "calmed", "hidden_from_undead", "shield_bashed", "slowed",
          "flurry_of_blows", "infected"}
HELPED = (44, 96, 150)
DOWN = (40, 40, 44)
BADGE_FILL = {**{c: HELPED for c in ("blessed", "hasted", "bolstered", "invisible", "hidden_from_undead",
                                     "total_defense", "fighting_defensively", "charging", "climbing", "swimming",
                                     "stable")},
              **{c: DOWN for c in ("dying", "disabled", "asleep", "paralyzed", "dead")}}


# Reachable bands (issue 13): the cheapest movement that gets there, each its own tint,
# strong enough to tell apart on sand, grass and stone, and each band ringed by a line of its
# colour (play-test: at 55/255 the move's blue read grey on sand and running's grey did not
# show at all).
BAND_COLOURS = {"5ft": (40, 170, 90), "move": (30, 110, 230), "double": (140, 70, 210), "run": (40, 40, 50),
                "withdraw": (40, 150, 170)}
BAND_ALPHA = {"5ft": 80, "move": 85, "double": 80, "run": 80, "withdraw": 85}
FLANK = (220, 180, 40)
DEAD_RING = (92, 92, 96)        # a fallen body's flat grey disc, no side's colour
DEAD_MARK = (40, 40, 44)        # and the cross over it


# Little words a token's letters skip, so that they read the same in both languages
# (play-test: "Grakh the ogre" was GT, "Grakh l'ogre" GL).
SMALL_WORDS = frozenset({"the", "of", "a", "an", "le", "la", "les", "l", "de", "du", "des", "d", "au", "aux"})


def underfoot(board) -> frozenset[str]:
    """The living helpless creatures another living creature stands over (not a rider on
    its mount): drawn small in a corner so that both show."""
    living = [b for b in board.bodies if not is_dead(b)]
    out = set()
    for b in living:
        if not b.is_helpless:
            continue
        mine = set(b.squares)
        if any(o.id != b.id and not o.is_helpless and o.mount_span is None and mine.intersection(o.squares)
               for o in living):
            out.add(b.id)
    return frozenset(out)


def token_initials(label: str) -> str:
    """The two letters on a token without art: the first of its name's first two words that
    are not articles or prepositions ("Gnoll 1": G1; "Grakh the ogre", "Grakh l'ogre": GO)."""
    words = label.replace("_", " ").replace("'", " ").replace("\u2019", " ").split()
    kept = [w for w in words if w.lower() not in SMALL_WORDS] or words
    return "".join(w[0] for w in kept[:2]).upper() or "?"


@dataclass
class Lane:
    """One charge lane of the sandbox's lanes to every enemy: green, or red with the
    blocking square crossed."""

    squares: list[Square]
    line: tuple[tuple[float, float], tuple[float, float]] | None
    ok: bool
    block: Square | None = None
    reason: str = ""                      # a red lane's refusal, written at ``at``
    at: Square | None = None              # the blocking square, or the target's when none blocks


@dataclass
class Overlay:
    """What to highlight on top of the board."""

    threat: set[Square] = field(default_factory=set)          # red: threatened squares
    reach: set[Square] = field(default_factory=set)           # amber outline: attack reach
    area: dict[Square, float] = field(default_factory=dict)   # reachable squares -> metres
    path: list[Square] = field(default_factory=list)          # positions, start included
    path_ok: bool = True
    provokes: dict[Square, list[str]] = field(default_factory=dict)
    lane: list[Square] = field(default_factory=list)          # charge lane squares
    lane_ok: bool = True
    lane_block: Square | None = None
    lane_line: tuple[tuple[float, float], tuple[float, float]] | None = None  # grid points
    marks: list[tuple[Square, str]] = field(default_factory=list)  # labelled squares
    points: list[tuple[tuple[float, float], str]] = field(default_factory=list)  # grid points (x, y) + label
    sight_lines: list[tuple[tuple[float, float], tuple[float, float], str]] = field(default_factory=list)  # clear|wall|creature
    caption: str = ""
    bands: dict[Square, str] = field(default_factory=dict)    # square -> cheapest movement mode
    lanes: list[Lane] = field(default_factory=list)           # charge lanes to every enemy
    flank_lines: list[tuple[tuple[float, float], tuple[float, float]]] = field(default_factory=list)  # grid points
    heat: dict[tuple[float, float], float] = field(default_factory=dict)    # grid point -> landing chance
    ruler: tuple[Square, Square, str] | None = None            # two squares and the distance label
    focus: Square | None = None                                # the hovered square: its crowded lane label shows


def pan(owner, event) -> bool:
    """Right- or middle-drag pans ``owner.cam`` (both screens keep ``drag_from``); True
    when the event was a press or release of that button."""
    if event.type == pygame.MOUSEBUTTONDOWN and event.button in (2, 3):
        owner.drag_from = event.pos
        return True
    if event.type == pygame.MOUSEBUTTONUP and event.button in (2, 3):
        owner.drag_from = None
        return True
    if event.type == pygame.MOUSEMOTION and owner.drag_from is not None:
        owner.cam.ox -= event.pos[0] - owner.drag_from[0]
        owner.cam.oy -= event.pos[1] - owner.drag_from[1]
        owner.drag_from = event.pos
    return False


class Camera:
    """Which part of the map the window shows: the size of a square in pixels and the
    map's pixel at the view's top left. Given the map's size and the view's
    (``keep_inside``), every change keeps the view on the map (issue 14, item 3): a map
    larger than the view never shows an empty band beyond its edge, and its last row and
    column can be brought next to the view's edge (never under the log); a smaller one
    is centred."""

    def __init__(self, cell: int = 40, ox: int = 0, oy: int = 0):
        self.cell = cell
        self.bounds: tuple[int, int] | None = None      # the map's width and height in squares
        self.view_size = None                           # () -> the view's (width, height) in pixels
        self._ox = ox
        self._oy = oy

    @property
    def ox(self) -> int:
        return self._ox

    @ox.setter
    def ox(self, value: int) -> None:
        self._ox = self._inside(value, 0)

    @property
    def oy(self) -> int:
        return self._oy

    @oy.setter
    def oy(self, value: int) -> None:
        self._oy = self._inside(value, 1)

    def _inside(self, value: int, axis: int) -> int:
        if self.bounds is None or self.view_size is None:
            return value
        extent = self.bounds[axis] * self.cell + 1          # the map's pixels, its last grid line included
        view = self.view_size()[axis]
        if extent <= view:
            return (extent - view) // 2                     # smaller than the view: centred
        return max(0, min(extent - view, value))

    def keep_inside(self, width: int, height: int, view_size) -> None:
        """From now on, keep the view on a ``width`` × ``height`` map; ``view_size()``
        gives the view's size (it changes with the window's)."""
        self.bounds = (width, height)
        self.view_size = view_size
        self.clamp()

    def clamp(self) -> None:
        """Back inside the map (after the view changed size)."""
        self.ox, self.oy = self._ox, self._oy

    def fit(self, width: int, height: int, view: tuple[int, int], largest: int = 48, smallest: int = 28,
            otherwise: int = 40) -> None:
        """The largest square size (up to ``largest``) at which the whole map shows,
        centred — not only the wheel's steps: the oak clearing's 30 × 20 squares show whole
        at 31 px beside the panel and above the log, where 32 px cut its top row (play-test,
        issue 14, item 3); a map that would need less than ``smallest`` to show whole is
        shown at ``otherwise``, readable, from its centre (the turn's creature is brought
        into view next). The wheel then steps from the nearest of its sizes."""
        fitting = min(largest, (view[0] - 1) // max(1, width), (view[1] - 1) // max(1, height))
        self.cell = fitting if fitting >= smallest else otherwise
        self.centre_on(width, height, view)

    def to_screen(self, sq: Square) -> tuple[int, int]:
        return sq[0] * self.cell - self.ox, sq[1] * self.cell - self.oy

    def to_square(self, pos: tuple[int, int]) -> Square:
        return (pos[0] + self.ox) // self.cell, (pos[1] + self.oy) // self.cell

    def zoom(self, step: int, anchor: tuple[int, int]) -> None:
        """Zoom one step in or out, keeping the point under ``anchor`` still."""
        i = min(range(len(ZOOMS)), key=lambda k: abs(ZOOMS[k] - self.cell))
        j = max(0, min(len(ZOOMS) - 1, i + step))
        if j == i:
            return
        wx = (anchor[0] + self.ox) / self.cell
        wy = (anchor[1] + self.oy) / self.cell
        self.cell = ZOOMS[j]
        self.ox = round(wx * self.cell - anchor[0])
        self.oy = round(wy * self.cell - anchor[1])

    def centre_on(self, width: int, height: int, view: tuple[int, int]) -> None:
        self.ox = (width * self.cell - view[0]) // 2
        self.oy = (height * self.cell - view[1]) // 2

    def show(self, squares, view: tuple[int, int]) -> None:
        """Bring these squares into view, centred on them, unless all are already in it."""
        margin = self.cell // 2
        if all(margin <= x * self.cell - self.ox and (x + 1) * self.cell - self.ox <= view[0] - margin and
               margin <= y * self.cell - self.oy and (y + 1) * self.cell - self.oy <= view[1] - margin
               for x, y in squares):
            return
        xs = [x for x, _ in squares]
        ys = [y for _, y in squares]
        self.ox = (min(xs) + max(xs) + 1) * self.cell // 2 - view[0] // 2
        self.oy = (min(ys) + max(ys) + 1) * self.cell // 2 - view[1] // 2


class BoardView:
    def __init__(self, board: Board, names: dict[str, str] | None = None,
                 tokens: dict[str, str | None] | None = None, art: Art | None = None,
                 template_of: Callable[[str], str | None] | None = None,
                 sealed_of: Callable[[], Iterable[Square]] | None = None, difficult_look: str = "",
                 spell_ground_of: Callable[[], dict] | None = None):
        """``tokens`` maps creature ids to their template ids (None: no template);
        ``template_of`` gives the template of a creature that came in play (a summoned
        wolf, a pudding's split half), which ``tokens`` cannot know beforehand;
        ``sealed_of`` the sealed doors still standing (``views.sealed_doors``), drawn with
        a seal on them; ``difficult_look``: what the map's difficult terrain is (its
        ``[map] difficult``), drawn with that tile (tables, sand, undergrowth …) instead of
        the plain one; ``spell_ground_of`` the squares spells laid on the map
        (``spell_views.spell_grounds``: web, grease), drawn with their own look over the
        map's own ground, not as its difficult terrain (play-test: a web read as rubble)."""
        self.board = board
        self.sealed_of = sealed_of
        self.sealed: frozenset[Square] = frozenset(sealed_of()) if sealed_of else frozenset()
        self.spell_ground_of = spell_ground_of
        self.spell_ground: dict = dict(spell_ground_of()) if spell_ground_of else {}
        self.difficult_look = difficult_look
        self.names = names or {}
        self.tokens = dict(tokens or {})
        self.template_of = template_of
        self.art = art or Art()
        self.health: dict[str, tuple[int, int]] = {}     # id -> (hp, max) for the bars
        # The map drawn in chunks of CHUNK x CHUNK squares per zoom level, the least recently
        # used forgotten past a budget: a whole-map picture per zoom level took a gigabyte
        # on a 100 x 100 map (issue 14, item 9).
        self._chunks: OrderedDict[tuple[int, int, int], pygame.Surface] = OrderedDict()
        self._chunk_pixels = 0
        self._terrain_version = 0
        self._token_names: dict[str, str] = {}
        self._labels: dict[tuple, tuple[pygame.Surface, pygame.Surface]] = {}
        self._label_sizes: dict[tuple[str, int], tuple[int, int]] = {}
        self._placed: dict[str, pygame.Rect] = {}        # each shown label's place, as last laid out
        # the board's text (names, numbers, badges) at the settings' UI scale (issue 14 leftover)
        self.text_scale = 1.0
        self.sides = sorted({b.side for b in board.bodies})
        self.lang: str | None = None                     # the badges' language (None: the system's)
        # the animations playing (``animation.Motion``): where each token is drawn meanwhile
        self.motion = None
        self._underfoot = underfoot(board)               # helpless creatures stood over (``underfoot``)

    def set_board(self, board: Board) -> None:
        sealed = frozenset(self.sealed_of()) if self.sealed_of else frozenset()
        spelled = dict(self.spell_ground_of()) if self.spell_ground_of else {}
        if board.terrain is not self.board.terrain or sealed != self.sealed or spelled != self.spell_ground:
            self.sealed = sealed
            self.spell_ground = spelled
            self._chunks.clear()
            self._chunk_pixels = 0
            self._terrain_version += 1
        self.board = board
        self._underfoot = underfoot(board)

    # --- terrain ----------------------------------------------------------------------
    def _chunk(self, cell: int, cx: int, cy: int) -> pygame.Surface:
        """The squares of chunk (cx, cy) at ``cell`` pixels a square (one pixel more each
        way for the closing grid line), drawn once and kept while the budget allows."""
        key = (cell, cx, cy)
        surf = self._chunks.get(key)
        if surf is not None:
            self._chunks.move_to_end(key)
            return surf
        t = self.board.terrain
        region = (cx * CHUNK, cy * CHUNK, min(t.width, (cx + 1) * CHUNK), min(t.height, (cy + 1) * CHUNK))
        x0, y0, x1, y1 = region
        origin = (x0 * cell, y0 * cell)
        surf = pygame.Surface(((x1 - x0) * cell + 1, (y1 - y0) * cell + 1))
        surf.fill(theme.BACKGROUND)
        blits = []
        for y in range(y0, y1):
            for x in range(x0, x1):
                tile = self._cell_tile(x, y, cell)
                if tile is not None:
                    blits.append((tile, (x * cell - origin[0], y * cell - origin[1])))
                else:
                    self._draw_cell(surf, x, y, cell, origin)
        surf.fblits(blits)
        self._draw_relief(surf, cell, region, origin)
        self._draw_grid(surf, cell, region, origin)
        self._draw_seals(surf, cell, region, origin)
        self._draw_spell_grounds(surf, cell, region, origin)
        self._chunks[key] = surf
        self._chunk_pixels += surf.get_width() * surf.get_height()
        while self._chunk_pixels > CHUNK_BUDGET and len(self._chunks) > 1:
            _key, old = self._chunks.popitem(last=False)
            self._chunk_pixels -= old.get_width() * old.get_height()
        return surf

    def kept_terrain(self) -> list[pygame.Surface]:
        """The drawn pieces of the map kept now (their total size stays within the budget)."""
        return list(self._chunks.values())

    def kept_pixels(self) -> int:
        return self._chunk_pixels

    def _blit_terrain(self, ground: pygame.Surface, cam: "Camera") -> None:
        """The map's chunks that the view shows, where the camera puts them."""
        t = self.board.terrain
        c, span = cam.cell, CHUNK * cam.cell
        w, h = ground.get_size()
        first_x, first_y = max(0, cam.ox // span), max(0, cam.oy // span)
        last_x = min((t.width - 1) // CHUNK, (cam.ox + w) // span)
        last_y = min((t.height - 1) // CHUNK, (cam.oy + h) // span)
        ground.fblits([(self._chunk(c, cx, cy), (cx * span - cam.ox, cy * span - cam.oy))
                       for cy in range(first_y, last_y + 1) for cx in range(first_x, last_x + 1)])

    def _cell_tile(self, x: int, y: int, cell: int) -> pygame.Surface | None:
        t = self.board.terrain
        if t.rows[y][x] == "\0":
            return None
        kind = t.kind((x, y))
        # Open ground is flipped from square to square so that its texture does not repeat;
        # anything drawn with a light direction (walls, trees) keeps it.
        variant = 0 if kind.blocks_sight else (x * 7 + y * 13 + (x * y) % 3) % 4
        spelled = self.spell_ground.get((x, y))
        if spelled is not None and spelled.under != "difficult":
            # a web or grease: the map's own ground under it (the battle's map calls it
            # difficult, or a web's strands), the spell's look drawn over it (``_draw_spell_grounds``)
            return self.art.tile(spelled.under, cell, variant)
        if spelled is not None:
            kind = self.board.terrain.kind_of_char("~")      # the map's own difficult ground under the spell
        if kind.id == "difficult" and self.difficult_look:
            # the map says what its difficult terrain is: tables read as tables, not as water
            # (play-test); furniture keeps its light direction like a wall
            look = self.art.tile(self.difficult_look, cell, 0 if self.difficult_look == "furniture" else variant)
            if look is not None:
                return look
        return self.art.tile(kind.id, cell, variant)

    def _draw_seals(self, surf: pygame.Surface, cell: int, region, origin) -> None:
        """A sealed door (``[[sealed_door]]``) bears a gold seal: a disc ringed in dark
        bronze with a rayed sun, so that it reads apart from a plain door at any zoom."""
        x0, y0, x1, y1 = region
        for x, y in sorted(self.sealed):
            if not (x0 <= x < x1 and y0 <= y < y1):
                continue
            cx, cy = x * cell - origin[0] + cell // 2, y * cell - origin[1] + cell // 2
            r = max(3, cell * 3 // 10)
            for k in range(8):                         # the sun's rays, past the disc
                angle = k * math.pi / 4
                inner, outer = r * 0.9, r * 1.45
                pygame.draw.line(surf, theme.SEAL_RING, (cx + inner * math.cos(angle), cy + inner * math.sin(angle)),
                                 (cx + outer * math.cos(angle), cy + outer * math.sin(angle)), max(1, cell // 16))
            pygame.draw.circle(surf, theme.SEAL_RING, (cx, cy), r + max(1, cell // 20))
            pygame.draw.circle(surf, theme.SEAL, (cx, cy), r)
            pygame.draw.circle(surf, theme.SEAL_RING, (cx, cy), max(1, r // 3), max(1, cell // 20))

    def _draw_spell_grounds(self, surf: pygame.Surface, cell: int, region, origin) -> None:
        """A web's squares (Web, data-digest §5) bear grey-white strands — spokes from the
        square's corners and middles to its centre and two rings around it; grease's a
        dark, glossy amber sheen with light streaks. Their own looks, so that neither reads
        as the map's difficult ground (play-test: a web on the crypt was drawn as rubble)."""
        x0, y0, x1, y1 = region
        web = pygame.Surface((cell, cell), pygame.SRCALPHA)
        mid = cell / 2
        strand = max(1, cell // 24)
        for px, py in ((0, 0), (mid, 0), (cell - 1, 0), (cell - 1, mid), (cell - 1, cell - 1), (mid, cell - 1),
                       (0, cell - 1), (0, mid)):
            pygame.draw.line(web, (236, 236, 240, 215), (px, py), (mid, mid), strand)
        for r in (cell * 0.18, cell * 0.36):
            points = [(mid + r * math.cos(k * math.pi / 4), mid + r * math.sin(k * math.pi / 4)) for k in range(8)]
            pygame.draw.polygon(web, (236, 236, 240, 200), points, strand)
        web.fill((230, 230, 236, 40), special_flags=pygame.BLEND_RGBA_MAX)
        grease = pygame.Surface((cell, cell), pygame.SRCALPHA)
        grease.fill((96, 70, 20, 120))
        for k in range(3):
            y = cell * (k + 1) // 4
            pygame.draw.line(grease, (250, 226, 150, 130), (cell // 6 + (k % 2) * cell // 6, y),
                             (cell // 2 + (k % 2) * cell // 4, y - cell // 10), max(1, cell // 16))
        looks = {"web": web, "grease": grease}
        surf.fblits([(looks[g.kind], (x * cell - origin[0], y * cell - origin[1]))
                     for (x, y), g in sorted(self.spell_ground.items())
                     if g.kind in looks and x0 <= x < x1 and y0 <= y < y1])

    def _draw_relief(self, surf: pygame.Surface, cell: int, region, origin) -> None:
        """Tall squares (those that block sight: walls, trees) cast a short shadow on the
        squares below and right of them (light from the top left), and every other square
        one can stand on is a shade darker, to count squares by."""
        t = self.board.terrain
        depth = max(2, cell // 7)
        shadow_h = pygame.Surface((cell, depth), pygame.SRCALPHA)
        shadow_h.fill((20, 18, 16, 70))
        shadow_v = pygame.Surface((depth, cell), pygame.SRCALPHA)
        shadow_v.fill((20, 18, 16, 70))
        corner = pygame.Surface((depth, depth), pygame.SRCALPHA)
        corner.fill((20, 18, 16, 70))
        chequer = pygame.Surface((cell, cell), pygame.SRCALPHA)
        chequer.fill((60, 50, 30, 10))
        blits = []

        def solid(x: int, y: int) -> bool:
            return t.in_bounds((x, y)) and t.rows[y][x] != "\0" and t.kind((x, y)).blocks_sight

        x0, y0, x1, y1 = region
        for y in range(y0, y1):
            for x in range(x0, x1):
                if t.rows[y][x] == "\0" or t.kind((x, y)).blocks_sight:
                    continue
                px, py = x * cell - origin[0], y * cell - origin[1]
                if (x + y) % 2:
                    blits.append((chequer, (px, py)))
                up, left = solid(x, y - 1), solid(x - 1, y)
                if up:
                    blits.append((shadow_h, (px, py)))
                if left:
                    blits.append((shadow_v, (px, py + (depth if up else 0))))
                if not up and not left and solid(x - 1, y - 1):
                    blits.append((corner, (px, py)))
        surf.fblits(blits)

    def _draw_grid(self, surf: pygame.Surface, cell: int, region, origin) -> None:
        """Crisp one-pixel lines; between two wall squares they take the mortar's colour."""
        t = self.board.terrain
        x0, y0, x1, y1 = region
        ox, oy = origin
        for x in range(x0, x1 + 1):
            pygame.draw.line(surf, theme.GRID, (x * cell - ox, y0 * cell - oy), (x * cell - ox, y1 * cell - oy))
        for y in range(y0, y1 + 1):
            pygame.draw.line(surf, theme.GRID, (x0 * cell - ox, y * cell - oy), (x1 * cell - ox, y * cell - oy))

        def solid(x: int, y: int) -> bool:
            return t.in_bounds((x, y)) and t.rows[y][x] != "\0" and t.kind((x, y)).id == "wall"

        # from the row and column before the chunk too: their mortar lies on its first pixels
        for y in range(y0 - 1, y1):
            for x in range(x0 - 1, x1):
                if not solid(x, y):
                    continue
                left, top = x * cell - ox, y * cell - oy
                if solid(x + 1, y):
                    pygame.draw.line(surf, theme.GRID_SOLID, (left + cell, top + 1), (left + cell, top + cell - 1))
                if solid(x, y + 1):
                    pygame.draw.line(surf, theme.GRID_SOLID, (left + 1, top + cell), (left + cell - 1, top + cell))

    def _draw_cell(self, surf: pygame.Surface, x: int, y: int, cell: int, origin=(0, 0)) -> None:
        """Flat colours: for a square without a tile (or off the map)."""
        t = self.board.terrain
        rect = pygame.Rect(x * cell - origin[0], y * cell - origin[1], cell, cell)
        kind = t.kind((x, y))
        if not t.in_bounds((x, y)) or t.rows[y][x] == "\0":
            surf.fill(theme.BACKGROUND, rect)
        elif kind.blocks_move:
            surf.fill(theme.WALL, rect)
            pygame.draw.rect(surf, theme.WALL_TOP, rect.inflate(-max(2, cell // 6), -max(2, cell // 6)), 0)
            pygame.draw.rect(surf, theme.WALL, rect.inflate(-max(4, cell // 3), -max(4, cell // 3)), 0)
        elif kind.difficult:
            surf.fill(theme.DIFFICULT, rect)
            for k in range(2):
                cy = rect.top + cell * (1 + 2 * k) // 4
                w = cell // 4
                for i in range(2):
                    cx = rect.left + cell // 6 + i * cell // 2
                    pygame.draw.arc(surf, theme.DIFFICULT_MARK, (cx, cy - w // 2, w, w), 0, 3.1416, max(1, cell // 24))
                    pygame.draw.arc(surf, theme.DIFFICULT_MARK, (cx + w, cy - w // 2, w, w), 3.1416, 6.2832, max(1, cell // 24))
        else:
            surf.fill(theme.FLOOR if (x + y) % 2 else theme.FLOOR_ALT, rect)

    # --- frame ------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface, cam: Camera, overlay: Overlay | None = None,
             selected: str | None = None, hovered: str | None = None) -> None:
        """The board, its tokens and overlays. ``hovered``: the creature under the pointer,
        whose name label shows even where labels are crowded (with ``selected``'s)."""
        screen.blit(self._ground(screen.get_size(), cam, overlay), (0, 0))
        if self.motion is not None:
            self.motion.draw_under(screen, cam)
        named = self.shown_labels(screen.get_rect(), cam, selected, hovered)
        placed = self._placed
        # the dead under the living (a fallen body is crossed), riders after the rest, on their
        # mounts; a helpless creature another stands over last, small in its square's corner
        for b in sorted(self.board.bodies, key=lambda b: (not is_dead(b), b.mount_span is not None,
                                                          b.id in self._underfoot)):
            self._draw_token(screen, cam, b, b.id == selected)
        # the names over every token: the hovered and selected ones last, on top
        fnt = self.label_font(cam.cell)
        for b in sorted((b for b in self.board.bodies if b.id in named), key=lambda b: (b.id in (hovered, selected), b.id)):
            r = placed[b.id]
            self._label(screen, fnt, self.names.get(b.id, b.id), (r.centerx, r.bottom - 1), theme.TEXT_DARK)
        if overlay:
            self._draw_overlay_over(screen, cam, overlay)

    def _ground(self, size: tuple[int, int], cam: Camera, overlay: Overlay | None) -> pygame.Surface:
        """The terrain with the overlays drawn under the tokens, as one picture made again
        only when the view or those overlays change: a frame then costs one blit for them
        (alpha-blending hundreds of tinted squares each frame was most of a frame)."""
        ov = overlay
        key = (size, cam.cell, cam.ox, cam.oy, self._terrain_version, None if ov is None else (
            frozenset(ov.area), frozenset(ov.threat), frozenset(ov.reach), frozenset(ov.bands.items()),
            tuple((tuple(lane.squares), lane.ok, lane.block) for lane in ov.lanes), tuple(ov.lane), ov.lane_ok,
            ov.lane_block))
        cached = getattr(self, "_ground_picture", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        ground = pygame.Surface(size)
        ground.fill(theme.BACKGROUND)
        self._blit_terrain(ground, cam)
        if ov:
            self._draw_overlay_under(ground, cam, ov)
        self._ground_picture = (key, ground)
        return ground

    def _tint(self, screen, cam, squares, colour, alpha):
        c = cam.cell
        tile = pygame.Surface((c, c), pygame.SRCALPHA)
        tile.fill((*colour, alpha))
        sw, sh = screen.get_size()
        blits = []
        for sq in squares:
            x, y = cam.to_screen(sq)
            if -c < x < sw and -c < y < sh:
                blits.append((tile, (x, y)))
        screen.fblits(blits)

    def _draw_overlay_under(self, screen, cam, ov: Overlay) -> None:
        c = cam.cell
        self._tint(screen, cam, ov.area.keys(), theme.PATH, 40)
        self._tint(screen, cam, ov.threat, theme.THREAT, 70)
        for sq in ov.reach:
            x, y = cam.to_screen(sq)
            pygame.draw.rect(screen, theme.REACH, (x + 2, y + 2, c - 3, c - 3), max(1, c // 16))
        for mode, colour in BAND_COLOURS.items():
            self._tint(screen, cam, [sq for sq, m in ov.bands.items() if m == mode], colour, BAND_ALPHA[mode])
        self._band_edges(screen, cam, ov.bands)
        for lane in ov.lanes:
            self._draw_lane(screen, cam, lane.squares, lane.ok, lane.block, 35)
        self._draw_lane(screen, cam, ov.lane, ov.lane_ok, ov.lane_block, 60)

    def _band_edges(self, screen, cam, bands: dict) -> None:
        """The outline of each band: a line of its colour along every side of its squares
        that borders another band or none, so that where a move ends and a double move
        begins reads as a line, as in the genre's games."""
        c = cam.cell
        width = max(2, c // 20)
        occupied = self.board.occupants        # a token's square (its own, a friend's) is no border
        sides = (((0, -1), (0, 0), (1, 0)), ((0, 1), (0, 1), (1, 1)), ((-1, 0), (0, 0), (0, 1)), ((1, 0), (1, 0), (1, 1)))
        for (x, y), mode in bands.items():
            colour = BAND_COLOURS.get(mode, (200, 200, 200))
            sx, sy = cam.to_screen((x, y))
            for (dx, dy), (ax, ay), (bx, by) in sides:
                other = (x + dx, y + dy)
                if bands.get(other) != mode and (other in bands or other not in occupied):
                    pygame.draw.line(screen, colour, (sx + ax * (c - 1), sy + ay * (c - 1)),
                                     (sx + bx * (c - 1), sy + by * (c - 1)), width)

    def _draw_lane(self, screen, cam, squares, ok: bool, block, alpha: int) -> None:
        c = cam.cell
        if squares:
            colour = theme.PATH_OK if ok else theme.PATH_BAD
            self._tint(screen, cam, squares, colour, alpha)
            for sq in squares:
                x, y = cam.to_screen(sq)
                pygame.draw.rect(screen, colour, (x + 1, y + 1, c - 1, c - 1), max(2, c // 12))
        if block is not None:
            x, y = cam.to_screen(block)
            pygame.draw.line(screen, theme.PATH_BAD, (x + 4, y + 4), (x + c - 4, y + c - 4), max(2, c // 10))
            pygame.draw.line(screen, theme.PATH_BAD, (x + c - 4, y + 4), (x + 4, y + c - 4), max(2, c // 10))

    def _draw_overlay_over(self, screen, cam, ov: Overlay) -> None:
        c = cam.cell
        self._draw_sandbox_lines(screen, cam, ov)
        for (ax, ay), (bx, by), kind in ov.sight_lines:
            a = (round(ax * c - cam.ox), round(ay * c - cam.oy))
            b = (round(bx * c - cam.ox), round(by * c - cam.oy))
            colour = {"clear": theme.PATH_OK, "wall": theme.PATH_BAD, "low_wall": theme.PATH_BAD,
                      "web": theme.PATH_BAD}.get(kind, theme.PROVOKE)
            pygame.draw.line(screen, colour, a, b, max(1, c // 20))
            pygame.draw.circle(screen, colour, b, max(2, c // 14))
        if ov.lane_line is not None:
            (ax, ay), (bx, by) = ov.lane_line
            a = (round(ax * c - cam.ox), round(ay * c - cam.oy))
            b = (round(bx * c - cam.ox), round(by * c - cam.oy))
            colour = theme.PATH_OK if ov.lane_ok else theme.PATH_BAD
            pygame.draw.line(screen, colour, a, b, max(3, c // 8))
            pygame.draw.circle(screen, colour, b, max(4, c // 6))
        if len(ov.path) >= 2:
            pts = [(cam.to_screen(p)[0] + c // 2, cam.to_screen(p)[1] + c // 2) for p in ov.path]
            colour = theme.PATH if ov.path_ok else theme.PATH_BAD
            pygame.draw.lines(screen, colour, False, pts, max(2, c // 10))
            for p in pts[1:]:
                pygame.draw.circle(screen, colour, p, max(3, c // 8))
        small = self.board_font(max(10, c // 3), bold=True)
        # the labels drawn: a next one goes above, never over them; the lowest squares' first,
        # so that each keeps as near its own square as the others let it
        taken: list[pygame.Rect] = []
        for sq, who in sorted(ov.provokes.items(), key=lambda kv: (-kv[0][1], kv[0][0])):
            x, y = cam.to_screen(sq)
            pygame.draw.circle(screen, theme.PROVOKE, (x + c // 2, y + c // 2), c // 3, max(2, c // 12))
            text = "⚔ " + ", ".join(self.names.get(w, w) for w in who)
            rect = self._label_images(small, text, theme.PROVOKE)[0].get_rect(midbottom=(x + c // 2, y - 2))
            while any(rect.colliderect(other) for other in taken):
                above = min(other.top for other in taken if rect.colliderect(other)) - 1
                if above - rect.height < 0:
                    break                           # no room above: kept on the screen, over the other
                rect.bottom = above
            taken.append(rect)
            self._label(screen, small, text, rect.midbottom, theme.PROVOKE)
        for sq, text in ov.marks:
            x, y = cam.to_screen(sq)
            self._label(screen, small, text, (x + c // 2, y + c // 2), theme.TEXT_DARK, centre=True)
        for (px, py), text in ov.points:
            sx, sy = round(px * c - cam.ox), round(py * c - cam.oy)
            pygame.draw.circle(screen, theme.PROVOKE, (sx, sy), max(3, c // 7))
            if text:
                self._label(screen, small, text, (sx, sy - c // 4), theme.TEXT_DARK)

    def _draw_sandbox_lines(self, screen, cam, ov: Overlay) -> None:
        """The sandbox's lines: other lanes' centre lines, flanking pairs, the ruler and
        the splash heat map (a disc per landing point, stronger as it is likelier)."""
        c = cam.cell

        def at(point):
            return round(point[0] * c - cam.ox), round(point[1] * c - cam.oy)

        for lane in ov.lanes:
            if lane.line is not None:
                colour = theme.PATH_OK if lane.ok else theme.PATH_BAD
                pygame.draw.line(screen, colour, at(lane.line[0]), at(lane.line[1]), max(2, c // 14))
        small = self.board_font(max(9, c // 4), bold=True)
        for lines, rect in self.lane_labels(screen.get_rect(), cam, ov):
            for i, line in enumerate(lines):
                self._label(screen, small, line, (rect.centerx, rect.top + 1 + (i + 1) * small.get_linesize()),
                            theme.PATH_BAD)
        for a, b in ov.flank_lines:
            pygame.draw.line(screen, FLANK, at(a), at(b), max(2, c // 12))
            for p in (a, b):
                pygame.draw.circle(screen, FLANK, at(p), max(3, c // 8), max(1, c // 20))
        if ov.ruler is not None:
            a, b, text = ov.ruler
            pa, pb = at((a[0] + 0.5, a[1] + 0.5)), at((b[0] + 0.5, b[1] + 0.5))
            pygame.draw.line(screen, theme.TEXT_DARK, pa, pb, max(2, c // 14))
            for p in (pa, pb):
                pygame.draw.circle(screen, theme.SELECTED, p, max(3, c // 8))
            fnt = self.board_font(max(10, c // 3), bold=True)
            w, h = fnt.size(text)
            bounds = self.map_rect(screen.get_rect(), cam)     # the distance stays on the board
            end = (min(max(pb[0], bounds.left + w // 2), bounds.right - w // 2), min(max(pb[1], bounds.top + h), bounds.bottom))
            self._label(screen, fnt, text, end, theme.TEXT_DARK)
        if ov.heat:
            top = max(ov.heat.values()) or 1.0
            small = self.board_font(max(9, c // 4), bold=True)
            for point, chance in ov.heat.items():
                disc = pygame.Surface((c, c), pygame.SRCALPHA)
                pygame.draw.circle(disc, (*theme.PROVOKE, int(60 + 160 * chance / top)), (c // 2, c // 2), c // 2 - 1)
                x, y = at(point)
                screen.blit(disc, (x - c // 2, y - c // 2))
                self._label(screen, small, f"{100 * chance:.0f}%", (x, y + c // 2), theme.TEXT_DARK)

    def map_rect(self, area: pygame.Rect, cam: Camera) -> pygame.Rect:
        """The map's squares on ``area`` as the camera shows them (what labels stay in)."""
        t = self.board.terrain
        return pygame.Rect(-cam.ox, -cam.oy, t.width * cam.cell, t.height * cam.cell).clip(area)

    def lane_labels(self, area: pygame.Rect, cam: Camera, ov: Overlay) -> list[tuple[list[str], pygame.Rect]]:
        """The red lanes' refusals as the board writes them (``sandbox_labels``): wrapped
        lines and their rect, inside the map's rect on ``area`` and apart from one another;
        one that finds no room only while its square is hovered (``ov.focus``)."""
        c = cam.cell
        bounds = self.map_rect(area, cam)
        fnt = self.board_font(max(9, c // 4), bold=True)
        width = sandbox_labels.wrap_width(c, bounds)
        items: list[tuple[list[str], Square]] = []
        wanted = []
        for at, reason in dict.fromkeys((lane.at, lane.reason) for lane in ov.lanes if lane.reason and lane.at):
            lines = theme.wrap(reason, fnt, width)
            size = (max(fnt.size(line)[0] for line in lines) + 2, len(lines) * fnt.get_linesize() + 2)
            x, y = cam.to_screen(at)
            items.append((lines, at))
            wanted.append((pygame.Rect(x, y, c, c), size))
        first = next((i for i, (_lines, at) in enumerate(items) if at == ov.focus), None)
        rects = sandbox_labels.layout(wanted, bounds, first)
        return [(lines, rect) for (lines, _at), rect in zip(items, rects) if rect is not None]

    def _label_images(self, fnt, text, colour) -> tuple[pygame.Surface, pygame.Surface]:
        """A text and its light halo, rendered once (text is the slowest thing on the board)."""
        key = (text, fnt, colour)
        cached = self._labels.get(key)
        if cached is None:
            if len(self._labels) > 2048:
                self._labels.clear()
            cached = self._labels[key] = (fnt.render(text, True, colour), fnt.render(text, True, (250, 248, 240)))
        return cached

    def _label(self, screen, fnt, text, at, colour, centre=False):
        img, shadow = self._label_images(fnt, text, colour)
        r = img.get_rect()
        if centre:
            r.center = at
        else:
            r.midbottom = at
        screen.fblits([(shadow, r.move(dx, dy)) for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1))])
        screen.blit(img, r)

    def _spot(self, cam: Camera, b) -> tuple[int, int, int, bool]:
        """Where a token is drawn this frame: its top-left corner, its size and whether it
        rides (a walking or lunging token between squares, a rider on its mount)."""
        c = cam.cell
        moving = self.motion.pose(b.id) if self.motion is not None else None
        if moving is not None and moving.pos is not None:    # walking, lunging: between squares
            x, y = round(moving.pos[0] * c - cam.ox), round(moving.pos[1] * c - cam.oy)
        else:
            x, y = cam.to_screen(b.pos)
        size = b.span * c
        if b.size.shares_square:
            size = c // 2
        if b.id in self._underfoot and (moving is None or moving.pos is None):
            # a creature stood over (it may end its move on a helpless one, digest §1.5):
            # half size in the lower right corner, drawn over the one standing there, so the
            # two read apart (play-test: the dying wolf under a gnoll could not be seen)
            size = max(c // 2, b.span * c // 2)
            x += b.span * c - size
            y += b.span * c - size
        riding = b.mount_span is not None
        if riding:
            # a rider: its own size, on the upper middle of its mount's space
            size = max(c // 2, b.size.value.span * c * 4 // 5)
            x += (b.mount_span * c - size) // 2
            y += max(0, (b.mount_span * c - size) // 2 - c // 3)
        return x, y, size, riding

    def board_font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """A font for the board's text (costs, odds, badges, the ruler) at the settings' UI
        scale: the board's words grow with the panel's (issue 14 leftover)."""
        return theme.font(round(size * self.text_scale), bold)

    def label_font(self, cell: int) -> pygame.font.Font:
        """The name labels' font at this zoom and the settings' UI scale (``text_scale``)."""
        return self.board_font(max(9, cell // 4))

    def label_rects(self, area: pygame.Rect, cam: Camera) -> dict[str, pygame.Rect]:
        """Each on-screen creature's name label as it would be drawn, halo included."""
        ids, labels, _tokens = self._rects(area, cam)
        return dict(zip(ids, labels))

    def _rects(self, area: pygame.Rect, cam: Camera) -> tuple[list[str], list[pygame.Rect], list[pygame.Rect]]:
        """The on-screen creatures (by id), their name labels and their tokens as
        rectangles, in the same order (no labels under 28 px). A label's size is kept.
        A label goes under its token, or above it where under it would lie on another
        token's hit-point bar (play-test, issue 14: the selected creature's name covered
        the bar of the creature below it); a rider's is above it. ``self._other_place``
        keeps each label's other place (above for one under, under for one above)."""
        ids: list[str] = []
        labels: list[pygame.Rect] = []
        tokens: list[pygame.Rect] = []
        self._other_place: dict[str, pygame.Rect] = {}
        c = cam.cell
        if c < 28:
            return ids, labels, tokens
        fnt = self.label_font(c)
        spots = []
        for b in self.board.bodies:
            spot = self._spot(cam, b)
            x, y, size, _riding = spot
            if x > area.w or y > area.h + c or x + size < 0 or y + size + c < 0:
                continue
            spots.append((b, spot))
        bars = [self._bar_rect(x, y, size, c) for b, (x, y, size, _r) in spots if not is_dead(b)]
        for b, (x, y, size, riding) in spots:
            text = self.names.get(b.id, b.id)
            wide = self._label_sizes.get((text, fnt.get_height()))
            if wide is None:
                if len(self._label_sizes) > 4096:
                    self._label_sizes.clear()
                wide = self._label_sizes[(text, fnt.get_height())] = fnt.size(text)
            left = x + size // 2 - wide[0] // 2 - 1
            above = y - max(3, c // 12) - 1
            under = y + size + max(10, c // 3) if not riding else above
            label = pygame.Rect(left, under - wide[1] - 1, wide[0] + 2, wide[1] + 2)
            other = label.copy()
            other.bottom = above + 1
            own_bar = self._bar_rect(x, y, size, c)
            if not riding and any(bar != own_bar for bar in (bars[j] for j in label.collidelistall(bars))):
                label, other = other, label        # the bar below stays readable
            ids.append(b.id)
            labels.append(label)
            tokens.append(pygame.Rect(x, y, size, size))
            if not riding:
                self._other_place[b.id] = other
        return ids, labels, tokens

    @staticmethod
    def _bar_rect(x: int, y: int, size: int, c: int) -> pygame.Rect:
        """Where a token's hit-point bar is drawn, its outline included (``_draw_health``)."""
        w = max(12, size - c // 5)
        return pygame.Rect(x + size // 2 - w // 2 - 1, y, w + 2, bar_height(c) + 2)

    def placed_labels(self) -> dict[str, pygame.Rect]:
        """The shown labels where the last ``shown_labels`` put them (moved above or
        under their token where that was the place that fitted)."""
        return dict(self._placed)

    def shown_labels(self, area: pygame.Rect, cam: Camera, selected: str | None = None,
                     hovered: str | None = None) -> set[str]:
        """The creatures whose name label is drawn (issue 14, item 3): labels never overlap.
        The selected creature's always shows, then the hovered one's (moved above or under
        its token if the selected one's is in the way), drawn on top; any other shows when,
        at its place or at its other one (above or under its token), it touches no label
        already shown and no other token: of two crowded tokens side by side one name goes
        under, the other above (play-test: Tordek's and Lidda's both vanished). A dead
        creature's name shows only hovered or selected, and its token is no obstacle
        (it is out of the fight). Rectangles only, in C: well under a millisecond for 200."""
        ids, labels, tokens = self._rects(area, cam)
        dead = {b.id for b in self.board.bodies if is_dead(b)}
        live_tokens = [t for cid, t in zip(ids, tokens) if cid not in dead]
        live_ids = [cid for cid in ids if cid not in dead]
        placed: dict[str, pygame.Rect] = {}
        kept: list[pygame.Rect] = []

        def fits(cid: str, r: pygame.Rect, check_tokens: bool) -> bool:
            if r.collidelist(kept) >= 0 or not area.contains(r):
                return False
            return not check_tokens or [live_ids[k] for k in r.collidelistall(live_tokens)] in ([cid], [])

        if selected in ids:         # always shown: at its place, or its other one if that one is off the view
            r = labels[ids.index(selected)]
            other = self._other_place.get(selected)
            placed[selected] = other if other is not None and not area.contains(r) and area.contains(other) else r
            kept.append(placed[selected])
        if hovered in ids and hovered not in placed:
            for place in (labels[ids.index(hovered)], self._other_place.get(hovered)):
                if place is not None and fits(hovered, place, check_tokens=False):
                    placed[hovered] = place
                    kept.append(place)
                    break
        for cid, r in zip(ids, labels):
            if cid in placed or cid in dead or cid in (selected, hovered):
                continue
            for place in (r, self._other_place.get(cid)):
                if place is not None and fits(cid, place, check_tokens=True):
                    placed[cid] = place
                    kept.append(place)
                    break
        self._placed = placed
        return set(placed)

    def token_of(self, cid: str) -> str:
        """The token picture a creature shows (cached: it looks at files)."""
        name = self._token_names.get(cid)
        if name is None:
            template = self.tokens.get(cid) if cid in self.tokens or self.template_of is None else self.template_of(cid)
            name = self._token_names[cid] = token_name(cid, template)
        return name

    def _draw_token(self, screen, cam, b, selected: bool) -> None:
        c = cam.cell
        moving = self.motion.pose(b.id) if self.motion is not None else None
        x, y, size, riding = self._spot(cam, b)
        sw, sh = screen.get_size()
        if x > sw or y > sh + c or x + size < 0 or y + size + c < 0:
            return  # off screen
        centre = (x + size // 2, y + size // 2)
        radius = max(4, size // 2 - max(1, c // 24))
        ring = max(2, round(c * 0.08))
        if is_dead(b) and (moving is None or moving.tilt is None):    # once it has fallen
            self._draw_fallen(screen, b, centre, radius, ring, c)
            return
        colour = theme.side_colour(self.sides, b.side)
        pygame.draw.circle(screen, (20, 20, 24), (centre[0] + max(1, c // 24), centre[1] + max(1, c // 20)), radius)
        pygame.draw.circle(screen, theme.TOKEN_EDGE, centre, radius)
        pygame.draw.circle(screen, colour, centre, radius - 1)
        if selected:
            pygame.draw.circle(screen, theme.SELECTED, centre, radius + max(2, c // 16), max(2, c // 16))
        helpless = b.is_helpless
        pose = "helpless" if helpless else "prone" if "prone" in b.conditions else ""
        name = self.token_of(b.id)
        inner = radius - 1 - ring
        if moving is not None and moving.tilt is not None:      # still up, or tipping over
            pose = ""
            img = self.art.token(name, 2 * inner)
            if moving.tilt > 0:
                img = pygame.transform.rotate(img, 90 * moving.tilt)
        else:
            img = self.art.token(name, 2 * inner, pose)
        screen.blit(img, img.get_rect(center=centre))
        if pose:
            # prone or helpless: the token lies on its side, with a dark bar under it
            bar = max(2, c // 12)
            pygame.draw.line(screen, theme.TOKEN_EDGE, (centre[0] - inner // 2, centre[1] + inner - bar),
                             (centre[0] + inner // 2, centre[1] + inner - bar), bar)
        stood_over = b.id in self._underfoot
        if c >= 20 and not stood_over:      # the side's shape on the ring's foot: the cue that needs no colour
            foot = round((radius - ring // 2) * 0.7071)     # on the ring, down to the left
            theme.draw_mark(screen, theme.side_mark(self.sides, b.side), (centre[0] - foot, centre[1] + foot),
                            mark_size(c), colour)
        label = self.names.get(b.id, b.id)
        if name == GENERIC:
            initials = token_initials(label)
            self._label(screen, theme.font(max(9, inner * 2 // 3), bold=True), initials, centre, theme.TEXT_DARK, centre=True)
        health = moving.hp if moving is not None and moving.hp is not None else self.health.get(b.id)
        if health and c >= 20 and not stood_over:     # small in a corner: its badges say its state
            self._draw_health(screen, health, centre[0], y, size, c)
        if c >= 24 and (moving is None or moving.tilt is None):    # not before it has fallen
            self._draw_badges(screen, shown_badges(b.conditions), x + size, y + bar_height(c) + 2, c)

    def _draw_fallen(self, screen, b, centre: tuple[int, int], radius: int, ring: int, c: int) -> None:
        """A dead or destroyed creature (play-test: destroyed skeletons stayed full-colour
        tokens): a flat, greyed body on the ground — no side ring, no hit-point bar, no
        shadow — half faded into the floor under a dark cross, so that it reads at a glance
        as out of the fight, apart from a dying or unconscious one (its side's ring kept,
        lying on its side). Only its skull badge stays."""
        inner = radius - 1 - ring
        disc = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
        mid = (radius + 1, radius + 1)
        pygame.draw.circle(disc, (*DEAD_RING, 200), mid, radius)
        img = self.art.token(self.token_of(b.id), 2 * inner, "helpless").copy()
        img.set_alpha(130)
        disc.blit(img, img.get_rect(center=mid))
        arm = inner * 0.6
        width = max(2, c // 14)
        for sx in (-1, 1):
            pygame.draw.line(disc, (*DEAD_MARK, 210), (mid[0] - arm, mid[1] - sx * arm),
                             (mid[0] + arm, mid[1] + sx * arm), width)
        screen.blit(disc, disc.get_rect(center=centre))
        if c >= 24:
            x, y = centre[0] - radius, centre[1] - radius
            self._draw_badges(screen, ["dead"], x + 2 * radius, y + bar_height(c) + 2, c)

    def _draw_health(self, screen, health: tuple[int, int], middle: int, top: int, size: int, c: int) -> None:
        """The hit-point bar across the top of the token: tall enough to read at 40 px,
        inside a dark outline so it shows on any ground and any picture."""
        current, maximum = health
        outline = self._bar_rect(middle - size // 2, top, size, c)
        pygame.draw.rect(screen, theme.TOKEN_EDGE, outline)
        inside = outline.inflate(-2, -2)
        pygame.draw.rect(screen, (70, 24, 24), inside)
        frac = max(0.0, min(1.0, current / maximum)) if maximum else 0
        tint = (80, 190, 90) if frac > 0.5 else (220, 180, 60) if frac > 0.25 else (210, 70, 60)
        if frac > 0:
            pygame.draw.rect(screen, tint, (inside.x, inside.y, max(1, round(inside.w * frac)), inside.h))

    def _draw_badges(self, screen, conditions: list[str], right: int, top: int, c: int) -> None:
        """Condition badges down the token's right edge: a letter or a sign each, in the
        player's language (``i18n``'s BADGE_ words), white on a dark rim; three at most."""
        f = self.board_font(max(10, c * 3 // 10), bold=True)
        for cond in conditions[:3]:
            img = self._label_images(f, badge(cond, self.lang), (255, 255, 255))[0]
            r = img.get_rect(topright=(right + 2, top)).inflate(6, 0)
            pygame.draw.rect(screen, theme.TOKEN_EDGE, r.inflate(2, 2), border_radius=4)
            pygame.draw.rect(screen, BADGE_FILL.get(cond, (120, 46, 46)), r, border_radius=3)
            screen.blit(img, img.get_rect(center=r.center))
            top = r.bottom + 2


def is_dead(body) -> bool:
    """Dead, or destroyed for an undead (the engine's "dead" condition, digest §8.2): out
    of the fight, no target (``TARGET_DEAD``), no blocker (a helpless body is crossed)."""
    return "dead" in body.conditions


def shown_badges(conditions) -> list[str]:
    """The badges a token wears: a dead creature only its death's (play-test, issue 14:
    a dead one kept its Zz and P badges); the others, their conditions that have one."""
    if "dead" in conditions:
        return ["dead"]
    return sorted(set(conditions) & BADGES)


def bar_height(cell: int) -> int:
    """The hit-point bar's height inside its outline: 6 px at the usual 40 px zoom."""
    return max(3, cell * 3 // 20)


def mark_size(cell: int) -> int:
    """Half the size of a side's mark on a token."""
    return max(3, cell // 7)


def badge(condition: str, lang: str | None = None) -> str:
    """A condition's badge in the player's language, e.g. prone: P in English, T in French."""
    code = f"BADGE_{condition}"
    return sentence(code, {}, lang) if has_sentence(code) else condition[:2].title()
