"""A small two-a-side skirmish the simulation tests play many times over (a few
hundredths of a second a battle), written out for the command line tests."""
from __future__ import annotations

import pytest

from game.content.scenario import parse_scenario

SKIRMISH = '''title = "Skirmish"
description = "Two against two across a little field."
seed = 7

[map]
grid = """
..........
...#......
..........
......~~..
..........
"""

[[creature]]
id = "tordek"
side = "blue"
at = [0, 1]
weapon = "longsword"
hp = 20

[[creature]]
id = "lidda"
side = "blue"
at = [0, 3]
weapon = "longsword"
hp = 14

[[creature]]
id = "gnoll"
side = "red"
at = [9, 1]
weapon = "battleaxe"
hp = 12

[[creature]]
id = "orc"
side = "red"
at = [9, 3]
weapon = "greataxe"
hp = 10
'''


@pytest.fixture
def skirmish():
    return parse_scenario(SKIRMISH, "skirmish.toml")


@pytest.fixture
def skirmish_file(tmp_path):
    path = tmp_path / "skirmish.toml"
    path.write_text(SKIRMISH, encoding="utf-8")
    return path
