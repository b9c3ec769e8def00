"""The product's systems as esper processors (issue 10, item 5): movement, the 5-ft step,
the charge lane, the splash scatter and the threat map run over components in the
battle's own esper world, and answer as the pure rules do."""
from __future__ import annotations

import esper
from combat_helpers import battle, creature

from game.rules import charge as charge_rules, movement, splash as splash_rules, threat
from game.world.components import Conditions, Position, Wielded
from game.world.processors import PROCESSORS, ChargeIntent, MoveIntent, Requests, SplashIntent, StepIntent, ThreatMap

GRID = "\n".join(["........", "...~....", "........", "..#.....", "........"])


def scene():
    return battle(GRID, creature("a", "blue", (0, 0), weapon="longsword", initiative=20),
                  creature("b", "red", (6, 2), weapon="longspear", initiative=10),
                  creature("c", "red", (3, 4), weapon="greataxe", initiative=5))


def test_every_system_is_an_esper_processor_of_the_battles_own_world():
    b = scene()
    with b.active():
        for kind in PROCESSORS:
            assert isinstance(esper.get_processor(kind), esper.Processor)
    b.close()


def test_the_judging_processors_answer_as_the_rules_and_leave_nothing_behind():
    b = scene()
    board = b.board()
    a = board.body("a")
    assert b.run("a", MoveIntent(((1, 1), (2, 1), (3, 1)), "move")) == \
        movement.check_path(board, a, [(1, 1), (2, 1), (3, 1)], "move")
    assert b.run("a", StepIntent((1, 1))) == movement.check_path(board, a, [(1, 1)], "5ft")
    assert b.run("a", ChargeIntent("b")) == charge_rules.charge(board, a, board.body("b"))
    assert b.run("a", SplashIntent("c", None, False, 3)) == \
        splash_rules.splash(board, a, target=board.body("c"), hit=False, d8=3)
    with b.active():
        (_ent, slot), = esper.get_component(Requests)
        assert slot.pending is None and slot.judged is None
    b.close()


def test_the_threat_map_follows_position_weapon_and_conditions():
    b = scene()
    assert b.threat("b") == frozenset(threat.threatened_squares(b.board(), b.board().body("b")))
    b.comp("b", Position).x = 5
    b.changed()
    assert b.threat("b") == frozenset(threat.threatened_squares(b.board(), b.board().body("b")))
    b.comp("b", Wielded).weapon_id = "longsword"
    b.changed()
    assert (6, 1) in b.threat("b") and (3, 2) not in b.threat("b")
    b.comp("b", Conditions).ids.add("unconscious")
    b.changed()
    assert b.threat("b") == frozenset()
    with b.active():
        assert esper.component_for_entity(b.entities["b"], ThreatMap).squares == frozenset()
    b.close()


def test_attacks_of_opportunity_read_the_threat_map():
    b = scene()
    b.act("a", "end_turn")
    ok, _refusal, events = b.act("b", "move", {"squares": [[5, 1], [4, 1], [3, 0]]}, dice=[1])
    assert ok
    assert b.threat("b") == frozenset(threat.threatened_squares(b.board(), b.board().body("b")))
    b.close()
