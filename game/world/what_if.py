"""Questions about a situation rather than a turn (the rules sandbox, issue 13): what the
engine's faces would answer if a creature's turn began now, and what the attacks of
opportunity a walk provokes are worth. Each opens a journal frame and rolls it back, so
nothing changes — not the board, not the dice (design/architecture.md, "A refused command
changes nothing")."""
from __future__ import annotations

from contextlib import contextmanager
from fractions import Fraction

from ..rules.odds import attack_odds
from . import asking
from .commands import Command
from .commands.catalogue import Move
from .. import data
from .components import Effects, Hands, Inventory, Loaded, Position, SpellEffects, Spellcasting
from .turns import begin_turn


@contextmanager
def its_turn(battle, cid: str):
    """The battle as if ``cid``'s turn began now (its budget fresh, what ends at its turn
    ended); everything is rolled back after. A situation still being built, with no
    initiative yet, only makes it the creature whose turn it is."""
    token = battle.snapshot()
    try:
        if battle.turn != cid and cid in battle.shared_read.counts:
            begin_turn(battle, cid)
            battle.changed()
        elif battle.turn != cid:
            battle.turn = cid
        yield battle
    finally:
        battle.restore(token)


def opportunity_damage(battle, command: Command) -> list[tuple[str, Fraction]]:
    """(taker, expected damage) of each attack of opportunity ``command`` provokes, in
    order, as ``preview`` plans it (digest §4.3; ``rules.odds.attack_odds``); [] when the
    command is refused."""
    seen = asking.preview(battle, command)
    if not seen.legal:
        return []
    return [(p.attacker, attack_odds(p).expected_damage) for p in seen.recorder.attacks if p.opportunity]


def opportunity_damage_leaving(battle, who: str, at, to, taker: str) -> Fraction | None:
    """The expected damage of ``taker``'s attack of opportunity as ``who`` leaves square
    ``at`` for the next square ``to`` (the mover put at ``at`` in a rolled-back frame):
    for a walk that is no single command, such as a double move, whose two moves share
    one 1-2-1 count."""
    token = battle.snapshot()
    try:
        place = battle.comp(who, Position)
        place.x, place.y = at
        battle.changed()
        found = [d for t, d in opportunity_damage(battle, Move(who, (tuple(to),))) if t == taker]
        return found[0] if found else None
    finally:
        battle.restore(token)


@contextmanager
def holding(battle, cid: str, item: str):
    """The battle as if ``cid`` already held ``item`` in hand (a flask drawn from its pack:
    the throw's own odds, without the move action that takes it out); rolled back after."""
    token = battle.snapshot()
    try:
        if battle.read(cid, Hands).holding != item:
            battle.comp(cid, Hands).holding = item
            battle.changed()
        yield battle
    finally:
        battle.restore(token)


def not_in_a_scenario(battle) -> list[str]:
    """What of the battle as it stands a scenario file cannot hold (issue 13, item 6: a
    battle paused into the sandbox says what it leaves behind instead of dropping it
    silently), by kind, sorted: ``timed`` (conditions that end by themselves: paused, they
    stay on), ``spell`` (a spell kept up, a held charge or a spell about to take effect),
    ``area`` (grease and webs on the map), ``ground`` (items lying on the map), ``pending``
    (poison damage and aid bonuses still to come)."""
    kinds = set()
    shared = battle.shared_read
    if shared.overlays:
        kinds.add("area")
    if any(shared.ground.values()):
        kinds.add("ground")
    if shared.poisons or shared.aids:
        kinds.add("pending")
    for _cid, effects in battle.each(Effects):
        if effects.timed:
            kinds.add("timed")
    for _cid, kept in battle.each(SpellEffects):
        if kept.spiritual or kept.sphere or kept.hiding or kept.calm or kept.held:
            kinds.add("spell")
    for _cid, casting in battle.each(Spellcasting):
        if casting.held_charge or casting.pending:
            kinds.add("spell")
    return sorted(kinds)


def as_it_stands(battle, cid: str) -> dict:
    """What a creature has left now, in the scenario's own keys (issue 13, item 6: a
    paused battle keeps what was spent, not the morning's spells and bolts): the spells
    still prepared (a sorcerer's or bard's spells per day left), whether its crossbow or
    sling is loaded, what it carries, the item in its hand, the weapon in its other hand."""
    casting, hands = battle.read(cid, Spellcasting), battle.read(cid, Hands)
    inventory = tuple(battle.read(cid, Inventory).items)
    out = {"inventory": inventory, "loaded": battle.read(cid, Loaded).shots > 0, "off_hand": hands.off_hand,
           "holding": hands.holding if hands.holding in inventory and hands.holding not in data.weapons() else None}
    if casting.known:
        out["spell_slots"] = tuple(casting.slots)
    else:
        out["spells"] = tuple(casting.prepared)
    return out
