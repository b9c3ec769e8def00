"""Saves (issue 5, item 7): scenario, seed and commands, replayed exactly; atomic writes;
every broken, foreign or tampered file refused in one line that names it."""
from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import esper
import pytest

from game.content import saves
from game.content.errors import ContentError
from game.content.saves import autosave, load_battle, load_save, save_battle, save_document
from game.content.scenario import load_scenario
from game.engine import Battle

ROOT = Path(__file__).resolve().parents[2]

DUEL = '''title = "Duel"
seed = 7

[map]
grid = """
........
........
........
........
"""

[[creature]]
id = "tordek"
side = "blue"
at = [1, 1]
weapon = "longsword"
bab = 3
str = 16
hp = 40
initiative = 20

[[creature]]
id = "gnoll"
side = "red"
at = [3, 1]
weapon = "battleaxe"
hp = 40
initiative = 10

[[creature]]
id = "goblin"
side = "red"
at = [4, 3]
weapon = "dagger"
hp = 40
initiative = 5
'''

# (who, action, args, scripted dice, declined): moves with tuples as the UI builds them,
# scripted and seeded rolls, a 5-ft step, turns and a round ending, an attack of
# opportunity taken by one enemy and declined by the other.
OPENING = [
    ("tordek", "move", {"squares": [(2, 1)]}, None, None),
    ("tordek", "attack", {"target": "gnoll"}, [15], None),
    ("tordek", "end_turn", {}, None, None),
    ("gnoll", "attack", {"target": "tordek"}, None, None),
    ("gnoll", "end_turn", {}, None, None),
    ("goblin", "five_foot_step", {"to": (3, 2)}, None, None),
    ("goblin", "attack", {"target": "tordek"}, None, None),
    ("goblin", "end_turn", {}, None, None),
    ("tordek", "move", {"squares": [(1, 1), (0, 1)]}, None, {"goblin"}),
]
# Played on both the original and the loaded battle: seeded rolls from here on.
NEXT = [
    ("tordek", "move", {"squares": [(1, 1), (2, 1)]}, None, None),
    ("tordek", "end_turn", {}, None, None),
    ("gnoll", "attack", {"target": "tordek"}, None, None),
    ("gnoll", "end_turn", {}, None, None),
    ("goblin", "attack", {"target": "tordek"}, None, None),
]


def play(battle, commands):
    events = []
    for who, action, args, dice, declined in commands:
        legal, refusal, evs = battle.act(who, action, copy.deepcopy(args), dice=dice, declined=declined)
        assert legal, (who, action, refusal)
        events.append(evs)
    return events


@pytest.fixture
def duel_path(tmp_path):
    path = tmp_path / "maps" / "duel.toml"
    path.parent.mkdir()
    path.write_text(DUEL, encoding="utf-8")
    return path


@pytest.fixture
def battle(duel_path):
    b = Battle(load_scenario(duel_path))
    play(b, OPENING)
    yield b
    b.close()


@pytest.fixture
def save_path(battle, tmp_path):
    path = tmp_path / "saves" / "game.json"
    path.parent.mkdir()
    save_battle(battle, path, meta={"lang": "fr"})
    return path


def edit(path: Path, change) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")


def refused(path: Path) -> str:
    """Loading is refused with one line naming the file; returns that line."""
    with pytest.raises(ContentError) as info:
        load_battle(path)
    line = info.value.line()
    assert line.startswith(f"{path}: "), line
    assert "\n" not in line and str(info.value) == line
    return line


def normal(value):
    return json.loads(json.dumps(value))


def folder_listing(folder: Path) -> dict:
    return {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in sorted(folder.iterdir()) if p.is_file()}


# --- a battle comes back exactly ------------------------------------------------------
def test_the_save_holds_scenario_seed_and_commands(battle, save_path):
    doc = json.loads(save_path.read_text(encoding="utf-8"))
    assert doc["format"] == "carreau-save" and doc["version"] == 1
    assert doc["scenario_path"] == str(battle.scenario.path)
    assert doc["scenario_text"] == DUEL
    assert doc["seed"] == 7
    assert doc["meta"] == {"lang": "fr"}
    assert doc["commands"] == normal(battle.history) and len(doc["commands"]) == len(OPENING)
    assert doc["commands"][1]["dice"] == [15] and doc["commands"][1]["rolled"][0] == 15
    assert doc["commands"][-1]["declined"] == ["goblin"]


