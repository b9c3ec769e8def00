"""The starter spells' effects (data-digest §5): each takes (battle, caster, spell id,
spell, level, args, declined) and returns events; held touch charges and their
discharge; what spells do later (grease saves, spiritual weapon strikes, a flaming
sphere's burns, a held creature's struggle)."""
from __future__ import annotations

from dataclasses import replace

from ... import data
from ...rules import attack as attack_rules, metamagic, spells as rules
from ...rules.attack import AttackSituation
from ...rules.geometry import Square, distance
from ...rules.modifiers import ability_modifier
from ..components import (Abilities, Conditions, Effects, FlamingSphere, HoldPerson, Monster, Offense, SpellEffects,
                          SpiritualWeapon, Stats)
from ..damage import status_of
from ..durations import add_timed_condition, end_timed_condition
from ..events import AttackRolled, ConditionEnded, ConditionStarted
from ..racial import against_spell, immune_to_magic_sleep
from ..saving import roll_save
from ..state import Overlay
from ..turns import BLOCKED_TURN
from . import spell_sources as sources, spellwork, summoning, warding
from .spell_basics import (CURE_DICE, METAL_ARMOR, acting_as, as_held, casting_modifier, creatures_in, drop_charge,
                           heal, hold_charge, lasting, note_caught, spell_damage, spell_level, spell_roll,
                           spell_touch_attack, spellcasting)
from .web_fire import burn_webs, burns_space


# --- the spells' effects -------------------------------------------------------------

def _missiles(battle, who, spell_id, spell, level, args, declined) -> list:
    events = []
    for t in args["targets"]:
        amount, faces = spell_roll(battle, 1, 4, "magic missile", plus=1)
        events += spell_damage(battle, t, amount, who, faces)
    return events


def _shocking_grasp(battle, who, spell_id, spell, level, args, declined) -> list:
    return _touch_or_hold(battle, who, spell_id, spell, level, args, declined)


def _missed(events: list) -> bool:
    """The touch attack was rolled and missed: the charge is still held (French text,
    "sorts de contact": "il peut retenir la charge indéfiniment. Il peut tenter une
    nouvelle attaque de contact chaque round")."""
    return any(isinstance(e, AttackRolled) and not e.hit for e in events)


def discharge(battle, who: str, spell_id: str, target: str, touched: bool = False) -> list:
    """A held charge's touch: a melee touch attack that does not provoke; ``touched``: an
    unarmed attack already hit, and the charge goes off with it. It keeps the metamagic,
    caster level and ability it was cast with (a wand's, a spell-like ability's). A touch
    that misses keeps the charge for another try (``_missed``)."""
    sc = spellcasting(battle, who)
    feats, caster = sc.held_metamagic, as_held(battle, who)
    kept = (sc.held_charge, sc.held_metamagic, sc.held_as, sc.held_level)
    level = sc.held_level or spell_level(battle, who, data.spells()[spell_id])
    if spell_id != "hide_from_undead":
        drop_charge(sc)
        caster = replace(caster, held_charge=None, held_metamagic=(), held_touches=0, held_as=None,
                         held_touch_round=None)
    with sources.applied(battle, feats), acting_as(battle, who, caster):
        events = _discharge(battle, who, spell_id, target, touched, level)
    if spell_id != "hide_from_undead" and not touched and _missed(events):
        sc = spellcasting(battle, who)
        sc.held_charge, sc.held_metamagic, sc.held_as, sc.held_level = kept
    return events


