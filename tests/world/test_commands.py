"""Typed commands (issue 10, item 1): one parser refuses an unknown, mistyped or missing
argument with BAD_ARGUMENT naming the key, changing nothing; nested commands travel under
``command``, through the query tool too; commands round-trip through their JSON."""
from __future__ import annotations

import io
import json

import pytest
from combat_helpers import battle, creature, first

from game.query import run
from game.world.actions import ACTIONS
from game.world.commands import (COMMANDS, Attack, BadArgument, Charge, FullAttack, ManeuverStep, Move, OffHand, Ready,
                                 StartFullRound, StepTo, Strike, Trip, legacy_arguments, parse)

OPEN = "\n".join(["." * 10] * 6)


def duel(**a):
    return battle(OPEN, creature("a", "blue", (0, 0), weapon="longsword", initiative=20, **a),
                  creature("b", "red", (1, 0), weapon="longsword", initiative=10, hp=40))


def test_every_action_has_a_command_and_every_command_an_action():
    assert set(COMMANDS) == set(ACTIONS)


@pytest.mark.parametrize("args,key,problem", [
    ({"target": "b", "defensivly": True}, "defensivly", "unknown"),     # a misspelt flag is not ignored
    ({"target": 3}, "target", "malformed"),
    ({"target": "b", "defensively": "yes"}, "defensively", "malformed"),
    ({"target": "b", "cleave": [1]}, "cleave", "malformed"),
])
def test_a_bad_argument_is_refused_by_name_and_changes_nothing(args, key, problem):
    b = duel()
    before = json.dumps(b.state(), sort_keys=True)
    ok, refusal, events = b.act("a", "attack", args)
    assert not ok and events == []
    assert refusal.code == "BAD_ARGUMENT" and refusal.params == {"key": key, "problem": problem}
    assert json.dumps(b.state(), sort_keys=True) == before and len(b.dice.history) == 0


def test_a_missing_argument_is_named():
    ok, refusal, _ = duel().act("a", "move", {})
    assert not ok and refusal.params == {"key": "squares", "problem": "missing"}


def test_a_full_attack_plan_is_checked_step_by_step():
    b = duel()
    ok, refusal, _ = b.act("a", "full_attack", {"targets": ["b", {"trip": "b", "follow": True}]})
    assert not ok and refusal.params == {"key": "targets.follow", "problem": "unknown"}
    ok, refusal, _ = b.act("a", "full_attack", {"targets": [{"five_foot_step": [1]}]})
    assert not ok and refusal.params["key"] == "targets.five_foot_step"


def test_commands_round_trip_through_their_json():
    for command in (Move("a", squares=((1, 0), (2, 1))), Charge("a", target="b", end=(3, 4), counter=False),
                    FullAttack("a", targets=(Strike("b"), OffHand("b"), StepTo((1, 1)),
                                             ManeuverStep("trip", "b", (("counter", False),)))),
                    Ready("a", trigger="attacks", command=Trip("a", target="b", drop_weapon=True)),
                    StartFullRound("a", command=parse("a", "load", {}))):
        again = parse("a", command.action, json.loads(json.dumps(command.arguments())))
        assert again == command


def test_defaults_are_left_out_of_the_json_but_reach_the_handler():
    command = Attack("a", target="b")
    assert command.arguments() == {"target": "b"}
    assert command.handler_arguments() == {"target": "b", "defensively": False, "cleave": [], "power_attack": 0,
                                           "combat_expertise": 0, "stunning_fist": False, "feather_fall": []}


def test_every_command_takes_feather_fall_pairs_and_refuses_another_shape():
    """Any action may make a creature fall, so each takes the casters' answers (issue 11)."""
    assert parse("a", "move", {"squares": [[1, 1]], "feather_fall": [["w", "a"]]}).feather_fall == (("w", "a"),)
    assert Attack("a", target="b", feather_fall=(("w", "b"),)).arguments()["feather_fall"] == [["w", "b"]]
    for bad in (["w"], [["w"]], [["w", 3]], "w"):
        with pytest.raises(BadArgument) as caught:
            parse("a", "move", {"squares": [[1, 1]], "feather_fall": bad})
        assert caught.value.refusal.params == {"key": "feather_fall", "problem": "malformed"}


def test_the_window_and_the_tests_can_play_a_typed_command():
    b = duel()
    ok, _, events = b.act(Attack("a", target="b", defensively=True), dice=[15, 3])
    assert ok and "fighting_defensively" in b.board().body("a").conditions
    assert b.history[-1]["args"] == {"target": "b", "defensively": True}


def _ask(b, *requests) -> list[dict]:
    out = io.StringIO()
    run(b, io.StringIO("\n".join(json.dumps(r) for r in requests) + "\n"), out, lang="en")
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_query_act_refuses_a_misspelt_argument_by_name():
    b = duel()
    answer, = _ask(b, {"q": "act", "who": "a", "action": "attack", "target": "b", "defensivly": True})
    assert answer["legal"] is False and answer["reason_code"] == "BAD_ARGUMENT"
    assert "defensivly" in answer["reason"]


