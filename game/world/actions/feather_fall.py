"""Feather Fall, the immediate action in play (issue 11).

French text, "Action immédiate": « une action immédiate peut être entreprise à tout moment
(même hors du tour de jeu du personnage). Effectuer une action immédiate pendant son tour
revient à effectuer une action rapide (et compte comme la seule action rapide autorisée
dans un tour de jeu). Effectuer une action immédiate en dehors de son tour de jeu empêche
d'effectuer une action immédiate ou rapide jusqu'à la fin de son prochain tour de jeu
[...] Le personnage ne peut pas utiliser une action immédiate s'il est pris au
dépourvu. » The budget is ``budget.immediate_refusal`` and ``Timing.swift_owed``.

The spell is the SRD's own example (d20srd, "Immediate Actions": "Casting feather fall is
an immediate action, since the spell can be cast at any time"). SRD Feather Fall: casting
time 1 immediate action, range close (25 ft + 5 ft/2 levels), one Medium or smaller
freefalling creature a level; the subject falls slowly and takes no damage upon landing;
verbal component only (no somatic: no arcane spell failure, a climber's full hands do not
matter). It provokes no attack of opportunity: the French text says so of a swift casting
(« Manifester un sort ou une faculté dont le temps de manifestation est "1 action rapide"
ne provoque pas d'attaque d'opportunité »), and an immediate action is « presque identique
à l'action rapide »; the casting takes no time on the board.

Falls are over within the action that causes them, so the caster's player cannot be asked
mid-fall: as with an attack of opportunity, the question is put before the command plays
(``asking.choice_questions``: each caster able to catch each creature this command may
make fall) and the answer travels with the command (its ``feather_fall`` pairs). When a
creature is about to take falling damage (``damage.BEFORE_FALL_DAMAGE``) the first caster
of those pairs who still can casts it: the slot is spent, the immediate action too (the
swift action on its own turn, else its next turn's, ``Timing.swift_owed``), and the fall
does no damage. Rulings (README): a caught creature lands on its feet; one casting
catches one falling creature (the falls of this engine come one at a time); a caster
casting a spell of one round, or that cannot act (helpless, stunned, dazed, cowering,
nauseated, confused) takes no immediate action.
"""
from __future__ import annotations

from ... import data
from ...rules import spells as spell_rules
from ...rules.conditions import HELPLESS
from ...rules.geometry import distance
from ...rules.reasons import Refusal
from ...rules.sight import has_line_of_sight
from .. import budget
from ..commands import Command
from ..components import Conditions, Riding, Spellcasting, Timing, TurnState
from ..damage import ABLE, BEFORE_FALL_DAMAGE, status_of
from ..events import ActionTaken, FallSlowed
from .common import Refused
from .gates import FACE, cannot_speak
from .grapple_limits import garroter_of
from .spell_basics import SpellCast
from .spell_checks import dissipate_charge, distractions
from .spell_sources import source_of, spell_choices

FEATHER_FALL = "feather_fall"
# Conditions that leave no action to take, not even an immediate one (besides the
# statuses in which a creature does not act); "casting": in the middle of a spell of 1 round.
NO_IMMEDIATE = HELPLESS | {"stunned", "dazed", "cowering", "nauseated", "confused", "casting"}
MEDIUM = 4                   # size order: Feather Fall takes a Medium or smaller creature


def immediate_refusal(battle, who: str) -> Refusal | None:
    """Whether ``who`` may take an immediate action now (French text, "Action immédiate"):
    able to act, not flat-footed, on its own turn its swift action still to take, off its
    turn no immediate action taken since its last turn (``budget.immediate_refusal``)."""
    status = status_of(battle, who)
    if status not in ABLE:
        return Refusal("CANNOT_ACT", {"status": status})
    conds = battle.read(who, Conditions).ids
    stopped = sorted(NO_IMMEDIATE & conds)
    if stopped:
        return Refusal("CANNOT_ACT", {"status": stopped[0]})
    own = battle.turn == who
    return budget.immediate_refusal(battle.read(who, TurnState) if own else None, on_own_turn=own,
                                    flat_footed="flat_footed" in conds, owed=battle.read(who, Timing).swift_owed)


def has_feather_fall(battle, who: str) -> bool:
    """Feather Fall prepared as it is, or known with a slot left (``spell_choices``)."""
    if FEATHER_FALL not in data.spells():
        return False
    sc = battle.read(who, Spellcasting)
    if FEATHER_FALL not in sc.known and FEATHER_FALL not in sc.prepared:
        return False             # most creatures: no need to list their spells
    return any(c.spell == FEATHER_FALL and (c.kind == "known" or (c.kind == "prepared" and c.ident == FEATHER_FALL))
               for c in spell_choices(battle, who))


