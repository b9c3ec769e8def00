"""Casting spells (French text "lancer un sort"; digest §4.5): components (V needs a voice,
deafness fails 20%; S a free hand, none while grappling), casting provokes unless cast
defensively (Concentration DC 15 + level), damage taken meanwhile calls for
Concentration (10 + damage + level), grappling 20 + level, entangled 15 + level; touch
spells touch at once or hold the charge (the touch does not provoke); spells of 1 round
take effect just before the caster's next turn, no threatened squares meanwhile;
directing a spell is a move action; metamagic, arcane spell failure, a component in hand
in a grapple. The effects are in spell_effects.py, items in magic_items.py."""
from __future__ import annotations

from ... import data
from ...rules import metamagic, spells as rules
from ...rules.geometry import Square, distance
from ...rules.sight import has_line_of_effect_to_point, has_line_of_sight
from ..attacks import take_opportunities, threatening_enemies
from ..components import Conditions, Grapple, HitPoints, SpellEffects, Spellcasting
from ..damage import AFTER_DAMAGE
from ..saddle import rider_motion
from ..turns import AT_TURN_START, TURN_PASSED
from . import spell_sources as sources, spellwork, warding
from .common import Refused, refuse, spend, square_arg, target_arg
from .spell_basics import SpellCast, _concentration, _creatures_in, _sc, spell_level
from .spell_effects import EFFECTS, _sphere_burns, discharge, grease_saves, spiritual_attack


def _in_range(battle, who: str, spell: dict, target: str | None = None, point: Square | None = None) -> None:
    cl = _sc(battle, who).caster_level
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


def do_cast(battle, who, args, declined) -> list:
    spell_id = args.get("spell")
    spell = data.spells().get(spell_id) if isinstance(spell_id, str) else None
    if spell is None:
        raise refuse("SPELL_NOT_READY", spell=str(spell_id))
    feats = sources.metamagic_of(battle, who, args, spell)
    source = sources.source_of(battle, who, spell_id, spell, feats, args)
    with sources.applied(battle, feats):
        return _cast(battle, who, spell_id, spell, feats, source, args, declined)


def _cast(battle, who, spell_id, spell, feats, source, args, declined) -> list:
    sc = _sc(battle, who)
    level = source.level
    conds = battle.comp(who, Conditions).ids
    grappling = bool(battle.comp(who, Grapple).holding)
    components = metamagic.components(spell["components"], feats)
    if "V" in components and ({"silenced", "gagged"} & conds):
        raise refuse("SPELL_NEEDS_VOICE", spell=spell_id)
    if "S" in components and (grappling or "pinned" in conds):
        raise refuse("SPELL_NEEDS_GESTURES", spell=spell_id)
    if "S" in components and not has_free_hand(battle, who):
        raise refuse("SPELL_NEEDS_A_FREE_HAND", spell=spell_id)
    if (grappling or "pinned" in conds) and needs_component_in_hand(battle, who, spell, components) \
            and sc.component_in_hand != spell_id:
        raise refuse("COMPONENT_NOT_IN_HAND", spell=spell_id)
    if "quicken_spell" in feats:
        return _cast_quickened(battle, who, spell_id, spell, components, source, args, declined)
    if spell["casting_time"] == "standard":
        kind = "full_round" if source.spontaneous else "standard"
    else:
        kind = "full_round"
    if grappling and kind != "standard":
        raise refuse("SPELL_TOO_LONG_IN_GRAPPLE", spell=spell_id)
    _check_aim(battle, who, spell, args)
    events = spend(battle, who, kind, "cast")
    source.pay()
    events += dissipate_charge(battle, who)
    _use_component(battle, who, spell_id, spell)
    from .timing import readied_on_attack
    before = battle.comp(who, HitPoints).current
    ev, fell = readied_on_attack(battle, who, declined, trigger="casts")
    events += ev
    if fell:
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
    ev, lost = _provoked_or_defensive(battle, who, level, before, bool(args.get("defensively")), declined)
    events += ev
    if lost is None:             # fell to an attack of opportunity
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
    if not lost:
        ev, lost = _distractions(battle, who, components, level)
        events += ev
    if lost:
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
    if spell["casting_time"] == "full_round":
        sc.pending = {"spell": spell_id, "args": _plain(args), "round": battle.round, "metamagic": list(feats),
                      "level": level,
                      "extra": 1 if source.spontaneous else 0}
        conds.add("casting")          # no threatened squares while casting
        battle.changed()
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="pending")]
    return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="cast")] + \
        EFFECTS[spell["effect"]](battle, who, spell_id, spell, level, args, declined)


