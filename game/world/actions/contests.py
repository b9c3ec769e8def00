"""What the special attacks share (French text "attaques spéciales"; digest §4.7; SRD):
opposed checks (ties to the higher modifier, then a new roll), the melee touch attack of
a trip or a grab, reach, knocking a creature prone, stability, where a pushed creature
may go, the opposed attack roll of a disarm or a sunder and the damage a blow deals an
object. The maneuvers, the grapple, the overrun, objects and natural weapons use them."""
from __future__ import annotations

from dataclasses import replace

from ...dice import WouldRoll
from ...rules import attack as attack_rules, maneuvers as rules
from ...rules.attack import AttackSituation
from ...rules.flanking import flanking_partners
from ...rules.geometry import Square, space_squares
from ...rules.modifiers import Modifier, total
from ...rules.odds import AttackPlan, OpposedPlan
from ...rules.threat import can_attack_square
from ..components import Conditions, HitPoints, Stats
from ..events import AttackRolled, FellProne, OpposedCheck
from .common import refuse


def opposed(battle, kind: str, attacker: str, defender: str, a_total, b_total,
            strict: bool = False) -> tuple[bool, int, list]:
    """Opposed checks: the higher total wins; a tie goes to the higher modifier, then a
    new roll (SRD). ``strict``: the rule asks for a result higher than the defender's, so
    a tie fails, with no new roll (the feint, French text "feinter": "supérieur").
    Returns (attacker wins, margin, events)."""
    if battle.dice.probing and battle.recorder is None:
        raise WouldRoll(20, f"{kind} {attacker}")
    if battle.recorder is not None:        # a preview: the check is planned, and taken as won
        battle.recorder.opposed(OpposedPlan(kind, attacker, defender, a_total.value, b_total.value,
                                            a_total.applied, b_total.applied, strict=strict))
        return True, 0, []
    events = []
    for _ in range(20):
        a20 = battle.dice.roll(20, f"{kind} {attacker}")
        b20 = battle.dice.roll(20, f"{kind} {defender}")
        a, b = a20 + a_total.value, b20 + b_total.value
        if a != b or a_total.value != b_total.value or strict:
            wins = a > b or (not strict and a == b and a_total.value > b_total.value)
            events.append(OpposedCheck(kind=kind, attacker=attacker, defender=defender, attacker_d20=a20,
                                       attacker_total=a, defender_d20=b20, defender_total=b,
                                       winner=attacker if wins else defender,
                                       attacker_breakdown=tuple((m.value, m.kind, m.source) for m in a_total.applied),
                                       defender_breakdown=tuple((m.value, m.kind, m.source) for m in b_total.applied)))
            return wins, a - b, events
    raise refuse("OPPOSED_CHECK_UNRESOLVED")


def is_stable(battle, cid: str) -> bool:
    """More than two legs or hard to move (a dwarf): ``stable`` in the creature's stats
    (+4 against a trip, a bull rush, an overrun)."""
    return bool(battle.comp(cid, Stats).values.get("stable", 0))


def knock_prone(battle, who: str, by: str) -> list:
    """``who`` falls prone, knocked down by ``by``."""
    battle.comp(who, Conditions).ids.add("prone")
    battle.changed()
    return [FellProne(who=who, by=by)]


