"""Every command ``act`` plays, with its arguments and their defaults (README, "Actions
and their arguments"). A field's annotation names its JSON shape (``base.SHAPES``):
``Square`` [x, y], ``Squares`` a non-empty list of them, ``Ids`` a non-empty list of
creature ids, ``Names`` a list of ids (feats), ``Cleave`` one id or a list, ``Plan`` a full
attack's steps, ``Command`` a nested command. A field with a default may be left out.
"""
from __future__ import annotations

from dataclasses import dataclass

from .base import PLAN_MANEUVERS, Command, PlanStep, Square  # noqa: F401  (Square, PlanStep: annotations)

# Type names the annotations use; only their names matter to the parser.
Squares = Ids = Names = Cleave = Plan = tuple

# The defender's choices against an overrun (French text, "renversement": it may let the
# attacker pass or block it), and what may take the place of a charge's attack: a bull
# rush (French text, "bousculade": "dans le cadre d'une charge") or a special attack that
# replaces a melee attack (French text, note 7).
DEFENDER_CHOICES = ("block", "avoid")
# The skill checks the engine plays that another may help with (``actions.helping``).
AIDED_SKILLS = ("climb", "swim", "ride", "escape_artist", "bluff")
CHARGE_MANEUVERS = ("bull_rush", *PLAN_MANEUVERS)


# --- movement (French text "se déplacer", "pas de placement", "retraite", "courir") -------
@dataclass(frozen=True)
class Move(Command):
    """A move action: each square entered, in order; ``tumble`` "half" (half speed) or
    "fast" (full speed, -10 on the checks): tumbling past and through foes (digest §4.6)."""
    action = "move"
    squares: Squares
    tumble: str | None = None
    CHOICES = {"tumble": ("half", "fast")}


@dataclass(frozen=True)
class FiveFootStep(Command):
    action = "five_foot_step"
    to: Square


@dataclass(frozen=True)
class Withdraw(Command):
    action = "withdraw"
    squares: Squares


@dataclass(frozen=True)
class Run(Command):
    action = "run"
    squares: Squares


@dataclass(frozen=True)
class Crawl(Command):
    action = "crawl"
    to: Square


@dataclass(frozen=True)
class MinimumMove(Command):
    action = "minimum_move"
    to: Square


@dataclass(frozen=True)
class Climb(Command):
    action = "climb"
    squares: Squares
    hurry: bool = False


@dataclass(frozen=True)
class Swim(Command):
    """A move action at a quarter of its speed, or ``full_round`` at half (SRD Swim)."""
    action = "swim"
    squares: Squares
    full_round: bool = False


# --- attacks -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Attack(Command):
    """``target`` may be left out only in a readied attack: it strikes whoever sets it off."""
    action = "attack"
    target: str | None = None
    weapon: str | None = None          # the off-hand weapon, or a giant's "rock"
    defensively: bool = False
    nonlethal: bool | None = None      # None: the weapon's own kind of damage
    cleave: Cleave = ()
    power_attack: int = 0              # Power Attack points (combat_feats), melee only
    combat_expertise: int = 0          # Combat Expertise points, melee only
    stunning_fist: bool = False        # a stunning attack declared (actions.stunning), unarmed only


@dataclass(frozen=True)
class FullAttack(Command):
    action = "full_attack"
    targets: Plan
    weapon: str | None = None
    defensively: bool = False
    cleave: Cleave = ()
    power_attack: int = 0
    combat_expertise: int = 0
    flurry: bool = False               # a monk's flurry of blows (actions.flurry)
    stunning_fist: bool = False        # a stunning attack declared on the plan's first attack (actions.stunning)


@dataclass(frozen=True)
class SpringAttack(Command):
    """Spring Attack (melee) or Shot on the Run (ranged): ``before`` and ``after`` the
    attack as paths, or ``from_square`` / ``to_square`` for the safest paths there
    (``actions.spring``)."""
    action = "spring_attack"
    target: str | None = None
    before: Squares = ()
    after: Squares = ()
    from_square: Square | None = None
    to_square: Square | None = None
    power_attack: int = 0
    combat_expertise: int = 0


@dataclass(frozen=True)
class CeaseConcentration(Command):
    """Let a kept-up spell go (a free action)."""
    action = "cease_concentration"


@dataclass(frozen=True)
class Speak(Command):
    """Say something to the table: a free action (French text, "appeler ses amis")."""
    action = "speak"
    text: str = ""


