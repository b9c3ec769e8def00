"""Readying (French text, "préparer une action": "une action simple, une action de mouvement
ou une action libre" that goes off on "une condition particulière"): any of those actions,
on a trigger the player picks from a list — an enemy coming within reach, attacking,
casting, charging, coming into sight, or reaching a square it names."""
from combat_helpers import battle, creature, first, types

from game.world.asking import choice_questions
from game.rules.sight import has_line_of_sight
from game.world.commands import Ready

OPEN = "\n".join("." * 10 for _ in range(6))
WALLED = "\n".join(["..........", "..........", "...#......", "...#......", "..........", ".........."])


def test_a_readied_trip_goes_off_when_an_enemy_attacks_and_trips_the_attacker():
    b = battle(OPEN, creature("t", "blue", (2, 2), weapon="unarmed", initiative=20, hp=30,
                              feats=["improved_trip", "improved_unarmed_strike"], str=18),
               creature("orc", "red", (3, 2), weapon="club", initiative=10, hp=30, str=10))
    ok, _, _ = b.act("t", "ready", {"trigger": "attacks", "command": {"action": "trip"}})
    assert ok
    b.act("t", "end_turn")
    ok, _, ev = b.act("orc", "attack", {"target": "t"}, dice=[15, 3, 5, 1, 1])
    assert ok and first(ev, "ReadiedActionTriggered").who == "t"
    assert types(ev).index("ReadiedActionTriggered") < types(ev).index("AttackRolled")
    assert first(ev, "OpposedCheck").attacker == "t"            # the trip is aimed at whoever attacked


def test_a_readied_attack_waits_for_an_enemy_to_reach_the_named_square():
    b = battle(OPEN, creature("a", "blue", (0, 2), weapon="longbow", initiative=20),
               creature("orc", "red", (9, 2), initiative=10, hp=30))
    assert b.act("a", "ready", {"trigger": "reaches_square", "square": [6, 2], "command": {"action": "attack"}})[0]
    b.act("a", "end_turn")
    ok, _, ev = b.act("orc", "move", {"squares": [[8, 2], [7, 2], [6, 2], [5, 2]]}, dice=[2])
    trigger = first(ev, "ReadiedActionTriggered")
    moved = [e for e in ev if type(e).__name__ in ("ReadiedActionTriggered", "AttackRolled")]
    assert ok and trigger.who == "a" and [type(e).__name__ for e in moved] == ["ReadiedActionTriggered", "AttackRolled"]
    ok, refusal, _ = battle(OPEN, creature("a", "blue", (0, 2), initiative=20),
                            creature("orc", "red", (9, 2), initiative=10)).act("a", "ready", {"trigger": "reaches_square"})
    assert not ok and refusal.code == "READY_NEEDS_SQUARE"


def test_a_readied_shot_goes_off_when_an_enemy_steps_out_from_behind_a_wall():
    def hidden_orc():
        b = battle(WALLED, creature("a", "blue", (1, 2), weapon="longbow", initiative=20),
                   creature("orc", "red", (5, 3), initiative=10, hp=30))
        board = b.board()
        assert not has_line_of_sight(board, board.body("a"), board.body("orc"))       # behind the wall
        assert b.act("a", "ready", {"trigger": "comes_into_sight", "command": {"action": "attack"}})[0]
        b.act("a", "end_turn")
        return b
    b = hidden_orc()
    ok, _, ev = b.act("orc", "move", {"squares": [[6, 3]]})
    assert ok and "ReadiedActionTriggered" not in types(ev)        # still out of sight: it waits
    b = hidden_orc()
    ok, _, ev = b.act("orc", "move", {"squares": [[5, 4], [5, 5]]}, dice=[2])
    assert ok and first(ev, "ReadiedActionTriggered").who == "a" and first(ev, "AttackRolled").attacker == "a"


def test_the_window_asks_what_to_ready_when_and_for_a_square_which():
    b = battle(OPEN, creature("a", "blue", (0, 2), initiative=20), creature("orc", "red", (9, 2), initiative=10))
    asked = choice_questions(b, Ready("a", trigger="attacks"))
    assert [q.argument for q in asked] == ["command", "trigger"]
    assert "trip" in [c.action for c in asked[0].choices] and "reaches_square" in asked[1].choices
    asked = choice_questions(b, Ready("a", trigger="reaches_square"))
    assert asked[-1].argument == "square" and (5, 2) in asked[-1].choices and (0, 2) not in asked[-1].choices


def test_a_readied_move_is_lost_once_its_creature_is_grappled():
    """A readied action obeys what forbids the action itself (French text, "lutte": a
    grappled creature "n'intervient plus sur le reste du combat"): a move readied before
    the grab does not go off from inside the grapple."""
    b = battle(OPEN, creature("r", "blue", (2, 2), initiative=20, hp=30),
               creature("orc", "red", (3, 2), initiative=10, hp=30, str=18, bab=2,
                        feats=["improved_unarmed_strike"]),
               creature("gob", "red", (9, 5), initiative=5, hp=10))
    ok, refusal, _ = b.act("r", "ready", {"trigger": "reaches_square", "square": [8, 5],
                                          "command": {"action": "move", "squares": [[1, 2]]}})
    assert ok, refusal
    b.act("r", "end_turn")
    ok, refusal, _ = b.act("orc", "grapple", {"target": "r"}, dice=[15, 18, 2, 2])
    assert ok and "grappling" in b.board().body("r").conditions, refusal
    b.act("orc", "end_turn")
    ok, _, ev = b.act("gob", "move", {"squares": [[8, 5]]})
    failed = first(ev, "ReadiedActionFailed")
    assert ok and failed.who == "r" and failed.reason == "GRAPPLED_CANNOT"
    assert b.board().body("r").pos == (2, 2) and "grappling" in b.board().body("r").conditions   # still held
