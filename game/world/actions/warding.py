"""A touch spell for several creatures, and the starter spell that is one: hide from
undead (SRD; French text "sorts de contact": one friend is touched with a standard
action, up to six with a full-round action, and a held charge goes off on whatever the
caster touches).

Hide from undead wards one creature per caster level. Mindless undead cannot perceive
the warded creatures; each intelligent undead makes one Will save when the first
creature is warded, and if it fails it cannot perceive any of them. An undead cannot
aim an attack, a manoeuvre or a spell at a creature it cannot perceive, nor take an
attack of opportunity against it. The spell ends for every recipient when one of them
attacks anyone (even with a spell), touches an undead, or turns, rebukes or commands
undead."""
from __future__ import annotations

from ... import data
from ...rules import spells as rules
from ..attacks import AOO_BARRED
from ..components import Conditions, HideFromUndead, Spellcasting, SpellEffects, Stats
from ..events import ConditionEnded, ConditionStarted
from ..racial import against_spell
from ..saving import roll_save
from .common import refuse, spend
from .spell_basics import SpellEnded, casting_modifier, drop_charge, hold_charge, lasting, next_effect_number
from .spell_checks import in_range
from .spellwork import aggressive

MOST_TOUCHES = 6          # a full-round action touches up to six friends
# Turning or commanding undead ends hide from undead (SRD): every use of the power.
CHANNELLING = frozenset({"turn_undead", "rebuke_undead", "command_undead", "bolster_undead", "dispel_turning",
                         "turn_creatures", "rebuke_creatures", "bolster_creatures"})


def _sc(battle, cid) -> Spellcasting:
    return battle.comp(cid, Spellcasting)


def hide_from_undead(battle, who, spell_id, spell, level, args, declined) -> list:
    """Cast: one touch per caster level is held; a friend named at once is touched now.
    Each casting is its own spell (its own saves, its own duration)."""
    sc = _sc(battle, who)
    castings = battle.comp(who, SpellEffects).hiding
    for effect in castings:
        effect.open = False
    castings.append(HideFromUndead(next_effect_number(battle), rules.save_dc(level, casting_modifier(battle, who)),
                                   battle.round + lasting(battle, 100 * sc.caster_level)))     # one per casting
    events = hold_charge(battle, who, spell_id, level)
    sc.held_touches = sc.caster_level
    if "target" in args:
        sc.held_touch_round = None      # the casting's one touch, given at once
        events += touch_friends(battle, who, [args["target"]])
    return events


def _castings(battle) -> list[tuple[str, HideFromUndead]]:
    """Every casting of hide from undead under way, with its caster, in the order begun."""
    found = [(c, h) for c, fx in battle.each(SpellEffects) for h in fx.hiding]
    return sorted(found, key=lambda ch: ch[1].begun)


def touch_friends(battle, who: str, targets: list[str]) -> list:
    """Give the held multi-touch spell to each creature touched (the caster included)."""
    sc = _sc(battle, who)
    events: list = []
    for target in targets:
        events += _ward(battle, who, target)
        sc.held_touches -= 1
        if sc.held_touches <= 0:
            drop_charge(sc)
            break
    return events


def do_touch_several(battle, who: str, args: dict, free: bool = False) -> list:
    """``touch`` with a multi-touch charge: ``target`` (a standard action) or ``targets``
    (up to six, a full-round action); only willing creatures, in reach. ``free``: the one
    touch that goes with the casting, on its turn (``casting.do_touch``), is free for one
    friend."""
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
            in_range(battle, who, data.spells()[sc.held_charge], target=t)
    kind = "full_round" if len(targets) > 1 else "free" if free else "standard"
    events = spend(battle, who, kind, "touch")
    sc.held_touch_round = None          # the casting's own touch is used (or its turn is given to several)
    return events + touch_friends(battle, who, targets)


