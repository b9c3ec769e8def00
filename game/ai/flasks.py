"""The tactical player's splash weapons (issue 12, item 2: "throws splash weapons at
clusters, never at its own side").

A throw is worth its chance to hit (the engine's ``odds``) times what the flask deals
where it bursts — the direct hit's mean on the foe struck (holy water on the undead
only; alchemist's fire burning again next round unless put out) and the splash on every
other foe it reaches — plus, on a miss, what the eight landings of the scatter splash
(``views.flask_reach``, the rules' own), a friend splashed there counted against it. A
throw whose hit would splash a friend is never made.

At a grid intersection (a ranged attack at AC 5 with no direct hit, decisions §4) the
flask splashes the four squares around it: where two foes stand together, or where a
friend fights the foe (a throw at the foe would splash the friend), the far corner of the
foe's square still catches the foe and not the friend. A flask still in the pack is
taken out first (a move action) where that provokes nobody.
"""
from __future__ import annotations

from .. import data
from ..rules import splash as splash_rules
from ..rules.geometry import Square
from ..world import commands as C, views
from .candidates import Candidate, Turn, dry_run, provoked
from .scoring import average_damage, provoked_cost

FOE_AIMS = 6          # foes aimed at, nearest first (the domain's order)
CORNER_AIMS = 3       # intersections asked of the engine, those catching most foes first
BURNS_AGAIN = 0.5     # alchemist's fire: the share of its next round's 1d6 the foe does not put out
OWN_SIDE = 2.0        # a friend splashed by a miss counts twice what a foe splashed is worth


def splash(t: Turn) -> list[Candidate]:
    """The throws worth weighing; with the flasks still in the pack (``RETRIEVE_FIRST``),
    taking one out (a move action, SRD "Retrieve a stored item"), worth the best throw it
    opens, asked in a dry run with the flask in hand — where no foe threatens it."""
    option = t.opts["throw_splash"]
    if option.legal:
        return _throws(t, option)
    if option.refusal.code != "RETRIEVE_FIRST" or not t.offered("retrieve") \
            or not t.battle.actions_left().get("standard"):
        return []
    subs = data.substances()
    out: list[Candidate] = []
    for item in dict.fromkeys(i for i in views.pack(t.battle, t.who) if subs.get(i, {}).get("splash")):
        retrieve = C.Retrieve(t.who, item=item)
        seen = t.battle.preview(retrieve)
        # Only where taking it out provokes nobody: the dry run would roll the attacks of
        # opportunity's dice, and the player would know them before it chose.
        if not seen.legal or any(provoker == t.who for _taker, provoker, _at in seen.recorder.opportunities):
            continue
        throws = dry_run(t.battle, retrieve, lambda item=item: _throws_after(t, item))
        if throws:
            best = max(throws, key=lambda c: c.score)
            out.append(Candidate(best.score, retrieve, "WHY_FLASK_OUT", best.params))
    return out


def _throws_after(t: Turn, item: str) -> list[Candidate]:
    """The throws of ``item`` the engine offers once it is in hand (in the dry run)."""
    option = t.battle.options(t.who)["throw_splash"]
    return [c for c in _throws(t, option) if c.command.item == item] if option.legal else []


def _throws(t: Turn, option) -> list[Candidate]:
    domain = option.domain
    subs = data.substances()
    out: list[Candidate] = []
    for item in dict.fromkeys(i for i in domain["items"] if subs[i].get("splash")):
        flask = subs[item]
        for target in [f for f in domain.get("targets", []) if f in t.s.foes][:FOE_AIMS]:
            found = _weigh(t, item, flask, C.ThrowSplash(t.who, item=item, target=target), target)
            if found is not None:
                out.append(found)
        for point in _corners(t, item, [tuple(p) for p in domain.get("intersections", [])]):
            found = _weigh(t, item, flask, C.ThrowSplash(t.who, item=item, intersection=point), None)
            if found is not None:
                out.append(found)
    return out


def _weigh(t: Turn, item: str, flask: dict, command, target: str | None) -> Candidate | None:
    point = None if target is not None else command.intersection
    reach = views.flask_reach(t.battle, t.who, target=target, intersection=point)
    if reach.refusal is not None or any(c in t.s.friends for c in reach.hit):
        return None
    caught = [f for f in reach.hit if f in t.s.foes and _hurt(t, f, item)]
    if target is not None and not _hurt(t, target, item) and not caught:
        return None
    odds = t.battle.odds(command)
    if odds.refusal is not None or not odds.hit:
        return None
    chance = float(odds.hit)
    splash = float(flask.get("splash_damage", 0))
    on_hit = sum(t.blow(f, splash) for f in caught)
    if target is not None and _hurt(t, target, item):
        direct = average_damage(flask["damage"]) if flask.get("damage") else 0.0
        if flask.get("energy") == "fire":
            direct *= 1 + BURNS_AGAIN
        on_hit += t.blow(target, direct)
    on_miss = sum(_landing_worth(t, item, splashed, splash) for splashed in reach.misses) / max(len(reach.misses), 1)
    takers, _stands = provoked(t, command)    # the preview kept from the odds just asked: no second dry run
    score = chance * on_hit + (1 - chance) * on_miss - provoked_cost(t.s, t.threats, takers)
    count = len(caught) + (1 if target is not None and _hurt(t, target, item) else 0)
    if count == 0:
        return None
    if target is not None:
        return Candidate(score, command, "WHY_SPLASH", {"item": item, "target": target, "count": count})
    return Candidate(score, command, "WHY_SPLASH_CORNER", {"item": item, "target": caught[0], "count": count})


def _landing_worth(t: Turn, item: str, splashed: tuple[str, ...], splash: float) -> float:
    """What a miss that bursts there is worth: the foes it splashes, less twice the friends."""
    worth = 0.0
    for c in splashed:
        if c in t.s.foes and _hurt(t, c, item):
            worth += t.blow(c, splash)
        elif c in t.s.friends and _hurt(t, c, item):
            worth -= OWN_SIDE * splash
    return worth


def _corners(t: Turn, item: str, offered: list[Square]) -> list[Square]:
    """The offered intersections whose four squares hold a foe the flask hurts and no
    friend, those catching most foes first (then the domain's order)."""
    board = t.s.board
    ranked = []
    for n, (x, y) in enumerate(offered):
        four = splash_rules.splashed_squares(intersection=(x, y))
        there = [b.id for b in board.bodies if not four.isdisjoint(b.squares) and views.status(t.battle, b.id) != "dead"]
        if any(c in t.s.friends for c in there):
            continue
        foes = [c for c in there if c in t.s.foes and _hurt(t, c, item)]
        if foes:
            ranked.append((-len(foes), n, (x, y)))
    return [point for _count, _n, point in sorted(ranked)[:CORNER_AIMS]]


def _hurt(t: Turn, cid: str, item: str) -> bool:
    return views.flask_hurts(t.battle, cid, item)
