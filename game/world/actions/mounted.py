"""Mounted combat's actions (French text, "combat monté"; digest §11.2): mounting and
dismounting (a move action, or free with a Ride check DC 20), and riding — the rider
commands the mount's movement (its actions: a move, a double move, a run, a charge with
the rider's attack at the end, an overrun); a mount that is not trained for war needs a
Ride check (DC 20, a move action) each round; after the mount moves more than 1.5 m the
rider makes one melee attack only; a mounted charge doubles a lance's damage. What the
saddle does whatever the rider does (knees, falls, the shared space, the higher ground,
ranged penalties, a rider's motion when casting) is ``world.saddle``."""
from __future__ import annotations

from dataclasses import replace

from ...rules import movement
from ...rules.charge import charge as charge_rules
from ...rules.geometry import metres
from ...rules.lanes import lane_path
from ...rules.reasons import Refusal
from .. import budget
from ..attacks import AOO_BARRED, check_attack, is_ranged_attack
from ..components import Feats, Position, Riding, Stats, TurnState
from ..damage import status_of
from ..durations import until_next_turn
from ..events import ActionTaken, Moved
from ..saddle import MountChanged, guide_with_knees, landings, leave_saddle, mount_of, ride_check, sync_rider
from .attacking import full_attack_plan, one_attack
from .common import (ABLE, ACTIONS, Refused, Verdict, charge_end, judged, judging, refuse, spend, square_arg, squares_arg,
                     target_arg, turn_state)
from .moving import parity_after, start_running, walk, walked_event
from .overrun import overrun

CONTROL_DC, FAST_MOUNT_DC = 20, 20
# What a mount whose rider is no longer there to direct it does not do: fight.
COMBAT_ACTIONS = frozenset({"attack", "full_attack", "charge", "coup_de_grace", "trip", "bull_rush", "disarm",
                            "sunder", "feint", "aid_another", "overrun", "throw_splash", "grapple", "garrote"})


def undirected(battle, mount: str) -> bool:
    """A mount that had a rider and has lost it (fallen, thrown, dismounted), or whose rider
    in the saddle has dropped (French text, "combat monté": "Si son cavalier n'est plus là
    pour le diriger, le cheval évite les combats"). A mount that never had a rider in this
    battle fights as any creature; mounted again, it is directed again."""
    seat = battle.read(mount, Riding)
    if seat.rider:
        return status_of(battle, seat.rider) not in ABLE
    return seat.lost_rider


def undirected_refusal(battle, who: str, action: str, args: dict):
    """A mount nobody directs avoids combat ("le cheval évite les combats"): no attack nor
    manoeuvre, nor a readied one; it may still move away, defend itself totally, wait."""
    if not undirected(battle, who):
        return None
    readied = action == "ready" and (args.get("command") is None or args["command"].action in COMBAT_ACTIONS)
    if action in COMBAT_ACTIONS or readied:
        return refuse("RIDERLESS_MOUNT_AVOIDS_COMBAT")
    return None


@AOO_BARRED.register(30)
def mount_avoids_combat(battle, watcher: str, target: str) -> bool:
    """A mount nobody directs makes no attack of opportunity either ("évite les combats")."""
    return undirected(battle, watcher)


