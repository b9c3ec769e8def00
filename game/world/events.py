"""Past-tense events the systems return (never dispatched through esper)."""
from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Event:
    def as_dict(self) -> dict:
        d = asdict(self)
        d["type"] = type(self).__name__
        return d


@dataclass(frozen=True)
class Moved(Event):
    who: str
    path: tuple[tuple[int, int], ...]
    mode: str
    cost_m: float


@dataclass(frozen=True)
class Provoked(Event):
    who: str
    by: str
    at: tuple[int, int]


@dataclass(frozen=True)
class Stepped(Event):
    who: str
    to: tuple[int, int]


@dataclass(frozen=True)
class Splashed(Event):
    by: str
    direct: str | None
    splashed: tuple[str, ...]
    lands: tuple[int, int] | None


@dataclass(frozen=True)
class InitiativeRolled(Event):
    who: str
    d20: int | None
    modifier: int
    total: int


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int
    surprise: bool


@dataclass(frozen=True)
class TurnStarted(Event):
    who: str
    round: int
    restricted: bool


@dataclass(frozen=True)
class TurnEnded(Event):
    who: str


@dataclass(frozen=True)
class ConditionStarted(Event):
    who: str
    condition: str


@dataclass(frozen=True)
class ConditionEnded(Event):
    who: str
    condition: str


@dataclass(frozen=True)
class DyingRolled(Event):
    who: str
    d100: int
    outcome: str


@dataclass(frozen=True)
class BattleWon(Event):
    side: str


@dataclass(frozen=True)
class ActionTaken(Event):
    who: str
    action: str
    kind: str          # standard | move | full_round | free | swift | none


@dataclass(frozen=True)
class AttackRolled(Event):
    attacker: str
    target: str
    d20: int
    bonus: int
    total: int
    ac: int
    hit: bool
    threat: bool
    bonus_breakdown: tuple
    ac_breakdown: tuple
    kind: str                # melee | ranged | touch
    opportunity: bool = False


@dataclass(frozen=True)
class CriticalConfirmed(Event):
    attacker: str
    target: str
    d20: int
    total: int
    confirmed: bool


@dataclass(frozen=True)
class DamageDealt(Event):
    attacker: str
    target: str
    dice: tuple
    bonus: int
    amount: int
    nonlethal: bool
    multiplier: int
    # Why the rolled damage (dice + bonus) was halved before it was dealt: "save" (a
    # Reflex save for half, data-digest §5), "water" (struck from the water, SRD
    # "Underwater Combat"); None when it was not. The log says it as a halving, not as a
    # negative bonus (issue 14 play-test).
    halved: str | None = None
    # Damage reduction the blow went through (SRD "Damage Reduction"; bestiary
    # ``damage_reduction``): ``reduction`` the points it took off this blow (at most the
    # blow), ``dr`` the creature's reduction against it (the 5 of "DR 5/bludgeoning") and
    # ``dr_bypass`` what overcomes it ("bludgeoning"; "" for DR 5/—). 0 and "" when none
    # applied: events made before these fields read as before.
    reduction: int = 0
    dr: int = 0
    dr_bypass: str = ""


@dataclass(frozen=True)
class HealthChanged(Event):
    who: str
    hp: int
    nonlethal: int
    status: str


@dataclass(frozen=True)
class MovementStopped(Event):
    who: str
    at: tuple[int, int]
    reason: str


@dataclass(frozen=True)
class Tumbled(Event):
    """A Tumble check against one foe (digest §4.6): ``through`` its square (DC 25) or
    past its threatened squares (DC 15), made or failed."""
    who: str
    foe: str
    d20: int
    bonus: int
    dc: int
    success: bool
    through: bool
    at: tuple[int, int]


@dataclass(frozen=True)
class Delayed(Event):
    who: str


@dataclass(frozen=True)
class Readied(Event):
    who: str
    action: str
    trigger: str


@dataclass(frozen=True)
class ReadiedActionTriggered(Event):
    who: str
    trigger_by: str


@dataclass(frozen=True)
class WeaponDrawn(Event):
    who: str
    weapon: str


@dataclass(frozen=True)
class SavingThrow(Event):
    who: str
    kind: str
    d20: int
    bonus: int
    dc: int
    success: bool


