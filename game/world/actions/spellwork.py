"""Spellcasting beyond the casting itself (French text "lancer un sort"; SRD Grapple):
producing a spell component in a grapple, concentrating to keep a spell up, calm
emotions, the starter spell that lasts as long as its caster concentrates, and bless
water's flask (a spell of 1 minute: ``casting``)."""
from __future__ import annotations

from dataclasses import dataclass

from ... import data
from ...rules import metamagic, spells as rules
from ..components import CalmEmotions, Conditions, Grapple, Hands, Inventory, Spellcasting, SpellEffects, Stats
from ..damage import AFTER_DAMAGE, status_of
from ..events import ActionTaken, AttackRolled, ConditionEnded, DamageDealt, Event, OpposedCheck, SavingThrow
from ..racial import against_spell
from ..saving import roll_save
from ..turns import AT_TURN_END
from .common import refuse, spend
from .spell_basics import SpellEnded, casting_modifier, concentration_check, creatures_in, next_effect_number, note_caught
from .spell_checks import distractions, needs_component_in_hand


def _sc(battle, cid) -> Spellcasting:
    return battle.comp(cid, Spellcasting)


# --- a spell component in a grapple ---------------------------------------------------

def do_retrieve_component(battle, who, args, declined) -> list:
    """SRD Grapple, "Retrieve a Spell Component": a full-round action, no grapple check,
    puts the material component or focus of a spell in hand (needed to cast it while
    grappling or pinned). Outside a grapple it comes out with the casting itself."""
    spell_id = args.get("spell")
    spell = data.spells().get(spell_id) if isinstance(spell_id, str) else None
    sc = _sc(battle, who)
    ready = {e.split(":")[-1] for e in sc.prepared} | set(sc.known)
    if spell is None or spell_id not in ready:
        raise refuse("SPELL_NOT_READY", spell=str(spell_id))
    if "pinned" in battle.read(who, Conditions).ids:
        raise refuse("PINNED_ONLY_ESCAPE")          # a pinned creature may only try to escape (SRD)
    if not battle.comp(who, Grapple).holding:
        raise refuse("COMPONENT_ONLY_IN_GRAPPLE")
    if not needs_component_in_hand(battle, who, spell, spell["components"]):
        raise refuse("NO_COMPONENT_NEEDED", spell=spell_id)
    if sc.component_in_hand == spell_id:
        raise refuse("COMPONENT_ALREADY_IN_HAND", spell=spell_id)
    events = spend(battle, who, "full_round", "retrieve_component")
    sc.component_in_hand = spell_id
    battle.changed()
    return events


# --- concentrating to keep a spell up -------------------------------------------------

def maintain(battle, who: str, spell_id: str, level: int, effect: str, rounds: int) -> list:
    """Start keeping up a concentration spell: it lasts while the caster concentrates each
    turn, up to ``rounds`` rounds. One mind keeps one such spell: an earlier one ends.
    ``effect`` names the caster's ``SpellEffects`` field that holds what it keeps up."""
    events = end_maintained(battle, who, "replaced")
    _sc(battle, who).maintained = {"spell": spell_id, "level": level, "effect": effect,
                                  "until": battle.round + rounds, "round": battle.round}
    return events


def do_concentrate(battle, who, args, declined) -> list:
    """Concentrating to maintain a spell: a standard action that does not provoke; what
    would distract a caster casting distracts it too (French text)."""
    sc = _sc(battle, who)
    if sc.maintained is None:
        raise refuse("NOTHING_MAINTAINED")
    if sc.maintained["round"] == battle.round:
        raise refuse("ALREADY_CONCENTRATED")
    events = spend(battle, who, "standard", "concentrate")
    ev, lost = distractions(battle, who, (), sc.maintained["level"])
    events += ev
    if lost:
        return events + end_maintained(battle, who, "distracted")
    sc.maintained["round"] = battle.round
    return events


def do_cease_concentration(battle, who, args, declined) -> list:
    """Ceasing to concentrate on a spell: a free action (French text, "actions libres":
    "cesser de se concentrer sur un sort"); the spell ends at once."""
    if battle.read(who, Spellcasting).maintained is None:
        raise refuse("NOTHING_MAINTAINED")
    return [ActionTaken(who=who, action="cease_concentration", kind="free")] + end_maintained(battle, who, "ceased")


