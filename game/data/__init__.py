"""The game's data tables (weapons, armour, feats, conditions, spells, items, the
bestiary), read once and cached: the layer just above the rules, below the engine."""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from ..rules.weapons import Weapon
from .errors import ContentError
from .schema import ROWS
from .strict import convert

DATA_DIR = Path(__file__).with_name("tables")


def read_table(name: str) -> dict:
    """A data table, checked against its declared row type (``schema.ROWS``)."""
    path = DATA_DIR / name
    try:
        with path.open("rb") as fh:
            table = tomllib.load(fh)
    except FileNotFoundError:
        raise ContentError(path, None, "data file is missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(path, None, f"broken TOML: {exc}") from None
    convert(table, ROWS[name], str(path))
    return table


@lru_cache(maxsize=1)
def weapons() -> dict[str, Weapon]:
    """Every weapon by id, from ``weapons.toml``."""
    out = {}
    for wid, row in read_table("weapons.toml").items():
        out[wid] = Weapon(
            id=wid,
            use=row["use"],
            category=row["category"],
            damage_s=row.get("damage_s", ""),
            damage_m=row.get("damage_m", ""),
            threat=int(row.get("threat", 20)),
            multiplier=int(row.get("multiplier", 2)),
            range_ft=int(row.get("range_ft", 0)),
            types=tuple(row.get("types", ())),
            reach=row.get("reach", "normal"),
            thrown=bool(row.get("thrown", False)),
            trip=bool(row.get("trip", False)),
            disarm_bonus=int(row.get("disarm_bonus", 0)),
            set_vs_charge=bool(row.get("set_vs_charge", False)),
            nonlethal=bool(row.get("nonlethal", False)),
            double=bool(row.get("double", False)),
            monk=bool(row.get("monk", False)),
            damage_s2=row.get("damage_s2", ""),
            damage_m2=row.get("damage_m2", ""),
            threat2=int(row.get("threat2", 20)),
            multiplier2=int(row.get("multiplier2", 2)),
            ammunition=row.get("ammunition", ""),
            names={"en": row.get("name_en", wid), "fr": row.get("name_fr", row.get("name_en", wid))},
        )
    return out


@lru_cache(maxsize=1)
def armor() -> dict[str, dict]:
    return read_table("armor.toml")


@lru_cache(maxsize=1)
def feats() -> dict[str, dict]:
    return read_table("feats.toml")


@lru_cache(maxsize=1)
def conditions() -> dict[str, dict]:
    return read_table("conditions.toml")


@lru_cache(maxsize=1)
def terms() -> dict[str, dict]:
    """The combat log's words (modifier sources, checks, statuses) in both languages."""
    return read_table("terms.toml")


def display_name(table: dict, key: str, lang: str) -> str:
    row = table.get(key, {})
    if isinstance(row, Weapon):
        return row.names.get(lang, key)
    return row.get(f"name_{lang}") or row.get("name_en") or key


@lru_cache(maxsize=1)
def substances() -> dict[str, dict]:
    """Alchemical items and splash weapons, from ``substances.toml``."""
    return read_table("substances.toml")


@lru_cache(maxsize=1)
def spells() -> dict[str, dict]:
    """The starter spells, from ``spells.toml``."""
    return read_table("spells.toml")


@lru_cache(maxsize=1)
def magic_items() -> dict[str, dict]:
    """Potions, scrolls and wands of the starter spells, from ``magic_items.toml``."""
    return read_table("magic_items.toml")


@lru_cache(maxsize=1)
def worn_items() -> dict[str, dict]:
    """Items a creature wears (cloaks, amulets, rings ...), from ``worn_items.toml``."""
    return read_table("worn_items.toml")


def item_name(item: str, lang: str) -> str:
    """An item's name in that language: a worn item, a magic item, a substance or a weapon
    (its id when no table knows it)."""
    for table in (worn_items(), magic_items(), substances()):
        if item in table:
            return table[item].get(f"name_{lang}") or table[item].get("name_en") or item
    weapon = weapons().get(item)
    return weapon.names.get(lang, item) if weapon else item