@AFTER_DAMAGE.register(10)
def disturbed_casting(battle, cid: str, amount: int) -> list:
    """Damage while casting a spell of 1 round: Concentration DC 10 + damage + level, or
    the spell is lost (digest §4.5)."""
    sc = battle.comp(cid, Spellcasting)
    if not sc.pending or amount <= 0:
        return []
    spell = data.spells()[sc.pending["spell"]]
    level = sc.pending.get("level") or spell_level(battle, cid, spell)
    ok, events = _concentration(battle, cid, rules.concentration_dc("damage", level, amount), "damage")
    if not ok:
        events.append(SpellCast(caster=cid, spell=sc.pending["spell"], level=level, outcome="lost"))
        sc.pending = None
        battle.comp(cid, Conditions).ids.discard("casting")
        battle.changed()
    return events


def dissipate_charge(battle, who: str) -> list:
    """Casting another spell dissipates a touch spell's held charge (SRD, touch spells)."""
    from .spell_basics import drop_charge
    from .spellwork import SpellEnded
    sc = _sc(battle, who)
    if sc.held_charge is None:
        return []
    held = sc.held_charge
    drop_charge(sc)
    return [SpellEnded(caster=who, spell=held, reason="dissipated")]


def _provoked_or_defensive(battle, who: str, level: int, before: int, defensively: bool, declined):
    """Casting provokes, or is done defensively (Concentration DC 15 + level); damage from a
    readied attack or an attack of opportunity calls for Concentration DC 10 + damage +
    level (French text, "lancer un sort"). Returns (events, lost), lost None if it fell."""
    events: list = []
    hurt = before - battle.comp(who, HitPoints).current
    if hurt > 0:       # a readied attack that hurts the caster disrupts the spell
        ok, ev = _concentration(battle, who, rules.concentration_dc("damage", level, hurt), "damage")
        return ev, not ok
    if defensively:
        ok, ev = _concentration(battle, who, rules.concentration_dc("defensive", level), "defensively")
        return ev, not ok
    before = battle.comp(who, HitPoints).current
    ev, fell = take_opportunities(battle, who, threatening_enemies(battle, who), declined)
    events += ev
    if fell:
        return events, None
    hurt = before - battle.comp(who, HitPoints).current
    if hurt > 0:
        ok, ev = _concentration(battle, who, rules.concentration_dc("damage", level, hurt), "damage")
        return events + ev, not ok
    return events, False


def has_free_hand(battle, who: str) -> bool:
    """A somatic component needs a hand free to move (French text, "composante
    gestuelle": not with the hands taken, as when clinging to a rock face). A weapon held
    in one hand takes it (a two-handed one can be held in one hand for a moment), so does
    a second weapon, a heavy or tower shield strapped on, or an item held; a light
    shield's or a buckler's hand can still hold things, and so cast."""
    from ..components import Hands, Wielded
    if "climbing" in battle.comp(who, Conditions).ids:
        return False
    hands = battle.comp(who, Hands)
    weapon = data.weapons().get(battle.comp(who, Wielded).weapon_id)
    used = 0 if weapon is None or weapon.use in ("unarmed", "natural") else 1
    used += (hands.off_hand is not None) + (hands.holding is not None)
    shield = battle.spec(who).shield
    from ..components import Defense
    strapped = hands.shield_ready and battle.comp(who, Defense).shield_bonus > 0    # not loosened nor broken
    used += shield in ("heavy_wooden_shield", "heavy_steel_shield", "tower_shield") and strapped
    return used < 2


def needs_component_in_hand(battle, who: str, spell: dict, components) -> bool:
    """A material component or a focus must be in hand to cast while grappling or pinned
    (French text, garrote and grapple; SRD Grapple): M, F, and M/F for an arcane caster
    where the spell reads M/DF or F/DF; a divine focus worn does not count."""
    divine = _sc(battle, who).caster_class in ("cleric", "druid", "paladin", "ranger")
    for c in components:
        parts = c.split("/")
        if divine and "DF" in parts:
            continue
        if {"M", "F"} & set(parts):
            return True
    return False


