"""A web-spinning spider's sheets of webbing on the map (SRD Monstrous Spider, "Web": "Web-
spinning spiders can create sheets of sticky webbing from 5 to 60 feet square [...].
Approaching creatures must succeed on a DC 20 Spot check to notice a web; otherwise they
stumble into it and become trapped as though by a successful web attack. Attempts to
escape or burst the webbing gain a +5 bonus if the trapped creature has something to walk
on or grab while pulling free. Each 5-foot-square section has the hit points given on the
table, and sheet webs have damage reduction 5/—. A monstrous spider can move across its
own web at its climb speed and can pinpoint the location of any creature touching its
web"; data-digest §4d: 12 hp, DR 5/—, Spot DC 20).

Played (README, "Rulings", web sheets): a sheet is the map's ``%`` squares. A creature that
is no web-spinner and moves into a sheet square it has not noticed makes a Spot check (d20
+ Wisdom + its ``spot`` ranks) against 20 as it comes to it: made, it notices the whole
sheet and stops short, in the square before; missed, it stumbles in, stops there and is
caught as by a thrown web (entangled, anchored), with the web-spinner's escape and burst
DCs and the +5 of a creature with ground to walk on (a sheet lies on the ground). One that
walks on into a sheet it has noticed is caught without a check. A web-spinner walks its
webs at its climb speed (the sheet is a climbing ground, ``rules.terrain``) and is never
caught. ``cut_web`` strikes a section (an inanimate object: AC 10 − 5 for Dexterity 0 − 2,
SRD "Smashing an Object"): damage past DR 5 comes off its 12 hit points; at 0 the square is
open floor again and whoever was caught in it is free. Pinpointing creatures on the web
beyond the spider's tremorsense is not played (no map is that large).
"""
from __future__ import annotations

from ...rules import attack as attack_rules
from ...rules.geometry import Square, space_squares
from ...rules.modifiers import ability_modifier
from ...rules.movement import MoveContext
from ..components import Abilities, Conditions, Stats, WebHold, Webs
from ..events import ConditionEnded, ConditionStarted, MovementStopped, SavingThrow, WebStruck
from ..saving import roll_save
from ..specials import specials
from .common import refuse, spend, square_arg

SHEET = "web_sheet"
SHEETS = frozenset({SHEET})
SPOT_DC = 20                     # "a DC 20 Spot check to notice a web"
FOOTING_BONUS = 5                # "a +5 bonus if the trapped creature has something to walk on or grab"
SECTION_AC = 10 - 5 - 2          # an inanimate object: Dexterity 0 (−5) and −2 more (SRD "Smashing an Object")
# A sheet's numbers when no web-spinner is in the battle: a Large monstrous spider's
# (data-digest §4d).
LARGE_SPIDER = {"escape_dc": 13, "break_dc": 17, "sheet_hp": 12, "sheet_dr": 5}


def is_spinner(battle, cid: str) -> bool:
    """A creature that spins webs (its ``web`` special): its own webs never hold it."""
    return "web" in specials(battle, cid)


def numbers(battle) -> dict:
    """The sheets' numbers (escape and burst DCs, section hit points and DR): those of the
    first web-spinner in the battle, by id (the grotto's spider spun them)."""
    spinner = next((c for c in battle.sorted_ids if is_spinner(battle, c)), None)
    return specials(battle, spinner)["web"] if spinner is not None else LARGE_SPIDER


