"""Resolving attacks and attacks of opportunity (digest §4.3, §8.1; French text
"attaque", "attaques d'opportunité"). A lasting effect that forbids an attack of
opportunity (hide from undead) registers at ``AOO_BARRED``."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from .. import data
from ..dice import WouldRoll
from ..rules import attack as rules, monk, odds
from ..rules.aoo import opportunities_a_round
from ..rules.attack import AttackSituation
from ..rules.combat_feats import power_attack_damage
from ..rules.concealment import has_total_concealment, miss_chance, missed_by_concealment
from ..rules.conditions import HELPLESS
from ..rules.flanking import flanking_partners
from ..rules.geometry import distance, gaps_distance, spaces_gaps
from ..rules.modifiers import ability_modifier
from ..rules.reasons import Refusal
from ..rules.sight import cover, has_line_of_sight, in_water, water_cover
from ..rules.threat import can_attack_square, threatens
from .components import Abilities, AttacksOfOpportunity, Conditions, Feats, Feint, Grapple, Riding, TurnState
from .damage import ABLE, apply_damage, status_of
from .events import AttackRedirected, AttackRolled, CriticalConfirmed, DamageDealt, MissChanceRolled
from .hooks import Hook
from .saddle import rider_attack_penalties
from .monster_defenses import catches_rock, split, splits
from .racial import attack_bonus as racial_attack, dodge_against
from .specials import reduction_against, reduction_bypass

# (battle, taker, provoker) -> bool: a lasting effect forbids this attack of opportunity.
AOO_BARRED = Hook("AOO_BARRED")
# What a hit of an attack of opportunity brings with it beyond its damage, registered by the
# actions above it (a natural weapon's paralysis, disease or poison: ``natural_hits``):
# (battle, taker, struck, weapon_id, declined) -> events.
OPPORTUNITY_HIT = Hook("OPPORTUNITY_HIT")
# What stops a provoker in the middle of what it is doing (a ghoul's paralysis on an attack
# of opportunity): helpless, or with no action left to it.
STOPPED = HELPLESS | {"stunned", "dazed"}

def is_ranged_attack(battle, attacker: str, target: str, weapon=None) -> bool:
    """A ranged weapon shoots; a thrown weapon is thrown when the target is out of reach --
    but never at a creature it grapples with, which it strikes in melee (French text,
    "lutte": "Le personnage peut attaquer un autre lutteur [...] à l'aide d'une arme
    manufacturée légère. Il subit un malus de -4": a melee attack, the dagger kept in hand,
    though the two share a square and it is out of the dagger's reach)."""
    board = battle.board()
    a, t = board.body(attacker), board.body(target)
    if weapon is not None:
        a = replace(a, weapon=weapon)
    if a.weapon.is_ranged:
        return True
    if a.weapon.thrown and target not in battle.read(attacker, Grapple).holding \
            and not any(can_attack_square(board, a, sq) for sq in t.squares):
        return True
    return False


def _gap(a, t) -> int:
    """The 1-2-1 distance in squares between two spaces."""
    return min(distance(x, y) for x in a.squares for y in t.squares)


def range_increments(battle, attacker: str, target: str, weapon=None) -> int:
    board = battle.board()
    a, t = board.body(attacker), board.body(target)
    if weapon is not None:
        a = replace(a, weapon=weapon)
    d = min(distance(x, y) for x in a.squares for y in t.squares)
    feet = 5 * d
    inc = a.weapon.range_ft or 10
    return max(1, -(-feet // inc))


def check_attack(battle, attacker: str, target: str, *, ranged: bool | None = None, weapon=None) -> Refusal | None:
    """Can ``attacker`` attack ``target`` now with its weapon (reach, range, sight)?"""
    board = battle.board()
    if attacker == target:
        return Refusal("ATTACK_SELF")
    a, t = board.body(attacker), board.body(target)
    if weapon is not None:
        a = replace(a, weapon=weapon)
    if battle.read(attacker, Riding).mount and not battle.read(attacker, TurnState).knees \
            and ((a.weapon.use == "two_handed" and a.weapon.id != "lance") or a.weapon.double):
        return Refusal("KNEES_FAILED")        # one hand on the reins this round
    if "dead" in t.conditions:
        return Refusal("TARGET_DEAD", {"target": target})
    ranged = is_ranged_attack(battle, attacker, target, weapon) if ranged is None else ranged
    if ranged:
        w = a.weapon
        if not (w.is_ranged or w.thrown):
            return Refusal("OUT_OF_REACH", {"target": target})
        if "prone" in a.conditions and w.id not in ("light_crossbow", "heavy_crossbow", "hand_crossbow", "shuriken",
                                                     "repeating_light_crossbow", "repeating_heavy_crossbow"):
            return Refusal("PRONE_NO_RANGED")
        limit = 5 if w.thrown else 10     # thrown weapons 5 increments, projectiles 10
        if range_increments(battle, attacker, target, weapon) > limit:
            return Refusal("OUT_OF_RANGE", {"increments": range_increments(battle, attacker, target, weapon), "max": limit})
        if cover(board, a, t, "ranged") == "total":
            return total_cover_refusal(board, a, t)
        return None
    if target in battle.read(attacker, Grapple).holding:
        return None                # fellow grapplers share a square or touch (French text, "lutte")
    if a.melee_band() is None:
        if a.natural_reach == 0 and set(a.squares) & set(t.squares):
            return None
        return Refusal("OUT_OF_REACH", {"target": target})
    if not any(can_attack_square(board, a, sq) for sq in t.squares):
        band = a.melee_band()
        if band is not None and band.inner and gaps_distance(*spaces_gaps(a.pos, a.span, t.pos, t.span)) <= band.inner:
            # a reach weapon strikes beyond its inner band only (SRD-EQ Reach: "can't use
            # it against an adjacent foe"): too close, not out of reach (play-test)
            return Refusal("TOO_CLOSE_FOR_REACH", {"target": target, "weapon": a.weapon.id})
        return Refusal("OUT_OF_REACH", {"target": target})
    if cover(board, a, t, "melee") == "total":
        return total_cover_refusal(board, a, t)
    return None


def total_cover_refusal(board, attacker, target) -> Refusal:
    """Why nobody can strike a creature behind total cover: walls hide it, or 6 m of a Web
    spell's strands stand between (SRD Web) with the creature still in sight."""
    if board.terrain.has_web and water_cover(board, attacker, target) != "total" \
            and has_line_of_sight(board, attacker, target):
        return Refusal("TOTAL_COVER", {"target": target.id})
    return Refusal("NO_LINE_OF_SIGHT", {"target": target.id})


def note_attack(battle, attacker: str, target: str) -> None:
    """``attacker`` attacks ``target``: kept until the attacker's next turn begins (``turns``)."""
    done = battle.shared_read.attacked.get(attacker, ())
    if target not in done:
        battle.shared.attacked[attacker] = done + (target,)


def _in_the_melee(battle, body, shooter: str) -> bool:
    """Whether ``body`` can be in a melee for a shot by ``shooter`` (French text, "tir dans
    la mêlée": "un personnage inconscient ou immobilisé, par un sort ou autre, n'est
    considéré au corps à corps que s'il se fait attaquer"). Our reading: a helpless
    creature (unconscious, asleep, paralysed, held ...) is in the melee only while
    someone other than the shooter is attacking it (an attack since that attacker's turn
    began); the shot itself does not count, else the rule would never spare a helpless
    target. A dead one never is."""
    if "dead" in body.conditions:
        return False
    if not body.is_helpless:
        return True
    return any(body.id in targets for who, targets in battle.shared_read.attacked.items() if who != shooter)


def engaged_with_ally(battle, attacker: str, target: str) -> bool:
    """Shooting into melee: the target and an ally of the shooter are in melee, one of
    them threatening the other (digest §8.1; French text: "deux individus sont au corps à
    corps s'ils sont ennemis et si au moins l'un des deux contrôle l'espace de l'autre").
    The text is about both of them, the target as much as the ally: a helpless one counts
    only while it is attacked (``_in_the_melee``), so shooting a foe beside an unconscious
    ally that the foe is attacking is shooting into a melee, and shooting an unconscious
    foe beside an ally is so only while someone is attacking that foe."""
    board = battle.board()
    a, t = board.body(attacker), board.body(target)
    if not _in_the_melee(battle, t, attacker):
        return False
    allies = [ally for ally in board.allies_of(a) if _in_the_melee(battle, ally, attacker)]
    # No penalty when the target is at least 3 m from every ally (French text): asked first,
    # as it is the cheaper test and most shots are at foes no ally stands beside.
    if not any(min(distance(x, y) for x in ally.squares for y in t.squares) < 2 for ally in allies):
        return False
    return any(any(threatens(board, ally, sq) for sq in t.squares) or any(threatens(board, t, sq) for sq in ally.squares)
               for ally in allies)


def resolve_attack(battle, attacker: str, target: str, *, opportunity: bool = False, iterative: int = 0,
                   charging: bool = False, defensively: bool = False, nonlethal: bool | None = None,
                   damage_multiplier: int = 1, weapon=None, off_hand: bool = False, twf_penalty: int = 0,
                   grapple_penalty: int = 0,
                   automatic_critical: bool = False, redirect: str | None = None, slot: dict | None = None,
                   against_movement: bool = False, flurry_blow: bool = False) -> list:
    """Roll one attack and its damage. The caller has checked it is possible.
    ``automatic_critical``: a coup de grace hits and crits without a roll.
    ``redirect``: a bull rush's third-party attack of opportunity that hits has a 25%
    chance to strike that creature instead, rolled on a d100 after the attack roll (French
    text, "bousculade": "On joue d'abord le jet d'attaque avant de déterminer qui risque
    d'être touché").
    ``slot``: one attack of a monster's routine (its weapon, secondary or sole, dice).
    ``flurry_blow``: an attack of a monk's flurry of blows, which adds the Strength bonus
    once, "not Str bonus x 1-1/2 or x 1/2 ... whether she wields a weapon in one or both
    hands" (SRD, Monk, "Flurry of Blows")."""
    if battle.dice.probing and battle.recorder is None:
        raise WouldRoll(20, f"attack {attacker} -> {target}")    # a check stops at the attack roll
    note_attack(battle, attacker, target)
    if slot is not None:
        weapon = data.weapons()[slot["weapon"]]
        iterative = slot["iterative"]
        off_hand = off_hand or slot["secondary"] or slot.get("half_strength", False)   # half Strength
    board = battle.board()
    a_body, t_body = board.body(attacker), board.body(target)
    a, d = battle.fighter(attacker), battle.fighter(target)
    if weapon is not None:
        a = replace(a, weapon=weapon)
        a_body = replace(a_body, weapon=weapon)
    w = a.weapon
    ranged = is_ranged_attack(battle, attacker, target, weapon)
    cov = cover(board, a_body, t_body, "ranged" if ranged else "melee")
    water_hampers = (not ranged and board.terrain.has_media and in_water(board.terrain, a_body)
                     and rules.hampered_in_water(w, a_body.swim_squares > 0))
    unarmed_lethal_ok = a.armed_unarmed
    weapon_nonlethal = w.nonlethal and not (w.is_unarmed and unarmed_lethal_ok)
    want_nonlethal = weapon_nonlethal if nonlethal is None else nonlethal
    # Improved Unarmed Strike deals either kind without penalty (French text).
    switch = want_nonlethal != weapon_nonlethal and not (w.is_unarmed and unarmed_lethal_ok)
    # Fighting defensively costs -4 on every attack of the round, attacks of opportunity too.
    defensively = defensively or "fighting_defensively" in a.conditions
    racial = racial_attack(battle, attacker, target, w, ranged)
    s = AttackSituation(
        ranged=ranged, charging=charging,
        flanking=(not ranged) and bool(flanking_partners(board, t_body, a_body)),
        range_increments=range_increments(battle, attacker, target, weapon) if ranged else 1,
        into_melee=ranged and engaged_with_ally(battle, attacker, target),
        cover=cov if cov in ("soft", "cover", "improved") else "none", defensively=defensively,
        racial=racial[0], racial_source=racial[1],
        two_handed=((w.use == "two_handed" or bool(slot and slot["sole"])) and not off_hand and not twf_penalty
                    and not grapple_penalty
                    and not (w.id == "lance" and battle.comp(attacker, Riding).mount)),   # one-handed when mounted
        secondary=bool(slot and slot["secondary"]), against_movement=against_movement,
        point_blank=ranged and _gap(a_body, t_body) <= rules.POINT_BLANK_SQUARES,
        in_water=water_hampers,
        # SRD, Monk, "Flurry of Blows": "This penalty applies for 1 round, so it also affects
        # attacks of opportunity the monk might make before her next action."
        flurry=monk.flurry_penalty(a.monk_level) if "flurry_of_blows" in a.conditions else 0,
        off_hand=off_hand,
        nonlethal_switch=switch, iterative=iterative, twf_penalty=twf_penalty,
        grapple_penalty=grapple_penalty,
        aid_bonus=_take_aid(battle, attacker, target, "attack"), aid_ac=_take_aid(battle, target, attacker, "defense"),
        dodge_against=dodge_against(battle, target, attacker),
        **_mounted(battle, attacker, target, ranged))
    feinted = not ranged and battle.read(target, Feint).by == attacker
    if feinted:
        battle.comp(target, Feint).by = None      # the feint works on the next melee attack only
    bonus = rules.attack_bonus(a, s)
    grapple = battle.comp(target, Grapple)
    ac = rules.armor_class(d, s, a.conditions, flat_footed="flat_footed" in d.conditions or feinted,
                           outside_grapple=attacker not in grapple.holding, by_pinner=grapple.pinned_by == attacker)
    if slot and slot.get("dice"):
        dice = slot["dice"]
    elif w.id == "unarmed" and a.monk_level:
        dice = monk.unarmed_dice(a.monk_level, a.size, rules.damage_dice)    # SRD, Monk, "Unarmed Strike"
    else:
        dice = rules.damage_dice(w.damage_s, w.damage_m, a.size)
    strength = rules.strength_to_damage(a, ranged=ranged and not w.thrown, thrown=ranged and w.thrown,
                                        two_handed=s.two_handed and not flurry_blow, off_hand=off_hand and not flurry_blow)
    if "sickened" in a.conditions:
        strength -= 2          # sickened: -2 on weapon damage (digest §9.3)
    strength += rules.point_blank_damage(a.feats, ranged, s.point_blank)
    if not ranged:
        # Power Attack's damage: a weapon held in two hands doubles it; a sole natural
        # attack, which takes 1 1/2 Strength, is not held in hands and adds it once.
        strength += power_attack_damage(a.power_attack, w.use, s.two_handed and w.use == "two_handed")
    plan = odds.AttackPlan(
        attacker=attacker, target=target, weapon=w.id, kind="ranged" if ranged else "melee", bonus=bonus.value,
        ac=ac.value, bonus_breakdown=bonus.applied, ac_breakdown=ac.applied, opportunity=opportunity,
        threat_from=w.threat, crit_multiplier=w.multiplier, dice=rules.parse_dice(dice), damage_bonus=strength,
        damage_multiplier=damage_multiplier, nonlethal=want_nonlethal,
        miss_chance=miss_chance(a_body.conditions, t_body.conditions),
        damage_reduction=reduction_against(battle, target, w.types) if (not ranged or w.thrown or w.is_ranged) else 0,
        automatic_critical=automatic_critical, halved=water_hampers)
    if battle.recorder is not None:
        return battle.recorder.attack(plan)       # a preview: the attack is planned, not rolled
    return _roll_attack(battle, plan, w, redirect)


def _roll_attack(battle, plan: odds.AttackPlan, w, redirect: str | None) -> list:
    """Roll a planned attack and its damage, and deal it."""
    attacker, target = plan.attacker, plan.target
    if plan.automatic_critical:
        out = rules.RollOutcome(True, True, 20, 20 + plan.bonus)
        d20 = 20
    else:
        d20 = battle.dice.roll(20, f"attack {attacker} -> {target}")
        out = rules.judge_attack(d20, plan.bonus, plan.ac, plan.threat_from)
    events = [AttackRolled(attacker=attacker, target=target, d20=d20, bonus=plan.bonus, total=out.result,
                           ac=plan.ac, hit=out.hit, threat=out.threat,
                           bonus_breakdown=tuple((m.value, m.kind, m.source) for m in plan.bonus_breakdown),
                           ac_breakdown=tuple((m.value, m.kind, m.source) for m in plan.ac_breakdown),
                           kind=plan.kind, opportunity=plan.opportunity)]
    if not out.hit:
        return events
    if plan.miss_chance:
        d100 = battle.dice.roll(100, f"miss chance {attacker} -> {target}")
        missed = missed_by_concealment(d100, plan.miss_chance)
        events.append(MissChanceRolled(attacker=attacker, target=target, d100=d100, chance=plan.miss_chance,
                                       missed=missed))
        if missed:
            return events
    caught, ev = catches_rock(battle, attacker, target, w)
    if caught:
        return events + ev                 # caught as a free action: no damage
    events += ev
    reduction = plan.damage_reduction
    if redirect is not None and status_of(battle, redirect) != "dead":     # nobody to stray onto otherwise
        d100 = battle.dice.roll(100, f"bull rush stray attack {attacker}")
        if d100 <= 25:
            events.append(AttackRedirected(attacker=attacker, meant_for=target, hits=redirect, d100=d100))
            target = redirect
            reduction = reduction_against(battle, target, w.types) if plan.damage_reduction else 0
    if splits(battle, target, w.types):
        return events + split(battle, target)          # no damage: the pudding splits instead
    multiplier = 1
    if plan.automatic_critical:
        multiplier = plan.crit_multiplier
    elif out.threat:
        c20 = battle.dice.roll(20, f"confirm critical {attacker} -> {target}")
        ok = rules.confirms(c20, plan.bonus, plan.ac)
        events.append(CriticalConfirmed(attacker=attacker, target=target, d20=c20, total=c20 + plan.bonus, confirmed=ok))
        if ok:
            multiplier = plan.crit_multiplier
    count, sides = plan.dice
    faces: list[int] = []
    total_damage = 0
    # A critical rolls the damage several times (digest §8.1), and so does a charge with a
    # lance from a mount; several multipliers add (SRD: x3 and x2 roll four times).
    rolls = rules.combined_multiplier(multiplier, plan.damage_multiplier)
    for _ in range(rolls):
        label = f"damage {attacker} -> {target}"
        roll = battle.dice.roll_dice(count, sides, label) if sides > 1 else [count] * (1 if count else 0)
        faces.extend(roll)
        total_damage += sum(roll) + plan.damage_bonus
    total_damage = max(1, total_damage)
    if plan.halved:
        total_damage = rules.halved_in_water(total_damage)
    before_reduction = total_damage
    total_damage = max(0, total_damage - reduction)
    # the log says the points DR took and which DR took them ("− 5 DR 5/bludgeoning")
    events.append(DamageDealt(attacker=attacker, target=target, dice=tuple(faces), bonus=plan.damage_bonus * multiplier,
                              amount=total_damage, nonlethal=plan.nonlethal, multiplier=multiplier,
                              halved="water" if plan.halved else None, reduction=before_reduction - total_damage,
                              dr=reduction, dr_bypass=reduction_bypass(battle, target) if reduction else ""))
    events.extend(apply_damage(battle, target, total_damage, plan.nonlethal))
    return events


def _mounted(battle, attacker: str, target: str, ranged: bool) -> dict:
    higher, penalty = rider_attack_penalties(battle, attacker, target, ranged)
    return {"higher_ground": higher, "mounted_ranged": penalty}


def _take_aid(battle, helped: str, other: str, kind: str) -> int:
    """Aid another bonuses waiting for this attack: +2 each, used up by it."""
    total_bonus = 0
    keep = []
    shared = battle.shared
    for aid in shared.aids:
        if aid.ally == helped and aid.enemy == other and aid.kind == kind:
            total_bonus += 2
        else:
            keep.append(aid)
    shared.aids = keep
    return total_bonus


def aoo_limit(battle, cid: str) -> int:
    """One a round; 1 + Dex with Combat Reflexes (digest §4.3)."""
    return opportunities_a_round(battle.read(cid, Feats).ids, ability_modifier(battle.read(cid, Abilities).scores["dex"]))


def can_take_aoo(battle, taker: str, provoker: str) -> bool:
    board = battle.board()
    t = board.body(taker)
    if not t.can_make_aoo() or status_of(battle, taker) not in ABLE:
        return False
    # the live count, not the board's ``opportunities_left``: an action that made one may
    # ask again before its board is made anew
    if battle.read(taker, AttacksOfOpportunity).used >= aoo_limit(battle, taker):
        return False
    if has_total_concealment(t.conditions, board.body(provoker).conditions):
        return False                                       # invisible, or the taker blinded (digest §4.3, §7.3)
    if "calmed" in t.conditions:
        return False                                       # calm emotions: no violent action
    return not any(barred(battle, taker, provoker) for barred in AOO_BARRED)     # hide from undead ...


# The maneuvers a taker may make in place of an attack of opportunity (French text, note 7
# of the actions table: « ou même lors d'une attaque d'opportunité »): name -> play(battle,
# taker, provoker) -> events; filled by the attack actions (``actions.attacking``).
AOO_MANEUVERS: dict[str, Callable[..., list]] = {}


def take_opportunities(battle, provoker: str, takers: list[str], declined: set[str],
                       strays: dict[str, str] | None = None, moving: bool = False) -> tuple[list, bool]:
    """Attacks of opportunity, in order, before the provoking act. Returns (events,
    whether the provoker fell: it can no longer act or lies prone). ``strays``: a taker
    whose hit may strike another creature instead (``resolve_attack``'s ``redirect``: the
    bull rush's 25%). ``moving``: the provoker's own movement provoked them (Mobility)."""
    events: list = []
    was_prone = "prone" in battle.read(provoker, Conditions).ids
    for taker in takers:
        if taker in declined or not can_take_aoo(battle, taker, provoker):
            continue
        if battle.dice.probing and battle.recorder is None:
            raise WouldRoll(20, f"attack of opportunity {taker} -> {provoker}")
        if battle.recorder is not None:
            battle.recorder.opportunity(taker, provoker)      # its player will be asked
        battle.comp(taker, AttacksOfOpportunity).used += 1
        battle.changed()                 # its body may have none left (``Body.opportunities_left``)
        maneuver = battle.aoo_instead.get(taker)
        if maneuver is not None:
            events.extend(AOO_MANEUVERS[maneuver](battle, taker, provoker))
        else:
            weapon_id = battle.board().body(taker).weapon.id
            strike = resolve_attack(battle, taker, provoker, opportunity=True,
                                    redirect=(strays or {}).get(taker), against_movement=moving)
            events.extend(strike)
            struck = _struck(strike, taker)
            if struck is not None:
                for rider in OPPORTUNITY_HIT:
                    events.extend(rider(battle, taker, struck, weapon_id, declined))
        if fallen(battle, provoker, was_prone):
            return events, True
    return events, False


def _struck(strike: list, attacker: str) -> str | None:
    """The creature an attack's events say it hit (a bull rush's stray blow may strike
    another), or None for a miss or a miss chance that spoilt the hit."""
    if any(type(e).__name__ == "MissChanceRolled" and e.missed for e in strike):
        return None
    return next((e.target for e in strike if type(e).__name__ == "AttackRolled" and e.attacker == attacker and e.hit),
                None)


def fallen(battle, cid: str, was_prone: bool = False) -> bool:
    """It can no longer act (down, or held by a paralysis, a stun …), or it was knocked prone."""
    if status_of(battle, cid) not in ABLE:
        return True
    conditions = battle.read(cid, Conditions).ids
    if not STOPPED.isdisjoint(conditions):
        return True
    return not was_prone and "prone" in conditions


def threatening_enemies(battle, cid: str) -> list[str]:
    """Enemies that threaten ``cid``'s space now, in initiative order."""
    board = battle.board()
    me = board.body(cid)
    out = []
    for e in board.enemies_of(me):
        if any(threatens(board, e, sq) for sq in me.squares) and cover(board, e, me, "melee") == "none":
            out.append(e.id)
    return sorted(out, key=lambda i: battle.order.index(i) if i in battle.order else 0)


def provoking_attack(battle, who: str, target: str, declined, weapon=None) -> tuple[list, bool]:
    """Ranged attacks provoke from every threatening foe; an unarmed attack on an armed
    foe provokes from it, first (digest §4.2, §4.4) — holding a touch charge too (French
    text, "sorts de contact": "le personnage n'est pas considéré comme armé et provoque
    normalement une attaque d'opportunité")."""
    board = battle.board()
    me = board.body(who)
    w = weapon or me.weapon
    takers: list[str] = []
    if is_ranged_attack(battle, who, target, weapon):
        takers = threatening_enemies(battle, who)
    elif w.is_unarmed and not me.armed_unarmed:
        t = board.body(target)
        if t.threat_band() is not None and any(threatens(board, t, sq) for sq in me.squares):
            takers = [target]
    if not takers:
        return [], False
    return take_opportunities(battle, who, takers, declined)


def moved_body(battle, cid: str, pos):
    return replace(battle.board().body(cid), pos=pos)
