"""Activating a scroll or a wand: who may, and the checks it takes (``rules.magic_devices``:
SRD Magic Items "Scrolls" and "Wands", SRD skill Use Magic Device; French text, "Pas une
action": the skill's check is part of the standard action that activates the item).

``how_activated`` only reads the battle and refuses before any die; ``roll_activation``
rolls what the reading asks once the action is spent. Our rulings: a carried scroll was
deciphered before the battle (SRD: "A character can decipher the writing on a scroll in
advance"); its spell being on the reader's class list stands for the arcane/divine match;
the mishap of a failed caster level check is the SRD's first one, 1d6 damage a spell level
to the reader ("A surge of uncontrolled magical energy"), and it spends the scroll."""
from __future__ import annotations

from dataclasses import dataclass

from ...rules import magic_devices as rules
from ...rules.modifiers import ability_modifier
from ...rules.spells import ABILITY_OF_CLASS
from ..components import Abilities, Charges, Spellcasting, Stats
from ..damage import apply_damage
from ..events import SavingThrow
from .common import refuse

SKILL = "use_magic_device"


@dataclass(frozen=True)
class Activation:
    """How a creature activates an item: ``skill_dc`` the Use Magic Device check in place of
    the class list (None: its class has the spell); ``emulate`` the score that check must
    also stand for (a scroll's ability), or None; ``caster_level_dc`` a scroll's caster
    level check, or None."""
    skill_dc: int | None = None
    emulate: int | None = None
    caster_level_dc: int | None = None


def how_activated(battle, who: str, item_id: str, item: dict, spell: dict, level: int) -> Activation:
    """The checks ``who`` makes to activate the scroll or wand, or the refusal: no check
    for a potion; the class list, the ability and the caster level for a scroll; the class
    list for a wand; else Use Magic Device, trained only; never again an item it rolled a
    natural 1 on and failed."""
    kind = item["kind"]
    if kind not in ("scroll", "wand"):
        return Activation()
    if item_id in battle.read(who, Charges).barred:
        raise refuse("DEVICE_BARRED", item=item_id)
    sc = battle.read(who, Spellcasting)
    scores = battle.read(who, Abilities).scores
    trained = rules.is_trained(battle.read(who, Stats).values.get(SKILL, 0))
    if rules.on_class_list(spell["level"], sc.caster_class):
        if kind == "wand":
            return Activation()
        needed = rules.ability_needed(level)
        emulate = None
        if scores.get(ABILITY_OF_CLASS.get(sc.caster_class, ""), 10) < needed:
            if not trained:
                raise refuse("SCORE_TOO_LOW_FOR_SCROLL", item=item_id, score=needed)
            emulate = needed
        check = rules.needs_caster_level_check(sc.caster_level, item["caster_level"])
        return Activation(skill_dc=None, emulate=emulate,
                          caster_level_dc=rules.caster_level_check_dc(item["caster_level"]) if check else None)
    if not trained:
        raise refuse("NOT_ON_CLASS_LIST", item=item_id)
    emulate = None
    if kind == "scroll":
        ability = ABILITY_OF_CLASS.get(rules.emulated_class(spell["level"], scores), "int")
        needed = rules.ability_needed(level)
        emulate = needed if scores.get(ability, 10) < needed else None
    return Activation(skill_dc=rules.use_device_dc(kind, item["caster_level"]), emulate=emulate)


def roll_activation(battle, who: str, item_id: str, level: int, how: Activation) -> tuple[bool, bool, list]:
    """Roll the checks ``how`` names, in the SRD's order (Use Magic Device for the item,
    then for the ability, then the caster level): (activated, item_kept, events). A failed
    Use Magic Device check spends nothing but the action, and on a natural 1 bars the item
    for the battle (24 hours); a failed caster level check keeps the scroll unless the DC 5
    Wisdom check fails, and that mishap burns the reader."""
    events: list = []
    bonus = ability_modifier(battle.read(who, Abilities).scores.get("cha", 10)) \
        + battle.read(who, Stats).values.get(SKILL, 0)
    for kind, dc, passes in (("use_magic_device", how.skill_dc, lambda total, dc: total >= dc),
                             ("use_magic_device_ability", how.emulate, rules.emulates_ability)):
        if dc is None:
            continue
        d20 = battle.dice.roll(20, f"{kind} {who}")
        ok = passes(d20 + bonus, dc)
        shown_dc = dc if kind == "use_magic_device" else dc + rules.EMULATED_SCORE_OFFSET
        events.append(SavingThrow(who=who, kind=kind, d20=d20, bonus=bonus, dc=shown_dc, success=ok))
        if not ok:
            if d20 == 1:
                battle.comp(who, Charges).barred.add(item_id)
            return False, True, events
    if how.caster_level_dc is not None:
        caster_level = battle.read(who, Spellcasting).caster_level
        d20 = battle.dice.roll(20, f"caster level {who}")
        ok = d20 != 1 and d20 + caster_level >= how.caster_level_dc
        events.append(SavingThrow(who=who, kind="caster_level", d20=d20, bonus=caster_level,
                                  dc=how.caster_level_dc, success=ok))
        if not ok:
            wis = ability_modifier(battle.read(who, Abilities).scores.get("wis", 10))
            d20 = battle.dice.roll(20, f"scroll mishap {who}")
            kept = d20 + wis >= rules.MISHAP_WISDOM_DC
            events.append(SavingThrow(who=who, kind="scroll_mishap", d20=d20, bonus=wis,
                                      dc=rules.MISHAP_WISDOM_DC, success=kept))
            if not kept and level > 0:
                burn = sum(battle.dice.roll_dice(level, 6, f"scroll mishap damage {who}"))
                events += apply_damage(battle, who, burn, nonlethal=False)
            return False, kept, events
    return True, True, events