@dataclass(frozen=True)
class TurnSkipped(Event):
    who: str
    condition: str


@dataclass(frozen=True)
class ReadiedActionFailed(Event):
    who: str
    reason: str


@dataclass(frozen=True)
class ItemRetrieved(Event):
    who: str
    item: str


@dataclass(frozen=True)
class DoorChanged(Event):
    who: str
    at: tuple[int, int]
    opened: bool


@dataclass(frozen=True)
class DoorChannelled(Event):
    """Energy channelled at a sealed door (``actions.sealed_doors``): the turning check, the
    most Hit Dice it affects, the seal's Hit Dice, and what the door did ("opened",
    "shattered" or "held")."""
    who: str
    at: tuple[int, int]
    check_d20: int
    check: int
    max_hd: int
    seal_hd: int
    negative: bool
    result: str


@dataclass(frozen=True)
class WebStruck(Event):
    """A section of a web sheet struck (``actions.web_sheets``): the attack, and on a hit
    the damage, the DR it went through and the hit points left (0: the section is gone)."""
    who: str
    at: tuple[int, int]
    d20: int
    bonus: int
    ac: int
    hit: bool
    damage: int = 0
    reduction: int = 0
    hp_left: int = 0


@dataclass(frozen=True)
class ObjectMoved(Event):
    """A heavy object pushed or dragged from ``at`` to ``to`` (``actions.heavy``)."""
    who: str
    at: tuple[int, int]
    to: tuple[int, int]


@dataclass(frozen=True)
class Spoke(Event):
    """A creature says something to the table (a free action)."""
    who: str
    text: str


@dataclass(frozen=True)
class ItemDropped(Event):
    who: str
    item: str
    at: tuple[int, int]


@dataclass(frozen=True)
class ItemPickedUp(Event):
    who: str
    item: str


@dataclass(frozen=True)
class WeaponLoaded(Event):
    who: str
    weapon: str
    shots: int


@dataclass(frozen=True)
class OpposedCheck(Event):
    kind: str                  # trip, counter_trip, bull_rush, disarm, sunder, overrun, grapple, feint ...
    attacker: str
    defender: str
    attacker_d20: int
    attacker_total: int
    defender_d20: int
    defender_total: int
    winner: str
    attacker_breakdown: tuple = ()
    defender_breakdown: tuple = ()


@dataclass(frozen=True)
class FellProne(Event):
    who: str
    by: str


@dataclass(frozen=True)
class FallSlowed(Event):
    """A falling creature drifts down under ``by``'s Feather Fall: no damage from the fall."""
    who: str
    by: str


@dataclass(frozen=True)
class Pushed(Event):
    who: str
    by: str
    path: tuple
    squares: int


@dataclass(frozen=True)
class Disarmed(Event):
    who: str
    by: str
    weapon: str
    grabbed: bool


@dataclass(frozen=True)
class ItemSnatched(Event):
    """A worn item taken off its wearer by a disarm: in the snatcher's hand (``grabbed``)
    or fallen at the wearer's feet (``at``)."""
    who: str
    by: str
    item: str
    grabbed: bool
    at: tuple[int, int] | None


@dataclass(frozen=True)
class ItemDamaged(Event):
    owner: str
    item: str
    damage: int
    hardness: int
    hp_left: int
    destroyed: bool


@dataclass(frozen=True)
class AttackForfeited(Event):
    """An attack of a full attack that an earlier one made impossible (its target down or
    out of reach): given up, the others go on."""
    who: str
    target: str | None
    reason: str
    detail: tuple = ()          # the refusal's values, as (key, value) pairs, for its sentence


@dataclass(frozen=True)
class ManeuverFailed(Event):
    who: str
    maneuver: str
    reason: str


@dataclass(frozen=True)
class AidGiven(Event):
    aider: str
    ally: str
    enemy: str
    kind: str


@dataclass(frozen=True)
class Feinted(Event):
    who: str
    target: str


@dataclass(frozen=True)
class AttackRedirected(Event):
    attacker: str
    meant_for: str
    hits: str
    d100: int


@dataclass(frozen=True)
class MissChanceRolled(Event):
    attacker: str
    target: str
    d100: int
    chance: int
    missed: bool
