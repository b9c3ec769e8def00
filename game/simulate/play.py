"""One simulated battle (issue 12, item 4): a scenario played to its end with a controller
per side, its dice seeded with the battle's own seed. What comes back is plain data (a
``BattleResult``) that pickles, so a worker process or a Dask worker can send it home.

The same scenario, seed, controls and round limit give the same battle, move for move:
the dice are the battle's (``Dice(scenario.seed)``) and every controller's choices come
from its own ``Chooser``, seeded from the battle's seed and the side's place in the
sorted list of sides. Nothing here decides a rule: the controllers pick among what the
engine offers, and a command the engine refuses ends the battle as a draw, counted."""
from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from typing import Callable

from ..runtime import steady_collector
from ..ai.controllers import Controller, IllegalCommand, make_controller, play_turn
from ..world.events import DamageDealt
from ..world.turns import in_the_fight

DRAW = "draw"


@dataclass
class BattleResult:
    """What one battle gave: the winning side (or ``draw``), the rounds it lasted, the
    damage each creature dealt and took (from the ``DamageDealt`` events its commands and
    the others' returned), who was still standing, and the time the controllers spent
    deciding each creature-turn."""

    index: int
    seed: int
    winner: str
    rounds: int
    creature_turns: int = 0
    decisions: int = 0
    dealt: dict[str, int] = field(default_factory=dict)
    taken: dict[str, int] = field(default_factory=dict)
    standing: dict[str, bool] = field(default_factory=dict)
    sides: dict[str, str] = field(default_factory=dict)          # creature id -> side
    turn_decision_ms: list[float] = field(default_factory=list)
    play_s: float = 0.0
    refusal: dict | None = None                                  # the refused command, when one was

    def same_battle(self) -> tuple:
        """Everything but the timings: what two plays of the same seed must share."""
        return (self.index, self.seed, self.winner, self.rounds, self.creature_turns, self.decisions,
                self.dealt, self.taken, self.standing, self.refusal)


class TimedController:
    """A controller that keeps the time its ``decide`` calls take (the rest is the engine)."""

    def __init__(self, inner: Controller):
        self.inner = inner
        self.name = inner.name
        self.spent = 0.0
        self.calls = 0

    def decide(self, battle, who):
        t = time.perf_counter()
        try:
            return self.inner.decide(battle, who)
        finally:
            self.spent += time.perf_counter() - t
            self.calls += 1

    def answer(self, battle, question, command):
        return self.inner.answer(battle, question, command)


def sides_of(scenario) -> list[str]:
    """The scenario's sides, sorted (their order seeds the controllers)."""
    return sorted({c.side for c in scenario.creatures})


def controller_seed(seed: int, side_index: int) -> int:
    """A side's controller seed: apart from every other side's and battle's."""
    return seed * 101 + side_index + 1


def play_battle(scenario, seed: int, controls: dict[str, str], max_rounds: int = 100, index: int = 0,
                make: Callable[[str, int], Controller] | None = None) -> BattleResult:
    """Play ``scenario`` with its dice seeded ``seed`` to its end, or to ``max_rounds``
    rounds (then a draw). ``controls``: a controller name for each side; ``make`` builds
    a controller from a name and a seed (``make_controller`` unless told)."""
    from ..engine import Battle
    steady_collector()           # once per process: the modules and tables out of every collection
    make = make or make_controller
    sides = sides_of(scenario)
    players = {side: TimedController(make(controls[side], controller_seed(seed, i))) for i, side in enumerate(sides)}
    result = BattleResult(index, seed, DRAW, 0, sides={c.id: c.side for c in scenario.creatures})
    result.dealt = {cid: 0 for cid in result.sides}
    result.taken = {cid: 0 for cid in result.sides}
    start = time.perf_counter()
    battle = Battle(dataclasses.replace(scenario, seed=seed))
    try:
        _count_damage(result, battle.opening_events)
        while battle.winner is None and battle.turn is not None and battle.round <= max_rounds:
            if not _play_one_turn(battle, players, result):
                break
        result.rounds = min(battle.round, max_rounds)
        if battle.winner not in (None, "none") and result.refusal is None:
            result.winner = battle.winner
        # standing: still able to act for its side at the end (the engine's rule for who
        # keeps a side in the battle), not merely above 0 hit points (an orc asleep is out)
        result.standing = {cid: battle.has(cid) and in_the_fight(battle, cid) for cid in result.sides}
    finally:
        battle.close()
    result.play_s = time.perf_counter() - start
    return result


def _play_one_turn(battle, players: dict[str, TimedController], result: BattleResult) -> bool:
    """The turn of the creature whose turn it is, by its side's controller; False when a
    refused command ends the battle."""
    who = battle.turn
    player = players[battle.board().body(who).side]
    before = player.spent
    try:
        played = play_turn(battle, who, player, on_decision=lambda _d, events: _count_damage(result, events))
    except IllegalCommand as exc:
        result.refusal = {"battle": result.index, "seed": result.seed, "who": who, "controller": player.name,
                          "command": _command_json(exc.decision.command),
                          "code": getattr(exc.refusal, "code", str(exc.refusal)),
                          "params": _plain(getattr(exc.refusal, "params", {}))}
        return False
    result.creature_turns += 1
    result.decisions += len(played)
    result.turn_decision_ms.append((player.spent - before) * 1000)
    return True


def _count_damage(result: BattleResult, events) -> None:
    for event in events:
        if isinstance(event, DamageDealt):
            if event.attacker in result.dealt:
                result.dealt[event.attacker] += event.amount
            if event.target in result.taken:
                result.taken[event.target] += event.amount


def _command_json(command):
    to_json = getattr(command, "to_json", None)
    return to_json() if callable(to_json) else repr(command)


def _plain(value):
    """A refusal's values as JSON can hold them (tuples as lists, the rest as text)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain(v) for v in (sorted(value, key=str) if isinstance(value, (set, frozenset)) else value)]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)