def _use_component(battle, who: str, spell_id: str, spell: dict) -> None:
    """A material component in hand is used up by the casting; a focus stays in hand."""
    sc = _sc(battle, who)
    if sc.component_in_hand == spell_id and not any("F" in c.split("/") for c in spell["components"]):
        sc.component_in_hand = None


def _cast_quickened(battle, who, spell_id, spell, components, source, args, declined) -> list:
    """A quickened spell (Quicken Spell, prepared so): a free action that does not provoke,
    one a round (counted on the swift action); no spell of 1 round (SRD feat)."""
    if spell["casting_time"] != "standard":
        raise refuse("CANNOT_QUICKEN", spell=spell_id)
    _check_aim(battle, who, spell, args)
    events = spend(battle, who, "swift", "cast_quickened")
    source.pay()
    events += dissipate_charge(battle, who)
    _use_component(battle, who, spell_id, spell)
    level = source.level
    ev, lost = _distractions(battle, who, components, level)
    events += ev
    if lost:
        return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="lost")]
    return events + [SpellCast(caster=who, spell=spell_id, level=level, outcome="cast")] + \
        EFFECTS[spell["effect"]](battle, who, spell_id, spell, level, args, declined)


def _distractions(battle, who: str, components, level: int) -> tuple[list, bool]:
    """What can spoil a casting besides damage (digest §4.5; French text): Concentration
    while grappling (DC 20 + level) or entangled (15 + level), on a mount moving before and
    after the casting (10 + level) or running (15 + level); a deafened caster's verbal
    spell fails on 1-20 of d100. Returns (events, lost)."""
    conds = battle.comp(who, Conditions).ids
    reasons = [r for r, on in (("grapple", bool(battle.comp(who, Grapple).holding)),
                               ("entangled", "entangled" in conds)) if on]
    motion = rider_motion(battle, who)
    if motion:
        reasons.append(motion)
    events: list = []
    for reason in reasons:
        ok, ev = _concentration(battle, who, rules.concentration_dc(reason, level), reason)
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
    cls = _sc(battle, who).caster_class
    if cls not in ARCANE:
        return 0
    spec = battle.spec(who)
    armors = data.armor()
    total = 0
    if spec.armor and not (cls == "bard" and armors[spec.armor]["category"] == "light"):
        total += armors[spec.armor]["spell_failure"]
    if spec.shield:
        total += armors[spec.shield]["spell_failure"]
    return total


def _plain(args: dict) -> dict:
    return {k: v for k, v in args.items() if k in ("target", "targets", "point", "direction", "ally")}


def _check_aim(battle, who: str, spell: dict, args: dict) -> None:
    effect = spell["effect"]
    if effect in ("haste",) or (effect == "scorching_ray" and "targets" in args):
        targets = args.get("targets") or [who]
        if not isinstance(targets, list) or not all(battle.has(t) for t in targets):
            raise refuse("BAD_ARGUMENT", key="targets")
        for t in set(targets):
            _in_range(battle, who, spell, target=t)
        return
    if spell["shape"] == "touched":
        if "target" in args:
            target = target_arg(battle, args)
            board = battle.board()
            if target != who and board.body(target).is_enemy_of(board.body(who)):
                raise refuse("TOUCH_FRIENDS_ONLY", target=target)
            if target != who:
                _in_range(battle, who, spell, target=target)
        return
    if effect in ("magic_weapon", "shield_of_faith"):
        if "target" in args:
            _in_range(battle, who, spell, target=target_arg(battle, args))
        return
    if effect == "missiles":
        targets = args.get("targets")
        if not isinstance(targets, list) or not targets or not all(battle.has(t) for t in targets):
            raise refuse("BAD_ARGUMENT", key="targets")
        if len(targets) > rules.missiles(_sc(battle, who).caster_level):
            raise refuse("TOO_MANY_MISSILES", count=rules.missiles(_sc(battle, who).caster_level))
        for t in set(targets):
            _in_range(battle, who, spell, target=t)
    elif spell["shape"] in ("target", "ray", "effect") and effect not in ("flaming_sphere",):
        if spell["range"] == "touch" and "target" not in args:
            return                   # a touch spell may be held
        _in_range(battle, who, spell, target=target_arg(battle, args))
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
            _in_range(battle, who, spell, point=point)


