"""Grapple, the whole sequence (French text, "lutte"): grab (a melee touch attack after
the target's attack of opportunity, which stops it if it deals damage), hold (opposed
grapple checks: BAB + Str + special size modifier; a target two sizes larger cannot be
held; ties to the higher modifier, then a new roll), entering the target's space; then,
each in place of an attack: damage (nonlethal, or lethal at -4), attack with a light
weapon at -4, pin, escape, move at half speed dragging the others (a standard action),
use the opponent's light weapon, draw a light weapon (a move action), free a pinned
ally; release. Up to four grapplers on one foe, counted by size; joining a grapple needs
no grab. A check made in place of an attack of a full attack takes that attack's base
attack bonus ("avec un bonus de base réduit normalement pour chaque attaque
supplémentaire"): the options take the attack's ``iterative`` step. How long a pin lasts,
what it and a garrote forbid, and where an escaper lands are in ``grapple_limits``."""
from __future__ import annotations

from dataclasses import replace

from ... import data
from ...rules import attack as attack_rules, grapple as rules, movement
from ...rules.modifiers import Modifier, Total, ability_modifier, total
from ...rules.objects import damage_object
from ...rules.reasons import Refusal
from ...rules.weapons import UNARMED
from .. import specials
from ..attacks import check_attack, is_ranged_attack, resolve_attack, take_opportunities, threatening_enemies
from ..components import (Abilities, Conditions, Feats, Gear, Grapple, HitPoints, Inventory, Position, Stats, TurnState,
                          Wielded)
from ..worn import armour_check_penalty
from ..damage import apply_damage, status_of
from ..events import AttackRolled, DamageDealt, ItemDamaged, Moved
from .common import ABLE, Refused, refuse, spend, square_arg, squares_arg, target_arg, turn_state
from .contests import in_reach, melee_touch_attack, opposed
from . import garrote_lock
from .gates import GARROTES, LOCKING_GARROTES
from .grapple_limits import GrappleChanged, escape_squares, garroted_refusal, pinner_refusal, step_out


def _g(battle, cid: str) -> Grapple:
    return battle.comp(cid, Grapple)


def _check(battle, cid: str, lethal: bool = False, moving_pinned_foe: bool = False, iterative: int = 0) -> Total:
    """The creature's grapple check bonus now (``rules.grapple.grapple_check``). The one
    acting passes the ``iterative`` step of the attack its check replaces; the creature
    opposing it defends with its full bonus."""
    return rules.grapple_check(battle.fighter(cid), lethal=lethal, moving_pinned_foe=moving_pinned_foe,
                               improved="improved_grapple" in battle.read(cid, Feats).ids, iterative=iterative)


def _escape_artist(battle, cid: str) -> Total:
    """Escape Artist in place of the grapple check (French text, "lutte": "S'il possède la
    compétence Évasion, il peut s'en servir à la place du test de lutte, mais cela
    nécessite une action simple"): Dex, the ranks (``escape_artist``), the armour check
    penalty."""
    dex = ability_modifier(battle.read(cid, Abilities).scores.get("dex", 10))
    ranks = battle.read(cid, Stats).values.get("escape_artist", 0)
    return total([Modifier(dex, "ability", "dex"), Modifier(ranks, "untyped", "escape_artist"),
                  Modifier(armour_check_penalty(battle, cid), "untyped", "armour_check")])


def _held_check(battle, kind: str, who: str, target: str, mine: Total, theirs: Total) -> tuple[bool, list]:
    """An opposed grapple check ``who`` makes against a foe it grapples or grabs; a win
    also brings its constriction (data-digest §4d, "Constrict": "listed damage on each
    successful grapple check")."""
    wins, _m, events = opposed(battle, kind, who, target, mine, theirs)
    if wins:
        events = events + specials.constrict(battle, who, target)
    return wins, events


def _sync(battle, cid: str) -> None:
    g = _g(battle, cid)
    conds = battle.comp(cid, Conditions).ids
    conds.discard("grappling")
    conds.discard("pinned")
    if g.holding:
        conds.add("grappling")
    if g.pinned_by:
        conds.add("pinned")
    battle.changed()