def can_carry(battle, who: str, mount: str):
    """Whether ``mount`` could carry ``who`` now: a mount, an ally at least one size larger,
    next to it, with nobody on it, and ``who`` not already riding (French text, "combat
    monté"). A mount is a creature fit to be ridden — the French text names them:
    "Destriers légers et lourds et poneys de guerre, ainsi que les chiens de selle, sont
    d'excellentes montures de combat. Par contre, poneys, chevaux légers et lourds sont
    effrayés par les cris et le bruit des armes" — which their templates mark ``rideable``;
    any larger ally is not one (a Medium creature does not ride an ogre)."""
    board = battle.board()
    me, steed = board.body(who), board.body(mount)
    if mount_of(battle, who):
        return Refusal("ALREADY_MOUNTED")
    if not battle.read(mount, Stats).values.get("rideable"):
        return Refusal("NOT_A_MOUNT", {"mount": mount})
    if battle.read(mount, Riding).rider or battle.read(mount, Riding).mount or steed.is_enemy_of(me) \
            or steed.size.order < me.size.order + 1:
        return Refusal("CANNOT_MOUNT", {"mount": mount})
    gx = max(0, steed.pos[0] - me.pos[0] - 1, me.pos[0] - (steed.pos[0] + steed.span))
    gy = max(0, steed.pos[1] - me.pos[1] - 1, me.pos[1] - (steed.pos[1] + steed.span))
    if max(gx, gy) > 0 and not set(me.squares) & set(steed.squares):
        return Refusal("NOT_ADJACENT_TARGET", {"target": mount})
    return None


@judging
def judge_mount(battle, who, args) -> Verdict:
    """Mounting's judging part, all of it before the fast mount's Ride check (``do_mount``):
    a creature that can carry the rider now, and a move action left — a fast mount needs
    one too, spent if the check fails (SRD Ride)."""
    mount = target_arg(battle, args, "mount")
    refusal = can_carry(battle, who, mount)
    if refusal:
        raise Refused(refusal)
    _move_available(battle, who)
    return Verdict(settled=True, plan=mount)


def do_mount(battle, who, args, declined) -> list:
    """A move action, or free with a Ride check DC 20 (``fast``) that takes the armour
    check penalty (French text: "un éventuel malus d'armure aux tests s'applique alors")."""
    mount = judged(battle, judge_mount(battle, who, args))
    events: list = []
    fast_ok = False
    if args.get("fast"):
        fast_ok, events = ride_check(battle, who, FAST_MOUNT_DC, "fast_mount", armour=True)
    events += [] if fast_ok else spend(battle, who, "move", "mount")
    seat = battle.comp(who, Riding)
    seat.mount = mount
    # The saddle is the mount's (its ``military_saddle``): 75% instead of 50% to stay on
    # when the rider passes out (``saddle.mounted_falls``); a new ride rolls anew.
    seat.military_saddle = bool(battle.read(mount, Stats).values.get("military_saddle"))
    seat.stayed_unconscious = False
    battle.comp(mount, Riding).rider = who
    battle.comp(mount, Riding).lost_rider = False
    sync_rider(battle, mount)
    events.append(MountChanged(rider=who, mount=mount, change="mounted"))
    return events + guide_with_knees(battle, who)        # once in the saddle, hands for the fight


def do_dismount(battle, who, args, declined) -> list:
    """A move action, or free with a Ride check DC 20 (``fast``) that takes the armour
    check penalty (French text: "sauter au sol par une action libre [...] un éventuel malus
    d'armure aux tests s'applique alors")."""
    mount = mount_of(battle, who)
    if not mount:
        raise refuse("NOT_MOUNTED")
    to = square_arg(args.get("to"), "to")
    if to not in landings(battle, who, mount):         # said before the Ride check
        raise refuse("DISMOUNT_SQUARE_BLOCKED", square=list(to))
    _move_available(battle, who)
    events: list = []
    fast_ok = False
    if args.get("fast"):
        fast_ok, events = ride_check(battle, who, FAST_MOUNT_DC, "fast_dismount", armour=True)
    events += [] if fast_ok else spend(battle, who, "move", "dismount")
    return events + leave_saddle(battle, who, mount, to, "dismounted")


def _move_available(battle, who: str) -> None:
    """Mounting, dismounting and controlling a mount need a move action available, fast or
    not (SRD Ride): refused before the Ride check is rolled."""
    refusal = budget.refusal(battle.read(who, TurnState), "move")
    if refusal:
        raise Refused(refusal)


