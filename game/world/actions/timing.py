"""Who acts when: turns, delay, readied actions, and full-round actions started and
completed over two rounds by a creature restricted to one action (French text,
"retarder son action", "préparer une action", "commencer/terminer une action complexe")."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ...rules.geometry import Square
from ...rules.reasons import Refusal
from ...rules.sight import has_line_of_sight
from ...rules.threat import threatens
from .. import turns
from ..attacks import fallen
from ..commands import Attack
from ..components import FullRoundStarted, ReadiedAction, Timing, TurnState
from ..damage import status_of
from ..events import Delayed, Readied, ReadiedActionFailed, ReadiedActionTriggered
from .common import ABLE, ACTIONS, Refused, Verdict, affordable, judged, judging, refuse, settled, spend, turn_state

# ``charges``: a charging enemy comes within reach, to set a spear against it (French
# text, "en préparant une réception de charge").
# What a readied action waits for (French text, "préparer une action": "une condition
# particulière"): an enemy entering its reach (or charging into it), attacking, casting,
# stepping into its line of sight, or reaching a square the player names.
READY_TRIGGERS = ("enemy_moves_within_reach", "attacks", "casts", "charges", "comes_into_sight", "reaches_square")
# A standard, move or free action (French text: "une action simple, une action de mouvement
# ou une action libre"); those aimed at a creature strike whoever set it off unless named.
READY_ACTIONS = ("attack", "move", "five_foot_step", "cast", "trip", "disarm", "sunder", "feint", "grapple",
                 "bull_rush", "total_defense", "drop_prone", "stand_up", "draw", "load")
AIMED_AT_TRIGGER = ("attack", "trip", "disarm", "sunder", "feint", "grapple", "bull_rush", "cast")
# Full-round actions a restricted creature may start and complete over two rounds: not
# full attack, charge, run or withdraw (French text); a spell of 1 round is the text's own
# example ("pour lancer un sort dont le temps d'incantation est de 1 round entier, on peut
# commencer l'incantation pendant un round et la finir dans le round suivant").
TWO_ROUND_ACTIONS = ("load", "coup_de_grace", "minimum_move", "cast")
# The actions whose start already does part of the work, by name: (begin, finish). begin
# (battle, who, args, declined) -> events plays the start after the standard action is
# spent; finish (battle, who, declined) -> events plays the completion instead of the whole
# command. Filled by the modules that own them (``casting``: a spell of 1 round begun now
# and finished next round), above this one.
SPREAD: dict[str, tuple[Callable, Callable]] = {}
# What forbids an action before its handler (``dispatch.preconditions``: the saddle, a rock
# face, turned, calmed, a grapple, the action's gate), set by the dispatcher above this
# module: a readied action obeys it as much as one played on the creature's turn.
PRECONDITIONS: list[Callable] = []


def who_may_act(battle, who: str) -> list:
    """The creature whose turn it is acts; a delaying creature may step in between turns."""
    if not battle.has(who):
        raise refuse("UNKNOWN_CREATURE", creature=who)
    if battle.winner is not None:
        raise refuse("BATTLE_OVER", side=battle.winner)
    if who == battle.turn:
        if status_of(battle, who) not in ABLE:
            raise refuse("CANNOT_ACT", status=status_of(battle, who))
        return []
    if battle.read(who, Timing).delaying and battle.turn is not None and _untouched(battle.read(battle.turn, TurnState)):
        return _resume_delayed(battle, who)
    raise refuse("NOT_YOUR_TURN", turn=battle.turn)


def _untouched(ts) -> bool:
    """Nothing done yet this turn, not even a 5-ft step."""
    return not (ts.acted or ts.moved or ts.stepped)


def _resume_delayed(battle, who: str) -> list:
    """A delaying creature acts before the current one: its initiative becomes that count."""
    battle.comp(who, Timing).delaying = False
    current = battle.turn
    battle.order.remove(who)
    battle.order.insert(battle.order.index(current), who)
    battle.shared.counts[who] = battle.shared.counts[current]
    return turns.begin_turn(battle, who)


def do_delay(battle, who, args, declined) -> list:
    """Take no action now and act later in the round."""
    if not _untouched(turn_state(battle, who)):
        raise refuse("DELAY_AFTER_ACTING")
    settled(battle)
    battle.comp(who, Timing).delaying = True
    return [Delayed(who=who)] + turns.end_turn(battle)


def do_step_in(battle, who, args, declined) -> list:
    """A delaying creature takes its turn now, before the current creature has done
    anything (French text, "retarder son action"); the turn itself begins in who_may_act."""
    return []


@judging
def judge_ready(battle, who, args) -> Verdict:
    """Readying's judging part, all of it (``do_ready``): an action that can be readied,
    a trigger from the list (with its square when it names one), the standard action."""
    command = args.get("command")
    trigger = args.get("trigger")
    action = command.action if command is not None else "attack"
    if action not in READY_ACTIONS:
        raise refuse("READY_ACTION_UNKNOWN", action=action, known=", ".join(READY_ACTIONS))
    if trigger not in READY_TRIGGERS:
        raise refuse("READY_TRIGGER_UNKNOWN", trigger=trigger, known=", ".join(READY_TRIGGERS))
    target = args.get("target")
    if target is not None and not battle.has(target):
        raise refuse("UNKNOWN_CREATURE", creature=str(target))
    square = args.get("square")
    if trigger == "reaches_square":
        if square is None:
            raise refuse("READY_NEEDS_SQUARE")
        if not battle.board().terrain.in_bounds(tuple(square)):
            raise refuse("READY_SQUARE_OFF_MAP", square=list(square))
    affordable(battle, who, "standard")
    return Verdict(settled=True, plan=(command, trigger, action, target, square))


def do_ready(battle, who, args, declined) -> list:
    """Standard action: a standard, move or free action (``command``, an attack by default)
    and its trigger; it interrupts the trigger and the creature's initiative moves just
    before the triggering creature."""
    command, trigger, action, target, square = judged(battle, judge_ready(battle, who, args))
    events = spend(battle, who, "standard", "ready")
    battle.comp(who, Timing).readied = ReadiedAction(action, trigger, target, command,
                                                     tuple(square) if square is not None else None)
    return events + [Readied(who=who, action=action, trigger=trigger)]


def _readied(battle) -> list[tuple[str, ReadiedAction]]:
    """The readied actions waiting now, by readier id."""
    return [(cid, t.readied) for cid, t in battle.each(Timing) if t.readied is not None]


def readied_on_entering(battle, mover: str, declined: set[str], came_from: Square | None = None) -> tuple[list, bool]:
    """Readied actions an enemy's step sets off: coming within reach — any enemy
    (``enemy_moves_within_reach``), or a charging one (``charges``: a weapon set against a
    charge, French text "en préparant une réception de charge") — as the mover enters a
    square the readier threatens, so before a charger's attack; stepping from out of the
    readier's line of sight into it (``comes_into_sight``, from ``came_from``); entering
    the square the player named (``reaches_square``)."""
    events: list = []
    board = battle.board()
    body = board.body(mover)
    was_prone = "prone" in body.conditions
    for readier, ready in _readied(battle):
        if not board.body(readier).is_enemy_of(body) or ready.target not in (None, mover):
            continue
        if not _step_sets_off(board, board.body(readier), body, ready, came_from):
            continue
        events += fire_readied(battle, readier, mover, declined)
        if fallen(battle, mover, was_prone):
            return events, True
        board = battle.board()
        body = board.body(mover)
    return events, False


def _step_sets_off(board, readier, body, ready: ReadiedAction, came_from: Square | None) -> bool:
    if ready.trigger == "charges" and "charging" not in body.conditions:
        return False
    if ready.trigger in ("enemy_moves_within_reach", "charges"):
        return any(threatens(board, readier, sq) for sq in body.squares)
    if ready.trigger == "reaches_square":
        return ready.square is not None and tuple(ready.square) in body.squares
    if ready.trigger == "comes_into_sight" and came_from is not None:
        return has_line_of_sight(board, readier, body) and \
            not has_line_of_sight(board, readier, replace(body, pos=came_from))
    return False


def readied_on_attack(battle, attacker: str, declined, trigger: str = "attacks") -> tuple[list, bool]:
    """Readied actions waiting for this creature to attack (or, ``trigger="casts"``, to
    cast): they go first (French text, "préparer une action")."""
    events: list = []
    board = battle.board()
    was_prone = "prone" in board.body(attacker).conditions
    for readier, ready in _readied(battle):
        if ready.trigger != trigger or not board.body(readier).is_enemy_of(board.body(attacker)):
            continue
        if ready.target not in (None, attacker):
            continue
        events += fire_readied(battle, readier, attacker, declined)
        if fallen(battle, attacker, was_prone):
            return events, True
    return events, False


def fire_readied(battle, readier: str, trigger_by: str, declined) -> list:
    """Play the readied action now, as one standard or move action; if it cannot be done
    any more it is lost. Then the readier's initiative moves just before the trigger's."""
    timing = battle.comp(readier, Timing)
    ready, timing.readied = timing.readied, None
    events: list = [ReadiedActionTriggered(who=readier, trigger_by=trigger_by)]
    if status_of(battle, readier) not in ABLE:
        return events
    command = ready.command or Attack(readier)
    args = command.handler_arguments()
    aimed = args.get("target") or args.get("targets") or args.get("point")
    if ready.action in AIMED_AT_TRIGGER and not aimed:
        args["target"] = ready.target or trigger_by       # whoever set it off, unless one was named
    if ready.action == "attack":
        args["readied"] = True      # a weapon set against a charge doubles (``attacking.do_attack``)
    saved = turn_state(battle, readier)
    battle.put(readier, TurnState(restricted=True))
    snap = battle.snapshot()
    try:
        for forbids in PRECONDITIONS:
            refusal = forbids(battle, readier, command.action, args)
            if refusal is not None:
                raise Refused(refusal)
        events += ACTIONS[command.action](battle, readier, args, declined)
        battle.commit(snap)
    except Refused as exc:
        battle.restore(snap)
        events.append(ReadiedActionFailed(who=readier, reason=exc.refusal.code))
    battle.put(readier, saved)
    current = battle.turn
    if current in battle.order and readier in battle.order and readier != current:
        battle.order.remove(readier)
        battle.order.insert(battle.order.index(current), readier)
        battle.shared.counts[readier] = battle.shared.counts[current]
    battle.changed()
    return events


def do_end_turn(battle, who, args, declined) -> list:
    settled(battle)
    return turns.end_turn(battle)


def do_start_full_round(battle, who, args, declined) -> list:
    """Restricted to one action: start a full-round action (``command``) with a standard
    action, and complete it next round (French text, "commencer/terminer une action
    complexe")."""
    ts = turn_state(battle, who)
    command = args["command"]
    if not ts.restricted:
        raise refuse("NOT_RESTRICTED")
    if command.action not in TWO_ROUND_ACTIONS:
        raise refuse("NOT_TWO_ROUND_ACTION", action=command.action, known=", ".join(TWO_ROUND_ACTIONS))
    events = spend(battle, who, "standard", "start_full_round")
    battle.comp(who, Timing).full_round = FullRoundStarted(command, battle.round)
    if command.action in SPREAD:
        events += SPREAD[command.action][0](battle, who, command.handler_arguments(), declined)
    return events


def do_complete_full_round(battle, who, args, declined) -> list:
    """The second standard action, on the very next round."""
    started = battle.read(who, Timing).full_round
    if started is None or started.round != battle.round - 1:
        raise refuse("NOTHING_TO_COMPLETE")
    events = spend(battle, who, "standard", "complete_full_round")
    battle.comp(who, Timing).full_round = None
    if started.command.action in SPREAD:
        return events + SPREAD[started.command.action][1](battle, who, declined)
    saved = turn_state(battle, who)
    temp = TurnState(moved=saved.moved, stepped=saved.stepped, five_foot=saved.five_foot)
    battle.put(who, temp)
    command = started.command
    events += ACTIONS[command.action](battle, who, command.handler_arguments(), declined)
    # Whatever it moved counts for the rest of the turn (no 5-ft step after it).
    saved.moved |= temp.moved
    saved.stepped |= temp.stepped
    saved.five_foot &= temp.five_foot
    saved.squares_moved += temp.squares_moved
    saved.provoked_by_moving |= temp.provoked_by_moving
    battle.put(who, saved)
    return events


__all__ = ["Refusal"]
