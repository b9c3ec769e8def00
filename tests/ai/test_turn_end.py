"""A creature with nothing left that any of the tactical player's moves spends (a full
attack made: only its 5-ft step and a swift action remain) ends its turn at once, without
asking the engine to judge each action (the benchmark's turns spent a tenth of their time so)."""
from __future__ import annotations

from harness import battle, creature

from game.ai.controllers import make_controller
from game.world import commands as C, options, views

OPEN = "\n".join("." * 8 for _ in range(5))


def test_after_a_full_attack_the_turn_ends_without_asking_of_each_action(monkeypatch):
    b = battle(OPEN, creature("ai", "blue", (3, 2), initiative=20, bab=4, str=14, hp=20),
               creature("foe", "red", (4, 2), hp=60))
    player = make_controller("ai:normal")
    first = player.decide(b, "ai")
    assert isinstance(first.command, C.FullAttack)
    ok, refusal, _events = b.act(first.command)
    assert ok, refusal
    left = {kind for kind, n in b.actions_left().items() if n}
    assert left <= {"five_foot_step", "swift"} and "five_foot_step" in left
    judged = []
    real = options._judge
    monkeypatch.setattr(options, "_judge", lambda battle, command: judged.append(command) or real(battle, command))
    assert player.decide(b, "ai") is None and judged == []
    assert b.options("ai")["five_foot_step"].legal     # the step was there: it is not taken
    assert views.wielded(b, "ai") == "longsword"
