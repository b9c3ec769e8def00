"""``python -m game simulate SCENARIO`` (issue 12, items 4-5): its arguments, and the run
from them. A bad argument is refused in one line that names it (exit status 2)."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from ..ai.controllers import LEVELS, NAMES
from ..content.errors import ContentError
from .play import sides_of
from .run import SimulateError, jobs_for, run_jobs
from .summary import summarize


# The most a run takes: a map maker's tens of thousands of battles with room to spare, and
# no more processes than a machine can hold (each plays one battle at a time).
MOST_BATTLES = 100_000
MOST_WORKERS = 256


def _whole(most: int):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not 1 <= value <= most:
            raise argparse.ArgumentTypeError(f"{value}: from 1 to {most:,}")
        return value
    return parse


_positive = _whole(10_000)


def _chart_path(text: str) -> str:
    """A PNG the chart can be written to, checked before any battle is played (a long
    run's results are not lost to a typing mistake)."""
    path = Path(text)
    if path.suffix.lower() != ".png":
        raise argparse.ArgumentTypeError(f"{text!r}: the chart is a PNG, name it .png")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r}: no folder {str(folder)!r}")
    if path.is_dir() or not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"{text!r}: cannot be written here")
    return text


def _address(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("give the scheduler's address, e.g. tcp://127.0.0.1:8786")
    return text


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(n) for n in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT, e.g. 960x600") from None
    if not (200 <= w <= 4000 and 150 <= h <= 4000):
        raise argparse.ArgumentTypeError(f"{text!r}: from 200x150 to 4000x4000")
    return w, h


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("scenario", help="a map: .toml or Tiled .tmj")
    p.add_argument("--battles", type=_whole(MOST_BATTLES), default=20,
                   help=f"battles to play (default 20, at most {MOST_BATTLES:,})")
    p.add_argument("--seed", type=int, default=None,
                   help="battle i rolls its dice from seed SEED+i (default: the scenario's seed)")
    p.add_argument("--control", action="append", default=[], metavar="SIDE=CONTROLLER",
                   help=f"who plays a side: one of {', '.join(NAMES)} (default: the scenario's "
                        "[sides.X] control and level, else ai)")
    p.add_argument("--max-rounds", type=_positive, default=100, help="a battle lasting this many rounds is a draw")
    p.add_argument("--workers", type=_whole(MOST_WORKERS), default=1,
                   help=f"battles in parallel processes on this machine (at most {MOST_WORKERS})")
    p.add_argument("--scheduler", type=_address, default=None, metavar="ADDRESS",
                   help="a Dask scheduler (tcp://host:8786) to play the battles on (extra carreau[cluster])")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    p.add_argument("--chart", type=_chart_path, default=None, metavar="OUT.png", help="also draw the results to a PNG")
    p.add_argument("--chart-size", type=_size, default=(960, 600), metavar="WxH", help="the chart's size in pixels")
    p.add_argument("--lang", choices=("en", "fr"), default=None, help="language of the table (default: locale)")


def scenario_controls(scenario) -> dict[str, str]:
    """The controller the scenario names for each side (``[sides.X] control`` and
    ``level``), ``ai`` for a side it leaves to a person or does not name: a simulation
    has no one at the keyboard."""
    declared = getattr(scenario, "sides", None) or {}
    out = {}
    for side in sides_of(scenario):
        spec = declared.get(side) if isinstance(declared, dict) else None
        control, level = _declared(spec, "control"), _declared(spec, "level")
        if control in ("random", "scripted"):
            out[side] = control
        elif isinstance(level, str) and level in LEVELS:
            out[side] = f"ai:{level}"
        elif control in NAMES:
            out[side] = control
        else:
            out[side] = "ai"
    return out


def _declared(spec, key: str):
    """A ``[sides.X]`` key, whether the scenario keeps the table as a dict or an object."""
    return spec.get(key) if isinstance(spec, dict) else getattr(spec, key, None)


def parse_controls(pairs: list[str], scenario, shown: str) -> dict[str, str]:
    """``--control SIDE=CONTROLLER`` over the scenario's own controls; SimulateError names
    a bad pair."""
    controls = scenario_controls(scenario)
    for pair in pairs:
        side, eq, name = pair.partition("=")
        if not eq or not side or not name:
            raise SimulateError(f"--control {pair!r}: write SIDE=CONTROLLER, e.g. red=ai:hard")
        if side not in controls:
            raise SimulateError(f"--control {pair}: {shown} has no side {side!r} (its sides: {', '.join(controls)})")
        if name not in NAMES:
            raise SimulateError(f"--control {pair}: unknown controller {name!r} (one of {', '.join(NAMES)})")
        controls[side] = name
    return controls


def run(args: argparse.Namespace) -> int:
    from ..content.scenario import load_scenario
    try:
        scenario = load_scenario(args.scenario)
    except ContentError as exc:
        print(exc.line(), file=sys.stderr)
        return 2
    shown = Path(args.scenario).name
    try:
        if len(sides_of(scenario)) < 2:
            raise SimulateError(f"{shown}: a battle needs creatures on at least two sides "
                                f"(it has {len(sides_of(scenario))})")
        controls = parse_controls(args.control, scenario, shown)
        seed = scenario.seed if args.seed is None else args.seed
        from .report import ProgressBar
        jobs = jobs_for(scenario, seed, args.battles, controls, args.max_rounds)
        results = run_jobs(jobs, workers=args.workers, scheduler=args.scheduler, progress=ProgressBar(args.lang))
    except SimulateError as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nsimulate: interrupted", file=sys.stderr)
        return 130
    summary = summarize(results, sides_of(scenario), controls, scenario=shown, seed=seed, max_rounds=args.max_rounds)
    if args.chart:
        from .chart import write_chart
        try:
            write_chart(summary, args.chart, args.lang, args.chart_size, scenario)
        except (OSError, RuntimeError) as exc:     # pygame.error (a RuntimeError): a path it cannot write
            print(f"simulate: --chart {args.chart}: cannot write it ({exc})", file=sys.stderr)
            return 2
    from .report import refusal_line, table
    if args.json:
        print(json.dumps(summary, indent=2))
        for refusal in summary["refusals"]:
            print(refusal_line(refusal, args.lang), file=sys.stderr)
    else:
        print(table(summary, args.lang, scenario))
    return 0
