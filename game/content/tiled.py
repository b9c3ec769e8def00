"""Tiled maps (``.tmj``, the Tiled editor's JSON format) as scenarios.

Conventions (README, "Tiled maps"):

- an orthogonal, finite map; one square per tile (the tile size is only used to turn
  object pixels into squares);
- a tile layer named ``terrain``: each tile is a map character of the scenario legend,
  given by the tile's custom string property ``char`` in an embedded tileset; a tile without
  ``char`` stands for the character of its position in the tileset, in the order of
  ``TILE_ORDER`` ("." floor, "#" wall, "~" difficult, "T" tree, "+" door, "/" open door, "=" low wall,
  "^" rock face, "w" deep water, "O" pit, ":" darkness, "b" heavy crate, "%" web sheet). An empty cell (gid 0) is a
  wall, like a missing cell of a TOML grid. Flip bits are ignored;
- an object layer named ``creatures``: one object per creature, its top-left corner (the
  top-left of its space) rounded to the nearest grid line; custom properties are the
  scenario's creature keys (``id``, ``template``, ``side``, ``name``, ``weapon``, ``hp`` ...);
  ``id`` defaults to the object's name; list keys (``feats``, ``conditions``, ``inventory``)
  are comma-separated strings;
- map custom properties: ``title``, ``description``, ``seed``, the rule variants
  (``charge_lane``, ``scatter_order``, ``reach_diagonal_exception``) and ``difficult``, what
  the map's difficult terrain is for the eye (the TOML ``[map] difficult``, issue 14 item 3).

Other layers (decoration) are ignored. ``scenario.parse_tiled`` returns the same ``Scenario`` as the
equivalent TOML file, and refuses a bad file with one ``file: key: what is wrong`` line.
"""
from __future__ import annotations

import base64
import json
import math
import struct
import zlib
from typing import Any

from msgspec import UNSET

from ..rules.terrain import LEGEND
from .errors import ContentError
from .limits import check_values, guard, no_constant
from ..data.strict import convert
from .schema import DIFFICULT_LOOKS
from .schema import value_or as _or
from .tiled_schema import Layer, MapObject, Property, TiledMap, Tileset

TILE_ORDER = (".", "#", "~", "T", "+", "/", "=", "^", "w", "O", ":", "b", "%")      # appended to, never reordered
FLIP_BITS = 0xF0000000
LIST_KEYS = ("feats", "conditions", "inventory")
MAP_PROPERTIES = ("title", "description", "seed", "title_en", "title_fr", "description_en", "description_fr")
RULE_PROPERTIES = ("charge_lane", "scatter_order", "reach_diagonal_exception")
MAP_TABLE_PROPERTIES = ("difficult",)        # keys of the TOML [map] table, given as map properties


def tiled_document(text: str, path: str = "<tiled>") -> dict[str, Any]:
    """A Tiled JSON map read into a scenario document (the keys a TOML scenario has), for
    ``scenario`` to validate; a map that is not one is refused here."""

    def fail(where: str | None, what: str):
        raise ContentError(path, where, what)

    guard(text, path, "json")
    try:
        doc = json.loads(text, parse_constant=no_constant)
    except json.JSONDecodeError as exc:
        fail(f"line {exc.lineno}", f"broken JSON: {exc.msg}")
    except (ValueError, RecursionError) as exc:
        fail(None, f"broken JSON: {exc.__class__.__name__}")
    check_values(doc, path)
    if not isinstance(doc, dict) or doc.get("type", "map") != "map" or "layers" not in doc:
        fail(None, "not a Tiled map (a JSON object with \"layers\")")
    tiled = convert(doc, TiledMap, path, dialect="json")
    if tiled.infinite:
        fail("infinite", "infinite maps are not supported: save the map with a fixed size")

    scenario: dict[str, Any] = {}
    rules: dict[str, Any] = {}
    map_table: dict[str, Any] = {}
    known = MAP_PROPERTIES + RULE_PROPERTIES + MAP_TABLE_PROPERTIES
    for name, value in _properties(tiled.properties).items():
        if name in MAP_PROPERTIES:
            scenario[name] = value
        elif name in RULE_PROPERTIES:
            rules[name] = value
        elif name == "difficult":
            map_table[name] = _difficult_look(value, fail)
        else:
            fail(f"properties.{name}", f"unknown map property (known: {', '.join(known)})")
    if rules:
        scenario["rules"] = rules

    layers = list(_layers(tiled.layers))
    terrain = [layer for layer in layers if layer.type == "tilelayer" and layer.name == "terrain"]
    if len(terrain) != 1:
        fail("layers", f"needs exactly one tile layer named \"terrain\" (found {len(terrain)})")
    chars = _tile_chars(tiled.tilesets, fail)
    width, height = tiled.width, tiled.height
    gids = _layer_data(terrain[0], width, height, fail)
    rows = []
    for y in range(height):
        row = []
        for x in range(width):
            gid = gids[y * width + x] & ~FLIP_BITS
            if gid == 0:
                row.append("#")
                continue
            ch = chars.get(gid)
            if ch is None:
                fail("layers.terrain", f"tile {gid} at row {y}, column {x} is in no tileset or has no map character")
            row.append(ch)
        rows.append("".join(row))
    scenario["map"] = {"grid": "\n".join(rows), **map_table}

    groups = [layer for layer in layers if layer.type == "objectgroup" and layer.name == "creatures"]
    if len(groups) > 1:
        fail("layers", "more than one object layer named \"creatures\"")
    objects = groups[0].objects if groups else []
    scenario["creature"] = [_creature(obj, tiled.tilewidth, tiled.tileheight, fail) for obj in objects]
    return scenario