def _discharge(battle, who: str, spell_id: str, target: str, touched: bool, level: int) -> list:
    spell = data.spells()[spell_id]
    cl = spellcasting(battle, who).caster_level
    if spell["effect"] == "hide_from_undead":      # a touch spell goes off on whatever it touches
        return warding.touch_friends(battle, who, [target])
    if spell["effect"] == "cure" and not battle.comp(target, Stats).values.get("undead"):
        amount, faces = spell_roll(battle, *CURE_DICE[spell_id][:2], "cure", plus=min(cl, CURE_DICE[spell_id][2]))
        return heal(battle, target, amount)
    if spell["effect"] == "inflict" and battle.comp(target, Stats).values.get("undead"):
        amount, faces = spell_roll(battle, *CURE_DICE[spell_id][:2], "inflict", plus=min(cl, CURE_DICE[spell_id][2]))
        return heal(battle, target, amount)
    spec = next((c for c in battle.scenario.creatures if c.id == target), None)
    metal = 3 if spell_id == "shocking_grasp" and spec is not None and spec.armor in METAL_ARMOR else 0
    if touched:
        hit, crit, events = True, False, []
    else:
        hit, crit, events = spell_touch_attack(battle, who, target, ranged=False, bonus_extra=metal)
    if not hit:
        return events
    times = 2 if crit else 1
    if spell["effect"] == "damage_per_level":
        total = 0
        faces: tuple = ()
        for _ in range(times):
            amount, f = spell_roll(battle, min(cl, 5), 6, "shocking grasp")
            total += amount
            faces += f
        return events + spell_damage(battle, target, total, who, faces)
    # cure against undead, inflict against the living: 1d8 + level (max +5), Will half
    amount, faces = spell_roll(battle, *CURE_DICE[spell_id][:2], spell_id, plus=min(cl, CURE_DICE[spell_id][2]))
    amount *= times
    ok, ev = roll_save(battle, target, "will", rules.save_dc(level, casting_modifier(battle, who)),
                       against=against_spell(spell_id))
    events += ev
    if ok:
        amount //= 2
    return events + spell_damage(battle, target, max(1, amount), who, faces)


def _touch_or_hold(battle, who, spell_id, spell, level, args, declined) -> list:
    """A touch spell cast: its touch at once on ``target``, else the charge is held; a
    touch at once that misses leaves the charge held too (``_missed``), its casting's
    touch spent."""
    if "target" not in args:
        return hold_charge(battle, who, spell_id, level)
    events = _discharge(battle, who, spell_id, args["target"], touched=False, level=level)
    if _missed(events):
        events += hold_charge(battle, who, spell_id, level)
        spellcasting(battle, who).held_touch_round = None
    return events


def _ray(battle, who, spell_id, spell, level, args, declined) -> list:
    target = args["target"]
    hit, crit, events = spell_touch_attack(battle, who, target, ranged=True)
    if not hit:
        return events
    amount, faces = spell_roll(battle, 1, 3, "ray of frost")
    if crit:
        more, f2 = spell_roll(battle, 1, 3, "ray of frost")
        amount, faces = amount + more, faces + f2
    return events + spell_damage(battle, target, amount, who, faces)


def _burning_hands(battle, who, spell_id, spell, level, args, declined) -> list:
    cl = spellcasting(battle, who).caster_level
    reach = metamagic.radius_squares(spell, battle.shared.metamagic)
    area = rules.cone_squares(tuple(args["point"]), tuple(args["direction"]), reach)
    dc = rules.save_dc(level, casting_modifier(battle, who))
    caught = creatures_in(battle, area, exclude=who)
    note_caught(battle, who, spell_id, caught, "ref", dc, (min(cl, 5), 4, 0), half_on_save=True)
    amount, faces = spell_roll(battle, min(cl, 5), 4, "burning hands")
    events: list = []
    for cid in caught:
        ok, ev = roll_save(battle, cid, "ref", dc, against=against_spell(spell_id))
        events += ev + spell_damage(battle, cid, amount, who, faces, "fire", halved="save" if ok else None)
    return events + burn_webs(battle, area, who)


