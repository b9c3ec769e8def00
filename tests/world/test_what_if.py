"""What-if questions for the sandbox (``world.what_if``): asked as if a creature's turn
began now, or as if it held a flask, and nothing changes after; a splash throw's preview
plans its attack roll, so ``odds`` gives its chance to hit."""
from __future__ import annotations

from fractions import Fraction

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.world.commands.catalogue import Attack, ThrowSplash
from game.world.what_if import holding, its_turn
from tests.boards import scenario_text

TEXT = scenario_text("\n".join("." * 10 for _ in range(6)),
                     {"id": "thrower", "side": "blue", "at": [1, 4], "weapon": "dagger", "dex": 14,
                      "inventory": ["alchemists_fire"], "initiative": 20},
                     {"id": "orc", "side": "red", "at": [5, 2], "weapon": "club", "initiative": 5})


def test_its_turn_and_holding_change_nothing_after():
    battle = Battle(parse_scenario(TEXT))
    before, dice = battle.state(), battle.dice.mark()
    assert battle.odds(Attack("orc", target="thrower")).refusal.code == "NOT_YOUR_TURN"
    with its_turn(battle, "orc"):
        assert battle.turn == "orc"
        assert battle.odds(Attack("orc", target="thrower")).refusal is None      # a club thrown
    command = ThrowSplash("thrower", item="alchemists_fire", target="orc")
    assert battle.odds(command).refusal.code == "RETRIEVE_FIRST"
    with holding(battle, "thrower", "alchemists_fire"):
        chances = battle.odds(command)
    assert battle.state() == before and battle.dice.mark() == dice and battle.turn == "thrower"
    plan = chances.attacks[0]
    assert plan.touch and plan.weapon == "alchemists_fire"
    assert chances.hit == Fraction(21 - plan.needs, 20) and chances.crit == 0
    battle.close()


def test_what_no_scenario_holds_is_named_by_kind():
    """A paused battle names what it leaves behind (issue 13, item 6): nothing at first,
    then each lasting thing by its kind, sorted."""
    from game.world.components import Effects, TimedEffect
    from game.world.state import Overlay
    from game.world.what_if import not_in_a_scenario
    battle = Battle(parse_scenario(TEXT))
    try:
        assert not_in_a_scenario(battle) == []
        battle.comp("orc", Effects).timed.append(TimedEffect("stunned", until_round=3, until_count=5))
        assert not_in_a_scenario(battle) == ["timed"]
        battle.shared.overlays[("grease", "thrower")] = Overlay("grease", "thrower", ((3, 3),), until=4, dc=11)
        battle.shared.ground[(2, 2)] = ["dagger"]
        assert not_in_a_scenario(battle) == ["area", "ground", "timed"]
    finally:
        battle.close()
