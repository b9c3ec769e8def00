"""What a caster's spells offer, as views for the spell menu, the options and the AI
(design/architecture.md, "The engine's faces": views): the area a spell would fill, the
castings left today and at what level, the metamagic and heightening a spell may take, how
many targets it takes, a prepared entry's parts. Split from ``views`` (the geometry and the
panel) so each stays a few hundred lines; nothing here changes the battle.
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import data
from ..rules import metamagic as meta, spells as spell_rules
from ..rules.geometry import Square
from .actions.magic_items import charges_left
from .actions.spell_basics import spell_level
from .actions.spell_sources import entry_level, spell_choices as choices
from .components import Feats, Inventory, Spellcasting, SpellEffects, SpellLike


def spell_area(battle, who: str, spell_id: str, point: Square, metamagic: tuple[str, ...] = (),
               direction: tuple[int, int] | None = None) -> set[Square]:
    """The squares an area spell aimed at a grid intersection would fill (data-digest §5;
    Widen Spell doubles it), on the map; a cone's from the caster's corner ``point``
    toward ``direction``, as its casting fills it (``spell_effects``)."""
    spell = data.spells()[spell_id]
    radius = meta.radius_squares(spell, metamagic)
    if spell["shape"] in ("burst", "spread") and spell["effect"] != "bless":
        squares = spell_rules.burst_squares(tuple(point), radius)
    elif spell["shape"] == "square":
        squares = spell_rules.square_area(tuple(point), radius)
    elif spell["shape"] == "cone" and direction is not None:
        squares = spell_rules.cone_squares(tuple(point), tuple(direction), radius)
    else:
        return set()
    terrain = battle.terrain
    return {sq for sq in squares if terrain.in_bounds(sq)}


def range_metres(spell_id: str, caster_level: int) -> float | None:
    """A spell's range at this caster level in metres (French text, "lancer un sort":
    close 7,50 m + 1,50 m per two levels, medium 30 m + 3 m a level, long 120 m + 12 m a
    level); None for touch and personal."""
    squares = spell_rules.range_squares(data.spells()[spell_id]["range"], caster_level)
    return None if squares is None else squares * 1.5


def caster_level(battle, cid: str, spell_like: bool = False) -> int:
    """The creature's caster level (0: none); with ``spell_like``, its spell-like
    abilities' own (a monster's, not a class's)."""
    return battle.read(cid, SpellLike).caster_level if spell_like else battle.read(cid, Spellcasting).caster_level


def summoned(battle, cid: str) -> tuple[str, int] | None:
    """A summoned creature's caster and the round at whose caster's turn it goes away
    (SRD Summon Nature's Ally: 1 round a level), or None for any other creature."""
    effect = battle.read(cid, SpellEffects).summoned
    return (effect.caster, effect.ends) if effect is not None else None


def metamagic_choices(battle, who: str, spell_id: str) -> list[str]:
    """The metamagic feats a spontaneous caster may apply to this spell now (each must
    change it; Quicken Spell is not for spontaneous casting: SRD Metamagic Feats)."""
    spell = data.spells()[spell_id]
    feats = battle.read(who, Feats).ids
    slots = battle.read(who, Spellcasting).slots
    highest = max((lv for lv, n in enumerate(slots) if n > 0), default=-1)
    base = spell_level(battle, who, spell)
    # a feat that lifts the spell above every slot left today could not be paid for
    return [f for f in meta.METAMAGIC if f in feats and f != "quicken_spell" and meta.applies(f, spell)
            and (not slots or base + meta.levels_added((f,)) <= highest)]


def heighten_levels(battle, who: str, spell_id: str) -> list[int]:
    """The levels Heighten Spell may raise the spell to: above its own, 9th at most."""
    low = spell_level(battle, who, data.spells()[spell_id]) + 1
    return list(range(low, meta.HIGHEST_LEVEL + 1))


@dataclass(frozen=True)
class Castings:
    """What one of ``spell_choices`` has left today: the level it is cast at (a prepared
    entry's slot, its metamagic and heightening counted) and how many castings of it
    remain (``left`` None: at will)."""

    level: int
    left: int | None


def spell_castings(battle, who: str) -> dict[tuple[str, str], Castings]:
    """For each way to cast (``spell_choices``, keyed by (kind, ident)) its level and the
    castings left, as what pays for them is spent (``spell_sources.source_of``; French
    text, "lancer un sort"; SRD Sorcerer, Cleric): a prepared entry, its copies; a spell
    known, the slots of its level or higher; a cure or inflict (a druid's summoning) in
    place of a prepared spell, the prepared spells of its level or higher; a spell-like
    ability, its uses; a potion or scroll, the ones carried; a wand, its charges."""
    sc = battle.read(who, Spellcasting)
    spells, items = data.spells(), data.magic_items()
    carried = battle.read(who, Inventory).items
    out: dict[tuple[str, str], Castings] = {}
    for c in choices(battle, who):
        if c.kind == "prepared":
            out[(c.kind, c.ident)] = Castings(entry_level(battle, who, c.ident), sc.prepared.count(c.ident))
        elif c.kind == "known":
            level = spell_level(battle, who, spells[c.spell])
            out[(c.kind, c.ident)] = Castings(level, sum(sc.slots[level:]))
        elif c.kind == "convert":
            level = spell_level(battle, who, spells[c.spell])
            out[(c.kind, c.ident)] = Castings(level, sum(1 for e in sc.prepared if entry_level(battle, who, e) >= level))
        elif c.kind == "spell_like":
            out[(c.kind, c.ident)] = Castings(spell_level(battle, who, spells[c.spell]), c.uses)
        else:                       # an item casts at its spell's lowest level (``magic_items.do_use_item``)
            item = items[c.ident]
            left = charges_left(battle, who, c.ident) if item["kind"] == "wand" else carried.count(c.ident)
            out[(c.kind, c.ident)] = Castings(min(spells[c.spell]["level"].values()), left)
    return out


