"""Typed modifiers and the 3.5 stacking rules (design/architecture.md, SRD "Combining
Magical Effects" / bonus types).

Bonuses of the same type do not stack: only the best applies, except dodge and untyped
bonuses, which stack, and circumstance bonuses, which stack unless they come from the
same source. Penalties stack, except two from the same source.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

STACKING_KINDS = frozenset({"dodge", "untyped"})


@dataclass(frozen=True)
class Modifier:
    value: int
    kind: str      # "untyped", "dodge", "circumstance", "armor", "shield", "natural", "deflection", "size", ...
    source: str    # where it comes from, an id the log translates: "flanking", "charge", "str", "prone" ...


@dataclass(frozen=True)
class Total:
    value: int
    applied: tuple[Modifier, ...] = ()
    suppressed: tuple[Modifier, ...] = field(default=())

    def breakdown(self) -> list[dict[str, int | str]]:
        return [{"value": m.value, "kind": m.kind, "source": m.source} for m in self.applied]


def total(mods: Iterable[Modifier], base: int = 0) -> Total:
    """``base`` plus the modifiers that apply under the stacking rules. When two from the
    same source do not stack, the stronger applies (SRD "Combining Magical Effects": of
    the same effect in different strengths, only the strongest), so the value does not
    depend on the order of ``mods``."""
    applied: list[Modifier] = []
    suppressed: list[Modifier] = []
    best: dict[str, Modifier] = {}
    by_source: dict[tuple[str, str, bool], int] = {}       # -> its index in ``applied``
    for m in mods:
        if m.value == 0:
            continue
        key = (m.kind, m.source, m.value > 0)
        if m.value < 0 or m.kind in STACKING_KINDS or m.kind == "circumstance":
            if key in by_source and m.kind != "untyped":
                i = by_source[key]
                if abs(m.value) > abs(applied[i].value):
                    applied[i], m = m, applied[i]
                suppressed.append(m)
                continue
            by_source[key] = len(applied)
            applied.append(m)
            continue
        current = best.get(m.kind)
        if current is None:
            best[m.kind] = m
        elif m.value > current.value:
            suppressed.append(current)
            best[m.kind] = m
        else:
            suppressed.append(m)
    applied.extend(best.values())
    return Total(base + sum(m.value for m in applied), tuple(applied), tuple(suppressed))


def ability_modifier(score: int) -> int:
    """(score - 10) / 2, rounded down (SRD ability modifiers)."""
    return (score - 10) // 2