def test_a_loaded_battle_is_the_saved_one_and_its_dice_go_on_the_same(battle, save_path):
    loaded = load_battle(save_path)
    try:
        assert loaded is not battle
        assert loaded.state() == battle.state()
        assert loaded.history == normal(battle.history)
        assert [r.face for r in loaded.dice.history] == [r.face for r in battle.dice.history]
        # Seeded rolls from now on: the same faces, the same events, the same battle.
        assert play(loaded, NEXT) == play(battle, NEXT)
        assert normal(loaded.history) == normal(battle.history)
        assert any(c["rolled"] for c in battle.history[-len(NEXT):])
        assert loaded.state() == battle.state()
    finally:
        loaded.close()


def test_load_save_gives_back_the_meta(save_path, battle):
    loaded = load_save(save_path)
    try:
        assert loaded.meta == {"lang": "fr"}
        assert loaded.scenario_path == str(battle.scenario.path)
    finally:
        loaded.battle.close()


def test_a_loaded_battle_saves_to_the_same_file(save_path, tmp_path):
    loaded = load_battle(save_path)
    try:
        again = save_battle(loaded, tmp_path / "again.json", meta={"lang": "fr"})
    finally:
        loaded.close()
    assert again.read_bytes() == save_path.read_bytes()


def test_a_fresh_battle_with_no_command_saves_and_loads(duel_path, tmp_path):
    b = Battle(load_scenario(duel_path))
    path = save_battle(b, tmp_path / "start.json")
    loaded = load_battle(path)
    try:
        assert loaded.state() == b.state() and loaded.history == []
        assert play(loaded, OPENING) == play(b, OPENING)
    finally:
        loaded.close()
        b.close()


def test_the_save_still_loads_when_the_map_file_changes_or_goes(save_path, duel_path, battle):
    duel_path.write_text(DUEL.replace("hp = 40", "hp = 5"), encoding="utf-8")
    loaded = load_battle(save_path)
    assert loaded.state() == battle.state()
    loaded.close()
    duel_path.unlink()
    loaded = load_battle(save_path)
    assert loaded.state() == battle.state()
    assert str(loaded.scenario.path) == str(duel_path)
    # ... and the loaded battle saves again, from the text it was loaded with.
    again = save_battle(loaded, save_path.parent / "again.json")
    loaded.close()
    assert json.loads(again.read_text(encoding="utf-8"))["scenario_text"] == DUEL


def test_later_saves_keep_the_text_read_at_the_first(battle, save_path, duel_path):
    duel_path.write_text(DUEL.replace("hp = 40", "hp = 5"), encoding="utf-8")
    later = save_battle(battle, save_path.parent / "later.json")
    assert json.loads(later.read_text(encoding="utf-8"))["scenario_text"] == DUEL


def test_a_map_changed_before_the_first_save_is_refused_not_saved_wrong(duel_path, tmp_path):
    b = Battle(load_scenario(duel_path))
    duel_path.write_text(DUEL.replace("hp = 40", "hp = 5"), encoding="utf-8")
    with pytest.raises(ContentError, match="changed since the battle began"):
        save_battle(b, tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()
    # The caller may hand over the text it loaded.
    path = save_battle(b, tmp_path / "x.json", scenario_text=DUEL)
    assert load_battle(path).state() == b.state()
    b.close()


def test_real_maps_toml_and_tiled_save_and_load(tmp_path):
    for name in ("ford.toml", "village_square.tmj"):
        b = Battle(load_scenario(ROOT / "maps" / name))
        turn = b.turn
        assert b.act(turn, "end_turn")[0]
        path = save_battle(b, tmp_path / f"{name}.json")
        loaded = load_battle(path)
        assert loaded.state() == b.state() and loaded.turn != turn
        loaded.close()
        b.close()


def test_the_replay_does_not_depend_on_the_process_hash_seed(save_path, battle):
    """Sets of ids iterate in another order in another process: the replay must not care."""
    probe = ("import json, sys\nfrom game.content.saves import load_battle\n"
             "print(json.dumps(load_battle(sys.argv[1]).state()))\n")
    for hash_seed in ("1", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ROOT))
        proc = subprocess.run([sys.executable, "-c", probe, str(save_path)], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout.strip().splitlines()[-1]) == normal(battle.state())


