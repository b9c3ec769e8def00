"""Casting spells (French text "lancer un sort"; digest §4.5): components (V needs a voice,
deafness fails 20%; S a free hand, none while grappling), casting provokes unless cast
defensively (Concentration DC 15 + level), damage taken meanwhile calls for
Concentration (10 + damage + level), grappling 20 + level, entangled 15 + level; touch
spells touch at once or hold the charge (the touch does not provoke); spells of 1 round
take effect just before the caster's next turn, no threatened squares meanwhile;
directing a spell is a move action. The starter spells' effects follow data-digest §5."""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, replace

import esper

from ...content import data
from ...rules import attack as attack_rules, metamagic, spells as rules
from ...rules.attack import AttackSituation
from ...rules.geometry import Square, distance, space_squares
from ...rules.modifiers import ability_modifier
from ...rules.sight import has_line_of_effect_to_point, has_line_of_sight
from ..attacks import take_opportunities, threatening_enemies
from ..components import (Abilities, Conditions, Defense, Grapple, HitPoints, Inventory, Offense, Spellcasting,
                          Stats)
from ..damage import apply_damage, save_bonus, status_of, sync_health
from ..events import AttackRolled, DamageDealt, Event, SavingThrow
from ..turns import add_timed_condition
from .common import ABLE, Refused, refuse, spend, square_arg, target_arg, turn_state
from . import spell_sources as sources, spellwork, warding
from .other import held_item, used_up

METAL_ARMOR = {"chain_shirt", "scale_mail", "chainmail", "breastplate", "splint_mail", "banded_mail", "half_plate",
               "full_plate"}


@dataclass(frozen=True)
class SpellCast(Event):
    caster: str
    spell: str
    level: int
    outcome: str          # cast, lost, held, pending, completed


@dataclass(frozen=True)
class Healed(Event):
    who: str
    amount: int
    hp: int


def _sc(battle, cid) -> Spellcasting:
    return battle.comp(cid, Spellcasting)


def spell_level(battle, cid: str, spell: dict) -> int:
    levels = spell["level"]
    cls = _sc(battle, cid).caster_class
    return levels.get(cls, min(levels.values()))


def _ability_mod(battle, cid: str) -> int:
    ability = rules.ABILITY_OF_CLASS.get(_sc(battle, cid).caster_class, "int")
    return ability_modifier(battle.comp(cid, Abilities).scores[ability])


def _concentration(battle, cid: str, dc: int, why: str) -> tuple[bool, list]:
    values = battle.comp(cid, Stats).values
    bonus = values.get("concentration", ability_modifier(battle.comp(cid, Abilities).scores["con"]))
    d20 = battle.dice.roll(20, f"concentration {why} {cid}")
    ok = d20 + bonus >= dc
    return ok, [SavingThrow(who=cid, kind=f"concentration_{why}", d20=d20, bonus=bonus, dc=dc, success=ok)]


def _save(battle, cid: str, save: str, dc: int) -> tuple[bool, list]:
    bonus = save_bonus(battle, cid, save)
    d20 = battle.dice.roll(20, f"{save} save {cid}")
    ok = d20 != 1 and (d20 == 20 or d20 + bonus >= dc)
    return ok, [SavingThrow(who=cid, kind=save, d20=d20, bonus=bonus, dc=dc, success=ok)]


def _roll(battle, n: int, sides: int, why: str, plus: int = 0) -> tuple[int, tuple]:
    """A spell's variable numeric effect, ``n``d``sides`` + ``plus``, after the metamagic
    of the spell being resolved (Empower, Maximize)."""
    faces = tuple(battle.dice.roll_dice(n, sides, why))
    return metamagic.vary(sum(faces), n, sides, plus, battle.metamagic), faces


def _lasting(battle, rounds: int) -> int:
    """A duration in rounds after Extend Spell."""
    return rounds * metamagic.duration_factor(battle.metamagic)


# Cure and inflict spells: dice, sides, the most the caster level adds (SRD).
CURE_DICE = {"cure_light_wounds": (1, 8, 5), "inflict_light_wounds": (1, 8, 5),
             "cure_moderate_wounds": (2, 8, 10), "inflict_moderate_wounds": (2, 8, 10)}

ENERGY = {"burning_hands": "fire", "fireball": "fire", "scorching_ray": "fire", "flaming_sphere": "fire",
          "ray_of_frost": "cold", "shocking_grasp": "electricity", "magic_missile": "force"}


def _hit_points(battle, cid: str, amount: int, who: str, faces=(), energy: str | None = None) -> list:
    return [DamageDealt(attacker=who, target=cid, dice=faces, bonus=amount - sum(faces), amount=amount, nonlethal=False,
                        multiplier=1)] + apply_damage(battle, cid, amount, nonlethal=False, energy=energy)


def _heal(battle, cid: str, amount: int) -> list:
    hp = battle.comp(cid, HitPoints)
    hp.current = min(hp.maximum, hp.current + amount)
    hp.nonlethal = max(0, hp.nonlethal - amount)
    hp.stable = False
    return [Healed(who=cid, amount=amount, hp=hp.current)] + sync_health(battle, cid)


