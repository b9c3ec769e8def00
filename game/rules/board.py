"""A snapshot of a battle for the rules: terrain, rule variants and creature bodies.

The engine builds a ``Board`` from its components for each question; every rule
function reads it and never changes it.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, fields
from typing import Any, Generic, TypeVar, overload

from .conditions import HELPLESS, NO_AOO, NO_THREAT
from .geometry import Square, space_squares
from .sizes import Size
from .terrain import Terrain
from .weapons import UNARMED, ReachBand, Weapon, melee_band, threat_band


T = TypeVar("T")


class cached_property(Generic[T]):      # noqa: N801 (named as the functools one it stands for)
    """``functools.cached_property`` without its lock: Python 3.11's takes a lock on every
    first read, and bodies are made by the thousand (a board after each change, a body for
    each square the computer player weighs), each read for its span and squares. As there,
    the value is put in the instance's ``__dict__``, so that later reads never come back
    here; nothing reads a board from two threads."""

    def __init__(self, func: Callable[[Any], T]):
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> "cached_property[T]": ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> "T | cached_property[T]":
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value


@dataclass(frozen=True)
class Variants:
    """Rule variants a scenario may switch (decisions §2-§4)."""

    charge_lane: str = "center"             # "center" | "swept"
    scatter_order: str = "seed"             # "seed" | "srd"
    reach_diagonal_exception: bool = True


@dataclass(frozen=True)
class Body:
    """One creature as positioning rules need it."""

    id: str
    side: str
    pos: Square
    size: Size = Size.M
    reach_shape: str = "tall"
    speed_squares: int = 6
    weapon: Weapon = UNARMED
    conditions: frozenset[str] = frozenset()
    feats: frozenset[str] = frozenset()
    heavy_armor: bool = False
    mount_span: int | None = None    # a rider shares its mount's space (French text, combat monté)
    holds_charge: bool = False       # a touch spell's charge held: it threatens (digest §3)
    climb_squares: int = 0           # a climb speed (French text, "retraite": the monstrous spider's)
    swim_squares: int = 0            # a swim speed (French text, "pas de placement")
    # an attack of opportunity left this round (digest §4.3: one a round, 1 + Dex with
    # Combat Reflexes): one that has made them all still threatens, but provokes nobody
    opportunities_left: bool = True

    def at(self, pos: Square) -> "Body":
        """This body with its space set at ``pos`` (as ``dataclasses.replace`` makes it,
        without its field-by-field work: the rules place a creature in thought at every
        square they weigh), the answers worked out for it that do not depend on where it
        stands (``PLACE_FREE``) kept."""
        moved = object.__new__(Body)
        state = {k: v for k, v in self.__dict__.items() if k in _FIELDS or k in PLACE_FREE}
        state["pos"] = pos
        object.__setattr__(moved, "__dict__", state)
        return moved

    @cached_property
    def memo(self) -> dict[tuple[Terrain, bool], frozenset[Square]]:
        """Answers worked out about this body (it never changes), such as its threatened
        squares per terrain and reach-diagonal variant (``threat.threat_map``)."""
        return {}

    @cached_property
    def span(self) -> int:
        return self.mount_span or self.size.value.span

    @cached_property
    def media(self) -> frozenset[str]:
        """The modes beyond walking it has a speed for ("climb", "swim": ``terrain.MEDIA``)."""
        return frozenset(m for m, n in (("climb", self.climb_squares), ("swim", self.swim_squares)) if n > 0)

    def mode_squares(self, medium: str) -> int:
        return self.climb_squares if medium == "climb" else self.swim_squares if medium == "swim" else self.speed_squares

    @cached_property
    def squares(self) -> list[Square]:
        return space_squares(self.pos, self.span)

    @cached_property
    def natural_reach(self) -> int:
        return self.size.natural_reach(self.reach_shape)

    @property
    def is_helpless(self) -> bool:
        return not HELPLESS.isdisjoint(self.conditions)

    @property
    def armed_unarmed(self) -> bool:
        """An unarmed strike counts as armed (digest §3): Improved Unarmed Strike. Not a held
        touch charge (French text, "sorts de contact": "le personnage n'est pas considéré
        comme armé et provoque normalement une attaque d'opportunité, à moins que le
        personnage ne soit par ailleurs considéré comme armé même à mains nues")."""
        return "improved_unarmed_strike" in self.feats

    def melee_band(self) -> ReachBand | None:
        return self._melee_band

    @cached_property
    def _melee_band(self) -> ReachBand | None:
        return melee_band(self.weapon, self.natural_reach)

    def threat_band(self) -> ReachBand | None:
        """Squares it threatens, or None (decisions §2)."""
        return self._threat_band

    @cached_property
    def _threat_band(self) -> ReachBand | None:
        if not NO_THREAT.isdisjoint(self.conditions):
            return None
        # The charge threatens, yet an unarmed attack with it is not armed (``armed_unarmed``).
        return threat_band(self.weapon, self.natural_reach, self.armed_unarmed or self.holds_charge)

    def can_make_aoo(self) -> bool:
        """Threatens and is able to take attacks of opportunity, one left this round (digest §4.3)."""
        return self._can_make_aoo

    @cached_property
    def _can_make_aoo(self) -> bool:
        if self._threat_band is None or not self.opportunities_left or not NO_AOO.isdisjoint(self.conditions):
            return False
        if "flat_footed" in self.conditions and "combat_reflexes" not in self.feats:
            return False
        return True

    def is_enemy_of(self, other: "Body") -> bool:
        return self.side != other.side


# Body's kept answers that depend on its sheet alone, never on its position (``Body.at``).
PLACE_FREE = frozenset({"span", "media", "natural_reach", "_melee_band", "_threat_band", "_can_make_aoo"})
_FIELDS = frozenset(f.name for f in fields(Body))


@dataclass(frozen=True)
class Board:
    terrain: Terrain
    bodies: tuple[Body, ...]
    variants: Variants = field(default_factory=Variants)

    @classmethod
    def in_id_order(cls, terrain: Terrain, bodies: tuple[Body, ...], variants: Variants, ids: list[str]) -> "Board":
        """A board whose ``bodies`` already come in id order, ``ids`` their ids (the engine
        keeps them sorted, and makes a board after every step of a move): ``by_id_order``
        is then the bodies themselves, and ``by_id`` zipped, neither worked out again."""
        board = cls(terrain, bodies, variants)
        board.__dict__["by_id_order"] = bodies
        board.__dict__["by_id"] = dict(zip(ids, bodies))
        return board

    @cached_property
    def move_contexts(self) -> dict[Hashable, Any]:     # MoveContext by Body; the engine keeps other tables here
        """The pathfinder's per-mover arrays on this board (``movement.MoveContext.of``)."""
        return {}

    @cached_property
    def by_id(self) -> dict[str, Body]:
        return {b.id: b for b in self.bodies}

    @cached_property
    def occupants(self) -> dict[Square, tuple[Body, ...]]:
        """Square -> creatures standing in it, in id order."""
        out: dict[Square, list[Body]] = {}
        for b in self.by_id_order:
            for sq in b.squares:
                out.setdefault(sq, []).append(b)
        return {k: tuple(v) for k, v in out.items()}

    def body(self, cid: str) -> Body:
        return self.by_id[cid]

    def others(self, body: Body) -> list[Body]:
        return [b for b in self.bodies if b.id != body.id]

    @cached_property
    def by_id_order(self) -> tuple[Body, ...]:
        """The bodies in id order, sorted once per board (every rule that looks for foes or
        friends reads them in that order)."""
        return tuple(sorted(self.bodies, key=lambda b: b.id))

    def enemies_of(self, body: Body) -> tuple[Body, ...]:
        """The creatures of every other side, in id order (kept per side: the rules and the
        computer player ask it of every creature and every square they weigh)."""
        known = self._sides.get((body.side, None))
        if known is None:
            known = self._sides[(body.side, None)] = tuple(b for b in self.by_id_order if b.side != body.side)
        return known

    def allies_of(self, body: Body) -> tuple[Body, ...]:
        """The creatures of its side but itself, in id order (kept per creature)."""
        key = (body.side, body.id)
        known = self._sides.get(key)
        if known is None:
            known = self._sides[key] = tuple(b for b in self.by_id_order if b.side == body.side and b.id != body.id)
        return known

    @cached_property
    def _sides(self) -> dict[tuple[str, str | None], tuple[Body, ...]]:
        return {}

    def moved(self, cid: str, pos: Square) -> "Board":
        """The same board with one creature elsewhere (for previews and tests)."""
        from dataclasses import replace
        return Board(self.terrain, tuple(replace(b, pos=pos) if b.id == cid else b for b in self.bodies), self.variants)
