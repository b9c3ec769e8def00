"""The charge and the coup de grace (French text, "charge"; digest §9.3): a movement, or a
helpless foe, that ends in an attack of ``attacking``."""
from __future__ import annotations

from ...rules import maneuvers as maneuver_rules
from ...rules.geometry import space_squares
from ...rules.lanes import lane_path
from .. import specials
from ..attacks import check_attack, fallen, resolve_attack, take_opportunities, threatening_enemies
from .. import budget
from ..components import HitPoints, RunState, TurnState
from ..damage import apply_damage, status_of
from ..durations import until_next_turn
from ..processors import ChargeIntent
from ..saving import roll_save
from . import maneuvers
from .attacking import MANEUVERS, cleave_arg, one_attack, routine_attacks
from .common import Refused, Verdict, affordable, charge_end, judged, judging, refuse, spend, target_arg, turn_state
from .moving import walk, walked_event
from .overrun import overrun_at
from .stances import stance_refusal, take_stances


@judging
def judge_charge(battle, who, args) -> Verdict:
    """A charge's judging part (``do_charge``), every refusal before it moves: a live
    target, no movement yet this round, not resting after a run, the foe it overruns on
    the way, the lane to the closest spaces (``rules.charge`` through the charge
    processor), the end chosen, Power Attack's number, the action it costs. Not settled:
    the attack at the end can still be refused (its reach and sight from there)."""
    target = target_arg(battle, args)
    if "dead" in battle.board().body(target).conditions:
        raise refuse("TARGET_DEAD", target=target)      # said before the charge, not at its end
    ts = battle.read(who, TurnState)
    if ts.moved or ts.stepped:
        raise refuse("CHARGE_AFTER_MOVING")
    rest = battle.read(who, RunState).rest_until
    if rest >= battle.round:
        raise refuse("RESTING_AFTER_RUN", until=rest)
    board = battle.board()
    through = args.get("overrun")
    if through is not None:
        overrun_foe(battle, who, target, through)
    result = battle.run(who, ChargeIntent(target, ts.restricted, through))
    if not result.legal:
        raise refuse(result.reason.code, **result.reason.params)
    end = charge_end(result, args)
    path = lane_path(board.body(who).pos, end)
    enter = overrun_in_charge(battle, who, target, through, path) if through is not None else None
    r = stance_refusal(battle, who, args, melee=True, expertise=False)
    if r:
        raise Refused(r)
    r = budget.refusal(ts, "standard" if ts.restricted else "full_round")
    if r:
        raise Refused(r)
    return Verdict(plan=(target, through, result, end, path, enter))


def do_charge(battle, who, args, declined) -> list:
    """Full-round (standard at speed when restricted): straight to the closest attack
    space, one melee attack at +2, -2 AC until its next turn (French text, "charge")."""
    target, through, result, end, path, enter = judged(battle, judge_charge(battle, who, args))
    ts = turn_state(battle, who)
    events = spend(battle, who, "standard" if ts.restricted else "full_round", "charge")
    take_stances(battle, who, args)
    ts.moved = True
    ts.five_foot = False
    events += until_next_turn(battle, who, "charging")
    if enter is None:
        events += walk(battle, who, path, "charge", declined)
    else:
        events += _charge_through(battle, who, through, path, enter, args, declined)
    here = battle.board().body(who).pos
    events.append(walked_event(who, path, here, "charge", result.distance))
    if here == end and not fallen(battle, who):
        maneuver = args.get("maneuver")
        if maneuver == "bull_rush":
            events += maneuvers.bull_rush(battle, who, target, declined, args, charging=True)
        elif maneuver in ("trip",):
            events += maneuvers.trip(battle, who, target, declined, args, charging=True)
        elif maneuver in MANEUVERS:
            events += MANEUVERS[maneuver](battle, who, target, declined, args)
        elif maneuver is not None:
            raise refuse("BAD_ARGUMENT", key="maneuver")
        elif "pounce" in specials.specials(battle, who) and specials.routine(battle, who):
            # Pounce: a full attack at the end of the charge, rakes included (SRD lion).
            monster = specials.routine(battle, who)
            plan = [target] * len(specials.routine_slots(monster))
            events += routine_attacks(battle, who, plan, monster, declined, False, charging=True)
            for slot in specials.rake_slots(battle, who):
                if status_of(battle, target) == "dead" or fallen(battle, who):
                    break
                events += resolve_attack(battle, who, target, slot=slot, charging=True)
        else:
            slot = specials.single_attack_slot(battle, who)
            events += one_attack(battle, who, target, declined, cleave=cleave_arg(args), charging=True, slot=slot)
    return events