def end_maintained(battle, who: str, reason: str) -> list:
    """The concentration spell stops at once."""
    sc = _sc(battle, who)
    kept, sc.maintained = sc.maintained, None
    if kept is None:
        return []
    return [SpellEnded(caster=who, spell=kept["spell"], reason=reason)] + _undo(battle, who)


@AT_TURN_END.register(10)
def at_turn_end(battle, who: str) -> list:
    """A caster that did not concentrate this turn (nor cast it this turn) lets it go."""
    kept = battle.read(who, Spellcasting).maintained
    if kept is not None and kept["round"] != battle.round:
        return end_maintained(battle, who, "no_concentration")
    return []


def at_turn_start(battle, who: str) -> list:
    kept = battle.read(who, Spellcasting).maintained
    if kept is not None and battle.round >= kept["until"]:         # up to 1 round per level
        return end_maintained(battle, who, "duration")
    return []


@AFTER_DAMAGE.register(20)
def distracted_by_damage(battle, who: str, amount: int) -> list:
    """Damage to a caster keeping a spell up: Concentration DC 10 + damage + spell level,
    or the spell ends; a caster knocked out lets it go."""
    kept = _sc(battle, who).maintained
    if kept is None or amount <= 0:
        return []
    if status_of(battle, who) in ("unconscious", "dying", "stable", "dead"):
        return end_maintained(battle, who, "caster_down")
    ok, events = concentration_check(battle, who, rules.concentration_dc("damage", kept["level"], amount), "damage")
    return events + ([] if ok else end_maintained(battle, who, "distracted"))


# --- calm emotions ---------------------------------------------------------------------

# What a calmed creature may not do (SRD Calm Emotions: no violent actions, though it can
# defend itself; our list: every action that attacks or harms).
VIOLENT = frozenset({"attack", "full_attack", "charge", "coup_de_grace", "trip", "bull_rush", "disarm", "sunder",
                     "feint", "overrun", "grapple", "grapple_damage", "grapple_attack", "pin", "use_opponent_weapon",
                     "garrote", "throw_splash", "turn_undead", "rebuke_undead", "turn_creatures", "rebuke_creatures",
                     "direct_spell", "web", "snatch",
                     "attack_object"})
# Spells a calmed creature may still cast: they harm nobody.
HARMLESS_EFFECTS = frozenset({"bless", "shield_of_faith", "magic_weapon", "haste", "calm_emotions", "hide_from_undead"})


def calm_emotions(battle, who, spell_id, spell, level, args, declined) -> list:
    """Calm emotions (SRD): creatures in a 20-ft spread, Will negates (undead and mindless
    creatures are immune: mind-affecting), can take no violent action; fear and morale
    bonuses are suppressed and confusion ends. Concentration, up to 1 round per level."""
    area = rules.burst_squares(tuple(args["point"]), metamagic.radius_squares(spell, battle.shared.metamagic))
    dc = rules.save_dc(level, casting_modifier(battle, who))
    calmed, events = [], []
    subjects = [cid for cid in creatures_in(battle, area)
                if not (battle.read(cid, Stats).values.get("undead") or battle.read(cid, Stats).values.get("mindless"))]
    note_caught(battle, who, spell_id, subjects, "will", dc)
    for cid in subjects:
        ok, ev = roll_save(battle, cid, "will", dc, against=against_spell(spell_id))
        events += ev
        if not ok:
            conds = battle.comp(cid, Conditions).ids
            conds.add("calmed")
            conds.discard("confused")
            calmed.append(cid)
    events = end_maintained(battle, who, "replaced") + events
    # "fresh": the saves just rolled against the spell itself are no aggression against it.
    battle.comp(who, SpellEffects).calm = CalmEmotions(next_effect_number(battle), calmed)
    # Extend Spell does not lengthen a concentration duration (SRD): 1 round/level.
    events += maintain(battle, who, spell_id, level, "calm", _sc(battle, who).caster_level)
    battle.changed()
    return events


