"""The totals of many battles (issue 12, item 4): win rates per side and draws, mean
rounds, damage dealt and taken per creature, how long the controllers took to decide,
and every refused command. One plain dict, the object ``--json`` prints; the table and
the chart are drawn from it."""
from __future__ import annotations

import math
import statistics
from collections import Counter

from ..ai.controllers import played_as
from .play import DRAW, BattleResult


def percentile(samples: list[float], share: float) -> float:
    """The sample below which ``share`` of the samples lie (nearest rank)."""
    if not samples:
        return 0.0
    ordered = sorted(samples)
    # the ceil(share * n)-th value, counted from 1 (``round`` would round a half to even)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


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
        # each side's controller with the level it played at ("ai" is "ai:normal"); added
        # beside ``controls``, which other tools read as given
        "controllers": {side: played_as(name) for side, name in sorted(controls.items())},
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
        "balance": balance(wins, sides),
        "per_creature": _per_creature(results, battles),
    }


# The margin of error a balance is judged with: a 95 % interval (z = 1.96), and the fewest
# decided battles a verdict is given on (below, the intervals are too wide to say much).
Z95 = 1.96
FEWEST_TO_JUDGE = 10


def wilson_interval(won: int, played: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share ``won / played`` (it stays within 0..1 and
    holds for small counts and shares near 0 or 1, where the normal one does not)."""
    if played == 0:
        return 0.0, 1.0
    p = won / played
    denominator = 1 + z * z / played
    centre = (p + z * z / (2 * played)) / denominator
    half = z * math.sqrt(p * (1 - p) / played + z * z / (4 * played * played)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def balance(wins: dict, sides: list[str]) -> dict:
    """Whether the map is fair to its sides: each side's share of the battles some side won,
    with its 95 % interval, against the fair share (one in as many as there are sides).
    ``verdict``: ``balanced`` when every interval holds the fair share, ``unbalanced``
    (``ahead``: the sides whose whole interval is above it, ``behind``: below), or
    ``too_few`` under ``FEWEST_TO_JUDGE`` decided battles."""
    decided = sum(wins[s] for s in sides)
    fair = 1 / len(sides) if sides else 0.0
    rows = {}
    for side in sides:
        low, high = wilson_interval(wins[side], decided)
        rows[side] = {"share": round(wins[side] / decided, 4) if decided else 0.0,
                      "interval_95": [round(low, 4), round(high, 4)]}
    ahead = [s for s in sides if rows[s]["interval_95"][0] > fair]
    behind = [s for s in sides if rows[s]["interval_95"][1] < fair]
    verdict = "too_few" if decided < FEWEST_TO_JUDGE else "unbalanced" if ahead or behind else "balanced"
    return {"decided": decided, "fair_share": round(fair, 4), "verdict": verdict, "ahead": ahead, "behind": behind,
            "sides": rows}


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
