"""Cheap all-or-nothing state: an undo log of what an action touched, never a copy of the
battle (issue 10, item 4).

A *frame* opens before something that may have to be undone (an action that may be
refused, a window's undo, an AI's look-ahead). While frames are open, the first time a
component or a battle field is handed out, the journal keeps the object and a copy of its
value as it was when the frame opened; rolling back puts those back, in place, so that
references held elsewhere stay valid. Opening a frame and rolling back an untouched one
cost the same whatever the size of the battle or the length of its history; a frame
costs in proportion to what it touched.

Frames nest. Committing a frame hands what it saved to the frame below (which keeps its
own older copy when it has one): rolling back the outer frame then also undoes what the
inner one did.
"""
from __future__ import annotations

import copy as copy_module
from dataclasses import dataclass, field, fields as dataclass_fields, is_dataclass
from enum import Enum
from fractions import Fraction
from typing import Any, Callable

_IMMUTABLE = (str, int, float, bool, type(None), Fraction, frozenset, Enum, bytes)


_PLAIN = {str, int, float, bool, type(None), Fraction, frozenset, bytes}


def duplicate(value: Any) -> Any:
    """A copy deep enough that no mutable part is shared: containers and dataclasses are
    copied, immutable values (strings, numbers, frozensets, enums, tuples of those) are
    kept. Much faster than ``copy.deepcopy`` on the small values components hold."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list:
        return [v if type(v) in _PLAIN else duplicate(v) for v in value]
    if kind is dict:
        return {k: (v if type(v) in _PLAIN else duplicate(v)) for k, v in value.items()}
    if kind is set:
        return set(value)          # members are hashable, hence immutable here
    if kind is tuple:
        return value if all(type(v) in _PLAIN for v in value) else tuple(duplicate(v) for v in value)
    if isinstance(value, _IMMUTABLE):
        return value
    if is_dataclass(value) and not isinstance(value, type):
        if kind.__dataclass_params__.frozen:
            return value
        return component_copier(kind)(value)
    return copy_module.deepcopy(value)


# How a field is copied, judged from its annotation (``from __future__ import
# annotations`` keeps them as text): immutable values are kept, flat containers of
# immutable values copied shallow, anything else (nested containers, other dataclasses)
# through ``duplicate``.
_SCALARS = frozenset({"int", "str", "bool", "float", "None", "Fraction", "Size", "Square", "Enum", "bytes"})
_FROZEN = frozenset({"tuple", "frozenset"})       # immutable when what they hold is
_FLAT = {"set": set, "dict": dict, "list": list}
_copiers: dict[type, Callable[[Any], Any]] = {}


def _split(text: str, sep: str) -> list[str]:
    """``text`` cut at each ``sep`` outside brackets."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch == "[") - (ch == "]")
        if ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return parts + [text[start:]]


def _members(text: str) -> list[tuple[str, list[str]]]:
    """The members of a union, each as (name, its arguments)."""
    out = []
    for member in _split(text, "|"):
        head, _, rest = member.partition("[")
        out.append((head, _split(rest[:-1], ",") if rest else []))
    return out


def _immutable(text: str) -> bool:
    """A value of this annotation can be shared: scalars, and tuples or frozensets of
    immutable values (a bare ``tuple`` or ``frozenset`` is taken to hold such values)."""
    return all(head in _SCALARS or (head in _FROZEN and all(a == "..." or _immutable(a) for a in args))
               for head, args in _members(text))


def _field_copier(annotation: str) -> Callable[[Any], Any] | None:
    """None for a field whose value is immutable; a shallow copy for a set, list or dict
    of immutable values (or None); ``duplicate`` otherwise."""
    text = annotation.replace(" ", "")
    if _immutable(text):
        return None
    members = _members(text)
    flat = [(head, args) for head, args in members if head in _FLAT]
    rest = [head for head, _args in members if head not in _FLAT]
    if len(flat) == 1 and flat[0][1] and all(_immutable(a) for a in flat[0][1]) and rest in ([], ["None"]):
        make = _FLAT[flat[0][0]]
        return make if not rest else (lambda value, make=make: None if value is None else make(value))
    return duplicate


