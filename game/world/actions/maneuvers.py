"""Special attacks that replace a melee attack or a standard action: trip, bull rush,
disarm, sunder, aid another and feint (French text "attaques spéciales"; digest §4.7).
Each side's choices are arguments: the attacker's (``follow``, ``drop_weapon``) and the
defender's (``counter``), asked of their owners by the window."""
from __future__ import annotations

from ...rules import attack as attack_rules, maneuvers as rules
from ...rules.aoo import provokes_leaving
from ...rules.attack import AttackSituation
from ...rules.geometry import Square
from ...rules.modifiers import Modifier, ability_modifier, total
from ...rules.reasons import Refusal
from ...rules.splash import snap8
from ...rules.threat import threatens
from ...rules.weapons import UNARMED
from ..attacks import check_attack, resolve_attack, take_opportunities, threatening_enemies
from ..components import (Abilities, Conditions, Defense, Feats, Feint, Gear, Hands, Offense,
                          Position, Riding, Stats, Wielded)
from ..damage import status_of
from ..events import AidGiven, AttackRolled, Disarmed, Feinted, ItemDamaged, ManeuverFailed, Pushed
from ..saddle import leave_saddle
from ..skill_aid import take_skill_aid
from ..state import Aid
from .common import ABLE, Refused, Verdict, affordable, judged, judging, refuse, spend, target_arg, turn_state
from .contests import (health_mark, in_reach, is_stable, knock_prone, melee_touch_attack, opposed,
                       opposed_attack_total, space_free, sunder_damage, with_modifier)
from .objects import snatch, strike_object
from .other import drop_held

def refused(refusal: Refusal | None) -> None:
    if refusal is not None:
        raise Refused(refusal)


TRIP_WEAPONS_NOTE = "a trip weapon trips without provoking (French text, croc-en-jambe)"


# --- trip ---------------------------------------------------------------------------

def trip(battle, who: str, target: str, declined, args: dict, iterative: int = 0, charging: bool = False) -> list:
    """Trip (French text, "croc-en-jambe"): an unarmed melee touch attack (provokes from
    the target) or a trip weapon's (does not); then Strength against the better of the
    defender's Strength or Dexterity, size ±4, stability +4. A loser defender may trip
    back; a trip-weapon user may drop the weapon instead of being tripped."""
    refused(trip_refusal(battle, who, target))
    me = battle.board().body(who)
    with_weapon = me.weapon.trip
    weapon = me.weapon if with_weapon else UNARMED
    feats = battle.comp(who, Feats).ids
    events: list = []
    if not with_weapon and "improved_trip" not in feats:
        ev, fell = take_opportunities(battle, who, [target], declined)
        events += ev
        if fell:
            return events
    hit, ev = melee_touch_attack(battle, who, target, weapon, iterative, charging)
    events += ev
    if not hit:
        return events
    a = battle.fighter(who)
    d = battle.fighter(target)
    resist = rules.resist_check(d, stable=is_stable(battle, target), dex_allowed=True)
    mount = battle.comp(target, Riding).mount
    if mount:
        # A rider may use its Ride check instead (French text, "croc-en-jambe").
        ride = battle.comp(target, Stats).values.get("ride", 0) + ability_modifier(
            battle.comp(target, Abilities).scores["dex"])
        if ride > resist.value:
            resist = total([Modifier(ride, "untyped", "ride")])
    wins, _margin, ev = opposed(battle, "trip", who, target, rules.strength_check(a, improved="improved_trip" in feats),
                                resist)
    events += ev
    if wins and mount:
        events += leave_saddle(battle, target, mount, None, "pulled_down")
        return events + knock_prone(battle, target, who)
    if wins:
        events += knock_prone(battle, target, who)
        if "improved_trip" in feats and check_attack(battle, who, target) is None:
            events += resolve_attack(battle, who, target, iterative=iterative)   # the free attack
        return events
    if args.get("counter", True) and status_of(battle, target) in ABLE:
        if with_weapon and args.get("drop_weapon"):
            events += _drop_weapon(battle, who)
            return events
        back, _m, ev = opposed(battle, "counter_trip", target, who, rules.strength_check(d),
                               rules.resist_check(a, stable=is_stable(battle, who), dex_allowed=True))
        events += ev
        if back:
            events += knock_prone(battle, who, target)
    return events


