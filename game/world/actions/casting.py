"""Casting spells (French text "lancer un sort"; digest §4.5): components (V needs a voice,
deafness fails 20%; S a free hand, none while grappling), casting provokes unless cast
defensively (Concentration DC 15 + level), damage taken meanwhile calls for
Concentration (10 + damage + level), grappling 20 + level, entangled 15 + level; touch
spells touch at once or hold the charge (the touch does not provoke); spells of 1 round
take effect just before the caster's next turn, no threatened squares meanwhile;
directing a spell is a move action; metamagic, arcane spell failure, a component in hand
in a grapple. The checks a casting shares with items and abilities are in spell_checks.py,
the effects in spell_effects.py, items and spell-like abilities in magic_items.py."""
from __future__ import annotations

from dataclasses import dataclass

from ... import data
from ...dice import WouldRoll
from ...rules import metamagic, spells as rules
from ..components import Conditions, Grapple, HitPoints, Spellcasting, SpellEffects, Timing
from ..damage import AFTER_DAMAGE
from ..events import Event
from ..turns import AT_TURN_END, AT_TURN_START, TURN_PASSED
from . import feather_fall, spell_sources as sources, spellwork, warding
from .common import Refused, afford, refuse, spend, square_arg, target_arg
from .gates import cannot_speak
from .grapple_limits import garroter_of
from .spell_basics import SpellCast, concentration_check, creatures_in, spell_level, spellcasting, touch_is_free
from .spell_checks import (check_aim, dissipate_charge, distractions, has_free_hand, in_range, needs_component_in_hand,
                           provoked_or_defensive, refuse_gestures_in_grapple, refuse_long_casting_in_grapple)
from .spell_effects import EFFECTS, NAMES_CAUGHT, discharge, grease_saves, sphere_burns, spiritual_attack
from .timing import SPREAD, readied_on_attack
from .web_fire import burn_webs


def do_cast(battle, who, args, declined, spread: bool = False) -> list:
    """Cast a spell. ``spread``: begun with the standard action of ``start_full_round``
    (``begin_spread``), to finish next round."""
    spell_id = args.get("spell")
    spell = data.spells().get(spell_id) if isinstance(spell_id, str) else None
    if spell is None:
        raise refuse("SPELL_NOT_READY", spell=str(spell_id))
    feats = sources.metamagic_of(battle, who, args, spell)
    source = sources.source_of(battle, who, spell_id, spell, feats, args)
    with sources.applied(battle, feats):
        return _cast(battle, who, spell_id, spell, feats, source, args, declined, spread)


