"""The query protocol's asking requests (design/query-protocol.md, "Asking before acting"):
``options``, ``check``, ``preview`` and ``odds`` change nothing, agree with ``act``, and
refuse a misspelt argument by name."""
from __future__ import annotations

import io
import json
from fractions import Fraction
from pathlib import Path

import pytest

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.query import run
from game.world.commands import COMMANDS
from tests.boards import open_grid, scenario_text

ROOT = Path(__file__).resolve().parents[1]

DUEL = scenario_text(
    open_grid(10, 4),
    {"id": "hero", "side": "blue", "at": [1, 1], "weapon": "longsword", "bab": 4, "str": 14, "initiative": 20},
    {"id": "orc", "side": "red", "at": [2, 1], "weapon": "greataxe", "hp": 30, "ac": 14, "initiative": 10},
    {"id": "archer", "side": "red", "at": [7, 3], "weapon": "shortbow", "initiative": 5},
    seed=9)


def ask(battle, *requests) -> list[dict]:
    out = io.StringIO()
    run(battle, io.StringIO("\n".join(json.dumps(r) for r in requests) + "\n"), out, lang="en")
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.fixture
def duel():
    b = Battle(parse_scenario(DUEL, "duel.toml"))
    yield b
    b.close()


def test_asking_changes_nothing(duel):
    before = ask(duel, {"q": "state"})[0]
    ask(duel, {"q": "options", "who": "hero"},
        {"q": "check", "who": "hero", "action": "attack", "target": "orc"},
        {"q": "preview", "who": "hero", "action": "move", "squares": [[1, 2], [2, 3]]},
        {"q": "odds", "who": "hero", "target": "orc", "action": "full_attack"})
    assert ask(duel, {"q": "state"})[0] == before and len(duel.dice.history) == 0


def test_options_lists_every_action_offered_with_domains_or_refused_with_the_reason(duel):
    answer, = ask(duel, {"q": "options", "who": "hero"})
    actions = answer["actions"]
    assert set(actions) == set(COMMANDS)
    assert actions["attack"]["legal"] and actions["attack"]["targets"] == ["orc"]
    assert actions["move"]["legal"] and [2, 2, 1.5] in actions["move"]["squares"]
    assert actions["stand_up"] == {"legal": False, "reason_code": "NOT_PRONE", "reason": "It is not prone.",
                                   "example": {"action": "stand_up"}}
    # the orc next to it is too close to charge, but it stands in the lane to the archer:
    # the charge overruns it on the way (French text, "renversement")
    assert actions["charge"]["legal"] and actions["charge"]["targets"] == {}
    assert actions["charge"]["overruns"]["archer"]["through"] == "orc"
    checked, = ask(duel, {"q": "check", "who": "hero", "action": "charge", "target": "orc"})
    assert checked["reason_code"] == "CHARGE_TOO_CLOSE"


def test_check_says_what_act_says(duel):
    for request in ({"action": "attack", "target": "archer"}, {"action": "charge", "target": "orc"},
                    {"action": "five_foot_step", "to": [5, 5]}, {"action": "attack", "target": "orc"}):
        checked, = ask(duel, {"q": "check", "who": "hero", **request})
        token = duel.snapshot()
        acted, = ask(duel, {"q": "act", "who": "hero", **request})
        duel.restore(token)
        assert checked["legal"] == acted["legal"]
        if not acted["legal"]:
            assert checked["reason_code"] == acted["reason_code"] and checked["reason"] == acted["reason"]


def test_preview_shows_the_path_who_it_provokes_and_the_questions(duel):
    answer, = ask(duel, {"q": "preview", "who": "hero", "action": "move", "squares": [[1, 2], [1, 3]]})
    assert answer["legal"] and answer["walks"][0]["path"] == [[1, 1], [1, 2], [1, 3]]
    assert answer["provokes"] == [{"by": "orc", "at": [1, 1]}]          # leaving the square next to it
    assert [q for q in answer["questions"] if q["to"] == "orc" and q["argument"] is None]
    aoo, = answer["attacks"]
    assert aoo["attacker"] == "orc" and aoo["opportunity"] and aoo["needs"] == min(20, max(2, aoo["ac"] - aoo["bonus"]))


def test_preview_of_a_trip_asks_the_defender_before_anything_is_rolled(duel):
    answer, = ask(duel, {"q": "preview", "who": "hero", "action": "trip", "target": "orc"})
    assert {"to": "orc", "about": "UI_COUNTER", "argument": "counter", "choices": [True, False]} in answer["questions"]
    touch = next(a for a in answer["attacks"] if a["attacker"] == "hero")
    assert touch["kind"] == "touch" and touch["damage"] is None
    assert answer["checks"][0]["kind"] == "trip"


def test_odds_are_exact_for_an_attack_and_a_full_attack(duel):
    attack, full = ask(duel, {"q": "odds", "who": "hero", "target": "orc", "action": "attack"},
                       {"q": "odds", "who": "hero", "target": "orc", "action": "full_attack"})
    # +6 (bab 4, Str +2) against AC 14: 13 faces of 20 hit; 19-20 threaten and confirm 13/20
    assert attack["hit"] == pytest.approx(13 / 20, abs=1e-9)
    assert attack["crit"] == pytest.approx(2 / 20 * 13 / 20, abs=1e-9)
    crit = Fraction(2, 20) * Fraction(13, 20)
    mean = (Fraction(13, 20) - crit) * Fraction(13, 2) + crit * 13          # 1d8+2, x2
    assert attack["expected_damage"] == pytest.approx(float(mean), abs=1e-6)
    assert full["hit"] == attack["hit"] and full["expected_damage"] == pytest.approx(attack["expected_damage"], abs=1e-9)