def _sleep(battle, who, spell_id, spell, level, args, declined) -> list:
    point = tuple(args["point"])
    area = rules.burst_squares(point, metamagic.radius_squares(spell, battle.shared.metamagic))
    cands = []
    for cid in creatures_in(battle, area):
        values = battle.comp(cid, Stats).values
        conds = battle.comp(cid, Conditions).ids
        if values.get("undead") or values.get("construct") or {"unconscious", "asleep"} & conds \
                or immune_to_magic_sleep(battle, cid):       # an elf, an elemental (``racial``)
            continue
        d = min(distance(sq, point) for sq in battle.board().body(cid).squares)
        cands.append((cid, max(1, values.get("hd", 1)), d))
    dc = rules.save_dc(level, casting_modifier(battle, who))
    cl = spellcasting(battle, who).caster_level
    events: list = []
    note_caught(battle, who, spell_id, rules.sleep_targets(cands), "will", dc)
    for cid in rules.sleep_targets(cands):
        ok, ev = roll_save(battle, cid, "will", dc, against=against_spell(spell_id))
        events += ev
        if not ok:
            add_timed_condition(battle, cid, "asleep", lasting(battle, 10 * cl))
            battle.comp(cid, Conditions).ids.add("prone")
    battle.changed()
    return events


def _grease(battle, who, spell_id, spell, level, args, declined) -> list:
    cl = spellcasting(battle, who).caster_level
    area = rules.square_area(tuple(args["point"]), metamagic.radius_squares(spell, battle.shared.metamagic))
    overlay = Overlay("grease", who, tuple(sorted(area)), battle.round + lasting(battle, cl),
                      rules.save_dc(level, casting_modifier(battle, who)))
    battle.shared.overlays[("grease", who)] = overlay
    battle.changed()
    note_caught(battle, who, spell_id, [c for c in creatures_in(battle, area) if "prone" not in battle.read(c, Conditions).ids],
                "ref", overlay.dc)
    return grease_saves(battle, overlay)


def grease_saves(battle, overlay: Overlay) -> list:
    """Everyone in the grease saves (Reflex) or falls prone: when cast and at each of the
    caster's turns."""
    events: list = []
    for cid in creatures_in(battle, set(overlay.squares)):
        if "prone" in battle.read(cid, Conditions).ids:
            continue
        ok, ev = roll_save(battle, cid, "ref", overlay.dc, against=against_spell("grease"))
        events += ev
        if not ok:
            battle.comp(cid, Conditions).ids.add("prone")
            battle.changed()
    return events


def _web(battle, who, spell_id, spell, level, args, declined) -> list:
    area = rules.burst_squares(tuple(args["point"]), metamagic.radius_squares(spell, battle.shared.metamagic))
    dc = rules.save_dc(level, casting_modifier(battle, who))
    battle.shared.overlays[("web", who)] = Overlay("web", who, tuple(sorted(area)), 10 ** 6, dc)
    events: list = []
    note_caught(battle, who, spell_id, creatures_in(battle, area), "ref", dc)   # entangled; a failed save: stuck
    for cid in creatures_in(battle, area):
        ok, ev = roll_save(battle, cid, "ref", dc, against=against_spell(spell_id))
        events += ev
        conds = battle.comp(cid, Conditions).ids
        conds.add("entangled")
        if not ok:
            conds.add("glued")
    battle.changed()
    return events


def _bless(battle, who, spell_id, spell, level, args, declined) -> list:
    cl = spellcasting(battle, who).caster_level
    board = battle.board()
    me = board.body(who)
    radius = metamagic.radius_squares(spell, battle.shared.metamagic)
    blessed = [b.id for b in [me, *board.allies_of(me)]
               if min(distance(a, c) for a in me.squares for c in b.squares) <= radius]
    note_caught(battle, who, spell_id, blessed)
    for cid in blessed:
        add_timed_condition(battle, cid, "blessed", lasting(battle, 10 * cl))
    return []


def _hold_person(battle, who, spell_id, spell, level, args, declined) -> list:
    target = args["target"]
    dc = rules.save_dc(level, casting_modifier(battle, who))
    ok, events = roll_save(battle, target, "will", dc, against=against_spell(spell_id))
    if not ok:
        add_timed_condition(battle, target, "paralyzed", lasting(battle, spellcasting(battle, who).caster_level))
        battle.comp(target, SpellEffects).held = HoldPerson(dc)
        battle.changed()
    return events


