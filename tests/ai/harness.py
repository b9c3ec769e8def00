"""A tiny local harness for the computer players' tests: play a battle to its end with
one controller per side (100 rounds make a draw), and mirrored matches with sides swapped."""
from __future__ import annotations

from game.ai.controllers import make_controller, play_turn
from game.content.scenario import parse_scenario
from game.engine import Battle
from tests.world.combat_helpers import creature as creature_table

MAX_ROUNDS = 100


def play(battle, controllers: dict, max_rounds: int = MAX_ROUNDS, on_decision=None) -> str:
    """The winning side, or "draw"; ``controllers`` by side; ``on_decision(decision, events)``
    told of each command played."""
    while battle.winner is None and battle.turn is not None and battle.round <= max_rounds:
        who = battle.turn
        play_turn(battle, who, controllers[battle.board().body(who).side], on_decision=on_decision)
    return battle.winner or "draw"


def match(text: str, first: str, second: str, seeds, sides=("blue", "red")) -> dict[str, int]:
    """Mirrored battles: for each seed, ``first`` plays each side in turn against ``second``.
    Wins counted by controller name (and draws)."""
    tally = {first: 0, second: 0, "draw": 0}
    for seed in seeds:
        for a, b in ((first, second), (second, first)):
            battle = Battle(parse_scenario(text.replace("seed = 1\n", f"seed = {seed}\n", 1), "match.toml"))
            names = {sides[0]: a, sides[1]: b}
            won = play(battle, {side: make_controller(name, seed) for side, name in names.items()})
            battle.close()
            tally[names[won] if won in names else "draw"] += 1
    return tally


def battle(grid: str, *creatures: str, seed: int = 1) -> Battle:
    """A small battle from an ASCII grid and creatures written as TOML tables."""
    text = f'seed = {seed}\n[map]\ngrid = """\n{grid.strip()}\n"""\n' + "\n".join(
        f"[[creature]]\n{c.strip()}\n" for c in creatures)
    return Battle(parse_scenario(text, "test.toml"))


def creature(cid: str, side: str, at, **kw) -> str:
    """One creature as a TOML table (``int = 10`` and a longsword unless told)."""
    kw.setdefault("int", 10)
    kw.setdefault("weapon", "longsword")
    return creature_table(cid, side, at, **kw)
