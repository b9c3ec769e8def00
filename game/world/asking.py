"""The engine's asking faces (issue 10, item 2; design/architecture.md, "The engine's
faces"): ``check``, ``preview`` and ``odds`` run the real action, the one ``act`` plays,
inside a journal frame that is always rolled back, with dice that may not roll.

- ``check`` stops at the first die: the refusal ``act`` would give before any die, or none.
- ``preview`` goes further: attacks, touch attacks and opposed checks are *planned* instead
  of rolled (their numbers recorded; an attack taken as a miss, a touch attack as a hit, a
  check as won), attacks of opportunity are listed with who makes them, and it stops at the
  first other die (a save, a Concentration check …), naming it.
- ``odds`` turns a preview's plans into exact chances (``rules.odds``).

Nothing they do stays: not a component, not a die.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from .. import data
from ..dice import WouldRoll
from ..rules.area_odds import CaughtOdds, CaughtPlan, caught_odds
from ..rules.combat_feats import COMBAT_EXPERTISE, POWER_ATTACK, expertise_limit, power_attack_limit
from ..rules.geometry import distance
from ..rules.odds import (AttackPlan, Blow, OpposedPlan, attack_odds, blows_expected_damage, may_drop,
                          opposed_win_chance)
from ..rules.reasons import Refusal
from ..rules.tumble import TumblePlan
from ..rules.turning import TurnedOdds, TurningPlan, affected_odds
from ..rules.web_going import WebGoingPlan
from . import views
from .actions import instead_refusal, play
from .actions.attacking import can_shield_bash
from .actions.common import ABLE, Refused
from .actions.feather_fall import catchers, fall_risks
from .actions.gates import GATES
from .actions.grapple_limits import escape_squares
from .actions.mounted import ride_by_choices
from .actions.other import drop_squares
from .actions.spring import attack_squares, retreat_squares
from .actions.stunning import stun_refusal
from .actions.timing import READY_TRIGGERS
from .actions.web_spell import breaks_spell_web, methods_by_chance
from .attacks import AOO_MANEUVERS, check_attack, is_ranged_attack, threatening_enemies
from .commands import COMMANDS, PLAN_MANEUVERS, Command, Disarm, ManeuverStep, MoveOn, StepTo, Strike, Trip
from .components import Feats, Grapple, Hands, HitPoints, Inventory, Offense, Riding, Stats, TurnState, Wielded
from .damage import dies_at as death_at, status_of, sync_health

@dataclass
class Recorder:
    """What a preview saw the action do, in order."""

    attacks: list[AttackPlan] = field(default_factory=list)
    checks: list[OpposedPlan] = field(default_factory=list)
    opportunities: list[tuple[str, str, tuple[int, int]]] = field(default_factory=list)   # taker, provoker, where
    walks: list[tuple[str, tuple[tuple[int, int], ...], str]] = field(default_factory=list)  # who, positions, mode
    tumbles: list[TumblePlan] = field(default_factory=list)      # Tumble checks, taken as made
    caught: list[CaughtPlan] = field(default_factory=list)      # whom an area spell affects, with their saves
    web_goings: list[WebGoingPlan] = field(default_factory=list)   # a move through a Web spell's check, taken at its best
    turnings: list[TurningPlan] = field(default_factory=list)      # whom a turning may affect, closest first
    # a disabled creature's strenuous action: the 1 hit point it will cost (digest §8.2)
    strains: list[str] = field(default_factory=list)
    battle: object = None

    def attack(self, plan: AttackPlan) -> list:
        self.attacks.append(plan)
        return []

    def opposed(self, plan: OpposedPlan) -> None:
        self.checks.append(plan)

    def opportunity(self, taker: str, provoker: str) -> None:
        self.opportunities.append((taker, provoker, self.battle.board().body(provoker).pos))

    def tumbled(self, plan: TumblePlan) -> None:
        self.tumbles.append(plan)

    def area(self, plan: CaughtPlan) -> None:
        self.caught.append(plan)

    def web_going(self, plan: WebGoingPlan) -> None:
        self.web_goings.append(plan)

    def turning(self, plan: TurningPlan) -> None:
        self.turnings.append(plan)

    def strained(self, who: str) -> None:
        self.strains.append(who)

    def walked(self, who: str, positions, mode: str) -> None:
        self.walks.append((who, tuple(tuple(p) for p in positions), mode))


@dataclass
class Preview:
    """What a command will do before any die (``refusal`` None when ``check`` passes)."""

    command: Command
    refusal: Refusal | None
    recorder: Recorder
    events: list = field(default_factory=list)
    stops_at: str | None = None       # the first die it could not plan, by purpose

    @property
    def legal(self) -> bool:
        return self.refusal is None


def _dry_run(battle, command: Command, declined: set[str], recorder: Recorder | None,
             instead: dict[str, str] | None = None):
    """Run ``play`` in a frame that is rolled back: (refusal, events, stopping die). Only a
    preview plays what follows the action (it never refuses)."""
    refusal = instead_refusal(battle, instead)
    if refusal is not None:
        return refusal, [], None
    token = battle.snapshot()
    battle.dice.probing = True
    battle.recorder = recorder
    battle.aoo_instead = dict(instead or {})
    try:
        return None, play(battle, command, declined, aftermath=recorder is not None), None
    except WouldRoll as stop:
        return None, [], stop.purpose
    except Refused as exc:
        return exc.refusal, [], None
    finally:
        battle.recorder = None
        battle.aoo_instead = {}
        battle.dice.probing = False
        battle.restore(token)


def check(battle, command: Command, declined: set[str] | frozenset[str] = frozenset(),
          instead: dict[str, str] | None = None) -> Refusal | None:
    """The refusal ``act`` would give before rolling any die, or None; changes nothing."""
    refusal, _events, _stop = _dry_run(battle, command, set(declined), None, instead)
    return refusal


def preview(battle, command: Command, declined: set[str] | frozenset[str] = frozenset(),
            instead: dict[str, str] | None = None) -> Preview:
    """What ``command`` will do before any die; changes nothing. With ``instead``, the
    attacks of opportunity made as maneuvers are planned as such, and one that cannot be
    made is the preview's refusal."""
    recorder = Recorder(battle=battle)
    refusal, events, stop = _dry_run(battle, command, set(declined), recorder, instead)
    if refusal is not None:
        return Preview(command, refusal, Recorder(battle=battle))
    return Preview(command, None, recorder, events, stop)


