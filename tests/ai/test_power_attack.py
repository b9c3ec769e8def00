"""The tactical player's Power Attack (issue 12, item 2; SRD "Power Attack"): it swings
hard at a foe it hits easily, not at one hard to hit, never with a light weapon,
and not at all on the easy level; the points it chose survive the window's question."""
from __future__ import annotations

from harness import battle, creature

from game.ai.answers import answer
from game.ai.controllers import make_controller
from game.world import commands as C
from game.world.asking import choice_questions

OPEN = "\n".join("." * 10 for _ in range(5))


def _fight(foe_ac: int, weapon: str = "greatsword"):
    return battle(OPEN, creature("ai", "blue", (4, 2), initiative=20, bab=6, str=18, hp=40, weapon=weapon,
                                 feats=["power_attack"]),
                  creature("foe", "red", (5, 2), hp=60, ac=foe_ac))


def _decide(b, level="normal"):
    decision = make_controller(f"ai:{level}").decide(b, "ai")
    assert decision is not None and b.check(decision.command) is None
    return decision


def test_swings_hard_at_a_foe_easy_to_hit_and_says_so():
    b = _fight(foe_ac=10)
    d = _decide(b)
    assert isinstance(d.command, C.FullAttack) and d.command.power_attack > 0
    # what it chose is what the engine's odds find best among the points it tried
    plain = b.odds(C.FullAttack("ai", targets=d.command.targets)).expected_damage
    assert b.odds(d.command).expected_damage > plain
    assert d.params["power_attack"] == d.command.power_attack


def test_no_power_attack_against_a_foe_hard_to_hit():
    # +10 against AC 24: a point off the attack costs more hits than its damage gives back
    # (against AC 29 only a natural 20 hits whatever the points, and then they pay)
    d = _decide(_fight(foe_ac=24))
    assert isinstance(d.command, C.FullAttack) and d.command.power_attack == 0
    assert "power_attack" not in d.params


def test_no_power_attack_with_a_light_weapon():
    d = _decide(_fight(foe_ac=10, weapon="short_sword"))
    assert d.command.power_attack == 0          # the penalty with no damage added


def test_the_easy_level_does_not_weigh_it():
    d = _decide(_fight(foe_ac=10), level="easy")
    assert d.command.power_attack == 0


def test_the_window_question_keeps_the_points_chosen():
    b = _fight(foe_ac=10)
    d = _decide(b)
    asked = next(q for q in choice_questions(b, d.command) if q.argument == "power_attack")
    assert answer(b, asked, d.command) == d.command.power_attack > 0
