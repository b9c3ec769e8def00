"""A scenario's ``[sides.X]`` tables (design/scenario-format.md, "Sides"; issue 12, item 1):
who plays a side — a person, or the computer at a level — and how players read its name.
A side the file leaves out is human and named by the catalogue. Each mistake is refused
in one line naming the key, like every other scenario error."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, NoReturn

from msgspec import UNSET

from .schema import SideEntry


@dataclass(frozen=True)
class SideSpec:
    """One ``[sides.X]`` table: ``control``, the computer's ``level`` (only when the
    control is "ai"; "normal" by default) and the side's names by language."""

    control: str = "human"
    level: str | None = None
    names: tuple[tuple[str, str], ...] = ()    # (lang, name): ("en", "The raiders") ...

    @property
    def controller(self) -> str:
        """The controller name of ``game.ai.controllers`` ("ai:normal" ...), or "human"."""
        return f"ai:{self.level or 'normal'}" if self.control == "ai" else "human"

    def name_in(self, lang: str) -> str:
        """The name in that language; a name given in one language stands for both."""
        names = dict(self.names)
        return names.get(lang) or names.get("en") or names.get("fr") or ""


def read_sides(table: dict[str, SideEntry], standing: set[str],
               fail: Callable[[str, str], NoReturn]) -> dict[str, SideSpec]:
    """The ``sides`` tables, typed by ``schema.SideEntry``, checked for what a type cannot
    say: each names a side some creature stands on, and only a computer side has a
    ``level``. ``fail(where, what)`` refuses the file."""
    out = {}
    for side in sorted(table):
        where, entry = f"sides.{side}", table[side]
        if side not in standing:
            fail(where, f"no creature stands on side {side!r} (sides: {', '.join(sorted(standing)) or 'none'})")
        if entry.level is not None and entry.control != "ai":
            fail(f"{where}.level", 'only a computer side has a level: add control = "ai"')
        names = tuple((key[-2:], getattr(entry, key)) for key in ("name_en", "name_fr")
                      if getattr(entry, key) is not UNSET)
        level = entry.level or ("normal" if entry.control == "ai" else None)
        out[side] = SideSpec(entry.control, level, names)
    return out
