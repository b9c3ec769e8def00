"""The totals of many battles (issue 12, item 4): win rates per side and draws, mean
rounds, damage dealt and taken per creature, how long the controllers took to decide,
and every refused command. One plain dict, the object ``--json`` prints; the table and
the chart are drawn from it."""
from __future__ import annotations

import statistics
from collections import Counter

from .play import DRAW, BattleResult


def percentile(samples: list[float], share: float) -> float:
    """The sample below which ``share`` of the samples lie (nearest rank)."""
    if not samples:
        return 0.0
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def summarize(results: list[BattleResult], sides: list[str], controls: dict[str, str], **about) -> dict:
    """The totals; ``about`` (scenario, seed, max_rounds …) is put first, as given."""
    battles = len(results)
    won = Counter(r.winner for r in results)
    wins = {**{side: won.get(side, 0) for side in sides}, DRAW: won.get(DRAW, 0)}
    decisions = [ms for r in results for ms in r.turn_decision_ms]
    turns = sum(r.creature_turns for r in results)
    played = sum(r.play_s for r in results)
    refusals = [r.refusal for r in results if r.refusal is not None]
    return {
        **about,
        "battles": battles,
        "controls": dict(sorted(controls.items())),
        "wins": wins,
        "win_rates": {k: round(v / battles, 4) if battles else 0.0 for k, v in wins.items()},
        "illegal_commands": len(refusals),
        "refusals": refusals,
        "rounds_mean": round(statistics.fmean(r.rounds for r in results), 2) if results else 0.0,
        "creature_turns": turns,
        "decision_ms_median": round(statistics.median(decisions), 3) if decisions else 0.0,
        "decision_ms_p99": round(percentile(decisions, 0.99), 3),
        "creature_turns_per_s": round(turns / played, 1) if played else 0.0,
        "per_side": _per_side(results, sides, controls, wins, battles),
        "per_creature": _per_creature(results, battles),
    }


def _per_creature(results: list[BattleResult], battles: int) -> dict:
    """Each creature's damage dealt and taken, the mean over the battles, and the share of
    battles it ended standing."""
    out: dict[str, dict] = {}
    for r in results:
        for cid, side in r.sides.items():
            row = out.setdefault(cid, {"side": side, "dealt": 0, "taken": 0, "standing": 0})
            row["dealt"] += r.dealt.get(cid, 0)
            row["taken"] += r.taken.get(cid, 0)
            row["standing"] += bool(r.standing.get(cid))
    return {cid: {"side": row["side"], "dealt_mean": round(row["dealt"] / battles, 2),
                  "taken_mean": round(row["taken"] / battles, 2), "standing_rate": round(row["standing"] / battles, 4)}
            for cid, row in sorted(out.items())}


def _per_side(results: list[BattleResult], sides: list[str], controls: dict[str, str], wins: dict, battles: int) -> dict:
    out = {}
    for side in sides:
        dealt = sum(n for r in results for cid, n in r.dealt.items() if r.sides.get(cid) == side)
        taken = sum(n for r in results for cid, n in r.taken.items() if r.sides.get(cid) == side)
        out[side] = {"controller": controls.get(side), "wins": wins[side],
                     "dealt_mean": round(dealt / battles, 2) if battles else 0.0,
                     "taken_mean": round(taken / battles, 2) if battles else 0.0}
    return out
