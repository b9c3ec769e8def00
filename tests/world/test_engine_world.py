"""The esper world of a battle: components in, rules called, components out, events."""
import esper

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.world import systems
from game.world.components import Identity, Position, Speed, Wielded

SCENARIO = """
[map]
grid = \"\"\"
........
........
...~....
........
\"\"\"

[[creature]]
id = "hero"
side = "blue"
at = [0, 0]
speed = 6
weapon = "longsword"

[[creature]]
id = "orc"
side = "red"
at = [3, 0]
weapon = "greataxe"
"""


def battle() -> Battle:
    return Battle(parse_scenario(SCENARIO, "test.toml"))


def test_components_come_from_the_scenario():
    b = battle()
    with b.active():
        rows = {i.id: (p.square, s.squares, w.weapon_id)
                for _e, (i, p, s, w) in esper.get_components(Identity, Position, Speed, Wielded)}
    assert rows == {"hero": ((0, 0), 4, "longsword"), "orc": ((3, 0), 6, "greataxe")}
    b.close()


def test_each_battle_has_its_own_world():
    a, b = battle(), battle()
    assert a.world != b.world
    a.move("hero", [(0, 1)], "move")
    assert a.board().body("hero").pos == (0, 1)
    assert b.board().body("hero").pos == (0, 0)
    a.close()
    assert a.world not in esper.list_worlds()
    b.close()


def test_move_system_writes_position_and_returns_events_in_order():
    b = battle()
    refusal, events = b.move("hero", [(1, 1), (2, 1), (2, 2)], "move")
    # leaving (2,1) inside the orc's reach provokes before the move ends
    assert refusal is None
    assert [e.as_dict()["type"] for e in events] == ["Provoked", "Moved"]
    assert events[0].by == "orc" and events[0].at == (2, 1)
    assert events[1].cost_m == 4.5
    assert b.state()["creatures"]["hero"]["at"] == [2, 2]
    b.close()


def test_a_refused_move_changes_nothing():
    b = battle()
    before = b.state()
    refusal, events = b.move("hero", [(1, 0), (2, 0), (3, 0)], "move")  # through the orc
    assert refusal.code == "ENEMY_IN_THE_WAY" and events == []
    assert b.state() == before
    refusal, _ = b.five_foot_step("hero", (2, 2))
    assert refusal is not None and b.state() == before
    b.close()


def test_five_foot_step_system_never_reports_a_provocation():
    b = battle()
    b.move("hero", [(1, 0), (2, 0)], "move")
    refusal, events = b.five_foot_step("hero", (1, 0))
    assert refusal is None and [type(e).__name__ for e in events] == ["Stepped"]
    assert b.board().body("hero").pos == (1, 0)
    b.close()


def test_threat_charge_and_splash_systems_read_the_world():
    b = battle()
    board = b.board()
    assert systems.threatened_squares(board, "orc") == {(2, 0), (4, 0), (2, 1), (3, 1), (4, 1)}
    res = systems.charge(board, "hero", "orc")
    assert res.legal and res.ends == [(2, 0), (2, 1)]  # exactly 3 m: the minimum
    result, events = systems.splash(board, "hero", target="orc", hit=True)
    assert result.direct == "orc" and events[0].as_dict()["type"] == "Splashed"
    b.close()