def _ward(battle, who: str, target: str) -> list:
    effect = next((e for e in battle.read(who, SpellEffects).hiding if e.open), None)
    if effect is None or target in effect.warded:
        return []
    effect = next(e for e in battle.comp(who, SpellEffects).hiding if e.open)     # the live one, to change
    events: list = []
    if effect.seen_by is None:
        # Each intelligent undead saves once, when the spell first takes hold.
        effect.seen_by = []
        for cid in battle.sorted_ids:
            values = battle.comp(cid, Stats).values
            if values.get("undead") and not values.get("mindless"):
                ok, ev = roll_save(battle, cid, "will", effect.dc, against=against_spell("hide_from_undead"))
                events += ev
                if ok:
                    effect.seen_by.append(cid)
    effect.warded.append(target)
    battle.comp(target, Conditions).ids.add("hidden_from_undead")
    battle.changed()
    return events + [ConditionStarted(who=target, condition="hidden_from_undead")]


@AOO_BARRED.register(10)
def hidden_from(battle, watcher: str, target: str) -> bool:
    """Whether undead ``watcher`` cannot perceive ``target``."""
    if not battle.read(watcher, Stats).values.get("undead"):
        return False
    return any(target in h.warded and watcher not in h.seen_by
               for _c, fx in battle.each(SpellEffects) for h in fx.hiding)


def wards_anyone(battle) -> bool:
    """Whether some creature is hidden from undead now (``hidden_from`` can be true)."""
    return any(fx.hiding for _c, fx in battle.each(SpellEffects))


def unseen_refusal(battle, who: str, action: str, args: dict):
    """An undead cannot aim anything at a creature it cannot perceive."""
    if not battle.read(who, Stats).values.get("undead"):
        return None
    targets = args.get("targets")
    named = [args.get(k) for k in ("target", "enemy", "ally")] + (list(targets) if isinstance(targets, list) else [])
    # a full attack's entries may name their target in a table: {"trip": id}, {"disarm": id} ...
    named += [v for t in named if isinstance(t, dict) for v in t.values()]
    for t in named:
        if isinstance(t, str) and battle.has(t) and hidden_from(battle, who, t):
            return refuse("CANNOT_PERCEIVE", target=t)
    return None


def breaks_hiding(battle, who: str, action: str, args: dict) -> bool:
    """Judged before the action: a warded creature attacking anyone (even with a spell),
    touching an undead, or turning or rebuking undead."""
    if "hidden_from_undead" not in battle.read(who, Conditions).ids:
        return False
    if aggressive(battle, who, action, args) or action in CHANNELLING:
        return True
    touched = args.get("targets") if action == "touch" else None
    touched = touched if isinstance(touched, list) else [args.get("target")]
    spell = _sc(battle, who).held_charge if action == "touch" else args.get("spell")
    if action not in ("touch", "cast") or not isinstance(spell, str) or data.spells().get(spell, {}).get("range") != "touch":
        return False
    return any(isinstance(t, str) and battle.has(t) and battle.comp(t, Stats).values.get("undead") for t in touched)


def break_hiding(battle, who: str, broke: bool) -> list:
    """The spell ends for all its recipients when one of them broke it (``breaks_hiding``)."""
    if not broke or not battle.has(who):
        return []
    events: list = []
    for caster, effect in _castings(battle):
        if who in effect.warded:
            events += end_hiding(battle, caster, effect, "aggression")
    return events


def end_hiding(battle, caster: str, effect: HideFromUndead, reason: str) -> list:
    """One casting ends: its recipients warded by no other lose the condition."""
    castings = battle.comp(caster, SpellEffects).hiding
    castings[:] = [h for h in castings if h.begun != effect.begun]
    events: list = [SpellEnded(caster=caster, spell="hide_from_undead", reason=reason)]
    for cid in effect.warded:
        still = any(cid in h.warded for _c, h in _castings(battle))
        if battle.has(cid) and not still:
            battle.comp(cid, Conditions).ids.discard("hidden_from_undead")
            events.append(ConditionEnded(who=cid, condition="hidden_from_undead"))
    sc = _sc(battle, caster)
    if effect.open and sc.held_charge == "hide_from_undead":
        drop_charge(sc)
    battle.changed()
    return events


def expire(battle, caster: str) -> list:
    """At the caster's turn: a casting's duration runs out."""
    events: list = []
    for effect in list(battle.read(caster, SpellEffects).hiding):
        if battle.round > effect.ends:
            events += end_hiding(battle, caster, effect, "duration")
    return events
