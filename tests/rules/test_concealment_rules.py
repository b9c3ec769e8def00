"""Concealment as pure rules (game/rules/concealment.py; digest §7.3, §9.3)."""
from hypothesis import given, strategies as st

from game.rules.concealment import has_total_concealment, miss_chance, missed_by_concealment

NONE = frozenset()


def test_an_invisible_target_or_a_blinded_attacker_gives_total_concealment():
    assert has_total_concealment(NONE, {"invisible"})
    assert has_total_concealment({"blinded"}, NONE)
    assert not has_total_concealment(NONE, NONE)
    assert not has_total_concealment({"invisible"}, {"blinded"})      # the other way round: no


def test_total_concealment_is_a_fifty_percent_miss_chance():
    assert miss_chance(NONE, {"invisible"}) == 50
    assert miss_chance({"blinded"}, NONE) == 50
    assert miss_chance({"blinded"}, {"invisible"}) == 50             # two sources do not stack
    assert miss_chance({"dazzled"}, {"prone"}) == 0


def test_ordinary_concealment_and_the_highest_source_only():
    assert miss_chance(NONE, NONE, concealment=20) == 20
    assert miss_chance(NONE, {"invisible"}, concealment=20) == 50


def test_the_d100_misses_at_or_under_the_chance():
    assert missed_by_concealment(1, 50) and missed_by_concealment(50, 50)
    assert not missed_by_concealment(51, 50)
    assert not missed_by_concealment(1, 0)


@given(st.integers(0, 100))
def test_a_chance_of_n_percent_misses_on_exactly_n_faces(chance):
    assert sum(missed_by_concealment(d, chance) for d in range(1, 101)) == chance