def _undo(battle, caster: str) -> list:
    """What the caster kept up stops working: its calm emotions releases whom it calmed
    (unless another calm holds them)."""
    effect = battle.read(caster, SpellEffects).calm
    events = []
    if effect is not None:
        battle.comp(caster, SpellEffects).calm = None
        for cid in effect.targets:
            if battle.has(cid) and "calmed" in battle.read(cid, Conditions).ids:
                still = any(fx.calm and cid in fx.calm.targets for _c, fx in battle.each(SpellEffects))
                if not still:
                    battle.comp(cid, Conditions).ids.discard("calmed")
                    events.append(ConditionEnded(who=cid, condition="calmed"))
    battle.changed()
    return events


def calm_refusal(battle, who: str, action: str, args: dict):
    """A calmed creature refuses violent actions and harmful spells (SRD Calm Emotions)."""
    if "calmed" in battle.read(who, Conditions).ids and aggressive(battle, who, action, args):
        return refuse("CALMED")
    return None


def aggressive(battle, who: str, action: str, args: dict) -> bool:
    """An action that attacks or harms someone: a violent action, or a harmful spell (a
    cure touching undead, an inflict spell touching the living)."""
    if action in VIOLENT or (action == "ride" and args.get("mode") in ("charge", "overrun")):
        return True
    spell_id = args.get("spell")
    if action == "use_item" and isinstance(args.get("item"), str):
        spell_id = data.magic_items().get(args["item"], {}).get("spell")
    if action == "touch":
        spell_id = _sc(battle, who).held_charge
    if action in ("cast", "use_item", "use_spell_like", "touch") and isinstance(spell_id, str):
        spell = data.spells().get(spell_id)
        if spell is None or spell["effect"] in HARMLESS_EFFECTS:
            return False
        holding = spell["range"] == "touch" and action != "touch" and "target" not in args
        return not holding and not _heals(battle, spell, args)      # holding a charge harms nobody yet
    return False


def _heals(battle, spell: dict, args: dict) -> bool:
    """A cure on the living or an inflict on undead (a potion drunk cures its drinker)."""
    target = args.get("target")
    if spell["effect"] not in ("cure", "inflict"):
        return False
    if not isinstance(target, str) or not battle.has(target):
        return spell["effect"] == "cure"
    undead = bool(battle.comp(target, Stats).values.get("undead"))
    return undead == (spell["effect"] == "inflict")


def break_calm(battle, events: list) -> list:
    """Any aggressive action against, or damage to, a calmed creature ends the spell on
    every creature it calmed (SRD Calm Emotions)."""
    out: list = []
    if not battle.shared.effects_begun:
        return out                  # no lasting spell was ever begun: nothing to look for
    calms = sorted(((fx.calm.begun, caster) for caster, fx in battle.each(SpellEffects) if fx.calm))
    for _begun, caster in calms:
        effect = battle.read(caster, SpellEffects).calm
        if effect is None:
            continue
        if effect.fresh:
            battle.comp(caster, SpellEffects).calm.fresh = False
            continue
        targets = set(effect.targets)
        hit = any((isinstance(e, (AttackRolled, DamageDealt)) and e.target in targets)
                  or (isinstance(e, OpposedCheck) and e.defender in targets)
                  or (isinstance(e, SavingThrow) and e.who in targets and e.kind in ("fort", "ref", "will"))
                  for e in events)
        if hit:
            kept = _sc(battle, caster).maintained
            if kept and kept["effect"] == "calm":
                out += end_maintained(battle, caster, "aggression")
            else:
                out += _undo(battle, caster)
    return out


# --- bless water ---------------------------------------------------------------------

FLASK_OF_WATER, HOLY_WATER = "flask_of_water", "holy_water"


@dataclass(frozen=True)
class WaterBlessed(Event):
    """The caster's flask of water became a flask of holy water."""
    caster: str


def bless_water(battle, who, spell_id, spell, level, args, declined) -> list:
    """SRD Bless Water: "This transmutation imbues a flask (1 pint) of water with positive
    energy, turning it into holy water" — the flask the caster carries (the one in its hand
    first) becomes holy water, the splash weapon, where it was."""
    items = battle.comp(who, Inventory).items
    if FLASK_OF_WATER not in items:          # it was dropped or taken during the minute
        return [SpellEnded(caster=who, spell=spell_id, reason="no_flask")]
    items[items.index(FLASK_OF_WATER)] = HOLY_WATER
    hands = battle.comp(who, Hands)
    if hands.holding == FLASK_OF_WATER:
        hands.holding = HOLY_WATER
    battle.changed()
    return [WaterBlessed(caster=who)]