def _cast(battle, who, spell_id, spell, feats, source, args, declined, spread=False) -> list:
    sc = spellcasting(battle, who)
    level = source.level
    conds = battle.comp(who, Conditions).ids
    grappling = bool(battle.comp(who, Grapple).holding)
    components = metamagic.components(spell["components"], feats)
    _afford_casting(battle, who, spell, feats, source, spread)
    if "V" in components and cannot_speak(battle, who):
        raise refuse("SPELL_NEEDS_VOICE", spell=spell_id)
    if "V" in components and garroter_of(battle, who) is not None:
        # "Les jeteurs de sorts peuvent lancer les sorts ne nécessitant pas de composantes
        # verbales (V) et/ou gestuelles (G)": neither V nor S (S is the grapple's, next).
        raise refuse("GARROTED_NO_VERBAL", spell=spell_id)
    refuse_gestures_in_grapple(battle, who, spell_id, components)
    if spell["casting_time"] == "immediate":
        # cast as a creature falls, when its caster's player is asked (``feather_fall``)
        raise Refused(feather_fall.cast_refusal(battle, who))
    if "S" in components and not has_free_hand(battle, who):
        raise refuse("SPELL_NEEDS_A_FREE_HAND", spell=spell_id)
    if (grappling or "pinned" in conds) and needs_component_in_hand(battle, who, spell, components) \
            and sc.component_in_hand != spell_id:
        raise refuse("COMPONENT_NOT_IN_HAND", spell=spell_id)
    if "quicken_spell" in feats and not spread:
        return _cast_quickened(battle, who, spell_id, spell, components, source, args, declined)
    if spread and (spell["casting_time"] != "full_round" or source.spontaneous or "quicken_spell" in feats):
        raise refuse("NOT_A_ONE_ROUND_SPELL", spell=spell_id)
    if spread and spell["casting_time"] == "minute":
        raise refuse("NOT_A_ONE_ROUND_SPELL", spell=spell_id)
    if spell["casting_time"] == "standard":
        kind = "full_round" if source.spontaneous else "standard"
    else:
        kind = "full_round"             # a spell of 1 round, and the first of a minute's ten
    refuse_long_casting_in_grapple(battle, who, spell_id, kind)
    check_aim(battle, who, spell, args)
    # Spread over two rounds, the standard action of ``start_full_round`` is already spent.
    events = [] if spread else spend(battle, who, kind, "cast")
    source.pay()
    events += dissipate_charge(battle, who)
    _use_component(battle, who, spell_id, spell)
    before = battle.comp(who, HitPoints).current
    ev, fell = readied_on_attack(battle, who, declined, trigger="casts")
    events += ev
    if fell:
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
    ev, lost = provoked_or_defensive(battle, who, level, before, bool(args.get("defensively")), declined)
    events += ev
    if lost is None:             # fell to an attack of opportunity
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
    if not lost:
        ev, lost = distractions(battle, who, components, level, bool(args.get("ride_on")))
        events += ev
    if lost:
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
    if spell["casting_time"] in ("full_round", "minute"):
        sc.pending = {"spell": spell_id, "args": _plain(args), "round": battle.round, "metamagic": list(feats),
                      "level": level,
                      "extra": 1 if source.spontaneous else 0, "spread": spread}
        if spell["casting_time"] == "minute":
            # "le sort prend effet 10 rounds plus tard, juste avant le tour de jeu du personnage"
            sc.pending.update(minute=True, until=battle.round + MINUTE_ROUNDS, continued=battle.round)
        conds.add("casting")          # no threatened squares while casting
        battle.changed()
        _foresee(battle, who, spell_id, spell, level, args, declined)
        outcome = "begun" if spread else ("minute" if spell["casting_time"] == "minute" else "pending")
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome=outcome)]
    return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="cast")] + \
        EFFECTS[spell["effect"]](battle, who, spell_id, spell, level, args, declined)


def _afford_casting(battle, who, spell, feats, source, spread: bool) -> None:
    """The action the casting takes is checked first (French text, "lancer un sort": a
    standard action, a spell of 1 round a full-round action, a spontaneous one a full
    round; Quicken Spell the swift action): with none left, that is the reason, not a hand
    or an aim (play-test 2: "no free hand" and "no line of sight" after a move). A casting
    spread over two rounds has spent its action already; an immediate one is the fall's."""
    if spread or spell["casting_time"] == "immediate":
        return
    if "quicken_spell" in feats:
        if spell["casting_time"] == "standard":
            afford(battle, who, "swift")
        return
    standard = spell["casting_time"] == "standard" and not source.spontaneous
    afford(battle, who, "standard" if standard else "full_round")


def _foresee(battle, who, spell_id, spell, level, args, declined) -> None:
    """A preview of an area spell that takes effect later (sleep: 1 round) notes whom it
    would catch were it to take effect now (``spell_basics.note_caught``): its effect runs
    in a frame rolled back at its first die. Outside a preview, nothing."""
    if battle.recorder is None or spell["effect"] not in NAMES_CAUGHT:
        return
    token = battle.snapshot()
    try:
        EFFECTS[spell["effect"]](battle, who, spell_id, spell, level, args, declined)
    except (WouldRoll, Refused):
        pass
    finally:
        battle.restore(token)


