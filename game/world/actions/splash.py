"""Throwing splash weapons and other alchemical items (French text "armes à impact";
digest §6; decisions §4): a ranged touch attack (a thunderstone: a ranged attack), a
standard action that provokes; 3 m increments (thunderstone 6 m), five at most; at a
creature or at a grid intersection (AC 5); a hit splashes the others within 1.5 m, a
miss scatters by a d8 (``game.rules.splash``). Acid, alchemist's fire (burns again on
the target's next turn unless put out: a full-round action, Reflex DC 15), holy water
(only undead and evil outsiders), tanglefoot bag (entangled, Reflex DC 15 or glued),
thunderstone (Fort DC 15 or deafened, 3 m around)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from ... import data
from ...rules import attack as attack_rules, splash as splash_rules
from ...rules.attack import AttackSituation
from ...rules.geometry import distance, space_squares
from ...rules.modifiers import Modifier, ability_modifier
from ...rules.odds import AttackPlan
from ...rules.sight import cover
from ..attacks import engaged_with_ally, take_opportunities, threatening_enemies, total_cover_refusal
from ..components import Abilities, Conditions, Effects, Inventory, Stats, Webs
from ..damage import apply_damage, status_of
from ..durations import add_timed_condition
from ..events import AttackRolled, ConditionEnded, ConditionStarted, DamageDealt, Event, SavingThrow
from ..processors import SplashIntent
from ..racial import attack_bonus as racial_attack
from ..saving import roll_save
from .common import ABLE, Refused, refuse, spend, square_arg, target_arg
from .other import held_item, used_up
from .web_fire import burn_webs
from .webs import escape_web

BURN_DC = 15


@dataclass(frozen=True)
class SplashLanded(Event):
    thrower: str
    item: str
    direct: str | None
    splashed: tuple
    lands: tuple | None
    range_increments: int


def hurts(battle, cid: str, item: dict) -> bool:
    """Whether a flask's contents hurt the creature: holy water only the undead and evil
    outsiders (its ``only_vs``), the others anyone."""
    kinds = item.get("only_vs", [])
    if not kinds:
        return True
    values = battle.comp(cid, Stats).values
    return ("undead" in kinds and values.get("undead")) or \
        ("evil_outsider" in kinds and values.get("outsider") and values.get("evil"))


def _roll_damage(battle, dice: str, purpose: str) -> tuple[int, tuple]:
    n, sides = attack_rules.parse_dice(dice)
    faces = tuple(battle.dice.roll_dice(n, sides, purpose)) if sides > 1 else ((n,) if n else ())
    return sum(faces), faces


def do_throw_splash(battle, who, args, declined) -> list:
    item_id = args.get("item")
    table = data.substances()
    item = table.get(item_id) if isinstance(item_id, str) else None
    if item is None or item.get("attack") == "none" or not item.get("range_ft"):
        raise refuse("NOT_THROWABLE", item=item_id)
    inv = battle.comp(who, Inventory)
    if item_id not in inv.items:
        raise refuse("NOT_CARRIED", weapon=item_id)
    held_item(battle, who, item_id)
    target = target_arg(battle, args) if "target" in args else None
    point = square_arg(args.get("intersection"), "intersection") if "intersection" in args else None
    if (target is None) == (point is None):
        raise refuse("SPLASH_NEEDS_ONE_AIM")
    board = battle.board()
    me = board.body(who)
    increment = item["range_ft"] // 5
    # Check the aim before spending anything: range, line of sight, intersections.
    check = splash_rules.splash(board, me, target=board.body(target) if target else None, intersection=point,
                                hit=True, increment=increment)
    if not check.legal:
        raise refuse(check.reason.code, **check.reason.params)
    # Cover counts against a flask as against any ranged attack at a creature (digest §7.2:
    # a Web spell's strands, a wall's corner, a creature in the way); an intersection has none.
    covered = cover(board, me, board.body(target), "ranged") if target else "none"
    if covered == "total":
        raise Refused(total_cover_refusal(board, me, board.body(target)))
    events = spend(battle, who, "standard", "throw_splash")
    inv.items.remove(item_id)
    used_up(battle, who, item_id)
    ev, fell = take_opportunities(battle, who, threatening_enemies(battle, who), declined)
    events += ev
    if fell:
        return events
    # The attack: a ranged touch attack at a creature, or AC 5 at an intersection.
    a = battle.fighter(who)
    # At a creature in melee with the thrower's ally, -4 as any thrown weapon (French text,
    # "Tir ou lancer dans une mêlée": "Quand on utilise une arme de jet ou à projectiles sur
    # un adversaire en train de combattre au corps à corps avec un compagnon, on subit un
    # malus de -4"); an intersection is no adversary.
    # thrown as itself: not the weapon in hand (its Weapon Focus, a Magic Weapon on it)
    flask = replace(a.weapon, use="ranged", id=item_id, thrown=True)
    racial = racial_attack(battle, who, target, flask, True)    # a halfling's +1 with what it throws
    s = AttackSituation(ranged=True, touch=item["attack"] == "ranged_touch",
                        range_increments=check.range_increments,
                        into_melee=target is not None and engaged_with_ally(battle, who, target),
                        cover=covered if covered in ("soft", "cover", "improved") else "none",
                        racial=racial[0], racial_source=racial[1])
    bonus = attack_rules.attack_bonus(replace(a, weapon=flask, conditions=a.conditions - {"magic_weapon"}), s)
    if target:
        ac = attack_rules.armor_class(battle.fighter(target), s, a.conditions,
                                      flat_footed="flat_footed" in battle.fighter(target).conditions)
        ac_value, ac_parts = ac.value, tuple((m.value, m.kind, m.source) for m in ac.applied)
    else:
        ac_value, ac_parts = 5, ()
    if battle.recorder is not None:     # a preview plans the throw (``odds``: its chance to hit; no critical)
        battle.recorder.attack(AttackPlan(who, target or f"{point[0]},{point[1]}", item_id, "ranged", bonus.value,
                                          ac_value, bonus.applied, ac.applied if target else (), touch=s.touch,
                                          threat_from=21, deals_damage=False))
    d20 = battle.dice.roll(20, f"throw {item_id} {who}")
    hit = attack_rules.judge_attack(d20, bonus.value, ac_value, 21).hit
    events.append(AttackRolled(attacker=who, target=target or f"{point[0]},{point[1]}", d20=d20, bonus=bonus.value,
                               total=d20 + bonus.value, ac=ac_value, hit=hit, threat=False,
                               bonus_breakdown=tuple((m.value, m.kind, m.source) for m in bonus.applied),
                               ac_breakdown=ac_parts, kind="ranged_touch" if s.touch else "ranged"))
    d8 = None if hit else battle.dice.roll(8, f"scatter {item_id}")
    result = battle.run(who, SplashIntent(target, point, hit, d8, increment))
    lands = result.lands_square or result.lands_intersection
    events.append(SplashLanded(thrower=who, item=item_id, direct=result.direct, splashed=tuple(result.splashed),
                               lands=lands, range_increments=result.range_increments))
    events += _effects(battle, who, item_id, item, result, lands, point, target)
    return events


def _reached(battle, result, point) -> frozenset:
    """The squares the flask's contents reach: around the creature it hit, around the
    square it scattered to, or the four around the intersection it hit or scattered to."""
    if result.direct is not None:
        body = battle.board().body(result.direct)
        return splash_rules.splashed_squares(body.pos, body.span)
    if result.lands_square is not None:
        return splash_rules.splashed_squares(result.lands_square)
    return splash_rules.splashed_squares(intersection=result.lands_intersection or point)


def _effects(battle, who, item_id, item, result, lands, point, target) -> list:
    events: list = []
    # burning oil sets a Web spell's strands alight where it lands (``web_fire``), after its own damage
    reached = _reached(battle, result, point) if item.get("energy") == "fire" else frozenset()
    if item.get("splash"):
        if result.direct and hurts(battle, result.direct, item) and item.get("damage"):
            amount, faces = _roll_damage(battle, item["damage"], f"{item_id} direct")
            events.append(DamageDealt(attacker=who, target=result.direct, dice=faces, bonus=0, amount=amount,
                                      nonlethal=False, multiplier=1))
            events += apply_damage(battle, result.direct, amount, nonlethal=False, energy=item.get("energy") or None)
            if item_id == "alchemists_fire" and status_of(battle, result.direct) != "dead":
                battle.comp(result.direct, Conditions).ids.add("burning")   # burns at the end of its next turn
                battle.changed()
                events.append(ConditionStarted(who=result.direct, condition="burning"))
        for cid in result.splashed:
            if hurts(battle, cid, item) and item.get("splash_damage"):
                amount = item["splash_damage"]
                events.append(DamageDealt(attacker=who, target=cid, dice=(), bonus=0, amount=amount, nonlethal=False,
                                          multiplier=1))
                events += apply_damage(battle, cid, amount, nonlethal=False, energy=item.get("energy") or None)
    if item.get("condition") == "entangled" and result.direct:
        cid = result.direct
        if battle.board().body(cid).size.order < 6:          # Huge and larger are unaffected
            rounds, _f = _roll_damage(battle, "2d4", "tanglefoot duration")
            add_timed_condition(battle, cid, "entangled", rounds)
            ok, ev = roll_save(battle, cid, "ref", item["save_dc"])
            events += ev
            if not ok:
                add_timed_condition(battle, cid, "glued", rounds)
    if item.get("condition") == "deafened":
        centre = lands if lands is not None else (battle.board().body(target).pos if target else point)
        radius = item["radius_ft"] // 5
        for cid in battle.sorted_ids:
            body = battle.board().body(cid)
            if min(distance(sq, centre) for sq in body.squares) <= radius:
                ok, ev = roll_save(battle, cid, "fort", item["save_dc"])
                events += ev
                if not ok:
                    add_timed_condition(battle, cid, "deafened", 600)   # one hour
    return events + burn_webs(battle, reached, who)


def do_extinguish(battle, who, args, declined) -> list:
    """Full-round: put out alchemist's fire, Reflex DC 15 (+2 rolling on the ground)."""
    conds = battle.comp(who, Conditions).ids
    if "burning" not in conds:
        raise refuse("NOT_BURNING")
    events = spend(battle, who, "full_round", "extinguish")
    rolling = [Modifier(2, "circumstance", "rolling_on_the_ground")] if "prone" in conds else []
    ok, saved = roll_save(battle, who, "ref", BURN_DC, purpose=f"extinguish {who}", extra=rolling)
    events += saved
    if ok:
        conds.discard("burning")
        battle.changed()
        events.append(ConditionEnded(who=who, condition="burning"))
    return events


def do_break_free(battle, who, args, declined) -> list:
    """Full-round: tear free of a tanglefoot bag's goo, Strength DC 17; out of a spider's
    web, a standard action (``webs.escape_web``)."""
    if battle.read(who, Webs).caught:
        return escape_web(battle, who, args)
    conds = battle.comp(who, Conditions).ids
    if "glued" not in conds and "entangled" not in conds:
        raise refuse("NOT_STUCK")
    events = spend(battle, who, "full_round", "break_free")
    bonus = ability_modifier(battle.comp(who, Abilities).scores["str"])
    d20 = battle.dice.roll(20, f"break free {who}")
    ok = d20 + bonus >= 17
    events.append(SavingThrow(who=who, kind="str_check", d20=d20, bonus=bonus, dc=17, success=ok))
    if ok:
        conds.discard("glued")
        conds.discard("entangled")
        effects = battle.comp(who, Effects)
        effects.timed = [e for e in effects.timed if e.condition not in ("glued", "entangled")]
        battle.changed()
    return events


__all__ = ["do_throw_splash", "do_extinguish", "do_break_free", "ABLE", "space_squares"]
