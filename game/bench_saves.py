"""``python -m game bench saves [--repeat N]``: a long battle (N commands, 8,000 by default)
saved, then loaded from its checkpoint (issue 15, item 4: at most a second), as JSON.

The battle is built fast rather than played well: on an open field two fighters far
apart step back and forth and end their turns, round after round, so the command log is
as long as asked without the battle ending. Replaying such a save is what loading cost
before the checkpoint; it is timed on a tenth of the log (``replay_s_per_1000``) rather than
the whole, which would take minutes."""
from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

FIELD = "\n".join(["." * 40] * 12)
SCENARIO = f'''title = "bench"
seed = 1
[map]
grid = """
{FIELD}
"""
[[creature]]
id = "a"
side = "blue"
at = [1, 1]
weapon = "longsword"
initiative = 20
[[creature]]
id = "b"
side = "red"
at = [38, 10]
weapon = "club"
initiative = 10
'''


def long_battle(folder: Path, commands: int):
    from .content.scenario import load_scenario
    from .engine import Battle
    path = folder / "bench.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    battle = Battle(load_scenario(path))
    step = {"a": 1, "b": -1}
    while len(battle.history) < commands:
        who = battle.turn
        x, y = battle.state()["creatures"][who]["at"]
        step[who] = -step[who]
        battle.act(who, "move", {"squares": [[x + step[who], y]]})
        battle.act(who, "end_turn", {})
    return battle


def run_saves(commands: int = 8000, sink=sys.stdout) -> int:
    from .content import saves
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        started = time.perf_counter()
        battle = long_battle(folder, commands)
        built = time.perf_counter() - started
        path = folder / "long.json"
        started = time.perf_counter()
        saves.save_battle(battle, path)
        saved = time.perf_counter() - started
        started = time.perf_counter()
        loaded = saves.load_save(path)
        load_s = time.perf_counter() - started
        same = loaded.battle.state() == battle.state()
        loaded.battle.close()
        doc = json.loads(path.read_text(encoding="utf-8"))
        tenth = max(1, len(doc["commands"]) // 10)
        battle.close()
        partial = long_battle(folder, tenth)
        saves.save_battle(partial, path)
        started = time.perf_counter()
        saves.load_save(path, replay=True).battle.close()
        replay_s = time.perf_counter() - started
        partial.close()
        figures = {"commands": len(doc["commands"]), "save_bytes": len(json.dumps(doc)),
                   "build_s": round(built, 2), "save_s": round(saved, 3), "load_s": round(load_s, 3),
                   "load_matches": same, "replay_s_per_1000": round(replay_s * 1000 / tenth, 2)}
    sink.write(json.dumps(figures) + "\n")
    return 0 if same else 1
