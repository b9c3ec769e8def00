"""Initiative order (digest §8.3): highest first; ties by the higher modifier, then a
roll-off between the tied."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class InitiativeEntry:
    id: str
    total: int
    modifier: int
    rolloff: tuple[int, ...] = ()


def order(entries: list[InitiativeEntry]) -> list[str]:
    """Ids from first to act to last."""
    return [e.id for e in sorted(entries, key=lambda e: (-e.total, -e.modifier, tuple(-r for r in e.rolloff), e.id))]


def ties(entries: list[InitiativeEntry]) -> list[list[str]]:
    """Groups still tied on total, modifier and roll-off so far (need another roll-off)."""
    groups: dict[tuple[int, int, tuple[int, ...]], list[str]] = {}
    for e in entries:
        groups.setdefault((e.total, e.modifier, e.rolloff), []).append(e.id)
    return [sorted(g) for g in groups.values() if len(g) > 1]
