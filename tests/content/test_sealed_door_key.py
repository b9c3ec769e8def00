"""The ``[[sealed_door]]`` scenario key (issue 11; French text, "Autres usages de l'énergie
positive ou négative": "un site sacré peut être gardé par une porte magique"): a closed door
of the map that only channelled energy opens, with the Hit Dice the turning check must
reach (3 unless given: "affecter un mort-vivant à 3 DV"). A good one reads, writes back and
passes ``python -m game check``; a bad one is refused in one line naming the file and key."""
from __future__ import annotations

import pytest

from game.content.errors import ContentError
from game.content.scenario import parse_scenario
from game.content.scenario_writer import scenario_document, scenario_text
from tests.content.test_check import run_check

SHRINE = """title = "Shrine"
description = "A sealed door."

[map]
grid = \"\"\"
#######
#..+..#
#.#+#.#
#.....#
#######
\"\"\"
{seals}
[[creature]]
id = "cleric"
side = "blue"
at = [2, 1]
cleric_level = 3

[[creature]]
id = "orc"
side = "red"
at = [5, 3]
"""


def shrine(seals: str) -> str:
    return SHRINE.replace("{seals}", seals)


def test_a_sealed_door_reads_with_its_hit_dice_and_writes_back():
    sc = parse_scenario(shrine("[[sealed_door]]\nat = [3, 1]\n\n[[sealed_door]]\nat = [3, 2]\nhit_dice = 6\n"),
                        "shrine.toml")
    assert sc.sealed_doors == {(3, 1): 3, (3, 2): 6}
    text = scenario_text(scenario_document(sc))
    assert "[[sealed_door]]" in text and "at = [3, 1]" in text
    again = parse_scenario(text, "again.toml")
    assert again.sealed_doors == sc.sealed_doors and again.rows == sc.rows
    assert parse_scenario(shrine(""), "plain.toml").sealed_doors == {}
    assert "sealed_door" not in scenario_text(scenario_document(parse_scenario(shrine(""), "plain.toml")))


def test_game_check_accepts_a_sealed_door(tmp_path):
    path = tmp_path / "shrine.toml"
    path.write_text(shrine("[[sealed_door]]\nat = [3, 1]\n"), encoding="utf-8")
    r = run_check(str(path))
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("seals, expected", [
    ("[[sealed_door]]\nat = [1, 1]\n", "shrine.toml: sealed_door[0].at: [1, 1] is not a closed door '+' of the map"),
    ("[[sealed_door]]\nat = [0, 0]\n", "shrine.toml: sealed_door[0].at: [0, 0] is not a closed door '+' of the map"),
    ("[[sealed_door]]\nat = [30, 1]\n", "shrine.toml: sealed_door[0].at: [30, 1] is not a closed door '+' of the map"),
    ("[[sealed_door]]\nat = [3, 1]\n[[sealed_door]]\nat = [3, 1]\n",
     "shrine.toml: sealed_door[1].at: [3, 1] is sealed twice"),
    ("[[sealed_door]]\nat = [3, 1]\nhit_dice = 0\n", "shrine.toml: sealed_door[0].hit_dice"),
    ("[[sealed_door]]\nat = [3, 1]\nhit_dice = \"3\"\n", "shrine.toml: sealed_door[0].hit_dice"),
    ("[[sealed_door]]\nat = [3, 1]\nhd = 3\n", "shrine.toml: sealed_door[0]"),
    ("[[sealed_door]]\nhit_dice = 3\n", "shrine.toml: sealed_door[0]"),
])
def test_a_bad_sealed_door_is_refused_in_one_line_naming_the_key(seals, expected):
    with pytest.raises(ContentError) as err:
        parse_scenario(shrine(seals), "shrine.toml")
    line = str(err.value)
    assert "\n" not in line and line.startswith(expected), line


def test_a_sealed_door_that_was_open_on_the_map_is_refused():
    text = shrine("[[sealed_door]]\nat = [3, 1]\n").replace("#..+..#", "#../..#")
    with pytest.raises(ContentError, match=r"sealed_door\[0\]\.at: \[3, 1\] is not a closed door"):
        parse_scenario(text, "shrine.toml")
