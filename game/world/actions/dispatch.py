"""The dispatcher of ``act`` (design/query-protocol.md): every action's handler by name,
what forbids an action before its handler, and what follows any action. Each action
checks first and refuses with a reason, else plays with the battle's dice and returns
events. All or nothing: anything refused half-way is undone, dice included.

It sits above every action module (``actions/__init__`` only re-exports it), so that an
import-linter contract keeps the modules from reaching back up to it: the one thing below
that needs the table, a readied action played by ``timing``, reads ``common.ACTIONS``,
which this module fills."""
from __future__ import annotations

from ...dice import DiceError
from ...rules.reasons import Refusal
from .. import turns
from ..attacks import AOO_MANEUVERS
from ..auras import stench_sweep
from ..commands import Command
from ..components import Conditions, Grapple, Riding, Stats, Timing, TurnUses
from ..saddle import mounted_falls
from . import (attacking, casting, charging, climbing, commanding, domain_turning, doors, fear, first_aid, grapple,
               heavy, helping,
               magic_items, maneuvers, mounted, moving, other, overrun, sealed_doors, spellwork, splash, spring, summoning,
               swimming, timing, turning, warding, web_sheets, web_spell, webs, whirlwind)
from .common import ACTIONS, JUDGES, Refused, is_able, refuse, strenuous_damage
from .gates import GATES

ACTIONS.update({
    "move": moving.do_move, "five_foot_step": moving.do_five_foot_step, "withdraw": moving.do_withdraw,
    "run": moving.do_run, "crawl": moving.do_crawl, "minimum_move": moving.do_minimum_move,
    "attack": attacking.do_attack, "full_attack": attacking.do_full_attack, "charge": charging.do_charge,
    "coup_de_grace": charging.do_coup_de_grace, "whirlwind_attack": whirlwind.do_whirlwind_attack,
    "spring_attack": spring.do_spring_attack,
    "total_defense": other.do_total_defense, "stand_up": other.do_stand_up, "drop_prone": other.do_drop_prone,
    "draw": other.do_draw, "speak": other.do_speak, "sheathe": other.do_sheathe, "drop": other.do_drop,
    "pick_up": other.do_pick_up,
    "load": other.do_load, "ready_shield": other.do_ready_shield, "loose_shield": other.do_loose_shield,
    "drop_shield": other.do_drop_shield,
    "delay": timing.do_delay, "ready": timing.do_ready, "end_turn": timing.do_end_turn,
    "start_full_round": timing.do_start_full_round, "complete_full_round": timing.do_complete_full_round,
    "trip": maneuvers.do_trip, "bull_rush": maneuvers.do_bull_rush, "disarm": maneuvers.do_disarm,
    "sunder": maneuvers.do_sunder, "aid_another": helping.do_aid_another, "feint": maneuvers.do_feint,
    "overrun": overrun.do_overrun,
    **grapple.GRAPPLE_ACTIONS,
    "turn_undead": turning.do_turn_undead, "rebuke_undead": turning.do_rebuke_undead,
    "dispel_turning": turning.do_dispel_turning, "bolster_undead": turning.do_bolster_undead,
    "turn_creatures": domain_turning.do_turn_creatures, "rebuke_creatures": domain_turning.do_rebuke_creatures,
    "bolster_creatures": domain_turning.do_bolster_creatures,
    "command_undead": commanding.do_command_undead, "release_undead": commanding.do_release_undead,
    "mount": mounted.do_mount, "dismount": mounted.do_dismount, "ride": mounted.do_ride,
    "throw_splash": splash.do_throw_splash, "extinguish": splash.do_extinguish, "break_free": web_spell.do_break_free,
    "cast": casting.do_cast, "direct_spell": casting.do_direct_spell, "touch": casting.do_touch,
    "continue_casting": casting.do_continue_casting,
    "first_aid": first_aid.do_first_aid,
    "use_item": magic_items.do_use_item, "use_spell_like": magic_items.do_use_spell_like,
    "concentrate": spellwork.do_concentrate, "cease_concentration": spellwork.do_cease_concentration,
    "retrieve_component": spellwork.do_retrieve_component,
    "open_door": doors.do_open_door, "close_door": doors.do_close_door,
    "channel_at_door": sealed_doors.do_channel_at_door, "move_object": heavy.do_move_object,
    "retrieve": other.do_retrieve, "stow": other.do_stow,
    "lock_gauntlet": other.do_lock_gauntlet, "unlock_gauntlet": other.do_unlock_gauntlet,
    "step_in": timing.do_step_in, "web": webs.do_web, "cut_web": web_sheets.do_cut_web, "climb": climbing.do_climb,
    "swim": swimming.do_swim, "move_through_web": web_spell.do_move_through_web,
})

