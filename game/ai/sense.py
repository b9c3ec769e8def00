"""What the tactical player reads of the battle before it chooses (issue 12, item 2): who
its foes and friends are, how hurt each is, which squares the foes threaten (the danger of
ending a move there), its nature (mindless, animal), and the geometry of "could I strike
that foe from this square" and "would I flank it there". Everything comes from the
engine's views and the rules' geometry over the battle's own board; nothing is decided
here that the engine decides (legality is always the engine's ``options``/``check``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import data
from ..rules import flanking, threat
from ..rules.board import cached_property
from ..rules.geometry import Square, gaps_distance, space_squares, spaces_gaps
from ..rules.movement import MoveContext
from ..world import spell_views, views
from ..world.components import Abilities, HitPoints, Stats

# The creature's hit points left, as a share of its maximum, below which it counts as badly hurt.
BADLY_HURT = 0.3
ABLE = ("normal", "staggered", "disabled")
# The spell effects that strike or hold foes from afar.
FROM_AFAR = frozenset({"missiles", "damage", "damage_per_level", "scorching_ray", "area_damage_per_level",
                       "fireball", "sleep", "color_spray", "hold_person", "web", "grease"})

# What the engine says when a creature could cast no spell at all this turn, whatever it did first.
NO_HAND = frozenset({"SPELL_NEEDS_A_FREE_HAND"})


# Two creatures this close (2 squares, 3 m: in reach of most weapons) are at grips.
ENGAGED_GAP = 2


@dataclass
class Situation:
    """One creature's view of the battle at the moment it chooses; made once per choice."""

    battle: object
    who: str
    board: object = field(init=False)
    opts: Any = None          # the engine's options for it, when the chooser has asked them already

    def __post_init__(self) -> None:
        self.board = self.battle.board()
        self._gaps: dict[tuple[Square, str], int] = {}      # ``gap_from``'s answers
        self._pair_gaps: dict[tuple[str, str], int] = {}    # ``gap``'s
        self._bodies: dict[Square, Any] = {}                # ``body_at``'s
        self._strikes: dict[Square, list[str]] = {}         # ``strikes_from``'s
        self._flanks: dict[tuple[Square, str], bool] = {}   # ``flanks_from``'s
        self._threatening: dict[Square, tuple[str, ...]] = {}     # ``threatening``'s

    @cached_property
    def me(self):
        return self.board.body(self.who)

    @cached_property
    def foes(self) -> list[str]:
        """Enemies still in the fight (not dead, not helpless), by id."""
        return [b.id for b in self.board.enemies_of(self.me)
                if views.status(self.battle, b.id) in ABLE and not b.is_helpless]

    @cached_property
    def friends(self) -> list[str]:
        """Its own side still standing, itself included."""
        return [b.id for b in self.board.bodies if b.side == self.me.side
                and views.status(self.battle, b.id) not in ("dead",)]

    def hp(self, cid: str) -> tuple[int, int]:
        """(hit points, maximum), the nonlethal damage taken off: a brawler with as much
        nonlethal damage as hit points drops as surely as one cut down (digest §8)."""
        now, most = views.health(self.battle, cid)
        return now - self.battle.read(cid, HitPoints).nonlethal, most

    def hurt(self, cid: str) -> float:
        """The share of its hit points a creature has lost (0 unhurt, 1 down)."""
        now, most = self.hp(cid)
        return 1.0 - max(now, 0) / most if most else 0.0

    @property
    def badly_hurt(self) -> bool:
        return 1.0 - self.hurt(self.who) < BADLY_HURT

    @cached_property
    def stats(self) -> dict:
        return self.battle.read(self.who, Stats).values

    @cached_property
    def mindless(self) -> bool:
        """No Intelligence score (the bestiary marks it ``mindless``): a zombie or a
        skeleton, which fights to its end without tactics."""
        return bool(self.stats.get("mindless"))

    @cached_property
    def animal(self) -> bool:
        """An animal's Intelligence (1-2): it fights by instinct and runs when badly hurt."""
        return not self.mindless and 0 < self.battle.read(self.who, Abilities).scores.get("int", 10) <= 2

    @cached_property
    def led(self) -> bool:
        """An animal with thinking friends on its side (the gnolls' wolves): it keeps with
        its pack's plan rather than rush in alone; a wild one (the owlbear) has none."""
        return any(f != self.who and not self.battle.read(f, Stats).values.get("mindless")
                   and self.battle.read(f, Abilities).scores.get("int", 10) > 2 for f in self.friends)

    @cached_property
    def others_fighting(self) -> bool:
        """Two other sides at grips with each other now — a creature of one within 3 m of
        one of the other: a side that lets them wear each other down before it goes in
        fights the survivors. Merely there, not yet fighting, they are no reason to wait
        (the play-test: three computer sides all holding through the opening rounds)."""
        by_side: dict[str, list[str]] = {}
        for f in self.foes:
            by_side.setdefault(self.board.body(f).side, []).append(f)
        sides = list(by_side.values())
        return any(self.gap(a, b) <= ENGAGED_GAP for i, one in enumerate(sides) for other in sides[i + 1:]
                   for a in one for b in other)

    @cached_property
    def keeps_distance(self) -> bool:
        """A bow or a spell that harms or holds foes from afar: such a creature closes in
        only as far as no foe can strike it (a wizard in melee is a wizard wasted)."""
        if self.me.weapon.is_ranged:
            return True
        spells = data.spells()
        if not any(spells.get(c.spell.split(":")[-1], {}).get("effect") in FROM_AFAR
                   for c in spell_views.spell_choices(self.battle, self.who)):
            return False
        # spells it cannot cast at all (a cleric with mace and shield has no free hand) keep nobody back
        cast = (self.opts if self.opts is not None else self.battle.options(self.who))["cast"]
        return cast.legal or getattr(cast.refusal, "code", None) not in NO_HAND

    def is_undead(self, cid: str) -> bool:
        return bool(self.battle.read(cid, Stats).values.get("undead"))

    # --- geometry ---------------------------------------------------------------------------
    def gap(self, a: str, b: str) -> int:
        """The least 1-2-1 distance between a square of ``a``'s space and one of ``b``'s
        (``geometry.spaces_gaps``: both axis gaps are met by one pair of squares); kept
        (the candidates sort the foes by it again and again)."""
        known = self._pair_gaps.get((a, b))
        if known is None:
            one, two = self.board.body(a), self.board.body(b)
            known = self._pair_gaps[(a, b)] = gaps_distance(*spaces_gaps(one.pos, one.span, two.pos, two.span))
        return known

    def gap_from(self, square: Square, cid: str) -> int:
        """The 1-2-1 gap from the creature's space set at ``square`` to ``cid``'s space
        (kept: the candidates ask it of the same squares and foes many times a choice)."""
        known = self._gaps.get((square, cid))
        if known is None:
            other = self.board.body(cid)
            known = self._gaps[(square, cid)] = gaps_distance(*spaces_gaps(square, self.me.span, other.pos, other.span))
        return known

    def least_gap_from(self, square: Square, ids) -> int:
        """The least of ``gap_from(square, cid)`` over ``ids`` (not kept: the candidates ask
        it of every square a move reaches, against every foe)."""
        span, body = self.me.span, self.board.body
        return min((gaps_distance(*spaces_gaps(square, span, body(cid).pos, body(cid).span)) for cid in ids),
                   default=1 << 30)

    def within_gap(self, ids, most: int) -> bytearray:
        """The squares where its space would be at most ``most`` (1-2-1) from one of
        ``ids``' spaces, one byte a square of the map, row by row: what
        ``least_gap_from(square, ids) <= most`` says of every square at once. Axis gaps
        (gx, gy) are that near when the larger is at most ``most`` and the larger plus half
        the smaller is too: three boxes round each space (the smaller gap at most 0, 1 …)."""
        bounds = [(most - small // 2, small) for small in range(0, most + 1) if small <= most - small // 2]
        return self._marked(ids, [box for long, short in bounds for box in ((long, short), (short, long))])

    def within_axes(self, ids, most: int) -> bytearray:
        """As ``within_gap``, for axis gaps both at most ``most`` (one box round each space)."""
        return self._marked(ids, [(most, most)])

    def _marked(self, ids, boxes: list[tuple[int, int]]) -> bytearray:
        """The map's squares, one byte each, row by row, marked where its space would have
        axis gaps at most (gx, gy) of some box to one of ``ids``' spaces."""
        terrain = self.board.terrain
        width, height = terrain.width, terrain.height
        span = self.me.span
        marks = bytearray(width * height)
        for cid in ids:
            body = self.board.body(cid)
            (x, y), far = body.pos, body.span - 1
            for gx, gy in boxes:
                left, right = max(0, x - (span - 1) - gx), min(width - 1, x + far + gx)
                if left > right:
                    continue
                row_bytes = b"\x01" * (right - left + 1)
                for row in range(max(0, y - (span - 1) - gy), min(height - 1, y + far + gy) + 1):
                    marks[row * width + left:row * width + right + 1] = row_bytes
        return marks

    def nearest_foe(self) -> str | None:
        return min(self.foes, key=lambda f: (self.gap(self.who, f), f)) if self.foes else None

    def body_at(self, square: Square):
        """Its body with its space set at ``square`` (kept: a body is dear to make, and the
        candidates weigh the same squares for each foe)."""
        if square == self.me.pos:
            return self.me
        known = self._bodies.get(square)
        if known is None:
            known = self._bodies[square] = self.me.at(square)
        return known

    def strikes_from(self, square: Square) -> list[str]:
        """The foes its weapon would reach for a melee attack with its space at ``square``
        (the rules' attackable squares: reach weapons strike at 10 ft, not adjacent); kept
        per square (a copy handed out: callers may keep it)."""
        if self.me.weapon.is_ranged:
            return []
        known = self._strikes.get(square)
        if known is None:
            # who stands in those squares (the board's occupants: a few squares, not every foe's space)
            occupants = self.board.occupants
            there = {b.id for sq in threat.attackable_squares(self.board, self.body_at(square))
                     for b in occupants.get(sq, ())}
            known = self._strikes[square] = [f for f in self.foes if f in there] if there else []
        return list(known)

    def flanks_from(self, square: Square, target: str) -> bool:
        """Whether striking ``target`` from ``square`` would flank it with an ally (digest §7.2); kept."""
        known = self._flanks.get((square, target))
        if known is None:
            known = self._flanks[(square, target)] = bool(
                flanking.flanking_partners(self.board, self.board.body(target), self.body_at(square)))
        return known

    @cached_property
    def webs(self) -> frozenset[Square]:
        """The squares a Web spell covers now (``spell_views.spell_grounds``)."""
        return frozenset(sq for sq, ground in spell_views.spell_grounds(self.battle).items() if ground.kind == "web")

    def walks_into_web(self, squares, from_outside: bool = False) -> bool:
        """A path whose squares enter a Web spell its space is not in already: the move ends
        there, on a Reflex save, entangled, or glued on a failed one (SRD Web).
        ``from_outside``: whether its space would be in a web at any of ``squares``, wherever
        it stands now."""
        webs = self.webs
        if not webs:
            return False
        if not from_outside and not webs.isdisjoint(self.me.squares):
            return False
        return any(not webs.isdisjoint(space_squares(sq, self.me.span)) for sq in squares)

    def web_stops_short(self, squares) -> bool:
        """The path's first square in a Web spell is one its move may not end on (another's
        space, the rules' ``MoveContext.can_end_at``): the engine stops it before the
        strands (``web_sheets.entering``) — a move that gets nowhere."""
        webs = self.webs
        for sq in squares:
            if webs and not webs.isdisjoint(space_squares(sq, self.me.span)):
                return not MoveContext.of(self.board, self.me).can_end_at(sq)
        return False

    @cached_property
    def danger(self) -> dict[Square, list[str]]:
        """Each square some foe threatens, with the foes that threaten it: ending a turn
        there invites their attacks (a full attack each, next round)."""
        out: dict[Square, list[str]] = {}
        for foe in self.foes:
            for sq in views.threatened(self.battle, foe):
                out.setdefault(sq, []).append(foe)
        return out

    @cached_property
    def fighting(self) -> dict[str, list[str]]:
        """The friends (itself aside) each foe threatens, by foe."""
        reach: dict[str, set] = {}
        for sq, foes in self.danger.items():
            for foe in foes:
                reach.setdefault(foe, set()).add(sq)
        able = [f for f in self.friends if f != self.who and views.status(self.battle, f) in ABLE]
        return {foe: [f for f in able if not squares.isdisjoint(self.board.body(f).squares)]
                for foe, squares in reach.items()}

    @cached_property
    def engaged(self) -> dict[str, int]:
        """How many of its friends (itself aside) each foe threatens: a foe's blows go to
        one of them, not all to it."""
        return {foe: len(friends) for foe, friends in self.fighting.items()}

    @cached_property
    def friends_fighting(self) -> bool:
        """Some friend of its (itself aside) stands in a foe's reach: the battle goes on
        without it, and nobody stares at anybody (a caster or an archer need not go in)."""
        return any(self.engaged.values())

    @cached_property
    def stands_off(self) -> bool:
        """It fights from afar and its friends hold the melee: it has no reason to drop its
        caution and walk into the foes' blows, however long it has gone without one."""
        return self.keeps_distance and self.friends_fighting

    def threatening(self, square: Square) -> tuple[str, ...]:
        """The foes that threaten the creature's space set at ``square`` (kept per square:
        the danger of each square a move reaches is asked by several candidates)."""
        known = self._threatening.get(square)
        if known is None:
            span = self.me.span
            seen: list[str] = []
            for i in range(span):
                for j in range(span):
                    for foe in self.danger.get((square[0] + i, square[1] + j), ()):
                        if foe not in seen:
                            seen.append(foe)
            known = self._threatening[square] = tuple(seen)
        return known

    @cached_property
    def threatened_now(self) -> tuple[str, ...]:
        return self.threatening(self.me.pos)
