"""Bounds a hostile file meets before and after it is parsed (issue 15).

Python's TOML and JSON readers recurse once per nesting level and turn a 5,000-digit
number into a ``ValueError``; a file may also be any size. ``guard`` refuses a text that
is too large, nested too deep or holds a too-long number *before* the parser sees it, by
one cheap scan that knows the two languages' strings and comments; ``strings_ok`` then
walks the parsed document for the values no player means: lone surrogates (from a JSON
``\\udcff``), infinite or NaN numbers, absurd whole numbers. Each refusal is one
``ContentError`` line naming the file and where.
"""
from __future__ import annotations

import math
import re
from typing import Any

from .errors import ContentError

MAX_TEXT = 4_000_000          # characters of a scenario or Tiled map
MAX_SAVE_TEXT = 64_000_000    # a save holds its whole command log
MAX_DEPTH = 48                # arrays and tables inside one another
MAX_DIGITS = 40               # a run of digits outside strings
MAX_WHOLE = 10 ** 12          # any whole number a file may hold
BOM = "\ufeff"


def strip_bom(text: str) -> str:
    """A UTF-8 byte-order mark (Windows editors add one) is not part of the file."""
    return text[1:] if text.startswith(BOM) else text


def guard(text: str, path: str, kind: str, limit: int = MAX_TEXT) -> None:
    """Refuse ``text`` (``kind`` "toml" or "json") before parsing when it is too big, too
    deep or holds a number too long to be one a player wrote."""
    if len(text) > limit:
        raise ContentError(path, None, f"is too large ({len(text)} characters, at most {limit})")
    if kind == "json":
        _guard_json(text, path)
        return
    depth, line, digits = 0, 1, 0
    i, n = 0, len(text)
    quote = None                     # the string delimiter we are inside, if any
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
        if quote is not None:
            if ch == "\\" and quote in ('"', '"""'):
                i += 2
                continue
            if text.startswith(quote, i):
                i += len(quote)
                quote = None
                continue
            if ch == "\n" and len(quote) == 1:
                quote = None         # a broken one-line string: the parser will say so
            i += 1
            continue
        if ch.isdigit():
            digits += 1
            if digits > MAX_DIGITS:
                raise ContentError(path, f"line {line}", f"a number longer than {MAX_DIGITS} digits")
        else:
            digits = 0
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ContentError(path, f"line {line}", f"nested more than {MAX_DEPTH} levels deep")
        elif ch in "]}":
            depth = max(0, depth - 1)
        elif ch == '"' or (ch == "'" and kind == "toml"):
            triple = ch * 3
            quote = triple if kind == "toml" and text.startswith(triple, i) else ch
            i += len(quote)
            continue
        elif ch == "#" and kind == "toml":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        i += 1


_JSON_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")
_LONG_NUMBER = re.compile(r"\d{%d,}" % (MAX_DIGITS + 1))


def bare_json(text: str) -> str:
    """JSON text with every string blanked to the same length (made once per text)."""
    if _BARE[0] is not text:
        _BARE[:] = [text, _JSON_STRING.sub(lambda m: '""'.rjust(len(m.group()), "_"), text)]
    return _BARE[1]


_BARE: list = [None, ""]


def _guard_json(text: str, path: str) -> None:
    """``guard`` for JSON at C speed (a save may hold a megabyte of commands): strings
    blanked to the same length, then the brackets and digit runs of what is left."""
    bare = bare_json(text)
    long = _LONG_NUMBER.search(bare)
    if long:
        line = bare.count("\n", 0, long.start()) + 1
        raise ContentError(path, f"line {line}", f"a number longer than {MAX_DIGITS} digits")
    depth = 0
    for m in _BRACKET.finditer(bare):
        if m.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                line = bare.count("\n", 0, m.start()) + 1
                raise ContentError(path, f"line {line}", f"nested more than {MAX_DEPTH} levels deep")
        else:
            depth = max(0, depth - 1)


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_BIG_NUMBER = re.compile(r"\d{13,}|[eE][+-]?\d{3,}|[eE]\+?[2-9]\d|Infinity|NaN")


def check_values(doc: Any, path: str, where: str = "", text: str | None = None) -> None:
    """Every string free of lone surrogates, every number finite and within bounds.
    Given the JSON ``text`` it was read from, a text without a surrogate escape, a long
    number or a large exponent is known clean without the walk (a save's megabyte)."""
    if text is not None and not _SURROGATE_ESCAPE.search(text) and not _BIG_NUMBER.search(bare_json(text)):
        return
    stack = [(doc, where)]
    while stack:
        value, at = stack.pop()
        if isinstance(value, str):
            if has_surrogate(value):
                raise ContentError(path, at or None, "holds a lone surrogate (not valid Unicode text)")
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if abs(value) > MAX_WHOLE:
                raise ContentError(path, at or None, f"the number is out of bounds (at most {MAX_WHOLE} either way)")
        elif isinstance(value, float):
            if not math.isfinite(value) or abs(value) > MAX_WHOLE:
                raise ContentError(path, at or None, f"{value!r} is not a number of sane size")
        elif isinstance(value, dict):
            for k, v in value.items():
                key = str(k)
                if has_surrogate(key):
                    raise ContentError(path, at or None, "a key holds a lone surrogate (not valid Unicode text)")
                stack.append((v, f"{at}.{key}" if at else key))
        elif isinstance(value, list):
            for j, v in enumerate(value):
                stack.append((v, f"{at}[{j}]"))


def has_surrogate(text: str) -> bool:
    return any("\ud800" <= ch <= "\udfff" for ch in text)


def no_constant(name: str):
    """``json.loads(parse_constant=...)``: ``Infinity`` and ``NaN`` are not JSON numbers."""
    raise ValueError(f"{name} is not a number JSON allows")
