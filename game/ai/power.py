"""The tactical player's Power Attack (issue 12, item 2; SRD "Power Attack", the feat the
digest's feats table lists): points taken off a melee attack roll and added to its damage,
twice with a weapon in two hands, none with a light one, until the attacker's next turn.
A sensible game master swings hard at a foe easy to hit and carefully at a hard one: the
choices are the engine's own (its question for the command: none to the base attack
bonus), a few of them are asked of ``odds``, and the one whose blow is worth most
(``Turn.blow``: its expected damage, and more as it nears dropping the foe) is kept.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..world.asking import choice_questions
from .scoring import expected

# Better by less than this (hit points expected) is no reason to take a penalty.
EPSILON = 0.05


def strongest(t: Any, command, target: str):
    """``command`` with the Power Attack that makes its blow worth most against ``target``,
    and its odds: none for a level that weighs no tactics, a creature without the feat, a
    ranged attack or a light weapon (the engine asks no question, or the odds say so).
    Tried: none, half the most, the most (the expected damage rises then falls with the
    points, so the three find its top but for a point)."""
    odds = t.battle.odds(command)
    if not t.judgement.tactics or odds.refusal is not None or not hasattr(command, "power_attack"):
        return command, odds
    asked = next((q for q in choice_questions(t.battle, command) if q.argument == "power_attack"), None)
    if asked is None or not asked.choices:
        return command, odds
    most = max(asked.choices)
    best = (t.blow(target, expected(odds)), command, odds)
    for points in sorted({max(1, most // 2), most}):
        if points not in asked.choices or points == command.power_attack:
            continue
        tried = replace(command, power_attack=points)
        seen = t.battle.odds(tried)
        if seen.refusal is not None:
            continue
        value = t.blow(target, expected(seen))
        if value > best[0] + EPSILON:
            best = (value, tried, seen)
    return best[1], best[2]


def said(command) -> dict:
    """The points for the reason's sentence, when there are any."""
    points = getattr(command, "power_attack", 0)
    return {"power_attack": points} if points else {}
