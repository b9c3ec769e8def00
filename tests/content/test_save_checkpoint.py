"""Saves that load in a moment (issue 15, item 4): a save keeps a checkpoint of the
battle's whole state with its command log, and loading restores it instead of replaying.
The proof: after seeded random battles, the battle a checkpoint restores and the battle a
replay of the same save makes agree on the state, and then play on identically, dice
included; a save without a checkpoint (an older one) still loads by replay; a checkpoint
that does not read falls back to the replay; a killed save's temporary file is cleaned."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.ai.controllers import make_controller, play_turn
from game.content import saves
from game.content.checkpoint import CheckpointError, decode, encode
from game.content.scenario import load_scenario
from game.engine import Battle

ROOT = Path(__file__).resolve().parents[2]
MAPS = [ROOT / "tests" / "scenarios" / "ford.toml", ROOT / "maps" / "crypt.toml", ROOT / "maps" / "village_square.tmj"]


def played(path: Path, turns: int, seed: int) -> Battle:
    battle = Battle(load_scenario(path))
    controller = make_controller("random", seed)
    for _ in range(turns):
        if battle.winner is not None or battle.turn is None:
            break
        play_turn(battle, battle.turn, controller, limit=4)
    return battle


def continue_both(a: Battle, b: Battle, seed: int, turns: int = 4) -> None:
    ca, cb = make_controller("random", seed), make_controller("random", seed)
    for _ in range(turns):
        if a.winner is not None or a.turn is None:
            break
        play_turn(a, a.turn, ca, limit=4)
        play_turn(b, b.turn, cb, limit=4)
        assert a.state() == b.state()
    assert a.history == b.history


@pytest.mark.parametrize("path,seed", [(MAPS[0], 1), (MAPS[1], 2), (MAPS[2], 3)])
def test_a_checkpoint_restores_what_a_replay_makes(tmp_path, path, seed):
    battle = played(path, 12, seed)
    file = saves.save_battle(battle, tmp_path / "save.json")
    doc = json.loads(file.read_text(encoding="utf-8"))
    assert doc["state"]["commands"] == len(doc["commands"]) > 0
    fast, slow = saves.load_save(file).battle, saves.load_save(file, replay=True).battle
    assert fast.state() == slow.state() == battle.state()
    assert fast.dice.get_state()[0] == slow.dice.get_state()[0] == battle.dice.get_state()[0]
    continue_both(fast, slow, seed + 100)
    for b in (battle, fast, slow):
        b.close()


def test_an_old_save_without_a_checkpoint_loads_by_replay(tmp_path):
    battle = played(MAPS[0], 6, 5)
    doc = saves.save_document(battle)
    del doc["state"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert saves.load_save(path).battle.state() == battle.state()


@pytest.mark.parametrize("damage", [
    lambda s: s.update(components={}), lambda s: s.update(rng={"$tuple": [3]}), lambda s: s.update(commands=0),
    lambda s: s["components"]["tordek"].__setitem__(0, {"$dc": "os.system", "v": {}}),
    lambda s: s.update(shared={"$dc": "game.world.components.Position", "v": {"x": 1, "y": 2}}),
    lambda s: s["components"]["tordek"].append({"$dict": [[[1], 2]]}),
])
def test_a_checkpoint_that_does_not_read_falls_back_to_the_replay(tmp_path, damage):
    battle = played(MAPS[0], 6, 7)
    doc = saves.save_document(battle)
    damage(doc["state"])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert saves.load_save(path).battle.state() == battle.state()


def test_a_checkpoint_rebuilds_only_the_games_own_classes():
    with pytest.raises(CheckpointError):
        decode({"$dc": "subprocess.Popen", "v": {}})
    with pytest.raises(CheckpointError):
        encode(object())
    value = {(1, 2): {frozenset({"a"}), "b"}}
    assert decode(json.loads(json.dumps(encode(value)))) == value


def test_leftover_temporary_files_are_cleaned_on_the_next_save(tmp_path):
    battle = played(MAPS[0], 2, 9)
    target = tmp_path / "quicksave.json"
    stale = tmp_path / ".quicksave.json.abc123.tmp"
    stale.write_text("half a save", encoding="utf-8")
    old = tmp_path / ".quicksave.json.old.tmp"
    old.write_text("x", encoding="utf-8")
    os.utime(old, (0, 0))
    other = tmp_path / ".notes.txt.tmp"
    other.write_text("not ours", encoding="utf-8")
    saves.save_battle(battle, target)
    assert not stale.exists() and not old.exists() and other.exists() and target.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".quicksave")] == []


def test_check_replay_proves_a_save_and_refuses_a_false_checkpoint(tmp_path, capsys):
    from game.cli import main
    battle = played(MAPS[0], 8, 11)
    path = saves.save_battle(battle, tmp_path / "s.json")
    assert main(["check", str(path), "--replay"]) == 0 and "by replay: no problems" in capsys.readouterr().out
    doc = json.loads(path.read_text(encoding="utf-8"))
    hp = next(part for part in doc["state"]["components"]["tordek"] if part["$dc"].endswith(".HitPoints"))
    hp["v"]["maximum"] += 7          # the check block does not hold it: only a replay tells
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["check", str(path), "--replay"]) == 2
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and out[0].startswith(f"{path}: state:")


def test_the_save_bench_loads_a_long_battle_from_its_checkpoint():
    import io
    from game.bench_saves import run_saves
    sink = io.StringIO()
    assert run_saves(commands=300, sink=sink) == 0
    figures = json.loads(sink.getvalue())
    assert figures["commands"] >= 300 and figures["load_matches"] is True


def test_a_set_is_written_in_one_order_whatever_its_history():
    """A battle saved again after loading writes the same bytes: a set's members do not
    come out in its hash table's order, which hangs on the order they went in (0 and 8
    share a slot in a small table: the first in takes it)."""
    from game.content.checkpoint import decode, encode
    one, other = {0}, {8}
    one.add(8)
    other.add(0)
    assert one == other and list(one) != list(other)
    assert encode(one) == encode(other) and encode(frozenset(one)) == encode(frozenset(other))
    assert decode(encode(one)) == one
