"""A Tiled map says what its difficult terrain is (issue 14, item 3): the map property
``difficult`` is the TOML ``[map] difficult`` (docs/scenario-format.md), drawn by the board,
kept by the editor, and a bad value is refused in one line naming the file and the key."""
from __future__ import annotations

import json

import pygame
import pytest

from game import cli
from game.content.scenario import load_scenario, parse_scenario
from game.content.scenario_writer import scenario_document

from tests.content.test_tiled import load, obj, prop, refused, tmj

ROWS = ["......", ".~~...", ".~~...", "......"]
PEOPLE = [obj(1, 0, 0, id="hero", side="blue", template="goblin"),
          obj(2, 160, 96, id="orc", side="red", template="orc")]


def _map(look=None) -> dict:
    return tmj(ROWS, PEOPLE, props=[prop("title", "Mare")] + ([prop("difficult", look)] if look is not None else []))


@pytest.mark.parametrize("look", ["water", "furniture", "sand", "undergrowth", "rubble"])
def test_the_map_property_gives_the_same_scenario_as_the_toml_key(look):
    toml = f'''title = "Mare"
[map]
grid = """
{chr(10).join(ROWS)}
"""
difficult = "{look}"
[[creature]]
id = "hero"
side = "blue"
template = "goblin"
at = [0, 0]
[[creature]]
id = "orc"
side = "red"
template = "orc"
at = [5, 3]
'''
    a, b = load(_map(look)), parse_scenario(toml, "twin.toml")
    assert a.difficult_look == b.difficult_look == look
    assert (a.rows, a.creatures) == (b.rows, b.creatures)


def test_without_the_property_the_plain_tile_is_kept():
    assert load(_map()).difficult_look == ""


def _mean(surface: pygame.Surface, rect: pygame.Rect) -> tuple[float, float, float]:
    px = [surface.get_at((x, y)) for x in range(rect.left, rect.right, 2) for y in range(rect.top, rect.bottom, 2)]
    return tuple(sum(p[i] for p in px) / len(px) for i in range(3))


def test_the_renderer_draws_the_look_the_tiled_map_names(tmp_path):
    """``python -m game render`` on the same map with and without the property: the
    difficult squares change, the floor does not (the look is for "~" only)."""
    cell = 32
    pictures = {}
    for look in (None, "sand"):
        path = tmp_path / f"{look}.tmj"
        path.write_text(json.dumps(_map(look)), encoding="utf-8")
        out = tmp_path / f"{look}.png"
        assert cli.main(["render", str(path), "--out", str(out), "--cell", str(cell)]) == 0
        pictures[look] = pygame.image.load(str(out))
    # the picture has a one-square margin: square (x, y) starts at ((x + 1) * cell, (y + 1) * cell)
    difficult = pygame.Rect(2 * cell + 2, 2 * cell + 2, 2 * cell - 4, 2 * cell - 4)    # squares (1..2, 1..2)
    floor = pygame.Rect(4 * cell + 2, 2 * cell + 2, cell - 4, cell - 4)              # square (3, 1)
    plain, sand = _mean(pictures[None], difficult), _mean(pictures["sand"], difficult)
    assert max(abs(p - s) for p, s in zip(plain, sand)) > 8
    assert _mean(pictures[None], floor) == _mean(pictures["sand"], floor)


def test_the_editor_keeps_it_when_the_tiled_map_is_saved_as_toml(tmp_path):
    from game.ui.editor.document import Document
    path = tmp_path / "pond.tmj"
    path.write_text(json.dumps(_map("undergrowth")), encoding="utf-8")
    doc = Document.open(path)
    assert doc.scenario.difficult_look == "undergrowth"
    assert scenario_document(doc.scenario)["map"]["difficult"] == "undergrowth"
    assert load_scenario(path).difficult_look == "undergrowth"


def test_an_unknown_look_is_refused_naming_the_file_and_the_key():
    assert refused(_map("lava")) == ('bad.tmj: properties.difficult: unknown value "lava" (expected one of '
                                     '"furniture", "rubble", "sand", "undergrowth", "water")')


@pytest.mark.parametrize("value", [3, True, ""])
def test_a_look_that_is_not_a_name_is_refused_in_one_line(value):
    line = refused(_map(value))
    assert line.startswith("bad.tmj: properties.difficult: ") and '"sand"' in line


def test_the_unknown_property_error_lists_it_among_the_known_ones():
    assert "difficult" in refused(tmj([".."], props=[prop("weather", "rain")]))