@dataclass(frozen=True)
class WhirlwindAttack(Command):
    """Whirlwind Attack: one attack on each opponent in reach (``actions.whirlwind``)."""
    action = "whirlwind_attack"
    defensively: bool = False
    power_attack: int = 0
    combat_expertise: int = 0


@dataclass(frozen=True)
class Charge(Command):
    """``end`` among tied closest spaces; ``maneuver`` (bull_rush, trip …) in place of the
    attack, with that maneuver's choices; ``overrun``: a foe in the lane overrun on the way
    (+2), with its player's choices ``defender`` and ``overrun_counter``."""
    action = "charge"
    target: str
    end: Square | None = None
    maneuver: str | None = None
    cleave: Cleave = ()
    counter: bool = True
    drop_weapon: bool = False
    follow: bool = False
    item: str | None = None
    power_attack: int = 0              # a charge is not an attack action: no Combat Expertise
    overrun: str | None = None
    defender: str = "block"            # the overrun defender's choice: "block" | "avoid"
    overrun_counter: bool = True       # it tries to knock the charger down when it wins
    CHOICES = {"defender": DEFENDER_CHOICES, "maneuver": CHARGE_MANEUVERS}


@dataclass(frozen=True)
class CoupDeGrace(Command):
    action = "coup_de_grace"
    target: str


# --- special attacks (French text "attaques spéciales") ------------------------------------
@dataclass(frozen=True)
class Trip(Command):
    """``counter``: the defender's player trips back if it fails; ``drop_weapon``: the
    attacker drops a trip weapon rather than be tripped."""
    action = "trip"
    target: str | None = None          # left out only in a readied action: whoever sets it off
    counter: bool = True
    drop_weapon: bool = False


@dataclass(frozen=True)
class BullRush(Command):
    action = "bull_rush"
    target: str | None = None          # left out only in a readied action: whoever sets it off
    follow: bool = False


@dataclass(frozen=True)
class Disarm(Command):
    """``item``: the weapon (default) or an item in hand or worn to snatch."""
    action = "disarm"
    target: str | None = None          # left out only in a readied action: whoever sets it off
    counter: bool = True
    item: str | None = None


@dataclass(frozen=True)
class Sunder(Command):
    action = "sunder"
    target: str | None = None          # left out only in a readied action: whoever sets it off
    item: str | None = None


@dataclass(frozen=True)
class AidAnother(Command):
    """``enemy`` is left out to wake a sleeping ally, which distracts nobody, or to help
    an ally beside the aider on its next ``skill`` check (``help: "skill"``)."""
    action = "aid_another"
    ally: str
    enemy: str | None = None
    help: str = "attack"               # "attack" | "defense" | "skill" (actions.helping)
    skill: str | None = None           # with "skill": climb, swim, ride, escape_artist, bluff
    CHOICES = {"help": ("attack", "defense", "skill")}     # the skill: said by its handler, with the list


@dataclass(frozen=True)
class Feint(Command):
    action = "feint"
    target: str | None = None          # left out only in a readied action: whoever sets it off


@dataclass(frozen=True)
class Overrun(Command):
    """``squares`` through the defender's space; ``defender``: its player's choice."""
    action = "overrun"
    target: str
    squares: Squares
    defender: str = "block"            # "block" | "avoid"
    counter: bool = True
    CHOICES = {"defender": DEFENDER_CHOICES}


# --- grapple (French text "lutte") ----------------------------------------------------------
@dataclass(frozen=True)
class Grapple(Command):
    action = "grapple"
    target: str | None = None          # left out only in a readied action: whoever sets it off


@dataclass(frozen=True)
class GrappleDamage(Command):
    action = "grapple_damage"
    target: str
    lethal: bool = False


@dataclass(frozen=True)
class GrappleAttack(Command):
    action = "grapple_attack"
    target: str


@dataclass(frozen=True)
class Pin(Command):
    action = "pin"
    target: str
    silence: bool = False              # the pinner also keeps its foe from speaking


@dataclass(frozen=True)
class Escape(Command):
    """``to``: the free square next to its opponent where the escape ends (French text,
    "n'importe quelle case adjacente à son adversaire"); left out, the first free one."""
    action = "escape"
    target: str | None = None
    to: Square | None = None
    escape_artist: bool = False        # an Escape Artist check in place of the grapple check


@dataclass(frozen=True)
class FreeAlly(Command):
    action = "free_ally"
    ally: str


