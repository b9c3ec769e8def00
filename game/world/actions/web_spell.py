"""Breaking loose in a Web spell and moving through it (SRD Web; data-digest §5, ``web``;
the numbers and the geometry in ``rules.web_going``).

"If the save fails, the creature is entangled and can't move from its space, but can break
loose by spending 1 round and making a DC 20 Strength check or a DC 25 Escape Artist check.
Once loose (either by making the initial Reflex save or a later Strength check or Escape
Artist check), a creature remains entangled, but may move through the web very slowly. Each
round devoted to moving allows the creature to make a new Strength check or Escape Artist
check. The creature moves 5 feet for each full 5 points by which the check result exceeds
10."

Played (README, "Rulings", Web):
- ``break_free`` out of a Web spell that glued it: a full-round action ("spending 1 round"),
  Strength against DC 20 or Escape Artist against DC 25 (the ``method``, else the better
  chance); made, it is loose — still entangled, no longer glued.
- A creature loose in the web walks, steps, runs, withdraws and charges not
  (``dispatch.ELSEWHERE``): it moves with ``move_through_web``, a full-round action (the
  round devoted to moving), along ``squares`` through the web, the last one of which may be
  the first out of it. Its check (the ``method``'s) carries it 5 ft for each full 5 points
  above 10 along the path (diagonals counted 1-2-1), and it stops where the result runs
  out; leaving a threatened square provokes as a move does. Out of the web it is free of
  it: no longer entangled (a tanglefoot bag's goo, timed, still holds it).
- ``preview`` takes the check at its best (a natural 20) and records its plan
  (``Odds.web_going``: the chance to reach each square of the path).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...rules import web_going as rules
from ...rules.geometry import Square, metres
from ...rules.movement import MoveContext
from ..components import Conditions, TurnState, Webs
from ..events import ConditionEnded, Event, Moved, SavingThrow
from ..skill_aid import take_skill_aid
from .common import refuse, spend, squares_arg, turn_state
from .gates import in_spell_web, spell_web_squares
from .moving import walk
from .splash import do_break_free as break_goo_or_spider_web
from .web_fire import out_of_the_web
from .webs import check_bonuses


@dataclass(frozen=True)
class WebWorked(Event):
    """A creature's check to move through a Web spell: how many squares it carries it."""
    who: str
    method: str
    d20: int
    bonus: int
    total: int
    squares: int


def must_work_through(battle, who: str) -> bool:
    """Loose in a Web spell: it moves only through ``move_through_web`` (a glued one not at all)."""
    return in_spell_web(battle, who) and "glued" not in battle.read(who, Conditions).ids


def better_method(battle, who: str, dc: dict[str, int] | None = None) -> str:
    """The method with the better chance: against the DCs of breaking loose (``dc``), or
    the higher bonus when moving through (the same numbers for either)."""
    bonuses = check_bonuses(battle, who)
    dc = dc or {"strength": 0, "escape_artist": 0}
    return "escape_artist" if bonuses["escape_artist"] - dc["escape_artist"] > bonuses["strength"] - dc["strength"] \
        else "strength"


BREAKING_DCS = {"strength": rules.BURST_DC, "escape_artist": rules.ESCAPE_DC}


def methods_by_chance(battle, who: str, breaking: bool = False) -> tuple[str, str]:
    """Both methods of moving through (or, ``breaking``, of breaking loose), the better
    one first (the window's default)."""
    best = better_method(battle, who, BREAKING_DCS if breaking else None)
    return (best, "escape_artist" if best == "strength" else "strength")


def breaks_spell_web(battle, who: str) -> bool:
    """A ``break_free`` of this creature is out of a Web spell that glued it (no spider's
    web holds it)."""
    return not battle.read(who, Webs).caught and "glued" in battle.read(who, Conditions).ids \
        and in_spell_web(battle, who)


def _method(battle, who: str, args: dict, dc: dict[str, int] | None = None) -> str:
    method = args.get("method")
    if method is None:
        return better_method(battle, who, dc)
    if method not in rules.METHODS:
        raise refuse("BAD_ARGUMENT", key="method")
    return method


