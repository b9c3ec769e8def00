"""The checks a casting goes through, shared by casting, magic items, spell-like abilities,
concentration and touch spells for several creatures (French text "lancer un sort"; digest
§4.5): the aim (range, sight, a cone from the caster's corner), a free hand and a
component in hand, arcane spell failure, the attacks of opportunity a casting provokes or
casting defensively, the distractions that call for Concentration, and a held charge
dissipated by another casting."""
from __future__ import annotations

from ... import data
from ...rules import metamagic, spells as rules
from ...rules.geometry import Square, distance
from ...rules.sight import has_line_of_effect_to_point, has_line_of_sight
from ..attacks import take_opportunities, threatening_enemies
from ...rules.reasons import Refusal
from ..components import Conditions, Defense, Grapple, Hands, HitPoints, Inventory, Stats, Wielded
from ..saddle import note_casting_in_saddle, rider_motion
from .common import Refused, refuse, square_arg, target_arg
from .spell_basics import SpellEnded, concentration_check, drop_charge, spellcasting
from .summoning import check_summon_aim


# Spells of "one creature a level, no two of which can be more than 30 ft. apart"
# (data-digest §5: haste, slow).
SPREAD_TARGETS = frozenset({"haste", "slow"})
SPREAD_SQUARES = 6


def spread_targets(battle, targets: list[str]) -> None:
    """Refuse two targets more than 30 ft apart (1-2-1 distance between their spaces;
    data-digest §5, haste and slow)."""
    board = battle.board()
    for i, a in enumerate(targets):
        for b in targets[i + 1:]:
            gap = min(distance(x, y) for x in board.body(a).squares for y in board.body(b).squares)
            if gap > SPREAD_SQUARES:
                raise refuse("TARGETS_TOO_FAR_APART", first=a, second=b)


def scare_aim(battle, who: str, spell: dict, args: dict) -> None:
    """Scare (SRD: "Targets: One living creature per three levels, no two of which can be
    more than 30 ft. apart"): the targets named, within the spell's range and sight, no two
    more than 30 ft apart, each one cause fear could frighten."""
    targets = args.get("targets")
    if not isinstance(targets, list) or not targets or not all(isinstance(t, str) and battle.has(t) for t in targets):
        raise refuse("BAD_ARGUMENT", key="targets")
    most = rules.scare_targets(spellcasting(battle, who).caster_level)
    if len(set(targets)) > most:
        raise refuse("TOO_MANY_TARGETS", count=most)
    for t in sorted(set(targets)):
        in_range(battle, who, spell, target=t)
        refusal = target_kind_refusal(battle, "scare", t)
        if refusal is not None:
            raise Refused(refusal)
    spread_targets(battle, sorted(set(targets)))


def in_range(battle, who: str, spell: dict, target: str | None = None, point: Square | None = None) -> None:
    """Refuse a target or a point beyond the spell's range (after Enlarge Spell) or out of
    sight; a touch reaches what is adjacent."""
    cl = spellcasting(battle, who).caster_level
    reach = rules.range_squares(spell["range"], cl)
    if spell["range"] in ("close", "medium", "long"):
        reach *= metamagic.range_factor(battle.shared.metamagic)
    board = battle.board()
    me = board.body(who)
    if target is not None:
        foe = board.body(target)
        if reach is None:         # touch: adjacent (or sharing the space)
            if min(max(abs(a[0] - b[0]), abs(a[1] - b[1])) for a in me.squares for b in foe.squares) > me.natural_reach:
                raise refuse("OUT_OF_REACH", target=target)
            return
        if min(distance(a, b) for a in me.squares for b in foe.squares) > reach:
            raise refuse("SPELL_OUT_OF_RANGE", range_m=reach * 1.5)
        if target != who and not has_line_of_sight(board, me, foe):
            raise refuse("NO_LINE_OF_SIGHT", target=target)
    if point is not None and reach is not None:
        if min(distance(a, point) for a in me.squares) > reach:
            raise refuse("SPELL_OUT_OF_RANGE", range_m=reach * 1.5)
        if not has_line_of_effect_to_point(board.terrain, me.pos, me.span, (2 * point[0], 2 * point[1])):
            raise refuse("NO_LINE_OF_SIGHT", target=f"{point[0]},{point[1]}")


