"""The sandbox's numbers (issue 13, "Odds on the board"), all asked of the engine's
``odds`` and ``preview``: an attack, a full attack, a charge, a trip or a bull rush at a
hovered enemy from where the selected creature stands; the expected damage of the attacks
of opportunity a path provokes (the provokers' attacks as ``preview`` plans them); the
landing chances of a thrown flask.

The sandbox looks at a situation, not at a turn: each question is asked as if the
selected creature's turn began now (``its_turn``), in a journal frame the battle rolls
back, so nothing changes — not the board, not the dice."""
from __future__ import annotations

from fractions import Fraction

from .. import data
from ..world import views
from ..world.commands.catalogue import (Attack, BullRush, Charge, Disarm, FullAttack, Grapple, Move, Run, ThrowSplash, Trip,
                                        Withdraw)
from ..world.what_if import holding, its_turn, opportunity_damage, opportunity_damage_leaving

ODDS_ACTIONS = ("attack", "full_attack", "charge", "trip", "bull_rush")
# the battle window also gives a grapple's and a disarm's chances on hover (play-test: they
# said nothing while the trip beside them did); the sandbox's list stays as it is
WINDOW_ODDS_ACTIONS = ODDS_ACTIONS + ("grapple", "disarm")
__all__ = ["ODDS_ACTIONS", "WINDOW_ODDS_ACTIONS", "command_for", "its_turn", "path_aoo_damage", "splash_heat", "splash_item",
           "target_odds"]


def command_for(battle, cid: str, target: str, action: str):
    """The command of ``action`` (one of ``WINDOW_ODDS_ACTIONS``) at ``target`` from here."""
    if action == "attack":
        return Attack(cid, target=target)
    if action == "full_attack":
        return FullAttack(cid, targets=views.full_attack(battle, cid, target))
    if action == "charge":
        seen = views.charge(battle, cid, target)
        return Charge(cid, target=target, end=seen.ends[0] if seen.legal and len(seen.ends) > 1 else None)
    if action == "trip":
        return Trip(cid, target=target)
    if action == "grapple":
        return Grapple(cid, target=target)
    if action == "disarm":
        return Disarm(cid, target=target)
    return BullRush(cid, target=target)


def target_odds(battle, cid: str, target: str) -> dict:
    """{action: the engine's ``Odds``} for each of ``ODDS_ACTIONS`` against ``target``
    from here (a refused one carries its refusal)."""
    with its_turn(battle, cid):
        return {action: battle.odds(command_for(battle, cid, target, action)) for action in ODDS_ACTIONS}


def _walk(cid: str, squares, mode: str):
    kind = {"withdraw": Withdraw, "run": Run}.get(mode, Move)
    return kind(cid, squares=tuple(squares))


def path_aoo_damage(battle, cid: str, path, mode: str) -> list[tuple[str, Fraction]]:
    """(taker, expected damage of its attack of opportunity) for each provoker of a legal
    ``views.path`` walked in ``mode``: what ``preview`` plans for the walk. A double move
    is not one command (two moves, whose 1-2-1 count runs on), so for it each provoker's
    attack is the one planned as the mover leaves the square where it provokes."""
    if not path.legal or not path.squares:
        return []
    found: list[tuple[str, Fraction]] = []
    with its_turn(battle, path.who):
        if mode != "double":
            found = opportunity_damage(battle, _walk(path.who, path.squares, mode))
        else:
            positions = [path.start, *path.squares]
            for taker, at in path.provokes:
                damage = opportunity_damage_leaving(battle, path.who, at, positions[positions.index(at) + 1], taker)
                found += [(taker, damage)] if damage is not None else []
    out: dict[str, Fraction] = {}
    for taker, damage in found:
        out.setdefault(taker, damage)          # one attack per opponent and movement
    return list(out.items())


def splash_item(battle, cid: str) -> str | None:
    """The first splash weapon the creature carries (held or in its pack), if any."""
    items = [views.in_hand(battle, cid), *views.pack(battle, cid)]
    table = data.substances()
    return next((i for i in items if i and table.get(i, {}).get("splash")), None)


def splash_heat(battle, cid: str, target: str | None = None, intersection=None) -> tuple[dict, Fraction | None]:
    """Landing chances of a thrown flask: {grid point (x, y): probability} and the hit
    chance (``odds`` of the throw, the flask in hand; None when the creature has no flask
    or may not throw it: then each of the eight scatter points of a miss has 1/8). A hit
    lands on the aim; a miss on the d8's point."""
    seen = views.scatter(battle, cid, target=target, intersection=intersection)
    if seen.refusal is not None:
        return {}, None
    item = splash_item(battle, cid)
    hit = None
    if item is not None:
        with its_turn(battle, cid), holding(battle, cid, item):
            chances = battle.odds(ThrowSplash(cid, item=item, target=target, intersection=intersection))
        hit = chances.hit if chances.refusal is None else None
    miss = Fraction(1) - (hit or Fraction(0))
    heat: dict = {}
    if hit:
        if target:
            body = battle.board().body(target)
            point = (body.pos[0] + body.span / 2, body.pos[1] + body.span / 2)     # a hit: on the creature
        else:
            point = (float(intersection[0]), float(intersection[1]))
        heat[point] = heat.get(point, Fraction(0)) + hit
    for _d8, point in seen.landings:
        heat[point] = heat.get(point, Fraction(0)) + miss / 8
    return heat, hit
