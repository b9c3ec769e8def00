"""Tiled maps (``.tmj``, the Tiled editor's JSON format) as scenarios.

Conventions (README, "Tiled maps"):

- an orthogonal, finite map; one square per tile (the tile size is only used to turn
  object pixels into squares);
- a tile layer named ``terrain``: each tile is a map character of the scenario legend,
  given by the tile's custom string property ``char`` in an embedded tileset; a tile without
  ``char`` stands for the character of its position in the tileset, in the order of
  ``TILE_ORDER`` ("." floor, "#" wall, "~" difficult, "T" tree, "+" door, "/" open door, "=" low wall,
  "^" rock face). An empty cell (gid 0) is a wall, like a missing cell of a TOML grid. Flip bits are ignored;
- an object layer named ``creatures``: one object per creature, its top-left corner (the
  top-left of its space) rounded to the nearest grid line; custom properties are the
  scenario's creature keys (``id``, ``template``, ``side``, ``name``, ``weapon``, ``hp`` ...);
  ``id`` defaults to the object's name; list keys (``feats``, ``conditions``, ``inventory``)
  are comma-separated strings;
- map custom properties: ``title``, ``description``, ``seed`` and the rule variants
  (``charge_lane``, ``scatter_order``, ``reach_diagonal_exception``).

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

from ..rules.terrain import LEGEND
from .errors import ContentError
from .limits import check_values, guard, no_constant

MAX_SIDE = 200           # squares, as a TOML grid (scenario.MAX_SIDE)

TILE_ORDER = (".", "#", "~", "T", "+", "/", "=", "^")
FLIP_BITS = 0xF0000000
LIST_KEYS = ("feats", "conditions", "inventory")
MAP_PROPERTIES = ("title", "description", "seed", "title_en", "title_fr", "description_en", "description_fr")
RULE_PROPERTIES = ("charge_lane", "scatter_order", "reach_diagonal_exception")


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
    if doc.get("orientation", "orthogonal") != "orthogonal":
        fail("orientation", f"must be \"orthogonal\", not {doc.get('orientation')!r}")
    if doc.get("infinite", False):
        fail("infinite", "infinite maps are not supported: save the map with a fixed size")
    width, height = doc.get("width"), doc.get("height")
    tw, th = doc.get("tilewidth"), doc.get("tileheight")
    for key, value in (("width", width), ("height", height), ("tilewidth", tw), ("tileheight", th)):
        if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
            fail(key, f"must be a positive whole number, not {value!r}")
    if width > MAX_SIDE or height > MAX_SIDE:
        fail("width" if width > MAX_SIDE else "height", f"is {max(width, height)} squares; a side is at most {MAX_SIDE}")

    scenario: dict[str, Any] = {}
    rules: dict[str, Any] = {}
    for name, value in _properties(doc, "properties", fail).items():
        if name in MAP_PROPERTIES:
            scenario[name] = value
        elif name in RULE_PROPERTIES:
            rules[name] = value
        else:
            fail(f"properties.{name}", f"unknown map property (known: {', '.join(MAP_PROPERTIES + RULE_PROPERTIES)})")
    if rules:
        scenario["rules"] = rules

    layers = list(_layers(doc.get("layers"), fail))
    terrain = [layer for layer in layers if layer.get("type") == "tilelayer" and layer.get("name") == "terrain"]
    if len(terrain) != 1:
        fail("layers", f"needs exactly one tile layer named \"terrain\" (found {len(terrain)})")
    chars = _tile_chars(doc.get("tilesets", []), fail)
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
    scenario["map"] = {"grid": "\n".join(rows)}

    creatures = []
    groups = [layer for layer in layers if layer.get("type") == "objectgroup" and layer.get("name") == "creatures"]
    if len(groups) > 1:
        fail("layers", "more than one object layer named \"creatures\"")
    objects = groups[0].get("objects", []) if groups else []
    if not isinstance(objects, list):
        fail("layers.creatures.objects", "must be a list")
    for obj in objects:
        creatures.append(_creature(obj, tw, th, fail))
    scenario["creature"] = creatures
    return scenario


def _layers(layers: Any, fail):
    """Every layer, group layers opened."""
    if not isinstance(layers, list):
        fail("layers", "must be a list")
    for layer in layers:
        if not isinstance(layer, dict):
            fail("layers", "every layer must be an object")
        if layer.get("type") == "group":
            yield from _layers(layer.get("layers", []), fail)
        else:
            yield layer


def _properties(owner: dict, where: str, fail) -> dict[str, Any]:
    props = owner.get("properties", [])
    if isinstance(props, dict):          # the old (Tiled < 1.2) form: {name: value}
        return dict(props)
    if not isinstance(props, list):
        fail(where, "must be a list of {name, type, value}")
    out = {}
    for p in props:
        if not isinstance(p, dict) or not isinstance(p.get("name"), str) or "value" not in p:
            fail(where, f"bad property {p!r}")
        out[p["name"]] = p["value"]
    return out


def _tile_chars(tilesets: Any, fail) -> dict[int, str]:
    """gid -> map character, from the embedded tilesets."""
    if not isinstance(tilesets, list):
        fail("tilesets", "must be a list")
    out: dict[int, str] = {}
    for i, ts in enumerate(tilesets):
        where = f"tilesets[{i}]"
        if not isinstance(ts, dict) or not isinstance(ts.get("firstgid"), int) or isinstance(ts.get("firstgid"), bool):
            fail(where, "needs a firstgid")
        if "source" in ts:
            fail(where, f"external tileset {ts['source']!r} is not supported: embed it in the map (Tiled: Embed Tileset)")
        first = ts["firstgid"]
        count = ts.get("tilecount", 0)
        if not isinstance(count, int) or count < 0:
            fail(f"{where}.tilecount", f"must be a whole number, not {count!r}")
        for local in range(min(count, len(TILE_ORDER))):
            out[first + local] = TILE_ORDER[local]
        tiles = ts.get("tiles", [])
        if not isinstance(tiles, list):
            fail(f"{where}.tiles", "must be a list")
        for tile in tiles:
            if not isinstance(tile, dict) or not isinstance(tile.get("id"), int):
                fail(f"{where}.tiles", f"bad tile {tile!r}")
            props = _properties(tile, f"{where}.tiles[{tile['id']}].properties", fail)
            if "char" in props:
                ch = props["char"]
                if not isinstance(ch, str) or ch not in LEGEND:
                    fail(f"{where}.tiles[{tile['id']}]", f"char {ch!r} is not a map character "
                                                         f"(known: {' '.join(repr(c) for c in LEGEND)})")
                out[first + tile["id"]] = ch
    return out


def _layer_data(layer: dict, width: int, height: int, fail) -> list[int]:
    if layer.get("width", width) != width or layer.get("height", height) != height:
        fail("layers.terrain", f"is {layer.get('width')}×{layer.get('height')}, the map {width}×{height}")
    if "chunks" in layer:
        fail("layers.terrain", "chunked (infinite) layers are not supported")
    data = layer.get("data")
    encoding = layer.get("encoding", "csv")
    if encoding == "base64":
        if not isinstance(data, str):
            fail("layers.terrain.data", "base64 data must be a string")
        try:
            raw = base64.b64decode(data)
            compression = layer.get("compression", "")
            if compression in ("zlib", "gzip"):   # never more than the map's tiles: no zip bomb
                inflate = zlib.decompressobj(15 if compression == "zlib" else 31)
                raw = inflate.decompress(raw, width * height * 4 + 4)
            elif compression:
                fail("layers.terrain.compression", f"{compression!r} is not supported (use CSV, zlib or gzip)")
        except (ValueError, zlib.error, OSError) as exc:
            fail("layers.terrain.data", f"cannot be decoded ({exc.__class__.__name__})")
        if len(raw) % 4:
            fail("layers.terrain.data", "is not a whole number of 32-bit tiles")
        data = list(struct.unpack(f"<{len(raw) // 4}I", raw))
    elif encoding != "csv":
        fail("layers.terrain.encoding", f"{encoding!r} is not supported")
    if not isinstance(data, list) or not all(isinstance(g, int) and not isinstance(g, bool) and g >= 0 for g in data):
        fail("layers.terrain.data", "must be a list of tile numbers")
    if len(data) != width * height:
        fail("layers.terrain.data", f"has {len(data)} tiles, the map {width}×{height} needs {width * height}")
    return data


def _creature(obj: Any, tw: int, th: int, fail) -> dict:
    if not isinstance(obj, dict):
        fail("layers.creatures", "every object must be a JSON object")
    oid = obj.get("id", "?")
    props = _properties(obj, f"object {oid}.properties", fail)
    cid = props.get("id") or obj.get("name")
    if not isinstance(cid, str) or not cid:
        fail(f"object {oid}", "needs an id property (or a name)")
    where = f'object {oid} ("{cid}")'
    if "at" in props:
        fail(where, "at comes from the object's position: remove the at property")
    x, y = obj.get("x"), obj.get("y")
    height = obj.get("height", 0)
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in (x, y, height)):
        fail(where, "needs x, y (and height) as finite numbers")
    top = y - height if "gid" in obj else y   # tile objects are anchored bottom-left
    creature = {k: v for k, v in props.items()}
    creature["id"] = cid
    creature["at"] = [int(math.floor(x / tw + 0.5)), int(math.floor(top / th + 0.5))]
    for key in LIST_KEYS:
        value = creature.get(key)
        if isinstance(value, str):
            creature[key] = [v.strip() for v in value.split(",") if v.strip()]
    return creature
