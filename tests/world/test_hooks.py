"""Hooks (game/world/hooks.py): a lower module calls, at one moment of play, what the
higher ones registered there, in the order of their numbers whatever the imports; the
engine has them all in place before any battle."""
from __future__ import annotations

import pytest

import game.engine  # noqa: F401  (imports every module that registers)
from game.world import attacks, damage, turns
from game.world.hooks import Hook


def test_functions_run_in_the_order_of_their_numbers_not_of_registration():
    hook = Hook("TEST")
    calls = []

    @hook.register(20)
    def second():
        calls.append("second")

    @hook.register(10)
    def first():
        calls.append("first")
    for function in hook:
        function()
    assert calls == ["first", "second"] and len(hook) == 2


def test_a_number_is_taken_once_and_registering_again_changes_nothing():
    hook = Hook("TEST")

    def one():
        pass

    def other():
        pass
    hook.register(10)(one)
    hook.register(10)(one)
    assert list(hook) == [one]
    with pytest.raises(ValueError):
        hook.register(10)(other)


def test_the_engine_has_every_hook_registered_in_its_order():
    names = {hook.name: [f.__qualname__ for f in hook] for hook in (
        damage.AFTER_DAMAGE, damage.WHEN_DOWN, attacks.AOO_BARRED, turns.AT_TURN_START, turns.AT_TURN_END,
        turns.TURN_PASSED, turns.BLOCKED_TURN)}
    assert names == {
        "AFTER_DAMAGE": ["disturbed_casting", "distracted_by_damage", "hurt_while_climbing"],
        "WHEN_DOWN": ["commander_down"],
        # issue 11 fidelity: a mount nobody directs takes no attack of opportunity, and a
        # spell of 1 round begun over two rounds is lost if its second turn ends unfinished;
        # a pin lasts 1 round (actions.grapple_limits): it ends as the pinner's turn comes;
        # a locked garrote strangles its victim as its turn begins (actions.garrote_lock);
        # a summoned creature whose rounds have run goes away as its caster's turn comes
        # or passes (actions.summoning), before a new summoning takes effect.
        "AOO_BARRED": ["hidden_from", "mount_avoids_combat"],
        "AT_TURN_START": ["at_caster_turn", "at_turn_start", "pin_runs_out", "strangle", "panic_drops"],
        "AT_TURN_END": ["at_turn_end", "spread_left_unfinished", "treads_water"],
        "TURN_PASSED": ["as_caster_turn_passes", "turn_passed", "pin_runs_out_unplayed"],
        "BLOCKED_TURN": ["held_struggles"],
    }
