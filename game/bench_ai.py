"""``python -m game bench ai`` (issue 12, item 6): how fast the tactical player decides.
Not a timed test: one JSON object of figures against the targets, like ``bench engine``.

The battle is ``bench_engine``'s seeded generator on a 60x40 map, twenty creatures a
side, ``ai:normal`` playing both, to its end (or 100 rounds). ``decision_ms``: the time
the controller's ``decide`` calls take over one creature-turn (every command of the turn
chosen; the engine playing them is not counted), median and p99 over the turns of
``repeat`` battles (seeds 20, 21 …); ``creature_turns_per_s``: creature-turns over the
whole play (deciding and the engine playing).

One small battle is played first and not counted (``WARMUP``: 12 creatures on a 30x20 map,
its own seed): the modules the engine imports on first use and the first answers of its
tables would otherwise be charged to the measured battle's first turns (about a fifth of
its time on this machine). It is another map and other creatures, so the geometry it
worked out is none the measured battle asks again; ``warmup_s`` says what it took.
``machine.pace_s``: the seconds a fixed loop takes here (``runtime.machine_pace``), to
tell a slower machine from slower code."""
from __future__ import annotations

import json
import platform
import statistics
import sys

from .runtime import machine_pace, steady_collector
from .simulate.play import play_battle, sides_of
from .simulate.summary import percentile

TARGETS = {"decision_ms_median": 50.0, "decision_ms_p99": 500.0, "creature_turns_per_s": 100.0}
MAP = (60, 40)
PER_SIDE = 20
CONTROLLER = "ai:normal"
WARMUP = {"seed": 5, "size": (30, 20), "per_side": 6}


def measure(repeat: int = 1, seed: int = 20, max_rounds: int = 100, size: tuple[int, int] = MAP,
            per_side: int = PER_SIDE, warmup: bool = True) -> dict:
    """The figures, as ``run_ai`` prints them (``size`` and ``per_side`` smaller in the
    smoke test only), after the ``WARMUP`` battle unless told."""
    from .bench_engine import scenario_text
    from .content.scenario import parse_scenario
    warmup_s = 0.0
    if warmup:
        text = scenario_text(WARMUP["seed"], width=WARMUP["size"][0], height=WARMUP["size"][1],
                             per_side=WARMUP["per_side"])
        scenario = parse_scenario(text, "bench-ai-warmup.toml")
        warmup_s = play_battle(scenario, WARMUP["seed"], {side: CONTROLLER for side in sides_of(scenario)},
                               max_rounds).play_s
    steady_collector()           # as the window and the simulations set it (``runtime``)
    decisions: list[float] = []
    turns = 0
    played = 0.0
    battles = []
    for i in range(max(1, repeat)):
        text = scenario_text(seed + i, width=size[0], height=size[1], per_side=per_side)
        scenario = parse_scenario(text, f"bench-ai-{seed + i}.toml")
        result = play_battle(scenario, seed + i, {side: CONTROLLER for side in sides_of(scenario)}, max_rounds)
        decisions += result.turn_decision_ms
        turns += result.creature_turns
        played += result.play_s
        battles.append({"seed": seed + i, "winner": result.winner, "rounds": result.rounds,
                        "creature_turns": result.creature_turns, "decisions": result.decisions,
                        "refused": result.refusal is not None})
    figures = {"decision_ms_median": round(statistics.median(decisions), 3) if decisions else 0.0,
               "decision_ms_p99": round(percentile(decisions, 0.99), 3),
               "creature_turns_per_s": round(turns / played, 1) if played else 0.0}
    met = {"decision_ms_median": figures["decision_ms_median"] <= TARGETS["decision_ms_median"],
           "decision_ms_p99": figures["decision_ms_p99"] <= TARGETS["decision_ms_p99"],
           "creature_turns_per_s": figures["creature_turns_per_s"] >= TARGETS["creature_turns_per_s"]}
    return {"suite": "ai", "controller": CONTROLLER, "map": list(size), "creatures": 2 * per_side,
            "machine": {"python": sys.version.split()[0], "platform": platform.platform(),
                        "pace_s": machine_pace()},
            "warmup_s": round(warmup_s, 2), "creature_turns": turns, **figures,
            "targets": TARGETS, "met": {**met, "all": all(met.values())}, "battles": battles}


def run_ai(repeat: int = 1) -> int:
    print(json.dumps(measure(repeat), indent=2))
    return 0
