"""Turn or rebuke undead (French text, "renvoi et intimidation des morts-vivants"):
a standard action that does not provoke; the turning check (d20 + Cha) gives the most
Hit Dice affected, the turning damage (2d6 + level + Cha) the total; closest undead
first within 18 m with line of effect; destroyed at twice their Hit Dice; turned undead
flee for 10 rounds (rebuked ones cower), until the cleric comes within 3 m of them, or
any closer to those already within 3 m.

How turned undead flee (French text: "Les morts-vivants repoussés fuient aussi vite que
possible, pendant 1 minute (10 rounds). Si toute retraite leur est coupée, ils se
recroquevillent, ce qui offre un bonus de +2 au jet d'attaque à quiconque décide de les
frapper."). Our reading: on its own turn a turned undead may only move away from its
cleric (a move, withdraw or run that ends farther), take total defense, delay or end
its turn (``turned_refusal``); the player or the AI choose the way out.
When no square it could reach with a move ends farther from the cleric, its retreat is
cut off and it cowers (the "cowering" condition: no actions, -2 AC, no Dexterity bonus —
the SRD's form of the French "+2 au jet d'attaque"); this is judged again after every
action, so it flees once a way out opens (``break_turning``).

The same turning serves a cleric's domain powers (``domain_turning``, ``rules.domains``):
a ``Power`` names the creatures it affects and the uses it counts; turned elementals
flee, cower and are freed as turned undead are. The Sun domain's greater turning
destroys what it would turn."""
from __future__ import annotations

from dataclasses import dataclass, replace

from ...data import bestiary
from ...rules import domains, turning as rules
from ...rules.geometry import distance, space_squares
from ...rules.movement import reachable
from ...rules.modifiers import ability_modifier
from ...rules.sight import has_line_of_sight
from ..components import Abilities, Conditions, Feats, HitPoints, Stats, TurnUses
from ..damage import status_of, sync_health
from ..durations import add_timed_condition
from ..events import ConditionEnded, ConditionStarted, Event
from . import commanding
from .commanding import UndeadAffected
from .common import refuse, spend


@dataclass(frozen=True)
class TurningAttempted(Event):
    who: str
    check_d20: int
    check: int
    max_hd: int
    damage_dice: tuple
    damage: int
    rebuke: bool


def _stat(battle, cid: str, key: str) -> int:
    return battle.comp(cid, Stats).values.get(key, 0)


def _gap(battle, a: str, b: str) -> int:
    board = battle.board()
    return min(distance(x, y) for x in board.body(a).squares for y in board.body(b).squares)


@dataclass(frozen=True)
class Power:
    """One use of a turning power: the action, positive (turn) or negative (rebuke)
    energy, the creatures it affects ("undead", or a domain's kind: ``rules.domains``), the
    domain granting it (None: the class's turning of undead, counted in ``TurnUses.used``),
    and the Sun domain's greater turning."""
    action: str
    rebuke: bool
    kind: str = "undead"
    domain: str | None = None
    greater: bool = False


def is_of_kind(battle, cid: str, kind: str) -> bool:
    """Whether ``cid`` is a creature the power affects: an undead, or of the domain's kind
    (its template's subtypes and type, ``rules.domains.creature_kinds``)."""
    if kind == "undead":
        return bool(_stat(battle, cid, "undead"))
    return kind in creature_kinds_of(battle, cid)


def creature_kinds_of(battle, cid: str) -> frozenset[str]:
    spec = battle.spec(cid)
    entry = bestiary.get(spec.template) if spec.template else None
    return domains.creature_kinds(entry.get("type", ""), entry.get("subtypes", ())) if entry else frozenset()


def do_turn_undead(battle, who, args, declined) -> list:
    greater = bool(args.get("greater"))
    return channel(battle, who, Power("turn_undead", rebuke=False, greater=greater))


def do_rebuke_undead(battle, who, args, declined) -> list:
    return channel(battle, who, Power("rebuke_undead", rebuke=True))