@dataclass(frozen=True)
class Question:
    """A choice the rules leave to a player: ``to`` is the creature whose player answers,
    ``argument`` the command's key the answer fills (None for an attack of opportunity,
    answered by declining it), ``choices`` the answers it may give."""

    to: str
    about: str                   # what is asked (a sentence code of the window)
    argument: str | None
    choices: tuple
    against: str | None = None   # an attack of opportunity: the creature it strikes; Feather Fall: the faller
    shown: tuple = ()            # the answers ``choices`` stand for, one each (a plan step's yes or no), if not themselves


def aoo_maneuvers(battle, command: Command, taker: str, declined: set[str] | frozenset[str] = frozenset(),
                  instead: dict[str, str] | None = None) -> tuple[str, ...]:
    """The maneuvers ``taker`` may make in place of its attack of opportunity against
    ``command`` (French text, note 7: trip, disarm, sunder « même lors d'une attaque
    d'opportunité »): those with which the command's own preview still passes, the taker
    still taking its chance. Its player is offered these beside taking or declining."""
    out = []
    for name in sorted(AOO_MANEUVERS):
        seen = preview(battle, command, declined, {**(instead or {}), taker: name})
        if seen.legal and any(t == taker for t, _p, _at in seen.recorder.opportunities):
            out.append(name)
    return tuple(out)


def _may_ride_on(battle, who: str) -> bool:
    """A rider whose mount moved this turn, within its speed and not running: it may cast
    normally and stay, or cast with ``ride_on`` and ride on after the spell."""
    mount = battle.read(who, Riding).mount
    if not mount or not battle.has(mount):
        return False
    ts = battle.read(who, TurnState)
    return 0 < ts.mount_moved <= battle.board().body(mount).speed_squares and ts.mount_mode != "run"