def catch_refusal(battle, caster: str, faller: str) -> Refusal | None:
    """Why ``caster`` cannot cast Feather Fall on ``faller`` now, or None: the immediate
    action (``immediate_refusal``), the spell ready, a voice (V), the faller Medium or
    smaller, within close range and in sight (SRD Feather Fall). Only reads."""
    if not battle.has(caster) or not battle.has(faller):
        return Refusal("UNKNOWN_CREATURE", {"creature": caster if not battle.has(caster) else faller})
    if not has_feather_fall(battle, caster):
        return Refusal("SPELL_NOT_READY", {"spell": FEATHER_FALL})
    refusal = immediate_refusal(battle, caster)
    if refusal is not None:
        return refusal
    if cannot_speak(battle, caster):
        return Refusal("SPELL_NEEDS_VOICE", {"spell": FEATHER_FALL})
    if garroter_of(battle, caster) is not None:
        return Refusal("GARROTED_NO_VERBAL", {"spell": FEATHER_FALL})
    board = battle.board()
    me, it = board.body(caster), board.body(faller)
    if it.size.order > MEDIUM:
        return Refusal("TOO_BIG_TO_FEATHER_FALL", {"target": faller})
    reach = spell_rules.range_squares(data.spells()[FEATHER_FALL]["range"], battle.read(caster, Spellcasting).caster_level)
    if reach is not None and min(distance(a, b) for a in me.squares for b in it.squares) > reach:
        return Refusal("SPELL_OUT_OF_RANGE", {"range_m": reach * 1.5})
    if faller != caster and not has_line_of_sight(board, me, it):
        return Refusal("NO_LINE_OF_SIGHT", {"target": faller})
    return None


def cast_refusal(battle, who: str) -> Refusal:
    """A ``cast`` of Feather Fall on one's turn: nobody falls while a command is chosen,
    so it is always refused — with the immediate action's own reason when that is spent
    (greyed in the spell list with it). It is cast when asked, as a creature falls."""
    return immediate_refusal(battle, who) or Refusal("NOT_FALLING", {"spell": FEATHER_FALL})


def could_fall(battle, cid: str) -> bool:
    """A creature a command may make fall: a climber on a rock face (a failed Climb check,
    damage: ``climbing``) or a rider (its mount down, itself unconscious: ``saddle``)."""
    if not battle.has(cid):
        return False
    if "climbing" in battle.read(cid, Conditions).ids:
        return battle.current_terrain().kind(battle.board().body(cid).pos).id == FACE
    return bool(battle.read(cid, Riding).mount)


def fall_risks(battle, command: Command) -> list[str]:
    """The creatures ``command`` may make fall, foreseen from its aim: its own climber
    (``climb``), the creatures it aims at that could fall, and the rider of a mount it aims
    at. An area's creatures and the falls of attacks of opportunity are not foreseen."""
    aimed: list[str] = [command.who] if command.action == "climb" else []
    target = getattr(command, "target", None)
    if isinstance(target, str):
        aimed.append(target)
    for t in getattr(command, "targets", None) or ():
        name = t if isinstance(t, str) else getattr(t, "target", None)     # a full attack's steps
        if isinstance(name, str):
            aimed.append(name)
    out: list[str] = []
    for cid in dict.fromkeys(aimed):
        if not battle.has(cid):
            continue
        rider = battle.read(cid, Riding).rider
        for who in (cid, rider):
            if who and who not in out and could_fall(battle, who):
                out.append(who)
    return out


def catchers(battle, faller: str) -> list[str]:
    """The creatures who could cast Feather Fall on ``faller`` now: itself first, then
    the nearest."""
    board = battle.board()
    at = board.body(faller).pos
    able = [cid for cid in battle.order if catch_refusal(battle, cid, faller) is None]
    return sorted(able, key=lambda cid: (cid != faller, distance(board.body(cid).pos, at), cid))


@BEFORE_FALL_DAMAGE.register(10)
def cast_as_it_falls(battle, faller: str) -> tuple[list, bool] | None:
    """A creature about to take falling damage: the first caster the command's
    ``feather_fall`` names for it who still can casts it."""
    for caster, whom in battle.fall_catches:
        if whom == faller and catch_refusal(battle, caster, faller) is None:
            return _cast_on(battle, caster, faller)
    return None


def _cast_on(battle, caster: str, faller: str) -> tuple[list, bool]:
    """The casting: the slot, the immediate action (on its own turn the turn's swift
    action, else its next turn's), a deafened caster's chance to lose it, the fall slowed."""
    spell = data.spells()[FEATHER_FALL]
    try:
        source = source_of(battle, caster, FEATHER_FALL, spell, (), {})
    except Refused:
        return [], False
    if battle.turn == caster:
        budget.spend(battle.comp(caster, TurnState), "swift")
    else:
        battle.comp(caster, Timing).swift_owed = True      # « empêche d'effectuer une action immédiate ou rapide »
    battle.changed()
    events: list = [ActionTaken(who=caster, action="cast", kind="immediate")]
    source.pay()
    events += dissipate_charge(battle, caster)
    ev, lost = distractions(battle, caster, tuple(spell["components"]), source.level)
    events += ev
    if lost:
        return events + [SpellCast(caster=caster, spell=FEATHER_FALL, level=source.level, outcome="lost")], False
    return events + [SpellCast(caster=caster, spell=FEATHER_FALL, level=source.level, outcome="cast"),
                     FallSlowed(who=faller, by=caster)], True
