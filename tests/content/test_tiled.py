"""Tiled maps (issue 6, item 6): a ``.tmj`` saved by the Tiled editor loads like the TOML
scenario it stands for, with the conventions of the README ("Tiled maps"), and a bad one is
refused with one ``file: key: what is wrong`` line."""
from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

import pytest

from game.content.errors import ContentError
from game.content.scenario import load_scenario, parse_scenario
from game.content.scenario import parse_tiled

EXAMPLE = Path(__file__).resolve().parents[2] / "maps" / "village_square.tmj"
ORDER = ".#~T"


def prop(name, value):
    kind = "bool" if isinstance(value, bool) else "int" if isinstance(value, int) else "string"
    return {"name": name, "type": kind, "value": value}


def tmj(rows, objects=(), *, tiles=None, props=None, tile_order_only=False, **extra) -> dict:
    """A small Tiled map: tiles 1.. are . # ~ T (with ``char`` unless tile_order_only)."""
    width, height = len(rows[0]), len(rows)
    data = [ORDER.index(ch) + 1 for row in rows for ch in row]
    tileset = {"firstgid": 1, "name": "t", "tilewidth": 32, "tileheight": 32, "tilecount": 4, "columns": 4}
    if not tile_order_only:
        tileset["tiles"] = tiles if tiles is not None else [{"id": i, "properties": [prop("char", ch)]}
                                                             for i, ch in enumerate(ORDER)]
    doc = {"type": "map", "orientation": "orthogonal", "infinite": False, "width": width, "height": height,
           "tilewidth": 32, "tileheight": 32, "properties": props or [],
           "layers": [{"type": "tilelayer", "name": "terrain", "width": width, "height": height, "data": data},
                      {"type": "objectgroup", "name": "creatures", "objects": list(objects)}],
           "tilesets": [tileset]}
    doc.update(extra)
    return doc


def obj(oid, x, y, size=32, **props):
    return {"id": oid, "name": props.pop("name_", ""), "x": x, "y": y, "width": size, "height": size,
            "properties": [prop(k, v) for k, v in props.items()]}


def load(doc, name="map.tmj"):
    return parse_tiled(json.dumps(doc), name)


def refused(doc_or_text, name="bad.tmj") -> str:
    text = doc_or_text if isinstance(doc_or_text, str) else json.dumps(doc_or_text)
    with pytest.raises(ContentError) as exc:
        parse_tiled(text, name)
    line = exc.value.line()
    assert line.startswith(f"{name}: ") and "\n" not in line
    return line


# --------------------------------------------------------------------------- same scenario as TOML

def test_a_tiled_map_gives_the_same_scenario_as_its_toml_twin():
    doc = tmj(["#####", "#.~T#", "#...#", "#####"],
              [obj(1, 32, 32, id="tordek", template="tordek_1", side="blue", feats="power_attack, cleave"),
               obj(2, 96, 64, id="orc", template="orc", side="red", hp=7, conditions="prone")],
              props=[prop("title", "Petit"), prop("seed", 7), prop("charge_lane", "swept")])
    toml = '''title = "Petit"
seed = 7
[rules]
charge_lane = "swept"
[map]
grid = """
#####
#.~T#
#...#
#####
"""
[[creature]]
id = "tordek"
template = "tordek_1"
side = "blue"
at = [1, 1]
feats = ["power_attack", "cleave"]
[[creature]]
id = "orc"
template = "orc"
side = "red"
at = [3, 2]
hp = 7
conditions = ["prone"]
'''
    a, b = load(doc, "same.tmj"), parse_scenario(toml, "same.tmj")
    assert (a.title, a.seed, a.variants, a.rows) == (b.title, b.seed, b.variants, b.rows)
    assert a.creatures == b.creatures
    assert a.creatures[1].stats["hp"] == 7 and a.variants.charge_lane == "swept"


def test_the_example_map_loads_through_load_scenario():
    s = load_scenario(EXAMPLE)
    assert s.title == "La place de Valbourg" and s.seed == 1789
    assert len(s.rows) == 22 and {len(r) for r in s.rows} == {36}
    horse = next(c for c in s.creatures if c.id == "bayard")
    assert (horse.template, horse.size, horse.at) == ("light_warhorse", "L", (3, 10))
    alhandra = next(c for c in s.creatures if c.id == "alhandra")
    assert alhandra.weapon == "lance" and "longsword" in alhandra.inventory


def test_tiles_without_char_follow_the_tile_order():
    s = load(tmj(["..~", "#T."], tile_order_only=True))
    assert s.rows == ["..~", "#T."]