def choice_questions(battle, command: Command) -> list[Question]:
    """The choices the rules give each side for this command (README, "Choices the rules
    give"), asked of the player who owns the creature that makes them."""
    board = battle.board()
    who = command.who
    target = getattr(command, "target", None)
    action = command.action
    maneuver = getattr(command, "maneuver", None) if action == "charge" else None
    out: list[Question] = []
    able = target is not None and battle.has(target) and status_of(battle, target) in ABLE
    if (action == "trip" or maneuver == "trip") and able:
        out.append(Question(target, "UI_COUNTER", "counter", (True, False)))
        if board.body(who).weapon.trip:
            out.append(Question(who, "UI_DROP_IF_COUNTERED", "drop_weapon", (True, False)))
    if action == "disarm" and able and not board.body(target).weapon.is_ranged:
        out.append(Question(target, "UI_COUNTER", "counter", (True, False)))
    if action == "bull_rush" or maneuver == "bull_rush":
        out.append(Question(who, "UI_FOLLOW", "follow", (True, False)))
    overrun = action == "overrun" or (action == "ride" and getattr(command, "mode", "") == "overrun")
    if overrun and able:
        if "improved_overrun" not in board.body(who).feats:
            out.append(Question(target, "UI_OVERRUN_DEFENDER", "defender", ("avoid", "block")))
    through = getattr(command, "overrun", None) if action == "charge" else None
    if through is not None and battle.has(through) and status_of(battle, through) in ABLE \
            and "improved_overrun" not in board.body(who).feats:
        out.append(Question(through, "UI_OVERRUN_DEFENDER", "defender", ("avoid", "block")))
    charging = action == "charge" or (action == "ride" and getattr(command, "mode", "") == "charge")
    if charging and target is not None:
        result = views.charge(battle, who, target, getattr(command, "overrun", None) if action == "charge" else None)
        if result.legal and len(result.ends) > 1 and through is not None:
            # overrunning on the way: only the ends whose lane goes through that foe
            ends = tuple(e for e in result.ends if check(battle, replace(command, end=e)) is None)
            if len(ends) > 1:
                out.append(Question(who, "UI_CHOOSE_END", "end", ends))
        elif result.legal and len(result.ends) > 1:
            out.append(Question(who, "UI_CHOOSE_END", "end", tuple(result.ends)))
        end = getattr(command, "end", None) or (result.ends[0] if result.legal and len(result.ends) == 1 else None)
        if action == "ride" and end is not None and not getattr(command, "ride_by", 0):
            ride_on = ride_by_choices(battle, who, target, end)        # Ride-By Attack: how far on
            if ride_on:
                out.append(Question(who, "UI_RIDE_BY", "ride_by", ride_on))
    if action == "ride" and getattr(command, "mode", "") in ("double", "run") and command.shoot is None \
            and command.squares and (board.body(who).weapon.is_ranged or board.body(who).weapon.thrown):
        # shooting on the way, at the halfway point (French text, "combat monté"): at whom the engine allows
        foes = tuple(c.id for c in board.enemies_of(board.body(who)) if check(battle, replace(command, shoot=c.id)) is None)
        if foes:
            out.append(Question(who, "UI_SHOOT_ON_THE_WAY", "shoot", (None,) + foes))
    if action == "full_attack" and getattr(command, "weapon", None) is None and can_shield_bash(battle, who) \
            and not battle.read(who, Hands).off_hand:
        out.append(Question(who, "UI_SHIELD_BASH_TOO", "weapon", (None, "shield")))
    if action == "escape" and getattr(command, "to", None) is None:
        # "il achève son action en se déplaçant sur n'importe quelle case adjacente à son
        # adversaire": the escaper's choice (none out of a pin)
        squares = escape_squares(battle, who)
        if len(squares) > 1:
            out.append(Question(who, "UI_CHOOSE_ESCAPE_SQUARE", "to", tuple(squares)))
    out += _stance_questions(battle, command)
    if action == "full_attack":
        out += _plan_step_questions(battle, command)
    out += _cleave_questions(battle, command)
    if action == "ready":
        out += _ready_questions(battle, command)
    if action == "pin":
        out.append(Question(who, "UI_PIN_SILENCE", "silence", (False, True)))
    if action == "escape" and battle.read(who, Stats).values.get("escape_artist", 0) > 0:
        out.append(Question(who, "UI_ESCAPE_HOW", "escape_artist", (False, True)))

    if action == "drop" and getattr(command, "to", None) is None and battle.read(who, Wielded).weapon_id != "unarmed":
        out.append(Question(who, "UI_DROP_WHERE", "to", tuple(drop_squares(battle, who))))
    if action == "spring_attack" and target is not None and battle.has(target) and not getattr(command, "before", ()):
        out += _spring_questions(battle, command)
    if action == "draw" and getattr(command, "off_hand", None) is None:
        out += _second_draw_question(battle, command)
    if action in ("mount", "dismount"):
        out.append(Question(who, "UI_MOUNT_HOW" if action == "mount" else "UI_DISMOUNT_HOW", "fast", (False, True)))
    if action == "climb":
        out.append(Question(who, "UI_CLIMB_HOW", "hurry", (False, True)))
    if action == "swim":
        out.append(Question(who, "UI_SWIM_HOW", "full_round", (False, True)))
    if action in ("move_through_web", "break_free") and getattr(command, "method", None) is None:
        out += _web_questions(battle, command)
    if action == "aid_another" and getattr(command, "help", "attack") != "skill":
        out.append(Question(who, "UI_AID_HOW", "help", ("attack", "defense")))
    out += _feather_fall_questions(battle, command)
    casting = action in ("cast", "use_spell_like") or (action == "use_item" and _is_scroll(command))
    if action in ("cast", "use_spell_like", "use_item") and not getattr(command, "ride_on", False) \
            and _may_ride_on(battle, who):
        # "s'il la fait avancer avant l'incantation, puis après, il doit réussir un test de
        # Concentration (DD 10 + niveau du sort)" (French text, "Lancer des sorts en selle"):
        # the rider says now whether its mount goes on after the spell
        out.append(Question(who, "UI_RIDE_ON", "ride_on", (False, True)))
    if casting and not getattr(command, "quickened", False) and "quicken_spell" not in getattr(command, "metamagic", ()) \
            and threatening_enemies(battle, who):
        out.append(Question(who, "UI_DEFENSIVELY", "defensively", (True, False)))
    return out