def _difficult_look(value: Any, fail) -> str:
    """The map property ``difficult``: one of ``schema.DIFFICULT_LOOKS``, checked here so the
    error names the Tiled key (``properties.difficult``), not the TOML one it becomes."""
    if not isinstance(value, str):
        fail("properties.difficult", f"must be a string, one of {_choices()}, not {value!r}")
    if value not in DIFFICULT_LOOKS:
        fail("properties.difficult", f"unknown value {json.dumps(value)} (expected one of {_choices()})")
    return value


def _choices() -> str:
    return ", ".join(f'"{look}"' for look in sorted(DIFFICULT_LOOKS))


def _layers(layers: list[Layer]):
    """Every layer, group layers opened."""
    for layer in layers:
        if layer.type == "group":
            yield from _layers(layer.layers)
        else:
            yield layer


def _properties(props: list[Property] | dict[str, Any]) -> dict[str, Any]:
    if isinstance(props, dict):          # the old (Tiled < 1.2) form: {name: value}
        return dict(props)
    return {p.name: p.value for p in props}


def _tile_chars(tilesets: list[Tileset], fail) -> dict[int, str]:
    """gid -> map character, from the embedded tilesets."""
    out: dict[int, str] = {}
    for i, ts in enumerate(tilesets):
        where = f"tilesets[{i}]"
        if ts.source is not UNSET:
            fail(where, f"external tileset {ts.source!r} is not supported: embed it in the map (Tiled: Embed Tileset)")
        for local in range(min(ts.tilecount, len(TILE_ORDER))):
            out[ts.firstgid + local] = TILE_ORDER[local]
        for tile in ts.tiles:
            props = _properties(tile.properties)
            if "char" in props:
                ch = props["char"]
                if not isinstance(ch, str) or ch not in LEGEND:
                    fail(f"{where}.tiles[{tile.id}]", f"char {ch!r} is not a map character "
                                                      f"(known: {' '.join(repr(c) for c in LEGEND)})")
                out[ts.firstgid + tile.id] = ch
    return out


def _layer_data(layer: Layer, width: int, height: int, fail) -> list[int]:
    if _or(layer.width, width) != width or _or(layer.height, height) != height:
        fail("layers.terrain", f"is {layer.width}×{layer.height}, the map {width}×{height}")
    if layer.chunks is not UNSET:
        fail("layers.terrain", "chunked (infinite) layers are not supported")
    data = layer.data
    if layer.encoding == "base64":
        if not isinstance(data, str):
            fail("layers.terrain.data", "base64 data must be a string")
        try:
            raw = base64.b64decode(data)
            if layer.compression:          # never more than the map's tiles: no zip bomb
                inflate = zlib.decompressobj(15 if layer.compression == "zlib" else 31)
                raw = inflate.decompress(raw, width * height * 4 + 4)
        except (ValueError, zlib.error, OSError) as exc:
            fail("layers.terrain.data", f"cannot be decoded ({exc.__class__.__name__})")
        if len(raw) % 4:
            fail("layers.terrain.data", "is not a whole number of 32-bit tiles")
        data = list(struct.unpack(f"<{len(raw) // 4}I", raw))
    if not isinstance(data, list):
        fail("layers.terrain.data", "must be a list of tile numbers")
    if len(data) != width * height:
        fail("layers.terrain.data", f"has {len(data)} tiles, the map {width}×{height} needs {width * height}")
    return data


def _creature(obj: MapObject, tw: int, th: int, fail) -> dict:
    props = _properties(obj.properties)
    cid = props.get("id") or obj.name
    if not isinstance(cid, str) or not cid:
        fail(f"object {obj.id}", "needs an id property (or a name)")
    if "at" in props:
        fail(f'object {obj.id} ("{cid}")', "at comes from the object's position: remove the at property")
    top = obj.y - obj.height if obj.gid is not UNSET else obj.y   # tile objects are anchored bottom-left
    creature = dict(props)
    creature["id"] = cid
    creature["at"] = [int(math.floor(obj.x / tw + 0.5)), int(math.floor(top / th + 0.5))]
    for key in LIST_KEYS:
        value = creature.get(key)
        if isinstance(value, str):
            creature[key] = [v.strip() for v in value.split(",") if v.strip()]
    return creature