def dissipate_charge(battle, who: str) -> list:
    """Casting another spell dissipates a touch spell's held charge (SRD, touch spells)."""
    sc = spellcasting(battle, who)
    if sc.held_charge is None:
        return []
    held = sc.held_charge
    drop_charge(sc)
    return [SpellEnded(caster=who, spell=held, reason="dissipated")]


def provoked_or_defensive(battle, who: str, level: int, before: int, defensively: bool, declined):
    """Casting provokes, or is done defensively (Concentration DC 15 + level); damage from a
    readied attack or an attack of opportunity calls for Concentration DC 10 + damage +
    level (French text, "lancer un sort"). Returns (events, lost), lost None if it fell."""
    events: list = []
    hurt = before - battle.comp(who, HitPoints).current
    if hurt > 0:       # a readied attack that hurts the caster disrupts the spell
        ok, ev = concentration_check(battle, who, rules.concentration_dc("damage", level, hurt), "damage")
        return ev, not ok
    if defensively:
        ok, ev = concentration_check(battle, who, rules.concentration_dc("defensive", level), "defensively")
        return ev, not ok
    before = battle.comp(who, HitPoints).current
    ev, fell = take_opportunities(battle, who, threatening_enemies(battle, who), declined)
    events += ev
    if fell:
        return events, None
    hurt = before - battle.comp(who, HitPoints).current
    if hurt > 0:
        ok, ev = concentration_check(battle, who, rules.concentration_dc("damage", level, hurt), "damage")
        return events + ev, not ok
    return events, False


# Casting in a grapple (French text, "lutte": "Un personnage agrippé ou même immobilisé
# (voir ci-dessous) en situation de lutte peut tenter de lancer un sort, à condition qu'il
# s'agisse d'un sort donc le temps d'incantation est de une action, sans composante
# gestuelle et dont le personnage a les composantes matérielles et/ou le focaliseur
# nécessaires en main." then "il doit tout de même réussir un test de Concentration (DD 20
# + niveau du sort)" — the test is ``distractions``'). Casting and reading a scroll ("revient
# à lancer un sort") share these two.

def in_grapple(battle, who: str) -> bool:
    """Grappling or pinned."""
    return bool(battle.read(who, Grapple).holding) or "pinned" in battle.read(who, Conditions).ids


def refuse_gestures_in_grapple(battle, who: str, spell_id: str, components) -> None:
    """"sans composante gestuelle": a somatic component is refused in a grapple."""
    if "S" in components and in_grapple(battle, who):
        raise refuse("SPELL_NEEDS_GESTURES", spell=spell_id)


def refuse_long_casting_in_grapple(battle, who: str, spell_id: str, kind: str) -> None:
    """"dont le temps d'incantation est de une action": ``kind``, the action the casting
    takes, must be a standard one in a grapple."""
    if kind != "standard" and battle.read(who, Grapple).holding:
        raise refuse("SPELL_TOO_LONG_IN_GRAPPLE", spell=spell_id)


def has_free_hand(battle, who: str) -> bool:
    """A somatic component needs a hand free to move (French text, "composante
    gestuelle": not with the hands taken, "comme quand on nage ou quand on est accroché à
    une paroi rocheuse": swimming or clinging to a rock face). A weapon held
    in one hand takes it (a two-handed one can be held in one hand for a moment), so does
    a second weapon, a heavy or tower shield strapped on, or an item held; a light
    shield's or a buckler's hand can still hold things, and so cast."""
    if {"climbing", "swimming"} & battle.read(who, Conditions).ids:
        return False
    hands = battle.comp(who, Hands)
    weapon = data.weapons().get(battle.comp(who, Wielded).weapon_id)
    used = 0 if weapon is None or weapon.use in ("unarmed", "natural") else 1
    used += (hands.off_hand is not None) + (hands.holding is not None)
    shield = battle.spec(who).shield
    strapped = hands.shield_ready and battle.comp(who, Defense).shield_bonus > 0    # not loosened nor broken
    used += shield in ("heavy_wooden_shield", "heavy_steel_shield", "tower_shield") and strapped
    return used < 2