def trip_refusal(battle, who: str, target: str) -> Refusal | None:
    """What refuses a trip before any die: a foe more than one size larger, or out of
    reach of the trip weapon (an unarmed trip: of the hand)."""
    board = battle.board()
    me, foe = board.body(who), board.body(target)
    if not rules.may_target_size(me.size, foe.size):
        return Refusal("TARGET_TOO_BIG", {"target": target})
    if not in_reach(battle, who, target, me.weapon if me.weapon.trip else UNARMED):
        return Refusal("OUT_OF_REACH", {"target": target})
    return None


@judging
def judge_trip(battle, who, args) -> Verdict:
    """Trip's judging part: a target, the standard action, ``trip_refusal``; then an
    attack of opportunity or the touch attack: nothing refuses but a die."""
    target = target_arg(battle, args)
    affordable(battle, who, "standard")
    refused(trip_refusal(battle, who, target))
    return Verdict(settled=True, plan=target)


def _drop_weapon(battle, who: str) -> list:
    return drop_held(battle, who)


def do_trip(battle, who, args, declined) -> list:
    target = judged(battle, judge_trip(battle, who, args))
    events = spend(battle, who, "standard", "trip")
    return events + trip(battle, who, target, declined, args)


# --- bull rush ----------------------------------------------------------------------

def _direction(a_pos: Square, a_span: int, b_pos: Square, b_span: int) -> Square:
    ax2, ay2 = 2 * a_pos[0] + a_span, 2 * a_pos[1] + a_span
    bx2, by2 = 2 * b_pos[0] + b_span, 2 * b_pos[1] + b_span
    return snap8(bx2 - ax2, by2 - ay2)


def _push(battle, cid: str, direction: Square, squares: int, by: tuple[str, ...], declined,
          stray=lambda taker: None) -> tuple[list, int]:
    """Move a creature straight, square by square, until blocked; leaving threatened
    squares provokes from others than ``by`` (the pusher and the pushed). ``stray(taker)``:
    the creature that taker's hit may strike instead (the bull rush's 25%), or None."""
    events: list = []
    path = [battle.board().body(cid).pos]
    moved = 0
    for _ in range(squares):
        here = path[-1]
        nxt = (here[0] + direction[0], here[1] + direction[1])
        if not space_free(battle, cid, nxt, ignore=by):
            break
        board = battle.board()
        body = board.body(cid)
        takers = [e.id for e in board.enemies_of(body)
                  if e.id not in by and e.can_make_aoo() and provokes_leaving(board, e, body, here)]
        strays = {t: other for t in takers if (other := stray(t)) is not None}
        ev, fell = take_opportunities(battle, cid, takers, declined, strays)
        events += ev
        pos = battle.comp(cid, Position)
        pos.x, pos.y = nxt
        battle.changed()
        path.append(nxt)
        moved += 1
        if fell:
            break
    events.append(Pushed(who=cid, by=by[0], path=tuple(path), squares=moved))
    return events, moved


