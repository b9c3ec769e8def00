"""Overrun (French text, "renversement"): a standard action taken during a move (or as
part of a charge) to go through a foe's space. Entering provokes from the defender; the
defender avoids or blocks (not against Improved Overrun or Trample); a blocked overrun
is opposed Strength against the better of Strength or Dexterity, size ±4, stability +4,
+2 when charging (the French text), +4 with Improved Overrun; a winner knocks the
defender prone and moves on; a loser may be knocked prone in turn, falls back 1.5 m and
stops — prone if that square is occupied. Once a round. An avoided overrun costs no
standard action, only the movement (``overrun``)."""
from __future__ import annotations

from dataclasses import replace

from ... import data
from ...rules import maneuvers as rules, movement
from ...rules.board import Board
from ...rules.geometry import metres, space_squares
from ...rules.modifiers import Modifier, total
from .. import budget, specials
from ..attacks import resolve_attack, take_opportunities
from ..components import Feats, Position, TurnState
from ..damage import status_of
from ..events import FellProne, Moved, MovementStopped
from ..saddle import sync_rider
from ..systems import mover
from .common import ABLE, Refused, Verdict, judged, judging, refuse, spend, squares_arg, target_arg, turn_state
from .contests import is_stable, knock_prone, opposed, space_free
from .moving import parity_after, walk


def overrun_squares(battle, who: str, target: str) -> tuple:
    """The straight way through the defender's space to the first space past it, from the
    mover's space (its mount's, when riding): what an overrun is usually given."""
    board, moving = mover(battle, who)
    me, foe = board.body(moving), board.body(target)
    dx = (foe.pos[0] > me.pos[0]) - (foe.pos[0] < me.pos[0])
    dy = (foe.pos[1] > me.pos[1]) - (foe.pos[1] < me.pos[1])
    squares: list = []
    here = me.pos
    foe_squares = set(foe.squares)
    while len(squares) <= 8 and (dx or dy):
        here = (here[0] + dx, here[1] + dy)
        squares.append(here)
        if len(squares) > 1 and not set(space_squares(here, me.span)) & foe_squares \
                and set(space_squares(squares[-2], me.span)) & foe_squares:
            break                                   # the first space past the defender
    return tuple(squares) or (me.pos,)


def _letting_by(board: Board, who: str, mover: str, target: str) -> Board:
    """The board as if the defender let the mover by (the path must go through its
    space), made once per board: the options that try each defender and the overrun then
    played share it and the paths worked out on it. A rider shares its mount's space: it
    never blocks its own mount."""
    key = ("letting_by", who, mover, target)
    made = board.move_contexts.get(key)
    if made is None:
        side = board.body(mover).side
        others = tuple(b for b in board.bodies if b.id != who) if mover != who else board.bodies
        made = board.move_contexts[key] = Board(
            board.terrain, tuple(replace(b, side=side) if b.id == target else b for b in others), board.variants)
        if mover == who:
            # the mover's paths on it, from its paths on this board (a rider's mount
            # loses the rider from the board: made anew)
            movement.MoveContext.letting_by(board, made, board.body(mover), target)
    return made