def _control(battle, who: str, mount: str) -> list:
    """Once a round, a mount not trained for war must be controlled (Ride DC 20, a move
    action; on a failure the whole round goes into it)."""
    ts = turn_state(battle, who)
    if not needs_control(battle, who, mount):
        return []
    ok, events = ride_check(battle, who, CONTROL_DC, "control")
    if ok:
        events += spend(battle, who, "move", "control_mount")
    else:                                         # the rest of the round goes into it
        ts.standard = ts.move = False
        ts.acted = True
        events.append(ActionTaken(who=who, action="control_mount", kind="full_round"))
    ts.mount_controlled = True
    return events


def needs_control(battle, who: str, mount: str) -> bool:
    """A mount not trained for war must be controlled once a round (Ride DC 20)."""
    return not (battle.read(mount, Stats).values.get("combat_trained", 0) or turn_state(battle, who).mount_controlled)


def _halfway(battle, who: str, mount: str, mode: str, positions: list, args: dict) -> int:
    """Where a rider's shot on a double move or a run is made (digest, mounted combat:
    "The attack happens when the mount has done half its movement"): the index of the
    position halfway along, the shot judged from there before anything moves (out of
    range or sight from that square: refused, with nothing played)."""
    if mode not in ("double", "run"):
        raise refuse("SHOOT_ON_DOUBLE_OR_RUN")
    target = target_arg(battle, {"target": args.get("shoot")})
    weapon = battle.board().body(who).weapon
    if not (weapon.is_ranged or weapon.thrown):
        raise refuse("SHOOT_NEEDS_RANGED", weapon=weapon.id)
    halfway = (len(positions) - 1) // 2              # the positions start where the mount stands
    token = battle.snapshot()
    try:
        place = battle.comp(mount, Position)
        place.x, place.y = positions[halfway]
        sync_rider(battle, mount)
        turn_state(battle, who).mount_mode = mode
        refusal = check_attack(battle, who, target)
        if refusal is None and not is_ranged_attack(battle, who, target):
            refusal = Refusal("SHOOT_NEEDS_RANGED", {"weapon": weapon.id})     # a thrown weapon in reach
    finally:
        battle.restore(token)
    if refusal is not None:
        raise Refused(refusal)
    return halfway


def _shoot_on_the_way(battle, who: str, mount: str, mode: str, positions: list, halfway: int, args, declined) -> list:
    """Ride to the halfway point, the rider shoots (its own standard or full-round action,
    at -4 on a double move, -8 on a run: ``saddle.rider_attack_penalties``), then on."""
    walking = mode if mode != "double" else "move"
    events = walk(battle, mount, positions[:halfway + 1], walking, declined)
    sync_rider(battle, mount)
    if battle.board().body(mount).pos != tuple(positions[halfway]) or status_of(battle, who) not in ABLE:
        return events                                      # stopped on the way: no shot, no further
    turn_state(battle, who).mount_mode = mode
    target = args["shoot"]
    if args.get("shoot_full"):
        plan = full_attack_plan(battle, who, target)
        events += ACTIONS["full_attack"](battle, who, {"targets": [s.to_json() for s in plan]}, declined)
    else:
        events += ACTIONS["attack"](battle, who, {"target": target}, declined)
    if status_of(battle, mount) in ABLE:
        events += walk(battle, mount, positions[halfway:], walking, declined)
    return events