def _unarmed_damage(battle, who: str, target: str, lethal: bool) -> list:
    f = battle.fighter(who)
    dice = attack_rules.damage_dice(UNARMED.damage_s, UNARMED.damage_m, f.size)
    n, sides = attack_rules.parse_dice(dice)
    faces = battle.dice.roll_dice(n, sides, f"grapple damage {who}") if sides > 1 else [n]
    amount = rules.unarmed_grapple_damage(sum(faces), f.mod("str"))
    nonlethal = not lethal and not f.armed_unarmed
    return [DamageDealt(attacker=who, target=target, dice=tuple(faces), bonus=f.mod("str"), amount=amount,
                        nonlethal=nonlethal, multiplier=1)] + apply_damage(battle, target, amount, nonlethal)


def grapple(battle, who: str, target: str, declined, args: dict, iterative: int = 0,
            improved_grab: bool = False) -> list:
    """Start a grapple, or join one the target is already in. ``improved_grab``: a hit
    with the natural weapon already grabbed: no attack of opportunity, no touch attack."""
    board = battle.board()
    me, foe = board.body(who), board.body(target)
    if target in _g(battle, who).holding:
        raise refuse("ALREADY_GRAPPLING", target=target)
    if not in_reach(battle, who, target, UNARMED if me.natural_reach > 0 else None) and \
            not in_reach(battle, who, target):
        raise refuse("OUT_OF_REACH", target=target)
    holders = [h for h in sorted(_g(battle, target).holding)]
    joining = bool(holders)
    if joining:
        enemies = [board.body(h).size for h in holders if board.body(h).is_enemy_of(foe)]
        if not rules.has_room_to_join(enemies, me.size, foe.size):
            raise refuse("GRAPPLE_FULL", target=target)
    events: list = []
    feats = battle.comp(who, Feats).ids
    if not joining and improved_grab:
        if not rules.can_improved_grab(me.size, foe.size):
            return events
        wins, ev = _held_check(battle, "grapple", who, target, _check(battle, who, iterative=iterative),
                               _check(battle, target))
        events += ev
        if not wins:
            return events
    elif not joining:
        if "improved_unarmed_strike" not in feats and "improved_grab" not in feats:
            before = battle.comp(who, HitPoints).current
            ev, fell = take_opportunities(battle, who, [target], declined)
            events += ev
            if fell or battle.comp(who, HitPoints).current < before:
                return events + [GrappleChanged(who=who, other=target, change="grab_failed")]
        hit, ev = melee_touch_attack(battle, who, target, UNARMED, iterative)
        events += ev
        if not hit:
            return events
        if not rules.can_hold(me.size, foe.size):
            return events + [GrappleChanged(who=who, other=target, change="cannot_hold")]
        wins, _m, ev = opposed(battle, "grapple", who, target, _check(battle, who, iterative=iterative),
                               _check(battle, target))
        events += ev
        if not wins:
            return events
        events += _unarmed_damage(battle, who, target, lethal=False) + specials.constrict(battle, who, target)
        if status_of(battle, target) not in ("dead",):
            ev, entered = _enter_space(battle, who, target, declined)
            events += ev
            if not entered:
                return events + [GrappleChanged(who=who, other=target, change="cannot_enter")]
    else:
        if not board.terrain.space_fits(board.body(target).pos, board.body(who).span):
            # its space would leave the map or stand in a wall there: it cannot join (issue 15)
            return events + [GrappleChanged(who=who, other=target, change="cannot_enter")]
        events.append(GrappleChanged(who=who, other=target, change="joined"))
        wins, _m, ev = opposed(battle, "grapple", who, target, _check(battle, who, iterative=iterative),
                               _check(battle, target))
        events += ev
        if wins:
            events += _unarmed_damage(battle, who, target, lethal=False) + specials.constrict(battle, who, target)
        pos = battle.comp(who, Position)
        pos.x, pos.y = board.body(target).pos
    _g(battle, who).holding.add(target)
    _g(battle, target).holding.add(who)
    _sync(battle, who)
    _sync(battle, target)
    return events + [GrappleChanged(who=who, other=target, change="held")]


