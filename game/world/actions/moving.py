"""Movement actions: move, double move, withdraw, run, 5-ft step, crawl, and the 1.5 m
of a full-round action through very difficult terrain (French text, "se déplacer",
"retraite", "courir", "pas de placement"; digest §1)."""
from __future__ import annotations

from dataclasses import replace

from ...rules import aoo as aoo_rules, movement
from ...rules.geometry import KING_MOVES, Square, distance, metres, space_squares
from ...rules.modifiers import ability_modifier
from ...rules.threat import threatens
from ..attacks import take_opportunities, threatening_enemies
from ..auras import stench_on
from .. import budget
from ..components import Abilities, Conditions, Position, RunState, TurnState
from ..durations import until_next_turn
from ..events import ActionTaken, Moved, MovementStopped, SavingThrow, Stepped
from ..processors import MoveIntent, StepIntent
from .common import Refused, Verdict, judged, judging, refuse, spend, square_arg, squares_arg, turn_state
from . import tumbling, web_sheets
from .timing import readied_on_entering


def parity_after(positions: list[Square], parity: int) -> int:
    for a, b in zip(positions, positions[1:]):
        if a[0] != b[0] and a[1] != b[1]:
            parity ^= 1
    return parity


def walk(battle, who: str, positions: list[Square], mode: str, declined: set[str],
         tumble: tumbling.Tumble | None = None) -> list:
    """Move square by square: attacks of opportunity before leaving a threatened square
    (once per opponent per round), readied actions on entering reach; a mover who falls
    stops where it is; one that comes to a web sheet stops short of it or is caught in it,
    and one that walks into a Web spell's area is caught there (``web_sheets.entering``).
    ``tumble``: a Tumble check per foe it would provoke or whose square it enters, before
    that step (digest §4.6, ``tumbling``)."""
    events: list = []
    ts = turn_state(battle, who)
    pos_comp = battle.comp(who, Position)
    if battle.recorder is not None:
        battle.recorder.walked(who, positions, mode)
    at_start = _end_takers(battle, who, positions[-1]) if len(positions) > 1 else set()
    for i in range(len(positions) - 1):
        board = battle.board()
        body = board.body(who)
        here = positions[i]
        if tumble is not None:
            ev, stopped = tumble.entering(battle, here, i + 1, ts.provoked_by_moving, declined)
            events += ev
            if stopped:
                return events
        if mode != "5ft":
            takers = []
            span = body.span
            # only enemies whose reach touches the space being left can be provoked by leaving it
            for enemy in aoo_rules.enemies_reaching(board, body, (here[0], here[1], here[0] + span - 1, here[1] + span - 1)):
                if enemy.id in ts.provoked_by_moving:
                    continue
                if mode == "withdraw" and i == 0 and aoo_rules.can_see(body, enemy):
                    continue
                if aoo_rules.provokes_leaving(board, enemy, body, here, threatened=battle.threat(enemy.id)):
                    takers.append(enemy.id)
            takers.sort(key=lambda c: battle.order.index(c) if c in battle.order else 0)
            if tumble is not None:
                takers, ev = tumble.leaving(battle, here, takers)
                events += ev
            ts.provoked_by_moving.update(takers)
            ev, fell = take_opportunities(battle, who, takers, declined, moving=True)
            events += ev
            if fell:
                events.append(MovementStopped(who=who, at=here, reason="fell"))
                return events
        if i == len(positions) - 2 and _end_takers(battle, who, positions[-1]) - at_start:
            # a creature came into the battle on the way (a pudding split by an attack of
            # opportunity): no movement ends in another's space
            events.append(MovementStopped(who=who, at=here, reason="occupied"))
            return events
        ev, web = web_sheets.entering(battle, who, here, positions[i + 1])
        events += ev
        if web == "noticed":                  # it saw the web in time: it stops short
            return events
        pos_comp.x, pos_comp.y = positions[i + 1]
        battle.changed()
        events += stench_on(battle, who)
        ev, fell = readied_on_entering(battle, who, declined, came_from=positions[i])
        events += ev
        if fell and web != "caught":
            events.append(MovementStopped(who=who, at=positions[i + 1], reason="fell"))
            return events
        if web == "caught":                   # it stumbled into the web: held there
            return events
    return events


