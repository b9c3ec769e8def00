"""``python -m game bench engine``: how fast the engine plays and answers (issue 10,
item 8). Not a timed test: it prints one JSON object of figures against the targets.

- ``battles.20v20``: a seeded 40x30 map (8 % walls, 6 % difficult terrain), twenty
  creatures a side with mixed weapons, played to its end by the scripted player
  (``game.ai.scripted``: nearest enemy, full attack in reach, charge down a clear lane,
  else the safest path); ``battles.village_square``: the same on the Tiled map.
  Each: ``actions_per_s`` (commands played by ``act``, the end of turns included, over
  the time spent in ``act``; for 20v20 the median of ``runs`` plays of the same seeded
  battle, after the village battle has warmed the tables and caches a first play loads),
  ``creature_turns_per_s``, ``with_player_actions_per_s``
  (the scripted player's own asking counted too), ``attacks_rolled``, ``winner``,
  ``rounds``.
- ``options_ms``: ``options(who)`` with every one of its actions decided (offered or
  refused with its reason), for the creature whose turn it is at the start of each turn
  of the 20-a-side battle, its cache emptied (the first answer after a change);
  ``options_all_domains_ms``: the same with every domain made too, as the query tool
  answers (domains are otherwise made when read).
- ``check_ms``: ``check`` of the command the scripted player then plays.
- ``snapshot_restore_ms``: a frame opened, three components written in it (a position,
  hit points, a turn's budget) and rolled back, on the finished battle, whose history holds
  every command of the battle (it is not copied).
- ``window_click_ms``: one click in the battle window (a move: check, preview, act,
  autosave off) with 40 creatures, SDL dummy driver.
Medians over the samples, with p90; the garbage collector is left on (it is part of play).
"""
from __future__ import annotations

import gc
import json
import random
import statistics
import time
from pathlib import Path

TARGETS = {"actions_per_s": 1000.0, "options_ms": 2.0, "snapshot_restore_ms": 0.05, "window_click_ms": 16.0}
WEAPONS = ("longsword", "greataxe", "longspear", "shortbow", "battleaxe", "morningstar")
ROOT = Path(__file__).resolve().parents[1]


def scenario_text(seed: int = 20, width: int = 40, height: int = 30, per_side: int = 20) -> str:
    """The 20-against-20 battle: the two sides face each other across the map."""
    rng = random.Random(seed)
    rows = ["".join("#" if r < 0.08 else "~" if r < 0.14 else "." for r in (rng.random() for _ in range(width)))
            for _ in range(height)]
    taken: set[tuple[int, int]] = set()
    creatures = []
    for side, x0 in (("blue", 1), ("red", width - 5)):
        made = 0
        while made < per_side:
            x, y = x0 + rng.randrange(4), rng.randrange(height)
            if rows[y][x] != "." or (x, y) in taken:
                continue
            taken.add((x, y))
            creatures.append(f'[[creature]]\nid = "{side}{made:02d}"\nside = "{side}"\nat = [{x}, {y}]\n'
                             f'weapon = "{rng.choice(WEAPONS)}"\nhp = {rng.randint(10, 22)}\nbab = {rng.randint(1, 6)}\n'
                             f'str = {rng.randint(11, 17)}\ndex = {rng.randint(10, 15)}\nac = {rng.randint(12, 17)}\n')
            made += 1
    return f'seed = {seed}\n[map]\ngrid = """\n' + "\n".join(rows) + '\n"""\n' + "\n".join(creatures)


def _figures(samples: list[float], target: float | None = None) -> dict:
    ordered = sorted(samples)
    out = {"median": round(statistics.median(ordered), 4), "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 4),
           "samples": len(ordered)}
    if target is not None:
        out.update(target=target, met=out["median"] <= target)
    return out


