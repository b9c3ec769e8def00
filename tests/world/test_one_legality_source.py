"""One legality source, proved (issue 10, item 3): on every map and at a few hundred seeded
positions, every option the engine offers passes ``check`` and ``act``, every sampled
argument of its domain too, and every action it does not offer is refused by ``act`` with
the very refusal ``options`` gives (the one the window shows)."""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from game.content.scenario import load_scenario
from game.engine import Battle
from game.world import views
from game.world.commands import Move, Run, Withdraw

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted(p for p in (ROOT / "maps").iterdir() if p.suffix in (".toml", ".tmj"))
POSITIONS_PER_MAP = int(os.environ.get("CARREAU_LEGALITY_POSITIONS", "24"))
SEED = os.environ.get("CARREAU_LEGALITY_SEED", "legality")
# Commands played between two positions checked: the walk reaches the battle's later rounds
# (creatures hurt, down, grappled, out of spells), not only its opening.
STRIDE = int(os.environ.get("CARREAU_LEGALITY_STRIDE", "4"))


def load(path: Path) -> Battle:
    return Battle(load_scenario(path))


def _plays(battle: Battle, command) -> tuple[bool, object]:
    """What ``act`` answers, then rolled back."""
    token = battle.snapshot()
    try:
        ok, refusal, _events = battle.act(command)
    finally:
        battle.restore(token)
    return ok, refusal


def _domain_commands(battle: Battle, who: str, option, rng: random.Random) -> list:
    """A few commands from an option's domain: its passing candidates, or for a movement
    the safest path to a few of the squares it lists."""
    make = {"move": (Move, "move"), "withdraw": (Withdraw, "withdraw"), "run": (Run, "run")}
    if option.action in make and option.domain.get("squares"):
        cls, mode = make[option.action]
        out = []
        for x, y, _m in rng.sample(option.domain["squares"], min(3, len(option.domain["squares"]))):
            seen = views.path(battle, who, (x, y), mode)
            assert seen.legal, (option.action, (x, y), seen.refusal)
            out.append(cls(who, squares=seen.squares))
        return out
    commands = option.commands()
    return rng.sample(commands, min(3, len(commands)))


def _verify_position(battle: Battle, rng: random.Random) -> int:
    who = battle.turn
    checked = 0
    for name, option in battle.options(who).items():
        if option.legal:
            for command in [option.probe] + _domain_commands(battle, who, option, rng):
                if command is None:
                    continue
                assert battle.check(command) is None, (name, command, battle.check(command))
                ok, refusal = _plays(battle, command)
                assert ok, (name, command, refusal)
                checked += 1
        else:
            ok, refusal = _plays(battle, option.probe)
            assert not ok and refusal.code == option.refusal.code, (name, option.probe, option.refusal, refusal)
            checked += 1
    return checked


def _advance(battle: Battle, rng: random.Random) -> None:
    """Play one offered option (ending the turn now and then), to reach a new position."""
    who = battle.turn
    offered = [o for o in battle.options(who).values() if o.legal and o.action not in ("delay", "ready")]
    if rng.random() < 0.25 or len(offered) <= 1:
        battle.act(who, "end_turn")
        return
    option = rng.choice(offered)
    commands = _domain_commands(battle, who, option, rng) or [option.probe]
    battle.act(rng.choice(commands), dice=None)


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_every_offered_option_plays_and_every_refusal_is_acts_own(path):
    battle = load(path)
    rng = random.Random(f"{SEED}-{path.stem}")
    positions = checked = 0
    while positions < POSITIONS_PER_MAP and battle.winner is None and battle.turn is not None:
        checked += _verify_position(battle, rng)
        positions += 1
        for _ in range(STRIDE):
            if battle.winner is not None or battle.turn is None:
                break
            _advance(battle, rng)
    rounds = battle.round
    battle.close()
    assert positions >= min(POSITIONS_PER_MAP, 5) and checked > positions * 40
    assert rounds >= 3 or positions < POSITIONS_PER_MAP        # past the opening, unless the battle ended


@pytest.mark.parametrize("seed", range(4))
def test_the_same_holds_for_casters_grapplers_and_riders_in_random_skirmishes(seed):
    """The playouts' small battles: a sorcerer with metamagic and a spell-like ability, a
    cleric with a concentration spell, mixed weapons, doors."""
    from test_playouts import WEAPONS, make
    rng = random.Random(f"{SEED}-skirmish-{seed}")
    spots = rng.sample([(x, y) for x in range(8) for y in range(6) if (x, y) not in ((2, 3), (3, 3))], 4)
    battle = make(seed, [(x, y, rng.choice(WEAPONS)) for x, y in spots])
    positions = 0
    while positions < 20 and battle.winner is None and battle.turn is not None:
        _verify_position(battle, rng)
        positions += 1
        _advance(battle, rng)
    battle.close()
    assert positions >= 3