def bull_rush(battle, who: str, target: str, declined, args: dict, charging: bool = False) -> list:
    """Bull rush (French text, "bousculade"): entering the target's space provokes from it
    (not with Improved Bull Rush) and every foe threatening the attacker, whose hits have a
    25% chance to strike the target instead; opposed Strength, size ±4, stability +4,
    +2 when charging; 1.5 m, plus 1.5 m per 5 points when the attacker follows, within its
    movement; a loser is pushed back 1.5 m, prone if that square is occupied.

    The strays go both ways while the two move together: "toute attaque d'opportunité
    effectuée par quelqu'un d'autre que la cible a 25 % de toucher cette dernière à la
    place du personnage (de la même manière, toute attaque d'opportunité visant la cible
    et tentée par un compagnon du personnage a 25% de chances de toucher celui-ci)". So an
    ally's attack of opportunity on the pushed target may strike the attacker, and a
    foe's on the attacker following it may strike the target (``_push``'s ``stray``)."""
    refused(bull_rush_refusal(battle, who, target))
    me = battle.board().body(who)
    feats = battle.comp(who, Feats).ids
    events: list = []
    takers = [t for t in threatening_enemies(battle, who) if t != target]
    if "improved_bull_rush" not in feats:
        takers = [target] + takers
    # as every attack of opportunity is taken (``take_opportunities``: planned in a preview,
    # so the window asks about them; the foes' blows but the target's may stray onto it)
    ev, fell = take_opportunities(battle, who, takers, declined, strays={t: target for t in takers if t != target})
    events += ev
    if fell:
        return events
    if status_of(battle, target) not in ABLE:
        return events
    a, d = battle.fighter(who), battle.fighter(target)
    wins, margin, ev = opposed(battle, "bull_rush", who, target,
                               rules.strength_check(a, charging=charging, improved="improved_bull_rush" in feats),
                               rules.resist_check(d, stable=is_stable(battle, target), dex_allowed=False))
    events += ev
    board = battle.board()
    me, foe = board.body(who), board.body(target)
    direction = _direction(me.pos, me.span, foe.pos, foe.span)
    if wins:
        follow = bool(args.get("follow", False))
        ts = turn_state(battle, who)
        allowance = max(1, (2 if charging else 1) * me.speed_squares - ts.squares_moved)
        n = min(rules.push_squares(margin, follow), allowance) if follow else 1
        board = battle.board()
        ev, moved = _push(battle, target, direction, n, (who, target), declined,
                          stray=lambda taker: None if board.body(taker).is_enemy_of(board.body(who)) else who)
        events += ev
        if follow and moved and status_of(battle, who) in ABLE:
            # Every taker is someone other than the target (``by``): its hit may stray onto it.
            ev, _m = _push(battle, who, direction, moved, (target, who), declined, stray=lambda taker: target)
            events += ev
            ts.moved = True
            ts.five_foot = False
            ts.squares_moved += moved
        return events
    back = (-direction[0], -direction[1])
    here = battle.board().body(who).pos
    behind = (here[0] + back[0], here[1] + back[1])
    if space_free(battle, who, behind):
        pos = battle.comp(who, Position)
        pos.x, pos.y = behind
        battle.changed()
        events.append(Pushed(who=who, by=target, path=(here, behind), squares=1))
    else:
        events += knock_prone(battle, who, target)
    return events


def bull_rush_refusal(battle, who: str, target: str) -> Refusal | None:
    """What refuses a bull rush before any die: a foe more than one size larger, or not
    adjacent."""
    board = battle.board()
    me, foe = board.body(who), board.body(target)
    if not rules.may_target_size(me.size, foe.size):
        return Refusal("TARGET_TOO_BIG", {"target": target})
    gx = max(0, foe.pos[0] - (me.pos[0] + me.span - 1), me.pos[0] - (foe.pos[0] + foe.span - 1))
    gy = max(0, foe.pos[1] - (me.pos[1] + me.span - 1), me.pos[1] - (foe.pos[1] + foe.span - 1))
    if max(gx, gy) != 1:
        return Refusal("NOT_ADJACENT_TARGET", {"target": target})
    return None


@judging
def judge_bull_rush(battle, who, args) -> Verdict:
    """Bull rush's judging part: a target, the standard action, ``bull_rush_refusal``;
    then attacks of opportunity and the opposed check: nothing refuses but a die."""
    target = target_arg(battle, args)
    affordable(battle, who, "standard")
    refused(bull_rush_refusal(battle, who, target))
    return Verdict(settled=True, plan=target)


