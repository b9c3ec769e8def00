"""What a natural weapon's hit brings with it (SRD monster entries; the bestiary's
``special`` tables, data-digest §4d): a free trip on a wolf's bite, improved grab (a free
grapple), a ghoul's paralysis and its fever (a disease), poison, a wight's energy drain. ``attacking`` calls
``on_hit`` after each hit; these reach into the grapple and the maneuvers, which is why
they live among the actions rather than in ``world.specials``."""
from __future__ import annotations

from ...data import bestiary
from ...rules import health, maneuvers as rules
from ...rules.attack import parse_dice
from ...rules.modifiers import Modifier, total
from ..components import Conditions, Grapple, HitPoints, Offense, Spellcasting, Stats
from ..attacks import OPPORTUNITY_HIT
from ..damage import apply_damage, status_of, sync_health
from ..events import ConditionStarted, DamageDealt
from ..durations import add_timed_condition
from ..saving import roll_save
from ..specials import LevelsDrained, SpecialUsed, poison_check, specials
from .contests import is_stable, knock_prone, opposed
from .grapple import grapple
from .spell_sources import entry_level


def on_hit(battle, attacker: str, target: str, weapon_id: str, declined, free_actions: bool = True) -> list:
    """What a hit with a natural weapon brings with it. ``free_actions``: the hit was made
    on the attacker's own turn, so the free trip and the free grapple the SRD gives (a
    wolf's trip, improved grab: "as a free action") may follow; on an attack of opportunity
    only what the hit itself does (paralysis, disease, poison, energy drain) follows — our
    ruling: a free action is taken on one's own turn (French text, "actions libres")."""
    sp = specials(battle, attacker)
    events: list = []
    if "dead" in battle.board().body(target).conditions:
        return events
    events += energy_rider(battle, attacker, target, weapon_id)
    trip = sp.get("trip")
    if free_actions and trip and trip.get("on") == weapon_id:
        events += _free_trip(battle, attacker, target, trip.get("modifier", 0))
    grab = sp.get("improved_grab")
    if free_actions and grab and grab.get("on") == weapon_id and not battle.comp(attacker, Grapple).holding:
        events.append(SpecialUsed(who=attacker, special="improved_grab", target=target))
        events += grapple(battle, attacker, target, declined, {"free": True}, improved_grab=True)
    para = sp.get("paralysis")
    if para and weapon_id in (para.get("on") if isinstance(para.get("on"), list) else [para.get("on")]):
        events += _paralysis(battle, attacker, target, para)
    disease = sp.get("disease")
    if disease and disease.get("on") == weapon_id:
        events += _disease(battle, attacker, target, disease)
    poison = sp.get("poison")
    if poison and poison.get("on") == weapon_id and "elemental_traits" not in specials(battle, target):
        events += poison_check(battle, attacker, target, poison, "initial")
    drain = sp.get("energy_drain")
    if drain and drain.get("on") == weapon_id:
        events += energy_drain(battle, attacker, target, drain)
    return events


@OPPORTUNITY_HIT.register(10)
def opportunity_hit(battle, taker: str, struck: str, weapon_id: str, declined) -> list:
    """An attack of opportunity is "une attaque au corps à corps unique" (French text): its
    hit carries the natural weapon's paralysis, disease and poison as any other hit does."""
    return on_hit(battle, taker, struck, weapon_id, declined, free_actions=False)


def energy_rider(battle, who: str, target: str, weapon_id: str) -> list:
    """Energy damage a natural attack deals with its hit, as the routine lists it ("slam
    +8 melee (2d6+4 plus 2d6 acid)"; data-digest §4d, black pudding, "Acid (Ex): each
    slam or constrict adds 2d6 acid"). The acid's dissolving of armour and weapons is not
    played."""
    spec = battle.spec(who)
    entry = bestiary.get(spec.template) if spec.template else None
    for routine in (entry or {}).get("full_attack", []):
        for a in routine:
            words = str(a.get("plus", "")).split()
            if a["weapon"] != weapon_id or len(words) != 2 or "d" not in words[0]:
                continue
            n, sides = parse_dice(words[0])
            faces = tuple(battle.dice.roll_dice(n, sides, f"{words[1]} {who} -> {target}"))
            return [DamageDealt(attacker=who, target=target, dice=faces, bonus=0, amount=sum(faces), nonlethal=False,
                                multiplier=1)] + apply_damage(battle, target, sum(faces), nonlethal=False,
                                                              energy=words[1])
    return []


