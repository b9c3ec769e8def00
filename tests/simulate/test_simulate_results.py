"""The simulation's results (issue 12, items 4-5): the same seed plays the same battle;
worker processes give, battle by battle, what one process gives; the JSON totals agree
with one another and with the battles; a battle that lasts too long is a draw; the chart
is a PNG of the size asked; a controller that plays a refused command is counted, and
the battle ends as a draw without a traceback."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame

from game.ai.controllers import Decision, make_controller
from game.cli import main
from game.simulate import play
from game.simulate.play import play_battle
from game.simulate.report import ProgressBar, table
from game.simulate.run import jobs_for, run_jobs
from game.simulate.summary import summarize
from game.world import commands as C

CONTROLS = {"blue": "scripted", "red": "random"}


def test_the_same_seed_plays_the_same_battle(skirmish):
    first, again = (play_battle(skirmish, 11, CONTROLS) for _ in range(2))
    assert first.same_battle() == again.same_battle()
    assert first.creature_turns > 0 and sum(first.taken.values()) > 0
    other = play_battle(skirmish, 12, CONTROLS)
    assert other.same_battle()[2:] != first.same_battle()[2:]             # the seed is the battle's dice


def test_two_worker_processes_give_what_one_process_gives(skirmish):
    jobs = jobs_for(skirmish, 30, 4, {"blue": "scripted", "red": "scripted"}, 100)
    alone = run_jobs(jobs, workers=1)
    shared = run_jobs(jobs, workers=2)
    assert [r.same_battle() for r in shared] == [r.same_battle() for r in alone]
    assert [r.seed for r in alone] == [30, 31, 32, 33]


def test_the_json_totals_agree(capsys, skirmish_file):
    assert main(["simulate", str(skirmish_file), "--battles", "3", "--seed", "3", "--control", "red=scripted",
                 "--control", "blue=random", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    for key in ("battles", "wins", "illegal_commands", "rounds_mean", "decision_ms_median", "creature_turns_per_s",
                "per_creature"):
        assert key in out, key
    assert out["battles"] == 3 and sum(out["wins"].values()) == 3 and set(out["wins"]) == {"blue", "red", "draw"}
    assert out["controls"] == {"blue": "random", "red": "scripted"}
    assert out["illegal_commands"] == len(out["refusals"]) == 0
    assert 1 <= out["rounds_mean"] <= 100 and out["decision_ms_median"] > 0 and out["creature_turns_per_s"] > 0
    assert set(out["per_creature"]) == {"tordek", "lidda", "gnoll", "orc"}
    for side, row in out["per_side"].items():
        mine = [c for c in out["per_creature"].values() if c["side"] == side]
        assert abs(row["dealt_mean"] - sum(c["dealt_mean"] for c in mine)) < 0.05
    dealt = sum(c["dealt_mean"] for c in out["per_creature"].values())
    taken = sum(c["taken_mean"] for c in out["per_creature"].values())
    assert dealt > 0 and abs(dealt - taken) < 0.05          # every blow here is one creature's on another


def test_damage_counted_matches_who_went_down(skirmish):
    """The events' damage against the hit points: a creature still up took less than its
    hit points (nobody heals here), and the winner's side has someone up."""
    hp = {c.id: c.stats["hp"] for c in skirmish.creatures}
    for seed in (5, 6, 7):
        r = play_battle(skirmish, seed, {"blue": "scripted", "red": "scripted"})
        for cid, up in r.standing.items():
            assert up == (r.taken[cid] < hp[cid]), (seed, cid, r.taken, r.standing)
        assert any(up for cid, up in r.standing.items() if r.sides[cid] == r.winner)


def test_a_battle_reaching_the_round_limit_is_a_draw(skirmish):
    results = run_jobs(jobs_for(skirmish, 1, 3, {"blue": "scripted", "red": "scripted"}, 1))
    summary = summarize(results, ["blue", "red"], CONTROLS)
    assert summary["wins"] == {"blue": 0, "red": 0, "draw": 3} and summary["rounds_mean"] == 1


def test_the_chart_is_a_png_of_the_size_asked(capsys, skirmish_file, tmp_path):
    out = tmp_path / "chart.png"
    assert main(["simulate", str(skirmish_file), "--battles", "2", "--control", "blue=scripted",
                 "--control", "red=scripted", "--chart", str(out), "--chart-size", "640x400", "--lang", "fr"]) == 0
    assert "Taux de victoire" in capsys.readouterr().out
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = pygame.image.load(str(out))
    assert image.get_size() == (640, 400)
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, 640, 8) for y in range(0, 400, 8)}
    assert len(colours) > 3                                  # bars drawn, not a blank page


