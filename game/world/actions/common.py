"""What every action shares: refusals, the turn's budget, reading arguments, and the
handlers' table, with the table of the judging parts ``options`` reads without a dry run."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ...dice import WouldRoll
from ...rules.geometry import Square
from ...rules.movement import blocked_code
from ...rules.reasons import Refusal
from .. import budget
from ..components import TurnState
from ..damage import ABLE, apply_damage, status_of
from ..events import ActionTaken


# Every action's handler by name, (battle, who, args, declined) -> events: filled by
# ``dispatch`` when the actions are imported. A readied action and a full-round action
# completed play their command through it (``timing``), below the modules that define them.
ACTIONS: dict[str, Callable] = {}


class Refused(Exception):
    """Raised inside an action: the whole action is undone and this is the answer."""

    def __init__(self, refusal: Refusal):
        self.refusal = refusal
        super().__init__(refusal.code)


def refuse(code: str, **params) -> Refused:
    return Refused(Refusal(code, params))


@dataclass(frozen=True)
class Verdict:
    """What an action's judging part found, only reading the battle: the refusal ``act``
    gives before any die (``refusal``), else whether nothing after it can refuse but a die
    (``settled``: then ``check``'s answer is this one), and what it worked out that the
    play goes on with (``plan``: a checked path, a charge's lanes …)."""

    refusal: Refusal | None = None
    settled: bool = False
    plan: Any = None


# The judging parts by action name, (battle, who, args) -> Verdict, filled by ``dispatch``.
# Each is the first thing its handler does (``judged``), before it changes anything, so
# ``options`` asking it directly gets the answer ``check`` and ``act`` give: one copy of
# each rule. A judge only reads (``battle.read``, never ``battle.comp``, which counts as a
# change outside an action) and raises nothing: its refusals are in the verdict.
JUDGES: dict[str, Callable[..., Verdict]] = {}


def judging(judge: Callable[..., Verdict]) -> Callable[..., Verdict]:
    """A judging part written as the handler's prefix was, raising its refusals: each
    comes back as the verdict's ``refusal``."""
    def run(*args, **kwargs) -> Verdict:
        try:
            return judge(*args, **kwargs)
        except Refused as exc:
            return Verdict(exc.refusal)
    run.__name__ = run.__qualname__ = judge.__name__
    run.__doc__ = judge.__doc__
    return run


def affordable(battle, who: str, kind: str) -> None:
    """Refuse, only reading, what ``spend`` would refuse: no action of ``kind`` left."""
    refusal = budget.refusal(battle.read(who, TurnState), kind)
    if refusal is not None:
        raise Refused(refusal)


def judged(battle, verdict: Verdict) -> Any:
    """What a handler does first with its judging part's verdict: refuse with its refusal;
    when it is settled stop a ``check`` there (``settled``); else go on with its plan."""
    if verdict.refusal is not None:
        raise Refused(verdict.refusal)
    if verdict.settled:
        settled(battle)
    return verdict.plan


def settled(battle) -> None:
    """Nothing after this point of an action can refuse it except a die: a ``check``
    (dice that may not roll, no preview) stops here and says it is legal, rather than
    playing the rest. Put it only where that is true; the options test proves it."""
    if battle.dice.probing and battle.recorder is None:
        raise WouldRoll(0, "settled")


def turn_state(battle, cid: str) -> TurnState:
    return battle.comp(cid, TurnState)


def afford(battle, who: str, kind: str) -> None:
    """Refuse now when no action of ``kind`` is left, before the checks of the action's
    other conditions: the reason a player reads is the one that blocks whatever they change
    (a hand freed or another aim would not give back the action; play-test 2, items 4-5)."""
    r = budget.refusal(turn_state(battle, who), kind)
    if r:
        raise Refused(r)


def spend(battle, who: str, kind: str, action: str) -> list:
    """Spend an action of ``kind`` (standard, move, full_round, swift, free) or refuse."""
    ts = turn_state(battle, who)
    r = budget.refusal(ts, kind)
    if r:
        raise Refused(r)
    if kind != "free":
        # Another action between a draw at BAB +1 and the movement it was combined with
        # parts them: the draw was a move action (``other._free_with_move_or_spend``).
        ts.move_after_draw = False
    budget.spend(ts, kind)
    if kind in ("standard", "full_round") and status_of(battle, who) == "disabled":
        ts.strenuous = True      # 1 damage once the action is over (digest §8.2)
        if battle.recorder is not None:
            battle.recorder.strained(who)        # a preview says so before it is spent
    return [ActionTaken(who=who, action=action, kind=kind)]


def strenuous_damage(battle, who: str) -> list:
    """A disabled creature that took a standard action takes 1 damage after it (digest §8.2)."""
    ts = turn_state(battle, who)
    if ts.strenuous and status_of(battle, who) == "disabled":
        ts.strenuous = False
        return apply_damage(battle, who, 1, nonlethal=False)
    ts.strenuous = False
    return []


def square_arg(value, key: str) -> Square:
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise refuse("BAD_ARGUMENT", key=key)
    return (value[0], value[1])


def squares_arg(args: dict, key: str = "squares") -> list[Square]:
    raw = args.get(key)
    if not isinstance(raw, list) or not raw:
        raise refuse("BAD_ARGUMENT", key=key)
    return [square_arg(v, key) for v in raw]


def target_arg(battle, args: dict, key: str = "target") -> str:
    t = args.get(key)
    if not isinstance(t, str) or not battle.has(t):
        raise refuse("UNKNOWN_CREATURE", creature=t)
    return t


def is_able(battle, cid: str) -> bool:
    return status_of(battle, cid) in ABLE


def charge_end(result, args: dict) -> Square:
    """The space a charge ends in: ``end`` among the closest spaces, needed when several
    tie (the charger's choice, French text "charge")."""
    end = args.get("end")
    if end is None:
        if len(result.ends) > 1:
            raise refuse("CHARGE_CHOOSE_END", ends=[list(e) for e in result.ends])
        end = result.ends[0]
    end = square_arg(end, "end")
    if end not in result.ends:
        raise refuse("CHARGE_END_NOT_ALLOWED", ends=[list(e) for e in result.ends])
    return end


def medium_path(battle, who: str, squares: list[Square], inside, off_code: str, corner_passes=lambda sq: False) -> int:
    """Refuse, before any die, a climb or a swim along ``squares`` (each step into, along or
    out of the medium: ``inside(square)``): a step of one square each, never from ground
    to ground (``off_code``: walk there), never into a wall nor an occupied square, nor
    past a corner unless ``corner_passes`` (along the rock face). The number of squares."""
    board = battle.board()
    terrain = battle.current_terrain()
    here = board.body(who).pos
    for sq in squares:
        if max(abs(sq[0] - here[0]), abs(sq[1] - here[1])) != 1:
            raise refuse("PATH_NOT_ADJACENT", square=list(sq))
        if not inside(sq) and not inside(here):
            raise refuse(off_code, square=list(sq))              # walk on the ground
        if not inside(sq) and not terrain.is_enterable(sq):
            raise refuse(blocked_code(terrain, sq, 1), square=list(sq))
        if [b for b in board.occupants.get(sq, ()) if b.id != who and not b.is_helpless]:
            raise refuse("END_OCCUPIED", square=list(sq))
        corners = ((sq[0], here[1]), (here[0], sq[1])) if sq[0] != here[0] and sq[1] != here[1] else ()
        if any(terrain.blocks_corner(c) and not corner_passes(c) for c in corners):
            raise refuse("CORNER", square=list(sq))
        here = sq
    return len(squares)
