"""The one door from a parsed document to its declared schema (issue 15, item 1).

Every file kind Carreau reads — scenarios, Tiled maps, saves, the data tables — declares
its shape as msgspec ``Struct`` types (``schema.py``, ``tiled_schema.py``,
``save_schema.py``, ``data.schema``): the type of each key, its bounds, the keys it allows.
``convert`` checks a document against one of them and turns msgspec's refusal into the
house's one line: the file, the key path as a player reads it, and what the schema expected
("must be a whole number from 1 to 100000, not -50").

Why msgspec rather than pydantic: it is strict by default (a ``true`` is not a number, a
``"10"`` is not 10, a float is not a whole number), its errors carry the key path, it
converts a save's megabyte of commands at C speed, and it is one small wheel with no
dependencies of its own.
"""
from __future__ import annotations

import json
import re
from typing import Any, Callable

import msgspec
from msgspec import inspect as mi

from .errors import ContentError

# "Expected `int` >= 1 - at `$.creature[0].hp`", "Object contains unknown field `x` - at `$.a`",
# "Invalid enum value 'z' - at `key` in `$.a.b`"
_MESSAGE = re.compile(r"^(?P<what>.*?)(?: - at `(?P<key>key)` in `(?P<kpath>[^`]*)`| - at `(?P<path>[^`]*)`)?$", re.S)
_TOKEN = re.compile(r"\.([^.\[]+)|\[(\d+|\.\.\.)\]")

Step = str | int | None          # a key, an index, or None for "some key of a table"


def convert(doc: Any, schema: type, path: str, where_of: Callable[[list[Step]], str] | None = None,
            dialect: str = "toml") -> Any:
    """``doc`` as an instance of ``schema``, or a ``ContentError`` naming ``path`` and the
    key. ``where_of`` turns the key path into the words the file's readers use (a creature
    by its id rather than its index); by default ``creature[0].hp``. ``dialect`` names a
    table as the file's language does: a TOML "table", a JSON "object"."""
    try:
        return msgspec.convert(doc, schema)
    except msgspec.ValidationError as exc:
        steps, what = explain(str(exc), doc, schema)
        if dialect == "json":
            what = what.replace("a table", "an object").replace("tables", "objects")
        raise ContentError(path, (where_of or dotted)(steps) or None, what) from None


def explain(message: str, doc: Any, schema: type) -> tuple[list[Step], str]:
    """The key path and a plain sentence for one of msgspec's validation messages."""
    m = _MESSAGE.match(message)
    what = m.group("what") if m else message
    steps = _steps(m.group("kpath") or m.group("path") or "$") if m else []
    steps = _named_keys(steps, doc, schema, message)
    unknown = re.match(r"Object contains unknown field `(.*)`$", what)
    if unknown:
        return steps + [unknown.group(1)], "unknown key" + _known_keys(_type_at(schema, steps))
    missing = re.match(r"Object missing required field `(.*)`$", what)
    if missing:
        return steps + [missing.group(1)], "is missing"
    expected = _describe(_type_at(schema, steps))
    if m and m.group("key"):
        return steps, f"a key {expected}" if expected else what
    value = _value_at(doc, steps)
    if what.startswith("Invalid enum value"):           # a word the schema does not know
        return steps, f"unknown value {_short(value) if value is not _NOWHERE else what[19:]} (expected {expected})"
    shown = "" if value is _NOWHERE else f", not {_short(value)}"
    return steps, f"must be {expected}{shown}" if expected else what


def dotted(steps: list[Step]) -> str:
    """``creature[0].hp``: the key path as written in the file's own terms."""
    out = ""
    for step in steps:
        if isinstance(step, int):
            out += f"[{step}]"
        elif step is None:
            out += "[...]"
        else:
            out += f".{step}" if out else step
    return out


def _steps(text: str) -> list[Step]:
    steps: list[Step] = []
    for key, index in _TOKEN.findall(text[1:] if text.startswith("$") else text):
        if key:
            steps.append(key)
        else:
            steps.append(None if index == "..." else int(index))
    return steps


