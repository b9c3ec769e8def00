"""Python calls per ``options(who)`` call on ``bench engine``'s 20-against-20 map, per
action (issue 10's 2 ms target): the seeded battle is played by the scripted player, and
at the start of each turn the creature's options are decided one action at a time under
cProfile, their cache emptied first, as ``bench engine``'s ``options_ms`` measures them.
Call counts, not wall-clock time: the machine is shared and timings are noisy.

    .venv/bin/python tools/profile_options.py [--turns N] [--top K] [--json]

Prints the median and mean calls per ``options`` call, then each action's mean calls per
call (largest first). The actions are decided in the catalogue's order, so what providers
share (creatures by distance, neighbouring squares) is counted to the first that needs it.
"""
from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _calls(profile: cProfile.Profile) -> int:
    return pstats.Stats(profile).total_calls      # type: ignore[attr-defined]


def measure(turns: int) -> tuple[list[int], dict[str, list[int]]]:
    from game.ai import scripted
    from game.bench_engine import scenario_text
    from game.content.scenario import parse_scenario
    from game.engine import Battle
    battle = Battle(parse_scenario(scenario_text(), "bench-20v20.toml"))
    totals: list[int] = []
    per_action: dict[str, list[int]] = {}
    played = 0
    while battle.winner is None and battle.turn is not None and played < turns:
        who = battle.turn
        battle._options = (-1, {})
        opts = battle.options(who)
        total = 0
        for name in opts:
            profile = cProfile.Profile()
            profile.enable()
            _ = opts[name].legal
            profile.disable()
            calls = _calls(profile)
            per_action.setdefault(name, []).append(calls)
            total += calls
        totals.append(total)
        for _ in range(6):
            command = scripted.choose(battle, who)
            if command is None:
                break
            ok, refusal, _events = battle.act(command)
            assert ok, (command, refusal)
            if battle.turn != who or battle.winner is not None:
                break
        if battle.turn == who and battle.winner is None:
            battle.act(who, "end_turn")
        played += 1
    battle.close()
    return totals, per_action


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    totals, per_action = measure(args.turns)
    means = {name: statistics.mean(calls) for name, calls in per_action.items()}
    result = {"turns": len(totals), "median_calls": statistics.median(totals),
              "mean_calls": round(statistics.mean(totals), 1),
              "per_action_mean": {k: round(v, 1) for k, v in sorted(means.items(), key=lambda kv: -kv[1])}}
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"turns {result['turns']}  median calls per options {result['median_calls']}  mean {result['mean_calls']}")
    for name, mean in list(result["per_action_mean"].items())[:args.top]:
        print(f"  {name:22s} {mean:8.1f}")
    rest = sum(list(result["per_action_mean"].values())[args.top:])
    print(f"  {'(the others)':22s} {rest:8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
