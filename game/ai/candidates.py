"""The tactical player's melee and movement candidates (issue 12, item 2): each a command
the engine offers, with its score (``scoring``) and the sentence that says why.

Only what the engine offers is tried: the actions of ``battle.options(who)`` that are
legal, the squares of their domains, the lanes ``views.charge`` passes, the paths
``views.path`` finds with the attacks of opportunity they provoke. A move is weighed by
the blow that follows it, asked of ``battle.odds`` in a dry run (a journal frame rolled
back) when the path provokes nothing, so that no die is rolled in it; else by the sheet's
numbers. Cheap geometry prunes the squares first: the dry runs are the dear part.
"""
from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from itertools import islice
from typing import Any

from .. import data
from ..rules.geometry import Square
from ..rules.odds import drop_chance
from ..world import commands as C, views
from . import power
from .controllers import Decision
from .scoring import (Judgement, Threats, blow_value, danger_cost, expected, followed_cost, kill_chance,
                      provoked_cost)
from .sense import Situation

# How much a flanking square adds to a blow the sheet estimates (+2 to hit, about a tenth more hits).
FLANK_GAIN = 1.15
# How many foes (the nearest) and squares are weighed at most: the rest is pruned by geometry.
TARGETS = 4
# What living to fight on is worth to a badly hurt creature beyond the blows it saves.
RETREAT_BIAS = 1.0
# The share of the foes' expected damage that total defense's +4 AC still lets through.
TOTAL_DEFENSE_KEEPS = 0.8
ANIMAL_FLIGHT = 4.0  # an animal runs when badly hurt: instinct, not a reckoning
GANG_UP = 4         # squares nearer a foe a friend already fights counts as, when closing in
# The blows a melee weapon thrown away gives up: rounds of them, or one (the move to draw) with a spare.
THROWN_ROUNDS = 3.0
THROWN_SPARE = 1.0
ASKED = 2            # foes whose blows are asked of ``odds`` (the best by the sheets' estimate)
TUMBLE_SURE = 0.75   # a tumble is tried only where each Tumble check is at least this likely
WEB_COST = 3.0       # walking into a Web spell: held there (``web_cost``)
WEB_TRIES = 5        # squares tried beyond the first three when closing in, for paths that walk into a web


@dataclass
class Candidate:
    score: float
    command: C.Command
    why: str
    params: dict[str, Any] = field(default_factory=dict)

    def decision(self) -> Decision:
        return Decision(self.command, self.why, self.params)


@dataclass
class Turn:
    """What one choice is made from: the situation, the offered options, the level's judgement."""

    s: Situation
    opts: Any
    judgement: Judgement
    threats: Threats
    bold: bool = False       # it has gone rounds without a blow: caution (keeping away, running) is dropped
    # ``danger``'s answers with no foe spared, by square: every generator weighs the squares
    # it could end on, and many weigh the same ones (the state is the same all the choice)
    _dangers: dict = field(default_factory=dict, repr=False)
    # the best score found so far this choice: a generator may leave out what cannot beat it
    to_beat: float = -float("inf")

    @property
    def battle(self):
        return self.s.battle

    @property
    def who(self) -> str:
        return self.s.who

    def offered(self, action: str) -> bool:
        return self.opts[action].legal

    def danger(self, square: Square, spared: dict | None = None) -> float:
        if spared:
            return danger_cost(self.s, self.judgement, self.threats, square, spared)
        known = self._dangers.get(square)
        if known is None:
            known = self._dangers[square] = danger_cost(self.s, self.judgement, self.threats, square)
        return known

    def spared(self, target: str, odds) -> dict:
        """The foe the blows of ``odds`` may drop before it answers, with that chance (focus only)."""
        if not self.judgement.focus:
            return {}
        return {target: kill_chance(odds, self.s.hp(target)[0])}

    def blow(self, target: str, amount: float) -> float:
        menace = self.threats.menace(self.s, target) if self.judgement.menace else 0.0
        return blow_value(self.s, self.judgement, target, amount, menace)

    def out_of_reach(self, square: Square) -> bool:
        """No foe threatens ``square`` nor could walk up and strike it next round."""
        return _out_of_their_reach(self, square)

    def ranked(self, foes: list[str]) -> list[str]:
        """Foes best first by the sheets' estimate of a blow (the most hurt first when
        focusing): who is worth asking the engine's odds about."""
        return sorted(foes, key=lambda f: (-self.blow(f, self.estimate(f)), f))

    def estimate(self, target: str, square: Square | None = None) -> float:
        """A single blow's expected damage from the sheets, before any dry run."""
        amount = self.threats.blow_against(self.s, target)
        if square is not None and self.judgement.flanking and self.s.flanks_from(square, target):
            amount *= FLANK_GAIN
        return amount


