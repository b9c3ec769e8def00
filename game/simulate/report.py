"""The simulation as a person reads it (issue 12, item 4): the progress bar while the
battles play, then the table of win rates per side, mean rounds, the controllers' speed
and each creature's damage, headings in the player's language."""
from __future__ import annotations

import sys
from typing import TextIO

from .. import i18n
from .play import DRAW

BAR = 30


class ProgressBar:
    """``[#####.....] 12/20 Battles`` on one line of stderr, redrawn in place; only when
    stderr is a terminal (a log file or a pipe gets nothing)."""

    def __init__(self, lang: str | None = None, stream: TextIO | None = None):
        self.stream = stream or sys.stderr
        self.label = i18n.sentence("SIM_PROGRESS", None, lang)
        self.shown = bool(getattr(self.stream, "isatty", lambda: False)())

    def __call__(self, done: int, total: int) -> None:
        if not self.shown:
            return
        filled = BAR * done // total if total else BAR
        self.stream.write(f"\r[{'#' * filled}{'.' * (BAR - filled)}] {done}/{total} {self.label}")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def _row(cells: list, widths: list[int]) -> str:
    return "  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()


def _table(head: list[str], rows: list[list]) -> list[str]:
    widths = [max(len(str(r[i])) for r in [head, *rows]) for i in range(len(head))]
    return [_row(head, widths), _row(["-" * w for w in widths], widths), *(_row(r, widths) for r in rows)]


def _pct(rate: float) -> str:
    return f"{100 * rate:.1f} %"


def table(summary: dict, lang: str | None = None, scenario=None) -> str:
    """The whole report as text; with the ``scenario``, creatures and sides by the names
    the players know them by (its look-alikes numbered), never their ids."""
    names = {c.id: c.name for c in scenario.creatures} if scenario is not None else {}

    def side(s: str) -> str:
        return scenario.side_name(s, lang or i18n.default_language()) if scenario is not None else i18n.side_name(s, lang)
    say = lambda code, params=None: i18n.sentence(code, params, lang)  # noqa: E731
    lines = [say("SIM_TITLE", {"battles": summary["battles"], "scenario": summary.get("scenario", "?"),
                               "first": summary.get("seed", 0),
                               "last": summary.get("seed", 0) + max(0, summary["battles"] - 1),
                               "max_rounds": summary.get("max_rounds", "?")}), ""]
    sides = [[side(s), row["controller"], row["wins"], _pct(summary["win_rates"][s]),
              row["dealt_mean"], row["taken_mean"]] for s, row in summary["per_side"].items()]
    sides.append([say("SIM_DRAW"), "", summary["wins"][DRAW], _pct(summary["win_rates"][DRAW]), "", ""])
    lines += _table([say("SIM_SIDE"), say("SIM_CONTROLLER"), say("SIM_WINS"), say("SIM_WIN_RATE"), say("SIM_DEALT"),
                     say("SIM_TAKEN")], sides)
    lines += ["", say("SIM_ROUNDS_MEAN", {"rounds": summary["rounds_mean"]}),
              say("SIM_ILLEGAL", {"count": summary["illegal_commands"]}),
              say("SIM_SPEED", {"median": summary["decision_ms_median"], "p99": summary["decision_ms_p99"],
                                "rate": summary["creature_turns_per_s"]})]
    lines += [refusal_line(r, lang) for r in summary["refusals"]]
    creatures = [[names.get(cid, cid), side(row["side"]), row["dealt_mean"], row["taken_mean"], _pct(row["standing_rate"])]
                 for cid, row in summary["per_creature"].items()]
    lines += ["", say("SIM_PER_BATTLE")]
    lines += _table([say("SIM_CREATURE"), say("SIM_SIDE"), say("SIM_DEALT"), say("SIM_TAKEN"), say("SIM_STANDING")],
                    creatures)
    return "\n".join(lines)


def refusal_line(refusal: dict, lang: str | None = None) -> str:
    """A refused command in one line: which battle, who, and the engine's reason."""
    reason = i18n.sentence(refusal["code"], refusal.get("params"), lang)
    return i18n.sentence("SIM_REFUSED", {"battle": refusal["battle"] + 1, "seed": refusal["seed"],
                                         "controller": refusal["controller"], "who": refusal["who"],
                                         "reason": reason}, lang)
