"""Rule invariants after every command (issue 15, item 5): ``world.invariants.broken``
after each command of seeded computer-played battles on the repository's maps, and the
Large grappler that joined a grapple into a square where its 2×2 space does not fit (off
the bottom row; into a wall) — it cannot enter, and so cannot join."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.ai.controllers import make_controller, play_turn
from game.content.scenario import parse_scenario
from game.engine import Battle
from game.world.invariants import broken

ROOT = Path(__file__).resolve().parents[2]


def grapple_scene(grid: str) -> str:
    return f'''seed = 1
[map]
grid = """
{grid}
"""
[[creature]]
id = "hero"
side = "blue"
at = [1, 2]
feats = ["improved_unarmed_strike"]
initiative = 20
[[creature]]
id = "ogre"
side = "blue"
size = "L"
at = [0, 0]
initiative = 15
[[creature]]
id = "orc"
side = "red"
at = [2, 2]
initiative = 10
'''


@pytest.mark.parametrize("grid", ["......\n......\n......", "......\n......\n......\n..#..."])
def test_a_large_creature_cannot_join_a_grapple_where_its_space_does_not_fit(grid):
    battle = Battle(parse_scenario(grapple_scene(grid), "grapple.toml"))
    try:
        ok, refusal, _ = battle.act("hero", "grapple", {"target": "orc"}, dice=[20, 20, 1, 1, 1, 1])
        assert ok, refusal
        assert battle.state()["creatures"]["hero"]["at"] == [2, 2]
        assert battle.act("hero", "end_turn", {})[0]
        assert broken(battle) == []
        ok, refusal, events = battle.act("ogre", "grapple", {"target": "orc"}, dice=[20, 20, 1, 1, 1, 1])
        assert ok, refusal
        assert battle.state()["creatures"]["ogre"]["at"] == [0, 0]
        assert any(getattr(e, "change", None) == "cannot_enter" for e in events)
        assert broken(battle) == []
    finally:
        battle.close()


@pytest.mark.parametrize("name,seed", [("ford.toml", 24), ("giants_cave.toml", 3), ("crypt.toml", 5)])
def test_seeded_playouts_keep_every_invariant_after_every_command(name, seed):
    from game.content.scenario import load_scenario
    battle = Battle(load_scenario(ROOT / "maps" / name))
    controller = make_controller("random", seed)
    try:
        for _ in range(40):
            if battle.winner is not None or battle.turn is None:
                break
            play_turn(battle, battle.turn, controller, limit=6,
                      on_decision=lambda decision, events: _holds(battle, decision))
            assert broken(battle) == []
    finally:
        battle.close()


def _holds(battle, decision) -> None:
    problems = broken(battle)
    assert problems == [], (decision.command, problems)


DRAG = '''seed = 2
[map]
grid = """
......
......
......
"""
[[creature]]
id = "hero"
side = "blue"
at = [2, 0]
feats = ["improved_unarmed_strike"]
str = 18
initiative = 20
[[creature]]
id = "ogre"
side = "red"
size = "L"
at = [3, 0]
initiative = 10
'''


def test_a_grappler_cannot_drag_a_large_foe_where_its_space_does_not_fit():
    battle = Battle(parse_scenario(DRAG, "drag.toml"))
    try:
        ok, refusal, _ = battle.act("hero", "grapple", {"target": "ogre"}, dice=[20, 20, 1, 1, 1, 1])
        assert ok, refusal
        assert battle.state()["creatures"]["hero"]["at"] == [3, 0]
        assert battle.act("hero", "end_turn", {})[0] and battle.act("ogre", "end_turn", {})[0]
        ok, refusal, _ = battle.act("hero", "grapple_move", {"squares": [[4, 0], [5, 0]]}, dice=[20, 1])
        assert not ok and refusal.code == "BLOCKED_SQUARE"
        ok, refusal, _ = battle.act("hero", "grapple_move", {"squares": [[4, 0]]}, dice=[20, 1])
        assert ok, refusal
        assert battle.state()["creatures"]["ogre"]["at"] == [4, 0] and broken(battle) == []
    finally:
        battle.close()
