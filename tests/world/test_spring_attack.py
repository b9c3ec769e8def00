"""Spring Attack and Shot on the Run (SRD, Feats): with the attack action, move before and
after the attack within the creature's speed; Spring Attack provokes no attack of
opportunity from the defender (others still may) and not in heavy armour."""
from combat_helpers import battle, creature, first, types

from game.world.asking import choice_questions
from game.world.commands import SpringAttack
from game.world.components import TurnState

OPEN = "\n".join("." * 12 for _ in range(6))


def duel(feats=("spring_attack",), weapon="longsword", **mine):
    return battle(OPEN, creature("s", "blue", (1, 2), weapon=weapon, initiative=20, speed=9, feats=list(feats), **mine),
                  creature("orc", "red", (5, 2), weapon="greataxe", initiative=10, hp=40, ac=5))


def test_move_strike_and_move_away_without_the_defenders_attack_of_opportunity():
    b = duel()
    ok, _, ev = b.act("s", "spring_attack", {"target": "orc", "before": [[2, 2], [3, 2], [4, 2]],
                                             "after": [[3, 2], [2, 2]]}, dice=[15, 4])
    rolls = [e for e in ev if type(e).__name__ == "AttackRolled"]
    assert ok and [r.attacker for r in rolls] == ["s"] and not any(r.opportunity for r in rolls)
    assert b.board().body("s").pos == (2, 2)
    ts = b.comp("s", TurnState)
    assert not ts.standard and not ts.move and ts.moved and not ts.five_foot      # the attack and the move


def test_without_the_feat_spring_attack_is_refused_and_walking_away_from_the_orc_provokes():
    ok, refusal, _ = duel(feats=()).act("s", "spring_attack", {"target": "orc", "before": [[2, 2], [3, 2], [4, 2]]})
    assert not ok and refusal.code == "NO_SPRING_ATTACK_FEAT"
    plain = battle(OPEN, creature("s", "blue", (4, 2), weapon="longsword", initiative=20, speed=9),
                   creature("orc", "red", (5, 2), weapon="greataxe", initiative=10, hp=40, ac=5))
    ok, _, ev = plain.act("s", "move", {"squares": [[3, 2], [2, 2]]}, dice=[1])
    assert ok and first(ev, "AttackRolled").opportunity and first(ev, "AttackRolled").attacker == "orc"


def test_the_whole_move_is_at_most_its_speed_and_heavy_armour_forbids_it():
    b = duel()
    ok, refusal, _ = b.act("s", "spring_attack", {"target": "orc", "before": [[2, 2], [3, 2], [4, 2]],
                                                  "after": [[3, 2], [2, 2], [1, 2], [0, 2]]})
    assert not ok and refusal.code == "TOO_FAR" and b.board().body("s").pos == (1, 2)    # nothing moved
    ok, refusal, _ = duel(armor="full_plate").act("s", "spring_attack", {"target": "orc", "before": [[2, 2], [3, 2], [4, 2]]})
    assert not ok and refusal.code == "SPRING_ATTACK_HEAVY_ARMOR"


def test_shot_on_the_run_moves_around_a_shot():
    b = duel(feats=("shot_on_the_run",), weapon="longbow")
    ok, _, ev = b.act("s", "spring_attack", {"target": "orc", "before": [[1, 1]], "after": [[0, 1]]}, dice=[15, 4])
    assert ok and first(ev, "AttackRolled").kind == "ranged" and b.board().body("s").pos == (0, 1)
    assert types(ev).count("Moved") == 2


def test_the_window_asks_where_to_strike_from_then_where_to_end():
    b = duel()
    asked = choice_questions(b, SpringAttack("s", target="orc"))
    assert asked[0].argument == "from_square" and (4, 2) in asked[0].choices and (1, 2) not in asked[0].choices
    asked = choice_questions(b, SpringAttack("s", target="orc", from_square=(4, 2)))
    ends = asked[-1].choices
    assert asked[-1].argument == "to_square" and (4, 2) in ends and (1, 2) in ends and (0, 2) not in ends
    ok, _, _ = b.act(SpringAttack("s", target="orc", from_square=(4, 2), to_square=(2, 2)), dice=[15, 4])
    assert ok and b.board().body("s").pos == (2, 2)
    assert b.options("s")["spring_attack"].refusal is not None                       # done for this round