# --- refused files ----------------------------------------------------------------------
def test_a_corrupt_file_is_refused(save_path):
    text = save_path.read_text(encoding="utf-8")
    save_path.write_text(text[: len(text) // 2], encoding="utf-8")
    assert "broken JSON" in refused(save_path)


def test_a_missing_or_unreadable_file_is_refused(tmp_path):
    assert "no such file" in refused(tmp_path / "nothing.json")
    (tmp_path / "latin1.json").write_bytes(b'{"format": "caf\xe9"}')
    assert "cannot be read" in refused(tmp_path / "latin1.json")


@pytest.mark.parametrize("content", ['[1, 2, 3]', '"save"', '{"type": "map", "layers": []}',
                                     '{"format": "other-game", "version": 1}', '{"version": 1}'])
def test_a_foreign_json_file_is_refused(tmp_path, content):
    path = tmp_path / "foreign.json"
    path.write_text(content, encoding="utf-8")
    assert "not a Carreau save" in refused(path)


@pytest.mark.parametrize("version, expected", [(2, "version 2 is not supported (written by a newer Carreau)"),
                                               (0, "version 0 is not supported"),
                                               ("1", "must be a whole number"),
                                               (True, "must be a whole number")])
def test_an_unsupported_version_is_refused(save_path, version, expected):
    edit(save_path, lambda d: d.update(version=version))
    line = refused(save_path)
    assert ": version: " in line and expected in line


@pytest.mark.parametrize("change, where", [
    (lambda d: d.pop("commands"), "commands: is missing"),
    (lambda d: d.pop("scenario_text"), "scenario_text: is missing"),
    (lambda d: d.update(seed="7"), "seed: must be a whole number"),
    (lambda d: d.update(commands={}), "commands: must be a list"),
    (lambda d: d.update(meta=[]), "meta: must be an object"),
    (lambda d: d.update(cheat=True), "cheat: unknown key"),
    (lambda d: d["commands"].__setitem__(2, "end_turn"), "commands[2]: must be an object"),
    (lambda d: d["commands"][3].pop("who"), "commands[3].who: is missing"),
    (lambda d: d["commands"][1].update(rolled=[15, "6"]), 'commands[1].rolled[1]: must be a whole number, not "6"'),
    (lambda d: d["commands"][1].update(dice=[True]), "commands[1].dice[0]: must be a whole number, not true"),
    (lambda d: d["commands"][1].update(instead={"gob": 3}), "commands[1].instead.gob: must be a string, not 3"),
    (lambda d: d["commands"][1].update(bogus=1), "commands[1].bogus: unknown key"),
    (lambda d: d["commands"][0].update(args=[[2, 1]]), "commands[0].args: must be an object"),
    (lambda d: d["commands"][8].update(declined="goblin"), "commands[8].declined: must be a list"),
])
def test_missing_or_wrongly_typed_keys_are_refused(save_path, change, where):
    edit(save_path, change)
    assert f": {where}" in refused(save_path)


def test_a_scenario_text_that_no_longer_parses_is_refused(save_path):
    edit(save_path, lambda d: d.update(scenario_text=d["scenario_text"].replace('at = [4, 3]', 'at = [40, 3]')))
    line = refused(save_path)
    assert ": scenario_text: the stored scenario no longer loads: " in line and "outside" in line


def test_a_command_retargeted_out_of_reach_is_refused_at_its_index(save_path):
    edit(save_path, lambda d: d["commands"][1]["args"].update(target="goblin"))
    line = refused(save_path)
    assert ": commands[1]: tordek attack is refused on replay: " in line


def test_a_command_retargeted_within_reach_is_refused(save_path):
    """The goblin's attack turned on the gnoll (its ally, next to it): legal, but not the battle saved."""
    edit(save_path, lambda d: d["commands"][6]["args"].update(target="gnoll"))
    assert "the save does not replay exactly" in refused(save_path)


def test_an_unknown_creature_or_action_is_refused(save_path):
    edit(save_path, lambda d: d["commands"][3].update(who="ogre"))
    assert ": commands[3]: ogre attack is refused on replay" in refused(save_path)
    edit(save_path, lambda d: d["commands"][3].update(who="gnoll", action="fly"))
    assert ": commands[3]: gnoll fly is refused on replay" in refused(save_path)


def test_tampered_rolled_faces_are_refused(save_path):
    def better_damage(d):
        d["commands"][1]["rolled"][1] = 8 if d["commands"][1]["rolled"][1] != 8 else 7
    edit(save_path, better_damage)
    line = refused(save_path)
    assert ": commands[1]: the save does not replay exactly: tordek attack rolls [15, " in line


def test_tampered_scripted_faces_or_seed_are_refused(save_path):
    edit(save_path, lambda d: d["commands"][1].update(dice=[20]))
    assert ": commands[1]: the save does not replay exactly" in refused(save_path)
    edit(save_path, lambda d: (d["commands"][1].update(dice=[15]), d.update(seed=8)))
    assert "the save does not replay exactly" in refused(save_path)


def test_an_impossible_scripted_face_is_refused(save_path):
    edit(save_path, lambda d: d["commands"][1].update(dice=[25], rolled=[25, 6]))
    assert ": commands[1]: tordek attack is refused on replay: " in refused(save_path)


def test_a_tampered_check_is_refused(save_path):
    edit(save_path, lambda d: d["check"]["creatures"]["gnoll"].update(hp=40))
    line = refused(save_path)
    assert ": check: the save does not replay exactly: after its 9 commands, creatures.gnoll.hp is " in line


def test_a_refused_load_touches_nothing_and_leaves_no_world(save_path, duel_path):
    edit(save_path, lambda d: d["commands"][1]["rolled"].__setitem__(0, 3))
    folders = [save_path.parent, duel_path.parent]
    before = [folder_listing(f) for f in folders]
    worlds = set(esper.list_worlds())
    refused(save_path)
    assert [folder_listing(f) for f in folders] == before
    assert set(esper.list_worlds()) == worlds


# --- writing ----------------------------------------------------------------------------
def test_a_failed_write_keeps_the_old_save_and_leaves_no_temporary_file(battle, save_path, monkeypatch):
    before = save_path.read_bytes()
    play(battle, NEXT[:1])

    def half_then_fail(doc, out, **kwargs):
        out.write(json.dumps(doc)[:100])
        out.flush()
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.json, "dump", half_then_fail)
    with pytest.raises(ContentError) as info:
        save_battle(battle, save_path)
    assert info.value.line().startswith(f"{save_path}: cannot be written (OSError")
    assert save_path.read_bytes() == before
    assert sorted(p.name for p in save_path.parent.iterdir()) == ["game.json"]
    monkeypatch.undo()
    assert load_battle(save_path).state() != battle.state()   # the old one, intact
    save_battle(battle, save_path)
    assert load_battle(save_path).state() == battle.state()


def test_a_command_that_is_not_json_fails_the_write_cleanly(battle, save_path):
    before = save_path.read_bytes()
    battle.history.append({"who": "tordek", "action": "wave", "args": {"at": object()}, "dice": [],
                           "declined": [], "rolled": []})
    with pytest.raises(ContentError, match="cannot be written"):
        save_battle(battle, save_path)
    assert save_path.read_bytes() == before
    assert sorted(p.name for p in save_path.parent.iterdir()) == ["game.json"]


def test_the_write_is_flushed_and_synced_before_the_rename(battle, tmp_path, monkeypatch):
    calls = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(saves.os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(saves.os, "replace", lambda a, b: (calls.append("replace"), real_replace(a, b))[1])
    save_battle(battle, tmp_path / "g.json")
    assert calls[:2] == ["fsync", "replace"]


def test_autosave_writes_autosave_json_in_the_folder(battle, tmp_path):
    folder = tmp_path / "profile" / "saves"
    path = autosave(battle, folder, meta={"lang": "en"})
    assert path == folder / "autosave.json" and path.is_file()
    first = load_battle(path)
    assert first.state() == battle.state()
    first.close()
    play(battle, NEXT[:2])
    assert autosave(battle, folder) == path
    assert sorted(p.name for p in folder.iterdir()) == ["autosave.json"]
    again = load_battle(path)
    assert again.state() == battle.state() and len(again.history) == len(OPENING) + 2
    again.close()


def test_save_document_matches_what_is_written(battle, save_path):
    assert normal(save_document(battle, {"lang": "fr"})) == json.loads(save_path.read_text(encoding="utf-8"))


def test_a_save_written_before_typed_commands_still_loads(duel_path, tmp_path):
    """Saves of the previous build kept a readied action as ``action`` and ``with``: they
    load, and the readied move is the one they asked for."""
    b = Battle(load_scenario(duel_path))
    assert b.act("tordek", "ready", {"trigger": "attacks", "command": {"action": "move", "squares": [[1, 2]]}})[0]
    doc = save_document(b)
    b.close()
    old = copy.deepcopy(doc)
    old["commands"][0]["args"] = {"action": "move", "trigger": "attacks", "with": {"squares": [[1, 2]]}}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    loaded = load_battle(path)
    assert loaded.state()["readied"]["tordek"]["command"] == {"action": "move", "squares": [[1, 2]]}
    loaded.close()