def _end_takers(battle, who: str, end) -> set[str]:
    """The creatures standing in the space the movement ends on (any who were there when
    it was judged legal, a rider or a helpless foe, are compared against)."""
    board = battle.board()
    span = board.body(who).span
    return {o.id for sq in space_squares(tuple(end), span) for o in board.occupants.get(sq, ()) if o.id != who}


@judging
def judge_movement(battle, who, squares, mode, kind, restricted=False, tumble=None) -> Verdict:
    """A movement's judging part (``move_common``): no movement after a 5-ft step, none
    while resting after a run, a tumble only by one who may (``tumbling.refusal``), the
    path for ``mode`` (``rules.movement`` through the movement processor; a tumble's at
    its speed), the action it costs. Nothing after it refuses but a die."""
    ts = battle.read(who, TurnState)
    if ts.stepped:
        raise refuse("NO_MOVE_AFTER_FIVE_FOOT_STEP")
    run = battle.read(who, RunState)
    if run.rest_until >= battle.round and (ts.moved or mode in ("withdraw", "run")):
        raise refuse("RESTING_AFTER_RUN", until=run.rest_until)
    if tumble is not None:
        cannot = tumbling.refusal(battle, who)
        if cannot is not None:
            raise Refused(cannot)
    check = battle.run(who, MoveIntent(tuple(squares), mode, ts.parity if mode == "move" else 0, restricted,
                                       tumble))
    if not check.legal:
        raise refuse(check.reason.code, **check.reason.params)
    if not (mode == "move" and ts.move_after_draw):       # that move action is already paid (``move_common``)
        refusal = budget.refusal(ts, kind)
        if refusal is not None:
            raise Refused(refusal)
    return Verdict(settled=True, plan=check)


def move_common(battle, who, squares, mode, declined, kind, restricted=False, tumble=None) -> list:
    check = judged(battle, judge_movement(battle, who, squares, mode, kind, restricted, tumble))
    ts = turn_state(battle, who)
    if mode == "move" and ts.move_after_draw:
        # The move action a draw at BAB +1 took (``other._free_with_move_or_spend``): its
        # movement now, nothing more to spend.
        ts.move_after_draw = False
        events = [ActionTaken(who=who, action=mode, kind="move")]
    else:
        events = spend(battle, who, kind, mode)
    ts.moved = True
    ts.five_foot = False
    ts.parity = parity_after(check.positions, ts.parity)
    ts.squares_moved += check.cost
    if mode == "move":
        ts.move_action_moved = True
    if mode == "run":
        events += start_running(battle, who)       # before the first square: the run's AoOs see it
    tumbler = tumbling.start(battle, who, tumble, check.positions) if tumble is not None else None
    events += walk(battle, who, check.positions, mode, declined, tumbler)
    return events + [moved_event(battle, who, check.positions, mode, check.cost, events)]


def start_running(battle, who: str) -> list:
    """A runner loses its Dex bonus to AC from the start of the run until its next turn,
    unless it has the Run feat (French text, "courir": "Incapable d'éviter les attaques,
    il perd son éventuel bonus de Dextérité à la CA, à moins de posséder le don Course";
    digest §1.2, Run: "You lose your Dex bonus to AC"). Called before the first square, so the attacks of opportunity the
    run provokes already find it running."""
    if "run" in battle.board().body(who).feats:
        return []
    return until_next_turn(battle, who, "running")


def moved_event(battle, who, positions, mode, cost, events) -> Moved:
    """The movement as it happened: a mover stopped by a fall moved only that far."""
    stop = next((e.at for e in events if isinstance(e, MovementStopped) and e.who == who), None)
    if stop is not None and stop in positions:
        done = positions[:positions.index(stop) + 1]
        return Moved(who=who, path=tuple(done), mode=mode, cost_m=metres(distance(done[0], done[-1])) if len(done) > 1 else 0.0)
    return Moved(who=who, path=tuple(positions), mode=mode, cost_m=metres(cost))


def walked_event(who: str, path, here, mode: str, cost) -> Moved:
    """The charge's movement as it went: a charger stopped on the way (an attack of
    opportunity that drops it, a lost overrun) moved only up to where it stands, and so
    far: the log and the board's walk say that, not the lane it meant to run (play-test:
    "Orc 1 moves 30 ft" for an orc dropped after two squares)."""
    path = [tuple(p) for p in path]
    here = tuple(here)
    if here not in path or here == path[-1]:
        return Moved(who=who, path=tuple(path), mode=mode, cost_m=metres(cost))
    walked = path[:path.index(here) + 1]
    return Moved(who=who, path=tuple(walked), mode=mode, cost_m=metres(distance(walked[0], here)))