def do_direct_spell(battle, who, args, declined) -> list:
    """Move action: point a spiritual weapon at another foe, or roll a flaming sphere up to
    9 m; it stops in the first creature's square it enters and burns it."""
    events = spend(battle, who, "move", "direct_spell")
    if battle.read(who, SpellEffects).spiritual and "target" in args:
        battle.comp(who, SpellEffects).spiritual.target = target_arg(battle, args)
        return events
    if battle.read(who, SpellEffects).sphere is None or "squares" not in args:
        raise refuse("NOTHING_TO_DIRECT")
    sphere = battle.comp(who, SpellEffects).sphere
    path = [square_arg(s, "squares") for s in args["squares"]]
    if len(path) > 6:
        raise refuse("TOO_FAR", square=list(path[-1]), limit=6)
    for sq in path:
        if not battle.board().terrain.is_enterable(sq):
            raise refuse("BLOCKED_SQUARE", square=list(sq))
        sphere.at = sq
        if _creatures_in(battle, {sq}):
            return events + _sphere_burns(battle, who, sq)
    return events


def do_touch(battle, who, args, declined) -> list:
    """Deliver a held touch spell: a free action on the turn it is cast, a standard action
    after (the touch never provokes)."""
    held = _sc(battle, who).held_charge
    if held is None:
        raise refuse("NO_CHARGE_HELD")
    if _sc(battle, who).held_touches > 0:
        return warding.do_touch_several(battle, who, args)
    target = target_arg(battle, args)
    _in_range(battle, who, data.spells()[held], target=target)
    return spend(battle, who, "standard", "touch") + discharge(battle, who, held, target)


@TURN_PASSED.register(10)
def turn_passed(battle, cid: str) -> list:
    """A caster whose turn passes without acting (stunned, dazed, cowering, paralysed,
    asleep, unconscious, dying) cannot concentrate: a spell kept up ends and a spell of one
    round being cast is lost; its spells' durations still run out."""
    events: list = warding.expire(battle, cid)
    sc = _sc(battle, cid)
    if sc.maintained:
        events += spellwork.end_maintained(battle, cid, "caster_down")
    if sc.pending:
        spell = data.spells()[sc.pending["spell"]]
        level = sc.pending.get("level") or spell_level(battle, cid, spell)
        events.append(SpellCast(caster=cid, spell=sc.pending["spell"], level=level, outcome="lost"))
        sc.pending = None
        battle.comp(cid, Conditions).ids.discard("casting")
    _expire_conjured(battle, cid)
    overlays = battle.shared.overlays
    for key, overlay in list(overlays.items()):
        if overlay.caster == cid and overlay.until < battle.round:
            del overlays[key]
    battle.changed()
    return events


@AT_TURN_START.register(10)
def at_turn_start(battle, cid: str) -> list:
    """What spells do when a caster's (or a held creature's) turn begins."""
    events: list = spellwork.at_turn_start(battle, cid) + warding.expire(battle, cid)
    sc = _sc(battle, cid)
    if sc.pending:
        pending, sc.pending = sc.pending, None
        battle.comp(cid, Conditions).ids.discard("casting")
        spell = data.spells()[pending["spell"]]
        level = pending.get("level") or spell_level(battle, cid, spell)
        finished = True
        if pending.get("extra"):
            # Metamagic chosen on the spot adds a full-round action to a spell of 1 round
            # (French text): this turn's actions finish the casting, or it is lost.
            try:
                events += spend(battle, cid, "full_round", "cast")
            except Refused:
                finished = False
        events.append(SpellCast(caster=cid, spell=pending["spell"], level=level,
                                outcome="completed" if finished else "lost"))
        if finished:
            with sources.applied(battle, tuple(pending.get("metamagic", ()))):
                events += EFFECTS[spell["effect"]](battle, cid, pending["spell"], spell, level, pending["args"], set())
    overlays = battle.shared.overlays
    for key, overlay in list(overlays.items()):
        if overlay.caster == cid:
            if overlay.until < battle.round:
                del overlays[key]
                battle.changed()
            elif overlay.kind == "grease":
                events += grease_saves(battle, overlay)
    _expire_conjured(battle, cid)
    if battle.read(cid, SpellEffects).spiritual:
        events += spiritual_attack(battle, cid)
    return events


def _expire_conjured(battle, cid: str) -> None:
    """A caster's spiritual weapon and flaming sphere end once their round has passed."""
    effects = battle.read(cid, SpellEffects)
    for name in ("spiritual", "sphere"):
        conjured = getattr(effects, name)
        if conjured is not None and conjured.until < battle.round:
            setattr(battle.comp(cid, SpellEffects), name, None)