@AFTER_DAMAGE.register(10)
def disturbed_casting(battle, cid: str, amount: int) -> list:
    """Damage while casting a spell of 1 round: Concentration DC 10 + damage + level, or
    the spell is lost (digest §4.5)."""
    if not battle.read(cid, Spellcasting).pending or amount <= 0:
        return []
    sc = battle.comp(cid, Spellcasting)
    spell = data.spells()[sc.pending["spell"]]
    level = sc.pending.get("level") or spell_level(battle, cid, spell)
    ok, events = concentration_check(battle, cid, rules.concentration_dc("damage", level, amount), "damage")
    if not ok:
        events += _lose_pending(battle, cid)
    return events


def _lose_pending(battle, cid: str) -> list:
    """The spell of 1 round being cast is lost (and the casting spread over two rounds
    with it: nothing is left to complete)."""
    sc = spellcasting(battle, cid)
    pending, sc.pending = sc.pending, None
    spell = data.spells()[pending["spell"]]
    level = pending.get("level") or spell_level(battle, cid, spell)
    battle.comp(cid, Conditions).ids.discard("casting")
    if pending.get("spread"):
        battle.comp(cid, Timing).full_round = None
    battle.changed()
    return [SpellCast(caster=cid, spell=pending["spell"], level=level, outcome="lost")]


def _use_component(battle, who: str, spell_id: str, spell: dict) -> None:
    """A material component in hand is used up by the casting; a focus stays in hand."""
    sc = spellcasting(battle, who)
    if sc.component_in_hand == spell_id and not any("F" in c.split("/") for c in spell["components"]):
        sc.component_in_hand = None


def _cast_quickened(battle, who, spell_id, spell, components, source, args, declined) -> list:
    """A quickened spell (Quicken Spell, prepared so): a free action that does not provoke,
    one a round (counted on the swift action); no spell of 1 round (SRD feat)."""
    if spell["casting_time"] != "standard":
        raise refuse("CANNOT_QUICKEN", spell=spell_id)
    check_aim(battle, who, spell, args)
    events = spend(battle, who, "swift", "cast_quickened")
    source.pay()
    events += dissipate_charge(battle, who)
    _use_component(battle, who, spell_id, spell)
    level = source.level
    ev, lost = distractions(battle, who, components, level, bool(args.get("ride_on")))
    events += ev
    if lost:
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
    return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="cast")] + \
        EFFECTS[spell["effect"]](battle, who, spell_id, spell, level, args, declined)


def _plain(args: dict) -> dict:
    return {k: v for k, v in args.items() if k in ("target", "targets", "point", "direction", "ally", "creature")}


def do_direct_spell(battle, who, args, declined) -> list:
    """Move action: point a spiritual weapon at another foe, or roll a flaming sphere up to
    9 m; it stops in the first creature's square it enters and burns it."""
    events = spend(battle, who, "move", "direct_spell")
    if battle.read(who, SpellEffects).spiritual and "target" in args:
        battle.comp(who, SpellEffects).spiritual.target = target_arg(battle, args)
        return events
    if battle.read(who, SpellEffects).sphere is None or "squares" not in args:
        raise refuse("NOTHING_TO_DIRECT")
    sphere = battle.comp(who, SpellEffects).sphere
    path = [square_arg(s, "squares") for s in args["squares"]]
    if len(path) > 6:
        raise refuse("TOO_FAR", square=list(path[-1]), limit=6)
    for sq in path:
        if not battle.board().terrain.is_enterable(sq):
            raise refuse("BLOCKED_SQUARE", square=list(sq))
        sphere.at = sq
        if creatures_in(battle, {sq}):
            return events + sphere_burns(battle, who, sq)
        # it "ignites flammable substances it touches" (SRD Flaming Sphere): a Web spell's
        # strands on its way burn as it rolls through them
        events += burn_webs(battle, {sq}, who)
    return events


