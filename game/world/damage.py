"""Damage and its consequences: hit points, nonlethal damage, massive damage, falling
unconscious, dying and death (digest §8.2).

What damage disturbs elsewhere — a spell being cast or kept up, a climber's hold, a
cleric's command over undead — belongs to those rules: they register at ``AFTER_DAMAGE``
and ``WHEN_DOWN`` (``hooks``); what may spare a falling creature its falling damage (a
Feather Fall cast as it falls) registers at ``BEFORE_FALL_DAMAGE``."""
from __future__ import annotations

from ..rules import health
from .components import Abilities, Conditions, HitPoints, SpellEffects, Stats, TurnState
from .events import ConditionStarted, HealthChanged
from .hooks import Hook
from .saving import roll_save

# (battle, creature, damage) -> events: what a creature's being hurt disturbs.
AFTER_DAMAGE = Hook("AFTER_DAMAGE")
# (battle, creature) -> events: what a creature that can no longer act (unconscious, dying,
# stable, dead) loses.
WHEN_DOWN = Hook("WHEN_DOWN")
# (battle, falling creature) -> (events, caught) of what tries to catch it, or None: asked in
# turn before a fall's damage is rolled (``fall_caught``); one that catches it spares it the damage.
BEFORE_FALL_DAMAGE = Hook("BEFORE_FALL_DAMAGE")
DOWN = ("unconscious", "dying", "stable", "dead")
ABLE = ("normal", "staggered", "disabled")          # the statuses in which a creature acts


def fall_caught(battle, cid: str) -> tuple[list, bool]:
    """What tries to catch a creature about to take falling damage (its events), and
    whether it did: if not, the fall hurts as usual (a climber's fall off a face, a rider
    thrown from the saddle). A spell that fails (a deafened caster's) still has its events."""
    events: list = []
    for hook in BEFORE_FALL_DAMAGE:
        tried = hook(battle, cid)
        if tried is not None:
            events += tried[0]
            if tried[1]:
                return events, True
    return events, False


def apply_damage(battle, target: str, amount: int, nonlethal: bool, energy: str | None = None) -> list:
    """Deal damage; a single blow of 50 or more that does not kill calls for a DC 15
    Fortitude save or death. A regenerating creature takes nonlethal damage from all but
    its bypass energies."""
    hp = battle.comp(target, HitPoints)
    events = []
    if not nonlethal and converts_to_nonlethal(battle, target, energy):
        nonlethal = True
    if nonlethal:
        hp.nonlethal += amount
    else:
        absorbed = min(hp.temporary, amount)       # temporary hit points go first
        hp.temporary -= absorbed
        hp.current -= amount - absorbed
        hp.stable = False
        if amount >= health.MASSIVE_DAMAGE and hp.current > health.DEAD_AT:
            ok, saved = roll_save(battle, target, "fort", health.MASSIVE_DC,
                                  purpose=f"massive damage save {target}", kind="fortitude")
            events += saved
            if not ok:
                hp.current = health.DEAD_AT
    events.extend(sync_health(battle, target))
    for hook in AFTER_DAMAGE:
        events.extend(hook(battle, target, amount))
    return events


def converts_to_nonlethal(battle, cid: str, energy: str | None) -> bool:
    """Regeneration: only its bypass energies (fire, acid for a troll) deal lethal damage
    (SRD troll; the bestiary's ``regeneration``)."""
    reg = battle.spec(cid).special.get("regeneration")
    return bool(reg) and energy not in reg.get("bypass", [])


def dies_at(battle, cid: str) -> int:
    """The hit points at which ``cid`` is dead: undead are destroyed at 0 (they have no Con),
    and so is a black pudding (data-digest §4d, "Split": "dies at 0 hp") and a summoned
    creature (SRD Summon Nature's Ally: it "goes away if it is killed or if its hit points
    drop to 0 or lower"); others at -10."""
    if battle.read(cid, Stats).values.get("undead") or "split" in battle.spec(cid).special \
            or battle.read(cid, SpellEffects).summoned is not None:
        return 0
    return health.DEAD_AT


def status_of(battle, cid: str) -> str:
    hp = battle.read(cid, HitPoints)
    if hp.current <= 0 and dies_at(battle, cid) == 0:
        return "dead"
    if hp.stable and hp.current < 0 and hp.current > health.DEAD_AT:
        return "stable"
    return health.status(hp.current, hp.nonlethal, battle.read(cid, Abilities).scores["con"])


# The statuses that leave a creature one move or standard action a turn (digest §8.2:
# disabled, "one move or standard action per turn"; staggered, "one move or standard action").
ONE_ACTION = ("disabled", "staggered")
ONE_ACTION_CONDITIONS = frozenset(c for status in ONE_ACTION for c in health.STATUS_CONDITIONS[status])


def _restrict_the_rest_of_the_turn(battle, cid: str) -> None:
    """Dropped to 0 hit points (or staggered) during its own turn: the creature has one
    action in this turn (digest §4.4, "Restricted activity": one standard or one move
    action), so an action it already took this turn was that one; as at the start of a
    turn spent disabled (``turns``), the turn is restricted from now on."""
    ts = battle.comp(cid, TurnState)
    if not ts.restricted:
        ts.restricted = True
        if ts.acted:               # the one action of the turn is spent already
            ts.standard = ts.move = False


def sync_health(battle, cid: str) -> list:
    """Make the conditions match the hit points; report the change."""
    status = status_of(battle, cid)
    conds = battle.comp(cid, Conditions).ids
    before = set(conds)
    conds.difference_update(health.HEALTH_CONDITIONS)
    conds.update(health.STATUS_CONDITIONS[status])
    battle.changed()
    hp = battle.comp(cid, HitPoints)
    events = [HealthChanged(who=cid, hp=hp.current, nonlethal=hp.nonlethal, status=status)]
    for c in sorted(conds - before):
        events.append(ConditionStarted(who=cid, condition=c))
    if status in ONE_ACTION and battle.turn == cid and not (before & ONE_ACTION_CONDITIONS):
        _restrict_the_rest_of_the_turn(battle, cid)
    if status in DOWN:
        for hook in WHEN_DOWN:
            events += hook(battle, cid)
    return events
