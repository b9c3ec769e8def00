"""The tactical player's maneuvers (issue 12, item 2): trip, disarm and bull rush where
the engine's odds favour them. Each is weighed by its chance (``battle.odds``' ``success``)
times what it takes from the foe, less the attacks of opportunity it provokes (the
``preview``'s list: none with the Improved feat) and, for a trip or a disarm, a share of
the counter the foe may try when it fails.
"""
from __future__ import annotations

from ..world import commands as C, views
from .candidates import Candidate, Turn, nearest
from .scoring import provoked_cost

# Below this chance a maneuver is not worth a look.
WORTH = 0.5
MAKERS = {"trip": C.Trip, "disarm": C.Disarm, "bull_rush": C.BullRush}
WHY = {"trip": "WHY_TRIP", "disarm": "WHY_DISARM", "bull_rush": "WHY_BULL_RUSH"}


def maneuvers(t: Turn) -> list[Candidate]:
    """Each maneuver at the nearest foe it may be tried on, where it may beat what the
    turn has found so far (``Turn.to_beat``): a maneuver is worth at most what success
    takes from the foe less the danger where it stands (its chance is at most 1, the
    attacks it provokes and the counter it risks cost nothing or more), so one whose
    most against any foe falls short is not asked of the engine at all."""
    if not t.judgement.tactics or not t.battle.actions_left().get("standard"):
        return []
    out: list[Candidate] = []
    here = t.danger(t.s.me.pos)
    for action, make in MAKERS.items():
        if _most_gained(t, action) - here < t.to_beat or not t.offered(action):
            continue
        for target in nearest(t, [f for f in t.opts[action].domain.get("targets", []) if f in t.s.foes])[:1]:
            gain = _gain(t, action, target)
            if gain <= 0:
                continue
            command = make(t.who, target=target, follow=_follow(t)) if action == "bull_rush" else make(t.who, target=target)
            chance = t.battle.odds(command).success
            if chance is None or float(chance) < WORTH:
                continue
            seen = t.battle.preview(command)
            takers = [taker for taker, provoker, _at in seen.recorder.opportunities if provoker == t.who]
            risk = (1 - float(chance)) * (0.5 * t.threats.per_blow(t.s, target) if action != "bull_rush" else 0.0)
            score = float(chance) * gain - provoked_cost(t.s, t.threats, takers) - risk - t.danger(t.s.me.pos)
            out.append(Candidate(score, command, WHY[action], {"target": target, "chance": round(100 * float(chance))}))
    return out


def _most_gained(t: Turn, action: str) -> float:
    """The most ``_gain`` could be against a foe a maneuver may reach (within its melee
    reach and a square more: ``options`` offers none farther), a disarm's weapon and a
    bull rush's hurt friend left out (each only lowers it). Peeked (``Threats.peek_round``):
    working the bound out keeps nothing."""
    band = t.s.me.melee_band()
    reach = (band.outer if band else 1) + 1
    near = [f for f in t.s.foes if t.s.gap(t.who, f) <= reach]
    if not near:
        return -float("inf")
    if action == "trip":
        return max(0.4 * t.threats.peek_round(t.s, f, t.who) + 1.5 * t.threats.peek_blow(t.s, f) for f in near)
    share = 0.9 if action == "disarm" else 0.8
    return max(share * t.threats.peek_round(t.s, f, t.who) for f in near)


def _gain(t: Turn, action: str, target: str) -> float:
    """What success takes from the foe, in hit points: a trip its footing (its blows at
    -4, ours at +4, and standing up provokes); a disarm its weapon for a round; a bull
    rush its place next to a hurt friend."""
    blows = t.threats.per_round(t.s, target)
    mine = t.threats.blow_against(t.s, target)
    if action == "trip":
        return 0.4 * blows + 1.5 * mine
    if action == "disarm":
        weapon = views.wielded(t.battle, target)
        natural = t.s.board.body(target).weapon.use in ("unarmed", "natural")
        return 0.0 if natural or weapon == "unarmed" else 0.9 * blows
    hurt_friends = [f for f in t.s.friends if f != t.who and t.s.hurt(f) >= 0.5 and t.s.gap(f, target) <= 1]
    return 0.8 * blows if hurt_friends else 0.0


def _follow(t: Turn) -> bool:
    """Follow a bull rush when it is not hurt (to keep at the foe), else stay put."""
    return not t.s.badly_hurt