def _bonus(battle, who: str, method: str) -> int:
    """The check's bonus; another's aid counts on an Escape Artist check (``skill_aid``)."""
    bonus = check_bonuses(battle, who)[method]
    return bonus + (take_skill_aid(battle, who, "escape_artist") if method == "escape_artist" else 0)


def do_break_free(battle, who, args, declined) -> list:
    """Break loose of a Web spell that glued it (full-round: Strength DC 20 or Escape
    Artist DC 25); anything else that holds it, as before (``splash.do_break_free``)."""
    if not breaks_spell_web(battle, who):
        return break_goo_or_spider_web(battle, who, args, declined)
    dcs = BREAKING_DCS
    method = _method(battle, who, args, dcs)
    events = spend(battle, who, "full_round", "break_free")
    bonus = _bonus(battle, who, method)
    d20 = battle.dice.roll(20, f"break free web {who}")
    ok = d20 + bonus >= dcs[method]
    events.append(SavingThrow(who=who, kind=method, d20=d20, bonus=bonus, dc=dcs[method], success=ok))
    if ok:                                     # loose: "a creature remains entangled"
        battle.comp(who, Conditions).ids.discard("glued")
        battle.changed()
        events.append(ConditionEnded(who=who, condition="glued"))
    return events


def web_path(battle, who: str, squares: list[Square]) -> list[int]:
    """Refuse, before any die, a path ``move_through_web`` cannot take; else each square's
    cost so far (``rules.web_going.path_costs``)."""
    board = battle.board()
    costs = rules.path_costs(board, board.body(who), squares, spell_web_squares(battle))
    if not isinstance(costs, list):
        raise refuse(costs.code, **costs.params)
    return costs


def reach(battle, who: str, method: str | None = None) -> dict[Square, tuple[int, tuple[Square, ...]]]:
    """Where its best check (a natural 20 with ``method``, else the better one) could carry
    it through the web now: each end with its cost in squares and the path there."""
    board = battle.board()
    best = rules.best_squares(check_bonuses(battle, who)[method or better_method(battle, who)])
    return rules.reach(board, board.body(who), spell_web_squares(battle), best)


def do_move_through_web(battle, who, args, declined) -> list:
    """A full-round action: the check, then along ``squares`` as far as it carries it."""
    squares = squares_arg(args)
    method = _method(battle, who, args)
    ts = battle.read(who, TurnState)
    if ts.stepped:
        raise refuse("NO_MOVE_AFTER_FIVE_FOOT_STEP")
    costs = web_path(battle, who, squares)
    events = spend(battle, who, "full_round", "move_through_web")
    bonus = _bonus(battle, who, method)
    if costs[-1] > rules.best_squares(bonus):      # not even a natural 20 carries it that far
        raise refuse("WEB_TOO_FAR", square=list(squares[-1]), metres=f"{metres(rules.best_squares(bonus)):g}")
    ts = turn_state(battle, who)
    ts.moved, ts.five_foot = True, False
    if battle.recorder is not None:            # a preview: the check is planned, taken at its best
        battle.recorder.web_going(rules.WebGoingPlan(who, method, bonus, tuple(zip(squares, costs))))
        d20 = 20
    else:
        d20 = battle.dice.roll(20, f"move through web {who}")
    carried = rules.squares_for(d20 + bonus)
    events.append(WebWorked(who=who, method=method, d20=d20, bonus=bonus, total=d20 + bonus, squares=carried))
    went = [sq for sq, cost in zip(squares, costs) if cost <= carried]
    # where the check runs out in another's space it stops at the last square it may end on
    # (digest §1.4: no move ends in another creature's space; "accidentally ending in an
    # illegal space": back to the last legal position)
    board = battle.board()
    ends = MoveContext.of(board, board.body(who))
    while went and not ends.can_end_at(went[-1]):
        went.pop()
    if not went:
        return events
    start = battle.board().body(who).pos
    path = (start, *went)
    events += walk(battle, who, list(path), "move", declined)
    now = battle.board().body(who).pos
    walked = path[:path.index(now) + 1] if now in path else path
    cost = costs[len(walked) - 2] if len(walked) > 1 else 0
    events.append(Moved(who=who, path=tuple(walked), mode="web", cost_m=metres(cost)))
    return events + out_of_the_web(battle, who)