def play_battle(battle, max_rounds: int = 60, measure: bool = False) -> dict:
    """Play to the end with the scripted player. ``actions_per_s`` counts the time inside
    ``act`` (the engine playing); ``with_player_actions_per_s`` adds the player's asking
    (``options``, views, paths). With ``measure``, ``options`` and ``check`` are also timed
    at the start of each turn, outside both."""
    from .ai import scripted
    options_ms, full_ms, check_ms = [], [], []
    turns = actions = 0
    engine = player = 0.0
    while battle.winner is None and battle.turn is not None and battle.round <= max_rounds:
        who = battle.turn
        if measure:
            _measure_asking(battle, who, options_ms, full_ms, check_ms)
        for _ in range(6):
            t = time.perf_counter()
            command = scripted.choose(battle, who)
            player += time.perf_counter() - t
            if command is None:
                break
            t = time.perf_counter()
            ok, refusal, _events = battle.act(command)
            engine += time.perf_counter() - t
            assert ok, (command, refusal)
            actions += 1
            if battle.turn != who or battle.winner is not None:
                break
        if battle.turn == who and battle.winner is None:
            t = time.perf_counter()
            battle.act(who, "end_turn")
            engine += time.perf_counter() - t
            actions += 1
        turns += 1
    result = {"actions": actions, "creature_turns": turns, "engine_s": round(engine, 3), "player_s": round(player, 3),
              "actions_per_s": round(actions / engine, 1) if engine else 0.0,
              "creature_turns_per_s": round(turns / engine, 1) if engine else 0.0,
              "with_player_actions_per_s": round(actions / (engine + player), 1) if engine + player else 0.0,
              "attacks_rolled": sum(1 for r in battle.dice.history if r.purpose.startswith(("attack ", "touch attack"))),
              "winner": battle.winner, "rounds": battle.round}
    if measure:
        result["_samples"] = (options_ms, full_ms, check_ms)
    return result


def _measure_asking(battle, who: str, options_ms: list, full_ms: list, check_ms: list) -> None:
    """``options`` with every action decided (its cache emptied first), then with every
    domain made too; ``check`` of the command the player would play."""
    from .ai import scripted
    battle._options = (-1, {})
    t = time.perf_counter()
    opts = battle.options(who)
    decided = [opts[name].legal for name in opts]
    assert len(decided) == len(opts)
    options_ms.append((time.perf_counter() - t) * 1000)
    domains = [dict(opts[name].domain) for name in opts]     # every part of each made
    assert len(domains) == len(opts)
    full_ms.append((time.perf_counter() - t) * 1000)
    command = scripted.choose(battle, who)
    if command is not None:
        t = time.perf_counter()
        battle.check(command)
        check_ms.append((time.perf_counter() - t) * 1000)


def _snapshot_restore(battle, repeat: int = 2000) -> list[float]:
    """A frame opened, three components written in it as a small action writes them (a
    creature's position, its hit points, its turn's budget), and rolled back."""
    from .world.components import HitPoints, Position, TurnState
    cid = battle.sorted_ids[0]
    samples = []
    for _ in range(repeat):
        t = time.perf_counter()
        token = battle.snapshot()
        battle.comp(cid, Position).x += 0
        battle.comp(cid, HitPoints).current -= 1
        battle.comp(cid, TurnState).moved = True
        battle.restore(token)
        samples.append((time.perf_counter() - t) * 1000)
    return samples


def _window_click(repeat: int = 30) -> list[float]:
    """One click that plays a move in the battle window, 40 creatures on a 60x40 map (the
    click handled; ``bench ui``'s ``click_40`` adds the frame that draws it)."""
    from .bench_ui import click_samples
    return click_samples(40, repeat, drawn=False, first_seed=7)


def run_engine(repeat: int = 3) -> int:
    from .content.scenario import load_scenario, parse_scenario
    from .engine import Battle
    gc.collect()
    village = Battle(load_scenario(ROOT / "maps" / "village_square.tmj"))
    square = play_battle(village)
    plays = []
    for _ in range(max(1, repeat)):
        big = Battle(parse_scenario(scenario_text(), "bench-20v20.toml"))
        plays.append(play_battle(big, measure=False))
        if len(plays) < max(1, repeat):
            big.close()
    plays.sort(key=lambda p: p["actions_per_s"])
    played = {**plays[len(plays) // 2], "runs": len(plays)}       # the median play (the upper one of an even count)
    measured = Battle(parse_scenario(scenario_text(), "bench-20v20.toml"))
    timing = play_battle(measured, measure=True)
    options_ms, full_ms, check_ms = timing.pop("_samples")
    snapshot = _snapshot_restore(big)
    clicks = _window_click()
    figures = {
        "suite": "engine",
        "battles": {
            "20v20": {**played, "map": [40, 30], "creatures": 40,
                      "target_actions_per_s": TARGETS["actions_per_s"],
                      "met": played["actions_per_s"] >= TARGETS["actions_per_s"]},
            "village_square": square,
        },
        "options_ms": _figures(options_ms, TARGETS["options_ms"]),
        "options_all_domains_ms": _figures(full_ms),
        "check_ms": _figures(check_ms),
        "snapshot_restore_ms": {**_figures(snapshot, TARGETS["snapshot_restore_ms"]), "history": len(big.history)},
        "window_click_ms": _figures(clicks, TARGETS["window_click_ms"]) if clicks else None,
    }
    for b in (big, measured, village):
        b.close()
    print(json.dumps(figures, indent=2))
    return 0