def melee_touch_attack(battle, who: str, target: str, weapon, iterative: int, charging: bool = False) -> tuple[bool, list]:
    """A melee touch attack (trip, grapple): d20 + bonus against touch AC, no damage. A
    melee attack like any other: flanking gives its +2 (digest §7.1, "+2 flanking bonus on
    melee attacks")."""
    if battle.dice.probing and battle.recorder is None:
        raise WouldRoll(20, f"touch attack {who} -> {target}")
    a = replace(battle.fighter(who), weapon=weapon)
    d = battle.fighter(target)
    board = battle.board()
    flanked = bool(flanking_partners(board, board.body(target), replace(board.body(who), weapon=weapon)))
    s = AttackSituation(touch=True, iterative=iterative, charging=charging, flanking=flanked)
    bonus = attack_rules.attack_bonus(a, s)
    ac = attack_rules.armor_class(d, s, a.conditions, flat_footed="flat_footed" in d.conditions)
    if battle.recorder is not None:        # a preview: the touch attack is planned, and taken as a hit
        battle.recorder.attack(AttackPlan(who, target, weapon.id, "touch", bonus.value, ac.value, bonus.applied,
                                          ac.applied, touch=True, threat_from=21, deals_damage=False))
        return True, []
    d20 = battle.dice.roll(20, f"touch attack {who} -> {target}")
    out = attack_rules.judge_attack(d20, bonus.value, ac.value, 21)
    return out.hit, [AttackRolled(attacker=who, target=target, d20=d20, bonus=bonus.value, total=out.result, ac=ac.value,
                                  hit=out.hit, threat=False,
                                  bonus_breakdown=tuple((m.value, m.kind, m.source) for m in bonus.applied),
                                  ac_breakdown=tuple((m.value, m.kind, m.source) for m in ac.applied), kind="touch")]


def in_reach(battle, who: str, target: str, weapon=None) -> bool:
    """Whether ``who`` can attack a square of ``target``'s space with ``weapon`` (its own by default)."""
    board = battle.board()
    me = board.body(who)
    if weapon is not None:
        me = replace(me, weapon=weapon)
    return any(can_attack_square(board, me, sq) for sq in board.body(target).squares)


def space_free(battle, cid: str, pos: Square, ignore: tuple[str, ...] = ()) -> bool:
    """Whether ``cid``'s space fits at ``pos`` with nobody standing in it but the helpless
    and ``ignore`` (where a creature pushed or falling back may go)."""
    board = battle.board()
    body = board.body(cid)
    if not board.terrain.space_fits(pos, body.span):
        return False
    for sq in space_squares(pos, body.span):
        for other in board.occupants.get(sq, ()):
            if other.id != cid and other.id not in ignore and not other.is_helpless:
                return False
    return True


def opposed_attack_total(battle, who: str, other: str, weapon, *, improved: bool, defending: bool,
                         iterative: int = 0):
    """The attack roll bonus of one side of an opposed attack roll (disarm, sunder, a
    snatch): its attack bonus with ``weapon`` and the disarm modifiers (two-handed,
    light, size, a non-melee item; a weapon locked in a gauntlet when ``defending``)."""
    f = replace(battle.fighter(who), weapon=weapon)
    base = attack_rules.attack_bonus(f, AttackSituation(iterative=iterative))
    mods = list(base.applied) + rules.opposed_weapon_mods(f, battle.fighter(other), weapon, improved=improved,
                                                           not_melee_item=defending and weapon.is_ranged)
    if defending and battle.comp(who, Stats).values.get("locked_gauntlet"):
        # A weapon locked in a gauntlet: +10 to keep it (data-digest, adventuring gear).
        mods.append(Modifier(10, "untyped", "locked_gauntlet"))
    return total(mods)


def with_modifier(t, value: int, source: str):
    """The total ``t`` with one more untyped modifier (none when ``value`` is 0)."""
    return total(list(t.applied) + [Modifier(value, "untyped", source)]) if value else t


def health_mark(battle, cid) -> tuple[int, int]:
    """A mark of the creature's health that drops whenever it takes damage, lethal or
    nonlethal: a disarm or a grab fails if the attack of opportunity it provoked hurt."""
    hp = battle.comp(cid, HitPoints)
    return (hp.current, -hp.nonlethal)


def sunder_damage(battle, who: str) -> int:
    """The damage a blow deals an object: the weapon's dice and Strength, at least 1; no
    critical hits (objects are immune, data-digest §3)."""
    me = battle.board().body(who)
    count, sides = attack_rules.parse_dice(attack_rules.damage_dice(me.weapon.damage_s, me.weapon.damage_m, me.size))
    faces = battle.dice.roll_dice(count, sides, f"sunder damage {who}") if sides > 1 else [count]
    strength = attack_rules.strength_to_damage(battle.fighter(who), ranged=False, thrown=False,
                                               two_handed=me.weapon.use == "two_handed", off_hand=False)
    return max(1, sum(faces) + strength)