def overrun_foe(battle, who: str, target: str, through) -> None:
    """Refuse an ``overrun`` argument that names no foe other than the charge's target
    (French text, "renversement": « renverser son adversaire »)."""
    if not isinstance(through, str) or not battle.has(through):
        raise refuse("BAD_ARGUMENT", key="overrun")
    board = battle.board()
    if through in (who, target) or not board.body(through).is_enemy_of(board.body(who)):
        raise refuse("OVERRUN_NOT_IN_LANE", target=through)


def overrun_in_charge(battle, who: str, target: str, through: str, path: list) -> int:
    """Refuse an overrun the charge cannot make (French text, "renversement": « une
    action simple effectuée [...] dans le cadre d'une action de charge », once a round, a
    foe at most one size larger, in the lane), else the index in ``path`` of the first
    position that enters the defender's space."""
    board = battle.board()
    me, foe = board.body(who), board.body(through)
    if battle.read(who, TurnState).overran:
        raise refuse("ONE_OVERRUN_A_ROUND")
    if not maneuver_rules.may_target_size(me.size, foe.size):
        raise refuse("TARGET_TOO_BIG", target=through)
    theirs = set(foe.squares)
    enter = next((i for i, p in enumerate(path) if theirs & set(space_squares(p, me.span))), None)
    if enter is None or enter == 0:
        raise refuse("OVERRUN_NOT_IN_LANE", target=through)
    return enter


def _charge_through(battle, who: str, through: str, path: list, enter: int, args, declined) -> list:
    """The lane up to the defender, the overrun at +2 (``overrun.overrun_at``), and on to
    the end when it avoided or fell: "Si le personnage effectuait une charge, il peut
    continuer à avancer"; a lost overrun ends the charge there."""
    turn_state(battle, who).overran = True
    events = walk(battle, who, path[:enter], "charge", declined)
    if battle.board().body(who).pos != path[enter - 1] or fallen(battle, who):
        return events
    asked = {"defender": args.get("defender", "block"), "counter": args.get("overrun_counter", True)}
    ev, outcome = overrun_at(battle, who, through, declined, asked, charging=True)
    events += ev
    if outcome in ("avoided", "won") and not fallen(battle, who):
        events += walk(battle, who, path[enter - 1:], "charge", declined)
    return events


@judging
def judge_coup_de_grace(battle, who, args) -> Verdict:
    """A coup de grace's judging part, all of it before the attacks of opportunity it
    provokes and its roll (``do_coup_de_grace``): a helpless foe, in reach (a bow or a
    crossbow only next to it), the full-round action."""
    target = target_arg(battle, args)
    board = battle.board()
    me, foe = board.body(who), board.body(target)
    if not foe.is_helpless or "dead" in foe.conditions:
        raise refuse("NOT_HELPLESS", target=target)
    adjacent = any(max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 1 for a in me.squares for b in foe.squares)
    if me.weapon.is_ranged:
        if not adjacent or me.weapon.id not in ("shortbow", "longbow", "composite_shortbow", "composite_longbow",
                                               "light_crossbow", "heavy_crossbow", "hand_crossbow"):
            raise refuse("OUT_OF_REACH", target=target)
    elif check_attack(battle, who, target) is not None:
        raise refuse("OUT_OF_REACH", target=target)
    affordable(battle, who, "full_round")
    return Verdict(settled=True, plan=target)


def do_coup_de_grace(battle, who, args, declined) -> list:
    """Full-round, provokes: against a helpless foe in reach (a bow or crossbow when
    adjacent), an automatic critical hit; a survivor saves (Fort DC 10 + damage) or dies
    (digest §9.3)."""
    target = judged(battle, judge_coup_de_grace(battle, who, args))
    events = spend(battle, who, "full_round", "coup_de_grace")
    ev, fell = take_opportunities(battle, who, threatening_enemies(battle, who), declined)
    events += ev
    if fell:
        return events
    hit = resolve_attack(battle, who, target, automatic_critical=True)
    events += hit
    dealt = sum(e.amount for e in hit if type(e).__name__ == "DamageDealt")
    if status_of(battle, target) != "dead":
        dc = 10 + dealt
        ok, saved = roll_save(battle, target, "fort", dc, purpose=f"coup de grace save {target}", kind="fortitude")
        events += saved
        if not ok:
            hp = battle.comp(target, HitPoints)
            events += apply_damage(battle, target, hp.current + 10, nonlethal=False)
    return events
