"""One battle: an esper world built from a scenario, and the questions asked of it.

Each battle has its own esper world (esper >= 3.8 ``switch_world``); every public method
switches to it first, so several battles (or tests) never share state.
"""
from __future__ import annotations

import itertools
from contextlib import contextmanager

import esper

from .content import data
from .content.scenario import Scenario
from .rules.board import Board
from .rules.sizes import Size
from .world import systems
from .world.components import (Armor, Body, Conditions, Feats, Identity, Initiative, Position, Reach, Side,
                               Speed, Stats, Wielded)

_world_ids = itertools.count(1)


class Battle:
    """The live state of one scenario."""

    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.terrain = scenario.terrain()
        self.variants = scenario.variants
        self.round = 1
        self.turn: str | None = None
        self.world = f"battle-{next(_world_ids)}"
        self._board: Board | None = None
        self.ids: list[str] = []
        with self.active():
            for spec in scenario.creatures:
                armor_row = data.armor().get(spec.armor or "", {})
                esper.create_entity(
                    Identity(spec.id, spec.name), Position(*spec.at), Body(Size.from_code(spec.size)),
                    Reach(spec.reach), Speed(spec.speed_m), Side(spec.side), Wielded(spec.weapon),
                    Conditions(set(spec.conditions)), Feats(frozenset(spec.feats)),
                    Armor(spec.armor, armor_row.get("category") == "heavy"),
                    Stats(dict(spec.stats)), Initiative(spec.initiative))
                self.ids.append(spec.id)

    @contextmanager
    def active(self):
        """Make this battle's world the current esper world for the block."""
        previous = esper.current_world
        esper.switch_world(self.world)
        try:
            yield
        finally:
            esper.clear_dead_entities()
            esper.switch_world(previous)

    def close(self) -> None:
        if esper.current_world == self.world:
            esper.switch_world("default")
        if self.world in esper.list_worlds():
            esper.delete_world(self.world)

    def board(self) -> Board:
        """The rules snapshot, rebuilt after every change."""
        if self._board is None:
            with self.active():
                self._board = systems.build_board(self.terrain, self.variants)
        return self._board

    def changed(self) -> None:
        self._board = None

    def has(self, cid: str) -> bool:
        return cid in self.board().by_id

    # --- actions that change the world ----------------------------------------------
    def move(self, cid: str, squares, mode: str):
        board = self.board()
        with self.active():
            refusal, events = systems.move(board, cid, squares, mode)
        if refusal is None:
            self.changed()
        return refusal, events

    def five_foot_step(self, cid: str, to):
        board = self.board()
        with self.active():
            refusal, events = systems.five_foot_step(board, cid, to)
        if refusal is None:
            self.changed()
        return refusal, events

    def state(self) -> dict:
        board = self.board()
        out = {}
        with self.active():
            for _e, (ident, stats) in esper.get_components(Identity, Stats):
                body = board.body(ident.id)
                out[ident.id] = {"at": list(body.pos), "hp": stats.values.get("hp"),
                                 "conditions": sorted(body.conditions)}
        return {"round": self.round, "turn": self.turn, "creatures": dict(sorted(out.items()))}
