"""Rounds and turns: initiative, the surprise round, flat-footed creatures, delay,
durations and the dying roll (French text "initiative", digest §8.3, decisions §6).

What happens at a creature's turn beyond the turn loop — spells of 1 round taking effect,
a spiritual weapon striking, a concentration spell let go, a held creature's new save —
belongs to the spells: they register at ``AT_TURN_START``, ``AT_TURN_END``, ``TURN_PASSED``
and ``BLOCKED_TURN`` (``hooks``)."""
from __future__ import annotations

from ..rules import health
from ..rules.initiative import InitiativeEntry, order as initiative_order, ties
from ..rules.modifiers import ability_modifier
from . import damage
from .components import (Abilities, AttacksOfOpportunity, Awareness, Conditions, Feats, Feint, Grapple, HitPoints,
                         Initiative, Riding, RunState, Side, Timing, TurnState)
# add_timed_condition lived here: its older readers (the tests) still import it from turns.
from .durations import add_timed_condition, end_until_next_turn, expire_timed  # noqa: F401
from .events import (BattleWon, ConditionEnded, DamageDealt, DyingRolled, InitiativeRolled, RoundStarted, TurnEnded,
                     TurnSkipped, TurnStarted)
from .hooks import Hook
from .saddle import guide_with_knees
from .specials import poisons_due, regenerate

# (battle, creature) -> events: at the start of its turn, its budget fresh.
AT_TURN_START = Hook("AT_TURN_START")
# (battle, creature) -> events: at the end of its turn, before it ends.
AT_TURN_END = Hook("AT_TURN_END")
# (battle, creature) -> events: its turn passes without it acting (it cannot, or it is dying).
TURN_PASSED = Hook("TURN_PASSED")
# (battle, creature, the conditions that take its actions) -> events: what it does all the same.
BLOCKED_TURN = Hook("BLOCKED_TURN")
# (battle, creature) -> events: what a creature burning with alchemist's fire sets alight
# as it burns again (a Web spell's strands around it).
BURNED = Hook("BURNED")

# Conditions under which a creature takes no actions at all (digest §9.3).
NO_ACTIONS = frozenset({"stunned", "dazed", "cowering", "paralyzed", "helpless", "unconscious", "asleep"})
# ... and these put a creature out of the fight for the victory count.
OUT_OF_FIGHT = frozenset({"paralyzed", "helpless", "unconscious", "asleep", "dead"})


def initiative_modifier(battle, cid: str) -> int:
    """Dex + 4 with Improved Initiative, -4 deafened (digest §8.3)."""
    mod = ability_modifier(battle.comp(cid, Abilities).scores["dex"])
    if "improved_initiative" in battle.read(cid, Feats).ids:
        mod += 4
    if "deafened" in battle.read(cid, Conditions).ids:
        mod -= 4
    return mod


def start_battle(battle) -> list:
    """Roll initiative (fixed results from the scenario are kept), then start the first
    turn. A surprise round happens when some creatures are marked ``surprised``."""
    events = []
    entries = []
    for cid in battle.sorted_ids:
        mod = initiative_modifier(battle, cid)
        fixed = battle.comp(cid, Initiative).fixed
        if fixed is None:
            d20 = battle.dice.roll(20, f"initiative {cid}")
            total = d20 + mod
            events.append(InitiativeRolled(who=cid, d20=d20, modifier=mod, total=total))
        else:
            total = fixed
            events.append(InitiativeRolled(who=cid, d20=None, modifier=mod, total=total))
        entries.append(InitiativeEntry(cid, total, mod))
    # Ties: higher modifier first, then roll-offs until they are broken.
    for _ in range(20):
        groups = ties(entries)
        if not groups:
            break
        tied = {cid for g in groups for cid in g}
        entries = [InitiativeEntry(e.id, e.total, e.modifier,
                                   e.rolloff + ((battle.dice.roll(20, f"initiative roll-off {e.id}"),) if e.id in tied else (0,)))
                   for e in entries]
    battle.order = initiative_order(entries)
    battle.shared.counts = {e.id: (e.total, e.modifier) for e in entries}
    surprised = [cid for cid in battle.order if battle.comp(cid, Awareness).surprised]
    battle.surprise_round = bool(surprised) and len(surprised) < len(battle.order)
    if battle.surprise_round:
        # A fight that starts now: nobody has acted, everyone is flat-footed.
        for cid in battle.order:
            battle.comp(cid, Conditions).ids.add("flat_footed")
        battle.round = 0
    battle.started = True
    battle.changed()
    events.append(RoundStarted(round=battle.round, surprise=battle.surprise_round))
    battle.turn = None
    events.extend(_advance(battle))
    return events