@dataclass(frozen=True)
class UseOpponentWeapon(Command):
    action = "use_opponent_weapon"
    target: str


@dataclass(frozen=True)
class Garrote(Command):
    action = "garrote"
    target: str


@dataclass(frozen=True)
class GrappleMove(Command):
    action = "grapple_move"
    squares: Squares


@dataclass(frozen=True)
class GrappleDraw(Command):
    action = "grapple_draw"
    weapon: str | None = None


@dataclass(frozen=True)
class Release(Command):
    action = "release"


@dataclass(frozen=True)
class FirstAid(Command):
    """Stabilize the dying ``target`` next to it with a Heal check, DC 15 (``actions.first_aid``)."""
    action = "first_aid"
    target: str


@dataclass(frozen=True)
class CutGarrote(Command):
    """Cut the garrote round its own throat, or (``target``) a locked one round a friend's."""
    action = "cut_garrote"
    target: str | None = None


# --- other actions ---------------------------------------------------------------------------
def _plain(name: str, doc: str = "") -> type[Command]:
    """A command with no argument."""
    cls = dataclass(frozen=True)(type(name, (Command,), {"action": _snake(name), "__doc__": doc,
                                                         "__module__": __name__, "__annotations__": {}}))
    globals()[name] = cls
    return cls


def _snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(name))


for _name in ("TotalDefense", "StandUp", "DropProne", "Sheathe", "Load", "ReadyShield", "LooseShield",
              "Delay", "EndTurn", "CompleteFullRound", "RebukeUndead", "DispelTurning",
              "BolsterUndead", "Extinguish", "Concentrate", "Stow", "LockGauntlet", "UnlockGauntlet", "StepIn",
              "ContinueCasting"):
    _plain(_name)


@dataclass(frozen=True)
class DropShield(Command):
    """Let a loosed shield (carried, not worn) fall: in its own square, or ``to`` an adjacent one."""
    action = "drop_shield"
    to: Square | None = None


@dataclass(frozen=True)
class Drop(Command):
    """Let what is in hand fall: in its own square, or ``to`` an adjacent one."""
    action = "drop"
    to: Square | None = None


@dataclass(frozen=True)
class Draw(Command):
    action = "draw"
    weapon: str | None = None
    drop_held: bool = False
    off_hand: str | None = None        # a second weapon, drawn at once with Two-Weapon Fighting


@dataclass(frozen=True)
class PickUp(Command):
    action = "pick_up"
    item: str | None = None


@dataclass(frozen=True)
class Retrieve(Command):
    action = "retrieve"
    item: str


@dataclass(frozen=True)
class Ready(Command):
    """A standard action: ``command`` is played when ``trigger`` happens (by ``target``
    if given); without a command, an attack on whoever sets it off."""
    action = "ready"
    trigger: str
    target: str | None = None
    command: Command | None = None
    square: Square | None = None       # with the trigger ``reaches_square``


@dataclass(frozen=True)
class StartFullRound(Command):
    action = "start_full_round"
    command: Command


@dataclass(frozen=True)
class OpenDoor(Command):
    action = "open_door"
    at: Square


@dataclass(frozen=True)
class CloseDoor(Command):
    action = "close_door"
    at: Square


@dataclass(frozen=True)
class ChannelAtDoor(Command):
    """Channel positive or negative energy at the sealed door at ``at``, next to it."""
    action = "channel_at_door"
    at: Square


@dataclass(frozen=True)
class CutWeb(Command):
    """Strike the section of web sheet at ``at`` (in the creature's space or next to it)."""
    action = "cut_web"
    at: Square


@dataclass(frozen=True)
class MoveObject(Command):
    """Push or drag the heavy object at ``at`` one square, to ``to``."""
    action = "move_object"
    at: Square
    to: Square


@dataclass(frozen=True)
class TurnUndead(Command):
    """Turn undead; ``greater``: the Sun domain's greater turning, once a day (those that
    would be turned are destroyed)."""
    action = "turn_undead"
    greater: bool = False


@dataclass(frozen=True)
class TurnCreatures(Command):
    """A domain's turning of creatures other than undead: ``kind`` is the kind of creature
    (air, earth, fire, water: ``rules.domains.KINDS``)."""
    action = "turn_creatures"
    kind: str


@dataclass(frozen=True)
class RebukeCreatures(Command):
    """A domain's rebuking (or commanding) of creatures of ``kind`` (air, earth, fire, water, plant)."""
    action = "rebuke_creatures"
    kind: str