def _named_keys(steps: list[Step], doc: Any, schema: type, message: str) -> list[Step]:
    """msgspec names a table's failing value ``[...]``, not by its key: find the key, by
    converting the document again with that table cut down to one key at a time."""
    for at, step in enumerate(steps):
        if step is not None:
            continue
        table = _value_at(doc, steps[:at])
        if not isinstance(table, dict):
            return steps
        for key in table:
            try:
                msgspec.convert(_replaced(doc, steps[:at], {key: table[key]}), schema)
            except msgspec.ValidationError as exc:
                if str(exc) == message:
                    steps = steps[:at] + [key] + steps[at + 1:]
                    break
    return steps


def _replaced(doc: Any, steps: list[Step], new: Any) -> Any:
    """``doc`` with the value at ``steps`` replaced by ``new`` (copies along the way only)."""
    if not steps:
        return new
    head, rest = steps[0], steps[1:]
    copy = dict(doc) if isinstance(doc, dict) else list(doc)
    copy[head] = _replaced(doc[head], rest, new)       # type: ignore[index]
    return copy


_NOWHERE = object()


def _value_at(doc: Any, steps: list[Step]) -> Any:
    for step in steps:
        if step is None:
            return _NOWHERE
        try:
            doc = doc[step]
        except (KeyError, IndexError, TypeError):
            return _NOWHERE
    return doc


def _type_at(schema: type, steps: list[Step]) -> mi.Type | None:
    """The declared type found by following ``steps`` from ``schema``."""
    t: mi.Type | None = mi.type_info(schema)
    for step in steps:
        t = _inside(t, step)
        if t is None:
            return None
    return t


def _inside(t: mi.Type | None, step: Step) -> mi.Type | None:
    if isinstance(t, mi.UnionType):
        for option in t.types:
            found = _inside(option, step)
            if found is not None:
                return found
        return None
    if isinstance(t, mi.StructType) and isinstance(step, str):
        return next((f.type for f in t.fields if f.encode_name == step), None)
    if isinstance(t, mi.DictType):
        return t.value_type
    if isinstance(t, (mi.ListType, mi.VarTupleType, mi.SetType)):
        return t.item_type
    if isinstance(t, mi.TupleType) and isinstance(step, int) and step < len(t.item_types):
        return t.item_types[step]
    return None


def _describe(t: mi.Type | None) -> str:
    """What a declared type asks for, as the sentence "must be …" ends."""
    if t is None:
        return ""
    if isinstance(t, mi.UnionType):
        parts = [_describe(option) for option in t.types if not isinstance(option, mi.NoneType)]
        return " or ".join(p for p in parts if p)
    if isinstance(t, mi.LiteralType):
        return "one of " + ", ".join(_short(v) for v in t.values)
    if isinstance(t, mi.BoolType):
        return "true or false"
    if isinstance(t, mi.IntType):
        return "a whole number" + _bounds(t)
    if isinstance(t, mi.FloatType):
        return "a number" + _bounds(t)
    if isinstance(t, mi.StrType):
        return "a non-empty string" if t.min_length else "a string"
    if isinstance(t, mi.TupleType):
        return f"a list of {len(t.item_types)} ({', '.join(_describe(i) for i in t.item_types)})"
    if isinstance(t, (mi.ListType, mi.VarTupleType)):
        most = f" (at most {t.max_length})" if t.max_length is not None else ""
        return f"a list of {_plural(_describe(t.item_type).split(' (known: ')[0])}{most}"
    if isinstance(t, (mi.DictType, mi.StructType)):
        return "a table" + _known_keys(t)
    return ""


def _bounds(t: mi.IntType | mi.FloatType) -> str:
    low = t.ge if t.ge is not None else t.gt
    high = t.le if t.le is not None else t.lt
    if low is not None and high is not None:
        return f" from {_number(low)} to {_number(high)}"
    if low is not None:
        return f" from {_number(low)}"
    if high is not None:
        return f" up to {_number(high)}"
    return ""


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _plural(text: str) -> str:
    for single, many in (("a whole number", "whole numbers"), ("a number", "numbers"), ("a string", "strings"),
                         ("a table", "tables"), ("a non-empty string", "non-empty strings")):
        if text.startswith(single):
            return many + text[len(single):]
    return text


def _known_keys(t: mi.Type | None) -> str:
    if isinstance(t, mi.StructType) and len(t.fields) <= 12:     # a creature's sixty keys: see the format
        return f" (known: {', '.join(f.encode_name for f in t.fields)})"
    return ""


def _short(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