def dry_run(battle, command: C.Command, then):
    """``then()`` asked after ``command`` is played in a journal frame that is rolled back
    (``Battle.snapshot``/``restore``, as the asking faces do): nothing stays."""
    token = battle.snapshot()
    try:
        ok, _refusal, _events = battle.act(command)
        return then() if ok else None
    finally:
        battle.restore(token)


def move_and_standard(battle) -> bool:
    """A move action and a standard action both still to spend this turn: nothing but a
    5-ft step or a swift action spent yet (once a move is spent, the standard action that
    is left may still be taken as a move, ``actions_left`` offers both, but not both)."""
    left = battle.actions_left()
    return bool(left.get("full_round") and left.get("standard"))


def nearest(t: Turn, ids) -> list[str]:
    return sorted(ids, key=lambda f: (t.s.gap(t.who, f), f))[:TARGETS]


# --- blows from where it stands -----------------------------------------------------------
def strikes(t: Turn) -> list[Candidate]:
    """A full attack (or one attack, once it has moved) on each foe in reach."""
    out: list[Candidate] = []
    if t.offered("full_attack"):
        # the best foes by the sheets first, each asked of ``check`` (not the whole domain:
        # one dry run a foe in reach)
        for target in _passing(t, lambda f: C.FullAttack(t.who, targets=views.full_attack(t.battle, t.who, f))):
            command = C.FullAttack(t.who, targets=views.full_attack(t.battle, t.who, target))
            out.append(_blow(t, command, target, "WHY_FULL_ATTACK"))
    elif t.offered("attack") and (passing := _passing(t, lambda f: C.Attack(t.who, target=f))):
        for target in passing:
            out.append(_blow(t, C.Attack(t.who, target=target), target, "WHY_ATTACK"))
    elif t.offered("attack"):
        weapon_first = sorted(t.opts["attack"].commands(), key=lambda c: c.weapon is not None)
        best = t.ranked(list(dict.fromkeys(c.target for c in weapon_first if c.target in t.s.foes)))[:ASKED]
        seen: set[str] = set()
        for command in weapon_first:
            if command.target in best and command.target not in seen:
                seen.add(command.target)
                out.append(_blow(t, command, command.target, "WHY_ATTACK"))
    if out and t.judgement.tactics and (len(t.s.threatened_now) >= 2 or t.s.badly_hurt):
        best = max(out, key=lambda c: c.score)
        if isinstance(best.command, (C.FullAttack, C.Attack)):
            careful = replace(best.command, defensively=True)
            if t.battle.check(careful) is None:
                odds = t.battle.odds(careful)
                amount = expected(odds)
                spared = t.danger(t.s.me.pos, t.spared(best.params["target"], odds))
                out.append(Candidate(t.blow(best.params["target"], amount) - 0.8 * spared, careful, "WHY_DEFENSIVELY",
                                     {"target": best.params["target"], "count": len(t.s.threatened_now)}))
    return out


