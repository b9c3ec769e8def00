"""Attack arithmetic as pure rules (game/rules/attack.py): the attacks of a full attack
(digest §8.3, haste) and damage multipliers (digest §8.1)."""
from hypothesis import given, strategies as st

from game.rules.attack import combined_multiplier, full_attack_bonuses, full_attack_steps, iterative_bonuses


def test_iteratives_come_in_steps_of_five_from_bab_six():
    assert iterative_bonuses(0) == [0]
    assert iterative_bonuses(5) == [5]
    assert iterative_bonuses(6) == [6, 1]
    assert iterative_bonuses(11) == [11, 6, 1]
    assert iterative_bonuses(16) == [16, 11, 6, 1]
    assert iterative_bonuses(20) == [20, 15, 10, 5]          # four at most


def test_a_negative_base_attack_still_gives_one_attack():
    assert iterative_bonuses(-1) == [-1]


def test_haste_adds_one_attack_at_the_full_bonus():
    assert full_attack_bonuses(6) == [6, 1]
    assert full_attack_bonuses(6, hasted=True) == [6, 6, 1]
    assert full_attack_bonuses(3, hasted=True) == [3, 3]
    assert full_attack_bonuses(20, hasted=True) == [20, 20, 15, 10, 5]


def test_the_steps_are_what_attack_bonus_takes_off_in_fives():
    assert full_attack_steps(11) == [0, 1, 2]
    assert full_attack_steps(11, hasted=True) == [0, 0, 1, 2]
    assert full_attack_steps(2, hasted=True) == [0, 0]


@given(st.integers(-5, 30), st.booleans())
def test_full_attacks_descend_and_match_their_steps(bab, hasted):
    bonuses = full_attack_bonuses(bab, hasted)
    assert bonuses[0] == bab and bonuses == sorted(bonuses, reverse=True)
    assert len(bonuses) == len(iterative_bonuses(bab)) + hasted
    assert [bab - 5 * s for s in full_attack_steps(bab, hasted)] == bonuses
    assert all(b >= 1 for b in iterative_bonuses(bab)[1:])    # an iterative is never below +1


def test_multipliers_add_each_over_the_original_damage():
    assert combined_multiplier() == 1
    assert combined_multiplier(1) == 1 and combined_multiplier(1, 1) == 1
    assert combined_multiplier(2) == 2 and combined_multiplier(3) == 3
    assert combined_multiplier(2, 2) == 3                   # digest §8.1: x2 and x2 -> x3
    assert combined_multiplier(3, 2) == 4                   # a x3 critical on a lance charge
    assert combined_multiplier(4, 2, 2) == 6


@given(st.lists(st.integers(1, 4), max_size=4), st.integers(1, 4))
def test_multipliers_are_order_free_and_each_adds_its_own_extra_rolls(ms, more):
    assert combined_multiplier(*ms) == combined_multiplier(*reversed(ms))
    assert combined_multiplier(*ms, 1) == combined_multiplier(*ms)
    assert combined_multiplier(*ms, more) == combined_multiplier(*ms) + more - 1


def test_odds_still_offers_the_same_rule():
    from game.rules import attack, odds
    assert odds.combined_multiplier is attack.combined_multiplier
