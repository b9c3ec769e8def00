"""A small seeded sample of ``make simulate-check`` (issue 12, item 7): on every shipped
map the tactical player, two rounds against the scripted one, plays no command the engine
refuses; the player under test takes each side in turn; the judge counts the player's
side wherever it stands. The 200-battle run against the win-rate targets is
``make simulate-check``."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from game.content.scenario import load_scenario
from game.simulate.check import balance, balance_jobs, judge, main, matchup_jobs, seats, shipped_maps
from game.simulate.play import BattleResult
from game.simulate.run import Job, run_jobs

ROOT = Path(__file__).resolve().parents[2]


def test_on_every_shipped_map_no_refused_command():
    scenarios = [load_scenario(p) for p in shipped_maps(ROOT / "maps")]
    assert len(scenarios) >= 9
    jobs = [job for n, scenario in enumerate(scenarios)
            for job in matchup_jobs([scenario], "ai:normal", "scripted", 1, seed=n, max_rounds=2)]
    results = run_jobs(jobs)
    assert [r.refusal for r in results] == [None] * len(jobs)
    assert all(r.creature_turns > 0 and r.rounds <= 2 for r in results)


def test_the_player_under_test_takes_each_side_in_turn(skirmish):
    jobs = matchup_jobs([skirmish], "ai:hard", "ai:easy", 4, seed=10, max_rounds=100)
    assert [dict(j.controls) for j in jobs] == [{"blue": "ai:hard", "red": "ai:easy"},
                                                {"blue": "ai:easy", "red": "ai:hard"}] * 2
    assert [j.seed for j in jobs] == [10, 11, 12, 13]


def test_the_judge_counts_the_players_side_wherever_it_stands(skirmish):
    jobs = [Job(skirmish, i, (("blue", "ai"), ("red", "random")) if i % 2 == 0 else (("blue", "random"), ("red", "ai")),
                100, i) for i in range(4)]
    results = [BattleResult(0, 0, "blue", 3), BattleResult(1, 1, "red", 3), BattleResult(2, 2, "red", 3),
               BattleResult(3, 3, "draw", 100)]
    verdict = judge(jobs, results, "ai", 0.5)
    assert (verdict["won"], verdict["lost"], verdict["draws"]) == (2, 1, 1)
    assert verdict["win_rate"] == 0.5 and verdict["met"] and verdict["by_map"] == {"skirmish.toml": "2/4"}
    assert not judge(jobs, results, "ai", 0.65)["met"]
    assert judge(jobs, results, "ai", None)["met"]              # more wins than losses


def test_a_lone_beast_is_no_seat_for_the_player_under_test(skirmish):
    beast = dataclasses.replace(skirmish.creatures[0], id="owlbear", side="green")
    wild = dataclasses.replace(skirmish, creatures=[*skirmish.creatures, beast])
    assert seats(wild) == ["blue", "red"]
    jobs = matchup_jobs([wild], "ai:normal", "random", 2, seed=1, max_rounds=100)
    assert [dict(j.controls) for j in jobs] == [{"blue": "ai:normal", "green": "random", "red": "random"},
                                                {"blue": "random", "green": "random", "red": "ai:normal"}]
    lone = dataclasses.replace(skirmish, creatures=[skirmish.creatures[0], skirmish.creatures[2], beast])
    assert seats(lone) == ["blue", "green", "red"]


def test_the_balance_run_plays_each_map_with_one_controller_on_every_side(skirmish):
    """The map maker's question (``make simulate-balance``): the same controller on every
    side of each map, every map on the same seeds."""
    other = dataclasses.replace(skirmish, path="other.toml")
    jobs = balance_jobs([skirmish, other], "scripted", 3, seed=5, max_rounds=100)
    assert [dict(j.controls) for j in jobs] == [{"blue": "scripted", "red": "scripted"}] * 6
    assert [j.seed for j in jobs] == [5, 6, 7] * 2 and [j.index for j in jobs] == list(range(6))
    results = [BattleResult(i, j.seed, winner, 3) for i, (j, winner) in
               enumerate(zip(jobs, ["blue", "red", "blue", "draw", "red", "red"]))]
    assert balance(jobs, results) == {"skirmish.toml": {"blue": 2, "red": 1, "draw": 0},
                                      "other.toml": {"blue": 0, "red": 2, "draw": 1}}


def test_the_balance_run_prints_each_maps_wins_by_side(skirmish_file, capsys):
    assert main(["--balance", "scripted", "--battles", "2", "--workers", "1", "--maps", str(skirmish_file.parent)]) == 0
    report = json.loads(capsys.readouterr().out)
    wins = report["wins_by_map"]["skirmish.toml"]
    assert set(wins) == {"blue", "red", "draw"} and sum(wins.values()) == 2
    assert (report["controller"], report["battles_per_map"], report["refused_commands"]) == ("scripted", 2, 0)
    # two battles are too few for a verdict: the run says so rather than call the map fair
    assert report["verdict_by_map"]["skirmish.toml"] == {"verdict": "too_few", "ahead": [], "behind": []}
