"""Dropped to 0 hit points during its own turn, a creature has had its one action of the
turn (digest §8.2, disabled: "one move or standard action per turn"; §4.4, restricted
activity): the move that provoked the blow was it, and the blow it meant to strike after is
refused. Before, the turn went on as if nothing had happened (the play-test of issue 14)."""
from __future__ import annotations

from combat_helpers import battle, creature

from game.world import commands as C
from game.world.components import HitPoints

GRID = "\n".join("." * 6 for _ in range(4))


def _duel(hero_hp: int):
    return battle(GRID, creature("hero", "blue", (1, 1), hp=hero_hp, weapon="longsword", initiative=20),
                  creature("orc", "red", (2, 1), hp=30, weapon="club", initiative=5))


def test_an_attack_of_opportunity_that_leaves_it_at_0_ends_what_its_turn_allows():
    b = _duel(4)
    assert b.turn == "hero"
    ok, refusal, events = b.act(C.Move("hero", squares=((1, 2),)), dice=[15, 4])    # the club hits for 4
    assert ok, refusal
    assert b.read("hero", HitPoints).current == 0 and "disabled" in b.board().body("hero").conditions
    refused = b.check(C.Attack("hero", target="orc"))
    assert refused is not None and refused.code == "NO_STANDARD_ACTION_LEFT"
    assert not b.options("hero")["move"].legal
    assert b.actions_left()["restricted"]


def test_a_blow_that_leaves_it_standing_changes_nothing_of_its_turn():
    b = _duel(10)
    ok, refusal, _events = b.act(C.Move("hero", squares=((1, 2),)), dice=[15, 4])
    assert ok, refusal
    assert b.read("hero", HitPoints).current == 6
    assert b.check(C.Attack("hero", target="orc")) is None and not b.actions_left()["restricted"]


def test_a_creature_dropped_to_0_on_anothers_turn_is_restricted_at_its_own_as_before():
    b = _duel(4)
    b.act("hero", "end_turn")
    assert b.turn == "orc"
    ok, refusal, _events = b.act(C.Attack("orc", target="hero"), dice=[15, 4])
    assert ok, refusal
    b.act("orc", "end_turn")
    assert b.turn == "hero" and b.actions_left()["restricted"]
    assert b.check(C.Attack("hero", target="orc")) is None      # its one action: still there
