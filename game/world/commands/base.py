"""Typed commands, the machinery: a command's fields, their JSON shapes and the parser
(issue 10, item 1). The commands themselves are in ``catalogue``.

The window, the AI and the tests build them directly (``Charge("tordek", target="ogre")``);
the query tool's JSON goes through ``parse``, the one parser, which refuses an argument the
action does not take, or one of the wrong shape, with ``BAD_ARGUMENT`` naming the key (and
a missing one with ``BAD_ARGUMENT`` too). The rules of each action stay in its handler: a
command is only well formed, not yet legal — ``Battle.check`` says that.

Nested actions (``ready``, ``start_full_round``) carry their command under ``command``, a
JSON object with its own ``action``: ``{"action": "ready", "trigger": "attacks",
"command": {"action": "attack", "target": "ogre"}}``. A full attack's ``targets`` is a plan
of steps (``Strike``, ``OffHand``, ``StepTo``, ``MoveOn``, ``ManeuverStep``), written in
JSON as before: an id, ``{"off_hand": id}``, ``{"five_foot_step": [x, y]}``,
``{"move": [[x, y] ...]}``, ``{"trip": id, "counter": false}`` ...
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from functools import cache
from typing import Any, ClassVar

from ...rules.reasons import Refusal

Square = tuple[int, int]
Catches = tuple      # the annotation's name is the JSON shape (``SHAPES``)

# Special attacks that may replace one attack of a full attack, with the choices each takes.
PLAN_MANEUVERS = {"trip": ("counter", "drop_weapon"), "disarm": ("counter", "item"), "sunder": ("item",),
                  "grapple": (), "grapple_damage": ("lethal",), "grapple_attack": (), "pin": (),
                  "free_ally": (), "use_opponent_weapon": (), "garrote": (), "escape": ()}


class BadArgument(Exception):
    """A malformed argument: ``refusal`` names it."""

    def __init__(self, key: str, problem: str):
        self.refusal = Refusal("BAD_ARGUMENT", {"key": key, "problem": problem})
        super().__init__(f"{key}: {problem}")


# --- argument shapes: JSON in, typed value out ---------------------------------------------
def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _square(v: Any, key: str) -> Square:
    if isinstance(v, (list, tuple)) and len(v) == 2 and all(_is_int(c) for c in v):
        return (v[0], v[1])
    raise BadArgument(key, "malformed")


def _squares(v: Any, key: str) -> tuple[Square, ...]:
    if not isinstance(v, (list, tuple)) or not v:
        raise BadArgument(key, "malformed")
    return tuple(_square(s, key) for s in v)


def _ids(v: Any, key: str) -> tuple[str, ...]:
    if not isinstance(v, (list, tuple)) or not v or not all(isinstance(x, str) for x in v):
        raise BadArgument(key, "malformed")
    return tuple(v)


def _names(v: Any, key: str) -> tuple[str, ...]:
    if not isinstance(v, (list, tuple)) or not all(isinstance(x, str) for x in v):
        raise BadArgument(key, "malformed")
    return tuple(v)


def _one_or_more_names(v: Any, key: str) -> tuple[str, ...]:
    return (v,) if isinstance(v, str) else _names(v, key)


def _of(kind: type, v: Any, key: str) -> Any:
    ok = _is_int(v) if kind is int else isinstance(v, kind)
    if not ok:
        raise BadArgument(key, "malformed")
    return v


def _catches(v: Any, key: str) -> tuple[tuple[str, str], ...]:
    """Pairs [caster, faller]: who casts Feather Fall on whom should it fall."""
    if not isinstance(v, (list, tuple)) or not all(
            isinstance(p, (list, tuple)) and len(p) == 2 and all(isinstance(x, str) for x in p) for p in v):
        raise BadArgument(key, "malformed")
    return tuple((p[0], p[1]) for p in v)


SHAPES = {
    "str": lambda v, k: _of(str, v, k), "bool": lambda v, k: _of(bool, v, k), "int": lambda v, k: _of(int, v, k),
    "Square": _square, "Squares": _squares, "Ids": _ids, "Names": _names, "Cleave": _one_or_more_names,
    "Catches": _catches,
}


def _to_json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    if isinstance(value, (Command, PlanStep)):
        return value.to_json()
    return value


# --- a full attack's plan ------------------------------------------------------------------
@dataclass(frozen=True)
class PlanStep:
    """One step of a full attack's plan; each kind writes its own JSON (``to_json``)."""


@dataclass(frozen=True)
class Strike(PlanStep):
    """One attack with the weapon in hand."""
    target: str

    def to_json(self) -> Any:
        return self.target


@dataclass(frozen=True)
class OffHand(PlanStep):
    """One attack with the off-hand weapon (or a double weapon's other end)."""
    target: str

    def to_json(self) -> Any:
        return {"off_hand": self.target}


@dataclass(frozen=True)
class StepTo(PlanStep):
    """The 5-ft step, before, between or after the attacks."""
    to: Square

    def to_json(self) -> Any:
        return {"five_foot_step": list(self.to)}


@dataclass(frozen=True)
class MoveOn(PlanStep):
    """After the first attack, the attacks left become a move action along ``squares``."""
    squares: tuple[Square, ...]

    def to_json(self) -> Any:
        return {"move": [list(s) for s in self.squares]}


@dataclass(frozen=True)
class ManeuverStep(PlanStep):
    """A special attack in place of one attack, with its choices (``counter`` …)."""
    maneuver: str
    target: str
    options: tuple[tuple[str, Any], ...] = ()

    def to_json(self) -> Any:
        return {self.maneuver: self.target, **dict(self.options)}


