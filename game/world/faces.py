"""The battle's state as the window, the query tool, the AI and the tests read it: the
clock (round, turn, initiative order ...) as properties over the typed battle-wide state
(``Battle.shared``), and the older faces of what is now typed — items on the ground, aid
bonuses, poisons to come, delaying and readied creatures, webs thrown, wand charges, lasting
spells — as the sets, dicts and lists they once were, read from the components (and, for
the few the tests write, written through ``Battle.comp``). ``engine.Battle`` inherits them;
the world's own code reads the components and ``Battle.shared`` directly."""
from __future__ import annotations

import dataclasses
from collections.abc import MutableMapping, MutableSet
from typing import Any

from .components import Charges, SpellEffects, Timing, Webs
from .state import BattleState


class BattleFaces:
    """Read faces of ``Battle``'s state (``Battle`` provides ``shared``, ``each``,
    ``read``, ``comp`` and ``has``)."""

    shared: BattleState

    @property
    def shared_read(self) -> BattleState:
        """``shared`` for reading only (as ``read`` for a component): the journal does not
        save it, so a question that only reads the clock copies nothing. A change goes
        through ``shared``."""
        return self.__dict__["shared"]

    # --- the battle's clock, as every face reads it ------------------------------------
    @property
    def round(self) -> int:
        return self.shared_read.round

    @round.setter
    def round(self, value: int) -> None:
        self.shared.round = value

    @property
    def turn(self) -> str | None:
        """Whose turn it is (None before the first turn and once the battle is over)."""
        return self.shared_read.turn

    @turn.setter
    def turn(self, value: str | None) -> None:
        self.shared.turn = value

    @property
    def order(self) -> list[str]:
        """The initiative order."""
        return self.shared.order

    @order.setter
    def order(self, value: list[str]) -> None:
        self.shared.order = value

    @property
    def surprise_round(self) -> bool:
        return self.shared_read.surprise_round

    @surprise_round.setter
    def surprise_round(self, value: bool) -> None:
        self.shared.surprise_round = value

    @property
    def winner(self) -> str | None:
        return self.shared_read.winner

    @winner.setter
    def winner(self, value: str | None) -> None:
        self.shared.winner = value

    @property
    def started(self) -> bool:
        return self.shared_read.started

    @started.setter
    def started(self, value: bool) -> None:
        self.shared.started = value

    # --- older read faces of the battle-wide state, for the window and the tests --------
    @property
    def ground(self) -> dict[tuple[int, int], list[str]]:
        """The items lying on the map, by square (``shared.ground``)."""
        return self.shared.ground

    @property
    def delayed(self) -> CreatureSet:
        """The creatures delaying (``Timing.delaying``)."""
        return CreatureSet(self, Timing, "delaying")

    @property
    def readied(self) -> CreatureMap:
        """Readied actions by creature (``Timing.readied``)."""
        return CreatureMap(self, Timing, "readied", None)

    @property
    def swift_owed(self) -> CreatureSet:
        """The creatures whose next swift action an immediate action spent (``Timing.swift_owed``)."""
        return CreatureSet(self, Timing, "swift_owed")

    @property
    def web_uses(self) -> CreatureMap:
        """Webs thrown today, by spider (``Webs.thrown``)."""
        return CreatureMap(self, Webs, "thrown", 0)

    @property
    def wand_charges(self) -> dict[str, int]:
        """Charges left in wands as the tests once read them, "creature:wand" -> charges
        (a copy of the creatures' ``Charges``)."""
        return {f"{cid}:{wand}": n for cid, charges in self.each(Charges) for wand, n in charges.left.items()}

    @property
    def spell_effects(self) -> dict[tuple, dict]:
        """The lasting spells as plain dicts with their ``kind`` (a copy of the creatures'
        ``SpellEffects``, for the tests), by (kind, creature[, number])."""
        out: dict[tuple, dict] = {}
        for cid, fx in self.each(SpellEffects):
            if fx.spiritual:
                out[("spiritual", cid)] = {"kind": "spiritual", "caster": cid, **dataclasses.asdict(fx.spiritual)}
            if fx.sphere:
                out[("sphere", cid)] = {"kind": "sphere", "caster": cid, **dataclasses.asdict(fx.sphere)}
            if fx.calm:
                out[("calm", cid)] = {"kind": "calm", "caster": cid, **dataclasses.asdict(fx.calm)}
            for hiding in fx.hiding:
                out[("hide_from_undead", cid, hiding.begun)] = {"kind": "hide_from_undead", "caster": cid,
                                                                 **dataclasses.asdict(hiding)}
            if fx.held:
                out[("hold", cid)] = {"kind": "hold", "target": cid, **dataclasses.asdict(fx.held)}
        return out

    @property
    def aids(self) -> list:
        """Aid another bonuses waiting for their attack (``shared.aids``)."""
        return self.shared.aids

    @property
    def poisons(self) -> list[dict]:
        """Secondary poison damage to come, as plain dicts (a copy of ``shared.poisons``)."""
        return [dataclasses.asdict(p) for p in self.shared.poisons]


# --- per-creature state as sets and dicts -----------------------------------------------------
# The window and the tests read some of it as the sets and dicts it once was: these views
# read the creatures' components and write through ``Battle.comp`` (journaled).

class CreatureSet(MutableSet):
    """The creatures whose component ``kind`` has ``attr`` true, as a set of ids."""

    def __init__(self, battle: Any, kind: type, attr: str) -> None:
        self.battle, self.kind, self.attr = battle, kind, attr

    def __contains__(self, cid: object) -> bool:
        return self.battle.has(cid) and bool(getattr(self.battle.read(cid, self.kind), self.attr))

    def __iter__(self):
        return (cid for cid, c in self.battle.each(self.kind) if getattr(c, self.attr))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def add(self, cid: str) -> None:
        setattr(self.battle.comp(cid, self.kind), self.attr, True)

    def discard(self, cid: str) -> None:
        if cid in self:
            setattr(self.battle.comp(cid, self.kind), self.attr, False)


class CreatureMap(MutableMapping):
    """Component ``kind``'s ``attr`` by creature id, for the creatures where it is not
    ``absent`` (setting it to ``absent`` is deleting it)."""

    def __init__(self, battle: Any, kind: type, attr: str, absent: Any) -> None:
        self.battle, self.kind, self.attr, self.absent = battle, kind, attr, absent

    def __getitem__(self, cid: str) -> Any:
        value = getattr(self.battle.read(cid, self.kind), self.attr) if self.battle.has(cid) else self.absent
        if value == self.absent:
            raise KeyError(cid)
        return value

    def __setitem__(self, cid: str, value: Any) -> None:
        setattr(self.battle.comp(cid, self.kind), self.attr, value)

    def __delitem__(self, cid: str) -> None:
        self[cid]                                   # KeyError when absent
        setattr(self.battle.comp(cid, self.kind), self.attr, self.absent)

    def __iter__(self):
        return (cid for cid, c in self.battle.each(self.kind) if getattr(c, self.attr) != self.absent)

    def __len__(self) -> int:
        return sum(1 for _ in self)
