"""The stacking core, ``rules.modifiers.total`` (design/architecture.md "Typed modifiers";
SRD bonus types and "Combining Magical Effects"): each rule its docstring states, then
properties over random modifier lists."""
from collections import Counter

from hypothesis import given, strategies as st

from game.rules.modifiers import Modifier, Total, ability_modifier, total


def M(value, kind="untyped", source="x"):
    return Modifier(value, kind, source)


# --- bonuses of one type ---------------------------------------------------------------

def test_bonuses_of_one_type_do_not_stack_the_best_applies():
    t = total([M(1, "enhancement", "magic_weapon"), M(3, "enhancement", "flaming"), M(2, "enhancement", "bless")])
    assert t.value == 3
    assert t.applied == (M(3, "enhancement", "flaming"),)
    assert Counter(t.suppressed) == Counter([M(1, "enhancement", "magic_weapon"), M(2, "enhancement", "bless")])


def test_bonuses_of_different_types_stack():
    t = total([M(2, "deflection", "ring"), M(1, "enhancement", "magic_weapon"), M(4, "armor", "armor")])
    assert t.value == 7 and t.suppressed == ()


def test_two_equal_bonuses_of_one_type_count_once():
    t = total([M(2, "morale", "bless"), M(2, "morale", "heroism")])
    assert t.value == 2 and len(t.applied) == 1 and len(t.suppressed) == 1


# --- dodge and untyped -----------------------------------------------------------------

def test_dodge_bonuses_from_different_sources_stack():
    t = total([M(1, "dodge", "haste"), M(1, "dodge", "dodge"), M(4, "dodge", "total_defense")])
    assert t.value == 6 and t.suppressed == ()


def test_a_dodge_bonus_twice_from_one_source_counts_once():
    t = total([M(1, "dodge", "haste"), M(1, "dodge", "haste")])
    assert t.value == 1 and t.suppressed == (M(1, "dodge", "haste"),)


def test_untyped_bonuses_stack_even_from_one_source():
    assert total([M(2, "untyped", "a"), M(3, "untyped", "b")]).value == 5
    t = total([M(2, "untyped", "a"), M(2, "untyped", "a")])
    assert t.value == 4 and t.suppressed == ()


# --- circumstance ----------------------------------------------------------------------

def test_circumstance_bonuses_stack_unless_from_the_same_source():
    assert total([M(2, "circumstance", "charge"), M(2, "circumstance", "aid_another")]).value == 4
    t = total([M(2, "circumstance", "aid_another"), M(2, "circumstance", "aid_another")])
    assert t.value == 2 and t.suppressed == (M(2, "circumstance", "aid_another"),)


def test_of_two_from_one_source_the_stronger_applies_whatever_the_order():
    weak, strong = M(2, "circumstance", "aid_another"), M(4, "circumstance", "aid_another")
    for mods in ([weak, strong], [strong, weak]):
        t = total(mods)
        assert t.value == 4 and t.applied == (strong,) and t.suppressed == (weak,)


# --- penalties -------------------------------------------------------------------------

def test_penalties_stack_whatever_their_type():
    t = total([M(-2, "morale", "fear"), M(-2, "morale", "despair"), M(-4, "untyped", "prone"),
               M(-1, "enhancement", "cursed")])
    assert t.value == -9 and t.suppressed == ()


def test_two_penalties_from_one_source_count_once_the_worse():
    t = total([M(-2, "morale", "fear"), M(-4, "morale", "fear")])
    assert t.value == -4 and t.applied == (M(-4, "morale", "fear"),) and t.suppressed == (M(-2, "morale", "fear"),)
    assert total([M(-2, "circumstance", "mud"), M(-2, "circumstance", "mud")]).value == -2


def test_untyped_penalties_from_one_source_stack_as_the_code_stands():
    """What the code does, though the module's docstring says penalties from the same
    source do not stack: the untyped kind is exempt for penalties as for bonuses."""
    assert total([M(-2, "untyped", "range"), M(-2, "untyped", "range")]).value == -4


def test_a_penalty_does_not_cancel_a_bonus_of_its_type_or_source():
    assert total([M(2, "enhancement", "x"), M(-1, "enhancement", "x")]).value == 1
    assert total([M(2, "circumstance", "x"), M(-2, "circumstance", "x")]).value == 0


# --- zero, base, the breakdown ---------------------------------------------------------

def test_zero_modifiers_are_ignored_entirely():
    t = total([M(0, "untyped", "str"), M(0, "armor", "armor"), M(3, "armor", "armor")])
    assert t.value == 3 and t.applied == (M(3, "armor", "armor"),) and t.suppressed == ()
    assert total([M(0, "size", "size")]) == Total(0)


def test_the_base_is_added_and_is_not_a_modifier():
    t = total([M(2, "deflection", "ring")], base=10)
    assert t.value == 12 and t.applied == (M(2, "deflection", "ring"),)
    assert total([], base=10) == Total(10)


def test_the_breakdown_lists_what_applied():
    t = total([M(2, "morale", "bless"), M(1, "morale", "heroism"), M(-2, "untyped", "prone")])
    assert t.breakdown() == [{"value": -2, "kind": "untyped", "source": "prone"},
                             {"value": 2, "kind": "morale", "source": "bless"}]


def test_ability_modifiers():
    assert [ability_modifier(s) for s in (1, 3, 8, 9, 10, 11, 12, 18, 19, 30)] == [-5, -4, -1, -1, 0, 0, 1, 4, 4, 10]


# --- properties ------------------------------------------------------------------------

KINDS = ["untyped", "dodge", "circumstance", "enhancement", "deflection", "morale", "armor", "size"]
MODS = st.lists(st.builds(Modifier, st.integers(-5, 5), st.sampled_from(KINDS), st.sampled_from(["a", "b", "c"])),
                max_size=10)


@given(MODS, st.randoms(use_true_random=False), st.integers(-10, 10))
def test_the_value_does_not_depend_on_the_order(mods, rnd, base):
    shuffled = list(mods)
    rnd.shuffle(shuffled)
    assert total(shuffled, base).value == total(mods, base).value


@given(MODS, st.integers(-10, 10))
def test_every_nonzero_modifier_is_applied_or_suppressed_once(mods, base):
    t = total(mods, base)
    assert Counter(t.applied) + Counter(t.suppressed) == Counter(m for m in mods if m.value != 0)
    assert t.value == base + sum(m.value for m in t.applied)


@given(MODS)
def test_at_most_one_bonus_of_each_type_applies_except_dodge_circumstance_and_untyped(mods):
    t = total(mods)
    typed = Counter(m.kind for m in t.applied if m.value > 0 and m.kind not in ("untyped", "dodge", "circumstance"))
    assert all(n == 1 for n in typed.values())
    same_source = Counter((m.kind, m.source, m.value > 0) for m in t.applied if m.kind != "untyped")
    assert all(n == 1 for n in same_source.values())


@given(MODS)
def test_every_penalty_applies_unless_one_from_its_source_is_as_bad(mods):
    t = total(mods)
    for m in t.suppressed:
        if m.value < 0:
            assert any(a.kind == m.kind and a.source == m.source and a.value <= m.value for a in t.applied)


@given(MODS, st.integers(1, 5))
def test_a_bonus_of_a_new_source_adds_in_full_when_it_stacks(mods, value):
    for kind in ("untyped", "dodge", "circumstance"):
        assert total(mods + [M(value, kind, "new")]).value == total(mods).value + value