def do_ride(battle, who, args, declined) -> list:
    """The rider moves its mount: ``mode`` move (a move action of the mount), double,
    run, charge (with ``target`` and ``end``: the rider attacks at the end), or overrun
    (``target``, ``squares`` through its space, the defender's ``defender`` and ``counter``).
    Everything that could refuse it is judged before the Ride check to control the mount."""
    mount = mount_of(battle, who)
    if not mount:
        raise refuse("NOT_MOUNTED")
    mode = args.get("mode", "move")
    if mode not in ("move", "double", "run", "charge", "overrun"):
        raise refuse("BAD_ARGUMENT", key="mode")
    if turn_state(battle, who).cast_after_riding:
        # French text, "Lancer des sorts en selle": moving it "avant l'incantation, puis
        # après" asks a Concentration check, which a spell cast normally did not make.
        raise refuse("MOUNT_MOVED_BEFORE_THE_SPELL", mount=mount)
    mts = battle.comp(mount, TurnState)
    if needs_control(battle, who, mount):
        _move_available(battle, who)
    board = battle.board()
    steed = board.body(mount)
    # The rider shares the space: it never blocks its own mount.
    alone = board.__class__(board.terrain, tuple(b for b in board.bodies if b.id != who), board.variants)
    if mode == "charge":
        return _mounted_charge(battle, who, mount, alone, args, declined)
    if mode == "overrun":
        events = overrun(battle, who, mount, args, declined, before=lambda: _control(battle, who, mount))
        rts = turn_state(battle, who)
        rts.mount_moves += 1
        went = [e for e in events if isinstance(e, Moved) and e.who == mount]
        rts.mount_moved += round(went[-1].cost_m / 1.5) if went else 1
        return events
    squares = squares_arg(args)
    check = movement.check_path(alone, steed, squares, mode, parity=mts.parity if mode == "move" else 0)
    if not check.legal:
        raise refuse(check.reason.code, **check.reason.params)
    kind = {"move": "move", "double": "full_round", "run": "full_round"}[mode]
    refusal = budget.refusal(mts, kind)
    if refusal:
        raise Refused(refusal)
    shot = args.get("shoot")
    halfway = _halfway(battle, who, mount, mode, check.positions, args) if shot is not None else None
    events = _control(battle, who, mount)
    events += spend(battle, mount, kind, f"ride_{mode}")
    mts.moved = True
    mts.parity = parity_after(check.positions, mts.parity)
    if mode == "run":
        events += start_running(battle, mount)         # the running mount loses its Dex bonus, on the way too
    walking = mode if mode != "double" else "move"
    if halfway is None:
        events += walk(battle, mount, check.positions, walking, declined)
    else:
        events += _shoot_on_the_way(battle, who, mount, mode, check.positions, halfway, args, declined)
    sync_rider(battle, mount)
    rts = turn_state(battle, who)
    rts.mount_moved += check.cost
    rts.mount_mode = mode if mode != "move" or rts.mount_mode is None else rts.mount_mode
    if mode == "double" or (mode == "move" and rts.mount_moves >= 1):
        rts.mount_mode = "double"
    rts.mount_moves += 1
    return events + [Moved(who=mount, path=tuple(check.positions), mode=f"ride_{mode}", cost_m=metres(check.cost))]


