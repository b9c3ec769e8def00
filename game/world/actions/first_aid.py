"""First aid: stabilizing a dying creature with the Heal skill (digest §8.2: a dying
creature "Heal DC 15 or any healing stabilizes"; digest §4.2's table, "Stabilize a dying
friend (Heal)": it provokes an attack of opportunity; SRD Heal, "First aid": a standard
action, DC 15, usable untrained). The French text leaves it to the skill ("Utiliser une
compétence": "La description de chaque compétence indique tout ce qu'il faut savoir").

Our rulings: the healer touches the dying creature, so it stands next to it; a foe may be
stabilized too (the skill does not ask whose side); Wisdom and ``heal`` ranks make the
check."""
from __future__ import annotations

from ...rules.geometry import spaces_adjacent
from ...rules.modifiers import ability_modifier
from ..attacks import take_opportunities, threatening_enemies
from ..components import Abilities, HitPoints, Stats
from ..damage import status_of, sync_health
from ..events import SavingThrow
from .common import refuse, spend, target_arg

FIRST_AID_DC = 15


def heal_bonus(battle, cid: str) -> int:
    return ability_modifier(battle.read(cid, Abilities).scores.get("wis", 10)) + battle.read(cid, Stats).values.get("heal", 0)


def do_first_aid(battle, who, args, declined) -> list:
    """A standard action that provokes: Heal DC 15 makes the dying ``target`` stable (it no
    longer loses a hit point a round); a failure changes nothing but the action spent."""
    target = target_arg(battle, args)
    if status_of(battle, target) != "dying":
        raise refuse("NOT_DYING", target=target)
    me, them = battle.board().body(who), battle.board().body(target)
    if not spaces_adjacent(me.pos, me.span, them.pos, them.span):
        raise refuse("FIRST_AID_NOT_ADJACENT", target=target)
    events = spend(battle, who, "standard", "first_aid")
    ev, fell = take_opportunities(battle, who, threatening_enemies(battle, who), declined)
    events += ev
    if fell or status_of(battle, target) != "dying":
        return events
    bonus = heal_bonus(battle, who)
    d20 = battle.dice.roll(20, f"heal {who}")
    ok = d20 + bonus >= FIRST_AID_DC
    events.append(SavingThrow(who=who, kind="heal", d20=d20, bonus=bonus, dc=FIRST_AID_DC, success=ok))
    if ok:
        battle.comp(target, HitPoints).stable = True
        events += sync_health(battle, target)
    return events