def test_query_readies_a_move_under_command():
    """Through the query tool, the readied action is a command of its own (it used to be
    swallowed: ``ready`` always readied an attack)."""
    b = battle(OPEN, creature("g", "blue", (0, 0), initiative=20, weapon="longsword"),
               creature("o", "red", (5, 0), initiative=10, weapon="greataxe"))
    ready, state = _ask(b, {"q": "act", "who": "g", "action": "ready", "trigger": "attacks",
                            "command": {"action": "move", "squares": [[0, 1]]}}, {"q": "state"})
    assert ready["legal"] is True
    assert state["readied"]["g"]["command"] == {"action": "move", "squares": [[0, 1]]}


def test_query_plays_the_french_texts_restricted_heavy_crossbow_reload():
    """French text ("commencer/terminer une action complexe"): a staggered crossbowman
    starts loading a heavy crossbow one round and completes it the next."""
    b = battle(OPEN, creature("x", "blue", (0, 0), weapon="heavy_crossbow", initiative=20, conditions=["staggered"],
                              loaded=False), creature("t", "red", (9, 5), initiative=10, hp=100, ac=5))
    answers = _ask(b, {"q": "act", "who": "x", "action": "start_full_round", "command": {"action": "load"}},
                   {"q": "act", "who": "x", "action": "end_turn"}, {"q": "act", "who": "t", "action": "end_turn"},
                   {"q": "act", "who": "x", "action": "complete_full_round"},
                   {"q": "act", "who": "x", "action": "end_turn"}, {"q": "act", "who": "t", "action": "end_turn"},
                   {"q": "act", "who": "x", "action": "attack", "target": "t", "dice": [15, 2, 2, 2, 2]})
    assert [a["legal"] for a in answers] == [True] * 7
    assert any(e["type"] == "WeaponLoaded" for e in answers[3]["events"])
    assert any(e["type"] == "AttackRolled" for e in answers[6]["events"])


def test_a_nested_command_with_a_bad_argument_is_named_by_its_path():
    ok, refusal, _ = duel().act("a", "ready", {"trigger": "attacks", "command": {"action": "attack", "traget": "b"}})
    assert not ok and refusal.params == {"key": "command.traget", "problem": "unknown"}


def test_old_saves_readied_actions_are_read_as_commands():
    assert legacy_arguments("ready", {"action": "move", "trigger": "attacks", "with": {"squares": [[0, 1]]}}) == \
        {"trigger": "attacks", "command": {"action": "move", "squares": [[0, 1]]}}
    assert legacy_arguments("attack", {"target": "b"}) == {"target": "b"}


def test_a_readied_attack_without_a_target_strikes_whoever_sets_it_off():
    b = battle(OPEN, creature("g", "blue", (0, 0), initiative=20, weapon="longspear"),
               creature("o", "red", (5, 0), initiative=10, weapon="greataxe", hp=50))
    assert b.act(Ready("g", trigger="enemy_moves_within_reach"))[0]
    b.act("g", "end_turn")
    ok, _, events = b.act("o", "move", {"squares": [[4, 0], [3, 0], [2, 0]]}, dice=[15, 3, 3])
    assert ok and first(events, "AttackRolled").target == "o"


def test_a_word_argument_takes_only_its_words_a_misspelt_one_is_refused_before_anything():
    """The audit's two cases: a charge's ``maneuver: "trp"`` was refused only at the end of
    the charge (after the attacks of opportunity's dice; ``check`` said legal), and an
    overrun's ``defender: "blok"`` was played as a block. Every word argument is now one
    of its words (``Command.CHOICES``), refused by the parser with its key."""
    from game.i18n import sentence
    from game.rules.reasons import Refusal
    from game.world.actions.attacking import MANEUVERS
    from game.world.commands.catalogue import CHARGE_MANEUVERS
    b = duel()
    for action, args, key in (("charge", {"target": "b", "maneuver": "trp"}, "maneuver"),
                              ("charge", {"target": "b", "overrun": "b", "defender": "blok"}, "defender"),
                              ("overrun", {"target": "b", "squares": [[1, 0]], "defender": "blok"}, "defender"),
                              ("ride", {"mode": "gallop"}, "mode"), ("aid_another", {"ally": "b", "help": "heal"}, "help"),
                              ("break_free", {"method": "magic"}, "method")):
        assert b.check("a", action, args) == Refusal("BAD_ARGUMENT", {"key": key, "problem": "not_a_choice"}), action
        ok, refusal, events = b.act("a", action, args)
        assert not ok and events == [] and refusal.params == {"key": key, "problem": "not_a_choice"}
    assert "not one of the words it takes" in sentence("BAD_ARGUMENT", {"key": "defender", "problem": "not_a_choice"}, "en")
    # what a charge may end in is what the charge plays: a bull rush, a trip, the special attacks
    assert set(CHARGE_MANEUVERS) == {"bull_rush", "trip"} | set(MANEUVERS)
    assert parse("a", "charge", {"target": "b", "maneuver": "bull_rush", "defender": "avoid"}).maneuver == "bull_rush"