# The handlers split into a judging part and a play (``common.JUDGES``): each handler
# starts with its judge, so ``options`` can ask the judge alone without a dry run.
JUDGES.update({
    "move": moving.judge_move, "withdraw": moving.judge_withdraw, "run": moving.judge_run,
    "five_foot_step": moving.judge_five_foot_step, "minimum_move": moving.judge_minimum_move,
    "charge": charging.judge_charge, "overrun": overrun.judge_overrun_on_foot,
    "trip": maneuvers.judge_trip, "bull_rush": maneuvers.judge_bull_rush, "disarm": maneuvers.judge_disarm,
    "mount": mounted.judge_mount, "ready": timing.judge_ready, "coup_de_grace": charging.judge_coup_de_grace,
    "attack": attacking.judge_attack, "full_attack": attacking.judge_full_attack,
    "sunder": maneuvers.judge_sunder, "aid_another": helping.judge_aid_another, "feint": maneuvers.judge_feint,
    "move_object": heavy.judge_move_object,
})


# Movement on one's own feet, which a rider makes through its mount instead.
ON_FOOT = frozenset({"move", "five_foot_step", "withdraw", "run", "crawl", "minimum_move", "charge", "overrun"})


def act(battle, command: Command, dice: list[int] | None = None,
        declined: set[str] | None = None, instead: dict[str, str] | None = None) -> tuple[bool, Refusal | None, list]:
    """Play one command: (legal, refusal, events). All or nothing: a refusal, even after
    dice were rolled, leaves the battle as it was, dice included. ``instead``: the
    maneuver each attack-of-opportunity taker makes in place of its attack."""
    refusal = instead_refusal(battle, instead)
    if refusal is not None:
        return False, refusal, []
    snap = battle.snapshot()
    dice_before = len(battle.dice.history)
    battle.dice.script(list(dice or []))
    battle.aoo_instead = dict(instead or {})
    try:
        events = play(battle, command, declined or set())
        battle.dice.clear_script()
        # The command as played, with the faces it rolled: a save replays it exactly.
        played = {"who": command.who, "action": command.action, "args": command.arguments(),
                  "dice": list(dice or []), "declined": sorted(declined or ()),
                  "rolled": [r.face for r in battle.dice.history[dice_before:]]}
        if instead:
            played["instead"] = dict(sorted(instead.items()))
        battle.history.append(played)
        battle.commit(snap)
        return True, None, events
    except Refused as exc:
        battle.restore(snap)
        return False, exc.refusal, []
    except DiceError as exc:
        battle.restore(snap)
        return False, Refusal("BAD_DICE", {"detail": str(exc)}), []
    except BaseException:
        battle.restore(snap)       # a fault in the engine leaves the battle as it was
        raise
    finally:
        battle.aoo_instead = {}


def instead_refusal(battle, instead) -> Refusal | None:
    """An ``instead`` that is not creature ids each naming one of the maneuvers that can
    take an attack of opportunity's place (``attacks.AOO_MANEUVERS``)."""
    if not instead:
        return None
    if not isinstance(instead, dict) or not all(isinstance(k, str) and battle.has(k) and v in AOO_MANEUVERS
                                                for k, v in instead.items()):
        return Refusal("BAD_ARGUMENT", {"key": "aoo_maneuvers"})
    return None


def end_refusal(battle, who: str, action: str, end) -> Refusal | None:
    """What the conditions say of a movement that ends on ``end`` (a turned undead may only
    end farther from its cleric, a frightened creature from what it fears): the part of ``play``'s checks that depends on where a
    movement goes, for the views that list where it may go."""
    args = {"squares": [list(end)]}
    return turning.turned_refusal(battle, who, action, args) or fear.fear_refusal(battle, who, action, args)


# The conditions that let ``preconditions`` refuse anything (each refusal below starts by
# asking for its own): without any of them only the action's gate can refuse.
CONDITIONED = frozenset({"turned", "calmed", *fear.FEARS})


def unconditioned(battle, who: str) -> bool:
    """Whether no condition ``preconditions`` reads concerns ``who`` now: not in the saddle,
    not held to climbing or swimming (``ELSEWHERE``), neither turned, afraid nor calmed, no undead while someone is hidden
    from undead, not commanded, not a mount left without its rider, holding no grapple.
    Then ``preconditions`` is the action's gate alone, whatever the action and arguments
    (``options`` asks this once per creature rather than every condition per action)."""
    if mounted.undirected(battle, who) or battle.read(who, Grapple).holding:
        return False
    if CONDITIONED & battle.read(who, Conditions).ids or battle.read(who, TurnUses).commanded_by:
        return False
    if battle.read(who, Stats).values.get("undead") and warding.wards_anyone(battle):
        return False
    return not any(test(battle, who) for test, _code in ELSEWHERE)


