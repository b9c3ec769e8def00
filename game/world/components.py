"""Components: small dataclasses, one fact each (design/architecture.md)."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..rules.geometry import Square
from ..rules.sizes import Size
from .commands import Command      # a readied action or a full-round action begun holds its command


@dataclass
class Identity:
    id: str
    name: str


@dataclass
class Position:
    x: int
    y: int

    @property
    def square(self) -> tuple[int, int]:
        return (self.x, self.y)


@dataclass
class Body:
    size: Size


@dataclass
class Reach:
    shape: str = "tall"   # "tall" | "long"


@dataclass
class Speed:
    metres: Fraction = Fraction(9)
    climb: Fraction = Fraction(0)     # a climb speed, metres (0: none)
    swim: Fraction = Fraction(0)      # a swim speed, metres (0: none)

    @property
    def squares(self) -> int:
        return _squares(self.metres)

    @property
    def climb_squares(self) -> int:
        return _squares(self.climb)

    @property
    def swim_squares(self) -> int:
        return _squares(self.swim)


def _squares(metres: Fraction | int) -> int:
    """Whole 1.5 m squares in ``metres`` (toward zero, as ``int(metres / 1.5)``), in whole
    numbers: a body is made after every change, and two fractions a speed were most of it."""
    whole = abs(2 * metres.numerator) // (3 * metres.denominator)
    return whole if metres.numerator >= 0 else -whole


@dataclass
class Side:
    name: str


@dataclass
class Wielded:
    weapon_id: str = "unarmed"


@dataclass
class Conditions:
    ids: set[str] = field(default_factory=set)


@dataclass
class Feats:
    ids: frozenset[str] = frozenset()


@dataclass
class Armor:
    armor_id: str | None = None
    heavy: bool = False


@dataclass
class Stats:
    """Numbers a scenario may override (hp, ac, bab, abilities); combat turns use them."""
    values: dict[str, int] = field(default_factory=dict)


@dataclass
class Initiative:
    fixed: int | None = None


@dataclass
class HitPoints:
    maximum: int
    current: int
    nonlethal: int = 0
    stable: bool = False
    temporary: int = 0            # lost first to lethal damage (a wight's energy drain gives 5)


@dataclass
class Abilities:
    scores: dict[str, int] = field(default_factory=lambda: dict.fromkeys(("str", "dex", "con", "int", "wis", "cha"), 10))


@dataclass
class Defense:
    armor_bonus: int = 0
    shield_bonus: int = 0
    max_dex: int | None = None
    natural: int = 0
    deflection: int = 0
    misc: int = 0


@dataclass
class Offense:
    bab: int = 0


@dataclass
class TimedEffect:
    condition: str
    until_round: int      # the effect ends just before this round's ...
    until_count: int      # ... initiative count (French text: the monk's stun)


@dataclass
class Effects:
    """Conditions that end by themselves; kept apart from the permanent ones."""
    timed: list[TimedEffect] = field(default_factory=list)
    until_next_turn: set[str] = field(default_factory=set)   # charging, total defense, running ...
    power_attack: int = 0          # Power Attack points chosen on its last attack, until its next turn
    expertise: int = 0             # Combat Expertise points, likewise


@dataclass
class TurnState:
    """What a creature has left this turn (French text: the kinds of actions)."""
    standard: bool = True
    move: bool = True
    swift: bool = True
    five_foot: bool = True        # still allowed: no other movement yet this round
    moved: bool = False           # moved some distance this round (no 5-ft step)
    stepped: bool = False         # took its 5-ft step (no other movement)
    parity: int = 0               # the 1-2-1 count over the turn's movement
    restricted: bool = False      # one standard or move action only
    provoked_by_moving: set[str] = field(default_factory=set)
    drew_free: bool = False       # drew a weapon as part of a move (BAB +1)
    cleaved: bool = False         # Cleave's extra attack used this round
    squares_moved: int = 0        # movement spent this turn (bull rush follows within it)
    overran: bool = False         # one overrun a round
    strenuous: bool = False       # a disabled creature took a standard action
    move_action_moved: bool = False  # moved with a move action (draw or ready a shield free at BAB +1)
    move_after_draw: bool = False  # drew at BAB +1 before moving: the move action's movement is still to come
    mount_controlled: bool = False  # the Ride check to control a mount made this round
    mount_moved: int = 0          # squares its mount moved this turn (one attack past 1)
    mount_moves: int = 0
    mount_mode: str | None = None  # double or run: ranged attacks at -4 or -8
    cast_after_riding: bool = False  # a spell cast normally after its mount moved: the mount moves no more
    move_only: bool = False       # nauseated: a single move action
    holding_at_start: tuple[str, ...] = ()   # grappled with at the start of the turn (rake)
    raked: bool = False           # its rake attacks made this turn
    knees: bool = False           # a rider guiding its mount with its knees: both hands free
    swam: str = ""                # the round's Swim check: "", "passed" or "failed" (SRD: once a round)
    acted: bool = False
    hits: dict[str, list[str]] = field(default_factory=dict)   # the weapons that hit each target this turn (rend)


@dataclass(frozen=True)
class ReadiedAction:
    """A readied action waiting for its trigger (French text, "préparer une action"): the
    action (``command``, an attack when None), its trigger, the creature it waits for."""
    action: str
    trigger: str
    target: str | None
    command: Command | None
    square: Square | None = None       # the square a ``reaches_square`` trigger waits for


@dataclass(frozen=True)
class FullRoundStarted:
    """A full-round action begun with a standard action by a creature restricted to one
    action, to complete the next round (French text, "commencer une action complexe")."""
    command: Command
    round: int


@dataclass
class Timing:
    """When a creature acts besides its place in the initiative order."""
    delaying: bool = False                     # it delayed: it may step in before another's turn
    readied: ReadiedAction | None = None
    full_round: FullRoundStarted | None = None
    swift_owed: bool = False                   # an immediate action taken off-turn: its next swift action is spent


@dataclass
class Feint:
    """A feint won against this creature (French text, "feinter"): it loses its Dex bonus
    against ``by``'s next melee attack, made by the end of the feinter's next turn."""
    by: str | None = None
    round: int = 0                    # the round of the feint


@dataclass(frozen=True)
class WebHold:
    """A monstrous spider's web holding a creature: the DCs to slip out or burst it; a web
    sheet's (``actions.web_sheets``) also gives +5 to both (``footing``: ground to walk on)
    and names its square (cut away, it holds nobody)."""
    escape_dc: int
    burst_dc: int
    footing: int = 0
    sheet: tuple[int, int] | None = None


@dataclass
class Webs:
    """A spider's web this creature is caught in, and the webs it has thrown today (a spider)."""
    caught: WebHold | None = None
    thrown: int = 0
    noticed: frozenset[tuple[int, int]] = frozenset()     # the web-sheet squares it has seen (Spot DC 20)