def _enter_space(battle, who: str, target: str, declined) -> tuple[list, bool]:
    """Into the foe's space, free (French text, "lutte": "Ce mouvement l'expose à
    d'éventuelles attaques d'opportunité, mais uniquement de la part des intervenants
    extérieurs, pas de son adversaire direct. Si le personnage ne peut pénétrer dans
    l'espace de son adversaire, il ne peut poursuivre la lutte et doit lâcher
    immédiatement sa cible"): the others threatening it take their attacks first; fallen,
    or with a space that cannot hold it there, it lets go. (events, whether it entered)."""
    board = battle.board()
    there = board.body(target).pos
    if not board.terrain.space_fits(there, board.body(who).span):
        return [], False
    ts = turn_state(battle, who)
    takers = [c for c in threatening_enemies(battle, who) if c != target and c not in ts.provoked_by_moving]
    ts.provoked_by_moving.update(takers)
    events, fell = take_opportunities(battle, who, takers, declined, moving=True)
    if fell or status_of(battle, who) not in ABLE:
        return events, False
    pos = battle.comp(who, Position)
    pos.x, pos.y = there
    battle.changed()
    return events, True


def _require_grappling(battle, who: str, target: str | None = None) -> None:
    g = _g(battle, who)
    if not g.holding:
        raise refuse("NOT_GRAPPLING")
    if target is not None and target not in g.holding:
        raise refuse("NOT_GRAPPLING_WITH", target=target)


def _pinned_check(battle, who: str) -> None:
    if _g(battle, who).pinned_by:
        raise refuse("PINNED_ONLY_ESCAPE")


def _pinning_check(battle, who: str, option: str, target: str | None = None) -> None:
    """What holding a pin forbids (``grapple_limits.pinner_refusal``), asked by each option
    itself: a full attack may pin with one attack and try another option with the next."""
    refusal = pinner_refusal(battle, who, option, target)
    if refusal is not None:
        raise refuse(refusal.code, **refusal.params)


def grapple_damage(battle, who, target, declined, args, iterative: int = 0) -> list:
    _require_grappling(battle, who, target)
    _pinned_check(battle, who)
    lethal = bool(args.get("lethal"))
    wins, _m, events = opposed(battle, "grapple_damage", who, target,
                               _check(battle, who, lethal=lethal, iterative=iterative), _check(battle, target))
    if wins:
        events += _unarmed_damage(battle, who, target, lethal) + specials.constrict(battle, who, target)
    return events


def attack_refusal(battle, who: str, target: str, weapon=None) -> Refusal | None:
    """What refuses an attack by a creature locked in a grapple, with the weapon in hand or
    ``weapon`` (``rules.grapple.attack_in_grapple_refusal``: no ranged or thrown weapon,
    nobody outside the grapple, a light weapon at most, none while pinning), or None — also
    when it is in no grapple. A thrown weapon at a fellow grappler is wielded, not thrown."""
    g = battle.read(who, Grapple)
    if not g.holding:
        return None
    w = weapon or battle.board().body(who).weapon
    at_grappler = target in g.holding
    ranged = w.is_ranged or (not at_grappler and is_ranged_attack(battle, who, target, weapon))
    return rules.attack_in_grapple_refusal(w, ranged=ranged, at_grappler=at_grappler, pinned=g.pinned_by is not None,
                                           pinning=g.pinning is not None)


def grapple_attack(battle, who, target, declined, args, iterative: int = 0, weapon=None) -> list:
    """Attack another grappler with an unarmed strike, a natural or a light weapon, at -4
    (French text, "lutte": "Le personnage peut attaquer un autre lutteur à mains nues ou à
    l'aide d'une arme naturelle ou d'une arme manufacturée légère. Il subit un malus de -4
    sur son jet d'attaque."); ``weapon``: the off-hand one instead of the one in hand."""
    _require_grappling(battle, who, target)
    r = attack_refusal(battle, who, target, weapon)
    if r is not None:
        raise Refused(r)
    events = resolve_attack(battle, who, target, iterative=iterative, grapple_penalty=rules.WEAPON_PENALTY,
                            weapon=weapon, off_hand=weapon is not None)
    # Rake: the extra claws against a foe held since the start of the turn, without the -4
    # (SRD "Rake": it cannot begin a grapple and rake in the same turn); once a turn.
    ts = battle.comp(who, TurnState)
    if target in ts.holding_at_start and not ts.raked and specials.rake_slots(battle, who):
        ts.raked = True
        for slot in specials.rake_slots(battle, who):
            if status_of(battle, target) == "dead" or status_of(battle, who) not in ABLE:
                break
            events += resolve_attack(battle, who, target, slot=slot)
    return events