def needs_component_in_hand(battle, who: str, spell: dict, components) -> bool:
    """A material component or a focus must be in hand to cast while grappling or pinned
    (French text, garrote and grapple; SRD Grapple): M, F, and M/F for an arcane caster
    where the spell reads M/DF or F/DF; a divine focus worn does not count."""
    divine = spellcasting(battle, who).caster_class in ("cleric", "druid", "paladin", "ranger")
    for c in components:
        parts = c.split("/")
        if divine and "DF" in parts:
            continue
        if {"M", "F"} & set(parts):
            return True
    return False


def distractions(battle, who: str, components, level: int, ride_on: bool = False) -> tuple[list, bool]:
    """What can spoil a casting besides damage (digest §4.5; French text): Concentration
    while grappling (DC 20 + level) or entangled (15 + level), on a mount moving before and
    after the casting (10 + level; ``ride_on``: the rider's mount rides on after it,
    ``saddle.rider_motion``) or running (15 + level); a deafened caster's verbal spell fails
    on 1-20 of d100. Returns (events, lost)."""
    conds = battle.comp(who, Conditions).ids
    reasons = [r for r, on in (("grapple", bool(battle.comp(who, Grapple).holding)),
                               ("entangled", "entangled" in conds)) if on]
    motion = rider_motion(battle, who, ride_on)
    note_casting_in_saddle(battle, who, motion)
    if motion:
        reasons.append(motion)
    events: list = []
    for reason in reasons:
        ok, ev = concentration_check(battle, who, rules.concentration_dc(reason, level), reason)
        events += ev
        if not ok:
            return events, True
    if "V" in components and "deafened" in conds:
        d100 = battle.dice.roll(100, f"deafened spell failure {who}")
        if d100 <= 20:
            return events, True
    failure = arcane_spell_failure(battle, who)
    if "S" in components and failure:
        d100 = battle.dice.roll(100, f"arcane spell failure {who}")
        if d100 <= failure:
            return events, True
    return events, False


ARCANE = ("wizard", "sorcerer", "bard")


def arcane_spell_failure(battle, who: str) -> int:
    """An arcane caster's chance, in percent, to lose a spell with a somatic component in
    armour: the armour's and the shield's add up; a bard ignores light armour's (data-digest
    §2; Still Spell removes the somatic component, and with it the chance)."""
    cls = spellcasting(battle, who).caster_class
    if cls not in ARCANE:
        return 0
    spec = battle.spec(who)
    armors = data.armor()
    total = 0
    if spec.armor and not (cls == "bard" and armors[spec.armor]["category"] == "light"):
        total += armors[spec.armor]["spell_failure"]
    if spec.shield and not battle.read(who, Hands).shield_dropped:
        total += armors[spec.shield]["spell_failure"]
    return total


# Cause Fear: "one living creature with 5 or fewer HD" (SRD), a mind-affecting fear effect;
# Scare "causes all targeted creatures of less than 6 HD to become frightened": the same.
CAUSE_FEAR_MAX_HD = 5
FEAR_SPELLS = frozenset({"cause_fear", "scare"})