@dataclass
class Monster:
    """What a monster's special qualities keep between blows: the round its rock catching
    was last used (once per round, data-digest §4d), and the creature a frightened or
    panicked one flees (digest §9.3, "must flee from the source")."""
    rock_caught_round: int | None = None
    afraid_of: str | None = None


@dataclass
class Charges:
    """Charges left in the wands a creature carries, by item id (a wand not listed is full);
    ``barred``: the scrolls and wands it rolled a natural 1 on and failed to activate by Use
    Magic Device, not to be tried again for 24 hours (the rest of the battle)."""
    left: dict[str, int] = field(default_factory=dict)
    barred: set[str] = field(default_factory=set)


@dataclass
class AurasMet:
    """The auras this creature has already had its save against: the ghasts whose stench
    it has met (safe from each for the rest of the battle)."""
    stench: set[str] = field(default_factory=set)


@dataclass
class SpiritualWeapon:
    """A caster's spiritual weapon (SRD): the foe it strikes, until a round."""
    target: str
    until: int
    metamagic: tuple[str, ...] = ()


@dataclass(frozen=True)
class Summoned:
    """What makes a creature a summoned one (SRD Summon Nature's Ally, "Summoning"): its
    caster and spell, and the round at whose caster's turn it goes away (1 round a level)."""
    caster: str
    spell: str
    ends: int


@dataclass
class FlamingSphere:
    """A caster's flaming sphere (SRD): where it rolls, until a round, its save DC."""
    at: tuple[int, int]
    until: int
    dc: int
    metamagic: tuple[str, ...] = ()


@dataclass
class HideFromUndead:
    """One casting of hide from undead (SRD): the creatures it wards, the intelligent
    undead that saved and see them all (None until the first is warded), whether its
    touches are still held (``open``), its save DC and the round after which it ends."""
    begun: int                         # its number among the lasting effects begun (their order)
    dc: int
    ends: int
    warded: list[str] = field(default_factory=list)
    seen_by: list[str] | None = None
    open: bool = True


@dataclass
class CalmEmotions:
    """A caster's calm emotions, kept up by concentration (SRD): the creatures calmed;
    ``fresh`` while the saves against it are the last thing that happened."""
    begun: int                         # its number among the lasting effects begun (their order)
    targets: list[str] = field(default_factory=list)
    fresh: bool = True


@dataclass(frozen=True)
class HoldPerson:
    """A hold person holding this creature: the DC of the save it makes each turn."""
    dc: int


@dataclass
class SpellEffects:
    """The lasting spells tied to this creature: what it conjured or keeps up as a caster,
    and a hold person it struggles against."""
    spiritual: SpiritualWeapon | None = None
    sphere: FlamingSphere | None = None
    hiding: list[HideFromUndead] = field(default_factory=list)      # its castings, oldest first
    calm: CalmEmotions | None = None
    held: HoldPerson | None = None
    summoned: Summoned | None = None          # a creature a spell brought in


@dataclass
class AttacksOfOpportunity:
    used: int = 0


@dataclass
class Inventory:
    items: list[str] = field(default_factory=list)


@dataclass
class Awareness:
    surprised: bool = False