def pin(battle, who, target, declined, args, iterative: int = 0) -> list:
    """"Le personnage peut immobiliser son adversaire pendant 1 round en remportant un test
    opposé de lutte, joué en remplacement d'une attaque": the pin lasts until the pinner's
    next turn (``grapple_limits.pin_runs_out``), and this same check renews it; never a
    second foe while pinning one ("d'immobiliser un autre ennemi")."""
    _require_grappling(battle, who, target)
    _pinned_check(battle, who)
    _pinning_check(battle, who, "pin", target)
    if _g(battle, who).garroting:
        raise refuse("NO_PIN_WHILE_GARROTING")
    wins, events = _held_check(battle, "pin", who, target, _check(battle, who, iterative=iterative),
                               _check(battle, target))
    if wins:
        _g(battle, who).pinning = target
        _g(battle, who).hushing = bool(args.get("silence"))     # "l'empêcher de parler s'il le désire"
        _g(battle, target).pinned_by = who
        _sync(battle, target)
        events.append(GrappleChanged(who=who, other=target, change="pinned"))
    return events


def escape(battle, who, target, declined, args, iterative: int = 0) -> list:
    """Beat every grappler's check to get free (or out of a pin: beat the pinner's). Free,
    "il achève son action en se déplaçant sur n'importe quelle case adjacente à son
    adversaire": ``to`` names that square (``grapple_limits.escape_squares``), judged
    before the checks; left out, the first free square next to it. Out of a pin it "reste
    agrippé": no square. A pinner escapes no other grappler ("d'échapper à un autre
    adversaire")."""
    _require_grappling(battle, who)
    _pinning_check(battle, who, "escape")
    g = _g(battle, who)
    artist = bool(args.get("escape_artist"))
    if artist and iterative:
        raise refuse("ESCAPE_ARTIST_STANDARD_ACTION")    # "cela nécessite une action simple"
    to = None
    if args.get("to") is not None:
        if g.pinned_by:
            raise refuse("ESCAPE_PIN_NO_SQUARE")
        to = square_arg(args["to"], "to")
        allowed = escape_squares(battle, who)
        if to not in allowed:
            raise refuse("ESCAPE_SQUARE_NOT_ALLOWED", to=list(to), squares=[list(s) for s in allowed])
    if g.pinned_by:
        pinner = g.pinned_by
        mine = _escape_artist(battle, who) if artist else _check(battle, who, iterative=iterative)
        wins, _m, events = opposed(battle, "escape_pin", who, pinner, mine, _check(battle, pinner))
        if wins:
            g.pinned_by = None
            _g(battle, pinner).pinning = None
            _sync(battle, who)
            events.append(GrappleChanged(who=who, other=pinner, change="unpinned"))
        return events
    events: list = []
    mine = _escape_artist(battle, who) if artist else _check(battle, who, iterative=iterative)
    for other in sorted(g.holding):
        wins, _m, ev = opposed(battle, "escape", who, other, mine, _check(battle, other))
        events += ev
        if not wins:
            return events
    for other in sorted(g.holding):
        _g(battle, other).holding.discard(who)
        if _g(battle, other).garroting == who:
            _g(battle, other).garroting = None
        _sync(battle, other)
    g.holding.clear()
    _sync(battle, who)
    return events + [GrappleChanged(who=who, other="", change="escaped")] + step_out(battle, who, to)


def free_ally(battle, who, target, declined, args, iterative: int = 0) -> list:
    """Grappling the foe that pins an ally: beat its check to free the ally (still grappled);
    never while pinning ("de libérer un allié immobilisé [...] tant qu'on immobilise une
    créature")."""
    _require_grappling(battle, who)
    _pinning_check(battle, who, "free_ally", target)
    ally = target
    pinner = _g(battle, ally).pinned_by
    if pinner is None or pinner not in _g(battle, who).holding:
        raise refuse("NO_PIN_TO_BREAK", ally=ally)
    wins, _m, events = opposed(battle, "free_ally", who, pinner, _check(battle, who, iterative=iterative),
                               _check(battle, pinner))
    if wins:
        _g(battle, ally).pinned_by = None
        _g(battle, pinner).pinning = None
        _sync(battle, ally)
        events.append(GrappleChanged(who=ally, other=pinner, change="freed"))
    return events