def _in_the_saddle(battle, who: str) -> bool:
    return bool(battle.read(who, Riding).mount)


# What sends a creature's movement on its own feet elsewhere, with the refusal that says so:
# in the saddle the mount moves (``ride``), on a rock face one climbs, in deep water one
# swims (without a climb or swim speed), loose in a Web spell one moves through it slowly.
ELSEWHERE = ((_in_the_saddle, "RIDE_TO_MOVE"), (climbing.must_climb, "CLIMBING_USE_CLIMB"),
             (swimming.must_swim, "SWIMMING_USE_SWIM"), (web_spell.must_work_through, "IN_WEB_MOVE_THROUGH"))


def ends_bound(battle, who: str) -> bool:
    """Whether where a movement ends can be refused by a condition (``end_refusal``): a
    turned undead, a creature with something to fear. Otherwise no end is."""
    return "turned" in battle.read(who, Conditions).ids or fear.fear_source(battle, who) is not None


def preconditions(battle, who: str, action: str, args: dict) -> Refusal | None:
    """What forbids the action before its handler, only reading: the saddle, a rock face,
    the conditions (turned, afraid, calmed, hidden from undead, awaiting orders, a mount nobody
    directs, a grapple), then
    the action's own gate (``gates``)."""
    if unconditioned(battle, who):
        gate = GATES.get(action)
        return gate(battle, who) if gate is not None else None
    if action in ON_FOOT:
        code = next((code for test, code in ELSEWHERE if test(battle, who)), None)
        if code is not None:
            return Refusal(code)
    refused = (turning.turned_refusal(battle, who, action, args) or fear.fear_refusal(battle, who, action, args)
               or spellwork.calm_refusal(battle, who, action, args)
               or warding.unseen_refusal(battle, who, action, args)
               or commanding.awaiting_orders_refusal(battle, who, action)
               or mounted.undirected_refusal(battle, who, action, args))
    if refused is not None:
        return refused.refusal
    refusal = grapple.grapple_refusal(battle, who, action, args)
    if refusal is not None:
        return refusal
    gate = GATES.get(action)
    return gate(battle, who) if gate is not None else None


timing.PRECONDITIONS.append(preconditions)     # readied actions obey them too (``timing.fire_readied``)


def play(battle, command: Command, declined: set[str], aftermath: bool = True) -> list:
    """The whole of one action, as ``act`` and the asking faces run it: who may act, the
    conditions that forbid it, the action, then what follows any action (broken calm or
    hiding, stench, strain, turning, falls, victory, the end of a turn whose creature
    dropped). Raises ``Refused``; the caller rolls back. What follows never refuses:
    ``check`` leaves it out (``aftermath=False``)."""
    catches, battle.fall_catches = battle.fall_catches, command.feather_fall    # read by ``feather_fall``
    try:
        return _play(battle, command, declined, aftermath)
    finally:
        battle.fall_catches = catches


def _play(battle, command: Command, declined: set[str], aftermath: bool) -> list:
    who, action, args = command.who, command.action, command.handler_arguments()
    handler = ACTIONS[action]
    stepping_in = battle.has(who) and battle.read(who, Timing).delaying and who != battle.turn
    events = timing.who_may_act(battle, who)
    if action == "step_in" and not stepping_in:
        raise refuse("NOT_DELAYING")
    refusal = preconditions(battle, who, action, args)
    if refusal is not None:
        raise Refused(refusal)
    breaks_hiding = warding.breaks_hiding(battle, who, action, args)     # judged before it happens
    events += casting.interrupted(battle, who, action)       # a spell of 1 minute is ruined by any other action
    events += handler(battle, who, args, declined)
    if not aftermath:
        return events
    events += spellwork.break_calm(battle, events)
    events += warding.break_hiding(battle, who, breaks_hiding)
    events += stench_sweep(battle)
    if battle.has(who) and battle.turn == who:
        events += strenuous_damage(battle, who)
    events += turning.break_turning(battle)
    events += mounted_falls(battle)
    events += summoning.sweep_fallen(battle)
    # The battle ends as soon as a side has nobody left able to act.
    if battle.winner is None:
        turns.check_victory(battle, events)
    # A creature dropped during its own turn has no more turn to play (decisions §6).
    if battle.turn is not None and battle.winner is None and not is_able(battle, battle.turn) \
            and action != "end_turn":
        events += turns.end_turn(battle)
    return events