def power_level(battle, who: str, power: Power) -> int:
    """The level a power is used at: a domain's is the cleric's level (paladins have no
    domains); turning undead counts a paladin's levels too (``rules.turning_level``)."""
    if power.domain is not None:
        return _stat(battle, who, "cleric_level")
    return rules.turning_level(_stat(battle, who, "cleric_level"), _stat(battle, who, "paladin_level"))


def _attempt(battle, who: str, power: Power) -> tuple[list, int, int, int, int]:
    """A use of the power: the checks of who may, a standard action, the turning check and
    the turning damage. Returns (events, level, check, max HD, total HD). A preview records
    the creatures in reach it may affect before the first die (``rules.TurningPlan``).

    Uses a day (SRD): 3 + Charisma modifier for turning undead, and as many again for each
    domain's power apart ("Use these abilities a total number of times per day equal to 3
    + your Charisma modifier"); Extra Turning adds 4 to each ("each of your turning or
    rebuking abilities gains four additional uses per day"). The Sun domain's greater
    turning is one of the uses of turning undead, once a day."""
    events, level, cha = spend_use(battle, who, power)
    if battle.recorder is not None and not power.action.startswith("bolster"):      # a bolstering affects none so
        battle.recorder.turning(rules.TurningPlan(who, level, cha, tuple(_planned(battle, who, power, level))))
    d20 = battle.dice.roll(20, f"turning check {who}")
    check = d20 + cha
    max_hd = rules.max_hit_dice(check, level)
    faces = tuple(battle.dice.roll_dice(2, 6, f"turning damage {who}"))
    damage = sum(faces) + level + cha
    events.append(TurningAttempted(who=who, check_d20=d20, check=check, max_hd=max_hd, damage_dice=faces,
                                   damage=damage, rebuke=power.rebuke))
    return events, level, check, max_hd, damage


def _planned(battle, who: str, power: Power, level: int) -> list[tuple[str, int, int, str]]:
    """The creatures the power may affect (``candidates``), each with what befalls it if
    it is: destroyed at twice its Hit Dice (or by a greater turning), commanded then by a
    rebuke within the Hit Dice the cleric may command, else turned or rebuked."""
    out = []
    for cid, hd, d in candidates(battle, who, power):
        own = _stat(battle, cid, "hd")
        if not power.rebuke:
            outcome = "destroyed" if rules.destroys(level, own) or power.greater else "turned"
        else:
            outcome = "commanded" if rules.destroys(level, own) and commanding.room_for(battle, who, cid) else "rebuked"
        out.append((cid, hd, d, outcome))
    return out


def candidates(battle, who: str, power: Power) -> list[tuple[str, int, int]]:
    """The creatures of the power's kind in reach (18 m, line of effect), alive and not
    already affected by this cleric (French text: "Les morts-vivants déjà affectés [...] ne
    comptent plus"), each as (id, Hit Dice against turning, distance in squares): its
    Hit Dice or its bolstered ones, and its turn resistance."""
    out = []
    for cid in battle.sorted_ids:
        if cid == who or not is_of_kind(battle, cid, power.kind) or status_of(battle, cid) == "dead":
            continue
        if who in (battle.read(cid, TurnUses).turned_by, battle.read(cid, TurnUses).commanded_by):
            continue
        if not _in_reach(battle, who, cid):
            continue
        bolstered = _stat(battle, cid, "bolstered_hd") if "bolstered" in battle.read(cid, Conditions).ids else 0
        out.append((cid, max(_stat(battle, cid, "hd"), bolstered) + _stat(battle, cid, "turn_resistance"),
                    _gap(battle, who, cid)))
    return out


