"""The actions of ``act``: each checks first (a refusal changes nothing), then plays with
the battle's dice and returns events (French text "les actions en combat")."""
from __future__ import annotations

from ..content import data
from ..dice import DiceError
from ..rules import aoo as aoo_rules, movement
from ..rules.charge import charge as charge_rules
from ..rules.geometry import KING_MOVES, Square, metres
from ..rules.lanes import lane_path
from ..rules.reasons import Refusal
from ..rules.threat import threatens
from . import budget, turns
from .attacks import (check_attack, fallen, is_ranged_attack, resolve_attack, take_opportunities,
                      threatening_enemies)
from .components import Conditions, Effects, Inventory, Offense, Position, TurnState, Wielded
from .damage import apply_damage, status_of
from .events import (ActionTaken, ConditionStarted, Delayed, Moved, MovementStopped, Readied,
                     ReadiedActionTriggered, Stepped, WeaponDrawn)

READY_TRIGGERS = ("enemy_moves_within_reach", "attacks")
READY_ACTIONS = ("attack",)


class Refused(Exception):
    def __init__(self, refusal: Refusal):
        self.refusal = refusal
        super().__init__(refusal.code)


def act(battle, who: str, action: str, args: dict, dice: list[int] | None = None,
        declined: set[str] | None = None) -> tuple[bool, Refusal | None, list]:
    """Play one action for ``who``: (legal, refusal, events). All or nothing."""
    handler = ACTIONS.get(action)
    if handler is None:
        return False, Refusal("UNKNOWN_ACTION", {"action": action, "known": ", ".join(sorted(ACTIONS))}), []
    snap = battle.snapshot()
    battle.dice.script(list(dice or []))
    try:
        events = _who_may_act(battle, who, action)
        events += handler(battle, who, args, declined or set())
        battle.dice.clear_script()
        return True, None, events
    except Refused as exc:
        battle.restore(snap)
        return False, exc.refusal, []
    except DiceError as exc:
        battle.restore(snap)
        return False, Refusal("BAD_DICE", {"detail": str(exc)}), []


def _who_may_act(battle, who: str, action: str) -> list:
    """The creature whose turn it is acts; a delaying creature may step in between turns."""
    if not battle.has(who):
        raise Refused(Refusal("UNKNOWN_CREATURE", {"creature": who}))
    if battle.winner is not None:
        raise Refused(Refusal("BATTLE_OVER", {"side": battle.winner}))
    if who == battle.turn:
        if status_of(battle, who) not in ("normal", "staggered", "disabled"):
            raise Refused(Refusal("CANNOT_ACT", {"status": status_of(battle, who)}))
        return []
    if who in battle.delayed and not _ts(battle, battle.turn).acted:
        return _resume_delayed(battle, who)
    raise Refused(Refusal("NOT_YOUR_TURN", {"turn": battle.turn}))


def _resume_delayed(battle, who: str) -> list:
    """A delaying creature acts before the current one: its initiative becomes that count."""
    battle.delayed.discard(who)
    current = battle.turn
    battle.order.remove(who)
    battle.order.insert(battle.order.index(current), who)
    battle.counts[who] = battle.counts[current]
    return turns._begin_turn(battle, who)


def _ts(battle, cid: str) -> TurnState:
    return battle.comp(cid, TurnState)


def _spend(battle, who: str, kind: str, action: str) -> list:
    ts = _ts(battle, who)
    r = budget.refusal(ts, kind)
    if r:
        raise Refused(r)
    budget.spend(ts, kind)
    return [ActionTaken(who=who, action=action, kind=kind)]


def _after_strenuous(battle, who: str) -> list:
    """A disabled creature that takes a standard action takes 1 damage after it (digest §8.2)."""
    if status_of(battle, who) == "disabled":
        return apply_damage(battle, who, 1, nonlethal=False)
    return []


def _square(value, key: str) -> Square:
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise Refused(Refusal("BAD_ARGUMENT", {"key": key}))
    return (value[0], value[1])


