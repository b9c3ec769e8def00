"""The battle map's terrain: what each character of the grid means (scenario format).

A ``Terrain`` is immutable. It stores padded flat arrays (a one-square border of wall
around the map) so that the pathfinder never needs a bounds check, and caches, per
creature span, which positions a space fits in.
"""
from __future__ import annotations

from dataclasses import dataclass

from .geometry import Square


@dataclass(frozen=True)
class TerrainKind:
    char: str
    id: str
    blocks_move: bool = False      # cannot enter
    blocks_sight: bool = False     # blocks line of sight and line of effect
    blocks_corner: bool = False    # cannot move diagonally past its corner
    difficult: bool = False        # entering costs 2 squares (3 on a diagonal)
    low_obstacle: bool = False     # no higher than half a creature: cover nearby (digest §7.2)
    medium: str = ""               # "climb" / "swim": entered only by climbing or swimming (``MEDIA``)
    dark: bool = False             # no light: only darkvision sees there (``Terrain.is_dark``)
    weight: int = 0                # a heavy object one can push or drag (lb, ``rules.loads``); 0: fixed
    web: bool = False              # a Web spell's strands: cover to whoever is behind them (``sight``)


# The movement modes a square may call for, and their bit in ``Terrain``'s arrays: a
# creature with a speed in that mode moves there as on floor (French text, "pas de
# placement": "seule une créature ayant une vitesse de nage peut faire un pas de placement
# en nageant"); any other enters it only by the climb or swim action.
MEDIA = {"climb": 1, "swim": 2}
ALL_MEDIA = frozenset(MEDIA)


# The fixed legend of design/scenario-format.md.
LEGEND: dict[str, TerrainKind] = {
    ".": TerrainKind(".", "floor"),
    "#": TerrainKind("#", "wall", blocks_move=True, blocks_sight=True, blocks_corner=True),
    "~": TerrainKind("~", "difficult", difficult=True),
    # A massive tree trunk filling its square (SRD forest terrain, "massive trees"): like a
    # wall it blocks movement, sight and effect and its corner cannot be cut, so it gives
    # cover through the cover rules. Light trees sharing a square (+2 AC) are not modelled.
    "T": TerrainKind("T", "tree", blocks_move=True, blocks_sight=True, blocks_corner=True),
    # Doors (combat actions table: opening or closing one is a move action that does not
    # provoke). Closed, a door fills its square like a wall; open, it is a doorway that
    # costs and shows like floor.
    "+": TerrainKind("+", "door", blocks_move=True, blocks_sight=True, blocks_corner=True),
    "/": TerrainKind("/", "open_door"),
    # A low wall (SRD "Obstacles" and "Low Obstacles and Cover"): it hampers movement
    # without blocking it, so crossing its square costs 2 squares like difficult terrain
    # (no run, charge or 5-ft step over it); it does not block sight or effect, and gives
    # cover to a creature within 6 squares of it unless the attacker is closer to it.
    "=": TerrainKind("=", "low_wall", difficult=True, low_obstacle=True),
    # A rock face one storey high (French text: climbing at a quarter of one's speed): it
    # cannot be walked, only climbed (``climb``), and its corner cannot be cut on foot; a
    # climber on it is seen and can be reached like anyone else.
    "^": TerrainKind("^", "cliff", blocks_move=True, blocks_corner=True, medium="climb"),
    # Deep water (SRD Swim skill, calm water: DC 10; underwater combat, "attacks from
    # land"): it cannot be walked, only swum (``swim``); a creature with a swim speed moves
    # in it at that speed. It blocks neither sight nor corners.
    "w": TerrainKind("w", "deep_water", blocks_move=True, medium="swim"),
    # A pit (digest §1.4: an impassable obstacle that is not a wall): no creature walks
    # into it, yet it blocks neither sight, nor effect, nor a diagonal past its corner
    # (decisions §1: "Creatures and pits never block a diagonal this way").
    "O": TerrainKind("O", "pit", blocks_move=True),
    # Ground in total darkness (French text, "pas de placement": "Il est impossible
    # d'effectuer un pas de placement ... dans les ténèbres"; digest §7.3: total
    # concealment): walked like floor; a creature without darkvision takes no 5-ft step
    # into, out of or within it, cannot see into it, and sees nothing from it.
    ":": TerrainKind(":", "darkness", dark=True),
    # A heavy crate (French text, "déplacer un objet lourd"; SRD actions table: "move a
    # heavy object", a move action that provokes). Ruling (README): a crate of 300 lb, waist
    # high: nobody walks into its square, yet it blocks neither sight nor effect nor a
    # diagonal past its corner, and like a low wall it gives cover to a creature near it
    # (digest §7.2, "Low obstacle"). A creature next to it pushes or drags it one square
    # (``actions.heavy``): where it stands is a battle's state, as a door's is.
    "b": TerrainKind("b", "crate", blocks_move=True, low_obstacle=True, weight=300),
    # A sheet of a web-spinning spider's webbing on the ground (SRD Monstrous Spider, "Web";
    # ``actions.web_sheets``): walked like floor, blocking nothing, but a creature that
    # stumbles in is caught. It is climbing ground (``MEDIA``): "A monstrous spider can move
    # across its own web at its climb speed", and a creature with a climb speed moves on
    # it at that speed; any other walks into it.
    "%": TerrainKind("%", "web_sheet", medium="climb"),
}
DOOR_CHARS = {"door": "+", "open_door": "/"}
# A Web spell's strands on the ground as the battle has cast them (``Battle.current_terrain``),
# never a map's character (the spell's other effects come with its area, not with a map):
# hard going, and cover to a creature with 1.5 m of them between it and its foe, total cover
# with 6 m (SRD Web: "5 feet of web provides cover"; "20 feet of web" total cover).
WEB_SPELL = TerrainKind("\u2591", "web_spell", difficult=True, web=True)
MOVABLE = frozenset(k.id for k in LEGEND.values() if k.weight)     # the heavy objects that can be moved
OFF_MAP = LEGEND["#"]  # missing cells of ragged rows count as walls