def _passing(t: Turn, make) -> list[str]:
    """The ``ASKED`` best foes (by the sheets' estimate) that the weapon in hand may reach
    (cheap geometry first: its attack squares, any foe for a ranged or thrown weapon)
    whose command ``make(foe)`` the engine passes (its ``odds`` not refused)."""
    board = t.battle.board()
    weapon = board.body(t.who).weapon
    if weapon.is_ranged or weapon.thrown:
        near = list(t.s.foes)
    else:
        squares = views.attackable(t.battle, t.who)
        near = [f for f in t.s.foes if not squares.isdisjoint(board.body(f).squares)]
    out: list[str] = []
    for foe in t.ranked(near):
        # ``odds`` refuses as ``check`` does, and the battle keeps its answer for the blow
        # weighed next (``_blow``): one dry run a foe, not two
        if t.battle.odds(make(foe)).refusal is None:
            out.append(foe)
            if len(out) >= ASKED:
                break
    return out


def _blow(t: Turn, command, target: str, why: str) -> Candidate:
    """A blow weighed: its value less the danger of ending here, the foe it may drop spared;
    with the Power Attack that makes it worth most (``power``)."""
    command, odds = power.strongest(t, command, target)
    amount = expected(odds)
    here = t.danger(t.s.me.pos, t.spared(target, odds))
    hurt = t.judgement.focus and t.s.hurt(target) >= 0.5
    why = "WHY_FOCUS" if hurt else "WHY_MENACE" if _most_menacing(t, target) else why
    thrown = throws_away(t, command, target)
    takers, stands = provoked(t, command)
    params = {"target": target, "damage": round(amount, 1), **({"thrown": True} if thrown else {}),
              **power.said(command), **({"provoking": takers} if takers else {})}
    score = stands * t.blow(target, amount) - provoked_cost(t.s, t.threats, takers) - here - thrown
    return Candidate(score, command, why, params)


def provoked(t: Turn, command) -> tuple[list[str], float]:
    """The foes whose attacks of opportunity ``command`` provokes (the engine's preview:
    fists swung without Improved Unarmed Strike, a charge past a foe) and the chance the
    creature is still standing after them (``rules.odds.drop_chance`` of their blows on
    its hit points): what it goes for is worth only that share of itself."""
    seen = t.battle.preview(command)
    if not seen.legal:
        return [], 1.0
    takers = [taker for taker, provoker, _at in seen.recorder.opportunities if provoker == t.who]
    if not takers:
        return [], 1.0
    blows = [p for p in seen.recorder.attacks if p.opportunity and p.target == t.who]
    return takers, 1.0 - float(drop_chance(blows, t.s.hp(t.who)[0]))


def throws_away(t: Turn, command, target: str) -> float:
    """What a blow that throws the melee weapon in hand at a foe out of its reach gives
    up (French text, "armes de jet": a weapon thrown lies where it falls): the blows it
    would strike with it in the rounds to come, ``THROWN_ROUNDS`` of them by the sheets
    (a trident hurled for a scratch leaves a gladiator to draw a net). A weapon made for
    throwing (a javelin, a dagger kept in the pack besides) or a bow gives up nothing."""
    weapon = t.s.me.weapon
    if weapon.is_ranged or not weapon.thrown or getattr(command, "weapon", None) is not None:
        return 0.0
    if target in t.s.strikes_from(t.s.me.pos):
        return 0.0
    weapons = data.weapons()
    spare = any(item in weapons and not weapons[item].is_ranged for item in views.pack(t.battle, t.who))
    return (THROWN_SPARE if spare else THROWN_ROUNDS) * t.threats.blow_against(t.s, target)


def _most_menacing(t: Turn, target: str) -> bool:
    """``target`` deals clearly the most of the foes (half again the next one's blows a
    round): what the sentence says when menace counts."""
    if not t.judgement.menace or len(t.s.foes) < 2:
        return False
    menace = {f: t.threats.menace(t.s, f) for f in t.s.foes}
    rest = max(m for f, m in menace.items() if f != target)
    return menace[target] >= 1.5 * rest


def total_defense(t: Turn) -> list[Candidate]:
    """+4 AC for a round (French text, "défense totale"): it turns aside about a fifth of
    the foes' blows and deals none, so it is worth it only when the foes around would deal
    far more than it could (a battle is won by the blows dealt, not by those put off)."""
    if not (t.judgement.tactics and t.s.threatened_now and t.offered("total_defense")):
        return []
    here = t.danger(t.s.me.pos)
    return [Candidate(-TOTAL_DEFENSE_KEEPS * here, C.TotalDefense(t.who), "WHY_TOTAL_DEFENSE",
                      {"count": len(t.s.threatened_now)})]


