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


def _pct(rate: float, lang: str | None = None) -> str:
    return _num(f"{100 * rate:.1f}", lang) + " %"


def _num(value, lang: str | None) -> str:
    """A figure as the language writes it: a decimal comma in French (« 79,33 », « 55,0 % »),
    as the sentences around it have it."""
    text = f"{value:.2f}" if isinstance(value, float) else str(value)
    return text.replace(".", ",") if (lang or i18n.default_language()) == "fr" else text


def table(summary: dict, lang: str | None = None, scenario=None) -> str:
    """The whole report as text; with the ``scenario``, creatures and sides by the names
    the players know them by (its look-alikes numbered), never their ids."""
    shown_lang = lang or i18n.default_language()
    names = {c.id: c.name_in(shown_lang) for c in scenario.creatures} if scenario is not None else {}

    def side(s: str) -> str:
        return scenario.side_name(s, lang or i18n.default_language()) if scenario is not None else i18n.side_name(s, lang)
    say = lambda code, params=None: i18n.sentence(code, params, lang)  # noqa: E731
    lines = [say("SIM_TITLE", {"battles": summary["battles"], "scenario": summary.get("scenario", "?"),
                               "first": summary.get("seed", 0),
                               "last": summary.get("seed", 0) + max(0, summary["battles"] - 1),
                               "max_rounds": summary.get("max_rounds", "?")}), ""]
    played = summary.get("controllers") or {}         # with its level: "ai:normal", not "ai"
    sides = [[side(s), played.get(s, row["controller"]), row["wins"], _pct(summary["win_rates"][s], lang),
              _num(row["dealt_mean"], lang), _num(row["taken_mean"], lang)] for s, row in summary["per_side"].items()]
    sides.append([say("SIM_DRAW"), "", summary["wins"][DRAW], _pct(summary["win_rates"][DRAW], lang), "", ""])
    lines += _table([say("SIM_SIDE"), say("SIM_CONTROLLER"), say("SIM_WINS"), say("SIM_WIN_RATE"), say("SIM_DEALT"),
                     say("SIM_TAKEN")], sides)
    lines += ["", *balance_lines(summary.get("balance"), side, lang)]
    lines += ["", say("SIM_ROUNDS_MEAN", {"rounds": _num(float(summary["rounds_mean"]), lang)}),
              say("SIM_ILLEGAL", {"count": summary["illegal_commands"]}),
              say("SIM_SPEED", {"median": summary["decision_ms_median"], "p99": summary["decision_ms_p99"],
                                "rate": summary["creature_turns_per_s"]})]
    lines += [refusal_line(r, lang) for r in summary["refusals"]]
    order = list(summary["per_side"])           # the creatures side by side, as the sides are listed
    rows = sorted(summary["per_creature"].items(),
                  key=lambda kv: (order.index(kv[1]["side"]) if kv[1]["side"] in order else len(order), kv[0]))
    creatures = [[names.get(cid, cid), side(row["side"]), _num(row["dealt_mean"], lang), _num(row["taken_mean"], lang),
                  _pct(row["standing_rate"], lang)] for cid, row in rows]
    lines += ["", say("SIM_PER_BATTLE")]
    lines += _table([say("SIM_CREATURE"), say("SIM_SIDE"), say("SIM_DEALT"), say("SIM_TAKEN"), say("SIM_STANDING")],
                    creatures)
    return "\n".join(lines)


def balance_lines(found: dict | None, side, lang: str | None) -> list[str]:
    """The verdict on the map's fairness, with the margin of error it is given at: each
    side ahead of or behind its fair share, its share and its 95 % interval."""
    if not found:
        return []
    say = lambda code, params=None: i18n.sentence(code, params, lang)  # noqa: E731
    fair = _pct(found["fair_share"], lang)
    if found["verdict"] == "too_few":
        return [say("SIM_BALANCE_TOO_FEW", {"decided": found["decided"]})]
    if found["verdict"] == "balanced":
        return [say("SIM_BALANCE_FAIR", {"decided": found["decided"], "fair": fair})]
    out = [say("SIM_BALANCE_UNFAIR", {"decided": found["decided"], "fair": fair})]
    for code, group in (("SIM_BALANCE_AHEAD", found["ahead"]), ("SIM_BALANCE_BEHIND", found["behind"])):
        for s in group:
            row = found["sides"][s]
            low, high = row["interval_95"]
            out.append("  " + say(code, {"side": side(s), "share": _pct(row["share"], lang),
                                         "low": _pct(low, lang), "high": _pct(high, lang)}))
    return out


def refusal_line(refusal: dict, lang: str | None = None) -> str:
    """A refused command in one line: which battle, who, and the engine's reason."""
    reason = i18n.sentence(refusal["code"], refusal.get("params"), lang)
    return i18n.sentence("SIM_REFUSED", {"battle": refusal["battle"] + 1, "seed": refusal["seed"],
                                         "controller": refusal["controller"], "who": refusal["who"],
                                         "reason": reason}, lang)