def can_take_turn(battle, cid: str) -> bool:
    if battle.surprise_round and battle.comp(cid, Awareness).surprised:
        return False
    return health.can_act(status_of(battle, cid))


def status_of(battle, cid: str) -> str:
    return damage.status_of(battle, cid)


def begin_turn(battle, cid: str, new_round: bool = False) -> list:
    """``cid``'s turn begins: what lasted until it ends, its budget is fresh."""
    events = []
    if new_round:
        events.append(RoundStarted(round=battle.round, surprise=battle.surprise_round))
    battle.turn = cid
    count = battle.shared_read.counts[cid][0]
    events.extend(expire_timed(battle, battle.round, count))
    events.extend(end_until_next_turn(battle, cid))
    conds = battle.read(cid, Conditions).ids
    if "flat_footed" in conds and not (battle.surprise_round and battle.read(cid, Awareness).surprised):
        battle.comp(cid, Conditions).ids.discard("flat_footed")   # a creature stops being flat-footed when it first acts
        events.append(ConditionEnded(who=cid, condition="flat_footed"))
    _lose_readied(battle, cid)          # an unused readied action is lost
    if any(a.aider == cid for a in battle.shared_read.aids):      # aid lasts until the aider's next turn
        battle.shared.aids = [a for a in battle.shared.aids if a.aider != cid]
    if cid in battle.shared_read.attacked:      # its attacks count as under way until its next turn
        del battle.shared.attacked[cid]
    state = TurnState()
    state.restricted = battle.surprise_round or bool({"disabled", "staggered", "nauseated", "slowed"} & conds)
    state.move_only = "nauseated" in conds
    state.holding_at_start = tuple(sorted(battle.comp(cid, Grapple).holding))
    if "single_actions" in battle.spec(cid).special:
        state.restricted = True        # zombies: a single move or standard action a round
    events.extend(regenerate(battle, cid))
    if battle.read(cid, Timing).swift_owed:     # an immediate action taken since its last turn
        battle.comp(cid, Timing).swift_owed = False
        state.swift = False
    run = battle.comp(cid, RunState)
    if not run.ran_this_turn:
        run.rounds = run.checks = 0      # running is counted over consecutive rounds
    run.ran_this_turn = False
    stale = battle.read(cid, Timing).full_round
    if stale is not None and stale.round != battle.round - 1:
        battle.comp(cid, Timing).full_round = None
    battle.comp(cid, AttacksOfOpportunity).used = 0
    _set_turn_state(battle, cid, state)
    for hook in AT_TURN_START:
        events.extend(hook(battle, cid))
    mount = battle.read(cid, Riding).mount
    if mount:
        _set_turn_state(battle, mount, TurnState())     # the mount acts on its rider's initiative
        battle.comp(mount, AttacksOfOpportunity).used = 0
        events.extend(guide_with_knees(battle, cid))
    battle.changed()
    events.append(TurnStarted(who=cid, round=battle.round, restricted=state.restricted))
    return events


def _lose_readied(battle, cid: str) -> None:
    if battle.read(cid, Timing).readied is not None:
        battle.comp(cid, Timing).readied = None


def _set_turn_state(battle, cid, state) -> None:
    battle.put(cid, state)


def end_turn(battle) -> list:
    """End the current turn: the dying roll, then the next creature able to act."""
    events = []
    cid = battle.turn
    if cid is not None:
        events.extend(_burn(battle, cid))
        for hook in AT_TURN_END:
            events.extend(hook(battle, cid))
        events.append(TurnEnded(who=cid))
        # A feint must be used by the end of the feinter's next turn.
        for target, feinted in battle.each(Feint):
            if feinted.by == cid and feinted.round < battle.round:
                battle.comp(target, Feint).by = None
    events.extend(_advance(battle))
    return events


def _burn(battle, cid: str) -> list:
    """Alchemist's fire burns its target once more, 1d6, at the end of its next turn unless
    put out (digest §6.3)."""
    if "burning" not in battle.read(cid, Conditions).ids:
        return []
    conds = battle.comp(cid, Conditions).ids
    conds.discard("burning")
    roll = battle.dice.roll(6, f"alchemist's fire {cid}")
    events = [ConditionEnded(who=cid, condition="burning"),
              DamageDealt(attacker="alchemists_fire", target=cid, dice=(roll,), bonus=0, amount=roll, nonlethal=False,
                          multiplier=1)] + damage.apply_damage(battle, cid, roll, nonlethal=False, energy="fire")
    for hook in BURNED:
        events += hook(battle, cid)
    return events