def _squares(args: dict, key: str = "squares") -> list[Square]:
    raw = args.get(key)
    if not isinstance(raw, list) or not raw:
        raise Refused(Refusal("BAD_ARGUMENT", {"key": key}))
    return [_square(v, key) for v in raw]


def _target(battle, args: dict, key: str = "target") -> str:
    t = args.get(key)
    if not isinstance(t, str) or not battle.has(t):
        raise Refused(Refusal("UNKNOWN_CREATURE", {"creature": t}))
    return t


# --- movement -------------------------------------------------------------------------

def _parity_after(positions: list[Square], parity: int) -> int:
    for a, b in zip(positions, positions[1:]):
        if a[0] != b[0] and a[1] != b[1]:
            parity ^= 1
    return parity


def _walk(battle, who: str, positions: list[Square], mode: str, declined: set[str]) -> list:
    """Move square by square: attacks of opportunity before leaving a threatened square
    (once per opponent per round), readied actions when entering reach; a mover who falls
    stops where it is."""
    events: list = []
    ts = _ts(battle, who)
    pos_comp = battle.comp(who, Position)
    for i in range(len(positions) - 1):
        board = battle.board()
        body = board.body(who)
        here = positions[i]
        if mode != "5ft":
            takers = []
            for enemy in board.enemies_of(body):
                if enemy.id in ts.provoked_by_moving or not enemy.can_make_aoo():
                    continue
                if mode == "withdraw" and i == 0 and aoo_rules._can_see(body, enemy):
                    continue
                if aoo_rules.provokes_leaving(board, enemy, body, here):
                    takers.append(enemy.id)
            takers.sort(key=lambda c: battle.order.index(c) if c in battle.order else 0)
            ts.provoked_by_moving.update(takers)
            ev, fell = take_opportunities(battle, who, takers, declined)
            events += ev
            if fell:
                events.append(MovementStopped(who=who, at=here, reason="fell"))
                return events
        pos_comp.x, pos_comp.y = positions[i + 1]
        battle.changed()
        ev, fell = _readied_on_entering(battle, who, declined)
        events += ev
        if fell:
            events.append(MovementStopped(who=who, at=positions[i + 1], reason="fell"))
            return events
    return events


def _readied_on_entering(battle, mover: str, declined: set[str]) -> tuple[list, bool]:
    events: list = []
    board = battle.board()
    body = board.body(mover)
    for readier, ready in sorted(battle.readied.items()):
        if ready["trigger"] != "enemy_moves_within_reach" or not board.body(readier).is_enemy_of(body):
            continue
        if ready.get("target") not in (None, mover):
            continue
        if not any(threatens(board, board.body(readier), sq) for sq in body.squares):
            continue
        events += _fire_readied(battle, readier, mover)
        if fallen(battle, mover):
            return events, True
    return events, False


def _fire_readied(battle, readier: str, trigger_by: str) -> list:
    """The readied attack interrupts; the readier's initiative moves just before the
    creature that triggered it (French text, "préparer une action")."""
    battle.readied.pop(readier, None)
    events = [ReadiedActionTriggered(who=readier, trigger_by=trigger_by)]
    if check_attack(battle, readier, trigger_by) is None:
        events += resolve_attack(battle, readier, trigger_by)
    current = battle.turn
    if current in battle.order and readier in battle.order and readier != current:
        battle.order.remove(readier)
        battle.order.insert(battle.order.index(current), readier)
        battle.counts[readier] = battle.counts[current]
    return events