def test_empty_cells_are_walls_and_flip_bits_are_ignored():
    doc = tmj(["...", "..."])
    doc["layers"][0]["data"][0] = 0
    doc["layers"][0]["data"][1] = 3 | 0x80000000            # "~" flipped horizontally
    assert load(doc).rows == ["#~.", "..."]


def test_base64_zlib_terrain_data():
    doc = tmj([".#", "~T"])
    raw = b"".join(g.to_bytes(4, "little") for g in doc["layers"][0]["data"])
    doc["layers"][0].update(encoding="base64", compression="zlib", data=base64.b64encode(zlib.compress(raw)).decode())
    assert load(doc).rows == [".#", "~T"]


def test_tile_objects_are_anchored_at_their_bottom_and_names_are_ids():
    o = {"id": 4, "name": "ogre", "gid": 1, "x": 64, "y": 128, "width": 64, "height": 64,
         "properties": [prop("template", "ogre"), prop("side", "red")]}
    s = load(tmj(["....", "....", "....", "...."], [o, obj(5, 0, 0, id="orc", template="orc", side="blue")]))
    assert s.creatures[0].id == "ogre" and s.creatures[0].at == (2, 2) and s.creatures[0].size == "L"


def test_positions_round_to_the_nearest_square():
    s = load(tmj(["....", "...."], [obj(1, 65, 30, id="a", side="x"), obj(2, 0, 0, id="b", side="y")]))
    assert s.creatures[0].at == (2, 1)


def test_layers_inside_groups_are_found():
    doc = tmj(["..", ".."], [obj(1, 0, 0, id="a", side="x")])
    doc["layers"] = [{"type": "group", "name": "all", "layers": doc["layers"]}]
    assert load(doc).creatures[0].id == "a"


# --------------------------------------------------------------------------- refusals

def test_broken_json_names_the_line():
    assert refused('{\n"layers": [\n').startswith("bad.tmj: line ")


def test_no_terrain_layer():
    doc = tmj([".."])
    doc["layers"][0]["name"] = "ground"
    assert "terrain" in refused(doc)


def test_external_tileset_is_refused():
    doc = tmj([".."])
    doc["tilesets"] = [{"firstgid": 1, "source": "terrain.tsx"}]
    assert refused(doc).startswith("bad.tmj: tilesets[0]: external tileset")


def test_a_char_that_is_not_a_map_character():
    doc = tmj([".."], tiles=[{"id": 0, "properties": [prop("char", "X")]}])
    line = refused(doc)
    assert "tilesets[0].tiles[0]" in line and "'X'" in line


def test_a_gid_in_no_tileset():
    doc = tmj([".."])
    doc["layers"][0]["data"][1] = 99
    assert refused(doc) == "bad.tmj: layers.terrain: tile 99 at row 0, column 1 is in no tileset or has no map character"


def test_wrong_number_of_tiles():
    doc = tmj(["..", ".."])
    doc["layers"][0]["data"].pop()
    assert "has 3 tiles" in refused(doc)


def test_infinite_maps_are_refused():
    assert refused(tmj([".."], infinite=True)).startswith("bad.tmj: infinite:")


def test_creature_errors_are_the_scenario_ones():
    line = refused(tmj(["..", ".."], [obj(1, 96, 0, id="tordek", side="blue")]))
    assert line == 'bad.tmj: creature "tordek": at [3, 0] is outside the 2×2 map'
    line = refused(tmj(["..", ".."], [obj(1, 0, 0, id="x", side="blue", template="dragon")]))
    assert line == 'bad.tmj: creature "x": unknown template "dragon"'


def test_an_object_without_id_or_name():
    assert refused(tmj([".."], [obj(7, 0, 0, side="blue")])) == "bad.tmj: object 7: needs an id property (or a name)"


def test_at_property_is_refused():
    assert "at comes from the object's position" in refused(tmj([".."], [obj(1, 0, 0, id="a", side="b", at="1,1")]))


def test_unknown_map_property():
    assert refused(tmj([".."], props=[prop("weather", "rain")])).startswith("bad.tmj: properties.weather:")


def test_load_scenario_reads_tmj_files(tmp_path):
    path = tmp_path / "small.tmj"
    path.write_text(json.dumps(tmj(["..", ".."], [obj(1, 0, 0, id="a", side="x", template="goblin")])), encoding="utf-8")
    s = load_scenario(path)
    assert s.creatures[0].size == "S" and s.creatures[0].weapon == "morningstar"
