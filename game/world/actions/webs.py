"""A monstrous spider's web (SRD monstrous spider, "Web"; data-digest §4d): thrown like a
net, a ranged touch attack and a standard action that provokes, eight times a day, at
most 15 m away with 3 m range increments, against a creature up to one size larger than
the spider. A creature caught is entangled and anchored in place (it cannot move); it
frees itself as a standard action with an Escape Artist check (Large: DC 13) or bursts the
web with a Strength check (Large: DC 17). The web's own DCs replace the net's (data-digest,
"rule inconsistencies kept as written")."""
from __future__ import annotations

from dataclasses import replace

from ...rules import attack as attack_rules
from ...rules.attack import AttackSituation
from ...rules.geometry import gaps_distance, spaces_gaps
from ...rules.modifiers import ability_modifier
from ...rules.sight import cover
from ...rules.sizes import Size
from ..attacks import engaged_with_ally, take_opportunities, threatening_enemies
from ..components import Abilities, Conditions, Stats, WebHold, Webs
from ..damage import status_of
from ..events import AttackRolled, ConditionEnded, ConditionStarted, SavingThrow
from ..skill_aid import take_skill_aid
from ..specials import SpecialUsed, specials
from ..worn import armour_check_penalty
from .common import refuse, spend, target_arg


def do_web(battle, who, args, declined) -> list:
    web = specials(battle, who).get("web")
    if web is None:
        raise refuse("NO_WEB")
    used = battle.read(who, Webs).thrown
    if used >= web["per_day"]:
        raise refuse("WEB_USED_UP", per_day=web["per_day"])
    target = target_arg(battle, args)
    board = battle.board()
    me, foe = board.body(who), board.body(target)
    if target == who:
        raise refuse("BAD_ARGUMENT", key="target")
    if status_of(battle, target) == "dead":
        raise refuse("TARGET_DEAD", target=target)
    if foe.size.order > Size[web["max_size"]].order:
        raise refuse("TARGET_TOO_BIG", target=target)
    squares = gaps_distance(*spaces_gaps(me.pos, me.span, foe.pos, foe.span))
    increments = max(1, -(-squares * 5 // web["increment_ft"]))
    if squares * 5 > web["range_ft"]:
        raise refuse("OUT_OF_RANGE", increments=increments, max=web["range_ft"] // web["increment_ft"])
    cov = cover(board, me, foe, "ranged")
    if cov == "total":
        raise refuse("NO_LINE_OF_SIGHT")
    if battle.read(target, Webs).caught:
        raise refuse("ALREADY_WEBBED", target=target)
    events = spend(battle, who, "standard", "web")
    battle.comp(who, Webs).thrown = used + 1
    ev, fell = take_opportunities(battle, who, threatening_enemies(battle, who), declined)   # a ranged attack
    events += ev
    if fell:
        return events
    a, d = battle.fighter(who), battle.fighter(target)
    s = AttackSituation(ranged=True, touch=True, range_increments=increments,
                        into_melee=engaged_with_ally(battle, who, target),
                        cover=cov if cov in ("soft", "cover", "improved") else "none")
    bonus = attack_rules.attack_bonus(replace(a, weapon=replace(a.weapon, use="ranged")), s)
    ac = attack_rules.armor_class(d, s, a.conditions, flat_footed="flat_footed" in d.conditions)
    d20 = battle.dice.roll(20, f"web {who}")
    hit = attack_rules.judge_attack(d20, bonus.value, ac.value, 21).hit
    events.append(AttackRolled(attacker=who, target=target, d20=d20, bonus=bonus.value, total=d20 + bonus.value,
                               ac=ac.value, hit=hit, threat=False,
                               bonus_breakdown=tuple((m.value, m.kind, m.source) for m in bonus.applied),
                               ac_breakdown=tuple((m.value, m.kind, m.source) for m in ac.applied),
                               kind="ranged_touch"))
    if hit:
        conds = battle.comp(target, Conditions).ids
        conds.update(("entangled", "glued"))
        battle.comp(target, Webs).caught = WebHold(web["escape_dc"], web["break_dc"])
        battle.changed()
        events += [SpecialUsed(who=who, special="web", target=target),
                   ConditionStarted(who=target, condition="entangled"), ConditionStarted(who=target, condition="glued")]
    return events


def check_bonuses(battle, who: str) -> dict[str, int]:
    """A creature's bonus on the checks that free it from a web, by method: Escape Artist
    (Dexterity, its ``escape_artist`` ranks and its armour check penalty: SRD Escape Artist
    is a Dexterity skill with the penalty) and Strength (SRD Web, Monstrous Spider)."""
    scores = battle.read(who, Abilities).scores
    return {"escape_artist": ability_modifier(scores["dex"]) + battle.read(who, Stats).values.get("escape_artist", 0)
            + armour_check_penalty(battle, who),
            "strength": ability_modifier(scores["str"])}


def escape_web(battle, who, args) -> list:
    """Standard action: Escape Artist (Dex) against the web's escape DC, or Strength
    against its burst DC; ``method`` picks one, else the better chance. Out of a web sheet
    either gains +5 (``web_sheets``: ground to walk on)."""
    web = battle.read(who, Webs).caught
    bonuses = check_bonuses(battle, who)
    dex, strength = bonuses["escape_artist"], bonuses["strength"]
    method = args.get("method")
    if method is None:
        method = "escape_artist" if dex - web.escape_dc > strength - web.burst_dc else "strength"
    if method not in ("escape_artist", "strength"):
        raise refuse("BAD_ARGUMENT", key="method")
    bonus, dc = (dex, web.escape_dc) if method == "escape_artist" else (strength, web.burst_dc)
    bonus += web.footing          # a web sheet: "+5 if the trapped creature has something to walk on or grab"
    if method == "escape_artist":
        bonus += take_skill_aid(battle, who, "escape_artist")     # aid another on this check
    events = spend(battle, who, "standard", "break_free")
    d20 = battle.dice.roll(20, f"escape web {who}")
    ok = d20 + bonus >= dc
    events.append(SavingThrow(who=who, kind=method, d20=d20, bonus=bonus, dc=dc, success=ok))
    if ok:
        conds = battle.comp(who, Conditions).ids
        conds.discard("entangled")
        conds.discard("glued")
        battle.comp(who, Webs).caught = None
        battle.changed()
        events += [ConditionEnded(who=who, condition="entangled"), ConditionEnded(who=who, condition="glued")]
    return events