def do_bull_rush(battle, who, args, declined) -> list:
    target = judged(battle, judge_bull_rush(battle, who, args))
    events = spend(battle, who, "standard", "bull_rush")
    return events + bull_rush(battle, who, target, declined, args)


# --- disarm -------------------------------------------------------------------------

def disarm(battle, who: str, target: str, declined, args: dict, iterative: int = 0) -> list:
    """Disarm (French text, "désarmement"): provokes from the target (not with Improved
    Disarm) and fails if that attack deals damage; opposed attack rolls (two-handed +4,
    light -4, unarmed counts light, +4 per size step for the larger, the weapons' disarm
    bonuses, -4 for a non-melee item); an unarmed winner grabs the weapon; a losing
    attacker may be disarmed back (the defender's choice, ``counter``). With ``item``, a
    worn item is snatched instead (``objects.snatch``)."""
    if args.get("item", "weapon") != "weapon":
        return snatch(battle, who, target, declined, args, iterative)
    refused(disarm_refusal(battle, who, target))
    board = battle.board()
    me, foe = board.body(who), board.body(target)
    feats = battle.comp(who, Feats).ids
    events: list = []
    if "improved_disarm" not in feats:
        hp_before = health_mark(battle, who)
        ev, fell = take_opportunities(battle, who, [target], declined)
        events += ev
        if fell or health_mark(battle, who) < hp_before:
            return events + [ManeuverFailed(who=who, maneuver="disarm", reason="damaged_by_opportunity")]
    mine = opposed_attack_total(battle, who, target, me.weapon, improved="improved_disarm" in feats,
                                 defending=False, iterative=iterative)
    theirs = opposed_attack_total(battle, target, who, foe.weapon, improved=False, defending=True)
    mine = with_modifier(mine, me.weapon.disarm_bonus, "weapon_disarm")
    theirs = with_modifier(theirs, foe.weapon.disarm_bonus, "weapon_disarm")
    wins, _m, ev = opposed(battle, "disarm", who, target, mine, theirs)
    events += ev
    if wins:
        return events + _lose_weapon(battle, target, by=who, grab=me.weapon.is_unarmed)
    if args.get("counter", True) and not foe.weapon.is_ranged and status_of(battle, target) in ABLE \
            and not me.weapon.is_unarmed and not me.weapon.is_natural and me.weapon.id != "spiked_gauntlet":
        theirs = opposed_attack_total(battle, target, who, foe.weapon, improved=False, defending=False)
        mine = opposed_attack_total(battle, who, target, me.weapon, improved=False, defending=True)
        back, _m, ev = opposed(battle, "counter_disarm", target, who,
                               with_modifier(theirs, foe.weapon.disarm_bonus, "weapon_disarm"),
                               with_modifier(mine, me.weapon.disarm_bonus, "weapon_disarm"))
        events += ev
        if back:
            events += _lose_weapon(battle, who, by=target, grab=False)
    return events


def _lose_weapon(battle, cid: str, by: str, grab: bool) -> list:
    held = battle.comp(cid, Wielded)
    weapon = held.weapon_id
    held.weapon_id = "unarmed"
    battle.comp(cid, Gear).weapon_hp = None
    if grab and battle.comp(by, Wielded).weapon_id == "unarmed":
        battle.comp(by, Wielded).weapon_id = weapon
    else:
        grab = False
        at = battle.board().body(cid).pos
        battle.shared.ground.setdefault(at, []).append(weapon)
    battle.changed()
    return [Disarmed(who=cid, by=by, weapon=weapon, grabbed=grab)]