def spend_use(battle, who: str, power: Power) -> tuple[list, int, int]:
    """The checks of who may use the power, then its standard action and one use a day
    spent (``_attempt``'s uses a day). Returns (events, level, Charisma modifier)."""
    level = power_level(battle, who, power)
    if level <= 0:
        raise refuse("CANNOT_TURN")
    if power.domain is None and bool(_stat(battle, who, "evil")) != power.rebuke:
        raise refuse("WRONG_ENERGY", action="rebuke_undead" if power.rebuke else "turn_undead")
    uses = battle.comp(who, TurnUses)
    if power.greater:
        if "sun" not in battle.spec(who).domains:
            raise refuse("NO_GREATER_TURNING")
        if uses.greater_used:
            raise refuse("GREATER_TURNING_USED")
    cha = ability_modifier(battle.comp(who, Abilities).scores["cha"])
    extra = 1 if "extra_turning" in battle.read(who, Feats).ids else 0
    used = uses.used if power.domain is None else uses.domain_used.get(power.domain, 0)
    if used >= rules.uses_per_day(cha, extra):
        raise refuse("NO_TURNING_LEFT")
    events = spend(battle, who, "standard", power.action)
    if power.domain is None:
        uses.used += 1
    else:
        uses.domain_used[power.domain] = used + 1
    uses.greater_used = uses.greater_used or power.greater
    return events, level, cha


def _in_reach(battle, who: str, cid: str) -> bool:
    """A creature the power can reach: within 18 m, with line of effect."""
    board = battle.board()
    return _gap(battle, who, cid) <= rules.RANGE_SQUARES and has_line_of_sight(board, board.body(who), board.body(cid))


def do_bolster_undead(battle, who, args, declined) -> list:
    return bolster(battle, who, Power("bolster_undead", rebuke=True))


def bolster(battle, who: str, power: Power) -> list:
    """An evil cleric strengthens undead against turning in advance (French text: "augmenter
    le moral"): a normal rebuke check; the table's Hit Dice become the effective Hit Dice
    against turning of the undead it affects, when higher than theirs, for 10 rounds. The
    undead affected are chosen as for a rebuke: closest first, up to the turning damage.
    A domain's bolstering does the same to the creatures of its kind."""
    events, _level, _check, max_hd, damage = _attempt(battle, who, power)
    candidates = [(cid, _stat(battle, cid, "hd"), _gap(battle, who, cid)) for cid in battle.sorted_ids
                  if cid != who and is_of_kind(battle, cid, power.kind) and status_of(battle, cid) != "dead"
                  and _in_reach(battle, who, cid)]
    for cid in rules.choose_affected(candidates, max_hd, damage):
        if max_hd <= _stat(battle, cid, "hd"):
            continue
        battle.comp(cid, Stats).values["bolstered_hd"] = max_hd
        add_timed_condition(battle, cid, "bolstered", rules.DURATION_ROUNDS)
        events.append(UndeadAffected(who=cid, by=who, result="bolstered"))
    battle.changed()
    return events


def channel(battle, who: str, power: Power) -> list:
    """Turn or rebuke: the creatures of the power's kind in reach, closest first, within the
    check's Hit Dice and the damage's total. Turned ones flee; at twice their Hit Dice
    they are destroyed (and by a greater turning, every one that would be turned is);
    rebuked ones cower, or are commanded at twice their Hit Dice within the level."""
    rebuke = power.rebuke
    events, level, check, max_hd, damage = _attempt(battle, who, power)
    for cid in battle.sorted_ids:
        if cid == who or not is_of_kind(battle, cid, power.kind) or status_of(battle, cid) == "dead":
            continue
        if who in (battle.comp(cid, TurnUses).turned_by, battle.comp(cid, TurnUses).commanded_by):
            continue        # undead it already affected are passed over (French text: a second use)
        if battle.comp(cid, TurnUses).commanded_by:
            events += commanding.release(battle, cid, who)    # another cleric's power breaks a command
    found = candidates(battle, who, power)
    d_of = {cid: d for cid, _hd, d in found}
    for cid in rules.choose_affected(found, max_hd, damage):
        hd = _stat(battle, cid, "hd")
        if (rules.destroys(level, hd) or power.greater) and not rebuke:
            hp = battle.comp(cid, HitPoints)
            hp.current = min(hp.current, -10)
            events += sync_health(battle, cid)
            events.append(UndeadAffected(who=cid, by=who, result="destroyed"))
            continue
        if rules.destroys(level, hd) and commanding.room_for(battle, who, cid):
            events += commanding.command(battle, who, cid)
            continue            # beyond the Hit Dice it may command, it is only rebuked
        uses = battle.comp(cid, TurnUses)
        uses.turned_by, uses.turning_check = who, check
        if not rebuke:       # within 3 m already, it stays turned until the cleric comes closer
            uses.turned_gap, uses.turner_at = d_of[cid], battle.board().body(who).pos
        add_timed_condition(battle, cid, "cowering" if rebuke else "turned", rules.DURATION_ROUNDS)
        events.append(UndeadAffected(who=cid, by=who, result="rebuked" if rebuke else "turned"))
    battle.changed()
    return events