# --- a charge ----------------------------------------------------------------------------------
def charges(t: Turn) -> list[Candidate]:
    """A charge at each foe whose lane the engine passes (a refused lane is never in the
    domain), ending on the least threatened of its ends."""
    if not t.offered("charge"):
        return []
    lanes = {f: ends for f, ends in t.opts["charge"].domain["targets"].items() if f in t.s.foes}
    out = []
    for target in nearest(t, lanes)[:3]:
        end = min((tuple(e) for e in lanes[target]), key=lambda e: (len(t.s.threatening(e)), e))
        command = C.Charge(t.who, target=target, end=end)
        if not t.battle.preview(command).legal:
            continue
        command, odds = power.strongest(t, command, target)
        takers, stands = provoked(t, command)
        amount = expected(odds)
        score = stands * t.blow(target, amount) - provoked_cost(t.s, t.threats, takers) \
            - 1.1 * t.danger(end, t.spared(target, odds))
        out.append(Candidate(score, command, "WHY_CHARGE", {"target": target, "damage": round(amount, 1),
                                                            **power.said(command),
                                                            **({"provoking": takers} if takers else {})}))
    return out


# --- a 5-ft step, then a full attack ------------------------------------------------------------
def steps(t: Turn) -> list[Candidate]:
    """A 5-ft step (it never provokes) to a square from which a full attack reaches a foe:
    to flank, to escape foes that would strike, to reach one from a reach weapon's band."""
    if not (t.judgement.steps and t.offered("five_foot_step") and t.battle.actions_left().get("full_round")):
        return []
    ranked = []
    for x, y, _cost in t.opts["five_foot_step"].domain["squares"]:
        square = (x, y)
        for target in t.s.strikes_from(square):
            ranked.append((t.estimate(target, square) - t.danger(square), square, target))
    ranked.sort(key=lambda r: -r[0])
    out = []
    for _h, square, target in ranked[:t.judgement.steps]:
        step = C.FiveFootStep(t.who, to=square)

        def full(target=target):
            attack = C.FullAttack(t.who, targets=views.full_attack(t.battle, t.who, target))
            odds = t.battle.odds(attack)
            return (expected(odds), t.spared(target, odds)) + provoked(t, attack)
        done = dry_run(t.battle, step, full)
        if done is None:
            continue
        amount, spared, takers, stands = done
        flank = t.judgement.flanking and t.s.flanks_from(square, target)
        walked = views.path(t.battle, t.who, square, "move")       # what a move there would provoke
        params = {"target": target, "aoo": len(walked.provokes) if walked.legal else 0, "damage": round(amount, 1),
                  **({"provoking": takers} if takers else {})}
        why = "WHY_STEP_FLANK" if flank else "WHY_STEP" if params["aoo"] else "WHY_STEP_PLACE"
        score = stands * t.blow(target, amount) - provoked_cost(t.s, t.threats, takers) - t.danger(square, spared)
        out.append(Candidate(score, step, why, params))
    return out


