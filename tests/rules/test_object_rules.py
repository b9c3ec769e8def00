"""Objects as targets, pure numbers (French text "désarmement", "destruction d'arme";
data-digest §3)."""
from game.rules.objects import best_bonuses, damage_object, object_ac, snatch_modifiers
from game.rules.sizes import Size


def test_object_ac_is_10_plus_object_size_plus_carrier_dex():
    assert object_ac(Size.F, 2).value == 20
    assert object_ac(Size.S, -5).value == 6
    assert object_ac(Size.C, 0).value == 2


def test_hardness_comes_off_each_blow_and_zero_destroys():
    assert damage_object(2, 11, 10) == (1, False)
    assert damage_object(2, 9, 10) == (2, False)          # all stopped by hardness
    assert damage_object(1, 12, 10) == (0, True)


def test_snatch_modifiers_by_fastening():
    mine, theirs = snatch_modifiers("loose")
    assert [m.value for m in mine] == [4] and [m.value for m in theirs] == [-4]
    mine, theirs = snatch_modifiers("secure")
    assert mine == [] and sorted(m.value for m in theirs) == [-4, 4]


def test_same_type_bonuses_do_not_stack():
    rows = [{"bonus_type": "deflection", "bonus": 1}, {"bonus_type": "deflection", "bonus": 2},
            {"bonus_type": "resistance", "bonus": 1}, {"bonus_type": "", "bonus": 0}]
    assert best_bonuses(rows) == {"deflection": 2, "resistance": 1}
