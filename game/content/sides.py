"""A scenario's ``[sides.X]`` tables (design/scenario-format.md, "Sides"; issue 12, item 1):
who plays a side — a person, or the computer at a level — and how players read its name.
A side the file leaves out is human and named by the catalogue. Each mistake is refused
in one line naming the key, like every other scenario error."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, NoReturn

SIDE_KEYS = ("control", "level", "name_en", "name_fr")
CONTROLS = ("human", "ai")
LEVELS = ("easy", "normal", "hard")


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


def read_sides(table: Any, standing: set[str], fail: Callable[[str, str], NoReturn]) -> dict[str, SideSpec]:
    """Validate the ``sides`` table: each entry names a side some creature stands on, with
    known keys and values, and a ``level`` only for a computer side. ``fail(where, what)``
    refuses the file."""
    if not isinstance(table, dict):
        fail("sides", "must be a table of sides ([sides.red] ...)")
    out = {}
    for side in sorted(table):
        where, raw = f"sides.{side}", table[side]
        if not isinstance(raw, dict):
            fail(where, "must be a table (control, level, name_en, name_fr)")
        if side not in standing:
            fail(where, f"no creature stands on side {side!r} (sides: {', '.join(sorted(standing)) or 'none'})")
        for key in sorted(raw):
            if key not in SIDE_KEYS:
                fail(f"{where}.{key}", f"unknown key (known: {', '.join(SIDE_KEYS)})")
        control = raw.get("control", "human")
        if control not in CONTROLS:
            fail(f"{where}.control", f"must be one of {', '.join(repr(c) for c in CONTROLS)}, not {control!r}")
        level = raw.get("level")
        if level is not None and control != "ai":
            fail(f"{where}.level", 'only a computer side has a level: add control = "ai"')
        if level is not None and level not in LEVELS:
            fail(f"{where}.level", f"must be one of {', '.join(repr(v) for v in LEVELS)}, not {level!r}")
        names = []
        for key in ("name_en", "name_fr"):
            if key in raw:
                if not isinstance(raw[key], str):
                    fail(f"{where}.{key}", f"must be a string, not {raw[key]!r}")
                names.append((key[-2:], raw[key]))
        out[side] = SideSpec(control, level or ("normal" if control == "ai" else None), tuple(names))
    return out
