"""Arbitrary TOML and JSON values for every scenario key (issue 15, item 6): whatever a
key holds, the scenario loads or is refused with one line naming the file — never
another exception. Values are built by hypothesis (numbers of any size, infinities, NaN,
control characters, surrogates in JSON, nested lists and tables) and written into a good
scenario as TOML, and into a good Tiled map's creature as a JSON property."""
from __future__ import annotations

import json
import math
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from game.content.errors import ContentError
from game.engine import Battle
from game.content.scenario import parse_scenario, parse_tiled
from game.content.schema import CREATURE_KEYS, TOP_KEYS

ROOT = Path(__file__).resolve().parents[2]
FORD = (ROOT / "tests" / "scenarios" / "ford.toml").read_text(encoding="utf-8")
VILLAGE = (ROOT / "maps" / "village_square.tmj").read_text(encoding="utf-8")

scalars = (st.booleans() | st.integers() | st.integers(-10**30, 10**30)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12)
json_text = st.text(st.characters(codec=None, blacklist_categories=()), max_size=12)
json_values = st.recursive(scalars | json_text, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12)


def toml(value) -> str:
    """A TOML literal for a Python value (inline arrays and tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {toml(v)}" for k, v in value.items()) + "}"


def loads_or_one_line(parse, text: str, path: str) -> str:
    """Refused in one line ("refused"), or loaded, and then a battle opens on it and draws
    its state ("loaded")."""
    try:
        scenario = parse(text, path)
    except ContentError as exc:
        line = exc.line()
        assert line.startswith(path) and "\n" not in line and "\r" not in line, line
        line.encode("utf-8")
        return "refused"
    battle = Battle(scenario)
    try:
        state = battle.state()
        json.dumps(state, ensure_ascii=False).encode("utf-8")
        assert state["creatures"], "a loaded scenario opens a battle with its creatures"
    finally:
        battle.close()
    return "loaded"


def toml_safe(value) -> bool:
    """TOML text holds no surrogates, nor control characters but tab (and \\n in strings,
    which json.dumps escapes)."""
    return all(not "\ud800" <= ch <= "\udfff" for ch in json.dumps(value, ensure_ascii=False))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(sorted(CREATURE_KEYS - {"id"})), value=values)
def test_any_value_of_a_creature_key_loads_or_is_refused_in_one_line(key, value):
    if not toml_safe(value):
        return
    head, tordek, rest = FORD.partition('id = "tordek"\n')
    block, sep, tail = rest.partition("[[creature]]")
    block = "".join(line for line in block.splitlines(keepends=True) if not line.startswith(f"{key} = "))
    text = f"{head}{tordek}{key} = {toml(value)}\n{block}{sep}{tail}"
    assert loads_or_one_line(parse_scenario, text, "any.toml") in ("loaded", "refused")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(sorted(TOP_KEYS - {"creature", "map"})), value=values)
def test_any_value_of_a_top_level_key_loads_or_is_refused_in_one_line(key, value):
    if not toml_safe(value):
        return
    body = "\n".join(line for line in FORD.split("\n") if not line.startswith(f"{key} ="))
    assert loads_or_one_line(parse_scenario, f"{key} = {toml(value)}\n" + body, "top.toml") in ("loaded", "refused")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(sorted(CREATURE_KEYS)), value=json_values, where=st.sampled_from(["prop", "obj"]))
def test_any_json_value_in_a_tiled_creature_loads_or_is_refused_in_one_line(key, value, where):
    doc = json.loads(VILLAGE)
    obj = next(layer for layer in doc["layers"] if layer["name"] == "creatures")["objects"][0]
    if where == "prop":
        obj["properties"].append({"name": key, "type": "string", "value": value})
    else:
        obj[key if key in ("x", "y", "height", "name") else "name"] = value
    assert loads_or_one_line(parse_tiled, json.dumps(doc), "any.tmj") in ("loaded", "refused")