def energy_drain(battle, who: str, target: str, drain: dict) -> list:
    """Negative levels (SRD "Energy Drain and Negative Levels"; wight): a living creature
    hit gains them: -1 on attack rolls and saves each (``save_bonus``, the Fighter's
    ``negative_levels``), 5 hit points fewer each, a prepared spell of the highest level
    and a caster level lost each; as many as its Hit Dice kill it. The drainer gains 5
    temporary hit points per level. (The Fortitude save that removes them comes a day
    later, after any battle.)"""
    values = battle.comp(target, Stats).values
    if values.get("undead") or "undead_traits" in specials(battle, target) or status_of(battle, target) == "dead":
        return []
    levels = drain.get("levels", 1)
    values["negative_levels"] = values.get("negative_levels", 0) + levels
    hp = battle.comp(target, HitPoints)
    before = hp.maximum
    hp.maximum = max(1, hp.maximum - 5 * levels)
    hp.current -= 5 * levels
    sc = battle.comp(target, Spellcasting)
    for _ in range(levels):
        _lose_highest_spell(battle, target, sc)
        sc.caster_level = max(0, sc.caster_level - 1) if sc.caster_level else 0
    battle.comp(who, HitPoints).temporary += drain.get("temporary_hp", 5) * levels
    events: list = [SpecialUsed(who=who, special="energy_drain", target=target),
                    LevelsDrained(who=who, target=target, levels=levels, max_hp_before=before,
                                  max_hp_after=hp.maximum, negative_levels=values["negative_levels"])]
    hit_dice = values.get("hd") or max(1, battle.comp(target, Offense).bab)
    if values["negative_levels"] >= hit_dice:
        hp.current = min(hp.current, health.DEAD_AT)           # drained of every level: dead
    battle.changed()
    return events + sync_health(battle, target)


def _lose_highest_spell(battle, cid: str, sc) -> None:
    """A negative level costs a prepared spell, or a spell slot, of the highest level."""
    for level in range(len(sc.slots) - 1, -1, -1):
        if sc.slots[level] > 0:
            sc.slots[level] -= 1
            return
    if not sc.prepared:
        return
    sc.prepared.remove(max(sc.prepared, key=lambda entry: entry_level(battle, cid, entry)))


def _free_trip(battle, who: str, target: str, modifier: int) -> list:
    """A free trip after the bite: no touch attack, no attack of opportunity, and the foe
    cannot trip back (SRD wolf)."""
    if "prone" in battle.read(target, Conditions).ids:
        return []
    mine = total([Modifier(modifier, "untyped", "trip_modifier")])
    theirs = rules.resist_check(battle.fighter(target), stable=is_stable(battle, target), dex_allowed=True)
    wins, _m, events = opposed(battle, "trip", who, target, mine, theirs)
    events = [SpecialUsed(who=who, special="trip", target=target)] + events
    if wins:
        events += knock_prone(battle, target, who)
    return events


def _paralysis(battle, who: str, target: str, para: dict) -> list:
    """Ghoul paralysis: Fortitude or paralyzed 1d4+1 rounds; elves are immune."""
    spec = battle.spec(target)
    entry = bestiary.get(spec.template) if spec.template else {}
    if para.get("elves_immune") and (entry or {}).get("race") == "elf":
        return []
    if battle.spec(target).stats.get("undead") or "elemental_traits" in specials(battle, target):
        return []           # undead and elementals are immune to paralysis (SRD type traits)
    ok, events = roll_save(battle, target, "fort", para["dc"], purpose=f"paralysis {target}")
    if not ok:
        n, sides = parse_dice(para.get("duration", "1d4+1").split("+")[0])
        rounds = sum(battle.dice.roll_dice(n, sides, "paralysis")) + 1
        add_timed_condition(battle, target, "paralyzed", rounds)
    return [SpecialUsed(who=who, special="paralysis", target=target)] + events


# What makes a creature immune to disease: the undead and construct traits (data-digest
# §4e, "Undead": "Immune: ... disease"), a paladin's divine health, a monk's purity of body.
DISEASE_IMMUNE = ("undead_traits", "construct_traits", "divine_health", "purity_of_body")


def immune_to_disease(battle, cid: str) -> bool:
    """Whether no disease takes hold of ``cid`` (SRD "Disease"; the traits above)."""
    values = battle.read(cid, Stats).values
    if values.get("undead") or values.get("construct"):
        return True
    return any(k in specials(battle, cid) for k in DISEASE_IMMUNE)


def _disease(battle, who: str, target: str, disease: dict) -> list:
    """A disease carried by a natural attack (SRD "Disease": "When a character is injured
    by a disease-tainted attack ... he must immediately attempt a Fortitude saving throw";
    data-digest §4d, ghoul fever: "Disease via bite: Fort DC 12, incubation 1 day"). The
    save is rolled on the bite that hits; a failure leaves the creature infected. Our
    ruling (rules-coverage, "Maladie"): the incubation (a day) outlasts any battle, so the
    infection has no effect within it; the creature carries the condition ``infected`` to
    the end. A creature already infected is not bitten into a second infection; one immune
    to disease (undead, constructs, divine health, purity of body) is never infected."""
    if immune_to_disease(battle, target) or "infected" in battle.read(target, Conditions).ids:
        return []
    ok, events = roll_save(battle, target, "fort", disease["dc"], purpose=f"disease {target}")
    events = [SpecialUsed(who=who, special=disease.get("name", "disease"), target=target)] + events
    if not ok:
        battle.comp(target, Conditions).ids.add("infected")
        battle.changed()
        events.append(ConditionStarted(who=target, condition="infected"))
    return events
