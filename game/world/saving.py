"""Saving throws as the world rolls them: the creature's numbers gathered from its
components, judged by ``rules.saves`` (SRD "Saving Throws"; digest §9.3), the d20
rolled with the battle's dice, a ``SavingThrow`` event for the log."""
from __future__ import annotations

from typing import AbstractSet, Iterable

from ..rules import saves as rules
from ..rules.modifiers import Modifier, Total
from .components import Abilities, Conditions, Stats
from .events import SavingThrow
from .worn import worn_bonus


def save_total(battle, cid: str, save: str, extra: Iterable[Modifier] = (),
               against: AbstractSet[str] = frozenset()) -> Total:
    """The creature's ``fort``, ``ref`` or ``will`` bonus now, with its parts: the
    scenario's (or template's) listed save, its conditions and negative levels, the
    resistance bonus of what it wears (``rules.saves.save_bonus``), and what its race
    gives against what the save is made against (``against``: ``racial.against_spell``'s
    tags, ``rules.saves.POISON``; ``rules.saves.racial_save_modifiers``)."""
    values = battle.comp(cid, Stats).values
    extra = [*extra, *rules.racial_save_modifiers(battle.spec(cid).special, against)]
    return rules.save_bonus(save, scores=battle.comp(cid, Abilities).scores,
                            conditions=battle.comp(cid, Conditions).ids, listed=values.get(save),
                            negative_levels=values.get("negative_levels", 0),
                            resistance=worn_bonus(battle, cid, "resistance"), extra=extra)


def save_bonus(battle, cid: str, save: str) -> int:
    """A saving throw's total bonus (``save_total``'s value)."""
    return save_total(battle, cid, save).value


def fortitude_bonus(battle, cid: str) -> int:
    return save_bonus(battle, cid, "fort")


def roll_save(battle, cid: str, save: str, dc: int, *, purpose: str | None = None, kind: str | None = None,
              extra: Iterable[Modifier] = (), against: AbstractSet[str] = frozenset()) -> tuple[bool, list]:
    """Roll ``cid``'s saving throw against ``dc``: (success, [SavingThrow]).
    ``purpose`` labels the die (default "<save> save <cid>"); ``kind`` is the event's
    (default the save's name); ``extra`` adds modifiers of the moment; ``against``: what
    it is made against (``save_total``)."""
    bonus = save_total(battle, cid, save, extra, against).value
    d20 = battle.dice.roll(20, purpose if purpose is not None else f"{save} save {cid}")
    ok = rules.save_succeeds(d20, bonus, dc)
    return ok, [SavingThrow(who=cid, kind=kind or save, d20=d20, bonus=bonus, dc=dc, success=ok)]