# --- a move, then a blow --------------------------------------------------------------------------
def move_strikes(t: Turn) -> list[Candidate]:
    """A move to a square from which one blow reaches a foe (a reach weapon's band, a
    flanking square), by the safest path; the blow after it played out in a dry run when
    the path provokes nothing. Only with both a move and a standard action left: once a
    move is spent, the standard action left is taken as the move itself and leaves no blow
    after it (the play-test: "moves to strike the owlbear", and nothing struck)."""
    if not (t.offered("move") and move_and_standard(t.battle)):
        return []
    ranked = _striking_squares(t)
    out = []
    tried = 0
    for _h, square, target in ranked[:t.judgement.paths]:
        seen = views.path(t.battle, t.who, square, "move")
        if not seen.legal:
            continue
        takers = [taker for taker, _at in seen.provokes]
        move = C.Move(t.who, squares=seen.squares)
        amount = None
        if not takers and tried < t.judgement.lookahead:
            tried += 1
            amount = dry_run(t.battle, move, lambda target=target: expected(
                t.battle.odds(C.Attack(t.who, target=target))))
        if amount is None:
            amount = t.estimate(target, square)
        cost, why, params = provoked_cost(t.s, t.threats, takers), _move_why(t, square, target, takers), {}
        tumble = tumbling_instead(t, square, takers)
        if tumble is not None and tumble[1] < cost:
            move, cost, why = tumble[0], tumble[1], "WHY_TUMBLE_STRIKE"
            params = {"chance": tumble[2]}
        score = t.blow(target, amount) - cost - t.danger(square) - web_cost(t, seen.squares)
        out.append(Candidate(score, move, why,
                             {"target": target, "aoo": len(takers), "damage": round(amount, 1), **params}))
    return out


def tumbling_instead(t: Turn, square: Square, takers: list[str]) -> tuple[C.Move, float, int] | None:
    """A tumbling move to ``square`` in place of a move that provokes ``takers`` (digest
    §4.6): offered there (``options``' tumble domain, half speed) and each check at least
    ``TUMBLE_SURE`` likely (the engine's preview). (The move, the blows it still risks —
    each foe's blow times the chance its check fails —, the least chance in %.)"""
    if not takers:
        return None
    if not any((x, y) == square for x, y, _m in t.opts["move"].domain.get("tumble", ())):
        return None
    seen = views.path(t.battle, t.who, square, "move", tumble="half")
    if not seen.legal:
        return None
    move = C.Move(t.who, squares=seen.squares, tumble="half")
    preview = t.battle.preview(move)
    plans = preview.recorder.tumbles if preview.legal else []
    if not plans or min(p.chance for p in plans) < TUMBLE_SURE:
        return None
    risk = sum((1 - p.chance) * provoked_cost(t.s, t.threats, [p.foe]) for p in plans)
    return move, risk, round(100 * min(p.chance for p in plans))


def _striking_squares(t: Turn) -> list[tuple[float, Square, str]]:
    """The squares a move reaches from which a blow lands on a foe near enough, best first
    by the sheets' estimate less the danger of standing there."""
    speed = t.s.me.speed_squares + 3
    near = [f for f in t.s.foes if t.s.gap(t.who, f) <= speed]
    if not near or t.s.me.weapon.is_ranged:
        return []
    within = t.s.within_gap(near, 3)
    width = t.s.board.terrain.width
    ranked = []
    for x, y, _cost in t.opts["move"].domain["squares"]:
        if not within[y * width + x]:
            continue
        square = (x, y)
        for target in t.s.strikes_from(square):
            ranked.append((t.estimate(target, square) - t.danger(square), square, target))
    ranked.sort(key=lambda r: (-r[0], r[1]))
    return ranked


def _move_why(t: Turn, square: Square, target: str, takers: list) -> str:
    if t.judgement.flanking and t.s.flanks_from(square, target):
        return "WHY_MOVE_FLANK"
    if t.s.gap_from(square, target) > 1:
        return "WHY_REACH"
    return "WHY_MOVE_STRIKE"