@dataclass(frozen=True)
class BolsterCreatures(Command):
    """A domain's bolstering of creatures of ``kind`` against turning (air, earth, fire, water)."""
    action = "bolster_creatures"
    kind: str


@dataclass(frozen=True)
class CommandUndead(Command):
    action = "command_undead"
    undead: str | None = None


@dataclass(frozen=True)
class ReleaseUndead(Command):
    action = "release_undead"
    undead: str | None = None


@dataclass(frozen=True)
class Mount(Command):
    action = "mount"
    mount: str
    fast: bool = False


@dataclass(frozen=True)
class Dismount(Command):
    action = "dismount"
    to: Square
    fast: bool = False


@dataclass(frozen=True)
class Ride(Command):
    """The rider's action through its mount: ``mode`` move, double, run, charge or overrun;
    on a double move or a run, ``shoot``: the rider's ranged attack (or full attack, with
    ``shoot_full``) made when the mount has done half its movement."""
    action = "ride"
    mode: str = "move"
    squares: Squares | None = None
    target: str | None = None
    end: Square | None = None
    defender: str = "block"
    counter: bool = True
    cleave: Cleave = ()
    ride_by: int = 0                   # Ride-By Attack: squares ridden on after a charge's attack
    shoot: str | None = None           # a double move or run: the rider's ranged attack at the halfway point
    shoot_full: bool = False           # ... a full attack there instead of one attack
    CHOICES = {"mode": ("move", "double", "run", "charge", "overrun"), "defender": DEFENDER_CHOICES}


@dataclass(frozen=True)
class ThrowSplash(Command):
    """At a creature (``target``) or a grid intersection (``intersection``)."""
    action = "throw_splash"
    item: str
    target: str | None = None
    intersection: Square | None = None


@dataclass(frozen=True)
class BreakFree(Command):
    action = "break_free"
    method: str | None = None          # "escape_artist" | "strength": else the better chance
    CHOICES = {"method": ("escape_artist", "strength")}


@dataclass(frozen=True)
class MoveThroughWeb(Command):
    """Loose in a Web spell, a full-round action: a Strength or Escape Artist check
    (``method``, else the better), then along ``squares`` 1.5 m for each full 5 points above
    10 (SRD Web)."""
    action = "move_through_web"
    squares: Squares
    method: str | None = None
    CHOICES = {"method": ("strength", "escape_artist")}


@dataclass(frozen=True)
class Web(Command):
    action = "web"
    target: str


# --- magic ----------------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class Aimed(Command):
    """What a spell's aim names, however it is cast (a slot, an ability, an item): as the
    spell's shape says, ``target``, ``targets``, ``point`` (a square or, for a burst, a grid
    intersection), ``direction`` (a cone's, from ``point``); ``defensively`` to keep it
    from provoking (French text, "incantation sur la défensive"); ``ride_on``: a rider whose
    mount has moved will ride it on after the spell, so casts it while the mount moves
    (French text, "Lancer des sorts en selle": Concentration DC 10 + the spell's level)."""
    target: str | None = None
    targets: Ids | None = None
    point: Square | None = None
    direction: Square | None = None
    defensively: bool = False
    ride_on: bool = False


@dataclass(frozen=True)
class Cast(Aimed):
    """A spell from a slot (or prepared), with the caster's metamagic and choices."""
    action = "cast"
    spell: str
    ally: str | None = None
    metamagic: Names = ()
    quickened: bool = False
    heighten_to: int | None = None
    spontaneous_from: str | None = None
    slot: int | None = None
    creature: str | None = None        # a summoning's creature (a bestiary template of its list)


@dataclass(frozen=True)
class UseSpellLike(Aimed):
    action = "use_spell_like"
    spell: str


@dataclass(frozen=True)
class UseItem(Aimed):
    """A potion, a scroll or a wand, aimed like its spell."""
    action = "use_item"
    item: str


@dataclass(frozen=True)
class DirectSpell(Command):
    """A spiritual weapon at ``target``; a flaming sphere along ``squares``."""
    action = "direct_spell"
    target: str | None = None
    squares: Squares | None = None


@dataclass(frozen=True)
class Touch(Command):
    """Deliver a held touch: to ``target``, or to several friends (``targets``)."""
    action = "touch"
    target: str | None = None
    targets: Ids | None = None


@dataclass(frozen=True)
class RetrieveComponent(Command):
    action = "retrieve_component"
    spell: str