def _move_common(battle, who, squares, mode, declined, kind, restricted=False) -> list:
    ts = _ts(battle, who)
    if ts.stepped:
        raise Refused(Refusal("NO_MOVE_AFTER_FIVE_FOOT_STEP"))
    board = battle.board()
    check = movement.check_path(board, board.body(who), squares, mode, restricted=restricted,
                                parity=ts.parity if mode in ("move", "double") else 0)
    if not check.legal:
        raise Refused(check.reason)
    events = _spend(battle, who, kind, mode)
    ts.moved = True
    ts.five_foot = False
    ts.parity = _parity_after(check.positions, ts.parity)
    events += _walk(battle, who, check.positions, mode, declined)
    events.append(Moved(who=who, path=tuple(check.positions), mode=mode, cost_m=metres(check.cost)))
    return events


def do_move(battle, who, args, declined) -> list:
    """Move action: up to its speed; a second one (the standard action) continues the count."""
    return _move_common(battle, who, _squares(args), "move", declined, "move")


def do_withdraw(battle, who, args, declined) -> list:
    """Full-round, 2x speed, the start square safe from visible foes; restricted: a
    standard action at speed (French text, "retraite")."""
    restricted = _ts(battle, who).restricted
    return _move_common(battle, who, _squares(args), "withdraw", declined,
                        "standard" if restricted else "full_round", restricted=restricted)


def do_run(battle, who, args, declined) -> list:
    """Full-round, straight line, x4 (x3 heavy armour); loses Dex to AC until its next turn."""
    events = _move_common(battle, who, _squares(args), "run", declined, "full_round")
    if "run" not in battle.board().body(who).feats:
        events += _until_next_turn(battle, who, "running")
    return events


def do_five_foot_step(battle, who, args, declined) -> list:
    ts = _ts(battle, who)
    if ts.moved or not ts.five_foot:
        raise Refused(Refusal("FIVE_FOOT_STEP_AFTER_MOVING"))
    to = _square(args.get("to"), "to")
    board = battle.board()
    check = movement.check_path(board, board.body(who), [to], "5ft")
    if not check.legal:
        raise Refused(check.reason)
    ts.five_foot = False
    ts.stepped = True
    events = _walk(battle, who, check.positions, "5ft", declined)
    return events + [Stepped(who=who, to=to)]


def _until_next_turn(battle, who, condition) -> list:
    battle.comp(who, Conditions).ids.add(condition)
    battle.comp(who, Effects).until_next_turn.add(condition)
    battle.changed()
    return [ConditionStarted(who=who, condition=condition)]


# --- attacks --------------------------------------------------------------------------

def _provoking_attack(battle, who, target, declined) -> tuple[list, bool]:
    """Ranged attacks provoke from every threatening foe; an unarmed attack on an armed
    foe provokes from it (digest §4.2, §4.4). The attacks of opportunity come first."""
    board = battle.board()
    me = board.body(who)
    takers: list[str] = []
    if is_ranged_attack(battle, who, target):
        takers = threatening_enemies(battle, who)
    elif me.weapon.is_unarmed and not me.armed_unarmed:
        t = board.body(target)
        if t.threat_band() is not None and any(threatens(board, t, sq) for sq in me.squares):
            takers = [target]
    if not takers:
        return [], False
    return take_opportunities(battle, who, takers, declined)


def _readied_on_attack(battle, attacker, declined) -> tuple[list, bool]:
    events: list = []
    board = battle.board()
    for readier, ready in sorted(battle.readied.items()):
        if ready["trigger"] != "attacks" or not board.body(readier).is_enemy_of(board.body(attacker)):
            continue
        if ready.get("target") not in (None, attacker):
            continue
        events += _fire_readied(battle, readier, attacker)
        if fallen(battle, attacker):
            return events, True
    return events, False


def _one_attack(battle, who, target, declined, **kw) -> list:
    r = check_attack(battle, who, target)
    if r:
        raise Refused(r)
    events, fell = _readied_on_attack(battle, who, declined)
    if fell:
        return events
    ev, fell = _provoking_attack(battle, who, target, declined)
    events += ev
    if fell:
        return events
    return events + resolve_attack(battle, who, target, **kw)


