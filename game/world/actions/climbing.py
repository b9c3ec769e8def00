"""Climbing (French text, "les actions de mouvement": climbing at a quarter of one's
speed, or half at -5 on the Climb check; SRD Climb skill for the check and the fall).

A rock face (``^`` in the legend) cannot be walked: it is climbed, one move action at a
time, each square costing 4 squares of movement (2 when hurrying at -5). Each climbing
move action needs a Climb check (Str, ``climb`` ranks, the armour check penalty) against
the face's DC: failing by 4 or less makes no progress, by 5 or more the climber falls
from the height it had reached. On the face a creature is ``climbing``: it loses its Dex
bonus to AC and cannot use a shield; damage calls for a new Climb check or it falls.

A creature with a climb speed (the French text's monstrous spider, "retraite") climbs
with ``move``, a 5-ft step or a withdraw at that speed, with no check, and keeps its Dex
bonus (SRD Climb: "A creature with a climb speed ... retains its Dexterity bonus to Armor
Class (if any) while climbing"): ``rules.movement``; ``climb`` is for the others.

Rulings (README): a face is one storey, 3 m, so a fall deals 1d6 and leaves the climber
prone on the nearest free floor square (the one it climbed from when free); a climber on
the ground has no height to fall from. Only Small and Medium creatures climb without a
climb speed.
"""
from __future__ import annotations

from ...rules.geometry import distance
from ...rules.modifiers import ability_modifier
from ..components import Abilities, Conditions, Position, Speed, Stats
from ..damage import AFTER_DAMAGE, apply_damage, fall_caught, status_of
from ..events import ConditionEnded, ConditionStarted, DamageDealt, FellProne, Moved, SavingThrow
from ..skill_aid import take_skill_aid
from ..worn import armour_check_penalty
from .common import medium_path, refuse, spend, squares_arg, turn_state
from .gates import FACE
from .moving import walk

FACE_DC = 15                 # a rock face with adequate handholds (SRD Climb DCs)
SQUARE_COST, HURRIED_COST = 4, 2


def on_face(battle, cid: str) -> bool:
    return battle.current_terrain().kind(battle.board().body(cid).pos).id == FACE


def must_climb(battle, cid: str) -> bool:
    """On a face without a climb speed: it climbs (``climb``) and walks not."""
    return on_face(battle, cid) and not battle.read(cid, Speed).climb


def climb_bonus(battle, cid: str) -> int:
    return (ability_modifier(battle.comp(cid, Abilities).scores["str"]) + battle.comp(cid, Stats).values.get("climb", 0)
            + armour_check_penalty(battle, cid))


def do_climb(battle, who, args, declined) -> list:
    """Move action: climb along ``squares`` (each step onto, off or along the face),
    ``hurry`` for half speed at -5."""
    squares = squares_arg(args)
    hurry = bool(args.get("hurry"))
    board = battle.board()
    me = board.body(who)
    if me.span != 1:
        raise refuse("TOO_BIG_TO_CLIMB")
    terrain = battle.current_terrain()
    ts = turn_state(battle, who)
    if ts.stepped:
        raise refuse("NO_MOVE_AFTER_FIVE_FOOT_STEP")

    def on_the_face(sq) -> bool:
        return terrain.kind(sq).id == FACE
    # past a wall's corner no, along the face yes
    cost = (HURRIED_COST if hurry else SQUARE_COST) * medium_path(battle, who, squares, on_the_face, "NOT_CLIMBING",
                                                                   corner_passes=on_the_face)
    if cost > me.speed_squares:
        raise refuse("CLIMB_TOO_FAR", cost=cost, speed=me.speed_squares)
    events = spend(battle, who, "move", "climb")
    ts.moved = True
    ts.five_foot = False
    bonus = climb_bonus(battle, who) - (5 if hurry else 0) + take_skill_aid(battle, who, "climb")
    d20 = battle.dice.roll(20, f"climb {who}")
    total = d20 + bonus
    events.append(SavingThrow(who=who, kind="climb", d20=d20, bonus=bonus, dc=FACE_DC, success=total >= FACE_DC))
    if total < FACE_DC:
        if total <= FACE_DC - 5 and on_face(battle, who):
            events += fall(battle, who)
        return events                                   # no progress
    start = me.pos
    events += walk(battle, who, [start] + [tuple(s) for s in squares], "move", declined)
    events.append(Moved(who=who, path=tuple([start] + [tuple(s) for s in squares]), mode="climb",
                        cost_m=1.5 * cost))
    return events + sync_climbing(battle, who)


def sync_climbing(battle, cid: str) -> list:
    """The ``climbing`` condition follows the creature onto and off the face."""
    conds = battle.comp(cid, Conditions).ids
    up = must_climb(battle, cid) and status_of(battle, cid) != "dead"
    if up and "climbing" not in conds:
        conds.add("climbing")
        battle.changed()
        return [ConditionStarted(who=cid, condition="climbing")]
    if not up and "climbing" in conds:
        conds.discard("climbing")
        battle.changed()
        return [ConditionEnded(who=cid, condition="climbing")]
    return []


def fall(battle, cid: str) -> list:
    """Off the face: 1d6 for its 3 m, prone on the nearest free floor square — unless a
    Feather Fall cast as it starts to fall catches it (``damage.fall_caught``): then it
    drifts down to that square on its feet, unhurt (SRD Feather Fall: "the subjects take
    no damage upon landing")."""
    board = battle.board()
    me = board.body(cid)
    terrain = battle.current_terrain()
    free = sorted((sq for sq in ((me.pos[0] + dx, me.pos[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
                   if terrain.is_enterable(sq) and not [b for b in board.occupants.get(sq, ()) if b.id != cid]),
                  key=lambda sq: (distance(sq, me.pos), sq[1], sq[0]))
    events, caught = fall_caught(battle, cid)    # cast where it starts falling, in the caster's sight
    if free:
        pos = battle.comp(cid, Position)
        pos.x, pos.y = free[0]
        battle.changed()
    if caught:
        return events + sync_climbing(battle, cid)
    faces = battle.dice.roll_dice(1, 6, f"fall {cid}")
    events.append(DamageDealt(attacker=cid, target=cid, dice=tuple(faces), bonus=0, amount=sum(faces),
                              nonlethal=False, multiplier=1))
    battle.comp(cid, Conditions).ids.add("prone")
    battle.changed()
    events.append(FellProne(who=cid, by=cid))
    events += sync_climbing(battle, cid)
    return events + apply_damage(battle, cid, sum(faces), nonlethal=False)


@AFTER_DAMAGE.register(30)
def hurt_while_climbing(battle, cid: str, amount: int) -> list:
    """Damage on the face: a Climb check against its DC or a fall (SRD Climb)."""
    if amount <= 0 or "climbing" not in battle.read(cid, Conditions).ids or status_of(battle, cid) == "dead" \
            or not on_face(battle, cid):
        return []
    bonus = climb_bonus(battle, cid)
    d20 = battle.dice.roll(20, f"climb hurt {cid}")
    ok = d20 + bonus >= FACE_DC
    events = [SavingThrow(who=cid, kind="climb", d20=d20, bonus=bonus, dc=FACE_DC, success=ok)]
    return events if ok else events + fall(battle, cid)
