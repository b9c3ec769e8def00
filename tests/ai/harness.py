"""A tiny local harness for the computer players' tests: play a battle to its end with
one controller per side (100 rounds make a draw), and mirrored matches with sides swapped."""
from __future__ import annotations

from game.ai.controllers import make_controller, play_turn
from game.content.scenario import parse_scenario
from game.engine import Battle

MAX_ROUNDS = 100


def play(battle, controllers: dict, max_rounds: int = MAX_ROUNDS) -> str:
    """The winning side, or "draw"; ``controllers`` by side."""
    while battle.winner is None and battle.turn is not None and battle.round <= max_rounds:
        who = battle.turn
        play_turn(battle, who, controllers[battle.board().body(who).side])
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