def _in_range(battle, who: str, spell: dict, target: str | None = None, point: Square | None = None) -> None:
    cl = _sc(battle, who).caster_level
    reach = rules.range_squares(spell["range"], cl)
    if spell["range"] in ("close", "medium", "long"):
        reach *= metamagic.range_factor(battle.metamagic)
    board = battle.board()
    me = board.body(who)
    if target is not None:
        foe = board.body(target)
        if reach is None:         # touch: adjacent (or sharing the space)
            if min(max(abs(a[0] - b[0]), abs(a[1] - b[1])) for a in me.squares for b in foe.squares) > me.natural_reach:
                raise refuse("OUT_OF_REACH", target=target)
            return
        if min(distance(a, b) for a in me.squares for b in foe.squares) > reach:
            raise refuse("SPELL_OUT_OF_RANGE", range_m=reach * 1.5)
        if target != who and not has_line_of_sight(board, me, foe):
            raise refuse("NO_LINE_OF_SIGHT", target=target)
    if point is not None and reach is not None:
        if min(distance(a, point) for a in me.squares) > reach:
            raise refuse("SPELL_OUT_OF_RANGE", range_m=reach * 1.5)
        if not has_line_of_effect_to_point(board.terrain, me.pos, me.span, (2 * point[0], 2 * point[1])):
            raise refuse("NO_LINE_OF_SIGHT", target=f"{point[0]},{point[1]}")


def do_cast(battle, who, args, declined) -> list:
    spell_id = args.get("spell")
    spell = data.spells().get(spell_id) if isinstance(spell_id, str) else None
    if spell is None:
        raise refuse("SPELL_NOT_READY", spell=str(spell_id))
    feats = sources.metamagic_of(battle, who, args)
    source = sources.source_of(battle, who, spell_id, spell, feats, args)
    with sources.applied(battle, feats):
        return _cast(battle, who, spell_id, spell, feats, source, args, declined)


def _cast(battle, who, spell_id, spell, feats, source, args, declined) -> list:
    sc = _sc(battle, who)
    level = spell_level(battle, who, spell)
    conds = battle.comp(who, Conditions).ids
    grappling = bool(battle.comp(who, Grapple).holding)
    components = metamagic.components(spell["components"], feats)
    if "V" in components and ({"silenced", "gagged"} & conds):
        raise refuse("SPELL_NEEDS_VOICE", spell=spell_id)
    if "S" in components and (grappling or "pinned" in conds):
        raise refuse("SPELL_NEEDS_GESTURES", spell=spell_id)
    if (grappling or "pinned" in conds) and needs_component_in_hand(battle, who, spell, components) \
            and sc.component_in_hand != spell_id:
        raise refuse("COMPONENT_NOT_IN_HAND", spell=spell_id)
    if "quicken_spell" in feats:
        return _cast_quickened(battle, who, spell_id, spell, components, source, args, declined)
    if spell["casting_time"] == "standard":
        kind = "full_round" if source.spontaneous else "standard"
    else:
        kind = "full_round"
    if grappling and kind != "standard":
        raise refuse("SPELL_TOO_LONG_IN_GRAPPLE", spell=spell_id)
    _check_aim(battle, who, spell, args)
    events = spend(battle, who, kind, "cast")
    source.pay()
    _use_component(battle, who, spell_id, spell)
    from .timing import readied_on_attack
    before = battle.comp(who, HitPoints).current
    ev, fell = readied_on_attack(battle, who, declined, trigger="casts")
    events += ev
    if fell:
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
    ev, lost = _provoked_or_defensive(battle, who, level, before, bool(args.get("defensively")), declined)
    events += ev
    if lost is None:             # fell to an attack of opportunity
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
    if not lost:
        ev, lost = _distractions(battle, who, components, level)
        events += ev
    if lost:
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
    if spell["casting_time"] == "full_round":
        sc.pending = {"spell": spell_id, "args": _plain(args), "round": battle.round, "metamagic": list(feats),
                      "extra": 1 if source.spontaneous else 0}
        conds.add("casting")          # no threatened squares while casting
        battle.changed()
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="pending")]
    return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="cast")] + \
        EFFECTS[spell["effect"]](battle, who, spell_id, spell, level, args, declined)


def _provoked_or_defensive(battle, who: str, level: int, before: int, defensively: bool, declined):
    """Casting provokes, or is done defensively (Concentration DC 15 + level); damage from a
    readied attack or an attack of opportunity calls for Concentration DC 10 + damage +
    level (French text, "lancer un sort"). Returns (events, lost), lost None if it fell."""
    events: list = []
    hurt = before - battle.comp(who, HitPoints).current
    if hurt > 0:       # a readied attack that hurts the caster disrupts the spell
        ok, ev = _concentration(battle, who, rules.concentration_dc("damage", level, hurt), "damage")
        return ev, not ok
    if defensively:
        ok, ev = _concentration(battle, who, rules.concentration_dc("defensive", level), "defensively")
        return ev, not ok
    before = battle.comp(who, HitPoints).current
    ev, fell = take_opportunities(battle, who, threatening_enemies(battle, who), declined)
    events += ev
    if fell:
        return events, None
    hurt = before - battle.comp(who, HitPoints).current
    if hurt > 0:
        ok, ev = _concentration(battle, who, rules.concentration_dc("damage", level, hurt), "damage")
        return events + ev, not ok
    return events, False