def _mounted_charge(battle, who, mount, alone, args, declined) -> list:
    target = target_arg(battle, args)
    if "dead" in battle.board().body(target).conditions:
        raise refuse("TARGET_DEAD", target=target)
    steed = alone.body(mount)
    rider = battle.board().body(who)
    # The closest space from which the *rider* reaches the target, the mount moving.
    charger = replace(steed, weapon=rider.weapon)
    result = charge_rules(alone, charger, alone.body(target))
    if not result.legal:
        raise refuse(result.reason.code, **result.reason.params)
    end = charge_end(result, args)
    path = lane_path(steed.pos, end)
    after = _ride_by_squares(battle, who, alone, steed, path, args)
    refusal = budget.refusal(battle.comp(mount, TurnState), "full_round")
    if refusal:
        raise Refused(refusal)
    events = _control(battle, who, mount)
    events += spend(battle, mount, "full_round", "ride_charge")
    if after:
        # "You and your mount do not provoke an attack of opportunity from the opponent
        # that you attack": counted as having taken its one for this movement
        turn_state(battle, mount).provoked_by_moving.add(target)
    events += until_next_turn(battle, mount, "charging") + until_next_turn(battle, who, "charging")
    events += walk(battle, mount, path, "charge", declined)
    sync_rider(battle, mount)
    rts = turn_state(battle, who)
    rts.mount_moved += result.distance
    events.append(walked_event(mount, path, battle.board().body(mount).pos, "ride_charge", result.distance))
    if battle.board().body(mount).pos != end or status_of(battle, who) not in ABLE:
        return events
    events += spend(battle, who, "standard", "charge")
    multiplier = 1
    feats = battle.comp(who, Feats).ids
    if rider.weapon.id == "lance":
        multiplier = 3 if "spirited_charge" in feats else 2
    elif "spirited_charge" in feats:
        multiplier = 2
    events += one_attack(battle, who, target, declined, charging=True, damage_multiplier=multiplier)
    if not after or battle.board().body(mount).pos != end or status_of(battle, who) not in ABLE \
            or status_of(battle, mount) not in ABLE:
        return events
    went = walk(battle, mount, [end, *after], "charge", declined)
    sync_rider(battle, mount)
    here = battle.board().body(mount).pos
    ridden = after[:after.index(here) + 1] if here in after else []
    rts.mount_moved += len(ridden)
    return events + went + [Moved(who=mount, path=(end, *ridden), mode="ride_by", cost_m=metres(len(ridden)))]


def _ride_by_squares(battle, who, alone, steed, path, args) -> list:
    """Ride-By Attack (digest: "when mounted, move, attack, then keep moving along the same
    straight line, total ≤ 2× mounted speed. No AoO from the target"): ``ride_by`` squares
    on past the charge's end, on the charge's own line, judged before any die (the path
    as a double move of the mount's from the end, what the charge spent counted)."""
    n = args.get("ride_by", 0) or 0
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise refuse("BAD_ARGUMENT", key="ride_by")
    if n == 0:
        return []
    if "ride_by_attack" not in battle.read(who, Feats).ids:
        raise refuse("NO_RIDE_BY_ATTACK_FEAT")
    start, end = path[0], path[-1]
    dx, dy, k = end[0] - start[0], end[1] - start[1], len(path) - 1
    if k == 0:
        raise refuse("BAD_ARGUMENT", key="ride_by")
    # the same straight segment, prolonged: ``lane_path``'s points past its end
    after = [(start[0] + (2 * j * dx + k) // (2 * k), start[1] + (2 * j * dy + k) // (2 * k))
             for j in range(k + 1, k + n + 1)]
    charged = movement.check_path(alone, steed, path[1:], "double")     # what the chosen end cost
    check = movement.check_path(alone, replace(steed, pos=end), after, "double", spent=charged.cost,
                                parity=parity_after(path, 0))
    if not check.legal:
        if check.reason.code == "TOO_FAR":
            raise refuse("RIDE_BY_TOO_FAR")
        raise refuse(check.reason.code, **check.reason.params)
    return after


def ride_by_choices(battle, who: str, target: str, end) -> tuple[int, ...]:
    """The squares a rider with Ride-By Attack may ride on after charging ``target`` to
    ``end`` (0: none), each judged as ``do_ride`` would; for the window's question."""
    mount = mount_of(battle, who)
    if not mount or "ride_by_attack" not in battle.read(who, Feats).ids or not battle.has(target):
        return ()
    board = battle.board()
    alone = board.__class__(board.terrain, tuple(b for b in board.bodies if b.id != who), board.variants)
    steed = alone.body(mount)
    path = lane_path(steed.pos, tuple(end))
    out = [0]
    for n in range(1, 2 * steed.speed_squares + 1):
        try:
            _ride_by_squares(battle, who, alone, steed, path, {"ride_by": n})
        except Refused:
            break
        out.append(n)
    return tuple(out) if len(out) > 1 else ()


__all__ = ["do_mount", "do_dismount", "do_ride", "can_carry", "needs_control", "ride_by_choices"]