def _cause_fear(battle, who, spell_id, spell, level, args, declined) -> list:
    """Cause Fear (SRD; "Frayeur"): one living creature of 5 Hit Dice or less, judged before
    any die (``spell_checks.target_kind_refusal``). Will partial: failed, it is frightened
    for 1d4 rounds and flees the caster (``fear``: French text, "les créatures effrayées
    fuient"); saved, it is shaken for 1 round."""
    target = args["target"]
    return _frighten(battle, who, target, rules.save_dc(level, casting_modifier(battle, who)),
                     lambda: battle.dice.roll(4, f"cause fear rounds {target}"), spell_id)


def _scare(battle, who, spell_id, spell, level, args, declined) -> list:
    """Scare (SRD: "This spell functions like cause fear, except that it causes all
    targeted creatures of less than 6 HD to become frightened"; duration "1 round/level or
    1 round"; French name "Effroi"): each target, judged before any die
    (``spell_checks.scare_aim``), saves on Will: failed, frightened for 1 round a level,
    fleeing the caster; saved, shaken for 1 round."""
    cl = spellcasting(battle, who).caster_level
    dc = rules.save_dc(level, casting_modifier(battle, who))
    events: list = []
    for target in dict.fromkeys(args["targets"]):
        events += _frighten(battle, who, target, dc, lambda: cl, spell_id)
    return events


def _frighten(battle, who: str, target: str, dc: int, rounds, spell_id: str) -> list:
    """A fear spell on one creature: Will partial — saved, shaken for 1 round; failed,
    frightened for ``rounds()`` rounds, afraid of the caster (``fear``)."""
    ok, events = roll_save(battle, target, "will", dc, against=against_spell(spell_id))
    if ok:
        add_timed_condition(battle, target, "shaken", lasting(battle, 1))
        return events + [ConditionStarted(who=target, condition="shaken")]
    add_timed_condition(battle, target, "frightened", lasting(battle, rounds()))
    battle.comp(target, Monster).afraid_of = who
    return events + [ConditionStarted(who=target, condition="frightened")]


def _spiritual_weapon(battle, who, spell_id, spell, level, args, declined) -> list:
    cl = spellcasting(battle, who).caster_level
    battle.comp(who, SpellEffects).spiritual = SpiritualWeapon(args["target"], battle.round + lasting(battle, cl),
                                                               tuple(battle.shared.metamagic))
    return spiritual_attack(battle, who)


