"""Writing scenarios back to TOML (issue 13: the sandbox saves situations): every map of
the project reads back identically, the text is the readable format, and a file is
written atomically."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.content.scenario import load_scenario, parse_scenario
from game.content.scenario_writer import scenario_document, scenario_text, write_atomically

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted((ROOT / "maps").glob("*.toml")) + sorted((ROOT / "maps").glob("*.tmj"))


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_every_map_reads_back_identically(path):
    sc = load_scenario(path)
    again = parse_scenario(scenario_text(scenario_document(sc)), "again.toml")
    assert again.creatures == sc.creatures
    assert (again.rows, again.variants, again.sides, again.texts, again.seed) == (sc.rows, sc.variants, sc.sides,
                                                                                  sc.texts, sc.seed)


def test_the_text_is_the_readable_format():
    sc = load_scenario(ROOT / "maps" / "ford.toml")
    text = scenario_text(scenario_document(sc))
    assert 'grid = """\n' + "\n".join(sc.rows) + '\n"""' in text        # the map as one picture
    assert "at = [2, 6]" in text                                         # short arrays on one line
    assert text.index('id = "tordek"') < text.index('side = "blue"') < text.index("at = [2, 6]")
    assert "[rules]" in text and text.index("[rules]") < text.index("[map]") < text.index("[[creature]]")


def test_a_template_creature_keeps_only_what_differs_from_its_template():
    sc = load_scenario(ROOT / "maps" / "giants_cave.toml")
    text = scenario_text(scenario_document(sc))
    ogre = text[text.index('id = "ogre"'):].split("[[creature]]")[0]
    assert 'template = "ogre"' in ogre and "bab" not in ogre and "str =" not in ogre


def test_write_is_atomic_a_failed_rename_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "situation.toml"
    target.write_text("old", encoding="utf-8")

    def broken(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        write_atomically(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["situation.toml"]
    monkeypatch.undo()
    write_atomically(target, "new")
    assert target.read_text(encoding="utf-8") == "new" and [p.name for p in tmp_path.iterdir()] == ["situation.toml"]
