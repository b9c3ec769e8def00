"""A save's checkpoint (issue 15, item 4): the battle's whole state as plain JSON, so that
loading a long battle does not replay its commands.

The state is the creatures' components, the battle-wide ``BattleState``, the dice
generator's state and the specs of creatures spawned in play. Each value is written with
a tag for what JSON lacks (tuples, sets, fractions, enums, dataclasses, dicts with
non-string keys). Reading it is safe against a hand-edited file: only classes the game
itself defines (dataclasses and enums of ``game.*`` modules) are rebuilt, by name, with
exactly their declared fields and without running any of their code; anything else is a
``CheckpointError``, and the save loader then replays the commands instead.
"""
from __future__ import annotations

import dataclasses
import json
import enum
import sys
from fractions import Fraction
from typing import Any


class CheckpointError(ValueError):
    """A state that cannot be written or read as a checkpoint."""


def _members(value) -> list:
    """A set's members in one order whatever the process's string hashing (a battle
    saved again after loading writes the same bytes: design habits, "Determinism")."""
    return sorted((encode(v) for v in value), key=lambda e: json.dumps(e, sort_keys=True))


def encode(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise CheckpointError("a number that is not finite")
        return value
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple):
        return {"$tuple": [encode(v) for v in value]}
    if isinstance(value, frozenset):
        return {"$frozenset": _members(value)}
    if isinstance(value, set):
        return {"$set": _members(value)}
    if isinstance(value, dict):
        return {"$dict": [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, Fraction):
        return {"$fraction": [value.numerator, value.denominator]}
    if isinstance(value, enum.Enum):
        return {"$enum": _name(type(value)), "v": value.name}
    if dataclasses.is_dataclass(value) and not isinstance(value, type) and hasattr(value, "__dict__"):
        kind = type(value)
        if _known().get(_name(kind)) is not kind:
            raise CheckpointError(f"{_name(kind)} is not a class of the game")
        return {"$dc": _name(kind), "v": {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}}
    raise CheckpointError(f"a {type(value).__name__} cannot be kept in a checkpoint")


def decode(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, str, float)):
        return value
    if isinstance(value, list):
        return [decode(v) for v in value]
    if not isinstance(value, dict) or len(value) not in (1, 2):
        raise CheckpointError(f"an untagged {type(value).__name__}")
    if len(value) == 1:
        (tag, inner), = value.items()
        if tag in _CONTAINERS and isinstance(inner, list):
            return _CONTAINERS[tag]([decode(v) for v in inner])
        if tag == "$dict" and isinstance(inner, list) and all(isinstance(p, list) and len(p) == 2 for p in inner):
            return {_hashable(decode(k)): decode(v) for k, v in inner}
        if tag == "$fraction" and isinstance(inner, list) and len(inner) == 2 and all(
                isinstance(n, int) and not isinstance(n, bool) for n in inner) and inner[1] > 0:
            return Fraction(inner[0], inner[1])
        raise CheckpointError(f"an unknown tag {tag!r}")
    return _decode_named(value)


_CONTAINERS = {"$tuple": tuple, "$set": lambda v: set(map(_hashable, v)),
               "$frozenset": lambda v: frozenset(map(_hashable, v))}


def _decode_named(value: dict) -> Any:
    kind = _known().get(value.get("$enum") or value.get("$dc"))
    inner = value.get("v")
    if "$enum" in value and isinstance(kind, type) and issubclass(kind, enum.Enum) and isinstance(inner, str):
        if inner not in kind.__members__:
            raise CheckpointError(f"{inner!r} is not a {kind.__name__}")
        return kind[inner]
    if "$dc" in value and kind is not None and dataclasses.is_dataclass(kind) and isinstance(inner, dict):
        names = [f.name for f in dataclasses.fields(kind)]
        if sorted(inner) != sorted(names):
            raise CheckpointError(f"{kind.__name__} needs the fields {', '.join(names)}")
        obj = object.__new__(kind)
        obj.__dict__.update({name: decode(inner[name]) for name in names})
        return obj
    raise CheckpointError("an unknown class")


