"""Summoning (SRD Summon Nature's Ally I, "Conjuration (Summoning)"; data/spells.toml shape
"summon"): the creature "appears where you designate and acts immediately, on your turn.
It attacks your opponents to the best of its ability"; it lasts 1 round a level; "A
summoned creature also goes away if it is killed or if its hit points drop to 0 or lower."

- The aim: ``point``, the square (the top-left one of its space) where it appears, in
  range (close: 7.5 m + 1.5 m per 2 levels) and in line of effect, an empty space it fits
  and can stand in; ``creature``, one template of the spell's ``summons``.
- A spell of 1 round: it appears as the casting ends, just before the caster's next turn
  (``casting._take_effect``). Should a creature stand there by then, it appears in the
  nearest empty space within range (ruling: the SRD says nothing; the spell is not wasted
  while a space is left), else the spell is lost.
- It takes its turns right after its caster's each round (on the caster's initiative
  count), on the caster's side, so the side's player or the computer controls it.
- It goes away at the start of the caster's turn once its rounds have run (or when that
  turn passes), or at 0 hit points or fewer (it dies at 0: ``damage.dies_at``), at the end
  of the action that dropped it; it is taken out of the battle (``Battle.dismiss``).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...data import bestiary
from ...rules import metamagic, spells as rules
from ...rules.geometry import Square, distance, space_squares
from ...rules.sight import has_line_of_effect_to_square
from ...rules.sizes import Size
from ..components import Conditions, Feint, Grapple, HitPoints, Side, SpellEffects, Summoned
from ..events import Event
from ..turns import AT_TURN_START, TURN_PASSED, end_turn
from .common import refuse, square_arg
from .grapple_limits import GrappleChanged
from .spell_basics import lasting, spellcasting


@dataclass(frozen=True)
class CreatureSummoned(Event):
    caster: str
    who: str               # the new creature's id
    creature: str          # its bestiary template
    at: tuple[int, int]
    spell: str
    ends: int              # the round at whose caster's turn it goes away


@dataclass(frozen=True)
class SummonGone(Event):
    who: str               # "" when it never came (no room)
    caster: str
    spell: str
    reason: str            # "duration" | "killed" | "no_room"


def summons_of(spell: dict) -> list[str]:
    """The creatures a summoning may bring (its list in data/spells.toml)."""
    return list(spell.get("summons", []))


def _reach(battle, who: str, spell: dict) -> int:
    """The spell's range in squares after Enlarge Spell."""
    reach = rules.range_squares(spell["range"], spellcasting(battle, who).caster_level) or 0
    return reach * metamagic.range_factor(battle.shared.metamagic)


def _size_of(template: str) -> Size:
    return Size.from_code(bestiary.get(template)["size"])


def space_refusal(battle, who: str, spell: dict, template: str, at: Square):
    """Why the creature cannot appear with its space at ``at`` (a refusal code and its
    values), or None: "where you designate" — in range, in line of effect from the caster,
    inside the map on ground it can stand in, and nobody there ("Creatures cannot be
    summoned into an environment that cannot support them")."""
    board = battle.board()
    me = board.body(who)
    span = _size_of(template).span
    squares = space_squares(at, span)
    terrain = board.terrain
    if not all(terrain.in_bounds(sq) for sq in squares) or not terrain.space_fits(at, span) \
            or any(terrain.medium(sq) for sq in squares):
        return "SUMMON_NO_FOOTING", {"square": list(at)}
    reach = _reach(battle, who, spell)
    if max(min(distance(a, sq) for a in me.squares) for sq in squares) > reach:
        return "SPELL_OUT_OF_RANGE", {"range_m": reach * 1.5}
    if not all(has_line_of_effect_to_square(terrain, me.pos, me.span, sq) for sq in squares):
        return "NO_LINE_OF_EFFECT", {"square": list(at)}
    if any(board.occupants.get(sq) for sq in squares):
        return "SQUARE_OCCUPIED", {"square": list(at)}
    return None


def check_summon_aim(battle, who: str, spell: dict, args: dict) -> None:
    """Refuse a summoning's aim before anything is spent: a creature of its list, a square
    where it can appear."""
    template = args.get("creature")
    if template not in summons_of(spell):
        raise refuse("NOT_ON_THE_SUMMON_LIST", creature=str(template))
    at = square_arg(args.get("point"), "point")
    why = space_refusal(battle, who, spell, template, at)
    if why is not None:
        raise refuse(why[0], **why[1])


def likely_spaces(battle, who: str, spell: dict, template: str, most: int = 3) -> list[Square]:
    """Where a summoning is likeliest wanted, for the options and the computer players: the
    space in range nearest each of the ``most`` nearest foes (between them and the caster
    when they are beyond it), then one next to the caster. Each is still judged by
    ``check``; the squares are tried nearest first, so few are looked at."""
    board = battle.board()
    me = board.body(who)
    reach = _reach(battle, who, spell)
    (px, py) = me.pos
    in_range = [(x, y) for y in range(py - reach, py + me.span + reach) for x in range(px - reach, px + me.span + reach)
                if board.terrain.in_bounds((x, y))]
    foes = sorted(board.enemies_of(me), key=lambda b: (min(distance(a, c) for a in me.squares for c in b.squares), b.id))
    out: list[Square] = []
    for anchor in [*foes[:most], me]:
        ring = sorted(in_range, key=lambda sq: (min(distance(sq, c) for c in anchor.squares), sq[1], sq[0]))
        spot = next((sq for sq in ring if sq not in out and space_refusal(battle, who, spell, template, sq) is None),
                    None)
        if spot is not None:
            out.append(spot)
    return out