def disarm_refusal(battle, who: str, target: str) -> Refusal | None:
    """What refuses disarming a weapon before any die: nothing to disarm, a weapon locked
    in a spiked gauntlet, a foe out of the melee weapon's reach."""
    board = battle.board()
    me, foe = board.body(who), board.body(target)
    if foe.weapon.is_unarmed or foe.weapon.is_natural:
        return Refusal("NOTHING_TO_DISARM", {"target": target})
    if foe.weapon.id == "spiked_gauntlet":
        return Refusal("CANNOT_BE_DISARMED", {"weapon": foe.weapon.id})
    if check_attack(battle, who, target) is not None or me.weapon.is_ranged:
        return Refusal("OUT_OF_REACH", {"target": target})
    return None


@judging
def judge_disarm(battle, who, args) -> Verdict:
    """Disarm's judging part: a target, the standard action, ``disarm_refusal``; then an
    attack of opportunity and opposed attack rolls: nothing refuses but a die. A snatch
    (``item``) is left to ``check``."""
    target = target_arg(battle, args)
    affordable(battle, who, "standard")
    if args.get("item", "weapon") != "weapon":
        return Verdict(plan=target)
    refused(disarm_refusal(battle, who, target))
    return Verdict(settled=True, plan=target)


def do_disarm(battle, who, args, declined) -> list:
    target = judged(battle, judge_disarm(battle, who, args))
    events = spend(battle, who, "standard", "disarm")
    return events + disarm(battle, who, target, declined, args)


# --- sunder -------------------------------------------------------------------------

def sunder(battle, who: str, target: str, declined, args: dict, iterative: int = 0) -> list:
    """Sunder (French text, "destruction d'arme"): with a slashing or bludgeoning weapon
    against a held weapon or shield; provokes from the target (not with Improved Sunder);
    opposed attack rolls; the winner's damage, less hardness, comes off the item's hit
    points. Armour being worn cannot be sundered. Any other ``item`` is an object carried
    or worn, struck by ``objects.strike_object``."""
    item = args.get("item", "weapon")
    board = battle.board()
    me, foe = board.body(who), board.body(target)
    if item not in ("weapon", "shield"):
        return strike_object(battle, who, target, declined, args, iterative)
    refusal, numbers = _sunder_numbers(battle, who, target, item)
    refused(refusal)
    hardness, full_hp, item_id = numbers
    feats = battle.comp(who, Feats).ids
    events: list = []
    if "improved_sunder" not in feats:
        ev, fell = take_opportunities(battle, who, [target], declined)
        events += ev
        if fell:
            return events
    mine = opposed_attack_total(battle, who, target, me.weapon, improved="improved_sunder" in feats,
                                 defending=False, iterative=iterative)
    theirs = opposed_attack_total(battle, target, who, foe.weapon, improved=False, defending=False)
    wins, _m, ev = opposed(battle, "sunder", who, target, mine, theirs)
    events += ev
    if not wins:
        return events
    damage = sunder_damage(battle, who)
    gear = battle.comp(target, Gear)
    left = (gear.weapon_hp if item == "weapon" else gear.shield_hp)
    left = full_hp if left is None else left
    left = max(0, left - max(0, damage - hardness))
    destroyed = left == 0
    if item == "weapon":
        gear.weapon_hp = left
        if destroyed:
            battle.comp(target, Wielded).weapon_id = "unarmed"
            gear.weapon_hp = None
    else:
        gear.shield_hp = left
        if destroyed:
            battle.comp(target, Defense).shield_bonus = 0
    battle.changed()
    return events + [ItemDamaged(owner=target, item=item_id, damage=damage, hardness=hardness, hp_left=left,
                                 destroyed=destroyed)]


def _shield_id(battle, cid: str) -> str | None:
    spec = next((c for c in battle.scenario.creatures if c.id == cid), None)
    if spec is None or not spec.shield or battle.comp(cid, Defense).shield_bonus <= 0 \
            or battle.comp(cid, Hands).shield_dropped:                   # one lying on the ground is no longer its
        return None
    return spec.shield


