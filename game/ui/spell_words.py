"""A spell's line in the spell list, on hover (play-test, issue 41): what it does, its
range, its area or targets, its save, built from the spell's own data (``spells.toml``:
``effect``, ``range``, ``shape``, ``radius_ft``, ``save``, ``casting_time``) and the
caster's level (ranges by level, French text "lancer un sort": « portée courte (7,50 m +
1,50 m/2 niveaux) »; data-digest §5). The data holds no prose description, so each piece
is a translated word for one of its fields; nothing here is a rule of its own."""
from __future__ import annotations

from .. import data
from ..i18n import has_sentence, sentence
from ..world import spell_views

SQUARE_M = 1.5               # a square is 1,50 m (5 ft)


def spell_line(battle, cid: str, spell_id: str, lang: str, item: str | None = None,
               spell_like: bool = False) -> str | None:
    """The spell's hover line, or None for a spell the data does not hold."""
    spell = data.spells().get(spell_id)
    if spell is None:
        return None
    level = spell_views.caster_level(battle, cid, spell_like)
    if item:
        level = data.magic_items()[item].get("caster_level", level)
    parts = []
    if has_sentence(f"SPELL_DOES_{spell['effect']}"):
        parts.append(sentence(f"SPELL_DOES_{spell['effect']}", {}, lang))
    parts.append(_range(spell_id, spell, level, lang))
    area = _area(battle, cid, spell_id, spell, lang, item, spell_like)
    if area:
        parts.append(area)
    save = spell.get("save", "")
    parts.append(sentence(f"SPELL_SAVE_{save}" if save else "SPELL_NO_SAVE", {}, lang))
    if spell.get("spell_resistance"):
        parts.append(sentence("SPELL_RESISTED", {}, lang))
    if spell.get("casting_time", "standard") != "standard" and has_sentence(f"SPELL_TIME_{spell['casting_time']}"):
        parts.append(sentence(f"SPELL_TIME_{spell['casting_time']}", {}, lang))
    return " · ".join(p for p in parts if p)


def _range(spell_id: str, spell: dict, level: int, lang: str) -> str:
    rng = spell["range"]
    if rng in ("touch", "personal"):
        return sentence(f"SPELL_RANGE_{rng}", {}, lang)
    return sentence("SPELL_RANGE", {"range_m": spell_views.range_metres(spell_id, level) or 0}, lang)


def _area(battle, cid: str, spell_id: str, spell: dict, lang: str, item, spell_like) -> str:
    """The area (its size in the player's unit) or how many creatures it takes."""
    shape, metres = spell["shape"], spell.get("radius_ft", 0) / 5 * SQUARE_M
    if shape in ("burst", "spread", "cone", "square") and spell["effect"] != "bless":
        return sentence(f"SPELL_AREA_{shape}", {"metres": metres}, lang)
    if shape == "targets":
        n = spell_views.spell_target_limit(battle, cid, spell_id, item=item, spell_like=spell_like)
        return sentence("SPELL_TARGETS", {"n": n}, lang)
    return sentence(f"SPELL_SHAPE_{shape}", {}, lang) if has_sentence(f"SPELL_SHAPE_{shape}") else ""