def _hashable(value: Any) -> Any:
    try:
        hash(value)
    except TypeError:
        raise CheckpointError("a key or set member that cannot be one") from None
    return value


def _name(kind: type) -> str:
    return f"{kind.__module__}.{kind.__qualname__}"


_KNOWN: list = [0, {}]     # (modules seen, classes): made again when more modules are loaded


def _known() -> dict[str, type]:
    """The game's own dataclasses and enums, by full name (the modules loaded now)."""
    if _KNOWN[0] == len(sys.modules):
        return _KNOWN[1]
    out: dict[str, type] = {}
    for module_name, module in list(sys.modules.items()):
        if module is None or not (module_name == "game" or module_name.startswith("game.")):
            continue
        for obj in list(vars(module).values()):
            if isinstance(obj, type) and obj.__module__ == module_name and (
                    dataclasses.is_dataclass(obj) or issubclass(obj, enum.Enum)):
                out[_name(obj)] = obj
    _KNOWN[:] = [len(sys.modules), out]
    return out


# --- the battle -------------------------------------------------------------------------
def checkpoint(battle) -> dict:
    """The battle's state now, as JSON values (``CheckpointError`` if it holds something
    a checkpoint cannot keep: the save then carries none and loads by replay)."""
    scenario_ids = {spec.id for spec in battle.scenario.creatures}
    rng, script, _rolls = battle.dice.get_state()
    return {"commands": len(battle.history), "ids": list(battle.ids),
            "spawned": [encode(battle.spec(cid)) for cid in battle.ids if cid not in scenario_ids],
            "components": {cid: [encode(part) for part in parts] for cid, parts in battle.component_rows()},
            "shared": encode(battle.shared), "rng": encode(rng), "script": list(script),
            "rolls": [[r.sides, r.face, r.purpose, r.scripted] for r in battle.dice.history]}


def restore(battle, state: Any, history: list) -> None:
    """Bring a freshly opened battle of the same scenario to ``state`` (``checkpoint``'s)."""
    if not isinstance(state, dict) or state.get("commands") != len(history):
        raise CheckpointError("it does not stand after the save's last command")
    spawned = [decode(raw) for raw in state.get("spawned", [])]
    for spec in spawned:
        if type(spec).__name__ != "CreatureSpec" or battle.has(spec.id):
            raise CheckpointError("a spawned creature that is not one")
        battle.spawn(spec)
    components = state.get("components")
    if not isinstance(components, dict) or state.get("ids") != list(battle.ids) or set(components) != set(battle.ids):
        raise CheckpointError("its creatures are not the battle's")
    for cid in battle.ids:
        parts = decode(components[cid])
        if sorted(type(p).__name__ for p in parts) != sorted(t.__name__ for t in battle.component_types(cid)):
            raise CheckpointError(f"the components of {cid} are not a creature's")
        battle.restore_components(cid, parts)
    shared = decode(state.get("shared"))
    if type(shared) is not type(battle.shared):
        raise CheckpointError("the battle-wide state is not one")
    battle.shared = shared
    rng = decode(state.get("rng"))
    try:
        battle.dice.set_state((rng, list(state.get("script") or []), len(battle.dice.history)))
    except (TypeError, ValueError) as exc:
        raise CheckpointError(f"the dice state is not one ({exc.__class__.__name__})") from None
    battle.dice.history[:] = _rolls(state.get("rolls", []))
    battle.history = list(history)
    battle.changed()


def _rolls(raw: Any) -> list:
    """The dice rolled so far (the log and the save's ``rolled`` read them)."""
    from ..dice import Roll
    if not isinstance(raw, list) or not all(
            isinstance(r, list) and len(r) == 4 and isinstance(r[0], int) and isinstance(r[1], int)
            and isinstance(r[2], str) and isinstance(r[3], bool) for r in raw):
        raise CheckpointError("the dice rolled are not a list of [sides, face, purpose, scripted]")
    return [Roll(*r) for r in raw]