def _sunder_numbers(battle, who: str, target: str, item: str):
    """(what refuses sundering the held weapon or shield before any die, the item's
    hardness, hit points and id): a weapon that neither slashes nor bludgeons, a foe out of
    reach, nothing to sunder there."""
    board = battle.board()
    me, foe = board.body(who), board.body(target)
    if not rules.can_sunder_with(me.weapon):
        return Refusal("SUNDER_NEEDS_SLASHING_OR_BLUDGEONING", {"weapon": me.weapon.id}), None
    if check_attack(battle, who, target) is not None:
        return Refusal("OUT_OF_REACH", {"target": target}), None
    if item == "weapon":
        numbers = rules.sunder_numbers(foe.weapon.id, foe.size)
        item_id = foe.weapon.id
    else:
        item_id = _shield_id(battle, target)
        numbers = rules.sunder_numbers(item_id, foe.size) if item_id else None
    if numbers is None:
        return Refusal("CANNOT_SUNDER", {"item": item_id or item}), None
    return None, (*numbers, item_id)


@judging
def judge_sunder(battle, who, args) -> Verdict:
    """Sunder's judging part: a target, the standard action, ``_sunder_numbers``; then an
    attack of opportunity and opposed attack rolls: nothing refuses but a die. Striking
    another object (``item``) is left to ``check``."""
    target = target_arg(battle, args)
    affordable(battle, who, "standard")
    item = args.get("item", "weapon")
    if item not in ("weapon", "shield"):
        return Verdict(plan=target)
    refused(_sunder_numbers(battle, who, target, item)[0])
    return Verdict(settled=True, plan=target)


def do_sunder(battle, who, args, declined) -> list:
    target = judged(battle, judge_sunder(battle, who, args))
    events = spend(battle, who, "standard", "sunder")
    return events + sunder(battle, who, target, declined, args)


# --- aid another, feint -------------------------------------------------------------

@judging
def judge_aid_another(battle, who, args) -> Verdict:
    """Aid another's judging part, all of it (``do_aid_another``): an ally; asleep, within
    arm's reach; else an enemy in the aider's melee reach that is in melee with the ally;
    the standard action. What follows is the attack against AC 10 (a die), or nothing
    that refuses (a shake)."""
    ally = target_arg(battle, args, "ally")
    board = battle.board()
    if ally == who or board.body(ally).is_enemy_of(board.body(who)):
        raise refuse("NOT_AN_ALLY", creature=ally)
    if "asleep" in board.body(ally).conditions:
        if not any(max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 1 for a in board.body(who).squares
                   for b in board.body(ally).squares):
            raise refuse("OUT_OF_REACH", target=ally)
        affordable(battle, who, "standard")
        return Verdict(settled=True, plan=(ally, None, None))
    enemy = target_arg(battle, args, "enemy")
    kind = args.get("help", "attack")
    if kind not in ("attack", "defense"):
        raise refuse("BAD_ARGUMENT", key="help")
    if check_attack(battle, who, enemy) is not None or board.body(who).weapon.is_ranged:
        raise refuse("OUT_OF_REACH", target=enemy)
    foe, friend = board.body(enemy), board.body(ally)
    engaged = any(threatens(board, friend, sq) for sq in foe.squares) or any(threatens(board, foe, sq) for sq in friend.squares)
    if not engaged:
        raise refuse("NOT_ENGAGED", ally=ally, enemy=enemy)
    affordable(battle, who, "standard")
    return Verdict(settled=True, plan=(ally, enemy, kind))