def do_attack(battle, who, args, declined) -> list:
    """Standard action: one attack (French text, "attaque"); ``defensively`` -4/+2 dodge."""
    target = _target(battle, args)
    r = check_attack(battle, who, target)
    if r:
        raise Refused(r)
    events = _spend(battle, who, "standard", "attack")
    defensively = bool(args.get("defensively"))
    if defensively:
        events += _until_next_turn(battle, who, "fighting_defensively")
    events += _one_attack(battle, who, target, declined, defensively=defensively, nonlethal=args.get("nonlethal"))
    return events + _after_strenuous(battle, who)


def iterative_bonuses(bab: int) -> list[int]:
    """+6/+1, +11/+6/+1, +16/+11/+6/+1 (digest §8.3)."""
    out = [bab]
    while out[-1] - 5 >= 1:
        out.append(out[-1] - 5)
    return out


def do_full_attack(battle, who, args, declined) -> list:
    """Full-round: the iterative attacks in order, a target for each, a 5-ft step before,
    between or after, or a move action instead of the attacks left after the first
    (French text, "attaque à outrance")."""
    plan = args.get("targets")
    if not isinstance(plan, list) or not plan:
        raise Refused(Refusal("BAD_ARGUMENT", {"key": "targets"}))
    events = _spend(battle, who, "full_round", "full_attack")
    defensively = bool(args.get("defensively"))
    if defensively:
        events += _until_next_turn(battle, who, "fighting_defensively")
    attacks = iterative_bonuses(battle.comp(who, Offense).bab)
    made = 0
    for item in plan:
        if isinstance(item, dict) and "five_foot_step" in item:
            events += do_five_foot_step(battle, who, {"to": item["five_foot_step"]}, declined)
            continue
        if isinstance(item, dict) and "move" in item:
            if made == 0:
                raise Refused(Refusal("FULL_ATTACK_MOVE_BEFORE_ATTACK"))
            ts = _ts(battle, who)
            ts.move = True          # the remaining attacks become a move action
            events += _move_common(battle, who, _squares(item, "move"), "move", declined, "move")
            break
        if made >= len(attacks):
            raise Refused(Refusal("NO_ATTACKS_LEFT", {"attacks": len(attacks)}))
        target = item if isinstance(item, str) else None
        if target is None or not battle.has(target):
            raise Refused(Refusal("UNKNOWN_CREATURE", {"creature": item}))
        events += _one_attack(battle, who, target, declined, iterative=made, defensively=defensively)
        made += 1
        if fallen(battle, who):
            break
    return events


def do_charge(battle, who, args, declined) -> list:
    """Full-round (standard at speed when restricted): straight to the closest attack
    space, one melee attack at +2, -2 AC until its next turn (French text, "charge")."""
    target = _target(battle, args)
    ts = _ts(battle, who)
    if ts.moved or ts.stepped:
        raise Refused(Refusal("CHARGE_AFTER_MOVING"))
    board = battle.board()
    result = charge_rules(board, board.body(who), board.body(target), restricted=ts.restricted)
    if not result.legal:
        raise Refused(result.reason)
    end = args.get("end")
    if end is None:
        if len(result.ends) > 1:
            raise Refused(Refusal("CHARGE_CHOOSE_END", {"ends": [list(e) for e in result.ends]}))
        end = result.ends[0]
    end = _square(end, "end")
    if end not in result.ends:
        raise Refused(Refusal("CHARGE_END_NOT_ALLOWED", {"ends": [list(e) for e in result.ends]}))
    events = _spend(battle, who, "standard" if ts.restricted else "full_round", "charge")
    ts.moved = True
    ts.five_foot = False
    path = lane_path(board.body(who).pos, end)
    events += _until_next_turn(battle, who, "charging")
    events += _walk(battle, who, path, "charge", declined)
    events.append(Moved(who=who, path=tuple(path), mode="charge", cost_m=metres(result.distance)))
    if battle.board().body(who).pos == end and not fallen(battle, who):
        events += _one_attack(battle, who, target, declined, charging=True)
    return events + (_after_strenuous(battle, who) if ts.restricted else [])


