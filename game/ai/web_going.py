"""The tactical player caught loose in a Web spell (issue 12, item 2; SRD Web): it walks
nowhere, and its only way on is a Strength or Escape Artist check each round that carries
it 5 ft for each full 5 points above 10 (``actions.web_spell``). A game master's creature
so held works its way toward the foe it would close in on, when no blow is in reach.

The ends come from the engine's options (``move_through_web``: every end its best check
could carry it to, each with its path), the chances from its ``odds`` (each square of the
path with the chance the check gets that far); the better method is the engine's default.
"""
from __future__ import annotations

from ..world import commands as C
from .candidates import Candidate, Turn
from .scoring import provoked_cost

# How many ends (out of the web first, then nearest the foe) are asked of ``odds``: the rest is pruned by geometry.
ENDS = 3
OUT = 0.3      # what getting out of the strands is worth (times its chance): free to walk the round after
BREAK_LOOSE = 0.3   # what trying to break loose is worth, glued with no blow in reach


def through_web(t: Turn, target: str) -> list[Candidate]:
    """Toward ``target`` through the strands, or out of them: the end whose path brings it
    nearest by the squares the check is expected to carry it (each square's chance of
    being reached times what that square gains), and a way out of the web worth the
    chance of getting out (free to walk the round after, round the web if it must), less
    the attacks of opportunity its way provokes and the danger where it is likeliest to
    stop. Scored as closing in is (``approach``)."""
    if not t.offered("move_through_web") or not t.battle.actions_left().get("full_round"):
        return []
    here = t.s.gap(t.who, target)
    ends = []
    for i, command in enumerate(t.opts["move_through_web"].commands()):
        end = tuple(command.squares[-1])
        out = not t.s.walks_into_web([end], from_outside=True)
        gap = t.s.gap_from(end, target)
        if gap < here or out:
            ends.append((not out, gap, len(command.squares), i, command))
    if t.bold and any(gap < here for _inside, gap, *_rest in ends):
        # gone rounds without a blow, it goes on toward its foe: out of the strands only
        # when no end brings it nearer (a way round), not to walk back in the round after
        ends = [e for e in ends if e[1] < here]
    found = []
    for _inside, _gap, _length, _i, command in sorted(ends)[:ENDS]:
        odds = t.battle.odds(command)
        if odds.refusal is None and odds.web_going:
            found.append(_weighed(t, command, odds, target, here))
    return [max(found, key=lambda c: c.score)] if found else []


def _weighed(t: Turn, command, odds, target: str, here: int) -> Candidate:
    gained, before, likeliest, most = 0.0, here, t.s.me.pos, 0.0
    for (square, chance), nxt in zip(odds.web_going, list(odds.web_going[1:]) + [None]):
        gap = t.s.gap_from(tuple(square), target)
        gained += float(chance) * (before - gap)
        before = gap
        # the chance it stops on this square: it gets here but not to the next
        stops = float(chance) - (float(nxt[1]) if nxt is not None else 0.0)
        if stops > most:
            likeliest, most = tuple(square), stops
    last = tuple(odds.web_going[-1][0])
    out = 0.0 if t.s.walks_into_web([last], from_outside=True) else float(odds.web_going[-1][1])
    seen = t.battle.preview(command)
    takers = [taker for taker, provoker, _at in seen.recorder.opportunities if provoker == t.who] if seen.legal else []
    score = 0.2 + 0.1 * gained + OUT * out - provoked_cost(t.s, t.threats, takers) - 0.5 * t.danger(likeliest)
    return Candidate(score, command, "WHY_THROUGH_WEB",
                     {"target": target, "aoo": len(takers), "chance": round(100 * float(odds.web_going[0][1]))})


def break_loose(t: Turn) -> list[Candidate]:
    """Glued (a Web spell, a spider's web, a tanglefoot bag's goo): it can neither walk nor
    work its way through, and tries to break loose (``break_free``, the engine's better
    method), worth a little more than standing there; a foe in reach is struck instead
    (its blows score higher)."""
    if not t.offered("break_free") or t.offered("move") or t.offered("move_through_web"):
        return []
    return [Candidate(BREAK_LOOSE, C.BreakFree(t.who), "WHY_BREAK_FREE")]


def stuck(t: Turn) -> bool:
    """Loose in a Web spell: walking is not offered, working through the web is."""
    return not t.offered("move") and t.offered("move_through_web")