def do_aid_another(battle, who, args, declined) -> list:
    """Standard action: an attack against AC 10 on a foe in melee with an ally gives that
    ally +2 on its next attack against the foe, or +2 AC against the foe's next attack,
    until the aider's next turn (French text, "aider quelqu'un"); or wakes an ally from
    magical sleep: "Cette action simple permet également d'aider un ami différemment, par
    exemple en le secouant pour lui faire reprendre ses esprits s'il a été affecté par un
    sort tel qu'hypnose ou sommeil" — shaking a friend needs it within arm's reach, and
    no enemy (``enemy`` may be left out)."""
    ally, enemy, kind = judged(battle, judge_aid_another(battle, who, args))
    if enemy is None:
        battle.comp(ally, Conditions).ids.difference_update({"asleep", "helpless", "unconscious"})
        battle.changed()
        return spend(battle, who, "standard", "aid_another") + [AidGiven(aider=who, ally=ally, enemy="", kind="wake")]
    events = spend(battle, who, "standard", "aid_another")
    a = battle.fighter(who)
    bonus = attack_rules.attack_bonus(a, AttackSituation())
    d20 = battle.dice.roll(20, f"aid another {who}")
    out = attack_rules.judge_attack(d20, bonus.value, 10, 21)
    events.append(AttackRolled(attacker=who, target=enemy, d20=d20, bonus=bonus.value, total=out.result, ac=10, hit=out.hit,
                               threat=False, bonus_breakdown=tuple((m.value, m.kind, m.source) for m in bonus.applied),
                               ac_breakdown=(), kind="aid"))
    if out.hit:
        battle.shared.aids.append(Aid(aider=who, ally=ally, enemy=enemy, kind=kind))
        events.append(AidGiven(aider=who, ally=ally, enemy=enemy, kind=kind))
    return events


@judging
def judge_feint(battle, who, args) -> Verdict:
    """Feint's judging part, all of it before the opposed check (``do_feint``): a target
    with a mind, in the feinter's melee reach, the action it costs."""
    target = target_arg(battle, args)
    stats = battle.read(target, Stats).values
    if stats.get("mindless") or battle.read(target, Abilities).scores["int"] <= 0:
        raise refuse("FEINT_MINDLESS", target=target)
    if check_attack(battle, who, target) is not None or battle.board().body(who).weapon.is_ranged:
        raise refuse("OUT_OF_REACH", target=target)
    kind = "move" if "improved_feint" in battle.read(who, Feats).ids else "standard"
    affordable(battle, who, kind)
    return Verdict(settled=True, plan=(target, kind))


def do_feint(battle, who, args, declined) -> list:
    """Feint (French text, "feinter"): Bluff against Sense Motive + base attack; -4 against
    a non-humanoid, -8 against an animal (Int 1-2), impossible against a mindless foe;
    a standard action (a move action with Improved Feint); it does not provoke. On a win
    the target loses its Dex bonus against the feinter's next melee attack. A win is a
    higher result, so a tie fails at once, whatever the modifiers: "Si le résultat du
    test de Bluff du personnage est supérieur au résultat du test Psychologie de la
    cible" (``opposed``'s ``strict``)."""
    target, kind = judged(battle, judge_feint(battle, who, args))
    stats = battle.comp(target, Stats).values
    intel = battle.comp(target, Abilities).scores["int"]
    events = spend(battle, who, kind, "feint")
    mine = [Modifier(battle.comp(who, Stats).values.get("bluff", 0), "untyped", "bluff_ranks"),
            Modifier(ability_modifier(battle.comp(who, Abilities).scores["cha"]), "ability", "cha"),
            Modifier(take_skill_aid(battle, who, "bluff"), "circumstance", "aid_another")]
    if intel <= 2:
        mine.append(Modifier(-8, "untyped", "animal"))
    elif stats.get("non_humanoid"):
        mine.append(Modifier(-4, "untyped", "non_humanoid"))
    theirs = [Modifier(stats.get("sense_motive", 0), "untyped", "sense_motive_ranks"),
              Modifier(ability_modifier(battle.comp(target, Abilities).scores["wis"]), "ability", "wis"),
              Modifier(battle.comp(target, Offense).bab, "untyped", "bab")]
    wins, _m, ev = opposed(battle, "feint", who, target, total(mine), total(theirs), strict=True)
    events += ev
    if wins:
        feinted = battle.comp(target, Feint)
        feinted.by, feinted.round = who, battle.round
        events.append(Feinted(who=who, target=target))
    return events


__all__ = ["trip", "bull_rush", "disarm", "sunder", "Refused", "Hands"]
