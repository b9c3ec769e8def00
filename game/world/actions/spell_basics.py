"""What every spell resolution shares (French text "lancer un sort"; digest §4.5;
data-digest §5): the caster's level and ability, Concentration checks and saving throws,
spell dice after metamagic, durations after Extend Spell, damage and healing, touch
attacks, the creatures in an area, a touch spell's charge held or dropped, the events of a
casting (cast, ended, healed) and the numbering of lasting effects."""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, replace

from ...rules import attack as attack_rules, metamagic, spells as rules
from ...rules.area_odds import CaughtPlan
from ...rules.attack import AttackSituation
from ...rules.geometry import Square
from ...rules.modifiers import ability_modifier
from ..attacks import note_attack
from ..components import Abilities, HitPoints, Spellcasting, Stats
from ..damage import apply_damage, status_of, sync_health
from ..events import AttackRolled, DamageDealt, Event, SavingThrow
from ..racial import against_spell
from ..saving import save_total


METAL_ARMOR = {"chain_shirt", "scale_mail", "chainmail", "breastplate", "splint_mail", "banded_mail", "half_plate",
               "full_plate"}


@dataclass(frozen=True)
class SpellCast(Event):
    caster: str
    spell: str
    level: int
    outcome: str          # cast, lost, failed (an item not activated), held, pending, minute (1 minute begun),
                          # begun (to finish next round), completed


@dataclass(frozen=True)
class SpellEnded(Event):
    caster: str
    spell: str
    reason: str           # no_concentration, distracted, duration, caster_down, aggression, replaced, dissipated


@dataclass(frozen=True)
class Healed(Event):
    who: str
    amount: int
    hp: int


def spellcasting(battle, cid) -> Spellcasting:
    """The creature's spellcasting, to change (``battle.comp``)."""
    return battle.comp(cid, Spellcasting)


HELD = ("held_charge", "held_metamagic", "held_touches", "held_as", "held_level", "held_touch_round")


def drop_charge(sc: Spellcasting) -> None:
    """The held charge is gone (discharged, or dissipated by another casting)."""
    sc.held_charge, sc.held_metamagic, sc.held_touches, sc.held_as, sc.held_level = None, (), 0, None, None
    sc.held_touch_round = None


def hold_charge(battle, who: str, spell_id: str, level: int) -> list:
    """Hold a touch spell's charge (SRD, touch spells: "garder la charge"), with the
    metamagic of the spell being resolved. Held on the caster's own turn, that turn's
    touch is part of the casting (French text: "Il a la possibilité de toucher le sujet
    ... lors du round où il lance le sort. Au choix, le déplacement peut s'effectuer avant
    l'incantation, après avoir touché le sujet, ou entre ces deux instants"): see
    ``touch_is_free``."""
    sc = spellcasting(battle, who)
    drop_charge(sc)
    sc.held_charge, sc.held_metamagic, sc.held_level = spell_id, tuple(battle.shared.metamagic), level
    sc.held_touch_round = battle.round if battle.turn == who else None
    return [SpellCast(caster=who, spell=spell_id, level=level, outcome="held")]


def touch_is_free(battle, who: str) -> bool:
    """Whether ``who``'s touch now is the one that goes with its casting: its own turn, the
    round the charge was held (once: the touch clears it). Later rounds it takes an action
    ("Une action simple suffit pour toucher un ami")."""
    sc = battle.read(who, Spellcasting)
    return sc.held_touch_round is not None and sc.held_touch_round == battle.round and battle.turn == who


def borrowed_caster(sc: Spellcasting, caster_level: int, caster_class: str) -> Spellcasting:
    """The caster an item or a spell-like ability casts as: its own level and ability, no
    charge held yet (the creature's own charge is not its to use)."""
    return replace(sc, caster_level=caster_level, caster_class=caster_class, held_charge=None, held_metamagic=(),
                   held_touches=0, held_as=None, held_level=None, held_touch_round=None)


@contextmanager
def acting_as(battle, who: str, caster: Spellcasting, borrowed: bool = False):
    """Resolve a spell with another caster level and ability. ``borrowed`` (an item, a
    spell-like ability): a charge it leaves held becomes the creature's, stamped with that
    level and class, and the creature's own charge is otherwise untouched; else (a held
    charge resolving) the charge comes back as the resolution left it."""
    saved = spellcasting(battle, who)
    battle.put(who, caster)
    try:
        yield
    finally:
        if not borrowed or caster.held_charge:
            for key in HELD:
                setattr(saved, key, getattr(caster, key))
        if borrowed and caster.held_charge:
            saved.held_as = (caster.caster_level, caster.caster_class)
        saved.maintained = caster.maintained or saved.maintained
        battle.put(who, saved)


def as_held(battle, who: str):
    """The caster a held charge resolves with: the creature, or the item or ability it came from."""
    sc = spellcasting(battle, who)
    return replace(sc, caster_level=sc.held_as[0], caster_class=sc.held_as[1]) if sc.held_as else sc


def spell_level(battle, cid: str, spell: dict) -> int:
    levels = spell["level"]
    cls = spellcasting(battle, cid).caster_class
    return levels.get(cls, min(levels.values()))


def casting_modifier(battle, cid: str) -> int:
    """The modifier of the caster's casting ability (Int for a wizard, Wis for a cleric ...)."""
    ability = rules.ABILITY_OF_CLASS.get(spellcasting(battle, cid).caster_class, "int")
    return ability_modifier(battle.comp(cid, Abilities).scores[ability])