def test_odds_of_a_maneuver_give_the_chance_to_win_the_opposed_check(duel):
    trip, = ask(duel, {"q": "odds", "who": "hero", "target": "orc", "action": "trip"})
    assert 0 < trip["success"] < 1 and 0 < trip["hit"] <= 1


def test_odds_match_the_engines_own_rolls(duel):
    """A sample of real attacks, the engine rolling with a new seed each time, lands within
    four standard errors of the exact expected damage."""
    expected, = ask(duel, {"q": "odds", "who": "hero", "target": "orc", "action": "attack"})
    total = squares = 0.0
    n = 800
    for seed in range(n):
        b = Battle(parse_scenario(DUEL.replace("seed = 9", f"seed = {seed}"), "duel.toml"))
        ok, _refusal, events = b.act("hero", "attack", {"target": "orc"})
        b.close()
        assert ok
        dealt = sum(e.amount for e in events if type(e).__name__ == "DamageDealt")
        total += dealt
        squares += dealt * dealt
    mean = total / n
    error = ((squares / n - mean * mean) / n) ** 0.5
    assert abs(mean - expected["expected_damage"]) < 4 * error


@pytest.mark.parametrize("q", ["check", "preview", "odds"])
def test_a_misspelt_argument_is_refused_by_name(duel, q):
    answer, = ask(duel, {"q": q, "who": "hero", "action": "attack", "target": "orc", "defensivly": True})
    assert answer["ok"] and answer["legal"] is False and answer["reason_code"] == "BAD_ARGUMENT"
    assert "defensivly" in answer["reason"]


def test_the_ford_example_answers_the_asking_requests():
    """The shared example's map, through the real command line."""
    import subprocess
    import sys
    requests = [{"q": "options", "who": "tordek"}, {"q": "check", "who": "tordek", "action": "end_turn"},
                {"q": "odds", "who": "tordek", "target": "gnoll", "action": "charge"}]
    proc = subprocess.run([sys.executable, "-m", "game", "query", str(ROOT / "tests" / "scenarios" / "ford.toml"),
                           "--lang", "en"], input="\n".join(json.dumps(r) for r in requests) + "\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    options, check, odds = [json.loads(line) for line in proc.stdout.splitlines()]
    assert options["ok"] and options["actions"]["end_turn"]["legal"] and check == {"ok": True, "legal": True}
    assert odds["ok"] and "legal" in odds


CLIFF = scenario_text(
    "\n".join([".......", "...^...", ".......", ".......", "......."]),
    {"id": "hero", "side": "blue", "at": [2, 1], "hp": 30, "initiative": 20},
    {"id": "wiz", "side": "blue", "at": [1, 4], "hp": 10, "int": 16, "initiative": 15,
     "spells": ["feather_fall"], "caster_class": "wizard", "caster_level": 3},
    {"id": "archer", "side": "red", "at": [6, 4], "weapon": "shortbow", "initiative": 10},
    seed=9)


def test_feather_fall_is_asked_in_the_preview_and_answered_with_the_command():
    """French text, "Action immédiate": « une action immédiate peut être entreprise à tout
    moment (même hors du tour de jeu du personnage) »: the archer's shot at a climber asks
    the wizard; the answer is the command's ``feather_fall``."""
    b = Battle(parse_scenario(CLIFF, "cliff.toml"))
    try:
        climbed, *_ = ask(b, {"q": "act", "who": "hero", "action": "climb", "squares": [[3, 1]], "dice": [20]},
                          {"q": "act", "who": "hero", "action": "end_turn"}, {"q": "act", "who": "wiz", "action": "end_turn"})
        assert climbed["legal"]
        before, = ask(b, {"q": "state"})
        assert before["creatures"]["wiz"]["spells"] == ["feather_fall"]
        seen, = ask(b, {"q": "preview", "who": "archer", "action": "attack", "target": "hero"})
        asked = [q for q in seen["questions"] if q["argument"] == "feather_fall"]
        assert asked == [{"to": "wiz", "about": "UI_FEATHER_FALL", "argument": "feather_fall",
                          "choices": [[], [["wiz", "hero"]]], "against": "hero"}]
        played, state = ask(b, {"q": "act", "who": "archer", "action": "attack", "target": "hero",
                                "feather_fall": [["wiz", "hero"]], "dice": [19, 3, 1]}, {"q": "state"})
        assert played["legal"] and "FallSlowed" in [e["type"] for e in played["events"]]
        assert state["creatures"]["hero"]["hp"] == 30 - 3 and not state["creatures"]["wiz"].get("spells")
        refused, = ask(b, {"q": "check", "who": "archer", "action": "attack", "target": "hero",
                           "feather_fall": ["wiz"]})
        assert refused["reason_code"] == "BAD_ARGUMENT"
    finally:
        b.close()