def _web_questions(battle, command: Command) -> list[Question]:
    """A Web spell (SRD Web): the check that moves it through, or that breaks it loose when
    the web glued it, is its player's to pick, Strength or Escape Artist, the better chance
    first (``actions.web_spell``)."""
    who = command.who
    if command.action == "move_through_web":
        return [Question(who, "UI_WEB_HOW", "method", methods_by_chance(battle, who))]
    if breaks_spell_web(battle, who):
        return [Question(who, "UI_WEB_BREAK_HOW", "method", methods_by_chance(battle, who, breaking=True))]
    return []


def _feather_fall_questions(battle, command: Command) -> list[Question]:
    """Feather Fall, an immediate action (French text, "Action immédiate": « une action
    immédiate peut être entreprise à tout moment (même hors du tour de jeu du
    personnage) »): for each creature this command may make fall, each creature that could
    cast it on that one now is asked, before the command plays, whether it would
    (``against``: the faller). Its two answers are the command's ``feather_fall`` without
    and with the pair (caster, faller), the first "no"; the pairs are tried in order as a
    creature falls (``actions.feather_fall``)."""
    out = []
    chosen = tuple(command.feather_fall)
    for faller in fall_risks(battle, command):
        for caster in catchers(battle, faller):
            pair = (caster, faller)
            without = tuple(p for p in chosen if p != pair)
            out.append(Question(caster, "UI_FEATHER_FALL", "feather_fall", (without, without + (pair,)), faller))
    return out