def _advance(battle) -> list:
    events = []
    if check_victory(battle, events):
        return events
    idx = battle.order.index(battle.turn) if battle.turn in battle.order else -1
    last = battle.turn
    for _ in range(2 * len(battle.order) + 2):
        # A summoned creature that goes away as a turn passes leaves the order: count from
        # the last creature looked at, where it stands now.
        if last in battle.order:
            idx = battle.order.index(last)
        idx += 1
        new_round = False
        if idx >= len(battle.order):
            idx = 0
            battle.round += 1
            new_round = True
            if battle.surprise_round:
                battle.surprise_round = False
        nxt = last = battle.order[idx]
        if new_round:
            events.append(RoundStarted(round=battle.round, surprise=battle.surprise_round))
            events.extend(poisons_due(battle))
        events.extend(expire_timed(battle, battle.round, battle.shared_read.counts[nxt][0]))
        status = status_of(battle, nxt)
        if status == "dying":
            events.extend(_dying_turn(battle, nxt))
            events.extend(_passed(battle, nxt))
            if check_victory(battle, events):
                return events
            continue
        if battle.read(nxt, Timing).delaying:
            battle.comp(nxt, Timing).delaying = False   # its delayed turn is lost; a new one begins
        if battle.read(nxt, Riding).rider:
            continue          # a ridden mount acts on its rider's turn
        blocked = sorted(NO_ACTIONS & battle.read(nxt, Conditions).ids)
        if blocked:
            for hook in BLOCKED_TURN:
                events.extend(hook(battle, nxt, blocked))
        if blocked and can_take_turn(battle, nxt):
            events.extend(_skip_turn(battle, nxt, blocked[0]))
            events.extend(_passed(battle, nxt))
            continue
        if can_take_turn(battle, nxt):
            events.extend(begin_turn(battle, nxt))
            return events
        events.extend(_passed(battle, nxt))
    battle.turn = None
    return events


def _passed(battle, cid: str) -> list:
    """A turn that passes without the creature acting: its spells still run their course."""
    events: list = []
    for hook in TURN_PASSED:
        events.extend(hook(battle, cid))
    return events


def _skip_turn(battle, cid: str, condition: str) -> list:
    """A stunned, dazed or cowering creature takes no actions: its turn passes (what lasted
    until its next turn ends all the same)."""
    events = [TurnSkipped(who=cid, condition=condition)] + end_until_next_turn(battle, cid)
    _lose_readied(battle, cid)
    battle.changed()
    return events


def _dying_turn(battle, cid: str) -> list:
    """A dying creature's turn: it rolls at its end (decisions §6): 10% stable, else -1 hp."""
    end_until_next_turn(battle, cid)
    roll = battle.dice.roll(100, f"dying {cid}")
    outcome = health.dying_roll(roll)
    events = [DyingRolled(who=cid, d100=roll, outcome=outcome)]
    hp = battle.comp(cid, HitPoints)
    if outcome == "stable":
        hp.stable = True
    else:
        hp.current -= 1
    events.extend(damage.sync_health(battle, cid))
    return events


def check_victory(battle, events: list) -> bool:
    """A side with no creature able to act has lost (issue 3); the last side standing wins."""
    if battle.winner is not None:
        return True
    able = _fighting_sides(battle)
    if len(able) <= 1:
        battle.winner = able[0] if able else "none"
        battle.turn = None
        events.append(BattleWon(side=battle.winner))
        return True
    return False


def in_the_fight(battle, cid: str) -> bool:
    """Still able to act for its side: conscious and able to act (digest §8.2), not asleep,
    paralysed or otherwise out of the fight (``OUT_OF_FIGHT``) — what keeps a side in the
    battle (``check_victory``)."""
    return health.can_act(status_of(battle, cid)) and not OUT_OF_FIGHT & battle.read(cid, Conditions).ids


def _fighting_sides(battle) -> list[str]:
    """The sides that still have a creature able to act, sorted; it stops looking once it
    has found two (the battle goes on), starting with the creatures that were able last
    time, so that it seldom looks at more than two."""
    sides: dict[str, str] = {}
    hints = battle.__dict__.setdefault("_able_hints", {})
    order = list(dict.fromkeys([*(c for c in hints.values() if battle.has(c)), *battle.ids]))
    for cid in order:
        side = battle.read(cid, Side).name
        if side in sides:
            continue
        if in_the_fight(battle, cid):
            sides[side] = cid
            if len(sides) >= 2:
                break
    hints.clear()
    hints.update(sides)
    return sorted(sides)
