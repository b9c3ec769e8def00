"""Where a casting comes from, and what it costs (French text "lancer un sort"; SRD
Metamagic Feats, Sorcerer, Cleric, Druid): a prepared spell (metamagic prepared with it), a
cleric's prepared spell converted into a cure or inflict spell, a druid's into a summon
nature's ally (French text: "les druides lançant spontanément des sorts de convocation
d'alliés naturels, peuvent également utiliser la métamagie, au prix d'un temps
d'incantation plus long"), or a sorcerer's or
bard's spell known cast from a slot of its level or higher. Metamagic applied on the
spot (spontaneous casters, converted spells) turns a casting of one standard action
into a full-round action that still takes effect at once, and adds a full-round action
to a longer one; a spontaneous spell cannot be quickened (SRD Quicken Spell)."""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable

from ... import data
from ...rules import metamagic
from ..components import Feats, Inventory, Spellcasting, SpellLike, Stats
from .common import refuse
from .spell_basics import spell_level


@dataclass(frozen=True)
class Source:
    pay: Callable[[], None]       # spends the prepared spell or the slot
    spontaneous: bool             # metamagic chosen now: longer casting
    slot_level: int
    level: int                    # the spell's level as cast (heightened, or its own)


def metamagic_of(battle, who: str, args: dict, spell: dict) -> tuple[str, ...]:
    """The metamagic feats a ``cast`` asks for (``metamagic`` = [feat ids]; ``quickened``
    = true is Quicken Spell); each must be one of the caster's feats and change the spell."""
    wanted = args.get("metamagic", [])
    if not isinstance(wanted, list) or not all(isinstance(f, str) for f in wanted):
        raise refuse("BAD_ARGUMENT", key="metamagic")
    wanted = list(wanted) + (["quicken_spell"] if args.get("quickened") else [])
    for feat in wanted:
        if feat not in metamagic.METAMAGIC:
            raise refuse("BAD_ARGUMENT", key="metamagic")
        if feat not in battle.comp(who, Feats).ids:
            raise refuse("NO_METAMAGIC_FEAT", feat=feat)
        if feat != "quicken_spell" and not metamagic.applies(feat, spell):      # quicken: CANNOT_QUICKEN
            raise refuse("METAMAGIC_CHANGES_NOTHING", feat=feat, spell=args.get("spell"))
    if len(set(wanted)) != len(wanted):
        raise refuse("BAD_ARGUMENT", key="metamagic")
    return metamagic.canonical(wanted)


def entry_level(battle, who: str, entry: str) -> int:
    """The slot an entry of the prepared list takes: the spell's level (or the level it is
    heightened to) plus its other metamagic."""
    spell_id, feats = metamagic.parse_entry(entry)
    base = metamagic.heightened_level(entry) or spell_level(battle, who, data.spells()[spell_id])
    return base + metamagic.levels_added(feats)


def heightened_to(battle, who: str, spell: dict, feats: tuple[str, ...], args: dict) -> int | None:
    """Heighten Spell: ``heighten_to``, a level above the spell's and at most 9th."""
    if "heighten_spell" not in feats:
        return None
    to = args.get("heighten_to")
    base = spell_level(battle, who, spell)
    if not isinstance(to, int) or isinstance(to, bool) or not base < to <= metamagic.HIGHEST_LEVEL:
        raise refuse("HEIGHTEN_LEVEL", low=base + 1, high=metamagic.HIGHEST_LEVEL)
    return to


def spontaneous_kind(battle, who: str) -> str | None:
    """A cleric's spontaneous spells: cure (good), inflict (evil), or what its template says;
    a druid's: summon nature's ally (SRD Druid, "Spontaneous Casting": "A druid can channel
    stored spell energy into summoning spells that she hasn't prepared ahead of time. She
    can 'lose' a prepared spell in order to cast any summon nature's ally spell of the same
    level or lower")."""
    sc = battle.read(who, Spellcasting)
    if sc.caster_class == "druid":
        return "summon"
    if sc.caster_class != "cleric":
        return None
    spec = next((c for c in battle.scenario.creatures if c.id == who), None)
    named = (spec.special.get("spontaneous_casting", {}) if spec else {}).get("spells")
    return named or ("inflict" if battle.read(who, Stats).values.get("evil") else "cure")


