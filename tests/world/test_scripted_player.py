"""The scripted player (``game.ai.scripted``) plays each shipped map to its end through the
engine's faces alone: every command it submits is one the engine offered, so ``act``
never refuses it (one legality source, issue 10)."""
from pathlib import Path

import pytest

from game.ai import scripted
from game.content.scenario import load_scenario
from game.engine import Battle

MAPS = sorted(p for p in (Path(__file__).resolve().parents[2] / "maps").iterdir() if p.suffix in (".toml", ".tmj"))


@pytest.mark.parametrize("path", MAPS, ids=[p.name for p in MAPS])
def test_the_scripted_player_plays_a_map_without_a_refused_command(path):
    b = Battle(load_scenario(path))
    played = 0
    try:
        while b.winner is None and b.turn is not None and b.round <= 12:
            who = b.turn
            for _ in range(8):
                command = scripted.choose(b, who)
                if command is None:
                    break
                ok, refusal, _ = b.act(command)
                assert ok, (path.name, b.round, command, refusal)
                played += 1
                if b.turn != who or b.winner is not None:
                    break
            if b.turn == who and b.winner is None:
                assert b.act(who, "end_turn")[0]
        assert played > 0
    finally:
        b.close()