@judging
def judge_overrun(battle, who: str, mover: str, args) -> Verdict:
    """An overrun's judging part (``overrun``): once a round, not after a 5-ft step, a foe
    at most one size larger, a path for the mover that goes through the defender's space
    as if it let the mover by and ends past it, a move action for the mover and the
    standard action for ``who``, in the order they are paid. On foot (``mover`` is
    ``who``) nothing after it refuses before a die; a rider's Ride check comes first."""
    target = target_arg(battle, args)
    squares = squares_arg(args)
    ts, mts = battle.read(who, TurnState), battle.read(mover, TurnState)
    if ts.overran:
        raise refuse("ONE_OVERRUN_A_ROUND")
    if mts.stepped:
        raise refuse("NO_MOVE_AFTER_FIVE_FOOT_STEP")
    board = battle.board()
    me, foe = board.body(mover), board.body(target)
    if not rules.may_target_size(me.size, foe.size):
        raise refuse("TARGET_TOO_BIG", target=target)
    foe_squares = set(foe.squares)
    letting_by = _letting_by(board, who, mover, target)
    check = movement.check_path(letting_by, me, squares, "move", parity=mts.parity)
    if not check.legal:
        raise refuse(check.reason.code, **check.reason.params)
    enter = next((i for i, p in enumerate(check.positions) if foe_squares & set(space_squares(p, me.span))), None)
    if enter is None:
        raise refuse("OVERRUN_PATH_MISSES", target=target)
    if foe_squares & set(space_squares(check.positions[-1], me.span)):
        raise refuse("END_OCCUPIED", square=list(check.positions[-1]))
    for creature, kind in ((mover, "move"), (who, "standard")):
        refusal = budget.refusal(battle.read(creature, TurnState), kind)
        if refusal:
            raise Refused(refusal)
    if mover == who:
        # Paying the move may take the standard action (``budget.spend``), which the
        # overrun then lacks: ``overrun`` pays them in this order.
        left = replace(ts)
        budget.spend(left, "move")
        refusal = budget.refusal(left, "standard")
        if refusal:
            raise Refused(refusal)
    return Verdict(settled=mover == who, plan=(target, check, enter))


def judge_overrun_on_foot(battle, who: str, args) -> Verdict:
    return judge_overrun(battle, who, who, args)


def do_overrun(battle, who, args, declined) -> list:
    verdict = judge_overrun(battle, who, who, args)
    judged(battle, verdict)
    return overrun(battle, who, who, args, declined, verdict=verdict)


def overrun(battle, who: str, mover: str, args, declined, before=None, verdict: Verdict | None = None) -> list:
    """``who`` overruns; ``mover`` goes through the defender's space: itself, or its mount
    (French text: in a mounted overrun the mount makes the Strength check, with its size;
    with Trample the defender cannot avoid it and a defender knocked down takes a hoof).

    The standard action is paid for before any die (it must be there: "par une action
    simple"), and given back when the defender avoids: "S'il l'évite, il ne subit aucun
    autre effet. Si le personnage effectuait une charge, il peut continuer à avancer [...].
    Dans tous les cas, la tentative de renversement ne compte pas comme une des actions du
    tour du personnage (mis à part pour le mouvement nécessaire pour pénétrer dans la case
    de l'adversaire)". Our reading: "Dans tous les cas" closes the paragraph of the
    defender who avoids, and means charging or not (the SRD's "In either case" at the same
    place); a blocked overrun is the standard action the section's first sentence names.
    The mover's movement is spent either way, and an avoided attempt is still the round's
    one attempt ("Une seule tentative de renversement est possible par round").
    ``verdict``: its judging part's (``judge_overrun``), when the caller has it."""
    verdict = verdict or judge_overrun(battle, who, mover, args)
    if verdict.refusal is not None:
        raise Refused(verdict.refusal)
    target, check, enter = verdict.plan
    ts, mts = turn_state(battle, who), turn_state(battle, mover)
    events = before() if before else []        # a rider's Ride check to control its mount
    events += spend(battle, mover, "move", "move" if mover == who else "ride_move")
    unspent = (ts.standard, ts.move, ts.strenuous, ts.acted)
    standard = spend(battle, who, "standard", "overrun")    # refused here, before any die, if it cannot be paid
    ts.overran = True
    mts.moved = True
    mts.five_foot = False
    mts.parity = parity_after(check.positions, mts.parity)
    rest, outcome = _go_through(battle, who, mover, target, check, enter, args, declined)
    if outcome == "avoided":
        ts.standard, ts.move, ts.strenuous, ts.acted = unspent     # it did not count as an action
        return events + rest
    return events + standard + rest


