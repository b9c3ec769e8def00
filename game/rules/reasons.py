"""Why the rules refuse something: a stable code plus the values a sentence needs.

The sentences themselves live in ``game.i18n`` (French and English); rules only name
the reason.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Refusal:
    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:  # for debugging and assertion messages
        return f"{self.code} {self.params}" if self.params else self.code