def sheet_of(terrain, start: Square) -> frozenset[Square]:
    """The whole sheet a web square belongs to: the web squares it touches, and theirs."""
    webs = terrain.squares_of(SHEETS)
    seen, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for sq in ((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
            if sq in webs and sq not in seen:
                seen.add(sq)
                todo.append(sq)
    return frozenset(seen)


def entering(battle, who: str, here: Square, there: Square) -> tuple[list, str | None]:
    """What a web sheet, or a Web spell's area, does to a mover about to step from ``here``
    to ``there``: nothing (None), it noticed the web and stops short ("noticed"), or it
    stumbled in and is caught there ("caught"). Events are the Spot check or the Reflex
    save, and the catch."""
    events, web = _entering_sheet(battle, who, here, there)
    if web is not None:
        return events, web
    return _entering_spell_web(battle, who, here, there)


def _entering_spell_web(battle, who: str, here: Square, there: Square) -> tuple[list, str | None]:
    """A mover coming into a Web spell's area from outside it is caught as those in the
    area when it was cast (SRD Web: "Anyone in the effect's area when the spell is cast must
    make a Reflex save. If this save succeeds, the creature is entangled, but not prevented
    from moving [...]. If the save fails, the creature is entangled and can't move from its
    space"; data-digest, ``web``): the spell's Reflex save (its DC), entangled, and glued
    on a failure. Either way its movement ends in that square: the SRD lets one that saved
    go on only "very slowly" (a Strength or Escape Artist check each round, 5 ft per full 5
    points above 10: ``web_spell.do_move_through_web``), so the walk stops where the web took it. A
    creature already in that web's area (caught when it was cast, or since) moves within it
    without a new save. The save is a die: a dry run rolls it on its probing dice."""
    board = battle.board()
    span = board.body(who).span
    before, after = set(space_squares(here, span)), set(space_squares(there, span))
    for _key, overlay in sorted(battle.shared_read.overlays.items()):
        area = {tuple(sq) for sq in overlay.squares}
        if overlay.kind != "web" or before & area or not after & area:
            continue
        if not MoveContext.of(board, board.body(who)).can_end_at(there):
            # The web would hold it where no move may end (a friend's space it was passing
            # through): it stops at the last square it may end on, short of the strands
            # (digest §1.4, "accidentally ending in an illegal space"; README, "Rulings").
            return [MovementStopped(who=who, at=here, reason="web_spell_ahead")], "noticed"
        ok, events = roll_save(battle, who, "ref", overlay.dc, purpose=f"ref save web {who}")
        conds = battle.comp(who, Conditions).ids
        conds.add("entangled")
        events.append(ConditionStarted(who=who, condition="entangled"))
        if not ok:
            conds.add("glued")
            events.append(ConditionStarted(who=who, condition="glued"))
        battle.changed()
        return events + [MovementStopped(who=who, at=there, reason="entered_web_spell")], "caught"
    return [], None


def _entering_sheet(battle, who: str, here: Square, there: Square) -> tuple[list, str | None]:
    """A web sheet's part of ``entering``: the Spot check, stopping short or the catch."""
    terrain = battle.current_terrain()
    if not terrain.squares_of(SHEETS) or is_spinner(battle, who) or battle.read(who, Webs).caught:
        return [], None
    span = battle.board().body(who).span
    new = sorted(set(space_squares(there, span)) - set(space_squares(here, span)))
    web = next((sq for sq in new if terrain.kind(sq).id == SHEET), None)
    if web is None:
        return [], None
    webs = battle.comp(who, Webs)
    events: list = []
    if web not in webs.noticed:
        bonus = ability_modifier(battle.read(who, Abilities).scores["wis"]) \
            + battle.read(who, Stats).values.get("spot", 0)
        d20 = battle.dice.roll(20, f"spot web {who}")
        seen = d20 + bonus >= SPOT_DC
        events.append(SavingThrow(who=who, kind="spot", d20=d20, bonus=bonus, dc=SPOT_DC, success=seen))
        webs.noticed = webs.noticed | sheet_of(terrain, web)
        battle.changed()
        if seen:
            return events + [MovementStopped(who=who, at=here, reason="noticed_web")], "noticed"
    return events + _caught(battle, who, web, there), "caught"


def _caught(battle, who: str, web: Square, there: Square) -> list:
    """Trapped "as though by a successful web attack": entangled and anchored, with the
    web-spinner's DCs and the +5 of ground to walk on; its movement ends there."""
    web_numbers = numbers(battle)
    battle.comp(who, Webs).caught = WebHold(web_numbers["escape_dc"], web_numbers["break_dc"], footing=FOOTING_BONUS,
                                            sheet=web)
    battle.comp(who, Conditions).ids.update(("entangled", "glued"))
    battle.changed()
    return [ConditionStarted(who=who, condition="entangled"), ConditionStarted(who=who, condition="glued"),
            MovementStopped(who=who, at=there, reason="stuck_in_web")]


def sections_in_reach(battle, who: str) -> list[Square]:
    """The web squares in the creature's space or next to it: the sections it can strike."""
    webs = battle.current_terrain().squares_of(SHEETS)
    if not webs:
        return []
    mine = battle.board().body(who).squares
    near = {(x + dx, y + dy) for x, y in mine for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    return sorted(near & webs)


def do_cut_web(battle, who, args, declined) -> list:
    """Standard action: a melee attack on a section of web in reach (AC 3); damage past its
    DR 5/— comes off its hit points, and at 0 the section is gone."""
    at = square_arg(args.get("at"), "at")
    if at not in battle.current_terrain().squares_of(SHEETS):
        raise refuse("NOT_A_WEB_SHEET", at=list(at))
    if at not in sections_in_reach(battle, who):
        raise refuse("WEB_SHEET_OUT_OF_REACH", at=list(at))
    weapon = battle.board().body(who).weapon
    if weapon.is_ranged:
        raise refuse("CUT_WEB_IN_MELEE", weapon=weapon.id)
    events = spend(battle, who, "standard", "cut_web")
    a = battle.fighter(who)
    bonus = attack_rules.attack_bonus(a, attack_rules.AttackSituation())
    d20 = battle.dice.roll(20, f"cut web {who}")
    hit = attack_rules.judge_attack(d20, bonus.value, SECTION_AC, 21).hit
    if not hit:
        return events + [WebStruck(who=who, at=at, d20=d20, bonus=bonus.value, ac=SECTION_AC, hit=False)]
    count, sides = attack_rules.parse_dice(attack_rules.damage_dice(weapon.damage_s, weapon.damage_m, a.size))
    faces = battle.dice.roll_dice(count, sides, f"cut web damage {who}") if sides > 1 else [count]
    damage = max(1, sum(faces) + attack_rules.strength_to_damage(a, ranged=False, thrown=False,
                                                                 two_handed=weapon.use == "two_handed", off_hand=False))
    web_numbers = numbers(battle)
    hp = battle.shared.web_hp
    left = max(0, hp.get(at, web_numbers["sheet_hp"]) - max(0, damage - web_numbers["sheet_dr"]))
    hp[at] = left
    events.append(WebStruck(who=who, at=at, d20=d20, bonus=bonus.value, ac=SECTION_AC, hit=True, damage=damage,
                            reduction=web_numbers["sheet_dr"], hp_left=left))
    battle.changed()
    if left == 0:
        events += _free_from(battle, at)
    return events


def _free_from(battle, at: Square) -> list:
    """The section is gone: whoever its web held is free."""
    events: list = []
    for cid, webs in battle.each(Webs):
        if webs.caught is not None and webs.caught.sheet == at:
            battle.comp(cid, Webs).caught = None
            conds = battle.comp(cid, Conditions).ids
            conds.discard("entangled")
            conds.discard("glued")
            events += [ConditionEnded(who=cid, condition="entangled"), ConditionEnded(who=cid, condition="glued")]
    battle.changed()
    return events