def _go_through(battle, who: str, mover: str, target: str, check, enter: int, args, declined) -> tuple[list, str]:
    """Walk the checked path (``check``) up to the defender, overrun it, and walk on past
    it if the way is open: (events, the overrun's outcome, as ``overrun_at`` gives it, or
    "fell" on the way)."""
    positions = check.positions
    events = walk(battle, mover, positions[:enter], "move", declined)
    sync_rider(battle, mover)
    if battle.board().body(mover).pos != positions[enter - 1]:
        return events, "fell"                               # fell on the way
    ev, outcome = overrun_at(battle, who, target, declined, args, charging=False, mover=mover)
    events += ev
    through = outcome in ("avoided", "won")
    if battle.board().body(mover).pos == positions[enter - 1] and status_of(battle, mover) in ABLE \
            and "prone" not in battle.board().body(mover).conditions and through:
        events += walk(battle, mover, positions[enter - 1:], "move", declined)
        sync_rider(battle, mover)
        events.append(Moved(who=mover, path=tuple(positions), mode="overrun", cost_m=metres(check.cost)))
    return events, outcome


def overrun_at(battle, who: str, target: str, declined, args: dict, charging: bool,
                mover: str | None = None) -> tuple[list, str]:
    """The overrun itself, the attacker (or its mount, ``mover``) standing next to the
    defender's space: (events, outcome): "fell" to the defender's attack of opportunity,
    "avoided" (the defender let it by), "won" or "lost" the blocked overrun."""
    mover = mover or who
    feats = battle.comp(who, Feats).ids
    trample = mover != who and "trample" in feats       # Trample is a mounted feat
    events, fell = take_opportunities(battle, mover, [target], declined)   # entering its space
    if fell or status_of(battle, mover) not in ABLE:
        return events, "fell"
    can_avoid = "improved_overrun" not in feats and not trample
    if can_avoid and args.get("defender") == "avoid":
        return events, "avoided"
    a, d = battle.fighter(mover), battle.fighter(target)
    wins, _m, ev = opposed(battle, "overrun", mover, target,
                           rules.strength_check(a, charging=charging, improved="improved_overrun" in feats),
                           rules.resist_check(d, stable=is_stable(battle, target), dex_allowed=True))
    events += ev
    if wins:
        events += knock_prone(battle, target, mover)
        if trample and status_of(battle, target) != "dead":
            events += _hoof(battle, mover, target)
        return events, "won"
    knocked = False
    if args.get("counter", True) and status_of(battle, target) in ABLE:
        back, _m, ev = opposed(battle, "counter_overrun", target, mover,
                               total([Modifier(d.mod("str"), "ability", "str"),
                                      Modifier(rules.size_mod(d.size), "size", "size")]),
                               total([Modifier(max(a.mod("str"), a.mod("dex")), "ability", "str_or_dex"),
                                      Modifier(rules.size_mod(a.size), "size", "size")]))
        events += ev
        knocked = back
    # Back 1.5 m the way it came (it never left its square here), movement over.
    if knocked:
        events += knock_prone(battle, mover, target)
    events.append(MovementStopped(who=mover, at=battle.board().body(mover).pos, reason="overrun_failed"))
    return events, "lost"


def _hoof(battle, mount: str, target: str) -> list:
    """Trample: the mount's one hoof attack on the defender it knocked down (its routine's
    hoof when it has one)."""
    routine = specials.routine(battle, mount)
    slot = next((s for s in specials.routine_slots(routine) if s["weapon"] == "hoof"), None) if routine else None
    if slot is not None:
        return resolve_attack(battle, mount, target, slot=dict(slot, secondary=False, sole=False))
    return resolve_attack(battle, mount, target, weapon=data.weapons()["hoof"])


__all__ = ["judge_overrun", "judge_overrun_on_foot", "do_overrun", "overrun", "overrun_at", "FellProne", "Position", "space_free"]
