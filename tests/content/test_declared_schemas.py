"""Every file kind is read against its declared schema (issue 15, item 1): the data tables
(``game/data/schema.py``), scenarios (``game/content/schema.py``), Tiled maps and saves.
A value of the wrong type or out of bounds is refused with the key path as the file's
reader says it, and a typo in a hand-edited data table is refused instead of being read
as a default."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game import data
from game.content.errors import ContentError
from game.content.scenario import parse_scenario
from game.data.schema import ROWS

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "game" / "data" / "tables"
DUEL = '''[map]
grid = """
......
......
"""
[[creature]]
id = "tordek"
side = "blue"
at = [0, 0]
%s
[[creature]]
id = "orc"
side = "red"
at = [3, 1]
'''


def refusal(extra: str) -> str:
    with pytest.raises(ContentError) as caught:
        parse_scenario(DUEL % extra, "duel.toml")
    return caught.value.line()


def test_every_shipped_table_has_a_schema_and_conforms_to_it():
    assert sorted(ROWS) == sorted(p.name for p in TABLES.glob("*.toml"))
    for name in ROWS:
        assert data.read_table(name), name


@pytest.mark.parametrize("edit, where, words", [
    (("threat        = 19", "thret = 19"), "longsword.thret", ("unknown key",)),
    (("multiplier    = 2", 'multiplier = "x2"'), "longsword.multiplier", ("whole number", '"x2"')),
    (("multiplier    = 2", "multiplier = 9"), "longsword.multiplier", ("from 1 to 6", "9")),
    (('use           = "one_handed"', 'use           = "one_hand"'), "longsword.use", ("unknown value", '"one_hand"')),
])
def test_a_typo_in_a_data_table_is_refused_naming_the_table_and_key(tmp_path, monkeypatch, edit, where, words):
    shutil.copy(TABLES / "weapons.toml", tmp_path / "weapons.toml")
    text = (tmp_path / "weapons.toml").read_text(encoding="utf-8")
    start = text.index("[longsword]")
    end = text.index("\n[", start + 1)
    old, new = edit
    assert old in text[start:end], edit
    (tmp_path / "weapons.toml").write_text(text[:start] + text[start:end].replace(old, new, 1) + text[end:],
                                           encoding="utf-8")
    monkeypatch.setattr(data, "DATA_DIR", tmp_path)
    with pytest.raises(ContentError) as caught:
        data.read_table("weapons.toml")
    line = caught.value.line()
    assert line.startswith(f"{tmp_path / 'weapons.toml'}: {where}: "), line
    for word in words:
        assert word in line, (word, line)


@pytest.mark.parametrize("extra, where, what", [
    ("hp = true", 'creature "tordek".hp', "must be a whole number from 1 to 100000, not true"),
    ('hp = "10"', 'creature "tordek".hp', 'must be a whole number from 1 to 100000, not "10"'),
    ("dex = 12.0", 'creature "tordek".dex', "must be a whole number from 0 to 99, not 12.0"),
    ("speed = inf", 'creature "tordek".speed', "must be a number from 0 to 36, not Infinity"),
    ("spell_like = {sleep = 0}", 'creature "tordek".spell_like.sleep', "must be a whole number from 1 to 1000"),
    ('feat_choices = {weapon_focus = ""}', 'creature "tordek".feat_choices.weapon_focus',
     'must be a non-empty string, not ""'),
    ("conditions = [\"prone\", 3]", 'creature "tordek".conditions[1]', "must be a non-empty string, not 3"),
    ("at2 = 1", 'creature "tordek".at2', "unknown key"),
    ('size = "XL"', 'creature "tordek".size', 'unknown value "XL" (expected one of'),
    ("spell_slots = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]", 'creature "tordek".spell_slots', "(at most 10)"),
])
def test_a_scenario_value_is_refused_with_its_key_path_and_what_was_expected(extra, where, what):
    line = refusal(extra)
    assert line.startswith(f"duel.toml: {where}: "), line
    assert what in line, line


def test_a_template_key_the_creature_replaces_is_typed_as_its_own():
    text = (DUEL % "").replace('id = "orc"\n', 'id = "orc"\ntemplate = "orc"\nhp = "lots"\n')
    with pytest.raises(ContentError) as caught:
        parse_scenario(text, "duel.toml")
    assert caught.value.line() == 'duel.toml: creature "orc".hp: must be a whole number from 1 to 100000, not "lots"'


def test_a_good_scenario_gives_the_typed_values_it_says():
    scenario = parse_scenario(DUEL % 'speed = 10.5\nundead = 1\nspell_like = {sleep = "at_will"}\nstr = 14',
                              "duel.toml")
    tordek = scenario.creatures[0]
    assert tordek.speed_squares == 7 and tordek.stats["undead"] == 1 and tordek.stats["str"] == 14
    assert tordek.spell_like == {"sleep": None}