def needs_component_in_hand(battle, who: str, spell: dict, components) -> bool:
    """A material component or a focus must be in hand to cast while grappling or pinned
    (French text, garrote and grapple; SRD Grapple): M, F, and M/F for an arcane caster
    where the spell reads M/DF or F/DF; a divine focus worn does not count."""
    divine = _sc(battle, who).caster_class in ("cleric", "druid", "paladin", "ranger")
    for c in components:
        parts = c.split("/")
        if divine and "DF" in parts:
            continue
        if {"M", "F"} & set(parts):
            return True
    return False


def _use_component(battle, who: str, spell_id: str, spell: dict) -> None:
    """A material component in hand is used up by the casting; a focus stays in hand."""
    sc = _sc(battle, who)
    if sc.component_in_hand == spell_id and not any("F" in c.split("/") for c in spell["components"]):
        sc.component_in_hand = None


def _cast_quickened(battle, who, spell_id, spell, components, source, args, declined) -> list:
    """A quickened spell (Quicken Spell, prepared so): a free action that does not provoke,
    one a round (counted on the swift action); no spell of 1 round (SRD feat)."""
    if spell["casting_time"] != "standard":
        raise refuse("CANNOT_QUICKEN", spell=spell_id)
    _check_aim(battle, who, spell, args)
    events = spend(battle, who, "swift", "cast_quickened")
    source.pay()
    _use_component(battle, who, spell_id, spell)
    level = spell_level(battle, who, spell)
    ev, lost = _distractions(battle, who, components, level)
    events += ev
    if lost:
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
    return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="cast")] + \
        EFFECTS[spell["effect"]](battle, who, spell_id, spell, level, args, declined)


def _distractions(battle, who: str, components, level: int) -> tuple[list, bool]:
    """What can spoil a casting besides damage (digest §4.5; French text): Concentration
    while grappling (DC 20 + level) or entangled (15 + level), on a mount moving before and
    after the casting (10 + level) or running (15 + level); a deafened caster's verbal
    spell fails on 1-20 of d100. Returns (events, lost)."""
    from .mounted import rider_motion
    conds = battle.comp(who, Conditions).ids
    reasons = [r for r, on in (("grapple", bool(battle.comp(who, Grapple).holding)),
                               ("entangled", "entangled" in conds)) if on]
    motion = rider_motion(battle, who)
    if motion:
        reasons.append(motion)
    events: list = []
    for reason in reasons:
        ok, ev = _concentration(battle, who, rules.concentration_dc(reason, level), reason)
        events += ev
        if not ok:
            return events, True
    if "V" in components and "deafened" in conds:
        d100 = battle.dice.roll(100, f"deafened spell failure {who}")
        if d100 <= 20:
            return events, True
    failure = arcane_spell_failure(battle, who)
    if "S" in components and failure:
        d100 = battle.dice.roll(100, f"arcane spell failure {who}")
        if d100 <= failure:
            return events, True
    return events, False


ARCANE = ("wizard", "sorcerer", "bard")


def arcane_spell_failure(battle, who: str) -> int:
    """An arcane caster's chance, in percent, to lose a spell with a somatic component in
    armour: the armour's and the shield's add up; a bard ignores light armour's (data-digest
    §2; Still Spell removes the somatic component, and with it the chance)."""
    cls = _sc(battle, who).caster_class
    if cls not in ARCANE:
        return 0
    spec = battle.spec(who)
    armors = data.armor()
    total = 0
    if spec.armor and not (cls == "bard" and armors[spec.armor]["category"] == "light"):
        total += armors[spec.armor]["spell_failure"]
    if spec.shield:
        total += armors[spec.shield]["spell_failure"]
    return total


def _plain(args: dict) -> dict:
    return {k: v for k, v in args.items() if k in ("target", "targets", "point", "direction", "ally")}


