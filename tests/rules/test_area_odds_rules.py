"""The chances of a creature caught in an area spell (``rules.area_odds``): its save
(SRD "Saving Throws": a natural 1 fails, a natural 20 succeeds) and its mean damage, a
made Reflex save halving the roll rounded down (data-digest §5, fireball)."""
from fractions import Fraction

from game.rules.area_odds import CaughtPlan, caught_odds, expected_damage, save_chance


def test_a_save_needs_its_number_on_the_d20_and_a_natural_1_or_20_decides():
    assert save_chance(0, 16) == Fraction(5, 20)          # 16 to 20
    assert save_chance(30, 16) == Fraction(19, 20)        # a natural 1 still fails
    assert save_chance(-30, 16) == Fraction(1, 20)        # a natural 20 still succeeds


def test_a_save_for_half_halves_each_roll_rounded_down():
    # 1d4: the roll 1..4 in full on a failed save; 0, 1, 1, 2 on a made one
    plan = CaughtPlan("burning_hands", "wiz", "orc", "ref", bonus=0, dc=11, dice=(1, 4, 0), half_on_save=True)
    made = Fraction(10, 20)
    assert expected_damage(plan) == (1 - made) * Fraction(10, 4) + made * Fraction(4, 4)


def test_a_save_that_negates_leaves_no_damage_and_no_dice_no_mean():
    negates = CaughtPlan("x", "wiz", "orc", "ref", bonus=0, dc=11, dice=(1, 4, 0))
    assert expected_damage(negates) == Fraction(1, 2) * Fraction(10, 4)
    assert expected_damage(CaughtPlan("sleep", "wiz", "orc", "will", 0, 14)) is None
    blessed = caught_odds(CaughtPlan("bless", "cleric", "friend"))
    assert blessed.save is None and blessed.expected_damage is None


def test_maximize_takes_the_dice_at_their_top():
    plan = CaughtPlan("fireball", "wiz", "orc", "ref", bonus=-40, dc=16, dice=(5, 6, 0), metamagic=("maximize_spell",),
                      half_on_save=True)
    # the save is made only on a natural 20: 30 in full, else 15
    assert expected_damage(plan) == Fraction(19, 20) * 30 + Fraction(1, 20) * 15