# --- closing in, falling back ------------------------------------------------------------------
def approach(t: Turn) -> list[Candidate]:
    """No blow this turn: a move toward the foe it would best strike, by a path that
    provokes least, stopping short of squares its foes threaten when it counts danger.
    A creature that fights from afar (``keeps_distance``) comes only to squares no foe
    could reach this round with a move and a blow; once it has acted, it stays put."""
    if not t.offered("move") or not t.s.foes:
        return []
    keep = t.judgement.danger and t.s.keeps_distance and not t.bold
    if keep and not t.battle.actions_left().get("standard"):
        return []
    target = closing_target(t)
    here = t.s.gap(t.who, target)
    why, params = _closing_why(t, target)
    ranked = _nearest_safest(t, target)
    if keep:          # the best three it may keep to, found lazily (the test asks every foe)
        ranked = iter(list(islice((r for r in ranked if _out_of_their_reach(t, r[1])), 3)))
    out = []
    tried = 0             # a path that walks into a Web spell gives its place to the next square (at most WEB_TRIES more)
    for rank, square in islice(ranked, 3 + WEB_TRIES):
        if tried >= 3 or t.s.gap_from(square, target) >= here:
            break
        seen = views.path(t.battle, t.who, square, "move")
        webbed = web_cost(t, seen.squares) if seen.legal else 0.0
        tried += 0 if webbed else 1
        if seen.legal:
            takers = [taker for taker, _at in seen.provokes]
            score = (0.2 + 0.1 * (here - rank) - provoked_cost(t.s, t.threats, takers) - 0.5 * t.danger(square)
                     - _walks_into_their_charge(t, square) - webbed)
            out.append(Candidate(score, C.Move(t.who, squares=seen.squares), why, dict(params, aoo=len(takers))))
    return out or _open_the_way(t, target)


def _nearest_safest(t: Turn, target: str) -> Iterator[tuple[float, Square]]:
    """The squares a move reaches, each with its gap to ``target`` plus three tenths of its
    danger, least first (then by square), made as they are read: a square's danger (the
    dear part) is weighed only once the squares before it by gap are, since a danger is
    never below nought and its gap is the least its rank can be. Closing in reads a few."""
    bounds = sorted((t.s.gap_from((x, y), target), (x, y)) for x, y, _c in t.opts["move"].domain["squares"])
    weighed: list[tuple[float, Square]] = []
    for gap, square in bounds:
        while weighed and weighed[0] < (gap, square):     # nothing still to weigh can come before it
            yield heapq.heappop(weighed)
        heapq.heappush(weighed, (gap + 0.3 * t.danger(square), square))
    while weighed:
        yield heapq.heappop(weighed)


def closing_target(t: Turn) -> str:
    """The foe it closes in on: the nearest, counting a hurt one and one a friend fights
    nearer (``_worth_closing``)."""
    return min(t.s.foes, key=lambda f: (t.s.gap(t.who, f) - _worth_closing(t, f), f))


def web_cost(t: Turn, squares) -> float:
    """What walking into a Web spell costs (normal and hard: the easy player walks on): the
    move ends at its edge and the creature is held there, entangled or glued, for rounds
    (SRD Web) — its own wizard's web included. A round's blows, about; nothing once it has
    gone rounds without a blow (``bold``: the foes left may be the ones held in it)."""
    if not t.judgement.tactics or not t.s.walks_into_web(squares):
        return 0.0
    if t.s.web_stops_short(squares):
        return WEB_COST + 2.0       # held up at the web's edge by a friend's space: a move for nothing
    return 0.0 if t.bold else WEB_COST     # gone rounds without a blow: it goes in, web or not (no stalemate)


def _worth_closing(t: Turn, foe: str) -> float:
    """How many squares nearer a foe counts as when choosing whom to close in on: a hurt
    one (focus), and one a friend already fights (tactics: two on one, not each alone
    against a foe of its own, as a lone fighter walking up to a giant)."""
    worth = 4 * t.s.hurt(foe) if t.judgement.focus else 0.0
    if t.judgement.tactics and not t.s.keeps_distance and t.s.engaged.get(foe, 0):
        worth += GANG_UP
    return worth


def _closing_why(t: Turn, target: str) -> tuple[str, dict]:
    """The sentence for closing in on ``target``: two on one when a friend already fights it."""
    if t.judgement.tactics and not t.s.keeps_distance and t.s.engaged.get(target, 0):
        return "WHY_GANG_UP", {"target": target, "friend": t.s.fighting[target][0]}
    return "WHY_APPROACH", {"target": target}


