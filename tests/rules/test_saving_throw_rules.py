"""Saving throws as pure rules (game/rules/saves.py): the roll's verdict (SRD "Saving
Throws": natural 1 fails, natural 20 succeeds) and the bonus with the conditions of
digest §9.3."""
import pytest
from hypothesis import given, strategies as st

from game.rules.modifiers import Modifier
from game.rules.saves import save_bonus, save_succeeds

SCORES = {"str": 10, "dex": 14, "con": 12, "int": 10, "wis": 8, "cha": 10}


def bonus(save, conditions=(), **kw):
    return save_bonus(save, scores=kw.pop("scores", SCORES), conditions=frozenset(conditions), **kw)


def test_a_save_reaches_the_dc_or_fails():
    assert save_succeeds(10, 5, 15)
    assert not save_succeeds(9, 5, 15)


def test_a_natural_1_fails_and_a_natural_20_succeeds_whatever_the_numbers():
    assert not save_succeeds(1, 30, 10)
    assert save_succeeds(20, -10, 40)


@given(st.integers(2, 19), st.integers(-10, 30), st.integers(0, 40))
def test_between_the_naturals_only_the_sum_counts(d20, b, dc):
    assert save_succeeds(d20, b, dc) == (d20 + b >= dc)


def test_without_a_listed_save_the_ability_modifier_alone():
    assert [bonus(s).value for s in ("fort", "ref", "will")] == [1, 2, -1]     # Con 12, Dex 14, Wis 8


def test_a_listed_save_already_holds_its_ability():
    assert bonus("will", listed=4).value == 4
    assert bonus("fort", listed=0).value == 0


def test_one_fear_penalty_and_sickness_on_every_save():
    assert bonus("will", ("shaken",), listed=3).value == 1
    assert bonus("will", ("shaken", "frightened", "panicked"), listed=3).value == 1      # one fear penalty
    assert bonus("fort", ("sickened",), listed=3).value == 1
    assert bonus("ref", ("frightened", "sickened"), listed=3).value == -1


def test_calm_emotions_suppresses_the_fear_penalty_but_not_sickness():
    assert bonus("will", ("shaken", "calmed"), listed=3).value == 3
    assert bonus("will", ("sickened", "calmed"), listed=3).value == 1


def test_negative_levels_cost_one_each_and_resistance_adds():
    assert bonus("fort", listed=5, negative_levels=2).value == 3
    assert bonus("will", listed=1, resistance=2).value == 3


def test_lost_dexterity_lowers_reflex_only():
    assert bonus("ref", ("entangled",), listed=3).value == 3 - 2        # Dex 14 -> 10
    assert bonus("ref", ("fatigued",), listed=3).value == 3 - 1         # Dex 14 -> 12
    assert bonus("ref", ("exhausted", "fatigued"), listed=3).value == 3 - 3   # the worse only: 14 -> 8
    assert bonus("fort", ("exhausted", "entangled"), listed=5).value == 5
    assert bonus("will", ("entangled",), listed=1).value == 1


def test_haste_adds_a_dodge_bonus_to_reflex_only():
    total = bonus("ref", ("hasted",), listed=3)
    assert total.value == 4 and Modifier(1, "dodge", "haste") in total.applied
    assert bonus("fort", ("hasted",), listed=3).value == 3


def test_extra_modifiers_of_the_moment_and_the_breakdown():
    rolling = Modifier(2, "circumstance", "rolling_on_the_ground")
    total = bonus("ref", ("shaken",), listed=3, extra=[rolling])
    assert total.value == 3
    assert {m.source for m in total.applied} == {"listed_save", "fear", "rolling_on_the_ground"}


def test_an_unknown_save_is_refused():
    with pytest.raises(ValueError):
        bonus("luck")
