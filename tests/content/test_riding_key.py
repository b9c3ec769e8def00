"""A rider in the saddle in a scenario (issue 13: a mounted battle can be paused into the
sandbox): ``riding = "<mount id>"`` on a creature, an optional key added to the format.
A good one seats the rider in the battle as the ``mount`` action would; a bad one is
refused with one line naming the file, the creature and the key."""
from __future__ import annotations

import pytest

from game.content.errors import ContentError
from game.content.scenario import parse_scenario
from game.content.scenario_writer import scenario_document, scenario_text as written
from game.engine import Battle
from game.world import views
from tests.boards import open_grid, scenario_text

HORSE = {"id": "horse", "side": "blue", "at": [2, 2], "template": "heavy_warhorse"}
KNIGHT = {"id": "knight", "side": "blue", "at": [2, 2], "riding": "horse", "weapon": "lance"}
ORC = {"id": "orc", "side": "red", "at": [8, 4], "weapon": "greataxe"}


def text(*creatures):
    return scenario_text(open_grid(10, 6), *creatures)


def test_a_rider_in_the_saddle_rides_its_mount_in_the_battle_and_is_written_back():
    sc = parse_scenario(text(HORSE, KNIGHT, ORC), "mounted.toml")
    assert next(c for c in sc.creatures if c.id == "knight").riding == "horse"
    battle = Battle(sc)
    try:
        assert views.mount_of(battle, "knight") == "horse"
        assert battle.board().body("knight").pos == battle.board().body("horse").pos == (2, 2)
        assert battle.board().body("knight").mount_span == 2            # the rider is judged by its mount's space
        again = parse_scenario(written(scenario_document(sc)), "again.toml")
        assert again.creatures == sc.creatures
    finally:
        battle.close()


def test_a_scenario_without_riders_seats_nobody():
    on_foot = {k: v for k, v in KNIGHT.items() if k != "riding"} | {"at": [5, 5]}
    battle = Battle(parse_scenario(text(HORSE, on_foot, ORC), "on_foot.toml"))
    try:
        assert views.mount_of(battle, "knight") is None
    finally:
        battle.close()


@pytest.mark.parametrize("knight, horse, words", [
    ({"riding": "pegasus"}, {}, ("riding 'pegasus' names no creature",)),
    ({"riding": "knight"}, {}, ("riding names itself",)),
    ({"riding": 3}, {}, ('creature "knight".riding: must be a non-empty string, not 3',)),
    ({"riding": "orc", "at": [8, 4]}, {}, ('riding "orc"', "not a mount")),
    ({}, {"side": "red"}, ('riding "horse"', 'side "red"')),
    ({"size": "L"}, {}, ('riding "horse"', "size L cannot carry a rider of size L")),
    ({"at": [5, 5]}, {}, ('riding "horse"', "at [5, 5] must be its mount's at [2, 2]")),
])
def test_a_rider_on_what_cannot_carry_it_is_refused_in_one_line(knight, horse, words):
    with pytest.raises(ContentError) as caught:
        parse_scenario(text({**HORSE, **horse}, {**KNIGHT, **knight}, ORC), "mounted.toml")
    line = caught.value.line()
    assert line.startswith('mounted.toml: creature "knight"') and "\n" not in line
    for word in words:
        assert word in line


def test_a_mount_carries_one_rider():
    squire = {"id": "squire", "side": "blue", "at": [2, 2], "riding": "horse", "size": "S"}
    with pytest.raises(ContentError) as caught:
        parse_scenario(text(HORSE, KNIGHT, squire, ORC), "mounted.toml")
    assert caught.value.line() == 'mounted.toml: creature "squire": riding "horse": it already carries "knight"'