def _check_aim(battle, who: str, spell: dict, args: dict) -> None:
    effect = spell["effect"]
    if effect in ("haste",) or (effect == "scorching_ray" and "targets" in args):
        targets = args.get("targets") or [who]
        if not isinstance(targets, list) or not all(battle.has(t) for t in targets):
            raise refuse("BAD_ARGUMENT", key="targets")
        for t in set(targets):
            _in_range(battle, who, spell, target=t)
        return
    if spell["shape"] == "touched":
        if "target" in args:
            target = target_arg(battle, args)
            board = battle.board()
            if target != who and board.body(target).is_enemy_of(board.body(who)):
                raise refuse("TOUCH_FRIENDS_ONLY", target=target)
            if target != who:
                _in_range(battle, who, spell, target=target)
        return
    if effect in ("magic_weapon", "shield_of_faith"):
        if "target" in args:
            _in_range(battle, who, spell, target=target_arg(battle, args))
        return
    if effect == "missiles":
        targets = args.get("targets")
        if not isinstance(targets, list) or not targets or not all(battle.has(t) for t in targets):
            raise refuse("BAD_ARGUMENT", key="targets")
        if len(targets) > rules.missiles(_sc(battle, who).caster_level):
            raise refuse("TOO_MANY_MISSILES", count=rules.missiles(_sc(battle, who).caster_level))
        for t in set(targets):
            _in_range(battle, who, spell, target=t)
    elif spell["shape"] in ("target", "ray", "effect") and effect not in ("flaming_sphere",):
        if spell["range"] == "touch" and "target" not in args:
            return                   # a touch spell may be held
        _in_range(battle, who, spell, target=target_arg(battle, args))
    elif spell["shape"] in ("burst", "spread", "square", "cone") or effect == "flaming_sphere":
        if effect == "bless":
            return
        point = square_arg(args.get("point"), "point")
        if spell["shape"] == "cone":
            me = battle.board().body(who)
            corners = {(x + i, y + j) for x, y in me.squares for i in (0, 1) for j in (0, 1)}
            if point not in corners:
                raise refuse("CONE_FROM_YOUR_CORNER")
            d = args.get("direction")
            if not (isinstance(d, list) and len(d) == 2 and d != [0, 0] and all(v in (-1, 0, 1) for v in d)):
                raise refuse("BAD_ARGUMENT", key="direction")
        else:
            _in_range(battle, who, spell, point=point)


# --- the spells' effects -------------------------------------------------------------

def _missiles(battle, who, spell_id, spell, level, args, declined) -> list:
    events = []
    for t in args["targets"]:
        amount, faces = _roll(battle, 1, 4, "magic missile", plus=1)
        events += _hit_points(battle, t, amount, who, faces)
    return events


def _touch_attack(battle, who, target, ranged: bool, bonus_extra: int = 0) -> tuple[bool, bool, list]:
    a = battle.fighter(who)
    s = AttackSituation(ranged=ranged, touch=True)
    bonus = attack_rules.attack_bonus(a, s)
    ac = attack_rules.armor_class(battle.fighter(target), s, a.conditions,
                                  flat_footed="flat_footed" in battle.fighter(target).conditions)
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


def _shocking_grasp(battle, who, spell_id, spell, level, args, declined) -> list:
    if "target" not in args:
        return _hold(battle, who, spell_id, level)
    return discharge(battle, who, spell_id, args["target"])


def _hold(battle, who: str, spell_id: str, level: int) -> list:
    sc = _sc(battle, who)
    sc.held_charge, sc.held_metamagic = spell_id, tuple(battle.metamagic)
    return [SpellCast(caster=who, spell=spell_id, level=level, outcome="held")]


def discharge(battle, who: str, spell_id: str, target: str, touched: bool = False) -> list:
    """A touch spell's touch: a melee touch attack that does not provoke; ``touched``: an
    unarmed attack already hit, and the charge goes off with it. A held charge keeps the
    metamagic it was cast with."""
    sc = _sc(battle, who)
    feats = battle.metamagic or sc.held_metamagic
    sc.held_charge, sc.held_metamagic = None, ()
    with sources.applied(battle, feats):
        return _discharge(battle, who, spell_id, target, touched)


def _discharge(battle, who: str, spell_id: str, target: str, touched: bool) -> list:
    spell = data.spells()[spell_id]
    cl = _sc(battle, who).caster_level
    if spell["effect"] == "hide_from_undead":      # a touch spell goes off on whatever it touches
        _sc(battle, who).held_charge, _sc(battle, who).held_touches = spell_id, max(1, _sc(battle, who).held_touches)
        return warding.touch_friends(battle, who, [target])
    if spell["effect"] == "cure" and not battle.comp(target, Stats).values.get("undead"):
        amount, faces = _roll(battle, *CURE_DICE[spell_id][:2], "cure", plus=min(cl, CURE_DICE[spell_id][2]))
        return _heal(battle, target, amount)
    if spell["effect"] == "inflict" and battle.comp(target, Stats).values.get("undead"):
        amount, faces = _roll(battle, *CURE_DICE[spell_id][:2], "inflict", plus=min(cl, CURE_DICE[spell_id][2]))
        return _heal(battle, target, amount)
    spec = next((c for c in battle.scenario.creatures if c.id == target), None)
    metal = 3 if spell_id == "shocking_grasp" and spec is not None and spec.armor in METAL_ARMOR else 0
    if touched:
        hit, crit, events = True, False, []
    else:
        hit, crit, events = _touch_attack(battle, who, target, ranged=False, bonus_extra=metal)
    if not hit:
        return events
    times = 2 if crit else 1
    if spell["effect"] == "damage_per_level":
        total = 0
        faces: tuple = ()
        for _ in range(times):
            amount, f = _roll(battle, min(cl, 5), 6, "shocking grasp")
            total += amount
            faces += f
        return events + _hit_points(battle, target, total, who, faces)
    # cure against undead, inflict against the living: 1d8 + level (max +5), Will half
    amount, faces = _roll(battle, *CURE_DICE[spell_id][:2], spell_id, plus=min(cl, CURE_DICE[spell_id][2]))
    amount *= times
    ok, ev = _save(battle, target, "will", rules.save_dc(spell_level(battle, who, spell), _ability_mod(battle, who)))
    events += ev
    if ok:
        amount //= 2
    return events + _hit_points(battle, target, max(1, amount), who, faces)