@judging
def judge_move(battle, who, args) -> Verdict:
    return judge_movement(battle, who, squares_arg(args), "move", "move", tumble=args.get("tumble"))


def do_move(battle, who, args, declined) -> list:
    """Move action: up to its speed; a second one (the standard action) continues the
    diagonal count (decisions §1). ``tumble``: half speed (or full at -10), a Tumble check
    per foe passed or gone through (digest §4.6, ``tumbling``)."""
    return move_common(battle, who, squares_arg(args), "move", declined, "move", tumble=args.get("tumble"))


def _withdrawal(battle, who) -> tuple[str, bool]:
    restricted = battle.read(who, TurnState).restricted
    return ("standard" if restricted else "full_round"), restricted


@judging
def judge_withdraw(battle, who, args) -> Verdict:
    kind, restricted = _withdrawal(battle, who)
    return judge_movement(battle, who, squares_arg(args), "withdraw", kind, restricted)


def do_withdraw(battle, who, args, declined) -> list:
    """Full-round, 2x speed, the start square safe from visible foes; restricted: a
    standard action at speed (French text, "retraite")."""
    kind, restricted = _withdrawal(battle, who)
    return move_common(battle, who, squares_arg(args), "withdraw", declined, kind, restricted=restricted)


@judging
def judge_run(battle, who, args) -> Verdict:
    """A run's judging part: not while resting after one, a straight path (``rules.movement``);
    then, once it has run as many rounds as its Constitution, a Con check (a die: not
    settled), else the movement's own judging part (``move_common``)."""
    run = battle.read(who, RunState)
    if run.rest_until >= battle.round:
        raise refuse("RESTING_AFTER_RUN", until=run.rest_until)
    squares = squares_arg(args)
    check = battle.run(who, MoveIntent(tuple(squares), "run"))
    if not check.legal:
        raise refuse(check.reason.code, **check.reason.params)
    if run.rounds >= battle.read(who, Abilities).scores["con"]:
        return Verdict()
    return judge_movement(battle, who, squares, "run", "full_round")


def do_run(battle, who, args, declined) -> list:
    """Full-round, straight line, x4 (x3 heavy armour); loses Dex to AC from its first
    square until its next turn without the Run feat (``start_running``). Rounds equal to
    Con, then a Con check each round (DC 10, +1 each); a failure stops it for a minute of
    rest (French text, "courir")."""
    judged(battle, judge_run(battle, who, args))
    run = battle.comp(who, RunState)
    con = battle.comp(who, Abilities).scores["con"]
    events: list = []
    board = battle.board()
    if run.rounds >= con:
        dc = 10 + run.checks
        d20 = battle.dice.roll(20, f"run Con check {who}")
        ok = d20 + ability_modifier(con) >= dc
        run.checks += 1
        events.append(SavingThrow(who=who, kind="con_check", d20=d20, bonus=ability_modifier(con), dc=dc, success=ok))
        if not ok:
            run.rounds = run.checks = 0
            run.rest_until = battle.round + 10
            return events + spend(battle, who, "full_round", "run") + [
                MovementStopped(who=who, at=board.body(who).pos, reason="exhausted_run")]
    events += move_common(battle, who, squares_arg(args), "run", declined, "full_round")   # starts running
    run.rounds += 1
    run.ran_this_turn = True
    return events


@judging
def judge_five_foot_step(battle, who, args) -> Verdict:
    """A 5-ft step's judging part: not in a round with other movement, one square the
    step processor allows. Nothing after it refuses."""
    ts = battle.read(who, TurnState)
    if ts.moved or not ts.five_foot:
        raise refuse("FIVE_FOOT_STEP_AFTER_MOVING")
    to = square_arg(args.get("to"), "to")
    check = battle.run(who, StepIntent(to))
    if not check.legal:
        raise refuse(check.reason.code, **check.reason.params)
    return Verdict(settled=True, plan=(to, check))


def do_five_foot_step(battle, who, args, declined) -> list:
    """Never provokes; not in a round with other movement (French text, pas de placement)."""
    to, check = judged(battle, judge_five_foot_step(battle, who, args))
    ts = turn_state(battle, who)
    ts.five_foot = False
    ts.stepped = True
    return walk(battle, who, check.positions, "5ft", declined) + [Stepped(who=who, to=to)]


