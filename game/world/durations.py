"""Conditions that end by themselves (French text, "durée"; digest §9.3): timed ones,
lasting some rounds from the initiative count on which they began (the monk's stun, a
sleep spell, a ghast's stench), and those lasting until the creature's next turn
(charging, total defense, fighting defensively, running). The turn loop ends them
(``turns``); the rules that start them call ``add_timed_condition`` and
``until_next_turn``."""
from __future__ import annotations

from .components import Conditions, Effects, TimedEffect
from .events import ConditionEnded, ConditionStarted


def add_timed_condition(battle, cid: str, condition: str, rounds: int) -> None:
    """A condition lasting ``rounds`` rounds from the current initiative count."""
    count = battle.shared_read.counts[battle.turn][0] if battle.turn else 0
    battle.comp(cid, Conditions).ids.add(condition)
    battle.comp(cid, Effects).timed.append(TimedEffect(condition, battle.round + rounds, count))
    battle.changed()


def end_timed_condition(battle, cid: str, condition: str) -> None:
    """The condition ends now, with whatever duration it had left (a spell dispelled by
    its opposite: haste and slow)."""
    battle.comp(cid, Conditions).ids.discard(condition)
    effects = battle.comp(cid, Effects)
    effects.timed = [e for e in effects.timed if e.condition != condition]
    battle.changed()


def expire_timed(battle, rnd: int, count: int) -> list:
    """Durations end just before the initiative count on which they began."""
    events = []
    for cid in battle.sorted_ids:
        if not battle.read(cid, Effects).timed:
            continue
        effects = battle.comp(cid, Effects)
        keep = []
        for e in effects.timed:
            if (rnd, -count) >= (e.until_round, -e.until_count):
                battle.comp(cid, Conditions).ids.discard(e.condition)
                events.append(ConditionEnded(who=cid, condition=e.condition))
            else:
                keep.append(e)
        effects.timed = keep
    return events


def until_next_turn(battle, who: str, condition: str) -> list:
    """A condition that lasts until the creature's next turn (charge, total defense ...)."""
    battle.comp(who, Conditions).ids.add(condition)
    battle.comp(who, Effects).until_next_turn.add(condition)
    battle.changed()
    return [ConditionStarted(who=who, condition=condition)]


def end_until_next_turn(battle, cid: str) -> list:
    """What lasted until the creature's next turn (charge, total defense ...) ends."""
    events = []
    lasting = battle.read(cid, Effects)
    if not (lasting.until_next_turn or lasting.power_attack or lasting.expertise):
        return events           # nothing lasted: nothing is touched (the body stays as it is)
    conds = battle.comp(cid, Conditions).ids
    effects = battle.comp(cid, Effects)
    effects.power_attack = effects.expertise = 0     # chosen again on this turn's attack
    for name in sorted(effects.until_next_turn):
        conds.discard(name)
        events.append(ConditionEnded(who=cid, condition=name))
    effects.until_next_turn.clear()
    battle.changed()
    return events
