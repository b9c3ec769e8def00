"""The stacking core, ``rules.modifiers.total`` (design/architecture.md "Typed modifiers";
SRD bonus types and "Combining Magical Effects"): each rule its docstring states, then
properties over random modifier lists."""
from hypothesis import given, strategies as st

from game.rules.modifiers import Modifier, total


def M(value, kind="untyped", source="x"):
    return Modifier(value, kind, source)


def test_of_two_from_one_source_the_stronger_applies_whatever_the_order():
    weak, strong = M(2, "circumstance", "aid_another"), M(4, "circumstance", "aid_another")
    for mods in ([weak, strong], [strong, weak]):
        t = total(mods)
        assert t.value == 4 and t.applied == (strong,) and t.suppressed == (weak,)


def test_two_penalties_from_one_source_count_once_the_worse():
    t = total([M(-2, "morale", "fear"), M(-4, "morale", "fear")])
    assert t.value == -4 and t.applied == (M(-4, "morale", "fear"),) and t.suppressed == (M(-2, "morale", "fear"),)
    assert total([M(-2, "circumstance", "mud"), M(-2, "circumstance", "mud")]).value == -2


# --- properties ------------------------------------------------------------------------

KINDS = ["untyped", "dodge", "circumstance", "enhancement", "deflection", "morale", "armor", "size"]
MODS = st.lists(st.builds(Modifier, st.integers(-5, 5), st.sampled_from(KINDS), st.sampled_from(["a", "b", "c"])),
                max_size=10)


@given(MODS, st.randoms(use_true_random=False), st.integers(-10, 10))
def test_the_value_does_not_depend_on_the_order(mods, rnd, base):
    shuffled = list(mods)
    rnd.shuffle(shuffled)
    assert total(shuffled, base).value == total(mods, base).value