def do_touch(battle, who, args, declined) -> list:
    """Deliver a held touch spell (the touch never provokes). On the turn of its casting
    the touch is part of the casting, once, so a move may come between them (French text,
    "sorts de contact": "Il a la possibilité de toucher le sujet ... lors du round où il
    lance le sort. Au choix, le déplacement peut s'effectuer avant l'incantation, après
    avoir touché le sujet, ou entre ces deux instants"): a free action then; on a later
    turn a standard action ("Une action simple suffit pour toucher un ami")."""
    held = spellcasting(battle, who).held_charge
    if held is None:
        raise refuse("NO_CHARGE_HELD")
    free = touch_is_free(battle, who)
    if spellcasting(battle, who).held_touches > 0:
        return warding.do_touch_several(battle, who, args, free)
    target = target_arg(battle, args)
    in_range(battle, who, data.spells()[held], target=target)
    events = spend(battle, who, "free" if free else "standard", "touch")
    spellcasting(battle, who).held_touch_round = None       # the casting's touch is used
    return events + discharge(battle, who, held, target)


@TURN_PASSED.register(10)
def turn_passed(battle, cid: str) -> list:
    """A caster whose turn passes without acting (stunned, dazed, cowering, paralysed,
    asleep, unconscious, dying) cannot concentrate: a spell kept up ends and a spell of one
    round being cast is lost; its spells' durations still run out."""
    events: list = warding.expire(battle, cid)
    sc = spellcasting(battle, cid)
    if sc.maintained:
        events += spellwork.end_maintained(battle, cid, "caster_down")
    if sc.pending:
        events += _lose_pending(battle, cid)
    _expire_conjured(battle, cid)
    overlays = battle.shared.overlays
    for key, overlay in list(overlays.items()):
        if overlay.caster == cid and overlay.until < battle.round:
            del overlays[key]
    battle.changed()
    return events


@AT_TURN_START.register(10)
def at_turn_start(battle, cid: str) -> list:
    """What spells do when a caster's (or a held creature's) turn begins."""
    events: list = spellwork.at_turn_start(battle, cid) + warding.expire(battle, cid)
    pending = battle.read(cid, Spellcasting).pending
    if pending and pending.get("spread"):
        if pending["round"] != battle.round - 1:
            events += _lose_pending(battle, cid)        # not completed when it had to be
        # else: completed this turn with ``complete_full_round`` (``finish_spread``)
    elif pending and pending.get("minute"):
        if battle.round >= pending["until"]:
            events += _take_effect(battle, cid)         # its tenth full round was the last one
        # else: this turn's full-round action goes on with it (``continue_casting``)
    elif pending:
        events += _take_effect(battle, cid)
    for key, overlay in list(battle.shared_read.overlays.items()):
        if overlay.caster == cid:
            if overlay.until < battle.round:
                del battle.shared.overlays[key]
                battle.changed()
            elif overlay.kind == "grease":
                events += grease_saves(battle, overlay)
    _expire_conjured(battle, cid)
    if battle.read(cid, SpellEffects).spiritual:
        events += spiritual_attack(battle, cid)
    return events


def _take_effect(battle, cid: str) -> list:
    """The spell of 1 round being cast takes effect: just before the caster's next turn
    ("Le sort prend effet le round suivant, juste avant le tour de jeu du personnage"), or
    as the casting spread over two rounds is completed."""
    events: list = []
    sc = spellcasting(battle, cid)
    pending, sc.pending = sc.pending, None
    battle.comp(cid, Conditions).ids.discard("casting")
    spell = data.spells()[pending["spell"]]
    level = pending.get("level") or spell_level(battle, cid, spell)
    finished = True
    if pending.get("extra"):
        # Metamagic chosen on the spot adds a full-round action to a spell of 1 round
        # (French text): this turn's actions finish the casting, or it is lost.
        try:
            events += spend(battle, cid, "full_round", "cast")
        except Refused:
            finished = False
    events.append(SpellCast(caster=cid, spell=pending["spell"], level=level,
                            outcome="completed" if finished else "lost"))
    if finished:
        with sources.applied(battle, tuple(pending.get("metamagic", ()))):
            events += EFFECTS[spell["effect"]](battle, cid, pending["spell"], spell, level, pending["args"], set())
    return events


