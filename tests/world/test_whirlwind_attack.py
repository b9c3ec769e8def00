"""Whirlwind Attack, the French text's own example of a feat that gives an action ("Certains
dons, tels qu'Attaque en rotation, permettent d'exécuter des actions spécifiques au
combat"), as the SRD gives it: a full attack of one attack at the full base attack bonus
on each opponent in reach, with no extra attacks from other feats or spells."""
from combat_helpers import battle, creature

from game.world.components import TurnState

OPEN = "\n".join("." * 10 for _ in range(6))


def ring(feats=("whirlwind_attack",), weapon="longsword", **mine):
    return battle(OPEN, creature("w", "blue", (4, 2), weapon=weapon, bab=6, str=10, initiative=20, feats=list(feats),
                                 **mine),
                  creature("a", "red", (5, 2), initiative=10, hp=50, ac=5),
                  creature("b", "red", (3, 3), initiative=9, hp=50, ac=5),
                  creature("c", "red", (4, 1), initiative=8, hp=50, ac=5),
                  creature("far", "red", (8, 5), initiative=7, hp=50, ac=5),
                  creature("pal", "blue", (3, 1), initiative=6, hp=50))


def rolls(ev):
    return [e for e in ev if type(e).__name__ == "AttackRolled"]


def test_one_attack_at_the_full_bonus_on_each_opponent_in_reach_and_none_on_friends_or_the_far():
    b = ring()
    ok, _, ev = b.act("w", "whirlwind_attack", {}, dice=[15, 3, 15, 4, 1])
    assert ok and sorted(r.target for r in rolls(ev)) == ["a", "b", "c"]
    assert all(r.bonus == 6 for r in rolls(ev))                          # never the -5 of an iterative
    assert not b.comp("w", TurnState).standard and not b.comp("w", TurnState).move       # a full-round action


def test_haste_adds_no_extra_attack_to_a_whirlwind():
    b = ring(conditions=["hasted"])
    ok, _, ev = b.act("w", "whirlwind_attack", {}, dice=[1, 1, 1])
    assert ok and len(rolls(ev)) == 3                                    # one per opponent, no more


def test_power_attack_goes_with_a_whirlwind():
    b = ring(feats=("whirlwind_attack", "power_attack"))
    ok, _, ev = b.act("w", "whirlwind_attack", {"power_attack": 2}, dice=[1, 1, 1])
    assert ok and all(r.bonus == 6 - 2 for r in rolls(ev))


def test_whirlwind_is_refused_without_the_feat_with_a_bow_or_with_nobody_in_reach():
    for b, code in ((ring(feats=()), "NO_WHIRLWIND_ATTACK_FEAT"), (ring(weapon="longbow"), "MELEE_ONLY_FEAT")):
        ok, refusal, _ = b.act("w", "whirlwind_attack", {})
        assert not ok and refusal.code == code and b.options("w")["whirlwind_attack"].refusal.code == code
    lone = battle(OPEN, creature("w", "blue", (0, 0), weapon="longsword", bab=6, initiative=20, feats=["whirlwind_attack"]),
                  creature("far", "red", (8, 5), initiative=7))
    ok, refusal, _ = lone.act("w", "whirlwind_attack", {})
    assert not ok and refusal.code == "NO_FOE_IN_REACH" and lone.comp("w", TurnState).standard


def test_options_offer_it_with_the_opponents_it_would_strike():
    option = ring().options("w")["whirlwind_attack"]
    assert option.legal and option.domain["targets"] == ["a", "b", "c"]
