"""Magic items and other borrowed casters (French text "objets magiques", "pouvoirs
magiques"): potions (a standard action that provokes; the drinker is the target),
scrolls (provoke, may be read defensively; in a grapple, cast as their spell would be),
wands (no attack of opportunity, no Concentration) — a scroll or a wand by a creature whose
class has its spell, else by Use Magic Device (``devices``) — and the spell-like ability's
casting procedure."""
from __future__ import annotations

from ... import data
from ...rules import spells as rules
from ..attacks import take_opportunities, threatening_enemies
from ..components import Charges, Grapple, Hands, HitPoints, Inventory, SpellLike
from .common import afford, refuse, spend
from .devices import how_activated, roll_activation
from .other import held_item, used_up
from .spell_basics import SpellCast, acting_as, borrowed_caster, concentration_check, heal, spell_roll, spellcasting
from .spell_checks import (check_aim, dissipate_charge, distractions, provoked_or_defensive, refuse_gestures_in_grapple,
                           refuse_long_casting_in_grapple)
from .spell_effects import EFFECTS


def do_use_item(battle, who, args, declined) -> list:
    """Potions (a standard action that provokes; the drinker is the target), scrolls (a
    standard action that provokes, may be read defensively), wands (a standard action, no
    attack of opportunity, no Concentration) — French text, "objets magiques"."""
    item_id = args.get("item")
    item = data.magic_items().get(item_id) if isinstance(item_id, str) else None
    inv = battle.comp(who, Inventory)
    if item is None or item_id not in inv.items:
        raise refuse("NOT_CARRIED", weapon=item_id)
    afford(battle, who, "standard")        # no standard action left is the reason, before the hand or the aim
    held_item(battle, who, item_id)
    spell_id = item["spell"]
    spell = data.spells()[spell_id]
    sc = spellcasting(battle, who)
    # The item casts at its own caster level with the minimum ability for its level.
    item_caster = borrowed_caster(sc, item["caster_level"], sc.caster_class)
    level = min(spell["level"].values())
    kind = item["kind"]
    if kind == "scroll":
        _scroll_in_grapple(battle, who, spell_id, spell)
    how = how_activated(battle, who, item_id, item, spell, level)
    run_args = dict(args)
    if kind == "potion":
        run_args["target"] = who
    elif "target" not in run_args and spell["range"] == "touch":
        run_args["target"] = who
    _check_aim_with(battle, who, spell, run_args, item_caster)
    events = spend(battle, who, "standard", f"use_{kind}")
    give_back = _giving_back(battle, who, item_id)
    if kind != "wand" or charges_left(battle, who, item_id) <= 1:
        inv.items.remove(item_id)
        used_up(battle, who, item_id)
    else:
        battle.comp(who, Charges).left[item_id] = charges_left(battle, who, item_id) - 1
    if kind in ("potion", "scroll"):
        if kind == "scroll" and args.get("defensively"):
            ok, ev = concentration_check(battle, who, rules.concentration_dc("defensive", level), "defensively")
            events += ev
            if not ok:
                return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
        else:
            before = battle.comp(who, HitPoints).current
            ev, fell = take_opportunities(battle, who, threatening_enemies(battle, who), declined)
            events += ev
            if fell:
                return events
            hurt = before - battle.comp(who, HitPoints).current
            if hurt > 0 and kind == "scroll":
                ok, ev = concentration_check(battle, who, rules.concentration_dc("damage", level, hurt), "damage")
                events += ev
                if not ok:
                    return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
    if kind == "scroll" and battle.read(who, Grapple).holding:
        # "il doit tout de même réussir un test de Concentration (DD 20 + niveau du sort)"
        ok, ev = concentration_check(battle, who, rules.concentration_dc("grapple", level), "grapple")
        events += ev
        if not ok:
            return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
    # The checks the activation takes, once the reading or the wave has begun (it provoked,
    # and a blow may already have spoilt it): failed, nothing is cast and the scroll or the
    # wand's charge is given back (SRD: "Failing the roll does not expend a charge"; "If the
    # caster level check fails but no mishap occurs, the scroll is not expended").
    activated, kept, ev = roll_activation(battle, who, item_id, level, how)
    events += ev
    if not activated:
        if kept:
            give_back()
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="failed")]
    with acting_as(battle, who, item_caster, borrowed=True):
        events.append(SpellCast(caster=who, spell=spell_id, level=level, outcome="cast"))
        if kind == "potion" and spell["effect"] in ("cure",):
            amount, _faces = spell_roll(battle, 1, 8, "potion")
            events += heal(battle, who, amount + min(item["caster_level"], 5))
        else:
            events += EFFECTS[spell["effect"]](battle, who, spell_id, spell, level, run_args, declined)
    return events


