"""Past-tense events the systems return (never dispatched through esper)."""
from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Event:
    def as_dict(self) -> dict:
        d = asdict(self)
        d["type"] = type(self).__name__
        return d


@dataclass(frozen=True)
class Moved(Event):
    who: str
    path: tuple[tuple[int, int], ...]
    mode: str
    cost_m: float


@dataclass(frozen=True)
class Provoked(Event):
    who: str
    by: str
    at: tuple[int, int]


@dataclass(frozen=True)
class Stepped(Event):
    who: str
    to: tuple[int, int]


@dataclass(frozen=True)
class Splashed(Event):
    by: str
    direct: str | None
    splashed: tuple[str, ...]
    lands: tuple[int, int] | None