def do_total_defense(battle, who, args, declined) -> list:
    """Standard action: +4 dodge AC until its next turn, no attacks of opportunity."""
    return _spend(battle, who, "standard", "total_defense") + _until_next_turn(battle, who, "total_defense")


def do_stand_up(battle, who, args, declined) -> list:
    """Move action that provokes (digest §9.3)."""
    if "prone" not in battle.comp(who, Conditions).ids:
        raise Refused(Refusal("NOT_PRONE"))
    events = _spend(battle, who, "move", "stand_up")
    ev, fell = take_opportunities(battle, who, threatening_enemies(battle, who), declined)
    events += ev
    if status_of(battle, who) in ("normal", "staggered", "disabled"):
        battle.comp(who, Conditions).ids.discard("prone")
        battle.changed()
    return events


def do_drop_prone(battle, who, args, declined) -> list:
    if "prone" in battle.comp(who, Conditions).ids:
        raise Refused(Refusal("ALREADY_PRONE"))
    battle.comp(who, Conditions).ids.add("prone")
    battle.changed()
    return [ActionTaken(who=who, action="drop_prone", kind="free"), ConditionStarted(who=who, condition="prone")]


def do_draw(battle, who, args, declined) -> list:
    """Draw a carried weapon: a move action, or free during a move with BAB +1 or more
    (French text, footnote 4). What was in hand is dropped (a free action)."""
    weapon = args.get("weapon")
    inv = battle.comp(who, Inventory)
    if weapon not in inv.items or weapon not in data.weapons():
        raise Refused(Refusal("NOT_CARRIED", {"weapon": weapon}))
    ts = _ts(battle, who)
    if ts.moved and battle.comp(who, Offense).bab >= 1 and not ts.drew_free:
        events = [ActionTaken(who=who, action="draw", kind="free")]
        ts.drew_free = True
    else:
        events = _spend(battle, who, "move", "draw")
    inv.items.remove(weapon)
    battle.comp(who, Wielded).weapon_id = weapon
    battle.changed()
    return events + [WeaponDrawn(who=who, weapon=weapon)]


def do_delay(battle, who, args, declined) -> list:
    """Take no action now and act later in the round (French text, "retarder son action")."""
    if _ts(battle, who).acted:
        raise Refused(Refusal("DELAY_AFTER_ACTING"))
    battle.delayed.add(who)
    return [Delayed(who=who)] + turns.end_turn(battle)


def do_ready(battle, who, args, declined) -> list:
    """Standard action: name an action and a trigger (French text, "préparer une action")."""
    action = args.get("action", "attack")
    trigger = args.get("trigger")
    if action not in READY_ACTIONS:
        raise Refused(Refusal("READY_ACTION_UNKNOWN", {"action": action, "known": ", ".join(READY_ACTIONS)}))
    if trigger not in READY_TRIGGERS:
        raise Refused(Refusal("READY_TRIGGER_UNKNOWN", {"trigger": trigger, "known": ", ".join(READY_TRIGGERS)}))
    target = args.get("target")
    if target is not None and not battle.has(target):
        raise Refused(Refusal("UNKNOWN_CREATURE", {"creature": target}))
    events = _spend(battle, who, "standard", "ready")
    battle.readied[who] = {"action": action, "trigger": trigger, "target": target}
    return events + [Readied(who=who, action=action, trigger=trigger)]


def do_end_turn(battle, who, args, declined) -> list:
    return turns.end_turn(battle)


ACTIONS = {
    "move": do_move, "five_foot_step": do_five_foot_step, "withdraw": do_withdraw, "run": do_run,
    "attack": do_attack, "full_attack": do_full_attack, "charge": do_charge, "total_defense": do_total_defense,
    "stand_up": do_stand_up, "drop_prone": do_drop_prone, "draw": do_draw, "delay": do_delay, "ready": do_ready,
    "end_turn": do_end_turn,
}