def _stance_questions(battle, command: Command) -> list[Question]:
    """Power Attack and Combat Expertise: how many points, asked of the attacker with the
    feat on a melee attack, full attack or (Power Attack only) charge (``actions.stances``)."""
    action, who = command.action, command.who
    if action not in ("attack", "full_attack", "charge", "whirlwind_attack"):
        return []
    target, weapon = getattr(command, "target", None), getattr(command, "weapon", None)
    if weapon == "rock":
        return []                                  # a giant's rock is thrown
    if action == "attack" and target is not None and battle.has(target):
        melee = not is_ranged_attack(battle, who, target, data.weapons().get(weapon) if weapon else None)
    else:
        melee = not battle.board().body(who).weapon.is_ranged
    feats, bab = battle.read(who, Feats).ids, battle.read(who, Offense).bab
    out = []
    if melee and POWER_ATTACK in feats and power_attack_limit(bab) > 0 and _blow_may_deal_damage(command, feats):
        out.append(Question(who, "UI_POWER_ATTACK", "power_attack", tuple(range(power_attack_limit(bab) + 1))))
    if melee and action != "charge" and COMBAT_EXPERTISE in feats and expertise_limit(bab) > 0:
        out.append(Question(who, "UI_COMBAT_EXPERTISE", "combat_expertise", tuple(range(expertise_limit(bab) + 1))))
    if action == "attack" and target is not None and battle.has(target) and weapon is None \
            and stun_refusal(battle, who, target, unarmed=battle.board().body(who).weapon.is_unarmed) is None:
        out.append(Question(who, "UI_STUNNING_FIST", "stunning_fist", (False, True)))
    if action == "full_attack" and weapon is None and not command.stunning_fist and not battle.read(who, Grapple).holding:
        # the stunning blow in a full attack (a flurry's too): declared on its first attack
        first = next((s.target for s in command.targets if isinstance(s, Strike)), None)
        if first is not None and battle.has(first) and stun_refusal(
                battle, who, first, unarmed=battle.board().body(who).weapon.is_unarmed) is None:
            out.append(Question(who, "UI_STUNNING_FIST", "stunning_fist", (False, True)))
    return out


# Special attacks whose attack roll is a weapon's blow with its damage (``resolve_attack``):
# the grapple's attack with a light weapon and the opponent's weapon turned on it.
DAMAGING_STEPS = ("grapple_attack", "use_opponent_weapon")


def _blow_may_deal_damage(command: Command, feats) -> bool:
    """Whether some attack of the command deals a weapon's damage, the only thing Power
    Attack buys (SRD, Power Attack: « subtract a number from all melee attack rolls and
    add the same number to all melee damage rolls »): an attack, a whirlwind, a charge
    that strikes, a full attack with a blow in its plan. A trip's touch attack, a disarm's
    or a sunder's opposed roll and a bull rush deal none (the engine's sunder damage is the
    weapon's dice and Strength), so the question is not put for them (play-test: it was
    noise on a trip) — unless Improved Trip follows the trip with an attack (SRD,
    Improved Trip). A number given all the same (the query tool) is played as the feat
    says: it comes off the touch attack too, and adds to the damage of the creature's
    attacks of opportunity until its next turn."""
    def damaging(maneuver: str | None) -> bool:
        return maneuver is None or maneuver in DAMAGING_STEPS or (maneuver == "trip" and "improved_trip" in feats)
    if command.action == "charge":
        return damaging(getattr(command, "maneuver", None))
    if command.action == "full_attack":
        return any(not isinstance(s, ManeuverStep) or damaging(s.maneuver) for s in command.targets
                   if not isinstance(s, (StepTo, MoveOn)))
    return True


def _plan_step_questions(battle, command: Command) -> list[Question]:
    """The choices of a full attack's trips and disarms (``ManeuverStep``) left open when it
    was planned: each is the lone maneuver's question (``choice_questions`` of a ``Trip`` or
    a ``Disarm`` at the step's foe: the defender's counter, the trip weapon dropped), its
    answers the plan with that choice made on every such step at that foe (``shown``: the
    lone question's answers, which they stand for). The window plans the steps asking only
    the attacker's own choices, so the defender's come here, with the full attack's other
    questions, after the attacker's (``by_side``): one hand-off (play-test)."""
    lone = {"trip": Trip, "disarm": Disarm}
    plan = tuple(command.targets)
    out: list[Question] = []
    seen: set = set()
    for step in plan:
        if not isinstance(step, ManeuverStep) or step.maneuver not in lone:
            continue
        given = dict(step.options)
        for q in choice_questions(battle, lone[step.maneuver](command.who, target=step.target)):
            key = (step.maneuver, step.target, q.argument)
            if q.argument in given or q.argument not in PLAN_MANEUVERS[step.maneuver] or key in seen:
                continue
            seen.add(key)
            plans = tuple(_plan_with(plan, step.maneuver, step.target, q.argument, v) for v in q.choices)
            out.append(Question(q.to, q.about, "targets", plans, step.target, shown=q.choices))
    return out


