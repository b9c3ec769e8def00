"""The tactical player caught loose in a Web spell (issue 12, item 2; SRD Web): it walks
nowhere, and its only way on is a Strength or Escape Artist check each round that carries
it 5 ft for each full 5 points above 10 (``actions.web_spell``). A game master's creature
so held works its way toward the foe it would close in on, when no blow is in reach.

The ends come from the engine's options (``move_through_web``: every end its best check
could carry it to, each with its path), the chances from its ``odds`` (each square of the
path with the chance the check gets that far); the better method is the engine's default.
"""
from __future__ import annotations

from .candidates import Candidate, Turn
from .scoring import provoked_cost

# How many ends (nearest the foe first) are asked of ``odds``: the rest is pruned by geometry.
ENDS = 3


def through_web(t: Turn, target: str) -> list[Candidate]:
    """Toward ``target`` through the strands: the end whose path brings it nearest by the
    squares the check is expected to carry it (each square's chance of being reached
    times what that square gains), less the attacks of opportunity its way provokes and
    the danger where it is likeliest to stop. Scored as closing in is (``approach``)."""
    if not t.offered("move_through_web") or not t.battle.actions_left().get("full_round"):
        return []
    here = t.s.gap(t.who, target)
    ranked = sorted((t.s.gap_from(tuple(c.squares[-1]), target), len(c.squares), i, c)
                    for i, c in enumerate(t.opts["move_through_web"].commands()))
    out = []
    for end_gap, _length, _i, command in ranked[:ENDS]:
        if end_gap >= here:
            break
        odds = t.battle.odds(command)
        if odds.refusal is not None or not odds.web_going:
            continue
        gained, before, likeliest, most = 0.0, here, t.s.me.pos, 0.0
        for (square, chance), nxt in zip(odds.web_going, list(odds.web_going[1:]) + [None]):
            gap = t.s.gap_from(tuple(square), target)
            gained += float(chance) * (before - gap)
            before = gap
            # the chance it stops on this square: it gets here but not to the next
            stops = float(chance) - (float(nxt[1]) if nxt is not None else 0.0)
            if stops > most:
                likeliest, most = tuple(square), stops
        seen = t.battle.preview(command)
        takers = [taker for taker, provoker, _at in seen.recorder.opportunities if provoker == t.who] \
            if seen.legal else []
        score = 0.2 + 0.1 * gained - provoked_cost(t.s, t.threats, takers) - 0.5 * t.danger(likeliest)
        out.append(Candidate(score, command, "WHY_THROUGH_WEB",
                             {"target": target, "aoo": len(takers), "chance": round(100 * float(odds.web_going[0][1]))}))
    return [max(out, key=lambda c: c.score)] if out else []


def stuck(t: Turn) -> bool:
    """Loose in a Web spell: walking is not offered, working through the web is."""
    return not t.offered("move") and t.offered("move_through_web")


