"""``python -m game [play | edit | query | simulate | bench | render | check]``."""
from __future__ import annotations

import argparse
import sys

from .content.errors import ContentError


def _load_battle(path: str):
    from .content.scenario import load_scenario
    from .engine import Battle
    return Battle(load_scenario(path))


class OneLineParser(argparse.ArgumentParser):
    """A bad argument is refused in one line that names it, not under a usage block (the
    house's habit: bad input gets one clear line); ``--help`` still shows everything."""

    def error(self, message: str):           # type: ignore[override]
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m game", description="Carreau: D&D 3.5 combat on a grid.")
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser)
    q = sub.add_parser("query", help="answer JSON questions about a scenario, one per line on stdin")
    q.add_argument("scenario")
    q.add_argument("--lang", choices=("en", "fr"), default=None, help="language of reasons (default: locale)")
    s = sub.add_parser("simulate", help="play seeded battles between computer players and total the results")
    from .simulate.cli import add_arguments as add_simulate_arguments
    add_simulate_arguments(s)
    b = sub.add_parser("bench", help="print benchmark figures as JSON")
    b.add_argument("suite", choices=("geometry", "ui", "engine", "ai", "saves"))
    b.add_argument("--repeat", type=int, default=None,
                   help="runs of each measurement (geometry and ui: 30; engine: plays of the 20v20 battle, 3; "
                        "ai: 20v20 battles, 1)")
    r = sub.add_parser("render", help="draw a scenario to a PNG, headless, with overlays")
    from .ui.render import add_arguments
    add_arguments(r)
    c = sub.add_parser("check", help="validate maps, templates, items and translations")
    c.add_argument("paths", nargs="*", default=["maps"], help="map files or folders (default: maps/), or saves (.json)")
    c.add_argument("--replay", action="store_true", help="prove saves by replaying every command")
    p = sub.add_parser("play", help="open the game window")
    p.add_argument("scenario", nargs="?", default=None)
    p.add_argument("--lang", choices=("en", "fr"), default=None)
    p.add_argument("--explore", action="store_true", help="the rules explorer instead of a battle")
    p.add_argument("--continue", dest="resume", action="store_true",
                   help="continue the autosaved battle (written after every action), as the start menu's Continue")
    p.add_argument("--saves", default=None, help="folder for saves, the autosave and the settings "
                   "(default: the player's data folder, e.g. ~/.local/share/carreau)")
    p.add_argument("--control", nargs="*", default=[], metavar="SIDE=PLAYER",
                   help="who plays a side: human, ai, ai:easy, ai:normal, ai:hard, random, scripted "
                        "(default: the scenario's [sides], else human)")
    e = sub.add_parser("edit", help="the rules sandbox: build a situation, see the rules on it, save it, play it")
    e.add_argument("scenario", nargs="?", default=None, help="a scenario .toml or a Tiled .tmj (default: an empty map)")
    e.add_argument("--lang", choices=("en", "fr"), default=None)
    e.add_argument("--saves", default=None, help="folder for the saves of battles played from the sandbox and the "
                   "settings (default: the player's data folder)")
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        # refused by the command they were given to, which names its own --help
        chosen = sub.choices.get(args.command) if args.command else None
        (chosen or parser).error(f"unrecognized arguments: {' '.join(unknown)}")

    if args.command == "query":
        try:
            battle = _load_battle(args.scenario)
        except ContentError as exc:
            print(exc.line(), file=sys.stderr)
            return 2
        from .query import run
        try:
            return run(battle, lang=args.lang)
        finally:
            battle.close()
    if args.command == "simulate":
        from .simulate.cli import run as simulate
        return simulate(args)
    if args.command == "bench":
        if args.suite == "ai":
            from .bench_ai import run_ai
            return run_ai(repeat=args.repeat or 1)
        if args.suite == "ui":
            from .bench_ui import run_ui
            return run_ui(repeat=args.repeat or 30)
        if args.suite == "saves":
            from .bench_saves import run_saves
            return run_saves(commands=args.repeat or 8000)
        if args.suite == "engine":
            from .bench_engine import run_engine
            return run_engine(repeat=args.repeat or 3)
        from .bench import run_geometry
        return run_geometry(repeat=args.repeat or 30)
    if args.command == "render":
        from .ui.render import render
        try:
            return render(args)
        except ContentError as exc:
            print(exc.line(), file=sys.stderr)
            return 2
    if args.command == "check":
        from .content.check import main as check_main
        return check_main(args.paths, replay=args.replay)
    if args.command == "edit":
        from .ui.app import main as play_main
        return play_main(args.scenario, args.lang, save_dir=args.saves, edit=True)
    if args.command == "play" or args.command is None:
        from .ui.app import main as play_main
        return play_main(getattr(args, "scenario", None) if args.command == "play" else None,
                         getattr(args, "lang", None), explore=getattr(args, "explore", False),
                         save_dir=getattr(args, "saves", None), control=getattr(args, "control", []),
                         resume=getattr(args, "resume", False))
    parser.print_help()
    return 2