def use_opponent_weapon(battle, who, target, declined, args, iterative: int = 0) -> list:
    """Win a check to strike with the opponent's light weapon at -4 (it keeps holding it);
    a pinner turns only the pinned foe's weapon against it ("retourner son arme contre
    lui")."""
    _require_grappling(battle, who, target)
    _pinned_check(battle, who)
    _pinning_check(battle, who, "use_opponent_weapon", target)
    their = battle.board().body(target).weapon
    if their.use != "light":
        raise refuse("NO_LIGHT_WEAPON_TO_USE", target=target)
    wins, events = _held_check(battle, "use_weapon", who, target, _check(battle, who, iterative=iterative),
                               _check(battle, target))
    if wins:
        events += resolve_attack(battle, who, target, iterative=iterative, weapon=their,
                                 grapple_penalty=rules.WEAPON_PENALTY)
    return events


def garrote(battle, who, target, declined, args, iterative: int = 0) -> list:
    """The garrote (French text, "le garrot"): the target's attack of opportunity stops it
    if it deals damage; a target more than two sizes larger can be reached only lying
    down; a melee touch attack against 10 + size; then a grapple check (no automatic
    failure against big foes): 1d6 (cord) or 1d8 (wire) + 1.5 x Str; the garroter then
    comes into contact, into the victim's space (provoking from others, not the victim),
    and the two are locked in a grapple. Each grapple check won later deals the garrote's
    damage again. A locking garrote locks instead (``garrote_lock``): no contact, no grapple."""
    board = battle.board()
    me, foe = board.body(who), board.body(target)
    if me.weapon.id not in GARROTES:
        raise refuse("NO_GARROTE")
    _pinning_check(battle, who, "garrote", target)          # a garrote is a weapon
    if g := _g(battle, who).garroting:
        if g != target:
            raise refuse("ALREADY_GRAPPLING", target=g)
        wins, _m, events = opposed(battle, "garrote", who, target, _check(battle, who, iterative=iterative),
                               _check(battle, target))
        return events + (_garrote_damage(battle, who, target) if wins else [])
    if not rules.garrote_reaches(me.size, foe.size, "prone" in foe.conditions):
        raise refuse("TARGET_TOO_BIG", target=target)
    if not in_reach(battle, who, target, UNARMED):
        raise refuse("OUT_OF_REACH", target=target)
    before = battle.comp(who, HitPoints).current
    events, fell = take_opportunities(battle, who, [target], declined)
    if fell or battle.comp(who, HitPoints).current < before:
        return events + [GrappleChanged(who=who, other=target, change="grab_failed")]
    a = battle.fighter(who)
    bonus = attack_rules.attack_bonus(a, attack_rules.AttackSituation(touch=True, iterative=iterative)).value
    ac = rules.garrote_ac(foe.size).value
    d20 = battle.dice.roll(20, f"garrote {who}")
    hit = attack_rules.judge_attack(d20, bonus, ac, 21).hit
    events.append(AttackRolled(attacker=who, target=target, d20=d20, bonus=bonus, total=d20 + bonus, ac=ac, hit=hit,
                               threat=False, bonus_breakdown=(), ac_breakdown=((10, "base", "garrote"),), kind="touch"))
    if not hit:
        return events
    wins, _m, ev = opposed(battle, "garrote", who, target, _check(battle, who, iterative=iterative),
                               _check(battle, target))
    events += ev
    if not wins:
        return events + [GrappleChanged(who=who, other=target, change="garrote_failed")]
    events += [GrappleChanged(who=who, other=target, change="garroted")] + _garrote_damage(battle, who, target)
    if me.weapon.id in LOCKING_GARROTES:
        return events + garrote_lock.lock(battle, who, target)      # no contact, no grapple
    if status_of(battle, target) != "dead":
        # "vous devez rentrer en contact au plus près de votre adversaire pour maintenir
        # votre étranglement. Se déplacer déclenche une attaque d'opportunité provenant de
        # tout autre ennemi présent, mais pas de votre cible": the grapple's move into the
        # foe's space; one that cannot come into contact does not keep the strangling.
        ev, entered = _enter_space(battle, who, target, declined)
        events += ev
        if not entered:
            return events + [GrappleChanged(who=who, other=target, change="cannot_enter")]
    _g(battle, who).holding.add(target)
    _g(battle, target).holding.add(who)
    _g(battle, who).garroting = target
    _sync(battle, who)
    _sync(battle, target)
    return events