def begin_spread(battle, who: str, args: dict, declined) -> list:
    """``start_full_round`` with ``cast``: a creature restricted to one action begins a
    spell of 1 round with its standard action (French text, "Commencer ou finir une action
    complexe": "pour lancer un sort dont le temps d'incantation est de 1 round entier, on
    peut commencer l'incantation pendant un round et la finir dans le round suivant"). The
    casting begins as a spell of 1 round does (slot, components, the attacks it provokes,
    "casting": no threatened squares, damage calls for Concentration), but it does not take
    effect before the next turn: it waits for ``finish_spread``, or is lost at the end of
    that turn. Not a spell of one action, nor one made longer by metamagic chosen now."""
    return do_cast(battle, who, args, declined, spread=True)


def finish_spread(battle, who: str, declined) -> list:
    """``complete_full_round`` of a spell begun with ``start_full_round``: the incantation
    is finished with this standard action ("la finir dans le round suivant"), and the
    spell takes effect now, as the casting ends."""
    pending = battle.read(who, Spellcasting).pending
    if not pending or not pending.get("spread"):
        raise refuse("NOTHING_TO_COMPLETE")
    return _take_effect(battle, who)


@AT_TURN_END.register(20)
def spread_left_unfinished(battle, cid: str) -> list:
    """A spell begun last round over two rounds and not completed this turn is lost; so is
    a spell of 1 minute whose casting this turn did not go on with ("Ces actions doivent
    être consécutives")."""
    pending = battle.read(cid, Spellcasting).pending
    if pending and pending.get("spread") and pending["round"] == battle.round - 1:
        return _lose_pending(battle, cid)
    if pending and pending.get("minute") and pending["continued"] != battle.round:
        return _lose_pending(battle, cid)
    return []


# --- spells of 1 minute ----------------------------------------------------------------
# French text, "lancer un sort": "si le temps d'incantation est égal à 1 minute, le sort
# prend effet 10 rounds plus tard, juste avant le tour de jeu du personnage (qui passe 10
# rounds à lancer son sort, accomplissant à chaque fois une action complexe). Ces actions
# doivent être consécutives, et toute interruption ruine le sort." The casting begins as a
# spell of 1 round does (a full-round action, the slot, the components, the attacks of
# opportunity it provokes once, no threatened squares, Concentration on damage); each of
# the next nine turns is spent going on with it.

MINUTE_ROUNDS = 10


@dataclass(frozen=True)
class CastingContinued(Event):
    """A spell of 1 minute goes on this round; ``rounds_left``: the full rounds still to go."""
    caster: str
    spell: str
    rounds_left: int


def do_continue_casting(battle, who, args, declined) -> list:
    """A full-round action: one more round of the spell of 1 minute being cast."""
    sc = spellcasting(battle, who)
    if not (sc.pending and sc.pending.get("minute")) or sc.pending["continued"] == battle.round:
        raise refuse("NOTHING_TO_CONTINUE")
    events = spend(battle, who, "full_round", "continue_casting")
    sc.pending = dict(sc.pending, continued=battle.round)
    battle.changed()
    return events + [CastingContinued(caster=who, spell=sc.pending["spell"],
                                      rounds_left=sc.pending["until"] - battle.round - 1)]


def interrupted(battle, who: str, action: str) -> list:
    """Any action but going on with it (or ending the turn, judged as the turn ends)
    interrupts a spell of 1 minute, and "toute interruption ruine le sort"."""
    if action in ("continue_casting", "end_turn") or not battle.has(who):
        return []
    pending = battle.read(who, Spellcasting).pending
    return _lose_pending(battle, who) if pending and pending.get("minute") else []


SPREAD["cast"] = (begin_spread, finish_spread)


def _expire_conjured(battle, cid: str) -> None:
    """A caster's spiritual weapon and flaming sphere end once their round has passed."""
    effects = battle.read(cid, SpellEffects)
    for name in ("spiritual", "sphere"):
        conjured = getattr(effects, name)
        if conjured is not None and conjured.until < battle.round:
            setattr(battle.comp(cid, SpellEffects), name, None)
