"""A touch spell for several creatures, and the starter spell that is one: hide from
undead (SRD; French text "sorts de contact": one friend is touched with a standard
action, up to six with a full-round action, and a held charge goes off on whatever the
caster touches).

Hide from undead wards one creature per caster level. Mindless undead cannot perceive
the warded creatures; each intelligent undead makes one Will save when the first
creature is warded, and if it fails it cannot perceive any of them. An undead cannot
aim an attack, a manoeuvre or a spell at a creature it cannot perceive, nor take an
attack of opportunity against it. The spell ends for every recipient when one of them
attacks anyone (even with a spell), touches an undead with a harmful spell, or turns or
rebukes undead."""
from __future__ import annotations

from ..components import Conditions, Spellcasting, Stats
from ..events import ConditionEnded, ConditionStarted
from .common import refuse, spend

MOST_TOUCHES = 6          # a full-round action touches up to six friends


def _sc(battle, cid) -> Spellcasting:
    return battle.comp(cid, Spellcasting)


def hide_from_undead(battle, who, spell_id, spell, level, args, declined) -> list:
    """Cast: one touch per caster level is held; a friend named at once is touched now."""
    from .spell_basics import _ability_mod, _lasting
    from .spell_effects import _hold
    from ...rules import spells as rules
    sc = _sc(battle, who)
    key = f"hide:{who}"
    if key not in battle.spell_effects:
        battle.spell_effects[key] = {"kind": "hide_from_undead", "caster": who, "warded": [], "seen_by": None,
                                     "dc": rules.save_dc(level, _ability_mod(battle, who)),
                                     "ends": battle.round + _lasting(battle, 100 * sc.caster_level)}
    events = _hold(battle, who, spell_id, level)
    sc.held_touches = sc.caster_level
    if "target" in args:
        events += touch_friends(battle, who, [args["target"]])
    return events


def touch_friends(battle, who: str, targets: list[str]) -> list:
    """Give the held multi-touch spell to each creature touched (the caster included)."""
    sc = _sc(battle, who)
    events: list = []
    for target in targets:
        events += _ward(battle, who, target)
        sc.held_touches -= 1
        if sc.held_touches <= 0:
            sc.held_charge, sc.held_metamagic, sc.held_touches = None, (), 0
            break
    return events


def do_touch_several(battle, who: str, args: dict) -> list:
    """``touch`` with a multi-touch charge: ``target`` (a standard action) or ``targets``
    (up to six, a full-round action); only willing creatures, in reach."""
    from .casting import _in_range
    from ...content import data
    sc = _sc(battle, who)
    targets = args.get("targets", [args.get("target")] if "target" in args else None)
    if not isinstance(targets, list) or not targets or not all(isinstance(t, str) and battle.has(t) for t in targets) \
            or len(set(targets)) != len(targets):
        raise refuse("BAD_ARGUMENT", key="targets")
    if len(targets) > min(MOST_TOUCHES, sc.held_touches):
        raise refuse("TOO_MANY_TOUCHES", count=min(MOST_TOUCHES, sc.held_touches))
    board = battle.board()
    me = board.body(who)
    for t in targets:
        if t != who and board.body(t).is_enemy_of(me):
            raise refuse("TOUCH_FRIENDS_ONLY", target=t)
        if t != who:
            _in_range(battle, who, data.spells()[sc.held_charge], target=t)
    events = spend(battle, who, "full_round" if len(targets) > 1 else "standard", "touch")
    return events + touch_friends(battle, who, targets)


def _ward(battle, who: str, target: str) -> list:
    from .spell_basics import _save
    effect = battle.spell_effects.get(f"hide:{who}")
    if effect is None or target in effect["warded"]:
        return []
    events: list = []
    if effect["seen_by"] is None:
        # Each intelligent undead saves once, when the spell first takes hold.
        effect["seen_by"] = []
        for cid in sorted(battle.entities):
            values = battle.comp(cid, Stats).values
            if values.get("undead") and not values.get("mindless"):
                ok, ev = _save(battle, cid, "will", effect["dc"])
                events += ev
                if ok:
                    effect["seen_by"].append(cid)
    effect["warded"].append(target)
    battle.comp(target, Conditions).ids.add("hidden_from_undead")
    battle.changed()
    return events + [ConditionStarted(who=target, condition="hidden_from_undead")]


def hidden_from(battle, watcher: str, target: str) -> bool:
    """Whether undead ``watcher`` cannot perceive ``target``."""
    if not battle.comp(watcher, Stats).values.get("undead"):
        return False
    return any(e["kind"] == "hide_from_undead" and target in e["warded"] and watcher not in e["seen_by"]
               for e in battle.spell_effects.values())


def unseen_refusal(battle, who: str, action: str, args: dict):
    """An undead cannot aim anything at a creature it cannot perceive."""
    if not battle.comp(who, Stats).values.get("undead"):
        return None
    named = [args.get(k) for k in ("target", "enemy", "ally")] + list(args.get("targets") or [])
    for t in named:
        if isinstance(t, str) and battle.has(t) and hidden_from(battle, who, t):
            return refuse("CANNOT_PERCEIVE", target=t)
    return None


def break_hiding(battle, who: str, action: str, args: dict) -> list:
    """A warded creature that attacks, harms with a spell, or turns undead ends the spell
    for all its recipients."""
    from .spellwork import aggressive
    if not battle.has(who) or "hidden_from_undead" not in battle.comp(who, Conditions).ids:
        return []
    if not aggressive(battle, who, action, args):
        return []
    events: list = []
    for key, effect in list(battle.spell_effects.items()):
        if effect["kind"] == "hide_from_undead" and who in effect["warded"]:
            events += end_hiding(battle, key, "aggression")
    return events


def end_hiding(battle, key: str, reason: str) -> list:
    from .spellwork import SpellEnded
    effect = battle.spell_effects.pop(key)
    events: list = [SpellEnded(caster=effect["caster"], spell="hide_from_undead", reason=reason)]
    for cid in effect["warded"]:
        still = any(e["kind"] == "hide_from_undead" and cid in e["warded"] for e in battle.spell_effects.values())
        if battle.has(cid) and not still:
            battle.comp(cid, Conditions).ids.discard("hidden_from_undead")
            events.append(ConditionEnded(who=cid, condition="hidden_from_undead"))
    sc = _sc(battle, effect["caster"])
    if sc.held_charge == "hide_from_undead":
        sc.held_charge, sc.held_metamagic, sc.held_touches = None, (), 0
    battle.changed()
    return events


def expire(battle, caster: str) -> list:
    """At the caster's turn: the spell's duration runs out."""
    effect = battle.spell_effects.get(f"hide:{caster}")
    if effect is not None and battle.round > effect["ends"]:
        return end_hiding(battle, f"hide:{caster}", "duration")
    return []