def source_of(battle, who: str, spell_id: str, spell: dict, feats: tuple[str, ...], args: dict) -> Source:
    """Find what pays for this casting, or refuse; nothing is spent yet."""
    sc = battle.comp(who, Spellcasting)
    raised = heightened_to(battle, who, spell, feats, args)
    level = raised or spell_level(battle, who, spell)
    need = level + metamagic.levels_added(feats)
    entry = metamagic.entry_for(spell_id, feats, raised)
    converted = args.get("spontaneous_from")
    if converted is not None:
        kind = spontaneous_kind(battle, who)
        if kind is None or spell["effect"] != kind or sc.caster_class not in spell["level"]:
            raise refuse("NOT_SPONTANEOUS", spell=spell_id)
        if not isinstance(converted, str) or converted not in sc.prepared:
            raise refuse("SPELL_NOT_READY", spell=str(converted))
        if "quicken_spell" in feats:
            raise refuse("CANNOT_QUICKEN_SPONTANEOUS", spell=spell_id)
        have = entry_level(battle, who, converted)
        if have < need:
            raise refuse("SLOT_TOO_LOW", spell=spell_id, level=need)
        return Source(lambda: sc.prepared.remove(converted), bool(feats), have, level)
    if sc.caster_class in metamagic.SPONTANEOUS_CLASSES:
        if spell_id not in sc.known:
            raise refuse("SPELL_NOT_KNOWN", spell=spell_id)
        if "quicken_spell" in feats:
            raise refuse("CANNOT_QUICKEN_SPONTANEOUS", spell=spell_id)
        free = [lv for lv in range(need, len(sc.slots)) if sc.slots[lv] > 0]
        wanted = args.get("slot")
        if wanted is not None:
            if not isinstance(wanted, int) or isinstance(wanted, bool) or wanted not in free:
                raise refuse("NO_SLOT", level=wanted if isinstance(wanted, int) else need)
            free = [wanted]
        if not free:
            raise refuse("NO_SLOT", level=need)

        def pay(level=free[0]):
            sc.slots[level] -= 1
        return Source(pay, bool(feats), free[0], level)
    if entry not in sc.prepared:
        raise refuse("SPELL_NOT_READY", spell=entry)
    return Source(lambda: sc.prepared.remove(entry), False, need, level)


@dataclass(frozen=True)
class SpellChoice:
    """One way to cast now: a prepared entry (with its metamagic), a spell known while a
    slot is left, a cure or inflict spell in place of a prepared one, a spell-like
    ability with uses left (``uses`` None: at will), a magic item."""

    kind: str          # "prepared" | "known" | "convert" | "spell_like" | "item"
    ident: str         # the prepared entry, spell id or item id
    spell: str         # the spell it casts
    uses: int | None = None


def spell_choices(battle, who: str) -> list[SpellChoice]:
    """Every spell, ability and item the creature could use, once each (French text,
    "lancer un sort"; SRD Sorcerer, Cleric)."""
    sc = battle.read(who, Spellcasting)
    spells = data.spells()
    out = [SpellChoice("prepared", entry, metamagic.parse_entry(entry)[0]) for entry in dict.fromkeys(sc.prepared)]
    for spell_id in sc.known:
        if any(n > 0 for n in sc.slots[spell_level(battle, who, spells[spell_id]):]):
            out.append(SpellChoice("known", spell_id, spell_id))
    kind = spontaneous_kind(battle, who)
    if kind and sc.prepared:
        best = max(entry_level(battle, who, e) for e in sc.prepared)
        for spell_id, spell in spells.items():
            if spell["effect"] == kind and sc.caster_class in spell["level"] \
                    and spell["level"][sc.caster_class] <= best:
                out.append(SpellChoice("convert", spell_id, spell_id))
    for spell_id, uses in battle.read(who, SpellLike).uses.items():
        if uses != 0:
            out.append(SpellChoice("spell_like", spell_id, spell_id, uses))
    items = data.magic_items()
    for item_id in dict.fromkeys(battle.read(who, Inventory).items):
        if item_id in items:
            out.append(SpellChoice("item", item_id, items[item_id]["spell"]))
    return out


@contextmanager
def applied(battle, feats: tuple[str, ...]):
    """Make ``feats`` the metamagic of the spell being resolved (ranges, dice, durations)."""
    before = battle.shared.metamagic
    battle.shared.metamagic = tuple(feats)
    try:
        yield
    finally:
        battle.shared.metamagic = before