def _garrote_damage(battle, who: str, target: str) -> list:
    f = battle.fighter(who)
    n, sides = attack_rules.parse_dice(attack_rules.damage_dice(f.weapon.damage_s, f.weapon.damage_m, f.size))
    faces = battle.dice.roll_dice(n, sides, f"garrote damage {who}")
    bonus = rules.garrote_strength(f.mod("str"))
    amount = max(1, sum(faces) + bonus)
    return [DamageDealt(attacker=who, target=target, dice=tuple(faces), bonus=bonus, amount=amount, nonlethal=False,
                        multiplier=1)] + apply_damage(battle, target, amount, nonlethal=False)


GRAPPLE_OPTIONS = {"garrote": garrote, "grapple": grapple, "grapple_damage": grapple_damage, "grapple_attack": grapple_attack,
                   "pin": pin, "escape": escape, "free_ally": free_ally, "use_opponent_weapon": use_opponent_weapon}


def _as_attack(name):
    def action(battle, who, args, declined) -> list:
        target = args.get("target") or args.get("ally") or ""
        if name not in ("escape",):
            target = target_arg(battle, args, "ally" if name == "free_ally" else "target")
        events = spend(battle, who, "standard", name)
        return events + GRAPPLE_OPTIONS[name](battle, who, target, declined, args)
    action.__doc__ = f"Standard action: {name}, in place of an attack."
    return action


