"""Attack actions: attack, full attack (iteratives, two weapons, double weapons, a 5-ft
step between blows, a move instead of the blows left) and Cleave's extra attack (French
text "attaque", "attaque à outrance", "enchaînement"; digest §8.1, §11.1); the charge and
the coup de grace, which end in these attacks, are in ``charging``."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ... import data
from ...rules import charge as charge_rules
from ...rules.attack import full_attack_bonuses, full_attack_steps
from ...rules.reasons import Refusal
from ...rules.weapons import BASH_WEAPONS, is_light_off_hand, other_end, shield_bash_weapon
from .. import specials
from ..attacks import AOO_MANEUVERS, check_attack, fallen, is_ranged_attack, provoking_attack, resolve_attack
from ..commands import OffHand, Strike
from ..components import (Conditions, Defense, Feats, Grapple, Hands, Loaded, Offense, Quiver, Riding, Spellcasting, Stats,
                          TurnState, Wielded)
from ..damage import status_of
from ..durations import until_next_turn
from ..events import AttackForfeited, ItemDropped
from . import grapple, maneuvers
from .common import (ABLE, Refused, Verdict, affordable, judged, judging, refuse, settled, spend, squares_arg, target_arg,
                     turn_state)
from .gates import LOADING, out_of_ammunition
from .moving import do_five_foot_step, judge_movement, move_common
from .natural_hits import on_hit
from .spell_effects import discharge
from .stances import stance_refusal, take_stances
from . import stunning as stun
from .stunning import stun_refusal
from .flurry import CONDITION as FLURRY, flurry_refusal, flurry_steps
from .timing import readied_on_attack

DROPPED = ("dying", "dead", "unconscious", "stable")


# Special attacks that replace one melee attack (French text, footnote 7). An escape from a
# grapple or a garrote too (SRD, Grapple, "Escape from Grapple": "in place of making an
# attack"), each attempt at that attack's bonus: a full attack tries as many times as it
# has attacks, and ends with the escape that frees it ("you finish the action by moving").
MANEUVERS = {"trip": maneuvers.trip, "disarm": maneuvers.disarm, "sunder": maneuvers.sunder,
             **grapple.GRAPPLE_OPTIONS}


def _in_place_of_an_opportunity(name: str):
    """A trip, disarm or sunder in place of an attack of opportunity (French text, note 7:
    « ou même lors d'une attaque d'opportunité »), with the rules' usual answers for the
    other side (it trips or disarms back). Grappling is not offered there: a grapple
    started off one's turn would move the grappler into the mover's space mid-move."""
    def play(battle, taker: str, provoker: str) -> list:
        return MANEUVERS[name](battle, taker, provoker, set(), {})
    return play


AOO_MANEUVERS.update({name: _in_place_of_an_opportunity(name) for name in ("trip", "disarm", "sunder")})


def full_attack_plan(battle, who: str, target: str, flurry: bool = False) -> tuple:
    """Every attack of a full attack at one target, as a plan (``commands``): the iterative
    attacks (haste's extra one included), then the off-hand ones when a second weapon or a
    double weapon's other end is at hand; a monster's routine, once each. A flurry of
    blows (``flurry``): the extra attacks too, and no off-hand one."""
    main = len(full_attack_bonuses(battle.read(who, Offense).bab, "hasted" in battle.board().body(who).conditions))
    if flurry:
        return tuple([Strike(target)] * len(flurry_steps(battle, who, [0] * main)))
    if battle.read(who, Grapple).holding:
        return tuple([Strike(target)] * main)   # grapple attacks: the iteratives, one weapon (``grappling_plan``)
    monster = specials.routine(battle, who)
    if monster:
        return tuple(Strike(target) for _ in specials.routine_slots(monster))
    second = off_hand_weapon(battle, who)
    off = off_hand_attacks(battle, who) if second is not None else 0
    if battle.board().body(who).weapon.thrown and is_ranged_attack(battle, who, target):
        main = 1                                 # a thrown weapon leaves the hand
    if second is not None and second.thrown and is_ranged_attack(battle, who, target, second):
        off = min(off, 1)
    return tuple([Strike(target)] * main + [OffHand(target)] * off)


def off_hand_weapon(battle, who: str):
    """The off-hand weapon: the one in the other hand, or a double weapon's other end."""
    main = battle.board().body(who).weapon
    if main.double:
        return other_end(main)
    off = battle.read(who, Hands).off_hand
    return data.weapons()[off] if off else None


def twf_penalties(battle, who: str, off) -> tuple[int, int]:
    """Two-weapon fighting (digest §11.1): -6/-10; a light off hand -4/-8; the feat -4/-4;
    both -2/-2. Thrown weapons too, darts and shuriken as light ones (French text, "combat
    à deux armes": "Les règles sont les mêmes pour un personnage qui utilise une arme de jet
    dans chaque main"; ``rules.weapons.is_light_off_hand``)."""
    light = is_light_off_hand(off)
    feat = "two_weapon_fighting" in battle.read(who, Feats).ids
    if feat:
        return (-2, -2) if light else (-4, -4)
    return (-4, -8) if light else (-6, -10)


def off_hand_attacks(battle, who: str) -> int:
    feats = battle.read(who, Feats).ids
    return 1 + ("improved_two_weapon_fighting" in feats) + ("greater_two_weapon_fighting" in feats)


def blow_refusal(battle, who: str, target: str, weapon=None, slot: dict | None = None) -> Refusal | None:
    """What refuses one attack before anything is rolled for it (``one_attack``): the target
    out of reach, range or sight, a crossbow not loaded, no arrow, bolt or bullet left —
    said before any attack of opportunity."""
    r = check_attack(battle, who, target, weapon=weapon)
    if r:
        return r
    shooting = weapon or (data.weapons()[slot["weapon"]] if slot else None) or battle.board().body(who).weapon
    if shooting.id in LOADING and battle.read(who, Loaded).shots <= 0 and is_ranged_attack(battle, who, target, weapon):
        return Refusal("NOT_LOADED", {"weapon": shooting.id})
    if shooting.ammunition and shooting.id not in LOADING and is_ranged_attack(battle, who, target, weapon):
        return out_of_ammunition(battle, who, shooting.id)
    return None


def one_attack(battle, who: str, target: str, declined, cleave: list[str] | None = None, **kw) -> list:
    """One attack: readied actions and attacks of opportunity first, then the roll; a foe
    dropped may give Cleave's extra attack on a named foe within reach."""
    r = blow_refusal(battle, who, target, kw.get("weapon"), kw.get("slot"))
    if r:
        raise Refused(r)
    shooting = kw.get("weapon") or (data.weapons()[kw["slot"]["weapon"]] if kw.get("slot") else None) \
        or battle.board().body(who).weapon
    # What follows refuses only after a die: the readied actions and attacks of opportunity
    # it may call roll theirs (a readied action that cannot be done is lost, never refused),
    # the load and the arrow checked again were checked just above, and Cleave's foe is
    # judged once a rolled blow has dropped the first one.
    settled(battle)
    events, fell = readied_on_attack(battle, who, declined)
    if fell:
        return events
    ev, fell = provoking_attack(battle, who, target, declined, kw.get("weapon"))
    events += ev
    if fell:
        return events
    if not kw.get("weapon") and not kw.get("slot") and battle.board().body(who).weapon.id != shooting.id:
        # disarmed, or its weapon sundered, by an attack of opportunity in its place: the blow is lost
        return events + [AttackForfeited(who=who, target=target, reason="WEAPON_LOST")]
    if kw.get("slot"):
        kw["weapon"] = data.weapons()[kw["slot"]["weapon"]]
    weapon = kw.get("weapon") or battle.board().body(who).weapon
    target = _grapple_pick(battle, who, target, kw.get("weapon"))
    loaded = battle.comp(who, Loaded)
    if weapon.id in LOADING and is_ranged_attack(battle, who, target, kw.get("weapon")):
        if loaded.shots <= 0:
            raise refuse("NOT_LOADED", weapon=weapon.id)
        loaded.shots -= 1
    elif weapon.ammunition and is_ranged_attack(battle, who, target, kw.get("weapon")):
        quiver = battle.comp(who, Quiver)
        if quiver.left is not None:             # an arrow drawn as part of the shot (a free action)
            if quiver.left <= 0:
                raise refuse("OUT_OF_AMMUNITION", weapon=weapon.id)
            quiver.left -= 1
    was = status_of(battle, target)
    thrown = weapon.thrown and is_ranged_attack(battle, who, target, kw.get("weapon"))
    if weapon.id in BASH_WEAPONS and "improved_shield_bash" not in battle.read(who, Feats).ids:
        # "you lose the shield's AC bonus until your next action" (data-digest, shield bash)
        events += until_next_turn(battle, who, "shield_bashed")
    strike = resolve_attack(battle, who, target, **kw)
    events += strike
    events += _discharge_on_touch(battle, who, target, weapon, strike)
    hit = any(type(e).__name__ == "AttackRolled" and e.attacker == who and e.hit for e in strike) and \
        not any(type(e).__name__ == "MissChanceRolled" and e.missed for e in strike)
    if hit:
        used = kw["slot"]["weapon"] if kw.get("slot") else weapon.id
        events += on_hit(battle, who, target, used, declined)
        turn_state(battle, who).hits.setdefault(target, []).append(used)
    if thrown and weapon.id != "rock":          # a giant's rock is not the weapon in its hand
        events += _thrown_away(battle, who, target, weapon, off=bool(kw.get("off_hand")))
    if cleave and was in ABLE and status_of(battle, target) in DROPPED:
        events += _cleave(battle, who, cleave, declined, kw)
    return events


def _discharge_on_touch(battle, who: str, target: str, weapon, strike: list) -> list:
    """An unarmed attack that hits while holding a touch spell's charge discharges it
    (French text, "sorts de contact": "Si l'attaque réussit, le personnage inflige les
    dégâts de son attaque à mains nues ou de son arme naturelle et décharge le sort"). The
    blow itself is an ordinary unarmed strike: it provoked (``provoking_attack``) and its
    damage was nonlethal ("n'est pas considéré comme armé"), unless Improved Unarmed Strike
    or a natural weapon arms it; only the threat comes from the charge (``Body.holds_charge``)."""
    held = battle.read(who, Spellcasting).held_charge
    hit = any(type(e).__name__ == "AttackRolled" and e.attacker == who and e.hit for e in strike)
    if held and (weapon.is_unarmed or weapon.is_natural) and hit and status_of(battle, target) != "dead":
        return discharge(battle, who, held, target, touched=True)
    return []


def _thrown_away(battle, who: str, target: str, weapon, off: bool) -> list:
    """A thrown weapon leaves the hand and lies by its target."""
    at = battle.board().body(target).pos
    battle.shared.ground.setdefault(at, []).append(weapon.id)
    if off:
        battle.comp(who, Hands).off_hand = None
    else:
        battle.comp(who, Wielded).weapon_id = "unarmed"
    battle.changed()
    return [ItemDropped(who=who, item=weapon.id, at=at)]


def _grapple_pick(battle, who: str, target: str, weapon) -> str:
    """A ranged attack at a creature in a grapple strikes one of the grapplers at random
    (digest §9.2)."""
    group = sorted({target} | battle.comp(target, Grapple).holding)
    if len(group) == 1 or who in group or not is_ranged_attack(battle, who, target, weapon):
        return target
    return group[battle.dice.roll(len(group), f"random grappler for {who}") - 1]


def _cleave(battle, who: str, chain: list[str], declined, kw) -> list:
    """Cleave: an immediate extra melee attack at the same bonus on another foe within
    reach, once a round; Great Cleave: every time (French text, "enchaînement")."""
    feats = battle.read(who, Feats).ids
    if "cleave" not in feats or (battle.read(who, TurnState).cleaved and "great_cleave" not in feats) or not chain:
        return []
    # The first foe named that is still standing within reach now: a 5-ft step between the
    # blows of a full attack may have taken the others out of reach. None left, the extra
    # attack is lost, said in the log — never a refusal after the dice.
    while chain:
        nxt = chain.pop(0)
        if cleave_target_refusal(battle, who, nxt, kw.get("weapon")) is None:
            turn_state(battle, who).cleaved = True
            return one_attack(battle, who, nxt, declined, cleave=chain, **kw)
    return [AttackForfeited(who=who, target=who, reason="CLEAVE_NO_FOE_IN_REACH")]


def cleave_target_refusal(battle, who: str, target: str, weapon=None) -> Refusal | None:
    """Why ``target`` cannot take Cleave's extra attack now: not a creature, not standing,
    not within melee reach (French text, "enchaînement": "un autre adversaire situé à
    portée")."""
    if not battle.has(target) or target == who:
        return Refusal("UNKNOWN_CREATURE", {"creature": target})
    if status_of(battle, target) not in ABLE or check_attack(battle, who, target, weapon=weapon) is not None \
            or is_ranged_attack(battle, who, target, weapon):
        return Refusal("CLEAVE_TARGET_OUT_OF_REACH", {"target": target})
    return None


def cleave_arg(args) -> list[str]:
    c = args.get("cleave", [])
    if isinstance(c, str):
        return [c]
    if not isinstance(c, list) or not all(isinstance(x, str) for x in c):
        raise refuse("BAD_ARGUMENT", key="cleave")
    return list(c)


def _weapon_arg(battle, who, args):
    """``weapon``: the wielded one (default), the one in the off hand, a giant's
    ``rock``, or the ``shield`` in the off hand (a bash, ``shield_bash``)."""
    wid = args.get("weapon")
    main = battle.board().body(who).weapon
    if wid in (None, main.id):
        return None, False
    if wid == "rock" and specials.rock_weapon(battle, who) is not None:
        return specials.rock_weapon(battle, who), False
    if wid == "shield":
        return shield_bash(battle, who), True
    off = battle.read(who, Hands).off_hand
    if wid == off:
        return data.weapons()[off], True
    raise refuse("NOT_IN_HAND", weapon=wid)


def shield_bash(battle, who: str):
    """The shield ready in the off hand as an off-hand weapon (data-digest: "Shield bash:
    light shield = light weapon, heavy shield = one-handed weapon (martial, bludgeoning)";
    spikes: piercing, one size-step more): refused with no shield ready (loosened, broken),
    a buckler or a tower shield ("cannot bash"), or a weapon already in the other hand."""
    hands = battle.read(who, Hands)
    spec = next((c for c in battle.scenario.creatures if c.id == who), None)   # none for a creature spawned in play
    bash = shield_bash_weapon(spec.shield if spec else None, bool(battle.read(who, Stats).values.get("shield_spikes")))
    if bash is None or not hands.shield_ready or battle.read(who, Defense).shield_bonus <= 0 \
            or hands.off_hand is not None or battle.board().body(who).weapon.double:
        raise refuse("CANNOT_SHIELD_BASH")
    return data.weapons()[bash]


def can_shield_bash(battle, who: str) -> bool:
    """Whether ``weapon: "shield"`` would be taken (``shield_bash``), for the window."""
    try:
        shield_bash(battle, who)
    except Refused:
        return False
    return True


@judging
def judge_attack(battle, who, args) -> Verdict:
    """One attack's judging part (``do_attack``), all of it before the readied actions,
    attacks of opportunity and roll it may call: the target, the weapon named, the reach,
    range and sight, Power Attack's and Combat Expertise's numbers, a stunning blow's
    terms, the standard action, the load or the arrow (``blow_refusal``). Locked in a
    grapple the attack is the grapple attack, judged as it is played (not settled: a dry
    run), its plan saying so."""
    target = target_arg(battle, args)
    weapon, off = _weapon_arg(battle, who, args)
    if battle.read(who, Grapple).holding:
        return Verdict(plan=(target, weapon, off, False, None, True))     # judged as it is played
    stunning = bool(args.get("stunning_fist"))
    r = check_attack(battle, who, target, weapon=weapon) or stance_refusal(
        battle, who, args, melee=not is_ranged_attack(battle, who, target, weapon)) or (stunning and stun_refusal(
            battle, who, target, unarmed=(weapon or battle.board().body(who).weapon).is_unarmed)) or None
    if r:
        raise Refused(r)
    affordable(battle, who, "standard")
    slot = specials.single_attack_slot(battle, who) if weapon is None else None
    r = blow_refusal(battle, who, target, weapon, slot)
    if r:
        raise Refused(r)
    # One attack moves nobody before its blow: the foes named for Cleave are judged now,
    # before any die (a full attack's steps may move the attacker: judged as it goes).
    for foe in cleave_arg(args):
        r = cleave_target_refusal(battle, who, foe, weapon) if foe != target else Refusal(
            "CLEAVE_TARGET_OUT_OF_REACH", {"target": foe})
        if r:
            raise Refused(r)
    return Verdict(settled=True, plan=(target, weapon, off, stunning, slot, False))


def do_attack(battle, who, args, declined) -> list:
    """Standard action: one attack; ``defensively`` -4 to hit, +2 dodge AC. Played as a
    readied action (``readied``, set by ``timing.fire_readied`` only), a weapon set
    against a charge deals double damage to a charging foe (French text: "infligent des
    dégâts doublés à un adversaire chargeant, en préparant une réception de charge")."""
    target, weapon, off, stunning, slot, grappling = judged(battle, judge_attack(battle, who, args))
    if grappling:
        return _attack_in_grapple(battle, who, target, weapon, args, declined)
    events = spend(battle, who, "standard", "attack")
    take_stances(battle, who, args)
    if stunning:
        stun.declare(battle, who)
    defensively = bool(args.get("defensively"))
    if defensively:
        events += until_next_turn(battle, who, "fighting_defensively")
    used = data.weapons()[slot["weapon"]] if slot else weapon or battle.board().body(who).weapon
    multiplier = charge_rules.set_against_charge(used.set_vs_charge, bool(args.get("readied")),
                                                 "charging" in battle.read(target, Conditions).ids)
    strike = one_attack(battle, who, target, declined, cleave=cleave_arg(args), defensively=defensively,
                        nonlethal=args.get("nonlethal"), weapon=weapon, off_hand=off, slot=slot,
                        damage_multiplier=multiplier)
    events += strike
    if stunning:
        events += stun.after_attack(battle, who, target, strike)
    return events


def _attack_in_grapple(battle, who: str, target: str, weapon, args, declined) -> list:
    """An attack by a creature locked in a grapple is the grapple attack, at a fellow
    grappler with an unarmed strike, a natural or a light weapon, at -4 (French text,
    "lutte": "Le personnage peut attaquer un autre lutteur à mains nues ou à l'aide d'une
    arme naturelle ou d'une arme manufacturée légère. Il subit un malus de -4 sur son jet
    d'attaque."); no shot, no throw, nobody outside ("n'intervient plus sur le reste du
    combat") — refused with the reason (``grapple.attack_refusal``). A readied attack that
    goes off in a grapple comes here too."""
    r = grapple.attack_refusal(battle, who, target, weapon) or stance_refusal(battle, who, args, melee=True)
    if r is not None:
        raise Refused(r)
    events = spend(battle, who, "standard", "attack")
    take_stances(battle, who, args)               # Power Attack, Combat Expertise: melee attacks
    return events + grapple.grapple_attack(battle, who, target, declined, args, weapon=weapon)


def grappling_plan(battle, who: str, plan: list) -> list:
    """A full attack locked in a grapple: each attack at a creature is a grapple attack
    (``_attack_in_grapple``), judged before any die; no off-hand attack (French text,
    "lutte": "Il est impossible de combattre à deux armes lors d'une lutte, même si ce sont
    deux armes légères")."""
    out = []
    for item in plan:
        if isinstance(item, dict) and "off_hand" in item:
            raise refuse("GRAPPLE_NO_TWO_WEAPONS")
        if isinstance(item, str):
            if not battle.has(item):
                raise refuse("UNKNOWN_CREATURE", creature=item)
            r = grapple.attack_refusal(battle, who, item)
            if r is not None:
                raise Refused(r)
            item = {"grapple_attack": item}
        out.append(item)
    return out


@dataclass(frozen=True)
class FullAttackPlan:
    """What a full attack's judging part worked out, which its play goes on with."""

    plan: list              # the steps, the off-hand bashes added at the last foe when asked for
    off: Any                # the off-hand weapon (or shield bash), None without one
    uses_off: bool
    penalties: tuple[int, int]      # two-weapon fighting: main hand, off hand
    cleave: list
    thrown: Any             # a giant's rock, None for the weapon in hand
    monster: Any            # a monster's routine, played as such
    grappling: bool
    steps: list             # each main-hand attack's step (a flurry's extra ones first)
    flurry: bool
    stunning: str | None    # the foe a stunning blow is declared at, on its first attack


@judging
def judge_full_attack(battle, who, args) -> Verdict:
    """A full attack's judging part (``do_full_attack``), everything before its first blow
    in the order the play pays it: the plan, a mount that moved, the grapple's limits,
    Power Attack's and Combat Expertise's numbers, the full-round action, the off-hand
    weapon or shield bash, the reins, one throw a hand, the foes named for Cleave, every
    blow before the first step in reach now. Settled when the plan opens with a blow of
    the weapon in hand or the off hand that nothing refuses (``blow_refusal``): its roll
    comes next. A step, a move or a maneuver first, a grapple, a monster's routine: the
    rest is judged by playing it."""
    plan = args.get("targets")
    if not isinstance(plan, list) or not plan:
        raise refuse("BAD_ARGUMENT", key="targets")
    if battle.read(who, TurnState).mount_moved > 1 and not battle.board().body(who).weapon.is_ranged:
        raise refuse("MOUNT_MOVED_ONE_ATTACK")
    grappling = bool(battle.read(who, Grapple).holding)
    bashing = args.get("weapon") == "shield"
    flurry = bool(args.get("flurry"))
    r = flurry and flurry_refusal(battle, who, plan, bashing)
    if r:
        raise Refused(r)
    stunning, r = stun.full_attack_target(battle, who, plan, args, grappling)
    if r:
        raise Refused(r)
    if grappling:
        plan = grappling_plan(battle, who, plan)
    r = stance_refusal(battle, who, args, melee=grappling or not battle.board().body(who).weapon.is_ranged)
    if r:
        raise Refused(r)
    affordable(battle, who, "full_round")
    # The -5 step of each main-hand attack, haste's extra one included (digest §8.3); a
    # flurry's extra attacks first (``flurry``).
    steps = full_attack_steps(battle.read(who, Offense).bab, "hasted" in battle.board().body(who).conditions)
    if flurry:
        steps = flurry_steps(battle, who, steps)
    # ``weapon: "shield"``: the off-hand attacks are shield bashes (``shield_bash``)
    off = shield_bash(battle, who) if bashing else off_hand_weapon(battle, who)
    uses_off = any(isinstance(i, dict) and "off_hand" in i for i in plan)
    if bashing and not uses_off:
        # the window asks for the bash after the foes are picked: the off-hand attacks
        # then go at the last foe named, as with a second weapon (``full_attack_plan``)
        last = next((i for i in reversed(plan) if isinstance(i, str)), None)
        if last is None:
            raise refuse("BAD_ARGUMENT", key="targets")
        plan = plan + [{"off_hand": last}] * off_hand_attacks(battle, who)
        uses_off = True
    if uses_off and off is None:
        raise refuse("NO_OFF_HAND_WEAPON")
    if uses_off and battle.read(who, Riding).mount and not battle.read(who, TurnState).knees:
        raise refuse("KNEES_FAILED")           # the other hand is on the reins this round
    penalties = twf_penalties(battle, who, off) if uses_off else (0, 0)
    _one_throw_each(battle, who, plan, off)
    cleave = cleave_arg(args)
    unknown = next((foe for foe in cleave if not battle.has(foe) or foe == who), None)
    if unknown is not None:
        raise refuse("UNKNOWN_CREATURE", creature=unknown)       # reach is judged blow by blow (``_cleave``)
    thrown, _ = _weapon_arg(battle, who, {"weapon": args["weapon"]}) if args.get("weapon") == "rock" else (None, False)
    monster = specials.routine(battle, who)
    judged_plan = FullAttackPlan(plan, off, uses_off, penalties, cleave, thrown, monster, grappling, steps, flurry,
                                 stunning)
    if monster and not uses_off and thrown is None and not grappling:
        return Verdict(plan=judged_plan)        # the routine judges its own (``routine_attacks``)
    _strikes_reach(battle, who, plan, off, thrown)
    _attacks_enough(battle, who, plan, len(steps))
    _move_after_the_blows(battle, who, plan)
    first = plan[0]
    if isinstance(first, dict) and set(first) == {"off_hand"}:
        target, weapon = first["off_hand"], off
    elif isinstance(first, str):
        target, weapon = first, thrown
    else:
        return Verdict(plan=judged_plan)        # a step, a move or a maneuver opens it
    if not isinstance(target, str) or not battle.has(target):
        raise refuse("UNKNOWN_CREATURE", creature=target)
    r = blow_refusal(battle, who, target, weapon)
    if r:
        raise Refused(r)
    return Verdict(settled=True, plan=judged_plan)


def _move_after_the_blows(battle, who: str, plan: list) -> None:
    """The move that ends a full attack's blows (``{"move": [...]}``), judged before any die
    from where the creature stands: no 5-ft step may come before it (they exclude each
    other: refused then), and the path must be open now, as a move's is."""
    for item in plan:
        if isinstance(item, dict) and "five_foot_step" in item:
            if any(isinstance(i, dict) and "move" in i for i in plan):
                raise refuse("NO_MOVE_AFTER_FIVE_FOOT_STEP")
            return
        if isinstance(item, dict) and "move" in item:
            verdict = judge_movement(battle, who, squares_arg(item, "move"), "move", "move")
            if verdict.refusal is not None:
                raise Refused(verdict.refusal)
            return


def _attacks_enough(battle, who: str, plan: list, iteratives: int) -> None:
    """No more blows in the plan than the creature has — its iteratives and a flurry's extra
    attacks (a maneuver or an escape in place of one counts as one), and its off-hand
    attacks: refused before any die, not after the last blow it has. What follows a move
    is not played (the move ends the attacks)."""
    main = off = 0
    for item in plan:
        if isinstance(item, dict) and "move" in item:
            break
        if isinstance(item, str) or (isinstance(item, dict) and set(item) & MANEUVERS.keys()):
            main += 1
        elif isinstance(item, dict) and "off_hand" in item:
            off += 1
    if main > iteratives:
        raise refuse("NO_ATTACKS_LEFT", attacks=iteratives)
    if off > off_hand_attacks(battle, who):
        raise refuse("NO_ATTACKS_LEFT", attacks=off_hand_attacks(battle, who))


def do_full_attack(battle, who, args, declined) -> list:
    """Full-round: iterative attacks in order, a target for each; ``{"off_hand": ID}``
    items for the second weapon (or a double weapon's other end), in any place; a 5-ft
    step before, between or after (``{"five_foot_step": [x, y]}``); ``{"move": [...]}``
    after the first attack turns the rest into a move action."""
    judged_plan = judged(battle, judge_full_attack(battle, who, args))
    plan, off, uses_off, cleave, thrown = (judged_plan.plan, judged_plan.off, judged_plan.uses_off,
                                           judged_plan.cleave, judged_plan.thrown)
    primary_pen, off_pen = judged_plan.penalties
    events = spend(battle, who, "full_round", "full_attack")
    take_stances(battle, who, args)
    defensively = bool(args.get("defensively"))
    if defensively:
        events += until_next_turn(battle, who, "fighting_defensively")
    steps, flurry, stunning = judged_plan.steps, judged_plan.flurry, judged_plan.stunning
    if flurry:                                   # the penalty for the round (``flurry``)
        events += until_next_turn(battle, who, FLURRY)
    was_prone = "prone" in battle.board().body(who).conditions
    if judged_plan.monster and not uses_off and thrown is None and not judged_plan.grappling:
        return events + routine_attacks(battle, who, plan, judged_plan.monster, declined, defensively)
    made = off_made = 0
    rolls_before = len(battle.dice.history)
    for item in plan:
        if isinstance(item, dict) and "five_foot_step" in item:
            events += _step_or_forfeit(battle, who, rolls_before, item,
                                       lambda to=item["five_foot_step"]: do_five_foot_step(battle, who, {"to": to}, declined))
            continue
        if isinstance(item, dict) and "move" in item:
            if made + off_made == 0:
                raise refuse("FULL_ATTACK_MOVE_BEFORE_ATTACK")
            # the attacks left become a move action; a move the blows made impossible is lost
            events += _step_or_forfeit(battle, who, rolls_before, None,
                                       lambda item=item: _move_instead(battle, who, item, declined))
            break
        if isinstance(item, dict) and set(item) & MANEUVERS.keys():
            name = next(k for k in item if k in MANEUVERS)
            if made >= len(steps):
                raise refuse("NO_ATTACKS_LEFT", attacks=len(steps))
            target = item[name]
            if not isinstance(target, str) or not battle.has(target):
                raise refuse("UNKNOWN_CREATURE", creature=target)
            if name == "escape" and target not in battle.read(who, Grapple).holding:
                raise refuse("NOT_GRAPPLING_WITH", target=target)    # ``{"escape": id}``: one it is held by
            events += _step_or_forfeit(battle, who, rolls_before, target,
                                       lambda name=name, target=target, item=item, made=made:
                                       MANEUVERS[name](battle, who, target, declined, item, iterative=steps[made]))
            made += 1
            if name == "escape" and not battle.read(who, Grapple).holding:
                break                                # free: the escape ends the action
        elif isinstance(item, dict) and "off_hand" in item:
            if off_made >= off_hand_attacks(battle, who):
                raise refuse("NO_ATTACKS_LEFT", attacks=off_hand_attacks(battle, who))
            target = item["off_hand"]
            if not isinstance(target, str) or not battle.has(target):
                raise refuse("UNKNOWN_CREATURE", creature=target)
            events += _step_or_forfeit(battle, who, rolls_before, target,
                                       lambda target=target, off_made=off_made:
                                       one_attack(battle, who, target, declined, cleave=cleave, iterative=off_made,
                                                  defensively=defensively, weapon=off, off_hand=True,
                                                  twf_penalty=off_pen))
            off_made += 1
        else:
            if made >= len(steps):
                raise refuse("NO_ATTACKS_LEFT", attacks=len(steps))
            if not isinstance(item, str) or not battle.has(item):
                raise refuse("UNKNOWN_CREATURE", creature=item)
            def blow(item=item, made=made) -> list:
                return one_attack(battle, who, item, declined, cleave=cleave, iterative=steps[made],
                                  defensively=defensively, twf_penalty=primary_pen, weapon=thrown, flurry_blow=flurry)
            if stunning == item:
                stunning = None                  # declared on the first attack at that foe
                events += _step_or_forfeit(battle, who, rolls_before, item, lambda item=item: stun.stunning_blow(
                    battle, who, item, blow))
            else:
                events += _step_or_forfeit(battle, who, rolls_before, item, blow)
            made += 1
        if fallen(battle, who, was_prone):
            break
    return events


def _strikes_reach(battle, who: str, plan: list, off, thrown) -> None:
    """Every attack of the plan before its first step must be possible now, with its
    weapon: refused before any die, rather than half-way through the attacks."""
    for item in plan:
        if isinstance(item, dict) and ("five_foot_step" in item or "move" in item):
            break
        if isinstance(item, str) and battle.has(item):
            r = check_attack(battle, who, item, weapon=thrown)
        elif isinstance(item, dict) and "off_hand" in item and off is not None and battle.has(item["off_hand"]):
            r = check_attack(battle, who, item["off_hand"], weapon=off)
        else:
            continue
        if r is not None:
            raise Refused(r)


def _move_instead(battle, who: str, item: dict, declined) -> list:
    turn_state(battle, who).move = True
    return move_common(battle, who, squares_arg(item, "move"), "move", declined, "move")


def _step_or_forfeit(battle, who: str, rolls_before: int, item, step) -> list:
    """One step of a full attack. Refused before any die, the whole action is; once the
    dice have spoken (a foe dropped, pushed or grappled by an earlier blow), a step that
    can no longer be made is given up and the others go on (SRD: the attacks of a full
    attack are made one after the other)."""
    token = battle.snapshot()
    try:
        events = step()
    except Refused as exc:
        battle.restore(token)
        if len(battle.dice.history) == rolls_before:
            raise
        target = item if isinstance(item, str) else None
        return [AttackForfeited(who=who, target=target, reason=exc.refusal.code,
                                detail=tuple(sorted((k, v) for k, v in exc.refusal.params.items()
                                                    if isinstance(v, (str, int)))))]
    battle.commit(token)
    return events


def _one_throw_each(battle, who: str, plan: list, off) -> None:
    """A thrown weapon leaves the hand (French text, "armes de jet"): after a throw, no
    other attack with that hand until another weapon is drawn — refused before any die."""
    main = battle.board().body(who).weapon
    thrown = {"main": False, "off": False}
    for item in plan:
        hand = "off" if isinstance(item, dict) and "off_hand" in item else "main" if isinstance(item, str) else None
        if hand is None:
            continue
        target = item["off_hand"] if hand == "off" else item
        weapon = off if hand == "off" else main
        if thrown[hand]:
            raise refuse("THROWN_WEAPON_GONE", weapon=weapon.id)
        if weapon is not None and weapon.thrown and battle.has(target) \
                and is_ranged_attack(battle, who, target, weapon if hand == "off" else None):
            thrown[hand] = True


def routine_attacks(battle, who: str, plan: list, monster: list, declined, defensively: bool,
                     charging: bool = False) -> list:
    """A monster's full attack: every attack of its routine once (claw, claw, bite ...),
    a target for each in order; secondary attacks at -5 and half Strength; rend when both
    claws hit one foe."""
    slots = specials.routine_slots(monster)
    events: list = []
    was_prone = "prone" in battle.board().body(who).conditions
    targets = []
    # Known before any die: too many attacks, unknown creatures, foes out of reach now.
    strikes = [i for i in plan if not (isinstance(i, dict) and "five_foot_step" in i)]
    if len(strikes) > len(slots):
        raise refuse("NO_ATTACKS_LEFT", attacks=len(slots))
    for n, item in enumerate(plan):
        if isinstance(item, dict):
            break                              # after a 5-ft step, reach is judged then
        if not isinstance(item, str) or not battle.has(item):
            raise refuse("UNKNOWN_CREATURE", creature=item)
        if check_attack(battle, who, item, weapon=data.weapons()[slots[n]["weapon"]]) is not None:
            raise refuse("OUT_OF_REACH", target=item)
    rolls_before = len(battle.dice.history)

    def strike(item: str, slot: dict) -> list:
        if check_attack(battle, who, item, weapon=data.weapons()[slot["weapon"]]) is not None:
            raise refuse("OUT_OF_REACH", target=item)
        return one_attack(battle, who, item, declined, slot=slot, defensively=defensively, charging=charging)
    for item in plan:
        if isinstance(item, dict) and "five_foot_step" in item:
            events += _step_or_forfeit(battle, who, rolls_before, item,
                                       lambda item=item: do_five_foot_step(battle, who, {"to": item["five_foot_step"]},
                                                                           declined))
            continue
        if not isinstance(item, str) or not battle.has(item):
            raise refuse("UNKNOWN_CREATURE", creature=item)
        slot = slots[len(targets)]
        targets.append(item)
        events += _step_or_forfeit(battle, who, rolls_before, item, lambda item=item, slot=slot: strike(item, slot))
        if fallen(battle, who, was_prone):
            break
    for target in sorted(set(targets)):
        events += specials.rend(battle, who, target, battle.read(who, TurnState).hits.get(target, []))
    return events
