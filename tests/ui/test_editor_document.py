"""The sandbox's document model, without a window: edits re-parsed by the scenario
validator (refused in its one line), undo and redo of every edit, save and reload, a
battle paused into a document."""
from __future__ import annotations

import tomllib
from pathlib import Path

from game.content.scenario import load_scenario, parse_scenario
from game.engine import Battle
from game.ui.editor.document import Document
from game.world import commands as C, views
from tests.boards import open_grid, scenario_text

ROOT = Path(__file__).resolve().parents[2]
DUEL = scenario_text(open_grid(8, 5),
                     {"id": "hero", "side": "blue", "at": [1, 1], "weapon": "longsword", "initiative": 20},
                     {"id": "orc", "side": "red", "at": [6, 3], "weapon": "greataxe", "initiative": 1})


def duel() -> Document:
    return Document(tomllib.loads(DUEL), None)


def test_each_edit_undoes_and_redoes():
    doc = duel()
    start = doc.text()
    steps = [lambda: doc.paint([(3, 3)], "#"), lambda: doc.rectangle((0, 0), (2, 0), "~"),
             lambda: doc.place("ogre", "red", (3, 0), "Ogre")[0], lambda: doc.move("hero", (2, 2)),
             lambda: doc.set_key("orc", "size", "L"), lambda: doc.set_key("orc", "conditions", ["prone"]),
             lambda: doc.set_variant("scatter_order", "srd"), lambda: doc.set_control("red", "ai:easy"),
             lambda: doc.resize(9, 6), lambda: doc.delete("hero")]
    texts = [start]
    for step in steps:
        assert step() is None
        texts.append(doc.text())
    assert len(set(texts)) == len(texts)                    # every step changed the file
    for expected in reversed(texts[:-1]):
        assert doc.undo() and doc.text() == expected
    assert not doc.undo()
    for expected in texts[1:]:
        assert doc.redo() and doc.text() == expected
    assert not doc.redo()


def test_a_refused_edit_is_the_validators_line_and_changes_nothing():
    doc = duel()
    before = doc.text()
    assert doc.move("hero", (6, 3)) == '<sandbox>: creature "orc": overlaps creature "hero" at [6, 3]'
    assert doc.set_key("hero", "weapon", "laser") == "<sandbox>: creature \"hero\".weapon: unknown weapon 'laser'"
    assert doc.resize(5, 5).endswith('at [6, 3] is outside the 5×5 map')
    assert doc.paint([(1, 1)], "#").endswith("puts it inside a wall at [1, 1]")
    assert doc.text() == before and doc.undo_stack == []


def test_deleting_the_last_creature_of_a_side_drops_its_sides_table():
    doc = duel()
    assert doc.set_control("red", "ai:hard") is None and "sides" in doc.doc
    assert doc.delete("orc") is None and "sides" not in doc.doc


def test_save_writes_a_scenario_that_loads_identically(tmp_path):
    doc = Document.open(ROOT / "maps" / "old_mill.toml")
    assert doc.set_variant("charge_lane", "swept") is None and doc.move("aldric", (12, 10)) is None
    target = tmp_path / "mill.toml"
    assert doc.save(target) is None
    again = load_scenario(target)
    assert again.creatures == doc.scenario.creatures and again.rows == doc.scenario.rows
    assert again.variants.charge_lane == "swept"
    assert doc.save(tmp_path / "mill.json") == f"{tmp_path / 'mill.json'}: a scenario is saved as .toml"


def test_a_battle_paused_into_a_document_keeps_positions_hp_and_conditions():
    text = DUEL.replace('weapon = "greataxe"', 'weapon = "greataxe"\nconditions = ["prone"]\nhp = 5')
    battle = Battle(parse_scenario(text, "duel.toml"))
    try:
        battle.act(C.Move("hero", squares=((2, 1), (3, 2))))
        doc = Document.from_battle(battle)
        creatures = {c.id: c for c in doc.scenario.creatures}
        assert creatures["hero"].at == (3, 2) and creatures["hero"].stats["hp"] == views.health(battle, "hero")[0]
        assert creatures["orc"].at == (6, 3) and creatures["orc"].stats["hp"] == 5
        assert "prone" in creatures["orc"].conditions
        assert doc.scenario.rows == battle.scenario.rows and doc.scenario.variants == battle.variants
    finally:
        battle.close()
