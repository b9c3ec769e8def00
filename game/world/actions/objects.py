"""Worn and carried objects as targets (French text "désarmement", last paragraphs, and
"destruction d'arme", "objet porté ou tenu"; data-digest §3): ``disarm`` with a worn
``item`` snatches it, ``sunder`` with a carried or worn ``item`` strikes it."""
from __future__ import annotations

from ... import data
from ...rules import attack as attack_rules, maneuvers as rules
from ...rules.attack import DEX_ZERO, AttackSituation
from ...rules.modifiers import Modifier, total
from ...rules.objects import damage_object, object_ac, snatch_modifiers
from ...rules.sight import cover
from ...rules.sizes import Size
from ..attacks import (check_attack, engaged_with_ally, is_ranged_attack, provoking_attack, range_increments,
                       take_opportunities)
from ..components import Armor, Charges, Feats, Grapple, Hands, Inventory, Loaded, Spellcasting, Wielded, Worn
from ..events import AttackRolled, ItemDamaged, ItemSnatched, ManeuverFailed
from ..worn import object_numbers
from .common import Refused, refuse
from .contests import health_mark, opposed, opposed_attack_total, sunder_damage, with_modifier
from .gates import LOADING
from .spell_effects import discharge


# --- snatching a worn item ------------------------------------------------------------

def snatch(battle, who: str, target: str, declined, args: dict, iterative: int = 0) -> list:
    """Snatch a worn item with a disarm (French text, "désarmement": a necklace, goggles).
    As a disarm it provokes from the wearer (not with Improved Disarm) and fails if that
    attack deals damage, then opposed attack rolls; a loosely fastened item gives the
    attacker +4; a secure one (a ring, a bracelet) only from a wearer the attacker has
    pinned, with +4 to the wearer. A failure gives no counter-disarm. Won unarmed, the item
    is in the snatcher's hand (not worn: no bonus); otherwise it falls at the wearer's feet.
    An item held in hand that is not a melee weapon (a wand, a potion, a flask) is disarmed
    the same way: the holder takes -4 and cannot disarm back (French text, "désarmement")."""
    item = args.get("item")
    held = isinstance(item, str) and item == battle.comp(target, Hands).holding
    if not held and (not isinstance(item, str) or item not in battle.comp(target, Worn).items):
        raise refuse("NOT_WORN", target=target, item=item)
    fastening = "held" if held else data.worn_items()[item]["fastening"]
    if fastening == "secure" and battle.comp(target, Grapple).pinned_by != who:
        raise refuse("SNATCH_SECURE_NOT_PINNED", target=target, item=item)
    me, foe = battle.board().body(who), battle.board().body(target)
    if check_attack(battle, who, target) is not None or me.weapon.is_ranged:
        raise refuse("OUT_OF_REACH", target=target)
    improved = "improved_disarm" in battle.read(who, Feats).ids
    events: list = []
    if not improved:
        hp_before = health_mark(battle, who)
        ev, fell = take_opportunities(battle, who, [target], declined)
        events += ev
        if fell or health_mark(battle, who) < hp_before:
            return events + [ManeuverFailed(who=who, maneuver="snatch", reason="damaged_by_opportunity")]
    extra_mine, extra_theirs = snatch_modifiers(fastening)
    mine = opposed_attack_total(battle, who, target, me.weapon, improved=improved, defending=False,
                                 iterative=iterative)
    mine = with_modifier(total(list(mine.applied) + extra_mine), me.weapon.disarm_bonus, "weapon_disarm")
    theirs = opposed_attack_total(battle, target, who, foe.weapon, improved=False, defending=False)
    theirs = total(list(theirs.applied) + extra_theirs)
    wins, _m, ev = opposed(battle, "snatch", who, target, mine, theirs)
    events += ev
    if not wins:
        return events
    return events + _take_off(battle, target, who, item, held) + _charge_goes_off(battle, who, target)


def _charge_goes_off(battle, who: str, target: str) -> list:
    """A held touch charge goes off on whatever the hand touches, even by accident (French
    text, "sorts de contact"): a bare hand that tears an item off its wearer touches it."""
    held = battle.comp(who, Spellcasting).held_charge
    if held is None or not battle.board().body(who).weapon.is_unarmed:
        return []
    return discharge(battle, who, held, target, touched=True)