def _nearest_space(battle, who: str, spell: dict, template: str, at: Square) -> Square | None:
    """The designated space, or the empty one nearest to it within range (reading order
    among equals), or None."""
    if space_refusal(battle, who, spell, template, at) is None:
        return at
    reach = _reach(battle, who, spell)
    me = battle.board().body(who).pos
    near = sorted(((distance(at, (x, y)), y, x) for y in range(me[1] - reach - 1, me[1] + reach + 2)
                   for x in range(me[0] - reach - 1, me[0] + reach + 2)))
    for _d, y, x in near:
        if space_refusal(battle, who, spell, template, (x, y)) is None:
            return (x, y)
    return None


def _new_id(battle, caster: str, template: str) -> str:
    """``<caster>_<template>``, then ``_2``, ``_3`` …: never an id seen in this battle."""
    base, k = f"{caster}_{template}", 1
    cid = base
    while battle.has(cid) or cid in battle.gone:
        k += 1
        cid = f"{base}_{k}"
    return cid


def _names(battle, caster: str, template: str, cid: str) -> dict[str, str]:
    """"Wolf (Vadania)" / "Loup (Vadania)": the creature's name and its caster's, in each
    language; a second one of the kind "Wolf 2 (Vadania)", as its id is numbered."""
    entry = bestiary.get(template) or {}
    spec = battle.spec(caster)
    number = cid.rsplit("_", 1)[-1] if cid != f"{caster}_{template}" else ""
    return {lang: f"{entry.get(f'name_{lang}') or entry['name_en']}{' ' + number if number else ''} "
                  f"({spec.name_in(lang)})" for lang in ("en", "fr")}


def summon(battle, who: str, spell_id: str, spell: dict, level: int, args: dict, declined) -> list:
    """The spell takes effect: the creature appears, on the caster's side, and is put in
    the initiative order right after the caster, with its count."""
    template = args["creature"]
    at = _nearest_space(battle, who, spell, template, tuple(args["point"]))
    if at is None:
        return [SummonGone(who="", caster=who, spell=spell_id, reason="no_room")]
    cid = _new_id(battle, who, template)
    side = battle.read(who, Side).name
    battle.spawn(battle.scenario.summoned(template, cid, side, at, _names(battle, who, template, cid)))
    ends = battle.round + lasting(battle, spellcasting(battle, who).caster_level)
    battle.comp(cid, SpellEffects).summoned = Summoned(caster=who, spell=spell_id, ends=ends)
    order = battle.order
    place = order.index(who) + 1 if who in order else len(order)
    mine = set(summoned_by(battle, who)) - {cid}
    while place < len(order) and order[place] in mine:      # after those it summoned before
        place += 1
    order.insert(place, cid)
    count = battle.shared_read.counts.get(who)
    if count is not None:
        battle.shared.counts[cid] = count
    battle.changed()
    return [CreatureSummoned(caster=who, who=cid, creature=template, at=at, spell=spell_id, ends=ends)]


def summoned_by(battle, caster: str) -> list[str]:
    """The creatures ``caster`` has summoned that are still in the battle."""
    return [cid for cid, fx in battle.each(SpellEffects) if fx.summoned is not None and fx.summoned.caster == caster]


def dismiss(battle, cid: str, reason: str) -> list:
    """The summoned creature goes away: out of the initiative order and the battle. What
    other creatures kept about it (a grapple, a feint, aid) is let go; struck down on its
    own turn, its turn ends (said after it goes, before the next one begins)."""
    summoned = battle.read(cid, SpellEffects).summoned
    events: list = [SummonGone(who=cid, caster=summoned.caster, spell=summoned.spell, reason=reason)]
    events += _let_go(battle, cid)
    if battle.turn == cid:
        events += end_turn(battle)          # the turn loop counts on from it, still in the order
    if cid in battle.order:
        battle.order.remove(cid)
    battle.shared.aids = [a for a in battle.shared_read.aids if cid not in (a.aider, a.ally, a.enemy)]
    if cid in battle.shared_read.attacked:
        del battle.shared.attacked[cid]
    battle.dismiss(cid)
    return events


def _let_go(battle, cid: str) -> list:
    """Those in a grapple with it are free of it (a pin by it ends); a feint by it is spent."""
    events: list = []
    for other in sorted(battle.read(cid, Grapple).holding):
        if not battle.has(other):
            continue
        held = battle.comp(other, Grapple)
        held.holding.discard(cid)
        if held.pinned_by == cid:
            held.pinned_by = None
        if held.pinning == cid:
            held.pinning = None
        conds = battle.comp(other, Conditions).ids
        conds.discard("pinned")
        if not held.holding:
            conds.discard("grappling")
        events.append(GrappleChanged(who=cid, other=other, change="released"))
    for target, feinted in battle.each(Feint):
        if feinted.by == cid:
            battle.comp(target, Feint).by = None
    return events


def expire(battle, caster: str) -> list:
    """At the caster's turn (or as it passes): the creatures whose rounds have run go away."""
    events: list = []
    for cid in summoned_by(battle, caster):
        if battle.read(cid, SpellEffects).summoned.ends <= battle.round:
            events += dismiss(battle, cid, "duration")
    return events


@AT_TURN_START.register(5)
def at_caster_turn(battle, cid: str) -> list:
    return expire(battle, cid)


@TURN_PASSED.register(5)
def as_caster_turn_passes(battle, cid: str) -> list:
    return expire(battle, cid)


def sweep_fallen(battle) -> list:
    """After an action: a summoned creature at 0 hit points or fewer goes away."""
    events: list = []
    for cid, fx in list(battle.each(SpellEffects)):
        if fx.summoned is not None and battle.read(cid, HitPoints).current <= 0:
            events += dismiss(battle, cid, "killed")
    return events