def component_copier(kind: type) -> Callable[[Any], Any]:
    """A copy function for one dataclass (a component, the battle state, a record they
    hold), made once from its field annotations."""
    copier = _copiers.get(kind)
    if copier is None:
        plan = [(f.name, fn) for f in dataclass_fields(kind)
                if (fn := _field_copier(f.type if isinstance(f.type, str) else repr(f.type))) is not None]

        def copier(obj: Any, plan=plan) -> Any:
            new = object.__new__(type(obj))
            values = obj.__dict__.copy()
            for name, fn in plan:
                values[name] = fn(values[name])
            new.__dict__.update(values)
            return new
        _copiers[kind] = copier
    return copier


def restore_into(live: Any, saved: Any) -> None:
    """Give ``live`` the value ``saved`` holds (``saved`` is not used afterwards)."""
    live.__dict__.clear()
    live.__dict__.update(saved.__dict__)


@dataclass
class Frame:
    """What one frame saved: components by (creature, kind) as (object, copy), battle
    fields by name, the dice's state, the lengths of the append-only logs, the caches."""
    components: dict[tuple[str, type], tuple[Any, Any]] = field(default_factory=dict)
    values: dict[str, Any] = field(default_factory=dict)
    rng: Any = None
    rolls: int = 0
    script: list[int] = field(default_factory=list)
    history: int = 0
    caches: dict[str, Any] = field(default_factory=dict)
    spawned: list[str] = field(default_factory=list)      # creatures brought in (a split): forgotten again
    # creatures taken out of the battle (a summoned one gone): (id, its components, its
    # place in the roster), brought back again
    dismissed: list[tuple[str, dict, int]] = field(default_factory=list)


class Journal:
    """The open frames of one battle, innermost last."""

    def __init__(self) -> None:
        self.frames: list[Frame] = []

    def __bool__(self) -> bool:
        return bool(self.frames)

    @property
    def depth(self) -> int:
        return len(self.frames)

    def open(self, frame: Frame) -> int:
        self.frames.append(frame)
        return len(self.frames)

    def note_component(self, key: tuple[str, type], obj: Any) -> None:
        top = self.frames[-1].components
        if key not in top:
            top[key] = (obj, component_copier(key[1])(obj))

    def note_value(self, name: str, value: Any) -> None:
        top = self.frames[-1].values
        if name not in top:
            top[name] = duplicate(value)

    def note_rng(self, get_state: Callable[[], Any]) -> None:
        top = self.frames[-1]
        if top.rng is None:
            top.rng = get_state()

    def pop(self, token: int) -> Frame:
        """Close the innermost frame, which must be ``token``'s."""
        if token != len(self.frames):
            raise RuntimeError(f"frame {token} is not the innermost open frame ({len(self.frames)} open)")
        return self.frames.pop()

    def commit(self, token: int) -> None:
        """Keep what frame ``token`` did; the frame below inherits what it saved."""
        frame = self.pop(token)
        if not self.frames:
            return
        below = self.frames[-1]
        for key, saved in frame.components.items():
            below.components.setdefault(key, saved)
        for name, saved in frame.values.items():
            below.values.setdefault(name, saved)
        if below.rng is None:
            below.rng = frame.rng
        below.spawned.extend(frame.spawned)
        below.dismissed.extend(frame.dismissed)


class Journaled:
    """A battle attribute whose value the journal saves the first time a frame touches it
    (read or written), so that rolling back restores it."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        value = obj.__dict__[self.name]
        journal = obj.__dict__["journal"]
        if journal.frames:
            journal.note_value(self.name, value)
        return value

    def __set__(self, obj: Any, value: Any) -> None:
        journal = obj.__dict__.get("journal")
        if journal is not None and journal.frames and self.name in obj.__dict__:
            journal.note_value(self.name, obj.__dict__[self.name])
        obj.__dict__[self.name] = value