def _take_off(battle, wearer: str, by: str, item: str, held: bool = False) -> list:
    """The item leaves its wearer (or holder's hand): into the snatcher's free hand if it
    struck unarmed, else onto the ground in the wearer's square (like a disarmed weapon)."""
    worn = battle.comp(wearer, Worn)
    if held:
        battle.comp(wearer, Inventory).items.remove(item)
        battle.comp(wearer, Hands).holding = None
    else:
        worn.items.remove(item)
    hp_left = worn.object_hp.pop(item, None)
    hands = battle.comp(by, Hands)
    grabbed = battle.comp(by, Wielded).weapon_id == "unarmed" and hands.holding is None
    at = None
    if grabbed:
        battle.comp(by, Inventory).items.append(item)
        hands.holding = item
        if hp_left is not None:
            battle.comp(by, Worn).object_hp[item] = hp_left
    else:
        at = battle.board().body(wearer).pos
        battle.shared.ground.setdefault(at, []).append(item)
        if hp_left is not None:                  # the damage lies there with it
            battle.shared.ground_damage.setdefault(at, {})[item] = hp_left
    battle.changed()
    return [ItemSnatched(who=wearer, by=by, item=item, grabbed=grabbed, at=at)]


# --- striking a carried or worn object -------------------------------------------------

def strike_object(battle, who: str, target: str, declined, args: dict, iterative: int = 0) -> list:
    """Sunder a carried or worn object (French text, "destruction d'arme"; data-digest §3):
    no opposed roll but a normal attack roll against the object's AC, 10 + its size
    modifier + the carrier's Dex modifier (+4 with Improved Sunder); it provokes from the
    carrier as sundering a held object does (not with Improved Sunder); only a slashing or
    bludgeoning melee weapon; damage less hardness comes off its hit points, and at 0 it is
    destroyed. Armour being worn cannot be attacked."""
    item = args.get("item")
    if item == "armor" or (item is not None and item == battle.comp(target, Armor).armor_id):
        raise refuse("CANNOT_SUNDER", item=item)
    place = _where(battle, target, item)
    numbers = object_numbers(item)
    if numbers is None:
        raise refuse("CANNOT_SUNDER", item=item)
    me = battle.board().body(who)
    if me.weapon.is_ranged:
        return _shoot_object(battle, who, target, item, place, numbers, declined, iterative)
    if is_ranged_attack(battle, who, target):
        raise refuse("OUT_OF_REACH", target=target)     # a thrown weapon is not thrown at objects here
    if not rules.can_sunder_with(me.weapon):
        raise refuse("SUNDER_NEEDS_SLASHING_OR_BLUDGEONING", weapon=me.weapon.id)
    if check_attack(battle, who, target) is not None:
        raise refuse("OUT_OF_REACH", target=target)
    size = numbers[0]
    improved = "improved_sunder" in battle.read(who, Feats).ids
    events: list = []
    if not improved:
        ev, fell = take_opportunities(battle, who, [target], declined)
        events += ev
        if fell:
            return events
    hit, ev = _object_attack(battle, who, target, Size.from_code(size), improved, iterative)
    events += ev
    if not hit:
        return events
    return events + _damage(battle, target, item, place, numbers, sunder_damage(battle, who))


