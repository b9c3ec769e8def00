"""The reason a refused casting gives is the first that blocks now: with no action left to
cast with, that is the reason, not a hand or an aim (play-test 2, items 4 and 5: Jozan after
a double move read "no free hand" and was offered to drop his mace; Mialee after a move read
"no line of sight" for Sleep, a spell of 1 round, though the goblin was in plain sight)."""
from __future__ import annotations

from pathlib import Path

from game.content.scenario import load_scenario
from game.engine import Battle
from game.world import commands as C
from game.world.options import spell_refusals
from tests.world.combat_helpers import battle, creature

ROOT = Path(__file__).resolve().parents[2]

WALLED = """
.......
.......
...#...
...#...
.......
"""


def _cleric() -> Battle:
    """A cleric with a heavy mace and a heavy shield: no hand free for the gestures."""
    return battle(WALLED,
                  creature("cleric", "blue", (0, 0), caster_class="cleric", caster_level=1, wis=15,
                           spells=["cure_light_wounds", "bless"], weapon="heavy_mace", shield="heavy_wooden_shield",
                           initiative=20),
                  creature("orc", "red", (6, 4), weapon="club", initiative=1))


def test_no_standard_action_left_comes_before_no_free_hand():
    b = _cleric()
    cure = C.Cast("cleric", spell="cure_light_wounds", target="cleric")
    assert b.check(cure).code == "SPELL_NEEDS_A_FREE_HAND"      # with its actions, the hand is what blocks
    b.act(C.Move("cleric", squares=((1, 0), (2, 0))))
    b.act(C.Move("cleric", squares=((2, 1), (1, 1))))           # a double move: the swift action is left
    assert b.check(cure).code == "NO_STANDARD_ACTION_LEFT"
    assert {r.code for r in spell_refusals(b, "cleric").values()} == {"NO_STANDARD_ACTION_LEFT"}
    assert b.options("cleric")["cast"].refusal.code == "NO_STANDARD_ACTION_LEFT"


def test_a_spell_of_one_round_after_a_move_says_no_full_round_whatever_its_point():
    b = battle(WALLED,
               creature("mage", "blue", (1, 2), caster_class="wizard", caster_level=1, int=16, spells=["sleep"],
                        initiative=20),
               creature("ally", "blue", (5, 3), initiative=2),
               creature("orc", "red", (1, 4), weapon="club", initiative=1))
    hidden = C.Cast("mage", spell="sleep", point=(5, 3))        # behind the wall from (2, 2)
    assert b.check(hidden).code == "NO_LINE_OF_SIGHT"           # with the full round, the aim is checked
    b.act(C.Move("mage", squares=((2, 2),)))
    assert b.check(C.Cast("mage", spell="sleep", point=(1, 4))).code == "NO_FULL_ROUND_LEFT"
    assert b.check(hidden).code == "NO_FULL_ROUND_LEFT"         # not the wall: no point would do
    assert spell_refusals(b, "mage")[("prepared", "sleep")].code == "NO_FULL_ROUND_LEFT"


def test_sleep_on_the_spiders_grotto_after_mialee_moves():
    """The play-test's own board: Mialee moves 20 ft, Magic Missile still reaches the goblin,
    Sleep is greyed for the full round it takes (the likeliest aim first is Jozan's square,
    behind the wall, which used to give "no line of sight")."""
    b = Battle(load_scenario(ROOT / "maps" / "spiders_grotto.toml"))
    assert b.state()["turn"] == "mialee"
    b.act(C.Move("mialee", squares=((4, 9), (5, 9), (6, 9), (7, 9))))
    refused = spell_refusals(b, "mialee")
    assert refused[("prepared", "magic_missile")] is None
    assert refused[("prepared", "sleep")].code == "NO_FULL_ROUND_LEFT"
    assert b.check(C.Cast("mialee", spell="sleep", point=(5, 12))).code == "NO_FULL_ROUND_LEFT"


def test_a_quickened_spell_asks_for_the_swift_action_first():
    b = battle(WALLED,
               creature("mage", "blue", (2, 2), caster_class="wizard", caster_level=9, int=18,
                        spells=["quickened:magic_missile", "quickened:magic_missile"], feats=["quicken_spell"],
                        initiative=20),
               creature("orc", "red", (0, 0), weapon="club", initiative=1),
               creature("hidden", "red", (4, 3), weapon="club", initiative=1))
    hidden = C.Cast("mage", spell="magic_missile", targets=("hidden",), quickened=True)
    assert b.check(hidden).code == "NO_LINE_OF_SIGHT"
    ok, _refusal, _events = b.act(C.Cast("mage", spell="magic_missile", targets=("orc",), quickened=True), dice=[1])
    assert ok
    assert b.check(hidden).code == "NO_SWIFT_ACTION_LEFT"