def spiritual_attack(battle, who: str) -> list:
    """The force weapon strikes its foe: the caster's BAB + Wis, 1d8 + 1 per 3 levels."""
    effect = battle.read(who, SpellEffects).spiritual
    if effect is None or status_of(battle, effect.target) == "dead":
        return []
    target = effect.target
    cl = spellcasting(battle, who).caster_level
    bonus = battle.comp(who, Offense).bab + ability_modifier(battle.comp(who, Abilities).scores["wis"])
    ac = attack_rules.armor_class(battle.fighter(target), AttackSituation()).value
    d20 = battle.dice.roll(20, f"spiritual weapon {who}")
    out = attack_rules.judge_attack(d20, bonus, ac, 20)
    events: list = [AttackRolled(attacker=f"spiritual_weapon:{who}", target=target, d20=d20, bonus=bonus,
                                 total=d20 + bonus, ac=ac, hit=out.hit, threat=out.threat,
                                 bonus_breakdown=((bonus, "untyped", "bab_and_wis"),), ac_breakdown=(), kind="melee")]
    if out.hit:
        with sources.applied(battle, effect.metamagic):
            amount, faces = spell_roll(battle, 1, 8, "spiritual weapon", plus=min(cl // 3, 5))
        events += spell_damage(battle, target, amount, who, faces)
    return events


def _flaming_sphere(battle, who, spell_id, spell, level, args, declined) -> list:
    cl = spellcasting(battle, who).caster_level
    at = tuple(args["point"])
    battle.comp(who, SpellEffects).sphere = FlamingSphere(at, battle.round + lasting(battle, cl),
                                                          rules.save_dc(level, casting_modifier(battle, who)),
                                                          tuple(battle.shared.metamagic))
    return sphere_burns(battle, who, at)


def sphere_burns(battle, who: str, at: Square) -> list:
    """A flaming sphere burns whoever is in its square: Reflex or 2d6 fire."""
    effect = battle.read(who, SpellEffects).sphere
    events: list = []
    for cid in creatures_in(battle, {at}):
        ok, ev = roll_save(battle, cid, "ref", effect.dc, against=against_spell("flaming_sphere"))
        events += ev
        if not ok:
            with sources.applied(battle, effect.metamagic):
                amount, faces = spell_roll(battle, 2, 6, "flaming sphere")
            events += spell_damage(battle, cid, amount, who, faces, "fire")
    return events + burn_webs(battle, {at}, who)


def _color_spray(battle, who, spell_id, spell, level, args, declined) -> list:
    reach = metamagic.radius_squares(spell, battle.shared.metamagic)
    area = rules.cone_squares(tuple(args["point"]), tuple(args["direction"]), reach)
    dc = rules.save_dc(level, casting_modifier(battle, who))
    events: list = []
    note_caught(battle, who, spell_id, [c for c in creatures_in(battle, area, exclude=who)
                                        if "blinded" not in battle.read(c, Conditions).ids], "will", dc)
    for cid in creatures_in(battle, area, exclude=who):
        if "blinded" in battle.read(cid, Conditions).ids:
            continue                         # sightless creatures are not affected
        ok, ev = roll_save(battle, cid, "will", dc, against=against_spell(spell_id))
        events += ev
        if ok:
            continue
        hd = max(1, battle.comp(cid, Stats).values.get("hd", 1))
        if hd <= 2 and not battle.comp(cid, Stats).values.get("undead"):
            rounds, _f = spell_roll(battle, 2, 4, "color spray")
            add_timed_condition(battle, cid, "unconscious", rounds)
            add_timed_condition(battle, cid, "helpless", rounds)
        elif hd <= 4:
            rounds, _f = spell_roll(battle, 1, 4, "color spray")
            add_timed_condition(battle, cid, "blinded", rounds)
            add_timed_condition(battle, cid, "stunned", rounds)
        else:
            add_timed_condition(battle, cid, "stunned", 1)
    return events


def _on_touched(condition: str):
    def effect(battle, who, spell_id, spell, level, args, declined) -> list:
        target = args.get("target", who)
        add_timed_condition(battle, target, condition, lasting(battle, 10 * spellcasting(battle, who).caster_level))
        return []
    return effect


def _scorching_ray(battle, who, spell_id, spell, level, args, declined) -> list:
    cl = spellcasting(battle, who).caster_level
    rays = min(3, 1 + max(0, cl - 3) // 4)
    targets = args.get("targets") or [args["target"]] * rays
    events: list = []
    for target in targets[:rays]:
        hit, crit, ev = spell_touch_attack(battle, who, target, ranged=True)
        events += ev
        if hit:
            amount, faces = spell_roll(battle, 8 if crit else 4, 6, "scorching ray")
            events += spell_damage(battle, target, amount, who, faces, "fire") + burns_space(battle, target, who)
    return events


def _fireball(battle, who, spell_id, spell, level, args, declined) -> list:
    cl = spellcasting(battle, who).caster_level
    area = rules.burst_squares(tuple(args["point"]), metamagic.radius_squares(spell, battle.shared.metamagic))
    dc = rules.save_dc(level, casting_modifier(battle, who))
    caught = creatures_in(battle, area)
    note_caught(battle, who, spell_id, caught, "ref", dc, (min(cl, 10), 6, 0), half_on_save=True)
    amount, faces = spell_roll(battle, min(cl, 10), 6, "fireball")
    events: list = []
    for cid in caught:
        ok, ev = roll_save(battle, cid, "ref", dc, against=against_spell(spell_id))
        events += ev + spell_damage(battle, cid, amount, who, faces, "fire", halved="save" if ok else None)
    return events + burn_webs(battle, area, who)


def _haste(battle, who, spell_id, spell, level, args, declined) -> list:
    """Haste on each target (data-digest §5); on a slowed one it ends the slow instead
    (haste "counters and dispels slow"; our ruling: the two cancel, README "Rulings")."""
    cl = spellcasting(battle, who).caster_level
    events: list = []
    for cid in dict.fromkeys(args.get("targets", [who])):
        events += _hasten_or_slow(battle, cid, "hasted", "slowed", lasting(battle, cl))
    return events


def _slow(battle, who, spell_id, spell, level, args, declined) -> list:
    """Slow (data-digest §5; French text, "Activité restreinte": « victime d'un sort de
    lenteur »): each target that fails a Will save is slowed for 1 round a level — one move
    or one standard action a turn, -1 on attacks, AC and Reflex, half speed; on a hasted
    one it ends the haste instead."""
    cl = spellcasting(battle, who).caster_level
    dc = rules.save_dc(level, casting_modifier(battle, who))
    events: list = []
    for cid in dict.fromkeys(args.get("targets", [])):
        ok, ev = roll_save(battle, cid, "will", dc, against=against_spell(spell_id))
        events += ev
        if not ok:
            events += _hasten_or_slow(battle, cid, "slowed", "hasted", lasting(battle, cl))
    return events


def _hasten_or_slow(battle, cid: str, condition: str, opposite: str, rounds: int) -> list:
    conds = battle.comp(cid, Conditions).ids
    if opposite in conds:
        end_timed_condition(battle, cid, opposite)
        return [ConditionEnded(who=cid, condition=opposite)]
    add_timed_condition(battle, cid, condition, rounds)
    return [ConditionStarted(who=cid, condition=condition)]


# The effects that name, in a preview, whom they catch (``spell_basics.note_caught``).
NAMES_CAUGHT = frozenset({"color_spray", "fireball", "area_damage_per_level", "sleep", "grease", "bless", "web",
                          "calm_emotions"})
EFFECTS = {"color_spray": _color_spray, "magic_weapon": _on_touched("magic_weapon"),
           "shield_of_faith": _on_touched("shield_of_faith"), "scorching_ray": _scorching_ray,
           "fireball": _fireball, "haste": _haste, "slow": _slow,
           "missiles": _missiles, "damage_per_level": _shocking_grasp, "damage": _ray,
           "area_damage_per_level": _burning_hands, "sleep": _sleep, "grease": _grease, "cure": _touch_or_hold,
           "inflict": _touch_or_hold, "bless": _bless, "spiritual_weapon": _spiritual_weapon,
           "flaming_sphere": _flaming_sphere, "hold_person": _hold_person, "web": _web, "cause_fear": _cause_fear,
           "scare": _scare, "calm_emotions": spellwork.calm_emotions, "hide_from_undead": warding.hide_from_undead,
           "summon": summoning.summon, "bless_water": spellwork.bless_water}


@BLOCKED_TURN.register(10)
def held_struggles(battle, cid: str, blocked: list[str]) -> list:
    """A creature paralysed by hold person spends its turn on a new save."""
    if "paralyzed" in blocked and battle.read(cid, SpellEffects).held:
        return hold_person_struggle(battle, cid)
    return []


def hold_person_struggle(battle, cid: str) -> list:
    """A held creature spends its turn on a new Will save (a full-round action)."""
    effect = battle.read(cid, SpellEffects).held
    if effect is None or "paralyzed" not in battle.read(cid, Conditions).ids:
        if effect is not None:
            battle.comp(cid, SpellEffects).held = None
        return []
    ok, events = roll_save(battle, cid, "will", effect.dc, against=against_spell("hold_person"))
    if ok:
        battle.comp(cid, Conditions).ids.discard("paralyzed")
        eff = battle.comp(cid, Effects)
        eff.timed = [e for e in eff.timed if e.condition != "paralyzed"]
        battle.comp(cid, SpellEffects).held = None
        battle.changed()
    return events
