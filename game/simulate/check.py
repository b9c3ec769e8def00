"""``make simulate-check`` (issue 12, item 7, the long run): seeded battles over every
shipped map, the computer players against one another, against the targets:

- no controller ever plays a command the engine refuses;
- ``ai:normal`` wins at least 90 % of its battles against ``random`` and at least 65 %
  against ``scripted``;
- ``ai:hard`` wins more battles than ``ai:easy``.

Each match-up plays ``--battles`` battles (200 unless told) spread evenly over the maps
(``maps/*.toml``, ``maps/*.tmj``) and, on each map, over its parties: the player under
test takes each party's side in turn (the battle mirrored) and the other player every
other side (``seats``).
Battle ``i`` of a match-up rolls its dice from seed ``--seed + i``. It prints one JSON
object and exits 1 when a target is missed. Too long for the test suite, which plays a
small seeded sample of the same thing.

``--balance CONTROLLER`` (``make simulate-balance``) asks the map maker's question
instead: each map played ``--battles`` times with the same controller on every side, and
each side's wins on each map — a fair map gives each party about its share, so that a
better player's edge over a worse one shows in the mirrored match-ups above."""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from ..ai.controllers import NAMES
from .play import sides_of
from .run import Job, SimulateError, run_jobs
from .summary import balance as fairness

MATCHUPS = (("ai:normal", "random", 0.90), ("ai:normal", "scripted", 0.65), ("ai:hard", "ai:easy", None))


def shipped_maps(folder: Path) -> list[Path]:
    return sorted([*folder.glob("*.toml"), *folder.glob("*.tmj")])


def seats(scenario) -> list[str]:
    """The sides the player under test takes in turn: the parties of more than one
    creature. A side of one (the owlbear in the clearing, the centipede in the cave) is a
    beast in everyone's way, played by the opponent; on a map of lone creatures, every side."""
    count = Counter(c.side for c in scenario.creatures)
    parties = [side for side in sides_of(scenario) if count[side] > 1]
    return parties if len(parties) >= 2 else sides_of(scenario)


def matchup_jobs(scenarios: list, player: str, opponent: str, battles: int, seed: int, max_rounds: int) -> list[Job]:
    """``battles`` jobs, going round the maps and, on each, the seats ``player`` takes."""
    configs = [(scenario, side) for scenario in scenarios for side in seats(scenario)]
    jobs = []
    for i in range(battles):
        scenario, mine = configs[i % len(configs)]
        controls = tuple((side, player if side == mine else opponent) for side in sides_of(scenario))
        jobs.append(Job(scenario, seed + i, controls, max_rounds, i))
    return jobs


def judge(jobs: list[Job], results: list, player: str, target: float | None) -> dict:
    """The player's wins (and its opponents'), the share of battles it won, by map too."""
    mine = {job.index: next(side for side, name in job.controls if name == player) for job in jobs}
    won = sum(1 for r in results if r.winner == mine[r.index])
    lost = sum(1 for r in results if r.winner not in (mine[r.index], "draw"))
    by_map: dict[str, list[int]] = {}
    for job, r in zip(jobs, results):
        row = by_map.setdefault(Path(job.scenario.path).name, [0, 0])
        row[0] += r.winner == mine[r.index]
        row[1] += 1
    rate = won / len(results) if results else 0.0
    met = rate >= target if target is not None else won > lost
    return {"battles": len(results), "won": won, "lost": lost, "draws": len(results) - won - lost,
            "win_rate": round(rate, 4), "target": target if target is not None else "more wins than losses",
            "refused": [r.refusal for r in results if r.refusal is not None],
            "by_map": {name: f"{w}/{n}" for name, (w, n) in sorted(by_map.items())}, "met": met}


def balance_jobs(scenarios: list, controller: str, battles: int, seed: int, max_rounds: int) -> list[Job]:
    """``battles`` jobs a map, ``controller`` on every side; battle ``i`` of a map rolls
    from seed ``seed + i`` (every map sees the same seeds)."""
    jobs: list[Job] = []
    for scenario in scenarios:
        controls = tuple((side, controller) for side in sides_of(scenario))
        first = len(jobs)
        jobs.extend(Job(scenario, seed + i, controls, max_rounds, first + i) for i in range(battles))
    return jobs


def balance(jobs: list[Job], results: list) -> dict[str, dict[str, int]]:
    """Each map's wins by side, and its draws, in the jobs' order of maps."""
    by_map: dict[str, dict[str, int]] = {}
    for job, r in zip(jobs, results):
        row = by_map.setdefault(Path(job.scenario.path).name, {**{side: 0 for side, _ in job.controls}, "draw": 0})
        row[r.winner] += 1
    return by_map


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.simulate.check", description=__doc__.split("\n\n")[0])
    parser.add_argument("--battles", type=int, default=200, help="battles per match-up (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--max-rounds", type=int, default=100)
    parser.add_argument("--maps", default="maps", help="the folder of maps (default: maps/)")
    parser.add_argument("--against", choices=sorted({o for _p, o, _t in MATCHUPS}),
                        help="play only the match-up against this opponent (default: all three)")
    parser.add_argument("--balance", metavar="CONTROLLER", choices=NAMES,
                        help="instead: each map --battles times with CONTROLLER on every side, its wins by side")
    args = parser.parse_args(argv)
    from ..content.errors import ContentError
    from ..content.scenario import load_scenario
    try:
        scenarios = [load_scenario(p) for p in shipped_maps(Path(args.maps))]
    except ContentError as exc:
        print(exc.line(), file=sys.stderr)
        return 2
    if not scenarios:
        print(f"simulate-check: no maps in {args.maps}", file=sys.stderr)
        return 2
    if args.balance is not None:
        return print_balance(scenarios, args)
    report: dict = {"maps": [Path(s.path).name for s in scenarios], "seed": args.seed, "matchups": {}}
    try:
        for player, opponent, target in MATCHUPS:
            if args.against is not None and opponent != args.against:
                continue
            jobs = matchup_jobs(scenarios, player, opponent, args.battles, args.seed, args.max_rounds)
            results = run_jobs(jobs, workers=args.workers)
            report["matchups"][f"{player} vs {opponent}"] = judge(jobs, results, player, target)
    except SimulateError as exc:
        print(f"simulate-check: {exc}", file=sys.stderr)
        return 2
    report["refused_commands"] = sum(len(m["refused"]) for m in report["matchups"].values())
    report["met"] = report["refused_commands"] == 0 and all(m["met"] for m in report["matchups"].values())
    print(json.dumps(report, indent=2))
    return 0 if report["met"] else 1


def print_balance(scenarios: list, args: argparse.Namespace) -> int:
    """The ``--balance`` run: one JSON object, each map's wins by side."""
    jobs = balance_jobs(scenarios, args.balance, args.battles, args.seed, args.max_rounds)
    try:
        results = run_jobs(jobs, workers=args.workers)
    except SimulateError as exc:
        print(f"simulate-check: {exc}", file=sys.stderr)
        return 2
    wins = balance(jobs, results)
    # each map's verdict with its margin of error (``summary.balance``: 95 % intervals)
    verdicts = {name: fairness(row, [side for side in row if side != "draw"]) for name, row in wins.items()}
    print(json.dumps({"controller": args.balance, "battles_per_map": args.battles, "seed": args.seed,
                      "wins_by_map": wins,
                      "verdict_by_map": {name: {k: v[k] for k in ("verdict", "ahead", "behind")}
                                         for name, v in verdicts.items()},
                      "refused_commands": sum(r.refusal is not None for r in results)}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