def day_entries(battle, who: str) -> list[tuple[str, str, str, int]]:
    """The ways to cast the creature began the battle with, as (kind, ident, spell, level)
    in the scenario's order (``Battle.spec``, never changed in play): its prepared entries
    or spells known, its spell-like abilities, its magic items. The spell list keeps a
    spent one in its place from these, even in a battle loaded from a save (play-test,
    issues 111-113)."""
    spec, spells, items = battle.spec(who), data.spells(), data.magic_items()
    out = []
    if spec.caster_class in meta.SPONTANEOUS_CLASSES:
        out += [("known", s, s, spell_level(battle, who, spells[s])) for s in dict.fromkeys(spec.spells) if s in spells]
    else:
        for entry in dict.fromkeys(spec.spells):
            spell = meta.parse_entry(entry)[0]
            if spell in spells:
                out.append(("prepared", entry, spell, entry_level(battle, who, entry)))
    out += [("spell_like", s, s, spell_level(battle, who, spells[s])) for s in spec.spell_like if s in spells]
    for item in dict.fromkeys(spec.inventory):
        if item in items and items[item].get("spell") in spells:
            out.append(("item", item, items[item]["spell"], min(spells[items[item]["spell"]]["level"].values())))
    return out


def prepared_at_least(battle, who: str, spell_id: str) -> list[str]:
    """The prepared entries a cleric may give up for this cure or inflict spell: those of
    its level or higher (SRD Cleric, spontaneous casting)."""
    need = spell_level(battle, who, data.spells()[spell_id])
    return [e for e in dict.fromkeys(battle.read(who, Spellcasting).prepared) if entry_level(battle, who, e) >= need]


def spell_target_limit(battle, who: str, spell_id: str, item: str | None = None, spell_like: bool = False) -> int:
    """How many creatures a several-target spell may take (magic missile's missiles by
    caster level; haste one a level): the caster's level, an item's or an ability's."""
    level = battle.read(who, Spellcasting).caster_level
    if item:
        level = data.magic_items()[item]["caster_level"]
    elif spell_like:
        level = battle.read(who, SpellLike).caster_level
    effect = data.spells()[spell_id]["effect"]
    if effect == "scare":
        return spell_rules.scare_targets(level)       # one a three levels
    return spell_rules.missiles(level) if effect == "missiles" else max(1, level)


def directed_spell(battle, cid: str) -> tuple[str, Square | None] | None:
    """The spell this creature directs with a move action: ("spiritual", None) for a
    spiritual weapon, ("sphere", where it is) for a flaming sphere; None without one."""
    effects = battle.read(cid, SpellEffects)
    if effects.spiritual:
        return "spiritual", None
    if effects.sphere:
        return "sphere", tuple(effects.sphere.at)
    return None


def touches_left(battle, cid: str) -> int:
    """Touches left of a charge held for several creatures (0 for one)."""
    return battle.read(cid, Spellcasting).held_touches


def entry_parts(entry: str) -> tuple[str, tuple[str, ...], int | None]:
    """A prepared entry (``stilled:heightened3:hold_person``) as (spell, metamagic feats,
    the level it is heightened to)."""
    spell, feats = meta.parse_entry(entry)
    return spell, feats, meta.heightened_level(entry)


def spell_choices(battle, cid: str):
    """Every spell, spell-like ability and magic item it could use (``SpellChoice``)."""
    return choices(battle, cid)


@dataclass(frozen=True)
class SpellGround:
    """A square a spell laid on the map (data-digest §5): its kind ("web", "grease"), the
    save's DC and the map's own ground under it (the battle's terrain makes it difficult)."""
    kind: str
    dc: int
    under: str


def spell_grounds(battle) -> dict[Square, SpellGround]:
    """The squares the battle's spell overlays cover now (those one can enter), each with what lies there: a web
    (Web: difficult, a Reflex save or be entangled, stuck on a failed one) or grease (Grease:
    difficult, a Reflex save or fall prone); where two overlap, the last in (kind, caster) order."""
    out: dict[Square, SpellGround] = {}
    terrain, now = battle.terrain, battle.board().terrain
    for _key, overlay in sorted(battle.shared_read.overlays.items()):
        for sq in overlay.squares:
            if terrain.in_bounds(sq) and not now.kind(sq).blocks_move:     # a wall stays a wall
                out[tuple(sq)] = SpellGround(overlay.kind, overlay.dc, terrain.kind(sq).id)
    return out
