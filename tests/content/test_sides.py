"""``[sides.X]`` tables (design/scenario-format.md, "Sides"; issue 12, item 1): who plays a
side and its names. Each mistake is refused in one line naming the file and the key; a
good table gives the side's controller and the names the window shows."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.content.errors import ContentError
from game.content.scenario import load_scenario, parse_scenario

FORD = Path(__file__).resolve().parents[1] / "scenarios" / "ford.toml"


def with_sides(table: str) -> str:
    """The ford example (sides blue and red) with ``table`` before its map."""
    return FORD.read_text(encoding="utf-8").replace("[map]", f"{table}\n\n[map]", 1)


@pytest.mark.parametrize("table, where, words", [
    ('[sides.red]\ncontrol = "robot"', "sides.red.control", ("robot", '"ai", "human"')),
    ('[sides.red]\ncontrol = "ai"\nlevel = "expert"', "sides.red.level", ("expert", '"easy", "hard", "normal"')),
    ('[sides.red]\nlevel = "easy"', "sides.red.level", ('control = "ai"',)),
    ('[sides.red]\ncontrol = "human"\nlevel = "easy"', "sides.red.level", ('control = "ai"',)),
    ('[sides.red]\ncolour = "crimson"', "sides.red.colour", ("unknown key", "control, level, name_en, name_fr")),
    ('[sides.green]\ncontrol = "ai"', "sides.green", ("no creature", "green", "blue, red")),
    ('[sides.red]\nname_fr = 3', "sides.red.name_fr", ("string", "3")),
    ('[sides]\nred = "ai"', "sides.red", ("table",)),
    ('sides = 3', "sides", ("table",)),
])
def test_a_bad_side_table_is_refused_in_one_line_naming_the_key(table, where, words):
    with pytest.raises(ContentError) as info:
        parse_scenario(with_sides(table), "maps/raid.toml")
    line = info.value.line()
    assert "\n" not in line and line.startswith(f"maps/raid.toml: {where}: "), line
    for word in words:
        assert word in line, (word, line)


def test_a_side_table_gives_the_controller_and_the_names():
    sc = parse_scenario(with_sides('[sides.red]\ncontrol = "ai"\nlevel = "hard"\nname_en = "The raiders"\n'
                                   'name_fr = "Les pillards"\n\n[sides.blue]\nname_en = "The patrol"'), "raid.toml")
    assert sc.controllers() == {"blue": "human", "red": "ai:hard"}
    assert (sc.side_name("red", "fr"), sc.side_name("red", "en"), sc.side_name("blue", "en")) == \
        ("Les pillards", "The raiders", "The patrol")
    assert sc.side_name("blue", "fr") == "The patrol"          # a name given in one language stands for both
    computer = parse_scenario(with_sides('[sides.red]\ncontrol = "ai"'), "raid.toml")
    assert computer.controllers()["red"] == "ai:normal"        # the level's default


def test_without_side_tables_every_side_is_human_and_named_by_the_catalogue():
    sc = load_scenario(FORD)
    assert sc.sides == {} and sc.controllers() == {"blue": "human", "red": "human"}
    assert sc.side_name("red", "fr") == "Rouges" and sc.side_name("red", "en") == "Reds"