def _open_the_way(t: Turn, target: str) -> list[Candidate]:
    """No square brings it nearer: a closed door beside it may (the foes behind a vault's
    door, where the battle would otherwise stall): the door the engine offers nearest the
    foe."""
    if not (t.judgement.tactics and t.offered("open_door")):
        return []
    doors = sorted(t.opts["open_door"].commands(), key=lambda c: (t.s.gap_from(c.at, target), c.at))
    return [Candidate(0.3, doors[0], "WHY_OPEN_DOOR", {"target": target})] if doors else []


def _walks_into_their_charge(t: Turn, square: Square) -> float:
    """What closing in to ``square`` gives the foes: the blows of those that could not come
    at it where it stands and could there (a charge away). Closing in second strikes
    first: the side that walks into the other's charge takes the charge."""
    if t.bold:
        return 0.0
    return max(0.0, followed_cost(t.s, t.judgement, t.threats, square)
               - followed_cost(t.s, t.judgement, t.threats, t.s.me.pos))


def _out_of_their_reach(t: Turn, square: Square) -> bool:
    """No foe threatens ``square`` now nor could walk up and strike it next round (its
    speed and a square of reach; its bow does not count: that reaches anywhere)."""
    return not t.s.threatening(square) and all(
        t.s.gap_from(square, f) > t.s.board.body(f).speed_squares + 2 for f in t.s.foes)


def retreat(t: Turn) -> list[Candidate]:
    """Badly hurt: withdraw (its first square provokes nothing) or move to the square
    farthest from the foes that no foe threatens. Scored as any other end of a turn: what
    the way provokes, the danger where it ends and the blows of the foes that can still
    come at it there (``followed_cost``), so that it runs only when running saves blows,
    not when any foe would catch it anyway and it would have struck for nothing."""
    if not t.s.badly_hurt or not t.s.foes or t.bold:
        return []
    if t.judgement.danger and not t.s.threatened_now and not followed_cost(t.s, t.judgement, t.threats, t.s.me.pos):
        return []                     # no foe can come at it where it stands: nothing to run from
    out: list[Candidate] = []
    for action, make in (("withdraw", C.Withdraw), ("move", C.Move)):
        if not t.offered(action):
            continue
        ranked = sorted(((len(t.s.threatening((x, y))), -t.s.least_gap_from((x, y), t.s.foes), (x, y))
                         for x, y, _c in t.opts[action].domain["squares"]))
        for count, far, square in ranked[:4]:
            seen = views.path(t.battle, t.who, square, action)
            if not seen.legal:
                continue
            takers = [taker for taker, _at in seen.provokes]
            cost = provoked_cost(t.s, t.threats, takers) + t.danger(square) + web_cost(t, seen.squares) + (
                followed_cost(t.s, t.judgement, t.threats, square) if not count else 0.0)
            score = (ANIMAL_FLIGHT if t.s.animal else RETREAT_BIAS) - cost + 0.05 * (-far) - 3.0 * count
            now, _most = t.s.hp(t.who)
            out.append(Candidate(score, make(t.who, squares=seen.squares), "WHY_WITHDRAW" if action == "withdraw"
                                 else "WHY_RETREAT", {"hp": now, "aoo": len(takers)}))
        if out:
            break
    return [max(out, key=lambda c: c.score)] if out else []


def recover(t: Turn) -> list[Candidate]:
    """Stand up from prone; take back a weapon lying at its feet; draw one when empty-handed."""
    out = []
    if t.offered("stand_up"):
        out.append(Candidate(3.0, C.StandUp(t.who), "WHY_STAND"))
    if t.offered("pick_up"):
        items = [i for i in t.opts["pick_up"].domain.get("items", []) if i]
        if items and views.wielded(t.battle, t.who) == "unarmed":
            out.append(Candidate(4.0, C.PickUp(t.who, item=items[0]), "WHY_PICK_UP", {"weapon": items[0]}))
    if views.wielded(t.battle, t.who) == "unarmed" and t.offered("draw"):
        weapons = t.opts["draw"].domain.get("weapons", [])
        if weapons:
            out.append(Candidate(3.0, C.Draw(t.who, weapon=weapons[0]), "WHY_DRAW", {"weapon": weapons[0]}))
    return out
