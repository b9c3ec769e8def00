"""Swimming in deep water (French text, "les actions de mouvement": "la nage (à un quart
de sa vitesse)"; SRD Swim skill: "Make a Swim check once per round while you are in the
water. Success means you may swim at up to one-half your speed (as a full-round action)
or at one-quarter your speed (as a move action). If you fail by 4 or less, you make no
progress through the water. If you fail by 5 or more, you go underwater"; calm water,
DC 10; data-digest §2: the armour check penalty counts double for Swim).

Deep water (``w`` in the legend) cannot be walked: a creature without a swim speed swims,
one move action (each square costing 4 squares of movement) or one full-round action
(each square 2) at a time, with the round's Swim check (Str, ``swim`` ranks, twice the
armour check penalty). In the water it is ``swimming``: its hands are taken (no somatic
spell: "comme quand on nage"), and it walks, steps, withdraws, runs and charges not.
A failed check leaves it ``off_balance`` (SRD "Underwater Combat": it loses its Dex bonus
to AC and its foes gain +2) until a check succeeds; by 5 or more it goes ``underwater``:
total cover against foes on land, until a check brings it up (``rules.sight.water_cover``).
A slashing or bludgeoning blow struck from the water is -2 and half damage
(``rules.attack.hampered_in_water``).

A creature with a swim speed moves in the water at that speed with ``move``, a 5-ft step
or a withdraw, and needs no check (``rules.movement``, French text, "pas de placement").

Rulings (README): the water is calm; only Small and Medium creatures swim without a swim
speed (as they climb); drowning is not played (a battle is shorter than a held breath of
twice the Constitution in rounds).
"""
from __future__ import annotations

from ...rules.modifiers import ability_modifier
from ..components import Abilities, Conditions, Speed, Stats, TurnState
from ..damage import status_of
from ..turns import AT_TURN_END
from ..events import ConditionEnded, ConditionStarted, Moved, SavingThrow
from ..skill_aid import take_skill_aid
from ..worn import armour_check_penalty
from .common import medium_path, refuse, spend, squares_arg, turn_state
from .moving import walk

CALM_DC = 10                 # calm water (SRD Swim checks)
MOVE_COST, FULL_ROUND_COST = 4, 2   # a quarter of its speed as a move action, half as a full-round one
WATER = "swim"               # the ``terrain.MEDIA`` mode of deep water


def in_water(battle, cid: str) -> bool:
    """Some square of its space is deep water."""
    terrain = battle.current_terrain()
    return any(terrain.medium(sq) == WATER for sq in battle.board().body(cid).squares)


def has_swim_speed(battle, cid: str) -> bool:
    return battle.read(cid, Speed).swim > 0


def must_swim(battle, cid: str) -> bool:
    """In the water without a swim speed: it swims (``swim``) and walks not."""
    return in_water(battle, cid) and not has_swim_speed(battle, cid)


def swim_bonus(battle, cid: str) -> int:
    """Str, ``swim`` ranks, and twice the armour check penalty (data-digest §2)."""
    return (ability_modifier(battle.read(cid, Abilities).scores["str"]) + battle.read(cid, Stats).values.get("swim", 0)
            + 2 * armour_check_penalty(battle, cid))


def do_swim(battle, who, args, declined) -> list:
    """Swim along ``squares`` (each step into, along or out of the water): a move action at
    a quarter of its speed, or with ``full_round`` a full-round action at half."""
    squares = squares_arg(args)
    full = bool(args.get("full_round"))
    board = battle.board()
    me = board.body(who)
    if me.span != 1:
        raise refuse("TOO_BIG_TO_SWIM")
    terrain = battle.current_terrain()
    ts = turn_state(battle, who)
    if ts.stepped:
        raise refuse("NO_MOVE_AFTER_FIVE_FOOT_STEP")
    if ts.swam == "failed":
        raise refuse("SWIM_FAILED_THIS_ROUND")       # one check a round, and it failed
    cost = (FULL_ROUND_COST if full else MOVE_COST) * medium_path(
        battle, who, squares, lambda sq: terrain.medium(sq) == WATER, "NOT_SWIMMING")
    if cost > me.speed_squares:
        raise refuse("SWIM_TOO_FAR", cost=cost, speed=me.speed_squares)
    events = spend(battle, who, "full_round" if full else "move", "swim")
    ts.moved = True
    ts.five_foot = False
    if not ts.swam:
        events += swim_check(battle, who)
        if ts.swam == "failed":
            return events                            # no progress
    start = me.pos
    path = tuple([start] + [tuple(s) for s in squares])
    events += walk(battle, who, list(path), "move", declined)
    events.append(Moved(who=who, path=path, mode="swim", cost_m=1.5 * cost))
    return events + sync_swimming(battle, who)


def swim_check(battle, who: str) -> list:
    """The round's Swim check: success brings it up and steadies it; failure leaves it off
    balance, and by 5 or more under the water (SRD Swim skill, "Underwater Combat")."""
    bonus = swim_bonus(battle, who) + take_skill_aid(battle, who, "swim")
    d20 = battle.dice.roll(20, f"swim {who}")
    total = d20 + bonus
    ok = total >= CALM_DC
    turn_state(battle, who).swam = "passed" if ok else "failed"
    events: list = [SavingThrow(who=who, kind="swim", d20=d20, bonus=bonus, dc=CALM_DC, success=ok)]
    conds = battle.comp(who, Conditions).ids
    if ok:
        gone = sorted({"off_balance", "underwater"} & conds)
    else:
        gone = []
        came = ["off_balance"] + (["underwater"] if total <= CALM_DC - 5 and in_water(battle, who) else [])
        for cond in came:
            if cond not in conds:
                conds.add(cond)
                events.append(ConditionStarted(who=who, condition=cond))
    for cond in gone:
        conds.discard(cond)
        events.append(ConditionEnded(who=who, condition=cond))
    battle.changed()
    return events


@AT_TURN_END.register(30)
def treads_water(battle, cid: str) -> list:
    """A swimmer that did not swim this turn still makes the round's Swim check as its turn
    ends, to keep afloat (SRD Swim: "Make a Swim check once per round while you are in the
    water"): a failure leaves it off balance, by 5 or more under the water."""
    if not must_swim(battle, cid) or battle.read(cid, TurnState).swam or status_of(battle, cid) in ("dead", "dying") \
            or battle.board().body(cid).is_helpless:
        return []
    return swim_check(battle, cid)


def sync_swimming(battle, cid: str) -> list:
    """The ``swimming`` condition follows a creature without a swim speed into and out of
    the water; out of it, it is neither off balance nor under any more."""
    conds = battle.comp(cid, Conditions).ids
    wet = must_swim(battle, cid) and status_of(battle, cid) != "dead"
    events: list = []
    if wet and "swimming" not in conds:
        conds.add("swimming")
        events.append(ConditionStarted(who=cid, condition="swimming"))
    if not in_water(battle, cid):
        for cond in ("swimming", "off_balance", "underwater"):
            if cond in conds:
                conds.discard(cond)
                events.append(ConditionEnded(who=cid, condition=cond))
    if events:
        battle.changed()
    return events