def do_grapple_move(battle, who, args, declined) -> list:
    """Standard action: beat every other grappler's check to move at half speed, dragging
    them along (+4 against a lone pinned foe)."""
    _require_grappling(battle, who)
    _pinned_check(battle, who)
    squares = squares_arg(args)
    g = _g(battle, who)
    # The way is judged before the checks: a path that cannot be taken is refused first.
    board = battle.board()
    me = board.body(who)
    half = replace(me, speed_squares=me.speed_squares // 2, conditions=me.conditions - {"grappling", "pinned"})
    passable = board.__class__(board.terrain, tuple(replace(b, side=me.side) if b.id in g.holding else b
                                                    for b in board.bodies), board.variants)
    check = movement.check_path(passable, half, squares, "move")
    if not check.legal and check.reason.code != "END_OCCUPIED":
        raise refuse(check.reason.code, **check.reason.params)
    end = check.positions[-1] if check.legal else squares[-1]
    for cid in sorted(g.holding):       # the dragged come along only where their space fits (issue 15)
        if not board.terrain.space_fits(end, board.body(cid).span):
            raise refuse("BLOCKED_SQUARE", square=list(end))
    events = spend(battle, who, "standard", "grapple_move")
    lone_pinned = len(g.holding) == 1 and g.pinning in g.holding
    for other in sorted(g.holding):
        wins, ev = _held_check(battle, "grapple_move", who, other,
                               _check(battle, who, moving_pinned_foe=lone_pinned), _check(battle, other))
        events += ev
        if not wins:
            return events
    for cid in [who] + sorted(g.holding):
        pos = battle.comp(cid, Position)
        pos.x, pos.y = end
    battle.changed()
    return events + [Moved(who=who, path=tuple([me.pos] + list(squares)), mode="grapple_move", cost_m=1.5 * len(squares))]


def do_grapple_draw(battle, who, args, declined) -> list:
    """Move action: draw a light weapon, winning a grapple check against one grappler
    (French text, "lutte": "Le personnage peut dégainer une arme légère par une action de
    mouvement, à condition de réussir un test opposé de lutte"); the move action is spent
    whether the check is won or lost. Never while pinning ("Il est impossible de dégainer
    [...] une arme"). A carried weapon that is not light is refused as such
    (``GRAPPLE_DRAW_LIGHT_ONLY``), not as one it does not carry."""
    _require_grappling(battle, who)
    _pinned_check(battle, who)
    _pinning_check(battle, who, "grapple_draw")
    weapon = args.get("weapon")
    inv = battle.comp(who, Inventory)
    if weapon not in inv.items or data.weapons().get(weapon) is None:
        raise refuse("NOT_CARRIED", weapon=weapon)
    if data.weapons()[weapon].use != "light":
        raise refuse("GRAPPLE_DRAW_LIGHT_ONLY", weapon=weapon)
    other = sorted(_g(battle, who).holding)[0]
    events = spend(battle, who, "move", "grapple_draw")
    wins, ev = _held_check(battle, "grapple_draw", who, other, _check(battle, who), _check(battle, other))
    events += ev
    if wins:
        if battle.comp(who, Wielded).weapon_id != "unarmed":
            inv.items.append(battle.comp(who, Wielded).weapon_id)
        inv.items.remove(weapon)
        battle.comp(who, Wielded).weapon_id = weapon
        battle.changed()
    return events


def do_release(battle, who, args, declined) -> list:
    """Free action: let go of everyone it holds (a pin ends)."""
    _require_grappling(battle, who)
    g = _g(battle, who)
    events = []
    for other in sorted(g.holding):
        og = _g(battle, other)
        og.holding.discard(who)
        if og.pinned_by == who:
            og.pinned_by = None
        _sync(battle, other)
        events.append(GrappleChanged(who=who, other=other, change="released"))
    g.holding.clear()
    g.pinning = None
    g.garroting = None
    _sync(battle, who)
    return events + step_out(battle, who)


# The garrote as an object to cut (French text: "attaquer un objet"; AC and penalty in
# rules.grapple). Ruling (README): a cord is rope (hardness 0, 2 hp), a wire a thin metal
# strand (hardness 10, 2 hp).
GARROTE_OBJECT = {"garrote_cord": (0, 2), "garrote_wire": (10, 2)}


def do_cut_garrote(battle, who, args, declined) -> list:
    """Standard action for the one garroted: an attack at AC 21 with a light slashing blade
    at -4, slipped between the garrote and the throat; damage beyond the garrote's hardness
    comes off its hit points, and at 0 it is cut and the strangling ends. A locked garrote
    may also be cut off a friend's throat (``target``, next to it: "les amis et la victime
    arrêtent généralement toute poursuite de l'agresseur pour délivrer leur compagnon du
    garrot"), at the same AC and −4 (ruling: not to cut the friend's throat)."""
    victim = args.get("target") or who
    if victim != who:
        victim = target_arg(battle, args)
        if _g(battle, victim).locked is None:
            raise refuse("NOT_GARROTED_LOCKED", target=victim)
        if not in_reach(battle, who, victim, UNARMED):
            raise refuse("OUT_OF_REACH", target=victim)
    garroter = next((c for c, g in battle.each(Grapple) if g.garroting == who), None) if victim == who else None
    locked = _g(battle, victim).locked
    if garroter is None and locked is None:
        raise refuse("NOT_GARROTED")
    blade = battle.board().body(who).weapon
    if "S" not in blade.types or blade.use not in ("light", "natural"):
        raise refuse("CUT_NEEDS_LIGHT_BLADE", weapon=blade.id)
    events = spend(battle, who, "standard", "cut_garrote")
    a = battle.fighter(who)
    bonus = attack_rules.attack_bonus(a, attack_rules.AttackSituation())
    value = bonus.value + rules.GARROTE_CUT_PENALTY      # the French text's -4: not cutting one's own throat
    d20 = battle.dice.roll(20, f"cut garrote {who}")
    hit = attack_rules.judge_attack(d20, value, rules.GARROTE_CUT_AC, 21).hit
    events.append(AttackRolled(attacker=who, target=garroter or victim, d20=d20, bonus=value, total=d20 + value,
                               ac=rules.GARROTE_CUT_AC, hit=hit, threat=False,
                               bonus_breakdown=tuple((m.value, m.kind, m.source) for m in bonus.applied)
                               + ((rules.GARROTE_CUT_PENALTY, "circumstance", "garrote_at_the_throat"),),
                               ac_breakdown=((11, "base", "small_weapon"), (10, "cover", "in_the_throat")), kind="melee"))
    if not hit:
        return events
    count, sides = attack_rules.parse_dice(attack_rules.damage_dice(blade.damage_s, blade.damage_m, a.size))
    faces = battle.dice.roll_dice(count, sides, f"cut garrote damage {who}") if sides > 1 else [count]
    damage = max(1, sum(faces) + attack_rules.strength_to_damage(a, ranged=False, thrown=False, two_handed=False,
                                                                  off_hand=False))
    if garroter is None:
        return events + garrote_lock.cut(battle, victim, damage)    # the locked garrote, on its throat or a friend's
    garrote_id = battle.board().body(garroter).weapon.id
    hardness, full_hp = GARROTE_OBJECT[garrote_id]
    gear = battle.comp(garroter, Gear)
    left, destroyed = damage_object(full_hp if gear.weapon_hp is None else gear.weapon_hp, damage, hardness)
    gear.weapon_hp = left
    events.append(ItemDamaged(owner=garroter, item=garrote_id, damage=damage, hardness=hardness, hp_left=left,
                              destroyed=destroyed))
    if destroyed:
        gear.weapon_hp = None
        battle.comp(garroter, Wielded).weapon_id = "unarmed"
        events += do_release(battle, garroter, {}, declined)        # the strangling is over
    battle.changed()
    return events


# What one may do locked in a grapple (French text, "lutte": "un combattant agrippé en
# situation de lutte peut effectuer n'importe laquelle des actions suivantes"): the grapple
# options, casting as the text allows (a scroll read as its spell is cast), activating an
# item, retrieving a component; an attack only at a fellow grappler, as the grapple attack
# at -4 (its handler judges it: ``attack_refusal``); and what takes no action at all.
IN_GRAPPLE = frozenset({*GRAPPLE_OPTIONS, "grapple_move", "grapple_draw", "release", "cut_garrote", "cast", "attack",
                        "use_item", "use_spell_like", "retrieve_component", "touch", "concentrate", "full_attack",
                        "end_turn", "delay", "step_in", "drop", "break_free", "speak", "cease_concentration"})


def grapple_refusal(battle, who: str, action: str, args: dict):
    """Locked in a grapple, only the actions the French text lists (``IN_GRAPPLE``); a full
    attack only as attacks and grapple options in place of its attacks, or disarms of a
    creature it holds (a pin lasts 1 round: a pin and the disarm it opens share one full
    attack), never with two weapons ("Il est impossible de combattre à deux armes lors
    d'une lutte, même si ce sont deux armes légères"). A scroll (an item "à fin
    d'incantation") is no activated item here but a spell cast, judged as casting is
    (``magic_items``)."""
    g = battle.read(who, Grapple)
    if not g.holding:
        return None
    garroted = garroted_refusal(battle, who, action, args)
    if garroted is not None:
        return garroted        # "Vous ne pouvez pas utiliser l'action de désarmement contre un adversaire avec un garrot"
    if action == "disarm" and args.get("target") in g.holding:
        return None            # "on peut tenter de désarmer un ennemi immobilisé": the snatch judges the pin
    if action not in IN_GRAPPLE:
        return Refusal("GRAPPLED_CANNOT", {"action": action})
    pinning = pinner_refusal(battle, who, action, args.get("target"))
    if pinning is not None:
        return pinning         # before the budget: the pin is why, not the action spent on it
    plan = args.get("targets") if action == "full_attack" and isinstance(args.get("targets"), list) else []
    if any(isinstance(i, dict) and "off_hand" in i for i in plan):
        return Refusal("GRAPPLE_NO_TWO_WEAPONS")
    if any(isinstance(i, dict) and not set(i) & set(GRAPPLE_OPTIONS) and i.get("disarm") not in g.holding
           for i in plan):
        return Refusal("GRAPPLED_CANNOT", {"action": "attack"})       # no step, no move, no trip
    return None


GRAPPLE_ACTIONS = {name: _as_attack(name) for name in GRAPPLE_OPTIONS}
GRAPPLE_ACTIONS.update({"grapple_move": do_grapple_move, "grapple_draw": do_grapple_draw, "release": do_release,
                        "cut_garrote": do_cut_garrote})

__all__ = ["GRAPPLE_ACTIONS", "GRAPPLE_OPTIONS", "Refused", "check_attack", "ABLE", "turn_state"]
