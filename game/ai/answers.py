"""The tactical player's answers to the choices the rules put to a creature's owner
(``asking.choice_questions``; issue 12, item 2): take the attack of opportunity, trip or
disarm back, block an overrun the attacker is likely to lose and step aside otherwise,
follow a bull rush unless badly hurt, end a charge where fewest foes threaten, cast
defensively when threatened, cast Feather Fall on a falling friend; for anything else the
rules' usual answer.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..rules.geometry import distance
from ..world.damage import status_of
from .controllers import first_choice
from .sense import Situation

ANSWERS = {}


def answer(battle, question, command) -> Any:
    handler = ANSWERS.get(question.argument if question.argument is not None else "opportunity")
    if handler is None or not question.choices:
        return first_choice(question)
    found = handler(battle, question, command)
    return found if found in question.choices or question.argument is None else first_choice(question)


def _opportunity(battle, question, command) -> bool:
    """An attack of opportunity is a free blow: always taken."""
    return True


def _counter(battle, question, command) -> bool:
    """Trip or disarm back after a failed attempt: it costs nothing but the roll."""
    return True


def _defender(battle, question, command) -> str:
    """Block an overrun when the attacker is less likely than not to win (the engine's
    odds of the blocked overrun), else avoid it and take no chance of falling."""
    blocked = battle.odds(replace(command, defender="block")) if hasattr(command, "defender") else None
    chance = float(blocked.success) if blocked is not None and blocked.success is not None else 0.5
    return "block" if chance < 0.5 else "avoid"


def _follow(battle, question, command) -> bool:
    return not Situation(battle, question.to).badly_hurt


def _end(battle, question, command):
    """The charge end fewest foes threaten (then nearest the start)."""
    s = Situation(battle, question.to)
    return min(question.choices, key=lambda e: (len(s.threatening(tuple(e))), distance(s.me.pos, tuple(e)), tuple(e)))


def _defensively(battle, question, command) -> bool:
    return True


def _drop_weapon(battle, question, command) -> bool:
    """Let go of a trip weapon rather than be tripped back (it lies at its feet)."""
    return True


def _feather_fall(battle, question, command):
    """Cast Feather Fall (an immediate action) on a creature of its own side, itself
    included, still alive: a fall hurts (1d6), and the spell is cast only as the fall's
    damage comes. A foe falls as it will."""
    board = battle.board()
    faller = question.against
    friend = battle.has(faller) and board.body(faller).side == board.body(question.to).side
    return question.choices[-1] if friend and status_of(battle, faller) != "dead" else question.choices[0]


def _as_chosen(battle, question, command):
    """Power Attack or Combat Expertise: the points the player's choice already carries
    (``power.strongest`` weighed them; the rules' usual answer, none, would undo it)."""
    return getattr(command, question.argument, 0)


ANSWERS.update({"power_attack": _as_chosen, "combat_expertise": _as_chosen})
ANSWERS.update({"opportunity": _opportunity, "counter": _counter, "defender": _defender, "follow": _follow,
                "end": _end, "defensively": _defensively, "drop_weapon": _drop_weapon,
                "feather_fall": _feather_fall})