def _gap_at(battle, cid: str, pos, turner: str) -> int:
    """Squares between ``cid``'s space were it at ``pos`` and its turner's space."""
    board = battle.board()
    return min(distance(x, y) for x in space_squares(pos, board.body(cid).span) for y in board.body(turner).squares)


def turned_refusal(battle, who: str, action: str, args: dict):
    """A turned undead flees (French text: "Les morts-vivants repoussés fuient aussi vite
    que possible"): it may only move away from the cleric or defend itself."""
    if "turned" not in battle.read(who, Conditions).ids:
        return None
    if action in ("end_turn", "total_defense", "delay"):
        return None
    if action in ("move", "withdraw", "run"):
        turner = battle.read(who, TurnUses).turned_by
        squares = args.get("squares") or []
        if turner and squares and isinstance(squares[-1], list):
            if _gap_at(battle, who, tuple(squares[-1]), turner) > _gap(battle, who, turner):
                return None
        return refuse("TURNED_MUST_FLEE")
    return refuse("TURNED_MUST_FLEE")


def _cornered(battle, cid: str, turner: str) -> bool:
    """No square it could reach with a move ends farther from its cleric (French text: "Si
    toute retraite leur est coupée"). Judged as if it were standing and not cowering, so
    that the cowering this very rule gives does not keep it cornered."""
    board = battle.board()
    body = board.body(cid)
    free = replace(body, conditions=body.conditions - {"cowering", "prone"})
    ends = reachable(board, free, "move")
    return rules.is_cornered(_gap(battle, cid, turner), [_gap_at(battle, cid, pos, turner) for pos in ends])


def _end_turning(battle, cid: str) -> list:
    """The turning of ``cid`` ends: it acts normally again, and stops cowering in a corner."""
    events: list = []
    tu = battle.comp(cid, TurnUses)
    battle.comp(cid, Conditions).ids.discard("turned")
    tu.turned_by, tu.turned_gap, tu.turner_at = None, None, None
    if tu.cornered:
        tu.cornered = False
        battle.comp(cid, Conditions).ids.discard("cowering")
        events.append(ConditionEnded(who=cid, condition="cowering"))
    battle.changed()
    return events


