"""The tactical player's first aid (issue 12, item 2: "cures on the hurt"): a friend dying
(below 0 hit points, not stable) is stabilized with the Heal skill when nothing better is
at hand (digest §8.2: "Heal DC 15 or any healing stabilizes"; digest §4.2's table,
"Stabilize a dying friend (Heal)": it provokes; SRD Heal, "First aid": a standard action).

Only what the engine offers is tried: first aid to a dying friend next to it that the
engine's ``preview`` passes (the ``first_aid`` option's own test), with the attacks of
opportunity that preview says it provokes; to come next to a dying friend first, a square
of the ``move`` option by the path ``views.path`` finds, the first aid from there
previewed in a dry run. A cure spell on the dying friend is ``magic``'s (it brings the
friend back into the fight, and is worth far more). Weighed last (``tactical``), against
the best of the rest.
"""
from __future__ import annotations

from ..rules.geometry import Square, spaces_adjacent
from ..rules.health import DEAD_AT, STABILISE_PERCENT
from ..rules.odds import attack_odds
from ..world import commands as C, views
from ..world.actions.first_aid import FIRST_AID_DC, heal_bonus
from .candidates import Candidate, Turn, dry_run
from .scoring import KILL_BONUS, provoked_cost

# What a friend's life saved is worth, in hit points of the battle: more than closing in
# on a foe (a few tenths), less than a good blow (the foe struck stops dealing blows; the
# friend stabilized stays out of this fight).
FRIEND_LIFE = 12.0
# What the healer's own fall costs when an attack of opportunity drops it: its own life
# and the rest of its fight.
OWN_FALL = FRIEND_LIFE + KILL_BONUS
# How many squares next to a dying friend it weighs walking to (the safest first: each a dry run).
SQUARES = 1
# A walk there is a little worse than first aid given where it stands (its move is spent).
WALK_COST = 0.3


def first_aid(t: Turn, best: float) -> list[Candidate]:
    """First aid to each dying friend next to it the engine passes; with none next to it,
    a walk to one within a move (its standard action kept for the first aid after it).
    ``best``: the best score of what else it could do. The engine is asked only when what
    the aid could be worth at most beats it: a dying friend is common in a big battle, and
    the asking (a preview, paths, dry runs) is the dear part."""
    if t.s.animal or not t.battle.actions_left().get("standard"):
        return []
    board, me = t.s.board, t.s.me
    dying = [b for b in board.bodies if b.side == me.side and b.id != t.who and "dying" in b.conditions]
    if not dying:
        return []                      # the usual case: nothing asked
    chance = _heal_chance(t)
    if chance <= 0:
        return []
    most = {b.id: FRIEND_LIFE * chance * _dies(t, b.id) for b in dying}
    near = [b.id for b in dying if spaces_adjacent(me.pos, me.span, b.pos, b.span)]
    out = []
    here = t.danger(me.pos)
    for target in near:                # each asked of the engine's preview: only those it passes
        if most[target] - here > best:
            found = _given(t, C.FirstAid(t.who, target=target), me.pos)
            if found is not None:
                out.append(found)
    if out or near:
        return out
    reach = me.speed_squares + 1
    walk = [b.id for b in dying if most[b.id] - WALK_COST > best and t.s.gap(t.who, b.id) <= reach]
    return _walk_to(t, walk) if walk else []


def _dies(t: Turn, cid: str) -> float:
    """The chance a dying creature dies without help: 10 % a round it stabilizes on its
    own, else it loses a hit point, dead at -10 (digest §8.2; ``rules.health``)."""
    now = views.health(t.battle, cid)[0]
    return (1 - STABILISE_PERCENT / 100) ** max(now - DEAD_AT, 0)


def _given(t: Turn, command: C.FirstAid, square: Square, walked: float = 0.0) -> Candidate | None:
    """First aid weighed: the friend's life times the chance the Heal check stabilizes it
    and the chance it would die without (10 % a round to stabilize on its own, one hit
    point lost otherwise, dead at -10: digest §8.2), less the attacks of opportunity it
    provokes (each one blow, and the chance that blow drops the healer, who then gives no
    aid) and the danger of ending the turn at ``square``."""
    chance = _heal_chance(t)
    if chance <= 0:
        return None
    seen = t.battle.preview(command)
    if not seen.legal:
        return None
    dies = _dies(t, command.target)
    takers = [taker for taker, provoker, _at in seen.recorder.opportunities if provoker == t.who]
    falls = _fall_chance(t, [p for p in seen.recorder.attacks if p.opportunity and p.target == t.who])
    score = (FRIEND_LIFE * chance * dies * (1 - falls) - OWN_FALL * falls
             - provoked_cost(t.s, t.threats, takers) - t.danger(square) - walked)
    return Candidate(score, command, "WHY_FIRST_AID",
                     {"target": command.target, "chance": round(100 * chance), "aoo": len(takers)})


def _heal_chance(t: Turn) -> float:
    """The chance of the Heal check, DC 15, d20 + Wisdom + ranks (``actions.first_aid``'s
    own bonus): a skill check, so a natural 20 is no sure success."""
    need = FIRST_AID_DC - heal_bonus(t.battle, t.who)
    return max(0, min(20, 21 - need)) / 20


def _fall_chance(t: Turn, plans) -> float:
    """The chance the attacks of opportunity drop the healer, from the engine's plans
    (``rules.odds.attack_odds``): a hit whose mean damage reaches the hit points it has
    left drops it; one that needs a critical to, only on a critical."""
    left = max(t.s.hp(t.who)[0], 0) + 1            # hit points to lose before it falls below 0
    standing = 1.0
    for plan in plans:
        odds = attack_odds(plan)
        if not odds.hit:
            continue
        per_hit = float(odds.expected_damage) / float(odds.hit)
        drop = float(odds.hit) if per_hit >= left else float(odds.crit) if 2 * per_hit >= left else 0.0
        standing *= 1 - drop
    return 1 - standing


def _walk_to(t: Turn, dying: list[str]) -> list[Candidate]:
    """A move next to one of the ``dying`` friends by a path that provokes nothing, weighed
    by the first aid it gives from there (asked of the engine in a dry run: the move
    played, then the first aid's ``preview`` from that square, rolled back; no die is
    rolled in it)."""
    if not (t.offered("move") and t.battle.actions_left().get("move")):
        return []
    me, board = t.s.me, t.s.board
    spaces = [board.body(f) for f in dying]
    ranked = sorted((len(t.s.threatening((x, y))), cost, (x, y), friend.id)
                    for x, y, cost in t.opts["move"].domain["squares"]
                    for friend in spaces if spaces_adjacent((x, y), me.span, friend.pos, friend.span))
    out: list[Candidate] = []
    for _threats, _cost, square, friend_id in ranked[:SQUARES + 2]:
        seen = views.path(t.battle, t.who, square, "move")
        if not seen.legal or seen.provokes:
            continue
        move = C.Move(t.who, squares=seen.squares)
        there = dry_run(t.battle, move, lambda f=friend_id, sq=square: _given(t, C.FirstAid(t.who, target=f), sq,
                                                                              WALK_COST))
        if there is not None:
            out.append(Candidate(there.score, move, "WHY_TO_THE_DYING", {"target": friend_id}))
        if len(out) >= SQUARES:
            break
    return out
