"""Hooks: how a lower module lets the higher ones act at one of its moments without
importing them (design/architecture.md, "Systems and conditions": conditions hook into the
pipeline as Temple+'s condition dispatchers do).

A lower module declares a ``Hook`` at one point of play (``damage.AFTER_DAMAGE``: a creature
was hurt) and calls what is registered there; the module that owns the rule registers its
function when it is imported (``@AFTER_DAMAGE.register(10)``). The functions run in the
order of their numbers, never of the imports, so the events they return always come in
the same order. ``engine`` imports ``world.actions``, which imports every module that
registers, before any battle exists: no hook is ever missing.
"""
from __future__ import annotations

from typing import Callable, Iterator, TypeVar

F = TypeVar("F", bound=Callable)


class Hook:
    """The functions registered at one moment of play, in the order of their numbers."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._entries: list[tuple[int, Callable]] = []
        self._functions: tuple[Callable, ...] = ()

    def register(self, order: int) -> Callable[[F], F]:
        """A decorator: call the function at this moment, ``order`` placing it among the
        others (each number is used once)."""
        def add(function: F) -> F:
            for number, known in self._entries:
                if number == order and known is not function:
                    raise ValueError(f"{self.name}: order {order} already taken by {known.__qualname__}")
            if (order, function) not in self._entries:
                self._entries.append((order, function))
                self._entries.sort(key=lambda entry: entry[0])
                self._functions = tuple(f for _n, f in self._entries)
            return function
        return add

    def __iter__(self) -> Iterator[Callable]:
        return iter(self._functions)

    def __len__(self) -> int:
        return len(self._functions)

    def __repr__(self) -> str:
        return f"Hook({self.name!r}, {[f.__qualname__ for f in self._functions]})"