class Cheater:
    """Plays the scripted player's choices until its second decision, then a move off the
    map, which the engine refuses."""

    name = "cheater"

    def __init__(self):
        self.inner = make_controller("scripted")
        self.calls = 0

    def decide(self, battle, who):
        self.calls += 1
        if self.calls == 2:
            return Decision(C.Move(who, squares=((-4, -4),)))
        return self.inner.decide(battle, who)

    def answer(self, battle, question, command):
        return self.inner.answer(battle, question, command)


def _with_cheater(name, seed):
    return Cheater() if name == "random" else make_controller(name, seed)


def test_a_refused_command_is_counted_and_the_battle_is_a_draw(skirmish):
    result = play_battle(skirmish, 4, CONTROLS, make=_with_cheater)
    assert result.winner == "draw" and result.refusal is not None
    assert result.refusal["controller"] == "cheater" and result.refusal["command"]["squares"] == [[-4, -4]]
    summary = summarize([result], ["blue", "red"], CONTROLS, scenario="skirmish.toml", seed=4, max_rounds=100)
    assert summary["illegal_commands"] == 1 and summary["wins"]["draw"] == 1
    assert "cheater" in table(summary, "en") and "nulle" in table(summary, "fr")


def test_the_command_line_reports_a_refused_command_without_a_traceback(capsys, skirmish_file, monkeypatch):
    monkeypatch.setattr(play, "make_controller", _with_cheater)
    assert main(["simulate", str(skirmish_file), "--battles", "2", "--control", "red=random",
                 "--control", "blue=scripted", "--json"]) == 0
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    assert out["illegal_commands"] == 2 and out["wins"]["draw"] == 2
    assert "Traceback" not in captured.err and len(captured.err.strip().splitlines()) == 2
    assert "cheater" in captured.err


class _Terminal:
    def __init__(self, tty: bool):
        self.tty, self.text = tty, ""

    def isatty(self):
        return self.tty

    def write(self, text):
        self.text += text

    def flush(self):
        pass


def test_the_progress_bar_is_drawn_on_a_terminal_only():
    shown, piped = _Terminal(True), _Terminal(False)
    for stream in (shown, piped):
        bar = ProgressBar("en", stream)
        bar(1, 4)
        bar(4, 4)
    assert piped.text == ""
    assert shown.text.startswith("\r[" + "#" * 7 + ".") and "1/4 Battles" in shown.text
    assert shown.text.endswith("4/4 Battles\n")