def _plan_with(plan: tuple, maneuver: str, target: str, key: str, value) -> tuple:
    """``plan`` with ``key`` set to ``value`` on each ``maneuver`` step at ``target`` that
    has not chosen it yet."""
    def made(step):
        if isinstance(step, ManeuverStep) and step.maneuver == maneuver and step.target == target \
                and key not in dict(step.options):
            return ManeuverStep(step.maneuver, step.target, step.options + ((key, value),))
        return step
    return tuple(made(s) for s in plan)


def _cleave_questions(battle, command: Command) -> list[Question]:
    """Cleave (French text, « Enchaînement » : « si le personnage inflige suffisamment de
    dégâts à un adversaire pour le tuer ou le mettre hors de combat, il peut porter une
    attaque supplémentaire immédiate contre une autre créature à portée ») on an attack or a
    full attack: the engine plays the extra attack on the foe named beforehand
    (``cleave``), so its player is asked which one, or none (the first answer, the
    command unchanged). The choices are the foes the attack's own test lets it strike in
    melee now; with Great Cleave (every time a foe drops) each choice names the chosen foe
    first, then the others nearest first. Not asked once Cleave is spent this round
    without Great Cleave, in a grapple (grapple attacks do not cleave), nor when the plan
    steps or moves (reach is then judged from where it stands after)."""
    action, who = command.action, command.who
    if action not in ("attack", "full_attack") or getattr(command, "cleave", ()):
        return []
    feats = battle.read(who, Feats).ids
    great = "great_cleave" in feats
    if "cleave" not in feats or (battle.read(who, TurnState).cleaved and not great) or battle.read(who, Grapple).holding:
        return []
    name = getattr(command, "weapon", None)
    if name is not None and name not in data.weapons():
        return []                                  # a giant's rock, a shield bash: no Cleave asked
    weapon = data.weapons()[name] if name is not None else None
    if action == "full_attack":
        if any(isinstance(s, (StepTo, MoveOn)) for s in command.targets):
            return []
        struck = {s.target for s in command.targets if hasattr(s, "target")}
    else:
        struck = {command.target}
    board = battle.board()
    me = board.body(who)
    if any(t is None or not battle.has(t) or is_ranged_attack(battle, who, t, weapon) for t in struck):
        return []                                  # Cleave is a melee attack's
    alone = struck if len(struck) == 1 else set()  # several foes planned: a later one may be cleaved at
    def gap(body) -> tuple[int, str]:
        return min(distance(a, b) for a in me.squares for b in body.squares), body.id
    foes = [b.id for b in sorted(board.enemies_of(me), key=gap)
            if b.id not in alone and status_of(battle, b.id) in ABLE
            and check_attack(battle, who, b.id, weapon=weapon) is None and not is_ranged_attack(battle, who, b.id, weapon)]
    if not foes:
        return []
    chains = [(f, *(o for o in foes if o != f)) if great else (f,) for f in foes]
    return [Question(who, "UI_CLEAVE_AT", "cleave", ((), *chains))]


# What the window offers to ready: the actions aimed at whoever sets them off, and those
# that need no aim (``timing.READY_ACTIONS`` takes more through ``act``: a move, a 5-ft
# step or a spell with its aim written out).
WINDOW_READY = ("attack", "trip", "disarm", "sunder", "feint", "grapple", "bull_rush", "total_defense", "drop_prone",
                "stand_up", "load")


