"""Frightened and panicked creatures flee from the source of their fear (digest §9.3:
"Frightened: as shaken, and must flee from the source if able"; "Panicked: drops held
items and flees along a random path; [...] cowers if cornered"). The source is the
creature named by ``Monster.afraid_of`` (a scenario's ``afraid_of``: nothing in the game
frightens yet, so the scenario says who the fear is of).

Our reading, modelled on turned undead (``turning.turned_refusal``):
- While its source stands on the map, a frightened or panicked creature may only move
  away from it (a move, withdraw or run that ends farther), take total defense, delay or
  end its turn. The path is the player's or the AI's: the panicked creature's "random
  path" is not rolled.
- Cornered (no square it could reach with a move ends farther from the source): a
  frightened creature may fight (SRD: "If unable to flee, it may fight"); a panicked one
  cowers and does not attack (SRD: "typically using the total defense action"): only
  total defense, delay or end of turn. It is not given the "cowering" condition, which
  would forbid that total defense.
- A panicked creature drops what it holds at the start of each of its turns (not
  natural weapons, nor a weapon locked in a gauntlet).
- Fear of a creature that is dead, or gone, makes no one flee; the -2 penalties stay."""
from __future__ import annotations

from dataclasses import replace

from ... import data
from ...rules.geometry import distance, space_squares
from ...rules.movement import reachable
from ...rules.turning import is_cornered
from ..components import Conditions, Monster, Stats, Wielded
from ..damage import status_of
from ..turns import AT_TURN_START
from .common import refuse
from .other import drop_held

FEARS = ("frightened", "panicked")
FLIGHT = ("move", "withdraw", "run")
ALWAYS = ("end_turn", "total_defense", "delay")


def fear_source(battle, cid: str) -> str | None:
    """The creature ``cid`` flees, while it is frightened or panicked and that creature
    is still there to flee from; None otherwise."""
    if not set(FEARS) & battle.read(cid, Conditions).ids:
        return None
    source = battle.read(cid, Monster).afraid_of
    if source is None or not battle.has(source) or status_of(battle, source) == "dead":
        return None
    return source


def _gap_at(battle, cid: str, pos, source: str) -> int:
    board = battle.board()
    return min(distance(x, y) for x in space_squares(pos, board.body(cid).span) for y in board.body(source).squares)


def cornered(battle, cid: str, source: str) -> bool:
    """No square it could reach with a move ends farther from the source (judged standing)."""
    board = battle.board()
    body = board.body(cid)
    ends = reachable(board, replace(body, conditions=body.conditions - {"prone"}), "move")
    return is_cornered(_gap_at(battle, cid, body.pos, source), [_gap_at(battle, cid, pos, source) for pos in ends])


def fear_refusal(battle, who: str, action: str, args: dict):
    """What fear forbids ``who`` (the module's reading); None when it may."""
    source = fear_source(battle, who)
    if source is None or action in ALWAYS:
        return None
    panicked = "panicked" in battle.read(who, Conditions).ids
    if action in FLIGHT:
        squares = args.get("squares") or []
        if squares and isinstance(squares[-1], list) and \
                _gap_at(battle, who, tuple(squares[-1]), source) > _gap_at(battle, who, battle.board().body(who).pos,
                                                                           source):
            return None
    if cornered(battle, who, source):
        return refuse("PANICKED_COWERS") if panicked else None
    return refuse("AFRAID_MUST_FLEE", source=source)


@AT_TURN_START.register(30)
def panic_drops(battle, cid: str) -> list:
    """A panicked creature drops what it holds (digest §9.3)."""
    if "panicked" not in battle.read(cid, Conditions).ids:
        return []
    weapon = battle.read(cid, Wielded).weapon_id
    if weapon == "unarmed" or data.weapons()[weapon].is_natural or battle.read(cid, Stats).values.get("locked_gauntlet"):
        return []
    return drop_held(battle, cid)