def break_turning(battle) -> list:
    """After every action: how the undead turned by a cleric stand (French text, "renvoi
    des morts-vivants").

    - The cleric coming within 3 m of undead it turned, or any closer to those already
      within 3 m, ends their turning ("il suffit que le prêtre s'approche à moins de 3
      mètres d'eux pour qu'ils se remettent à agir normalement (si le personnage se trouve
      déjà à moins de 3 mètres d'eux, il ne les affecte en rien, mais l'effet du renvoi se
      dissipe s'il s'approche un tant soit peu d'eux)"). Undead turned within 3 m are
      therefore not freed by the turning itself. It is the cleric who must come closer:
      the distance shrank while the cleric moved (on its turn, in the saddle or by a
      readied move); the undead fleeing, or being pushed, is not the cleric approaching.
    - A turned undead whose retreat is cut off cowers ("Si toute retraite leur est
      coupée, ils se recroquevillent"), and stops cowering once a way out opens.
    - A turning that ran out (10 rounds) leaves no cowering behind."""
    events: list = []
    for cid, uses in battle.each(TurnUses):
        if uses.turned_by is None and not uses.cornered:
            continue
        if "turned" not in battle.read(cid, Conditions).ids or uses.turned_by is None:
            if uses.cornered or uses.turned_gap is not None:
                events += _end_turning(battle, cid)
            continue
        turner = uses.turned_by
        if uses.turned_gap is None:
            continue                 # a rebuked undead: it cowers for its 10 rounds
        now, at = _gap(battle, turner, cid), battle.board().body(turner).pos
        if at != uses.turner_at and rules.turning_broken(uses.turned_gap, now):
            events += _end_turning(battle, cid)
            events.append(UndeadAffected(who=cid, by=turner, result="turning_broken"))
            continue
        if (now, at) != (uses.turned_gap, uses.turner_at):
            tu = battle.comp(cid, TurnUses)
            tu.turned_gap, tu.turner_at = now, at
        events += _cower_when_cornered(battle, cid, turner)
    return events


def _cower_when_cornered(battle, cid: str, turner: str) -> list:
    """A turned undead cowers while its retreat is cut off, and only then."""
    cornered = _cornered(battle, cid, turner)
    if cornered == battle.read(cid, TurnUses).cornered:
        return []
    battle.comp(cid, TurnUses).cornered = cornered
    conds = battle.comp(cid, Conditions).ids
    battle.changed()
    if cornered:
        conds.add("cowering")
        return [ConditionStarted(who=cid, condition="cowering")]
    conds.discard("cowering")
    return [ConditionEnded(who=cid, condition="cowering")]


def do_dispel_turning(battle, who, args, declined) -> list:
    """An evil cleric's rebuke check at least equal to the good cleric's turning check frees
    undead it turned: 2d6 + level + Cha Hit Dice of them, closest first (French text)."""
    level = rules.turning_level(_stat(battle, who, "cleric_level"), _stat(battle, who, "paladin_level"))
    if level <= 0 or not _stat(battle, who, "evil"):
        raise refuse("CANNOT_TURN")
    turned = [cid for cid in battle.sorted_ids if battle.read(cid, TurnUses).turned_by
              and "turned" in battle.read(cid, Conditions).ids]
    if not turned:
        raise refuse("NOTHING_TURNED")
    cha = ability_modifier(battle.comp(who, Abilities).scores["cha"])
    uses = battle.comp(who, TurnUses)
    if uses.used >= rules.uses_per_day(cha):
        raise refuse("NO_TURNING_LEFT")
    events = spend(battle, who, "standard", "dispel_turning")
    uses.used += 1
    d20 = battle.dice.roll(20, f"dispel turning {who}")
    check = d20 + cha
    faces = tuple(battle.dice.roll_dice(2, 6, f"dispel turning {who}"))
    total_hd = sum(faces) + level + cha
    events.append(TurningAttempted(who=who, check_d20=d20, check=check, max_hd=rules.max_hit_dice(check, level),
                                   damage_dice=faces, damage=total_hd, rebuke=True))
    freed = []
    for cid in sorted(turned, key=lambda c: (_gap(battle, who, c), c)):
        turned_with = battle.read(cid, TurnUses).turning_check
        if check < (99 if turned_with is None else turned_with):
            continue
        hd = _stat(battle, cid, "hd")
        if hd > total_hd:
            continue
        total_hd -= hd
        events += _end_turning(battle, cid)
        freed.append(cid)
        events.append(UndeadAffected(who=cid, by=who, result="freed"))
    battle.changed()
    return events