def _shoot_object(battle, who: str, target: str, item: str, place: str, numbers, declined, iterative: int) -> list:
    """A ranged attack at a carried or worn object (SRD, attacking an object): a normal
    ranged attack — within range and sight, -2 per range increment, -4 into melee, the
    carrier's cover, attacks of opportunity for shooting in a threatened square — against
    the object's AC; objects take half damage from ranged weapons (data-digest §3)."""
    r = check_attack(battle, who, target)
    if r:
        raise Refused(r)
    board = battle.board()
    me = board.body(who)
    loaded = battle.comp(who, Loaded)
    if me.weapon.id in LOADING and loaded.shots <= 0:
        raise refuse("NOT_LOADED", weapon=me.weapon.id)
    events, fell = provoking_attack(battle, who, target, declined)
    if fell:
        return events
    if me.weapon.id in LOADING:
        loaded.shots -= 1
    s = AttackSituation(ranged=True, range_increments=range_increments(battle, who, target),
                        into_melee=engaged_with_ally(battle, who, target), iterative=iterative)
    shelter = 4 if cover(board, me, board.body(target), "ranged") in ("soft", "cover") else 0
    hit, ev = _object_attack(battle, who, target, Size.from_code(numbers[0]), False, iterative, s, shelter)
    events += ev
    if not hit:
        return events
    count, sides = attack_rules.parse_dice(attack_rules.damage_dice(me.weapon.damage_s, me.weapon.damage_m, me.size))
    faces = battle.dice.roll_dice(count, sides, f"object damage {who}") if sides > 1 else [count]
    strength = attack_rules.strength_to_damage(battle.fighter(who), ranged=True, thrown=False, two_handed=False,
                                               off_hand=False)
    return events + _damage(battle, target, item, place, numbers, max(1, sum(faces) + strength) // 2)


def _damage(battle, target: str, item: str, place: str, numbers, damage: int) -> list:
    """Damage less hardness off the object's hit points; at 0 it is destroyed."""
    _size, hardness, full_hp = numbers
    worn = battle.comp(target, Worn)
    left, destroyed = damage_object(worn.object_hp.get(item, full_hp), damage, hardness)
    worn.object_hp[item] = left
    if destroyed:
        _destroy(battle, target, item, place)
    battle.changed()
    return [ItemDamaged(owner=target, item=item, damage=damage, hardness=hardness, hp_left=left, destroyed=destroyed)]


def _where(battle, cid: str, item) -> str:
    """"worn" or "carried" (in the pack or in hand), or refuse: it has no such item."""
    if isinstance(item, str) and item in battle.comp(cid, Worn).items:
        return "worn"
    if isinstance(item, str) and item in battle.comp(cid, Inventory).items:
        return "carried"
    raise refuse("NO_SUCH_ITEM", target=cid, item=item)


def object_armor_class(battle, carrier: str, size: Size):
    """The object's AC with its carrier's Dex modifier (Dex 0, -5, when helpless)."""
    f = battle.fighter(carrier)
    dex = -5 if not DEX_ZERO.isdisjoint(f.conditions) else f.mod("dex")
    return object_ac(size, dex)


def _object_attack(battle, who: str, target: str, size: Size, improved: bool, iterative: int,
                   situation: AttackSituation | None = None, shelter: int = 0) -> tuple[bool, list]:
    """A normal attack roll (melee unless ``situation`` says ranged) against the object's
    AC, plus the carrier's cover (``shelter``); no critical hit (objects are immune)."""
    bonus = attack_rules.attack_bonus(battle.fighter(who), situation or AttackSituation(iterative=iterative))
    if improved:
        bonus = total(list(bonus.applied) + [Modifier(4, "untyped", "improved_sunder")])
    ac = object_armor_class(battle, target, size)
    if shelter:
        ac = total(list(ac.applied) + [Modifier(shelter, "cover", "carrier_cover")])
    d20 = battle.dice.roll(20, f"attack object {who} -> {target}")
    out = attack_rules.judge_attack(d20, bonus.value, ac.value, 21)
    return out.hit, [AttackRolled(attacker=who, target=target, d20=d20, bonus=bonus.value, total=out.result,
                                  ac=ac.value, hit=out.hit, threat=False,
                                  bonus_breakdown=tuple((m.value, m.kind, m.source) for m in bonus.applied),
                                  ac_breakdown=tuple((m.value, m.kind, m.source) for m in ac.applied), kind="object")]


def _destroy(battle, cid: str, item: str, place: str) -> None:
    """A destroyed object is gone: off the wearer (its bonus with it) or out of the pack
    (one of several alike; out of the hand when none is left)."""
    worn = battle.comp(cid, Worn)
    worn.object_hp.pop(item, None)
    if place == "worn":
        worn.items.remove(item)
        return
    inv = battle.comp(cid, Inventory)
    inv.items.remove(item)
    if item not in inv.items:
        hands = battle.comp(cid, Hands)
        if hands.holding == item:
            hands.holding = None
        if item in battle.read(cid, Charges).left:
            del battle.comp(cid, Charges).left[item]