def _touch_or_hold(battle, who, spell_id, spell, level, args, declined) -> list:
    if "target" not in args:
        return _hold(battle, who, spell_id, level)
    target = args["target"]
    board = battle.board()
    if spell["effect"] == "cure" and not board.body(target).is_enemy_of(board.body(who)) \
            and not battle.comp(target, Stats).values.get("undead"):
        return discharge(battle, who, spell_id, target)
    return discharge(battle, who, spell_id, target)


def _ray(battle, who, spell_id, spell, level, args, declined) -> list:
    target = args["target"]
    hit, crit, events = _touch_attack(battle, who, target, ranged=True)
    if not hit:
        return events
    amount, faces = _roll(battle, 1, 3, "ray of frost")
    if crit:
        more, f2 = _roll(battle, 1, 3, "ray of frost")
        amount, faces = amount + more, faces + f2
    return events + _hit_points(battle, target, amount, who, faces)


def _creatures_in(battle, squares: set[Square], exclude: str | None = None) -> list[str]:
    return [b.id for b in battle.board().bodies if b.id != exclude and set(b.squares) & squares
            and status_of(battle, b.id) != "dead"]


def _burning_hands(battle, who, spell_id, spell, level, args, declined) -> list:
    cl = _sc(battle, who).caster_level
    area = rules.cone_squares(tuple(args["point"]), tuple(args["direction"]), spell["radius_ft"] // 5)
    amount, faces = _roll(battle, min(cl, 5), 4, "burning hands")
    dc = rules.save_dc(level, _ability_mod(battle, who))
    events: list = []
    for cid in _creatures_in(battle, area, exclude=who):
        ok, ev = _save(battle, cid, "ref", dc)
        events += ev + _hit_points(battle, cid, amount // 2 if ok else amount, who, faces, "fire")
    return events


def _sleep(battle, who, spell_id, spell, level, args, declined) -> list:
    point = tuple(args["point"])
    area = rules.burst_squares(point, spell["radius_ft"] // 5)
    cands = []
    for cid in _creatures_in(battle, area):
        values = battle.comp(cid, Stats).values
        conds = battle.comp(cid, Conditions).ids
        if values.get("undead") or values.get("construct") or {"unconscious", "asleep"} & conds:
            continue
        d = min(distance(sq, point) for sq in battle.board().body(cid).squares)
        cands.append((cid, max(1, values.get("hd", 1)), d))
    dc = rules.save_dc(level, _ability_mod(battle, who))
    cl = _sc(battle, who).caster_level
    events: list = []
    for cid in rules.sleep_targets(cands):
        ok, ev = _save(battle, cid, "will", dc)
        events += ev
        if not ok:
            add_timed_condition(battle, cid, "asleep", _lasting(battle, 10 * cl))
            battle.comp(cid, Conditions).ids.add("prone")
    battle.changed()
    return events


def _grease(battle, who, spell_id, spell, level, args, declined) -> list:
    cl = _sc(battle, who).caster_level
    area = rules.square_area(tuple(args["point"]), spell["radius_ft"] // 5)
    battle.overlays[f"grease:{who}"] = {"squares": sorted(area), "until": battle.round + _lasting(battle, cl), "kind": "grease",
                                        "caster": who, "dc": rules.save_dc(level, _ability_mod(battle, who))}
    battle.changed()
    return grease_saves(battle, f"grease:{who}")


def grease_saves(battle, key: str) -> list:
    """Everyone in the grease saves (Reflex) or falls prone: when cast and at each of the
    caster's turns."""
    overlay = battle.overlays[key]
    events: list = []
    for cid in _creatures_in(battle, set(map(tuple, overlay["squares"]))):
        if "prone" in battle.comp(cid, Conditions).ids:
            continue
        ok, ev = _save(battle, cid, "ref", overlay["dc"])
        events += ev
        if not ok:
            battle.comp(cid, Conditions).ids.add("prone")
            battle.changed()
    return events


def _web(battle, who, spell_id, spell, level, args, declined) -> list:
    area = rules.burst_squares(tuple(args["point"]), spell["radius_ft"] // 5)
    dc = rules.save_dc(level, _ability_mod(battle, who))
    battle.overlays[f"web:{who}"] = {"squares": sorted(area), "until": 10 ** 6, "kind": "web", "caster": who, "dc": dc}
    events: list = []
    for cid in _creatures_in(battle, area):
        ok, ev = _save(battle, cid, "ref", dc)
        events += ev
        conds = battle.comp(cid, Conditions).ids
        conds.add("entangled")
        if not ok:
            conds.add("glued")
    battle.changed()
    return events


def _bless(battle, who, spell_id, spell, level, args, declined) -> list:
    cl = _sc(battle, who).caster_level
    board = battle.board()
    me = board.body(who)
    radius = spell["radius_ft"] // 5
    for b in [me] + board.allies_of(me):
        if min(distance(a, c) for a in me.squares for c in b.squares) <= radius:
            add_timed_condition(battle, b.id, "blessed", _lasting(battle, 10 * cl))
    return []


def _hold_person(battle, who, spell_id, spell, level, args, declined) -> list:
    target = args["target"]
    if battle.comp(target, Stats).values.get("non_humanoid"):
        raise refuse("NOT_HUMANOID", target=target)
    dc = rules.save_dc(level, _ability_mod(battle, who))
    ok, events = _save(battle, target, "will", dc)
    if not ok:
        add_timed_condition(battle, target, "paralyzed", _lasting(battle, _sc(battle, who).caster_level))
        battle.spell_effects[f"hold:{target}"] = {"kind": "hold", "target": target, "dc": dc}
        battle.changed()
    return events


def _spiritual_weapon(battle, who, spell_id, spell, level, args, declined) -> list:
    cl = _sc(battle, who).caster_level
    battle.spell_effects[f"spiritual:{who}"] = {"kind": "spiritual", "caster": who, "target": args["target"],
                                                "until": battle.round + _lasting(battle, cl),
                                                "metamagic": list(battle.metamagic)}
    return spiritual_attack(battle, who)


def spiritual_attack(battle, who: str) -> list:
    """The force weapon strikes its foe: the caster's BAB + Wis, 1d8 + 1 per 3 levels."""
    effect = battle.spell_effects.get(f"spiritual:{who}")
    if effect is None or status_of(battle, effect["target"]) == "dead":
        return []
    target = effect["target"]
    cl = _sc(battle, who).caster_level
    bonus = battle.comp(who, Offense).bab + ability_modifier(battle.comp(who, Abilities).scores["wis"])
    ac = attack_rules.armor_class(battle.fighter(target), AttackSituation()).value
    d20 = battle.dice.roll(20, f"spiritual weapon {who}")
    out = attack_rules.judge_attack(d20, bonus, ac, 20)
    events: list = [AttackRolled(attacker=f"spiritual_weapon:{who}", target=target, d20=d20, bonus=bonus,
                                 total=d20 + bonus, ac=ac, hit=out.hit, threat=out.threat,
                                 bonus_breakdown=((bonus, "untyped", "bab_and_wis"),), ac_breakdown=(), kind="melee")]
    if out.hit:
        with sources.applied(battle, tuple(effect.get("metamagic", ()))):
            amount, faces = _roll(battle, 1, 8, "spiritual weapon", plus=min(cl // 3, 5))
        events += _hit_points(battle, target, amount, who, faces)
    return events


def _flaming_sphere(battle, who, spell_id, spell, level, args, declined) -> list:
    cl = _sc(battle, who).caster_level
    at = tuple(args["point"])
    battle.spell_effects[f"sphere:{who}"] = {"kind": "sphere", "caster": who, "at": list(at),
                                             "until": battle.round + _lasting(battle, cl),
                                             "dc": rules.save_dc(level, _ability_mod(battle, who)),
                                             "metamagic": list(battle.metamagic)}
    return _sphere_burns(battle, who, at)


def _sphere_burns(battle, who: str, at: Square) -> list:
    effect = battle.spell_effects[f"sphere:{who}"]
    events: list = []
    for cid in _creatures_in(battle, {at}):
        ok, ev = _save(battle, cid, "ref", effect["dc"])
        events += ev
        if not ok:
            with sources.applied(battle, tuple(effect.get("metamagic", ()))):
                amount, faces = _roll(battle, 2, 6, "flaming sphere")
            events += _hit_points(battle, cid, amount, who, faces, "fire")
    return events


def do_direct_spell(battle, who, args, declined) -> list:
    """Move action: point a spiritual weapon at another foe, or roll a flaming sphere up to
    9 m; it stops in the first creature's square it enters and burns it."""
    events = spend(battle, who, "move", "direct_spell")
    if f"spiritual:{who}" in battle.spell_effects and "target" in args:
        battle.spell_effects[f"spiritual:{who}"]["target"] = target_arg(battle, args)
        return events
    sphere = battle.spell_effects.get(f"sphere:{who}")
    if sphere is None or "squares" not in args:
        raise refuse("NOTHING_TO_DIRECT")
    path = [square_arg(s, "squares") for s in args["squares"]]
    if len(path) > 6:
        raise refuse("TOO_FAR", square=list(path[-1]), limit=6)
    for sq in path:
        if not battle.board().terrain.is_enterable(sq):
            raise refuse("BLOCKED_SQUARE", square=list(sq))
        sphere["at"] = list(sq)
        if _creatures_in(battle, {sq}):
            return events + _sphere_burns(battle, who, sq)
    return events


def do_touch(battle, who, args, declined) -> list:
    """Deliver a held touch spell: a free action on the turn it is cast, a standard action
    after (the touch never provokes)."""
    held = _sc(battle, who).held_charge
    if held is None:
        raise refuse("NO_CHARGE_HELD")
    if _sc(battle, who).held_touches > 0:
        return warding.do_touch_several(battle, who, args)
    target = target_arg(battle, args)
    _in_range(battle, who, data.spells()[held], target=target)
    return spend(battle, who, "standard", "touch") + discharge(battle, who, held, target)


def _color_spray(battle, who, spell_id, spell, level, args, declined) -> list:
    area = rules.cone_squares(tuple(args["point"]), tuple(args["direction"]), spell["radius_ft"] // 5)
    dc = rules.save_dc(level, _ability_mod(battle, who))
    events: list = []
    for cid in _creatures_in(battle, area, exclude=who):
        if "blinded" in battle.comp(cid, Conditions).ids:
            continue                         # sightless creatures are not affected
        ok, ev = _save(battle, cid, "will", dc)
        events += ev
        if ok:
            continue
        hd = max(1, battle.comp(cid, Stats).values.get("hd", 1))
        if hd <= 2 and not battle.comp(cid, Stats).values.get("undead"):
            rounds, _f = _roll(battle, 2, 4, "color spray")
            add_timed_condition(battle, cid, "unconscious", rounds)
            add_timed_condition(battle, cid, "helpless", rounds)
        elif hd <= 4:
            rounds, _f = _roll(battle, 1, 4, "color spray")
            add_timed_condition(battle, cid, "blinded", rounds)
            add_timed_condition(battle, cid, "stunned", rounds)
        else:
            add_timed_condition(battle, cid, "stunned", 1)
    return events


def _on_touched(condition: str):
    def effect(battle, who, spell_id, spell, level, args, declined) -> list:
        target = args.get("target", who)
        add_timed_condition(battle, target, condition, _lasting(battle, 10 * _sc(battle, who).caster_level))
        return []
    return effect


def _scorching_ray(battle, who, spell_id, spell, level, args, declined) -> list:
    cl = _sc(battle, who).caster_level
    rays = min(3, 1 + max(0, cl - 3) // 4)
    targets = args.get("targets") or [args["target"]] * rays
    events: list = []
    for target in targets[:rays]:
        hit, crit, ev = _touch_attack(battle, who, target, ranged=True)
        events += ev
        if hit:
            amount, faces = _roll(battle, 8 if crit else 4, 6, "scorching ray")
            events += _hit_points(battle, target, amount, who, faces, "fire")
    return events


def _fireball(battle, who, spell_id, spell, level, args, declined) -> list:
    cl = _sc(battle, who).caster_level
    area = rules.burst_squares(tuple(args["point"]), spell["radius_ft"] // 5)
    amount, faces = _roll(battle, min(cl, 10), 6, "fireball")
    dc = rules.save_dc(level, _ability_mod(battle, who))
    events: list = []
    for cid in _creatures_in(battle, area):
        ok, ev = _save(battle, cid, "ref", dc)
        events += ev + _hit_points(battle, cid, amount // 2 if ok else amount, who, faces, "fire")
    return events


def _haste(battle, who, spell_id, spell, level, args, declined) -> list:
    cl = _sc(battle, who).caster_level
    for cid in list(dict.fromkeys(args.get("targets", [who])))[:cl]:
        add_timed_condition(battle, cid, "hasted", _lasting(battle, cl))
    return []


EFFECTS = {"color_spray": _color_spray, "magic_weapon": _on_touched("magic_weapon"),
           "shield_of_faith": _on_touched("shield_of_faith"), "scorching_ray": _scorching_ray,
           "fireball": _fireball, "haste": _haste,
           "missiles": _missiles, "damage_per_level": _shocking_grasp, "damage": _ray,
           "area_damage_per_level": _burning_hands, "sleep": _sleep, "grease": _grease, "cure": _touch_or_hold,
           "inflict": _touch_or_hold, "bless": _bless, "spiritual_weapon": _spiritual_weapon,
           "flaming_sphere": _flaming_sphere, "hold_person": _hold_person, "web": _web,
           "calm_emotions": spellwork.calm_emotions, "hide_from_undead": warding.hide_from_undead}


def at_turn_start(battle, cid: str) -> list:
    """What spells do when a caster's (or a held creature's) turn begins."""
    events: list = spellwork.at_turn_start(battle, cid) + warding.expire(battle, cid)
    sc = _sc(battle, cid)
    if sc.pending:
        pending, sc.pending = sc.pending, None
        battle.comp(cid, Conditions).ids.discard("casting")
        spell = data.spells()[pending["spell"]]
        level = spell_level(battle, cid, spell)
        finished = True
        if pending.get("extra"):
            # Metamagic chosen on the spot adds a full-round action to a spell of 1 round
            # (French text): this turn's actions finish the casting, or it is lost.
            try:
                events += spend(battle, cid, "full_round", "cast")
            except Refused:
                finished = False
        events.append(SpellCast(caster=cid, spell=pending["spell"], level=level,
                                outcome="completed" if finished else "lost"))
        if finished:
            with sources.applied(battle, tuple(pending.get("metamagic", ()))):
                events += EFFECTS[spell["effect"]](battle, cid, pending["spell"], spell, level, pending["args"], set())
    for key, overlay in list(battle.overlays.items()):
        if overlay["caster"] == cid:
            if overlay["until"] < battle.round:
                del battle.overlays[key]
                battle.changed()
            elif overlay["kind"] == "grease":
                events += grease_saves(battle, key)
    for key, effect in list(battle.spell_effects.items()):
        if effect.get("caster") == cid and effect.get("until", 10 ** 6) < battle.round:
            del battle.spell_effects[key]
        elif effect["kind"] == "spiritual" and effect["caster"] == cid:
            events += spiritual_attack(battle, cid)
    return events


def hold_person_struggle(battle, cid: str) -> list:
    """A held creature spends its turn on a new Will save (a full-round action)."""
    effect = battle.spell_effects.get(f"hold:{cid}")
    if effect is None or "paralyzed" not in battle.comp(cid, Conditions).ids:
        battle.spell_effects.pop(f"hold:{cid}", None)
        return []
    ok, events = _save(battle, cid, "will", effect["dc"])
    if ok:
        battle.comp(cid, Conditions).ids.discard("paralyzed")
        from ..components import Effects
        eff = battle.comp(cid, Effects)
        eff.timed = [e for e in eff.timed if e.condition != "paralyzed"]
        del battle.spell_effects[f"hold:{cid}"]
        battle.changed()
    return events


__all__ = ["do_cast", "do_direct_spell", "do_touch", "at_turn_start", "hold_person_struggle", "Defense",
           "space_squares", "replace", "turn_state", "ABLE"]


def do_use_item(battle, who, args, declined) -> list:
    """Potions (a standard action that provokes; the drinker is the target), scrolls (a
    standard action that provokes, may be read defensively), wands (a standard action, no
    attack of opportunity, no Concentration) — French text, "objets magiques"."""
    item_id = args.get("item")
    item = data.magic_items().get(item_id) if isinstance(item_id, str) else None
    inv = battle.comp(who, Inventory)
    if item is None or item_id not in inv.items:
        raise refuse("NOT_CARRIED", weapon=item_id)
    held_item(battle, who, item_id)
    spell_id = item["spell"]
    spell = data.spells()[spell_id]
    sc = _sc(battle, who)
    # The item casts at its own caster level with the minimum ability for its level.
    item_caster = replace(sc, caster_level=item["caster_level"])
    level = min(spell["level"].values())
    kind = item["kind"]
    run_args = dict(args)
    if kind == "potion":
        run_args["target"] = who
    elif "target" not in run_args and spell["range"] == "touch":
        run_args["target"] = who
    _check_aim_with(battle, who, spell, run_args, item_caster)
    events = spend(battle, who, "standard", f"use_{kind}")
    if kind != "wand" or charges_left(battle, who, item_id) <= 1:
        inv.items.remove(item_id)
        used_up(battle, who, item_id)
    else:
        battle.wand_charges[f"{who}:{item_id}"] = charges_left(battle, who, item_id) - 1
    if kind in ("potion", "scroll"):
        if kind == "scroll" and args.get("defensively"):
            ok, ev = _concentration(battle, who, rules.concentration_dc("defensive", level), "defensively")
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
                ok, ev = _concentration(battle, who, rules.concentration_dc("damage", level, hurt), "damage")
                events += ev
                if not ok:
                    return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
    with _acting_as(battle, who, item_caster):
        events.append(SpellCast(caster=who, spell=spell_id, level=level, outcome="cast"))
        if kind == "potion" and spell["effect"] in ("cure",):
            amount, _faces = _roll(battle, 1, 8, "potion")
            events += _heal(battle, who, amount + min(item["caster_level"], 5))
        else:
            events += EFFECTS[spell["effect"]](battle, who, spell_id, spell, level, run_args, declined)
    return events


@contextmanager
def _acting_as(battle, who: str, caster: Spellcasting):
    """Resolve a spell with another caster level and ability (an item, a spell-like
    ability); a charge held or a spell kept up stays with the creature afterwards."""
    saved = _sc(battle, who)
    with battle.active():
        esper.add_component(battle.entities[who], caster)
    try:
        yield
    finally:
        saved.held_charge = caster.held_charge or saved.held_charge
        saved.maintained = caster.maintained or saved.maintained
        with battle.active():
            esper.add_component(battle.entities[who], saved)


def cast_effect_as(battle, who, caster, spell_id, spell, level, pay, args, declined, action: str) -> list:
    """A spell-like ability's use: a standard action like casting (it provokes or is used
    defensively; damage and grappling call for Concentration), no components; the use is
    spent even when disrupted (French text "pouvoirs magiques")."""
    with _acting_as(battle, who, caster):
        _check_aim(battle, who, spell, args)
    events = spend(battle, who, "standard", action)
    pay()
    before = battle.comp(who, HitPoints).current
    ev, lost = _provoked_or_defensive(battle, who, level, before, bool(args.get("defensively")), declined)
    events += ev
    if lost is None or lost:
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
    ev, lost = _distractions(battle, who, (), level)
    events += ev
    if lost:
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
    with _acting_as(battle, who, caster):
        events.append(SpellCast(caster=who, spell=spell_id, level=level, outcome="cast"))
        events += EFFECTS[spell["effect"]](battle, who, spell_id, spell, level, args, declined)
    return events


def charges_left(battle, who: str, item_id: str) -> int:
    return battle.wand_charges.get(f"{who}:{item_id}", data.magic_items()[item_id]["charges"])


def _check_aim_with(battle, who, spell, args, caster) -> None:
    with _acting_as(battle, who, caster):
        _check_aim(battle, who, spell, args)
