"""Commanding undead (French text, "renvoi et intimidation des morts-vivants"): an evil
cleric whose rebuke would destroy an undead commands it instead. A commanded undead is
wholly under the cleric's orders, given mentally with a standard action; the Hit Dice it
commands at once are at most its level, and it may release some to command others."""
from __future__ import annotations

from dataclasses import dataclass

from ..components import Side, Stats, TurnUses
from ..damage import WHEN_DOWN, status_of
from ..events import Event
from .common import refuse, spend


@dataclass(frozen=True)
class UndeadAffected(Event):
    """What a turning, a rebuke or a command did to one undead."""
    who: str
    by: str
    result: str        # turned, destroyed, rebuked, commanded, ordered, released, bolstered, freed, turning_broken


def _hd(battle, cid: str) -> int:
    return battle.comp(cid, Stats).values.get("hd", 0) or 1


def commanded(battle, cleric: str) -> list[str]:
    return [c for c, uses in battle.each(TurnUses) if uses.commanded_by == cleric and status_of(battle, c) != "dead"]


def room_for(battle, cleric: str, undead: str) -> bool:
    """Whether commanding ``undead`` keeps the commanded Hit Dice within the cleric's level."""
    level = battle.comp(cleric, Stats).values.get("cleric_level", 0)
    return sum(_hd(battle, c) for c in commanded(battle, cleric)) + _hd(battle, undead) <= level


def command(battle, cleric: str, undead: str) -> list:
    """The undead joins its commander's side, waiting for orders."""
    uses = battle.comp(undead, TurnUses)
    uses.commanded_by, uses.ordered = cleric, False
    uses.side_before = battle.comp(undead, Side).name
    battle.comp(undead, Side).name = battle.comp(cleric, Side).name
    battle.changed()
    return [UndeadAffected(who=undead, by=cleric, result="commanded")]


def _my_undead(battle, who: str, args: dict) -> str:
    undead = args.get("undead")
    if not isinstance(undead, str) or not battle.has(undead) or battle.comp(undead, TurnUses).commanded_by != who:
        raise refuse("NOT_COMMANDED", undead=str(undead))
    return undead


def do_command_undead(battle, who, args, declined) -> list:
    """Mental orders to a commanded undead: a standard action that does not provoke."""
    undead = _my_undead(battle, who, args)
    events = spend(battle, who, "standard", "command_undead")
    battle.comp(undead, TurnUses).ordered = True
    return events + [UndeadAffected(who=undead, by=who, result="ordered")]


def do_release_undead(battle, who, args, declined) -> list:
    """The cleric lets a commanded undead go, to command others: a free action (our
    ruling); it returns to its own side."""
    return release(battle, _my_undead(battle, who, args), who)


def release(battle, undead: str, by: str) -> list:
    """A commanded undead is free again and back on its own side."""
    uses = battle.comp(undead, TurnUses)
    battle.comp(undead, Side).name = uses.side_before or battle.comp(undead, Side).name
    uses.commanded_by, uses.ordered, uses.side_before = None, False, None
    battle.changed()
    return [UndeadAffected(who=undead, by=by, result="released")]


@WHEN_DOWN.register(10)
def commander_down(battle, cleric: str) -> list:
    """A cleric that can no longer act (unconscious, dying, dead) loses its command: its
    undead go free (our ruling: control needs the cleric's mind)."""
    events: list = []
    for undead in commanded(battle, cleric):
        events += release(battle, undead, cleric)
    return events


def awaiting_orders_refusal(battle, who: str, action: str):
    """A commanded undead that has had no orders yet only waits."""
    uses = battle.read(who, TurnUses)
    if uses.commanded_by and not uses.ordered and action not in ("end_turn", "delay", "total_defense"):
        return refuse("AWAITS_ORDERS")
    return None
