"""Auras around a creature that act on whoever comes near: the ghast's stench (SRD ghast,
"Stench"; bestiary ``stench``). Living creatures within 3 m (10 ft) save on Fortitude or
are sickened for 1d6+4 minutes; one that saves is safe from that ghast for 24 hours, so
each ghast works on each creature once per battle. Creatures immune to poison (undead,
oozes) are unaffected.

When: whenever a creature stands within the radius after a step of movement or at the end
of any action, so that walking past a ghast and a ghast walking up both count.
"""
from __future__ import annotations

from ..rules.geometry import gaps_distance, spaces_gaps
from .components import AurasMet, Stats
from .damage import status_of
from .durations import add_timed_condition
from .events import ConditionStarted
from .saving import roll_save
from .specials import SpecialUsed, specials

ROUNDS_PER_MINUTE = 10


def _immune(battle, cid: str) -> bool:
    sp = specials(battle, cid)
    return bool(battle.read(cid, Stats).values.get("undead")) or "undead_traits" in sp or "ooze_traits" in sp


def _sources(battle) -> list[str]:
    """The ghasts still standing (who has a stench never changes: it is looked up once)."""
    having = battle.__dict__.get("_stench_sources")
    if having is None:
        having = battle.__dict__["_stench_sources"] = [cid for cid in battle.sorted_ids if "stench" in specials(battle, cid)]
    return [cid for cid in having if status_of(battle, cid) != "dead"]


def stench_on(battle, cid: str, sources: list[str] | None = None) -> list:
    """Every stench ``cid`` stands in and has not met yet."""
    events: list = []
    sources = _sources(battle) if sources is None else sources
    if not sources or status_of(battle, cid) == "dead" or _immune(battle, cid):
        return events          # no ghast on the field (most battles): nothing more to look up
    board = battle.board()
    body = board.body(cid)
    for src in sources:
        if src == cid or src in battle.read(cid, AurasMet).stench:
            continue
        st = specials(battle, src)["stench"]
        ghast = board.body(src)
        if gaps_distance(*spaces_gaps(ghast.pos, ghast.span, body.pos, body.span)) * 5 > st["radius_ft"]:
            continue
        battle.comp(cid, AurasMet).stench.add(src)
        ok, ev = roll_save(battle, cid, "fort", st["dc"], purpose=f"stench {cid}")
        events += [SpecialUsed(who=src, special="stench", target=cid)] + ev
        if not ok:
            n = battle.dice.roll(6, f"stench duration {cid}") + 4
            add_timed_condition(battle, cid, "sickened", n * ROUNDS_PER_MINUTE)
            events.append(ConditionStarted(who=cid, condition="sickened"))
    return events


def stench_sweep(battle) -> list:
    """After an action: everyone in reach of a stench it has not met."""
    sources = _sources(battle)
    if not sources:
        return []
    events: list = []
    for cid in battle.sorted_ids:
        events += stench_on(battle, cid, sources)
    return events
