"""The charge and the coup de grace (French text, "charge"; digest §9.3): a movement, or a
helpless foe, that ends in an attack of ``attacking``."""
from __future__ import annotations

from ...rules.geometry import metres
from ...rules.lanes import lane_path
from .. import specials
from ..attacks import check_attack, fallen, resolve_attack, take_opportunities, threatening_enemies
from ..components import HitPoints, RunState
from ..damage import apply_damage, status_of
from ..durations import until_next_turn
from ..events import Moved
from ..processors import ChargeIntent
from ..saving import roll_save
from . import maneuvers
from .attacking import MANEUVERS, cleave_arg, one_attack, routine_attacks
from .common import Refused, charge_end, refuse, spend, target_arg, turn_state
from .moving import walk
from .stances import stance_refusal, take_stances


def do_charge(battle, who, args, declined) -> list:
    """Full-round (standard at speed when restricted): straight to the closest attack
    space, one melee attack at +2, -2 AC until its next turn (French text, "charge")."""
    target = target_arg(battle, args)
    if "dead" in battle.board().body(target).conditions:
        raise refuse("TARGET_DEAD", target=target)      # said before the charge, not at its end
    ts = turn_state(battle, who)
    if ts.moved or ts.stepped:
        raise refuse("CHARGE_AFTER_MOVING")
    rest = battle.comp(who, RunState).rest_until
    if rest >= battle.round:
        raise refuse("RESTING_AFTER_RUN", until=rest)
    board = battle.board()
    result = battle.run(who, ChargeIntent(target, ts.restricted))
    if not result.legal:
        raise refuse(result.reason.code, **result.reason.params)
    end = charge_end(result, args)
    r = stance_refusal(battle, who, args, melee=True, expertise=False)
    if r:
        raise Refused(r)
    events = spend(battle, who, "standard" if ts.restricted else "full_round", "charge")
    take_stances(battle, who, args)
    ts.moved = True
    ts.five_foot = False
    path = lane_path(board.body(who).pos, end)
    events += until_next_turn(battle, who, "charging")
    events += walk(battle, who, path, "charge", declined)
    events.append(Moved(who=who, path=tuple(path), mode="charge", cost_m=metres(result.distance)))
    if battle.board().body(who).pos == end and not fallen(battle, who):
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


def do_coup_de_grace(battle, who, args, declined) -> list:
    """Full-round, provokes: against a helpless foe in reach (a bow or crossbow when
    adjacent), an automatic critical hit; a survivor saves (Fort DC 10 + damage) or dies
    (digest §9.3)."""
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
