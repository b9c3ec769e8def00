"""Exact chances (game/rules/odds.py): each figure counted by hand from the d20 faces and
the damage dice, and checked against an enumeration of every roll."""
from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, strategies as st

from game.rules.odds import (AttackPlan, attack_odds, combined_multiplier, damage_distribution, drop_chance, hit_chance,
                             opposed_win_chance, threat_chance)


def plan(**kw) -> AttackPlan:
    base = dict(attacker="a", target="b", weapon="longsword", kind="melee", bonus=5, ac=15, threat_from=19,
                crit_multiplier=2, dice=(1, 8), damage_bonus=3)
    return AttackPlan(**{**base, **kw})


def test_a_natural_1_misses_and_a_natural_20_hits_whatever_the_numbers():
    assert hit_chance(bonus=50, ac=10) == Fraction(19, 20)
    assert hit_chance(bonus=-50, ac=10) == Fraction(1, 20)
    assert hit_chance(bonus=5, ac=15) == Fraction(11, 20)        # 10..20


def test_a_threat_needs_a_hit():
    assert threat_chance(bonus=0, ac=30, threat_from=19) == Fraction(1, 20)    # only the 20 hits
    assert threat_chance(bonus=5, ac=15, threat_from=19) == Fraction(2, 20)


def test_longsword_odds_by_hand():
    """+5 against AC 15, 1d8+3, 19-20/x2: hit 11/20; crit 2/20 x 11/20; mean damage
    (11/20 - 11/200) x 7.5 + 11/200 x 15."""
    odds = attack_odds(plan())
    assert odds.hit == Fraction(11, 20)
    assert odds.crit == Fraction(2, 20) * Fraction(11, 20)
    assert odds.expected_damage == (Fraction(11, 20) - odds.crit) * Fraction(15, 2) + odds.crit * 15


def test_damage_reduction_and_the_one_point_minimum_by_enumeration():
    """1d4-3 against DR 2: every roll is at least 1 before the reduction, then 2 come off."""
    dist = damage_distribution(1, 4, -3, 1)
    assert dist == {1: Fraction(1)}
    odds = attack_odds(plan(dice=(1, 4), damage_bonus=-3, damage_reduction=2, threat_from=21))
    assert odds.expected_damage == 0
    odds = attack_odds(plan(dice=(2, 6), damage_bonus=0, damage_reduction=5, threat_from=21, bonus=40, ac=10))
    by_hand = sum(max(0, a + b - 5) for a, b in itertools.product(range(1, 7), repeat=2)) / Fraction(36)
    assert odds.expected_damage == Fraction(19, 20) * by_hand


def test_a_miss_chance_is_rolled_after_the_hit():
    odds = attack_odds(plan(miss_chance=50))
    assert odds.hit == Fraction(11, 40)
    assert odds.crit == Fraction(2, 20) * Fraction(11, 20) / 2


def test_multipliers_add_a_x3_critical_on_a_lance_charge_rolls_four_times():
    assert combined_multiplier(3, 2) == 4 and combined_multiplier(2, 2) == 3 and combined_multiplier(1) == 1
    lance = attack_odds(plan(dice=(1, 8), damage_bonus=0, crit_multiplier=3, threat_from=20, damage_multiplier=2,
                             bonus=40, ac=10))
    # a hit is 19/20; a crit needs the 20 (1/20) and a confirmation (19/20); normal x2, critical x4
    crit = Fraction(1, 20) * Fraction(19, 20)
    assert lance.expected_damage == (Fraction(19, 20) - crit) * 9 + crit * 18


def test_a_coup_de_grace_always_crits():
    odds = attack_odds(plan(automatic_critical=True, dice=(1, 6), damage_bonus=0, crit_multiplier=3))
    assert odds.hit == 1 and odds.crit == 1 and odds.expected_damage == Fraction(21, 2)


def test_opposed_checks_ties_go_to_the_higher_bonus_then_are_rolled_again():
    assert opposed_win_chance(0, 0) == Fraction(1, 2)
    # +1 against +0: wins on every tie; by enumeration
    wins = sum(1 for a in range(1, 21) for b in range(1, 21) if a + 1 >= b)
    assert opposed_win_chance(1, 0) == Fraction(wins, 400)
    assert opposed_win_chance(30, 0) == 1 and opposed_win_chance(0, 30) == 0


@given(st.integers(-10, 30), st.integers(5, 35), st.integers(1, 21))
def test_the_odds_are_probabilities_and_a_crit_is_a_hit(bonus, ac, threat_from):
    odds = attack_odds(plan(bonus=bonus, ac=ac, threat_from=threat_from))
    assert 0 <= odds.crit <= odds.hit <= 1 and odds.expected_damage >= 0


@given(st.integers(-20, 20), st.integers(-20, 20))
def test_an_opposed_check_is_won_by_one_side_or_the_other(a, b):
    assert opposed_win_chance(a, b) + opposed_win_chance(b, a) == 1


def test_the_chance_attacks_drop_a_creature_counts_every_way_their_damage_adds_up():
    # 1d4+0 that hits on 11+ (half the time), no critical: 4 hit points need a 4 on the die
    one = plan(bonus=0, ac=11, threat_from=21, dice=(1, 4), damage_bonus=0)
    assert drop_chance([one], 4) == Fraction(1, 2) * Fraction(1, 4)
    # two of them: 4 or more in all — one 4 alone, or two hits adding up to 4+ (6 of 16 pairs … and more)
    two = sum(p * q for (a, p), (b, q) in itertools.product(
        [(0, Fraction(1, 2))] + [(d, Fraction(1, 8)) for d in range(1, 5)], repeat=2) if a + b >= 4)
    assert drop_chance([one, one], 4) == two
    assert drop_chance([], 3) == 0 and drop_chance([one], 0) == 1
    # a sure hit that always deals enough
    assert drop_chance([plan(bonus=50, ac=5, threat_from=21, dice=(1, 1), damage_bonus=9)], 10) == Fraction(19, 20)
