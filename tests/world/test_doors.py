"""Doors: opening or closing one is a move action that does not provoke (French text, "les
actions en combat"; digest §4.2 table); closed, a door blocks movement, sight and effect."""
from __future__ import annotations

from game.content.scenario import parse_scenario
from game.engine import Battle

DOORWAY = """
seed = 2
[map]
grid = \"\"\"
.....#....
.....+....
.....#....
\"\"\"
[[creature]]
id = "hero"
side = "blue"
at = [4, 1]
weapon = "longsword"
initiative = 20

[[creature]]
id = "orc"
side = "red"
at = [3, 0]
weapon = "greataxe"
initiative = 10

[[creature]]
id = "archer"
side = "red"
at = [8, 1]
weapon = "longbow"
initiative = 5
"""


def battle() -> Battle:
    return Battle(parse_scenario(DOORWAY, "doorway.toml"))


def test_a_closed_door_blocks_movement_and_sight_until_opened():
    b = battle()
    q = b.board()
    assert not q.terrain.is_enterable((5, 1)) and q.terrain.blocks_sight((5, 1))
    ok, refusal, _ = b.act("hero", "move", {"squares": [[5, 1], [6, 1]]})
    assert not ok
    ok, refusal, events = b.act("hero", "open_door", {"at": [5, 1]})
    assert ok, refusal
    assert any(type(e).__name__ == "DoorChanged" and e.opened for e in events)
    # a move action that does not provoke: the adjacent orc with a greataxe takes no attack
    assert not any(type(e).__name__ == "AttackRolled" for e in events)
    left = b.state()["actions_left"]
    assert left["standard"] and not left["full_round"] and left["five_foot_step"]   # a move action, no movement
    assert b.board().terrain.is_enterable((5, 1)) and not b.board().terrain.blocks_sight((5, 1))
    assert b.board().terrain.kind((5, 1)).id == "open_door"
    assert b.act("hero", "close_door", {"at": [5, 1]})[0]            # the standard action as a second move
    ok, refusal, _ = b.act("hero", "open_door", {"at": [5, 1]})
    assert not ok and refusal.code == "NO_MOVE_ACTION_LEFT"


def test_door_refusals_change_nothing():
    b = battle()
    before = b.state()
    for action, args, code in [("open_door", {"at": [4, 2]}, "NOT_A_DOOR"),
                               ("close_door", {"at": [5, 1]}, "DOOR_ALREADY_CLOSED"),
                               ("open_door", {"at": [9, 1]}, "NOT_A_DOOR"),
                               ("open_door", {"at": "east"}, "BAD_ARGUMENT")]:
        ok, refusal, _ = b.act("hero", action, args)
        assert not ok and refusal.code == code
    b.act("hero", "five_foot_step", {"to": [3, 1]})
    ok, refusal, _ = b.act("hero", "open_door", {"at": [5, 1]})
    assert not ok and refusal.code == "NO_DOOR_NEAR"          # no door next to it at all: said before the door named
    assert b.options("hero")["open_door"].refusal.code == "NO_DOOR_NEAR"
    b2 = battle()
    assert b2.act("hero", "open_door", {"at": [5, 1]})[0]
    ok, refusal, _ = b2.act("hero", "open_door", {"at": [5, 1]})
    assert not ok and refusal.code == "DOOR_ALREADY_OPEN"
    assert b.state()["creatures"] == {**before["creatures"], "hero": b.state()["creatures"]["hero"]}


def _pass_turns(b, *cids):
    for cid in cids:
        assert b.act(cid, "end_turn", {})[0]


def test_closing_a_door_on_a_creature_is_refused():
    b = battle()
    assert b.act("hero", "open_door", {"at": [5, 1]})[0]
    _pass_turns(b, "hero", "orc")
    assert b.act("archer", "move", {"squares": [[7, 1], [6, 1], [5, 1]]})[0]
    _pass_turns(b, "archer")
    before = b.state()
    ok, refusal, _ = b.act("hero", "close_door", {"at": [5, 1]})
    assert not ok and refusal.code == "DOORWAY_OCCUPIED" and refusal.params["creature"] == "archer"
    assert b.state() == before


def test_closing_the_door_cuts_the_line_of_effect():
    from game.rules import sight
    b = battle()
    assert b.act("hero", "open_door", {"at": [5, 1]})[0]
    assert sight.has_line_of_effect_to_square(b.board().terrain, (8, 1), 1, (4, 1))
    _pass_turns(b, "hero", "orc")
    ok, refusal, _ = b.act("archer", "attack", {"target": "hero"})
    assert ok, refusal                                               # through the open doorway
    _pass_turns(b, "archer")
    ok, refusal, events = b.act("hero", "close_door", {"at": [5, 1]})
    assert ok and any(type(e).__name__ == "DoorChanged" and not e.opened for e in events)
    assert not sight.has_line_of_effect_to_square(b.board().terrain, (8, 1), 1, (4, 1))
    _pass_turns(b, "hero", "orc")
    ok, refusal, _ = b.act("archer", "attack", {"target": "hero"})
    assert not ok                                                    # no line through a shut door


def test_doors_survive_snapshot_restore_and_replay_from_a_save(tmp_path):
    from game.content import saves
    b = battle()
    snap = b.snapshot()
    assert b.act("hero", "open_door", {"at": [5, 1]})[0]
    b.restore(snap)
    assert b.board().terrain.kind((5, 1)).id == "door"
    assert b.act("hero", "open_door", {"at": [5, 1]})[0]
    assert b.act("hero", "move", {"squares": [[5, 1]]})[0]
    path = saves.save_battle(b, tmp_path / "s.json", scenario_text=DOORWAY)
    again = saves.load_battle(path)
    assert again.board().terrain.kind((5, 1)).id == "open_door"
    assert again.board().body("hero").pos == (5, 1)