def _ready_questions(battle, command: Command) -> list[Question]:
    """Readying from the window: which action, which trigger, and for ``reaches_square``
    which square (a click among those in the readier's sight)."""
    who = command.who
    # Only what its gate allows now: no standing up unless prone, no loading without a
    # weapon to load (``actions.gates``).
    made = {name: COMMANDS[name](who) for name in WINDOW_READY if name not in GATES or GATES[name](battle, who) is None}
    out = [Question(who, "UI_READY_WHAT", "command", tuple(made.values())),
           Question(who, "UI_READY_TRIGGER", "trigger", READY_TRIGGERS)]
    if getattr(command, "trigger", None) == "reaches_square":
        out.append(Question(who, "UI_READY_SQUARE", "square", tuple(views.seen_squares(battle, who))))
    return out


def _spring_questions(battle, command: Command) -> list[Question]:
    """Spring Attack / Shot on the Run from the window: the square to strike from, then
    the square to end on (clicks on the board)."""
    who, target = command.who, getattr(command, "target", None)
    spots = attack_squares(battle, who, target)
    out = [Question(who, "UI_SPRING_FROM", "from_square", tuple(sorted(spots, key=lambda sq: (sq[1], sq[0]))))]
    at = getattr(command, "from_square", None)
    if at is not None and tuple(at) in spots:
        out.append(Question(who, "UI_SPRING_TO", "to_square", tuple(retreat_squares(battle, who, tuple(at), spots[tuple(at)]))))
    return out


# What the window offers to call out (the log shows them in each player's language); the
# query tool may send any words.
STOCK_CALLS = ("SAY_help", "SAY_to_me", "SAY_fall_back", "SAY_charge", "SAY_surrender")


def _second_draw_question(battle, command: Command) -> list[Question]:
    """Which second weapon to draw for the other hand, if any: each carried weapon the
    engine lets this draw take along (Two-Weapon Fighting, ``actions.other.do_draw``)."""
    first = getattr(command, "weapon", None)
    carried = list(battle.read(command.who, Inventory).items)
    if first in carried:
        carried.remove(first)
    seconds = [w for w in dict.fromkeys(carried) if w in data.weapons()
               and check(battle, replace(command, off_hand=w)) is None]
    return [Question(command.who, "UI_DRAW_SECOND", "off_hand", (None, *seconds))] if seconds else []


def _is_scroll(command: Command) -> bool:
    item = data.magic_items().get(getattr(command, "item", ""))
    return bool(item) and item["kind"] == "scroll"


def questions(battle, seen: Preview) -> list[Question]:
    """Every question a command puts, in the order the window asks them: the choices of
    its arguments, then each attack of opportunity it gives (whether to take it) — the
    acting creature's side's questions first, then each other side's together, in the
    order its first question came (``by_side``)."""
    out = choice_questions(battle, seen.command)
    asked = set()
    for taker, provoker, _at in seen.recorder.opportunities:
        if taker not in asked:
            asked.add(taker)
            out.append(Question(taker, "UI_AOO_ASK", None, (True, False), provoker))
    return by_side(battle, seen.command.who, out)


def by_side(battle, who: str, asked: list[Question]) -> list[Question]:
    """``asked`` with the questions of ``who``'s side first, then those of each other side
    together (in the order its first one came), each side's in their own order. In hot
    seat each change of side is a hand-off: a trip asked the defender's counter-trip
    before the tripper's own drop-the-weapon and took four hand-offs (play-test); the
    answers do not hang on one another's order, since the preview is asked again after
    each one."""
    board = battle.board()

    def side(cid: str):
        return board.body(cid).side if battle.has(cid) else None
    mine = side(who)
    order: dict = {mine: 0}
    for q in asked:
        order.setdefault(side(q.to), len(order))
    return sorted(asked, key=lambda q: order[side(q.to)])