def _plan(v: Any, key: str) -> tuple[PlanStep, ...]:
    if not isinstance(v, (list, tuple)) or not v:
        raise BadArgument(key, "malformed")
    return tuple(_plan_step(item, key) for item in v)


def _plan_step(item: Any, key: str) -> PlanStep:
    if isinstance(item, PlanStep):
        return item
    if isinstance(item, str):
        return Strike(item)
    if not isinstance(item, dict) or not item:
        raise BadArgument(key, "malformed")
    if set(item) == {"off_hand"}:
        return OffHand(_of(str, item["off_hand"], f"{key}.off_hand"))
    if set(item) == {"five_foot_step"}:
        return StepTo(_square(item["five_foot_step"], f"{key}.five_foot_step"))
    if set(item) == {"move"}:
        return MoveOn(_squares(item["move"], f"{key}.move"))
    names = [k for k in item if k in PLAN_MANEUVERS]
    if len(names) != 1:
        raise BadArgument(key, "malformed")
    name = names[0]
    options = []
    for k in sorted(item):
        if k == name:
            continue
        if k not in PLAN_MANEUVERS[name]:
            raise BadArgument(f"{key}.{k}", "unknown")
        options.append((k, _of(str if k == "item" else bool, item[k], f"{key}.{k}")))
    return ManeuverStep(name, _of(str, item[name], f"{key}.{name}"), tuple(options))


SHAPES["Plan"] = _plan


# --- commands ------------------------------------------------------------------------------
COMMANDS: dict[str, type[Command]] = {}


@dataclass(frozen=True)
class Command:
    """One action for ``who``. ``action`` is the name ``act`` knows it by; ``CHOICES``: the
    arguments that take one of a few words, with those words (a misspelt one is refused by
    the parser, not read as the default nor found wrong half-way through the action).

    ``feather_fall``, which any command takes: the casters whose players said, when asked
    (``asking.choice_questions``), that they cast Feather Fall on a creature should this
    command make it fall — pairs (caster, faller), tried in order (``actions.feather_fall``)."""
    who: str
    feather_fall: Catches = field(default=(), kw_only=True)
    action: ClassVar[str] = ""
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("action"):
            COMMANDS[cls.action] = cls

    def arguments(self) -> dict[str, Any]:
        """The arguments as JSON values (what saves and the query tool show): those left
        unset or at their default are left out."""
        return {name: _to_json(value) for name, default in _argument_fields(type(self))
                if (value := getattr(self, name)) is not None and (default is MISSING or value != default)}

    def handler_arguments(self) -> dict[str, Any]:
        """The arguments as the action's handler reads them: every one set, defaults
        included, as JSON values, but a nested command stays a command."""
        return {name: value if isinstance(value, Command) else _to_json(value)
                for name, _default in _argument_fields(type(self)) if (value := getattr(self, name)) is not None}

    def to_json(self) -> dict[str, Any]:
        """Nested form: the action and its arguments (``who`` is the outer command's)."""
        return {"action": self.action, **self.arguments()}


@cache
def _argument_fields(cls: type[Command]) -> tuple[tuple[str, Any], ...]:
    """A command class's arguments (every field but ``who``) with their defaults, read once:
    ``options`` asks for thousands of commands' arguments a turn."""
    return tuple((f.name, f.default) for f in fields(cls) if f.name != "who")


def _fields_of(cls: type[Command]) -> dict[str, tuple[str, bool]]:
    """Each argument's shape name, and whether it may be left out (it has a default)."""
    return {f.name: (str(f.type).replace("| None", "").strip(), f.default is not MISSING or f.default_factory is not MISSING)
            for f in fields(cls) if f.name != "who"}


def parse(who: str, action: Any, args: dict[str, Any]) -> Command:
    """The command ``act`` is asked to play, from JSON; raises ``BadArgument`` or returns a
    ``Refusal`` for an unknown action (``UnknownAction``)."""
    cls = COMMANDS.get(action) if isinstance(action, str) else None
    if cls is None:
        raise UnknownAction(action)
    shapes = _fields_of(cls)
    values: dict[str, Any] = {}
    for key in args:
        if key not in shapes:
            raise BadArgument(str(key), "unknown")
    for key, (shape, optional) in shapes.items():
        if key not in args or args[key] is None:
            if not optional:
                raise BadArgument(key, "missing")
            continue
        value = args[key]
        if shape == "Command":
            values[key] = _nested(who, value, key)
        else:
            values[key] = SHAPES[shape](value, key)
        if key in cls.CHOICES and values[key] not in cls.CHOICES[key]:
            raise BadArgument(key, "not_a_choice")
    return cls(who, **values)


def _nested(who: str, value: Any, key: str) -> Command:
    if isinstance(value, Command):
        return value
    if not isinstance(value, dict) or "action" not in value:
        raise BadArgument(key, "malformed")
    inner = {k: v for k, v in value.items() if k != "action"}
    try:
        return parse(who, value["action"], inner)
    except BadArgument as exc:
        raise BadArgument(f"{key}.{exc.refusal.params['key']}", exc.refusal.params["problem"]) from None
    except UnknownAction:
        raise BadArgument(f"{key}.action", "unknown") from None


class UnknownAction(Exception):
    def __init__(self, action: Any):
        self.refusal = Refusal("UNKNOWN_ACTION", {"action": action, "known": ", ".join(sorted(COMMANDS))})
        super().__init__(str(action))


def legacy_arguments(action: str, args: dict[str, Any]) -> dict[str, Any]:
    """Saves written before typed commands kept a readied or two-round action as
    ``action`` and ``with``; read them as ``command``."""
    if action in ("ready", "start_full_round") and "action" in args:
        args = dict(args)
        inner = {"action": args.pop("action"), **args.pop("with", {})}
        args["command"] = inner
    return args