def target_kind_refusal(battle, effect: str, target: str) -> Refusal | None:
    """A target the spell cannot affect, said before any die (the attacks of opportunity
    casting provokes are rolled after this): hold person takes a humanoid (SRD); cause fear
    and scare a living creature of 5 Hit Dice or less ("less than 6 HD"), with a mind (undead, constructs and mindless
    creatures are immune to mind-affecting effects)."""
    values = battle.read(target, Stats).values
    if effect == "hold_person" and values.get("non_humanoid"):
        return Refusal("NOT_HUMANOID", {"target": target})
    if effect in FEAR_SPELLS:
        if values.get("undead") or values.get("construct") or values.get("mindless"):
            return Refusal("IMMUNE_TO_FEAR", {"target": target})
        if values.get("hd", 1) > CAUSE_FEAR_MAX_HD:
            return Refusal("TOO_MANY_HIT_DICE", {"target": target, "most": CAUSE_FEAR_MAX_HD})
    return None


def check_aim(battle, who: str, spell: dict, args: dict) -> None:
    """Refuse an aim the spell cannot take: targets unknown, too many missiles, out of
    range or sight, a touch on a foe, a cone not from the caster's corner."""
    effect = spell["effect"]
    if spell["shape"] == "summon":
        check_summon_aim(battle, who, spell, args)
        return
    if effect == "bless_water":
        # SRD Bless Water, "Target: Flask of water touched": one the caster carries
        if "flask_of_water" not in battle.read(who, Inventory).items:
            raise refuse("NO_FLASK_OF_WATER", spell=spell["name_en"])
        return
    if effect in SPREAD_TARGETS or (effect == "scorching_ray" and "targets" in args):
        targets = args.get("targets") or [who]
        if not isinstance(targets, list) or not all(battle.has(t) for t in targets):
            raise refuse("BAD_ARGUMENT", key="targets")
        if effect in SPREAD_TARGETS and len(set(targets)) > spellcasting(battle, who).caster_level:
            raise refuse("TOO_MANY_TARGETS", count=spellcasting(battle, who).caster_level)
        for t in sorted(set(targets)):
            in_range(battle, who, spell, target=t)
        if effect in SPREAD_TARGETS:
            spread_targets(battle, sorted(set(targets)))
        return
    if effect == "scare":
        scare_aim(battle, who, spell, args)
        return
    if spell["shape"] == "touched":
        if "target" in args:
            target = target_arg(battle, args)
            board = battle.board()
            if target != who and board.body(target).is_enemy_of(board.body(who)):
                raise refuse("TOUCH_FRIENDS_ONLY", target=target)
            if target != who:
                in_range(battle, who, spell, target=target)
        return
    if effect in ("magic_weapon", "shield_of_faith"):
        if "target" in args:
            in_range(battle, who, spell, target=target_arg(battle, args))
        return
    if effect == "missiles":
        targets = args.get("targets")
        if not isinstance(targets, list) or not targets or not all(battle.has(t) for t in targets):
            raise refuse("BAD_ARGUMENT", key="targets")
        if len(targets) > rules.missiles(spellcasting(battle, who).caster_level):
            raise refuse("TOO_MANY_MISSILES", count=rules.missiles(spellcasting(battle, who).caster_level))
        for t in set(targets):
            in_range(battle, who, spell, target=t)
    elif spell["shape"] in ("target", "ray", "effect") and effect not in ("flaming_sphere",):
        if spell["range"] == "touch" and "target" not in args:
            return                   # a touch spell may be held
        target = target_arg(battle, args)
        in_range(battle, who, spell, target=target)
        refusal = target_kind_refusal(battle, effect, target)
        if refusal is not None:
            raise Refused(refusal)
    elif spell["shape"] in ("burst", "spread", "square", "cone") or effect == "flaming_sphere":
        if effect == "bless":
            return
        point = square_arg(args.get("point"), "point")
        if spell["shape"] == "cone":
            me = battle.board().body(who)
            corners = {(x + i, y + j) for x, y in me.squares for i in (0, 1) for j in (0, 1)}
            if point not in corners:
                raise refuse("CONE_FROM_YOUR_CORNER")
            d = args.get("direction")
            if not (isinstance(d, list) and len(d) == 2 and d != [0, 0] and all(v in (-1, 0, 1) for v in d)):
                raise refuse("BAD_ARGUMENT", key="direction")
        else:
            in_range(battle, who, spell, point=point)