def test_the_same_battles_in_processes_with_other_string_hashes(skirmish_file):
    """A cluster's workers are processes of their own, each with its own string hashing:
    the real command line, run twice under different hash seeds, totals the same."""
    root = Path(__file__).resolve().parents[2]
    runs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "SDL_VIDEODRIVER": "dummy"}
        done = subprocess.run([sys.executable, "-m", "game", "simulate", str(skirmish_file), "--battles", "2",
                               "--control", "blue=random", "--control", "red=scripted", "--json"],
                              cwd=root, env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        out = json.loads(done.stdout)
        runs.append((out["wins"], out["rounds_mean"], out["creature_turns"], out["per_creature"]))
    assert runs[0] == runs[1]


def test_the_table_names_creatures_and_sides_as_the_players_know_them(capsys):
    """Issue 14's rule for every screen: no id reaches the player — the crypt's skeletons
    read "Squelette 1" …, never ``skeleton_1``."""
    root = Path(__file__).resolve().parents[2]
    assert main(["simulate", str(root / "maps" / "crypt.toml"), "--battles", "1", "--max-rounds", "1",
                 "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Squelette 1" in out and "skeleton_1" not in out and "Tordek" in out


def test_the_99th_percentile_is_the_nearest_rank():
    """ceil(0.99 n)-th of the sorted samples (the play-test found ``round``'s halves to
    even giving the 100th of 100 and the 298th of 300)."""
    from game.simulate.summary import percentile
    assert percentile([float(i) for i in range(1, 101)], 0.99) == 99.0
    assert percentile([float(i) for i in range(1, 301)], 0.99) == 297.0
    assert percentile([5.0], 0.99) == 5.0 and percentile([], 0.99) == 0.0


def test_a_creature_asleep_at_the_end_is_not_counted_still_fighting():
    """Play-test: "Still up (hp above 0)" counted orcs asleep under a Sleep spell. Standing
    is the engine's rule for who keeps a side in the battle (``turns.in_the_fight``): the
    elf asleep in its walled nook, unhurt, is not; the fighter awake is."""
    from game.content.scenario import parse_scenario
    text = """seed = 2
[map]
grid = \"\"\"
###.......
#.#.......
###.......
\"\"\"
[[creature]]
id = "elf"
side = "blue"
at = [1, 1]
conditions = ["asleep", "helpless"]
[[creature]]
id = "fighter"
side = "blue"
at = [4, 1]
weapon = "longsword"
hp = 40
[[creature]]
id = "orc"
side = "red"
at = [9, 1]
weapon = "club"
hp = 40
"""
    r = play_battle(parse_scenario(text, "nook.toml"), 2, {"blue": "scripted", "red": "scripted"}, max_rounds=1)
    assert r.winner == "draw" and r.taken["elf"] == 0
    assert r.standing == {"elf": False, "fighter": True, "orc": True}


def test_the_balance_verdict_carries_its_margin_of_error():
    """A map maker's question (issue 12, "Done when"): is the map fair? 13-7 over 20 is within
    the 95 % margin of a fair coin; 25-5 over 30 is not; 4-1 is too few to judge."""
    from game.simulate.summary import balance, wilson_interval
    low, high = wilson_interval(13, 20)
    assert round(low, 3) == 0.433 and round(high, 3) == 0.819          # the Wilson score interval
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    fair = balance({"blue": 13, "red": 7, "draw": 3}, ["blue", "red"])
    assert fair["verdict"] == "balanced" and fair["decided"] == 20 and fair["fair_share"] == 0.5
    unfair = balance({"blue": 25, "red": 5, "draw": 0}, ["blue", "red"])
    assert unfair["verdict"] == "unbalanced" and unfair["ahead"] == ["blue"] and unfair["behind"] == ["red"]
    assert balance({"blue": 4, "red": 1, "draw": 0}, ["blue", "red"])["verdict"] == "too_few"
    three = balance({"a": 10, "b": 10, "c": 0, "draw": 0}, ["a", "b", "c"])
    assert three["fair_share"] == 0.3333 and three["behind"] == ["c"] and three["ahead"] == []


def test_the_table_reads_in_the_language_asked_with_the_verdict_and_sides_together(capsys):
    """Play-test (a map maker): with ``--lang en`` the table showed the French names the
    map gives beside its English ones, and French figures took points; creatures now come
    side by side, and the balance verdict is said with its margin of error."""
    root = Path(__file__).resolve().parents[2]
    argv = ["simulate", str(root / "maps" / "arena.toml"), "--battles", "2", "--max-rounds", "2"]
    assert main([*argv, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Lucia of the Whip" in out and "Lucia au fouet" not in out and "Balance:" in out
    creatures = out.split("(means per battle)")[1].strip().splitlines()[2:]
    sides = [line.split()[-5] for line in creatures]          # … side, dealt, taken, "75.0", "%"
    assert sides == sorted(sides, key=lambda s: sides.index(s))     # each side's creatures together
    assert main([*argv, "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Lucia au fouet" in out and "Équilibre" in out and ",0 %" in out and ".0 %" not in out


def test_the_report_says_the_level_ai_plays_at_and_what_an_illegal_command_is(capsys, skirmish_file):
    """Play-test: the table said "Refused commands: 0" where the JSON says
    ``illegal_commands`` (commands played that the engine refused, each battle a draw),
    and "ai" with no level. ``controls`` stays as given (other tools read it); the added
    ``controllers`` and the table say the level "ai" played at."""
    argv = ["simulate", str(skirmish_file), "--battles", "1", "--max-rounds", "2", "--control", "blue=ai",
            "--control", "red=ai:hard"]
    assert main([*argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["controls"] == {"blue": "ai", "red": "ai:hard"} and "illegal_commands" in out
    assert out["controllers"] == {"blue": "ai:normal", "red": "ai:hard"}
    for lang, illegal in (("en", "Illegal commands played"), ("fr", "Commandes illégales jouées")):
        assert main([*argv, "--lang", lang]) == 0
        text = capsys.readouterr().out
        assert illegal in text and "Refused commands" not in text
        rows = text.split("\n\n")[1].splitlines()[2:4]        # the sides' rows under the table's head
        assert [row.split()[1] for row in rows] == ["ai:normal", "ai:hard"], rows