@dataclass
class RunState:
    """Running for rounds equal to Con, then Con checks, then rest (French text, "courir")."""
    rounds: int = 0           # consecutive rounds run so far
    checks: int = 0           # Con checks made in this run
    rest_until: int = -1      # resting (no run, one move action of movement) until this round
    ran_this_turn: bool = False


@dataclass
class Loaded:
    """Shots ready in a crossbow or sling (0 = must be loaded)."""
    shots: int = 1


@dataclass
class Quiver:
    """The arrows, bolts or bullets a creature carries for its projectile weapon (French
    text, "Rechercher une munition": drawing one is part of the shot); ``None`` when the
    scenario does not count them. A bow's shot takes one; a crossbow or sling takes its
    bolt or bullet when it is loaded, so a loaded weapon's shot is already out of it."""
    left: int | None = None


@dataclass
class Hands:
    """What is in the other hand: an off-hand weapon, a shield ready (strapped on) or
    loosed (carried, not worn) or dropped (lying on the map, ``shield_dropped``), an item
    taken out of the pack (a flask, a potion, a scroll, a wand)."""
    off_hand: str | None = None
    shield_ready: bool = True
    holding: str | None = None
    shield_dropped: bool = False


@dataclass
class Gear:
    """Damage taken by the weapon in hand and the shield (sunder), once hit."""
    weapon_hp: int | None = None
    shield_hp: int | None = None


@dataclass
class Worn:
    """Items worn (a cloak, an amulet, a ring: ``worn_items.toml``), whose bonuses count
    while worn; and the hit points left to the objects it wears or carries once damaged
    (French text, "destruction d'arme": an object carried or worn)."""
    items: list[str] = field(default_factory=list)
    object_hp: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class LockedGarrote:
    """A locking garrote shut round a creature's throat (French text, "le garrot": "garrot
    à verrouillage"; ``actions.garrote_lock``): which one, who locked it, the dice it
    strangles with each round, and the hit points it has left against a blade."""
    garrote: str
    by: str
    damage: str
    hp: int


@dataclass
class Grapple:
    """Who a creature is locked with (French text, "lutte")."""
    holding: set[str] = field(default_factory=set)     # creatures in the grapple with it
    pinned_by: str | None = None
    pinning: str | None = None
    garroting: str | None = None      # the victim of its garrote (French text, "le garrot")
    hushing: bool = False             # its pin also keeps the pinned foe from speaking
    locked: LockedGarrote | None = None   # a locking garrote shut round its throat: no grapple


@dataclass
class TurnUses:
    """Turn or rebuke attempts used today, and whom this creature has turned."""
    used: int = 0
    domain_used: dict[str, int] = field(default_factory=dict)   # a domain's turning uses today, by domain
    greater_used: bool = False        # the Sun domain's greater turning, once a day
    turned_by: str | None = None      # set on an undead turned or rebuked
    commanded_by: str | None = None   # set on an undead an evil cleric commands
    ordered: bool = False             # its commander has given it orders
    side_before: str | None = None    # its side before it was commanded
    turning_check: int | None = None  # the turning check that turned it (a dispelling rebuke must reach it)
    turned_gap: int | None = None     # squares to its turner when last seen (the turning ends if it shrinks within 3 m)
    turner_at: tuple[int, int] | None = None   # where its turner stood then (did the cleric come closer?)
    cornered: bool = False            # turned with no retreat: it cowers (and stops when a way out opens)


@dataclass
class Riding:
    """Mounted combat: a rider and its mount share the mount's space and initiative."""
    mount: str | None = None          # on a rider
    rider: str | None = None          # on a mount
    military_saddle: bool = False
    stayed_unconscious: bool = False  # already rolled to stay in the saddle
    lost_rider: bool = False          # on a mount: its rider left the saddle, nobody directs it


@dataclass
class SpellLike:
    """Spell-like abilities (French text "pouvoirs magiques"): uses left today by spell id,
    None for at will; the caster level they work at."""
    uses: dict[str, int | None] = field(default_factory=dict)
    caster_level: int = 0


@dataclass
class Spellcasting:
    """A caster's spells ready to cast today (one entry per casting), level and class."""
    prepared: list[str] = field(default_factory=list)
    caster_level: int = 0
    caster_class: str = ""
    held_charge: str | None = None     # a touch spell held (French text, "garder la charge")
    pending: dict | None = None        # a spell of 1 round taking effect before its next turn
    known: list[str] = field(default_factory=list)     # a sorcerer's or bard's spells known
    slots: list[int] = field(default_factory=list)     # their spells per day left, by spell level
    held_metamagic: tuple[str, ...] = ()   # the metamagic of the held charge
    held_touches: int = 0                  # touches left of a charge for several creatures
    held_as: tuple | None = None           # (caster level, class) of a charge from an item or ability
    held_level: int | None = None          # the held spell's level when heightened
    # The round of the caster's own turn the charge was held in: that turn's one touch is
    # free ("toucher le sujet ... lors du round où il lance le sort"), later ones are not.
    held_touch_round: int | None = None
    component_in_hand: str | None = None   # the spell whose material component or focus is in hand
    maintained: dict | None = None         # a spell kept up by concentration
