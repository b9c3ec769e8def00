"""Grapple numbers as pure rules (game/rules/grapple.py; French text "lutte" and "le
garrot"; digest §9.3)."""
from hypothesis import given, strategies as st

from game.rules.fighters import Fighter
from game.rules.grapple import (GARROTE_CUT_AC, can_hold, can_improved_grab, garrote_ac, garrote_reaches,
                                garrote_strength, grapple_check, grapple_modifier, grappler_weight, has_room_to_join,
                                unarmed_grapple_damage)
from game.rules.sizes import Size

SIZES = st.sampled_from(list(Size))


def fighter(bab=0, str_score=10, size=Size.M, conditions=()):
    abilities = dict.fromkeys(("str", "dex", "con", "int", "wis", "cha"), 10) | {"str": str_score}
    return Fighter(id="g", side="a", size=size, bab=bab, abilities=abilities, conditions=frozenset(conditions))


def test_the_special_size_modifier_table_of_the_french_text():
    assert [grapple_modifier(0, 0, s).value for s in Size] == [-16, -12, -8, -4, 0, 4, 8, 12, 16]


def test_grapple_modifier_is_bab_plus_strength_plus_special_size():
    total = grapple_modifier(3, 2, Size.L)
    assert total.value == 3 + 2 + 4
    assert {(m.value, m.source) for m in total.applied} == {(3, "bab"), (2, "str"), (4, "special_size")}
    assert grapple_modifier(1, -1, Size.S).value == 1 - 1 - 4


def test_the_check_uses_strength_as_conditions_leave_it():
    assert grapple_check(fighter(bab=2, str_score=16)).value == 2 + 3
    assert grapple_check(fighter(bab=2, str_score=16, conditions=("exhausted",))).value == 2 + 0    # Str 16 -> 10


def test_lethal_damage_improved_grapple_and_a_pinned_foe_to_move():
    f = fighter(bab=4, str_score=14)
    assert grapple_check(f).value == 6
    assert grapple_check(f, lethal=True).value == 6 - 4
    assert grapple_check(f, improved=True).value == 6 + 4
    assert grapple_check(f, moving_pinned_foe=True).value == 6 + 4
    assert grapple_check(f, lethal=True, improved=True, moving_pinned_foe=True).value == 6 - 4 + 4 + 4


def test_a_target_two_sizes_larger_cannot_be_held():
    assert can_hold(Size.M, Size.L) and can_hold(Size.M, Size.T)
    assert not can_hold(Size.M, Size.H) and not can_hold(Size.S, Size.L)


def test_improved_grab_holds_only_a_smaller_foe():
    assert can_improved_grab(Size.L, Size.M) and can_improved_grab(Size.L, Size.T)
    assert not can_improved_grab(Size.L, Size.L) and not can_improved_grab(Size.L, Size.H)


def test_grappler_weights_by_size():
    assert [grappler_weight(s, Size.M) for s in (Size.T, Size.S, Size.M, Size.L, Size.H, Size.G)] == \
           [0.5, 0.5, 1, 2, 4, 4]


def test_four_grapplers_at_most_counted_by_size():
    assert has_room_to_join([Size.M] * 3, Size.M, Size.M)
    assert not has_room_to_join([Size.M] * 4, Size.M, Size.M)
    assert has_room_to_join([Size.M] * 3, Size.S, Size.M)                # 3 + 1/2
    assert not has_room_to_join([Size.L, Size.L], Size.M, Size.M)        # 2 + 2 + 1
    assert has_room_to_join([], Size.H, Size.M)                          # 4 alone fits
    assert has_room_to_join([Size.S] * 7, Size.S, Size.M)                # eight halves


@given(st.lists(SIZES, max_size=6), SIZES, SIZES)
def test_joining_never_takes_the_weight_over_four(holders, joiner, target):
    after = sum(grappler_weight(h, target) for h in holders) + grappler_weight(joiner, target)
    assert has_room_to_join(holders, joiner, target) == (after <= 4)


def test_unarmed_grapple_damage_is_at_least_one():
    assert unarmed_grapple_damage(2, 3) == 5
    assert unarmed_grapple_damage(1, -3) == 1


def test_the_garrote_needs_the_head_within_reach():
    assert garrote_reaches(Size.M, Size.H, target_down=False)                # two sizes larger: still
    assert not garrote_reaches(Size.M, Size.G, target_down=False)
    assert garrote_reaches(Size.M, Size.G, target_down=True)                 # lying down


def test_garrote_numbers():
    assert garrote_ac(Size.M).value == 10 and garrote_ac(Size.L).value == 9 and garrote_ac(Size.S).value == 11
    assert [garrote_strength(s) for s in (-2, 0, 1, 3, 4)] == [-2, 0, 1, 4, 6]
    assert GARROTE_CUT_AC == 11 + 10
