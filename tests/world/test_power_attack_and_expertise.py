"""Power Attack and Combat Expertise (SRD, Feats; the French text: fighting defensively's
dodge bonus "se cumule avec celui du don Expertise du combat"): chosen with the attack,
melee only, up to the base attack bonus (Expertise: 5), lasting until the creature's next
turn, asked of its player before the attack."""
from combat_helpers import battle, creature, first

from game.world.asking import choice_questions
from game.world.commands import Attack, Charge
from game.world.components import TurnState

OPEN = "\n".join("." * 10 for _ in range(6))


def duel(weapon="longsword", feats=("power_attack",), bab=4, **mine):
    return battle(OPEN, creature("f", "blue", (2, 2), weapon=weapon, bab=bab, str=10, initiative=20, feats=list(feats),
                                 **mine),
                  creature("o", "red", (3, 2), weapon="longsword", bab=1, str=10, initiative=10, hp=100, ac=5))


def test_power_attack_trades_attack_for_damage_with_a_one_handed_weapon():
    b = duel()
    ok, _, ev = b.act("f", "attack", {"target": "o", "power_attack": 3}, dice=[15, 4])
    roll, hit = first(ev, "AttackRolled"), first(ev, "DamageDealt")
    assert ok and roll.bonus == 4 - 3 and (-3, "untyped", "power_attack") in roll.bonus_breakdown
    assert hit.amount == 4 + 3


def test_power_attack_doubles_with_two_hands_and_adds_nothing_with_a_light_weapon():
    b = duel(weapon="greatsword")
    ok, _, ev = b.act("f", "attack", {"target": "o", "power_attack": 2}, dice=[15, 3, 4])
    assert ok and first(ev, "AttackRolled").bonus == 2 and first(ev, "DamageDealt").amount == 3 + 4 + 2 * 2
    b = duel(weapon="dagger")
    ok, _, ev = b.act("f", "attack", {"target": "o", "power_attack": 2}, dice=[15, 3])
    assert ok and first(ev, "AttackRolled").bonus == 2 and first(ev, "DamageDealt").amount == 3   # the penalty only


def test_power_attack_is_refused_without_the_feat_beyond_the_bonus_or_at_range_and_changes_nothing():
    for b, args, code in (
            (duel(feats=()), {"power_attack": 1}, "NO_POWER_ATTACK_FEAT"),
            (duel(), {"power_attack": 5}, "TOO_MANY_POINTS"),
            (duel(), {"power_attack": -1}, "BAD_ARGUMENT"),
            (duel(weapon="longbow"), {"power_attack": 1}, "MELEE_ONLY_FEAT")):
        ok, refusal, _ = b.act("f", "attack", {"target": "o", **args})
        assert not ok and refusal.code == code, (args, refusal)
        assert b.comp("f", TurnState).standard and b.fighter("f").power_attack == 0     # nothing spent, nothing kept
    ok, refusal, _ = duel().act("f", "attack", {"target": "o", "power_attack": 5})
    assert refusal.params == {"feat": "power_attack", "limit": 4}


def test_the_points_last_until_its_next_turn_on_its_attacks_of_opportunity_too():
    b = duel()
    ok, _, _ = b.act("f", "attack", {"target": "o", "power_attack": 2}, dice=[1])
    assert ok and b.fighter("f").power_attack == 2
    b.act("f", "end_turn")
    # The orc walks away: f's attack of opportunity still carries the -2 (and the +2 damage).
    ok, _, ev = b.act("o", "move", {"squares": [[4, 2], [5, 2]]}, dice=[15, 5])
    aoo = first(ev, "AttackRolled")
    assert ok and aoo.opportunity and aoo.attacker == "f" and aoo.bonus == 2
    assert first(ev, "DamageDealt").amount == 5 + 2
    b.act("o", "end_turn")
    assert b.turn == "f" and b.fighter("f").power_attack == 0          # chosen again on each turn


def test_a_charge_takes_power_attack_but_not_combat_expertise():
    b = battle(OPEN, creature("f", "blue", (0, 2), weapon="longsword", bab=4, str=10, initiative=20,
                              feats=["power_attack", "combat_expertise"]),
               creature("o", "red", (6, 2), weapon="longsword", str=10, initiative=10, hp=100, ac=5))
    ok, refusal, _ = b.act("f", "charge", {"target": "o", "combat_expertise": 1})
    assert not ok and refusal.code == "BAD_ARGUMENT" and refusal.params["key"] == "combat_expertise"
    ok, _, ev = b.act(Charge("f", target="o", end=(5, 2), power_attack=4), dice=[15, 6])
    assert ok and first(ev, "AttackRolled").bonus == 4 + 2 - 4 and first(ev, "DamageDealt").amount == 6 + 4


def test_combat_expertise_is_a_dodge_bonus_that_stacks_with_fighting_defensively():
    b = duel(feats=("combat_expertise",), dex=10)
    ok, _, ev = b.act(Attack("f", target="o", defensively=True, combat_expertise=3), dice=[1])
    assert ok and first(ev, "AttackRolled").bonus == 4 - 4 - 3
    b.act("f", "end_turn")
    ok, _, ev = b.act("o", "attack", {"target": "f"}, dice=[1])
    parts = first(ev, "AttackRolled").ac_breakdown
    assert (3, "dodge", "combat_expertise") in parts and (2, "dodge", "fighting_defensively") in parts
    assert first(ev, "AttackRolled").ac == 10 + 3 + 2


def test_combat_expertise_stops_at_five_and_goes_with_a_full_attack():
    b = duel(feats=("combat_expertise",), bab=8)
    ok, refusal, _ = b.act("f", "full_attack", {"targets": ["o", "o"], "combat_expertise": 6})
    assert not ok and refusal.code == "TOO_MANY_POINTS" and refusal.params["limit"] == 5
    ok, _, ev = b.act("f", "full_attack", {"targets": ["o", "o"], "combat_expertise": 5}, dice=[1, 1])
    rolls = [e for e in ev if type(e).__name__ == "AttackRolled"]
    assert ok and [r.bonus for r in rolls] == [8 - 5, 3 - 5]


def test_the_attacker_with_the_feat_is_asked_how_many_points_in_melee_only():
    b = duel(feats=("power_attack", "combat_expertise"))
    asked = {q.argument: q for q in choice_questions(b, Attack("f", target="o"))}
    assert asked["power_attack"].to == "f" and asked["power_attack"].choices == (0, 1, 2, 3, 4)
    assert asked["combat_expertise"].choices == (0, 1, 2, 3, 4)
    assert "combat_expertise" not in {q.argument for q in choice_questions(b, Charge("f", target="o"))}
    assert not choice_questions(duel(feats=()), Attack("f", target="o"))
    assert not choice_questions(duel(weapon="longbow"), Attack("f", target="o"))