def _one_square(battle, who, to, *, prone_ok: bool) -> list[Square]:
    body = battle.board().body(who)
    if max(abs(to[0] - body.pos[0]), abs(to[1] - body.pos[1])) != 1:
        raise refuse("NOT_ADJACENT", square=list(to))
    board = battle.board()
    probe = body if prone_ok is False else _standing(body)
    check = movement.check_path(board, probe, [to], "move")
    if not check.legal and check.reason.code != "TOO_FAR":
        raise refuse(check.reason.code, **check.reason.params)
    return [body.pos, to]


def _standing(body):
    return replace(body, conditions=body.conditions - {"prone"}, speed_squares=max(body.speed_squares, 3))


def do_crawl(battle, who, args, declined) -> list:
    """Prone, 1.5 m as a move action; it provokes from every creature that threatens it
    at any point of the crawl (digest §1.2)."""
    if "prone" not in battle.read(who, Conditions).ids:
        raise refuse("NOT_PRONE")
    ts = turn_state(battle, who)
    if ts.stepped:
        raise refuse("NO_MOVE_AFTER_FIVE_FOOT_STEP")
    to = square_arg(args.get("to"), "to")
    path = _one_square(battle, who, to, prone_ok=True)
    events = spend(battle, who, "move", "crawl")
    ts.moved = True
    ts.five_foot = False
    # Every creature that threatens it at any point of the crawl: where it starts or ends.
    board = battle.board()
    me = board.body(who)
    there = replace(me, pos=to)
    at_end = {e.id for e in board.enemies_of(me) if e.can_make_aoo()
              and any(threatens(board, e, sq) for sq in there.squares)}
    takers = sorted((set(threatening_enemies(battle, who)) | at_end) - ts.provoked_by_moving,
                    key=lambda c: battle.order.index(c) if c in battle.order else 0)
    ts.provoked_by_moving.update(takers)
    ev, fell = take_opportunities(battle, who, takers, declined, moving=True)
    events += ev
    if fell:
        return events + [MovementStopped(who=who, at=path[0], reason="fell")]
    pos = battle.comp(who, Position)
    pos.x, pos.y = to
    battle.changed()
    return events + [Moved(who=who, path=tuple(path), mode="crawl", cost_m=1.5)]


@judging
def judge_minimum_move(battle, who, args) -> Verdict:
    """The 1.5 m of a full-round action's judging part: no movement yet this round, one
    square the 1.5 m reaches, a full-round action left. Nothing after it refuses."""
    ts = battle.read(who, TurnState)
    if ts.moved or ts.stepped:
        raise refuse("FIVE_FOOT_STEP_AFTER_MOVING")
    to = square_arg(args.get("to"), "to")
    body = battle.board().body(who)
    if max(abs(to[0] - body.pos[0]), abs(to[1] - body.pos[1])) != 1:
        raise refuse("NOT_ADJACENT", square=list(to))
    check = movement.check_path(battle.board(), replace(body, speed_squares=3), [to], "move")
    if not check.legal:
        raise refuse(check.reason.code, **check.reason.params)
    refusal = budget.refusal(ts, "full_round")
    if refusal is not None:
        raise Refused(refusal)
    return Verdict(settled=True, plan=(body.pos, to))


def do_minimum_move(battle, who, args, declined) -> list:
    """A full-round action to move 1.5 m in any direction, even diagonally, where a move
    action would not go that far; it is not a 5-ft step and provokes normally (French
    text, "se déplacer de 1,50 mètre en terrain difficile")."""
    start, to = judged(battle, judge_minimum_move(battle, who, args))
    ts = turn_state(battle, who)
    events = spend(battle, who, "full_round", "minimum_move")
    ts.moved = True
    ts.five_foot = False
    events += walk(battle, who, [start, to], "move", declined)
    return events + [Moved(who=who, path=(start, to), mode="minimum_move", cost_m=1.5)]


__all__ = ["judge_movement", "judge_move", "judge_withdraw", "judge_run", "judge_five_foot_step", "judge_minimum_move",
           "do_move", "do_withdraw", "do_run", "start_running", "do_five_foot_step", "do_crawl", "do_minimum_move", "walk",
           "move_common", "KING_MOVES", "threatens"]