class Terrain:
    """Grid of terrain kinds; (x, y) with x the column and y the row, 0-based."""

    def __init__(self, rows: list[str], legend: dict[str, TerrainKind] | None = None):
        self.legend = dict(LEGEND if legend is None else legend)
        # Answers that depend on the map alone (the corner test between two spaces), kept
        # for as long as the map stands: a battle asks them again on every board.
        self.memo: dict[tuple[object, ...], object] = {}
        self.height = len(rows)
        self.width = max((len(r) for r in rows), default=0)
        self.rows = tuple(r.ljust(self.width, "\0") for r in rows)
        pw = self.width + 2
        self.pw = pw
        size = pw * (self.height + 2)
        self._move_free = bytearray(size)   # 1 where the square can be entered
        self._sight_block = bytearray(size)
        self._corner_block = bytearray(size)
        self._difficult = bytearray(size)
        self._low = bytearray(size)
        self._medium = bytearray(size)     # ``MEDIA`` bit of the square's mode, 0 for none
        self._dark = bytearray(size)
        self._web = bytearray(size)
        for y, row in enumerate(self.rows):
            for x, ch in enumerate(row):
                kind = self.kind_of_char(ch)
                i = (y + 1) * pw + x + 1
                self._move_free[i] = not kind.blocks_move
                self._sight_block[i] = kind.blocks_sight
                self._corner_block[i] = kind.blocks_corner
                self._difficult[i] = kind.difficult
                self._low[i] = kind.low_obstacle
                self._medium[i] = MEDIA.get(kind.medium, 0)
                self._dark[i] = kind.dark
                self._web[i] = kind.web
        self.has_low_obstacles = any(self._low)
        self.has_web = any(self._web)
        for i in range(size):  # the border and ragged holes are walls
            if not self._move_free[i] and not self._sight_block[i] and not self._difficult[i]:
                y, x = divmod(i, pw)
                if not (1 <= y <= self.height and 1 <= x <= self.width) or self.rows[y - 1][x - 1] == "\0":
                    self._sight_block[i] = 1
                    self._corner_block[i] = 1
        self.has_media = any(self._medium)
        self.has_dark = any(self._dark)
        self._fit_cache: dict[tuple[int, int], tuple[bytearray, bytearray, bytearray, bytearray]] = {}
        # Prefix sums of sight-blocking squares over the padded grid, for O(1) "is there
        # any wall in this box" questions that let line tests be skipped in the open.
        ph = self.height + 2
        acc = [0] * ((pw + 1) * (ph + 1))
        for y in range(ph):
            run = 0
            for x in range(pw):
                run += self._sight_block[y * pw + x]
                acc[(y + 1) * (pw + 1) + x + 1] = acc[y * (pw + 1) + x + 1] + run
        self._sight_acc = acc

    def kind_of_char(self, ch: str) -> TerrainKind:
        return OFF_MAP if ch == "\0" else self.legend[ch]

    # --- single squares -------------------------------------------------------------
    def index(self, sq: Square) -> int:
        return (sq[1] + 1) * self.pw + sq[0] + 1

    def in_bounds(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def kind(self, sq: Square) -> TerrainKind:
        if not self.in_bounds(sq):
            return OFF_MAP
        return self.kind_of_char(self.rows[sq[1]][sq[0]])

    def squares_of(self, kinds: frozenset[str]) -> frozenset[Square]:
        """Every square of those kinds (ids), found once for as long as the map stands: the
        doors or rock faces next to a creature are then a look-up, and none on most maps."""
        key = ("squares_of", kinds)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = frozenset((x, y) for y, row in enumerate(self.rows) for x, ch in enumerate(row)
                                               if ch != "\0" and self.legend[ch].id in kinds)
        return found  # type: ignore[return-value]

    def is_enterable(self, sq: Square) -> bool:
        return self.in_bounds(sq) and bool(self._move_free[self.index(sq)])

    def blocks_sight(self, sq: Square) -> bool:
        return not self.in_bounds(sq) or bool(self._sight_block[self.index(sq)])

    def is_low_obstacle(self, sq: Square) -> bool:
        return self.in_bounds(sq) and bool(self._low[self.index(sq)])

    def medium(self, sq: Square) -> str:
        """The movement mode the square calls for ("climb", "swim"), "" for none."""
        return self.kind(sq).medium if self.in_bounds(sq) else ""

    def is_dark(self, sq: Square) -> bool:
        return self.in_bounds(sq) and bool(self._dark[self.index(sq)])

    def is_difficult(self, sq: Square) -> bool:
        return self.in_bounds(sq) and bool(self._difficult[self.index(sq)])

    def is_web(self, sq: Square) -> bool:
        """A Web spell's strands fill the square (``WEB_SPELL``)."""
        return self.in_bounds(sq) and bool(self._web[self.index(sq)])

    def any_sight_block(self, x0: int, y0: int, x1: int, y1: int) -> bool:
        """Is any square of the box [x0..x1] x [y0..y1] (clipped to map+border) a wall?"""
        if x0 < 0 or y0 < 0 or x1 >= self.width or y1 >= self.height:
            return True  # off the map counts as wall
        pw1 = self.pw + 1
        a = self._sight_acc
        X0, Y0, X1, Y1 = x0 + 1, y0 + 1, x1 + 2, y1 + 2
        return (a[Y1 * pw1 + X1] - a[Y0 * pw1 + X1] - a[Y1 * pw1 + X0] + a[Y0 * pw1 + X0]) > 0

    def blocks_corner(self, sq: Square) -> bool:
        return not self.in_bounds(sq) or bool(self._corner_block[self.index(sq)])

    # --- whole spaces (per span) ----------------------------------------------------
    def fit_arrays(self, span: int, media: frozenset[str] = frozenset()) -> tuple[bytearray, bytearray, bytearray]:
        """Per padded position index: does a ``span`` space fit there (no blocking square),
        is its worst square difficult, and does it hold a corner-blocking square. A square
        of one of ``media`` (the modes the creature has a speed for) fits and blocks no
        corner (``MEDIA``)."""
        return self.media_arrays(span, media)[:3]

    def media_arrays(self, span: int, media: frozenset[str] = frozenset()
                     ) -> tuple[bytearray, bytearray, bytearray, bytearray]:
        """``fit_arrays`` and, fourth, the ``MEDIA`` bits of the squares of each space."""
        mask = sum(MEDIA[m] for m in media if m in MEDIA)
        cached = self._fit_cache.get((span, mask))
        if cached is not None:
            return cached
        pw = self.pw
        size = len(self._move_free)
        fits = bytearray(size)
        worst = bytearray(size)
        corner = bytearray(size)
        inside = bytearray(size)
        offsets = [j * pw + i for j in range(span) for i in range(span)]
        mf, df, cb, md = self._move_free, self._difficult, self._corner_block, self._medium
        for i in range(size):
            ok = True
            dif = False
            cor = False
            bits = 0
            for o in offsets:
                k = i + o
                through = k < size and bool(md[k] & mask)
                if k < size:
                    bits |= md[k]
                if k >= size or not (mf[k] or through):
                    ok = False
                if k >= size or (cb[k] and not through):
                    cor = True
                elif df[k]:
                    dif = True
            fits[i] = ok
            worst[i] = dif
            corner[i] = cor
            inside[i] = bits & mask
        self._fit_cache[(span, mask)] = (fits, worst, corner, inside)
        return fits, worst, corner, inside

    def space_fits(self, pos: Square, span: int, media: frozenset[str] = frozenset()) -> bool:
        x, y = pos
        if x < 0 or y < 0 or x + span > self.width or y + span > self.height:
            return False
        return bool(self.fit_arrays(span, media)[0][self.index(pos)])

    def space_media(self, pos: Square, span: int) -> frozenset[str]:
        """The movement modes the squares of a space call for (``MEDIA``)."""
        x, y = pos
        return frozenset(self.medium((x + i, y + j)) for j in range(span) for i in range(span)) - {""}

    def space_difficult(self, pos: Square, span: int) -> bool:
        return bool(self.fit_arrays(span)[1][self.index(pos)])

    def space_blocks_corner(self, pos: Square, span: int) -> bool:
        x, y = pos
        if x < 0 or y < 0 or x + span > self.width or y + span > self.height:
            return True
        return bool(self.fit_arrays(span)[2][self.index(pos)])