def concentration_check(battle, cid: str, dc: int, why: str) -> tuple[bool, list]:
    """A Concentration check against ``dc`` (digest §4.5): ranks, else Con; (success, [event])."""
    values = battle.comp(cid, Stats).values
    bonus = values.get("concentration", ability_modifier(battle.comp(cid, Abilities).scores["con"]))
    d20 = battle.dice.roll(20, f"concentration {why} {cid}")
    ok = d20 + bonus >= dc
    return ok, [SavingThrow(who=cid, kind=f"concentration_{why}", d20=d20, bonus=bonus, dc=dc, success=ok)]


def spell_roll(battle, n: int, sides: int, why: str, plus: int = 0) -> tuple[int, tuple]:
    """A spell's variable numeric effect, ``n``d``sides`` + ``plus``, after the metamagic
    of the spell being resolved (Empower, Maximize)."""
    faces = tuple(battle.dice.roll_dice(n, sides, why))
    return metamagic.vary(sum(faces), n, sides, plus, battle.shared.metamagic), faces


def next_effect_number(battle) -> int:
    """The number of a lasting spell effect begun now: effects kept by different creatures
    are looked at in the order they began."""
    battle.shared.effects_begun += 1
    return battle.shared.effects_begun


def lasting(battle, rounds: int) -> int:
    """A duration in rounds after Extend Spell."""
    return rounds * metamagic.duration_factor(battle.shared.metamagic)


# Cure and inflict spells: dice, sides, the most the caster level adds (SRD).
CURE_DICE = {"cure_light_wounds": (1, 8, 5), "inflict_light_wounds": (1, 8, 5),
             "cure_moderate_wounds": (2, 8, 10), "inflict_moderate_wounds": (2, 8, 10)}

ENERGY = {"burning_hands": "fire", "fireball": "fire", "scorching_ray": "fire", "flaming_sphere": "fire",
          "ray_of_frost": "cold", "shocking_grasp": "electricity", "magic_missile": "force"}


def spell_damage(battle, cid: str, amount: int, who: str, faces=(), energy: str | None = None,
                 halved: str | None = None) -> list:
    """A spell's damage dealt to ``cid``: the event, then what damage does. ``amount`` is
    the damage rolled (metamagic applied); ``halved`` ("save"): half of it, rounded down, is
    dealt (data-digest §5: "Reflex half"), and the event says why rather than showing the
    halving as a negative bonus."""
    dealt = amount // 2 if halved else amount
    return [DamageDealt(attacker=who, target=cid, dice=faces, bonus=amount - sum(faces), amount=dealt, nonlethal=False,
                        multiplier=1, halved=halved)] + apply_damage(battle, cid, dealt, nonlethal=False, energy=energy)


def heal(battle, cid: str, amount: int) -> list:
    """Hit points back (and as much nonlethal damage gone), up to the maximum."""
    hp = battle.comp(cid, HitPoints)
    hp.current = min(hp.maximum, hp.current + amount)
    hp.nonlethal = max(0, hp.nonlethal - amount)
    hp.stable = False
    return [Healed(who=cid, amount=amount, hp=hp.current)] + sync_health(battle, cid)


def spell_touch_attack(battle, who, target, ranged: bool, bonus_extra: int = 0) -> tuple[bool, bool, list]:
    """A spell's touch attack, melee or ranged: (hit, critical, events)."""
    a = battle.fighter(who)
    s = AttackSituation(ranged=ranged, touch=True)
    bonus = attack_rules.attack_bonus(a, s)
    ac = attack_rules.armor_class(battle.fighter(target), s, a.conditions,
                                  flat_footed="flat_footed" in battle.fighter(target).conditions)
    note_attack(battle, who, target)
    d20 = battle.dice.roll(20, f"spell touch {who}")
    out = attack_rules.judge_attack(d20, bonus.value + bonus_extra, ac.value, 20)
    crit = False
    events = [AttackRolled(attacker=who, target=target, d20=d20, bonus=bonus.value + bonus_extra,
                           total=d20 + bonus.value + bonus_extra, ac=ac.value, hit=out.hit, threat=out.threat,
                           bonus_breakdown=tuple((m.value, m.kind, m.source) for m in bonus.applied),
                           ac_breakdown=tuple((m.value, m.kind, m.source) for m in ac.applied),
                           kind="ranged_touch" if ranged else "touch")]
    if out.threat:
        c20 = battle.dice.roll(20, f"spell confirm {who}")
        crit = attack_rules.confirms(c20, bonus.value + bonus_extra, ac.value)
    return out.hit, crit, events


def note_caught(battle, who: str, spell_id: str, caught, save: str | None = None, dc: int = 0,
                dice: tuple[int, int, int] = (0, 0, 0), half_on_save: bool = False) -> None:
    """A preview notes whom an area spell affects, each with the save it will roll (its
    bonus now, the DC) and the damage dice, before the spell's first die (``asking.Recorder``;
    the window names them while aiming); outside a preview, nothing."""
    if battle.recorder is None:
        return
    for cid in caught:
        bonus = save_total(battle, cid, save, against=against_spell(spell_id)).value if save else 0
        battle.recorder.area(CaughtPlan(spell_id, who, cid, save, bonus, dc, dice, tuple(battle.shared.metamagic),
                                        half_on_save))


def creatures_in(battle, squares: set[Square], exclude: str | None = None) -> list[str]:
    """The creatures still alive with a square among ``squares``."""
    return [b.id for b in battle.board().bodies if b.id != exclude and set(b.squares) & squares
            and status_of(battle, b.id) != "dead"]
