"""The commands seeded battles play, one line each, to prove a speed-up changed no
decision (issue 12, item 6): record before, record after, diff.

    PYTHONPATH=. .venv/bin/python tools/ai_trace.py > before.txt
    ... change ...
    PYTHONPATH=. .venv/bin/python tools/ai_trace.py > after.txt && diff before.txt after.txt

The battles: ``maps/bridge.toml`` three times from seed 7 (blue ``ai:normal``, red
``scripted``), as ``simulate --battles 3 --seed 7`` plays them, and ``bench ai``'s
20-against-20 battle (seed 20; ``--bench N`` plays N of them, ``--bench 0`` none).
Each line: battle, creature, command, the sentence's code and its values.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


class Recording:
    """A controller whose every decision is written down (the commands it returns)."""

    def __init__(self, inner, label: str, out: list[str]):
        self.inner, self.label, self.out = inner, label, out
        self.name = inner.name

    def decide(self, battle, who):
        decision = self.inner.decide(battle, who)
        shown = "end" if decision is None else f"{decision.command!r} {decision.why} {sorted(decision.params.items())}"
        self.out.append(f"{self.label} r{battle.round} {who} {shown}")
        return decision

    def answer(self, battle, question, command):
        value = self.inner.answer(battle, question, command)
        self.out.append(f"{self.label} answer {question!r} -> {value!r}")
        return value


def trace(bench: int = 1, bridge: int = 3) -> list[str]:
    from game.ai.controllers import make_controller
    from game.bench_engine import scenario_text
    from game.content.scenario import load_scenario, parse_scenario
    from game.simulate.play import play_battle, sides_of
    out: list[str] = []
    scenario = load_scenario("maps/bridge.toml")
    for i in range(bridge):
        label = f"bridge-{7 + i}"
        result = play_battle(scenario, 7 + i, {"blue": "ai:normal", "red": "scripted"}, 100, i,
                             make=lambda name, seed, label=label: Recording(make_controller(name, seed), label, out))
        out.append(f"{label} result {result.same_battle()!r}")
    for i in range(bench):
        label = f"bench-{20 + i}"
        text = scenario_text(20 + i, width=60, height=40, per_side=20)
        scenario = parse_scenario(text, f"bench-ai-{20 + i}.toml")
        result = play_battle(scenario, 20 + i, {side: "ai:normal" for side in sides_of(scenario)}, 100,
                             make=lambda name, seed, label=label: Recording(make_controller(name, seed), label, out))
        out.append(f"{label} result {result.same_battle()!r}")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bench", type=int, default=1)
    parser.add_argument("--bridge", type=int, default=3)
    args = parser.parse_args()
    print("\n".join(trace(args.bench, args.bridge)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