def _giving_back(battle, who: str, item_id: str):
    """What puts the item back as it is now (in its place among the creature's items, in
    its hand if it was, with its charges) once spending it is undone."""
    inv = battle.comp(who, Inventory)
    place, holding = inv.items.index(item_id), battle.read(who, Hands).holding
    charges = battle.read(who, Charges).left.get(item_id)
    before = inv.items.count(item_id)

    def give_back() -> None:
        if inv.items.count(item_id) < before:
            inv.items.insert(place, item_id)
        battle.comp(who, Hands).holding = holding
        left = battle.comp(who, Charges).left
        if charges is None:
            left.pop(item_id, None)
        else:
            left[item_id] = charges
        battle.changed()
    return give_back


def _scroll_in_grapple(battle, who: str, spell_id: str, spell: dict) -> None:
    """Reading a scroll is casting its spell (French text, "objets magiques": "Activer un
    objet magique à fin d'incantation, comme par exemple un parchemin, revient à lancer un
    sort"), so in a grapple it follows casting's rule ("lutte": "à condition qu'il s'agisse
    d'un sort donc le temps d'incantation est de une action, sans composante gestuelle [...]"
    then the Concentration check, DC 20 + level, in ``do_use_item``). The scroll's material
    component or focus was spent by its scribe (SRD, Scrolls): none is needed in hand.
    Wands and potions are activated, not cast ("Le personnage peut activer un objet magique,
    à condition qu'il ne s'agisse pas d'un objet à fin d'incantation (comme un parchemin). Il
    n'a pas besoin de réussir un test opposé de lutte pour cela."): no check at all."""
    refuse_gestures_in_grapple(battle, who, spell_id, spell["components"])
    refuse_long_casting_in_grapple(battle, who, spell_id, "standard" if spell["casting_time"] == "standard"
                                   else "full_round")


def cast_effect_as(battle, who, caster, spell_id, spell, level, pay, args, declined, action: str) -> list:
    """A spell-like ability's use: a standard action like casting (it provokes or is used
    defensively; damage and grappling call for Concentration), no components; the use is
    spent even when disrupted (French text "pouvoirs magiques")."""
    afford(battle, who, "standard")        # no standard action left is the reason, before the aim
    with acting_as(battle, who, caster, borrowed=True):
        check_aim(battle, who, spell, args)
    events = spend(battle, who, "standard", action)
    pay()
    events += dissipate_charge(battle, who)
    before = battle.comp(who, HitPoints).current
    ev, lost = provoked_or_defensive(battle, who, level, before, bool(args.get("defensively")), declined)
    events += ev
    if lost is None or lost:
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
    ev, lost = distractions(battle, who, (), level, bool(args.get("ride_on")))
    events += ev
    if lost:
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
    with acting_as(battle, who, caster, borrowed=True):
        events.append(SpellCast(caster=who, spell=spell_id, level=level, outcome="cast"))
        events += EFFECTS[spell["effect"]](battle, who, spell_id, spell, level, args, declined)
    return events


def charges_left(battle, who: str, item_id: str) -> int:
    return battle.read(who, Charges).left.get(item_id, data.magic_items()[item_id]["charges"])


def _check_aim_with(battle, who, spell, args, caster) -> None:
    with acting_as(battle, who, caster, borrowed=True):
        check_aim(battle, who, spell, args)


# --- spell-like abilities ---------------------------------------------------------------

def do_use_spell_like(battle, who, args, declined) -> list:
    """A spell-like ability (French text "pouvoirs magiques"): works as casting the spell —
    it provokes, may be used defensively (Concentration DC 15 + level), damage calls for
    Concentration — but needs no component; a use that is disrupted still counts against
    the day's uses. Caster level: the creature's ``caster_level`` or its Hit Dice; save DC
    10 + spell level + Charisma modifier (SRD Special Abilities)."""
    spell_id = args.get("spell")
    spell = data.spells().get(spell_id) if isinstance(spell_id, str) else None
    abilities = battle.comp(who, SpellLike)
    if spell is None or spell_id not in abilities.uses:
        raise refuse("NO_SPELL_LIKE", spell=str(spell_id))
    if abilities.uses[spell_id] == 0:
        raise refuse("SPELL_LIKE_USED_UP", spell=spell_id)
    level = spell_like_level(spell)
    caster = borrowed_caster(spellcasting(battle, who), abilities.caster_level, "sorcerer")

    def pay():
        if abilities.uses[spell_id] is not None:
            abilities.uses[spell_id] -= 1
    return cast_effect_as(battle, who, caster, spell_id, spell, level, pay, args, declined, action="use_spell_like")


def spell_like_level(spell: dict) -> int:
    """The spell's level for a spell-like ability: its sorcerer/wizard level, else the
    lowest (our ruling)."""
    levels = spell["level"]
    return levels.get("sorcerer", levels.get("wizard", min(levels.values())))