@dataclass(frozen=True)
class Odds:
    """Exact chances of an action (``hit``/``crit`` of its first attack, ``expected_damage``
    of all its attacks, ``success`` of its first opposed check), or its refusal."""

    refusal: Refusal | None = None
    hit: Fraction | None = None
    crit: Fraction | None = None
    expected_damage: Fraction | None = None
    success: Fraction | None = None
    attacks: tuple[AttackPlan, ...] = ()
    check: OpposedPlan | None = None        # the opposed check ``success`` is the chance of, with its parts
    tumbles: tuple[TumblePlan, ...] = ()    # a tumbling move's checks, each with its chance
    caught: tuple[CaughtOdds, ...] = ()     # an area spell's creatures, each with its save chance and mean damage
    # a move through a Web spell: each square of the path with the chance its check gets it there
    web_going: tuple[tuple[tuple[int, int], Fraction], ...] = ()
    # a turning: each creature in reach it may affect, closest first, with its chance and fate
    turning: tuple[TurnedOdds, ...] = ()


def _blows_damage(battle, command: Command, declined, own: list[AttackPlan]) -> Fraction:
    """The mean damage of the action's own attacks, exact: one attack, or attacks each at
    a foe no earlier one strikes, add their means; where an earlier blow may drop a foe
    the later ones at it are made as at a helpless creature, or not at all once it is dead
    (``rules.odds.blows_expected_damage``, the foe's hit points followed blow by blow)."""
    targets = [p.target for p in own]
    struck_again = {t for i, t in enumerate(targets) if t in targets[:i] and battle.has(t)}
    if not struck_again:
        return sum((attack_odds(p).expected_damage for p in own), Fraction(0))
    hit_points, dies_at = {}, {}
    for t in set(targets):
        hp = battle.read(t, HitPoints)
        hit_points[t] = hp.current + hp.temporary
        dies_at[t] = death_at(battle, t)
    if not may_drop([Blow(p.target, p) for p in own], hit_points):
        # no blow can fall on a foe already down: the plans once it is down (a dry run
        # each) would never be used
        return sum((attack_odds(p).expected_damage for p in own), Fraction(0))
    down: dict[str, list[AttackPlan] | None] = {t: _plans_once_down(battle, command, declined, t, len(own))
                                                for t in sorted(struck_again)}
    blows = [Blow(p.target, p, (down.get(p.target) or [None] * len(own))[i]) for i, p in enumerate(own)]
    return blows_expected_damage(blows, hit_points, dies_at)


def _plans_once_down(battle, command: Command, declined, target: str, count: int) -> list[AttackPlan] | None:
    """The same action's attacks as they would be planned with ``target`` dying (below 0
    hit points: helpless), the battle rolled back after; None when they do not line up."""
    token = battle.snapshot()
    try:
        hp = battle.comp(target, HitPoints)
        hp.current, hp.temporary = -1, 0
        sync_health(battle, target)
        seen = preview(battle, command, declined)
        plans = [p for p in seen.recorder.attacks if p.attacker == command.who and not p.opportunity]
        return plans if seen.legal and len(plans) == count else None
    finally:
        battle.restore(token)


def odds(battle, command: Command) -> Odds:
    """The chances of ``command`` as it stands now (design/query-protocol.md, ``odds``):
    attacks of opportunity against the actor are not its own and do not count (the preview
    the battle's own face, which keeps it: a player that previews a command, then asks its
    odds, has one dry run played, not two)."""
    seen = battle.preview(command)
    if not seen.legal:
        return Odds(refusal=seen.refusal)
    own = [p for p in seen.recorder.attacks if p.attacker == command.who and not p.opportunity]
    first = attack_odds(own[0]) if own else None
    damage = _blows_damage(battle, command, frozenset(), own) if own else None
    check_plan = next((c for c in seen.recorder.checks if c.attacker == command.who), None)
    success = opposed_win_chance(check_plan.attacker_bonus, check_plan.defender_bonus,
                                 check_plan.strict) if check_plan else None
    return Odds(hit=first.hit if first else None, crit=first.crit if first else None, expected_damage=damage,
                success=success, attacks=tuple(own), check=check_plan,
                tumbles=tuple(t for t in seen.recorder.tumbles if t.who == command.who),
                caught=tuple(caught_odds(p) for p in seen.recorder.caught if p.caster == command.who),
                web_going=tuple((sq, plan.chance_to(i)) for plan in seen.recorder.web_goings[:1]
                                for i, (sq, _cost) in enumerate(plan.path)),
                turning=tuple(one for plan in seen.recorder.turnings[:1] for one in affected_odds(plan)))
