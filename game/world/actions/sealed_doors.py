"""Channelling energy at a sacred site's sealed door (French text, "renvoi et intimidation
des morts-vivants", "Autres usages de l'énergie positive ou négative": "un site sacré peut
être gardé par une porte magique qui ne s'ouvre que devant un prêtre bon réussissant un
test de renvoi suffisamment élevé pour affecter un mort-vivant à 3 DV (peut-être
volera-t-elle en éclats si un prêtre mauvais obtient le même résultat…)").

``channel_at_door`` is a use of turning (``turning.spend_use``): a standard action that
provokes no attack of opportunity, one use a day spent, and the turning check (d20 + Cha)
read on the turning table. Positive energy (a good cleric, a paladin) opens the door when
the table's Hit Dice reach the seal's; negative energy (an evil cleric) shatters it
(``rules.sealed_doors``). Our rulings: the channeller stands next to the door ("devant un
prêtre"); no turning damage is rolled (the text names the check alone); a door that holds
costs the action and the use, nothing else.
"""
from __future__ import annotations

from ...rules import sealed_doors as rules, turning as turning_rules
from ..components import Stats
from ..events import DoorChannelled
from .common import refuse, square_arg
from .gates import DOORS, sealed_doors_next_to, standing_seals
from .turning import Power, spend_use


def _sealed_door(battle, who: str, args: dict) -> tuple[tuple[int, int], int]:
    """The sealed door named by ``at``, next to the channeller, and its seal's Hit Dice."""
    at = square_arg(args.get("at"), "at")
    if battle.current_terrain().kind(at).id not in DOORS:
        raise refuse("NOT_A_DOOR", at=list(at))
    seals = standing_seals(battle)
    if at not in seals:
        raise refuse("DOOR_NOT_SEALED", at=list(at))
    if at not in sealed_doors_next_to(battle, who):
        raise refuse("DOOR_OUT_OF_REACH", at=list(at))
    return at, seals[at]


def do_channel_at_door(battle, who, args, declined) -> list:
    """Channel positive or negative energy at a sealed door: the turning check against the
    seal's Hit Dice (3 unless the scenario says otherwise)."""
    at, seal_hd = _sealed_door(battle, who, args)
    negative = bool(battle.read(who, Stats).values.get("evil"))
    events, level, cha = spend_use(battle, who, Power("channel_at_door", rebuke=negative))
    d20 = battle.dice.roll(20, f"turning check {who}")
    check = d20 + cha
    max_hd = turning_rules.max_hit_dice(check, level)
    result = rules.seal_answer(max_hd, seal_hd, negative)
    if result == rules.OPENED:
        battle.shared.seals_broken[at] = result
        battle.shared.doors[at] = True
    elif result == rules.SHATTERED:
        battle.shared.seals_broken[at] = result
        battle.shared.doors.pop(at, None)
    battle.changed()
    return events + [DoorChannelled(who=who, at=at, check_d20=d20, check=check, max_hd=max_hd, seal_hd=seal_hd,
                                    negative=negative, result=result)]
