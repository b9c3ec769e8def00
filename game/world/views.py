"""The geometry the engine decides with, as views for the overlays, the options and the AI
(design/architecture.md, "The engine's faces": views). Each takes the battle as it stands
and passes the rules the same inputs the actions do: the turn's diagonal count, a
restricted creature's shorter charge, a rider moving through its mount. Nothing changes.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .. import data
from ..rules import (aoo, attack as attack_rules, charge as charge_rules, flanking, monk as monk_rules, movement,
                     splash as splash_rules, threat, tumble as tumble_rules)
from ..rules.geometry import Square, metres, space_squares
from ..rules.lanes import lane_path, lane_squares
from ..rules.reasons import Refusal
from ..rules.sight import cover as cover_of, cover_lines, has_line_of_effect_to_square
from .actions import flurry, gates, splash as splash_actions, tumbling
from .actions.attacking import full_attack_plan
from .actions.fear import cornered as fear_cornered, fear_source
from .actions.mounted import can_carry
from .actions.overrun import overrun_squares as through
from .actions.spell_sources import spell_choices as choices
from .attacks import is_ranged_attack, threatening_enemies
from .components import (Conditions, Grapple, Hands, HitPoints, Inventory, Offense, Quiver, Riding, Speed, Spellcasting,
                         Stats, TurnState, TurnUses, Webs, Wielded, Worn)
from .commands import ManeuverStep
from .damage import status_of
from .racial import immune_to_magic_sleep
from .spell_views import directed_spell
from .systems import mover
from .worn import object_numbers

MOVE_MODES = ("move", "double", "5ft", "withdraw", "run")


def threatened(battle, cid: str) -> set[Square]:
    """The squares ``cid`` threatens now (digest §4.1): its threat map."""
    return set(battle.threat(cid))


def attackable(battle, cid: str) -> set[Square]:
    """The squares its weapon reaches for an attack (a whip reaches without threatening)."""
    board = battle.board()
    return threat.attackable_squares(board, board.body(cid))


def reachable(battle, cid: str, mode: str) -> dict[Square, int]:
    """Every position its space (its mount's, when riding) can end ``mode`` on, with the
    least cost in squares; a move continues the turn's diagonal count (decisions §1)."""
    board, who = mover(battle, cid)
    ts = battle.read(who, TurnState)
    return movement.reachable(board, board.body(who), mode, restricted=ts.restricted and mode == "withdraw",
                              parity=ts.parity if mode == "move" else 0)


def move_and_double(battle, cid: str) -> movement.MoveAndDouble:
    """``reachable`` for a move and for a double move, each searched when first read
    (``movement.MoveAndDouble``: one search serves both when the double is read first)."""
    board, who = mover(battle, cid)
    return movement.MoveAndDouble(board, board.body(who), parity=battle.read(who, TurnState).parity)


def tumble_reachable(battle, cid: str) -> dict[Square, int]:
    """Where a tumbling move at half speed may end, through foes' squares (digest §4.6:
    "at ½ speed"), with its cost; nothing for one who may not tumble (``tumbling.refusal``)."""
    if tumbling.refusal(battle, cid) is not None:
        return {}
    board = battle.board()
    body = board.body(cid)
    half = replace(body, speed_squares=tumble_rules.speed_squares(body, "half"))
    return movement.reachable(board, half, "move", parity=battle.read(cid, TurnState).parity, tumbling=True)


@dataclass(frozen=True)
class PathView:
    """The safest path to a square: fewest attacks of opportunity, then cheapest."""

    who: str                                    # what moves (the mount, for a rider)
    squares: tuple[Square, ...] = ()            # entered in order, the start left out
    start: Square = (0, 0)
    cost: int = 0                               # squares
    provokes: tuple[tuple[str, Square], ...] = ()   # who gets an attack, and where it is provoked
    refusal: Refusal | None = None

    @property
    def legal(self) -> bool:
        return self.refusal is None


def path(battle, cid: str, goal: Square, mode: str, tumble: str | None = None) -> PathView:
    """The safest path for ``mode`` (move, double, withdraw, run) to ``goal`` (digest §4.3):
    what ``act`` would be given to get there, and every attack of opportunity on the way.
    ``tumble`` ("half" or "fast", a move): at that speed and through foes' squares, the
    attacks listed those each Tumble check would spare (digest §4.6)."""
    board, who = mover(battle, cid)
    body = board.body(who)
    ts = battle.read(who, TurnState)
    if tumble is not None:
        body = replace(body, speed_squares=tumble_rules.speed_squares(body, tumble))
    if mode == "run":
        squares = lane_path(body.pos, goal)[1:]
        check = movement.check_path(board, body, squares, "run")
        if not check.legal:
            return PathView(who, tuple(squares), body.pos, refusal=check.reason)
        cost = check.cost
    else:
        found = aoo.best_path(board, body, goal, mode, parity=ts.parity if mode == "move" else 0,
                              restricted=ts.restricted and mode == "withdraw", tumbling=tumble is not None)
        if found is None:
            near = max(abs(goal[0] - body.pos[0]), abs(goal[1] - body.pos[1])) == 1
            check = movement.check_path(board, body, [goal], mode, tumbling=tumble is not None) if near else None
            reason = check.reason if check is not None and check.reason else _goal_refusal(board, body, goal)
            return PathView(who, (goal,), body.pos, refusal=reason)
        squares, _provoked, cost = found
    positions = [body.pos] + list(squares)
    where = []
    for taker in aoo.provocations(board, body, positions, mode):
        enemy = board.body(taker)
        at = next((p for i, p in enumerate(positions[:-1]) if not (mode == "withdraw" and i == 0)
                   and aoo.provokes_leaving(board, enemy, body, p)), positions[-1])
        where.append((taker, at))
    return PathView(who, tuple(squares), body.pos, cost, tuple(where))


def _goal_refusal(board, body, goal: Square) -> Refusal:
    """Why no path reaches ``goal``: a space nobody walks into says what it is (deep water
    is swum, a rock face climbed, a pit gone round — the refusal ``act`` gives a step into
    it), else it is out of reach for this movement."""
    terrain = board.terrain
    space = [(goal[0] + i, goal[1] + j) for i in range(body.span) for j in range(body.span)]
    if all(terrain.is_enterable(sq) or terrain.medium(sq) in body.media for sq in space):
        return Refusal("PATH_UNREACHABLE")
    code = movement.blocked_code(terrain, goal, body.span, body.media)
    return Refusal(code, {"square": list(goal)})


def charge(battle, cid: str, target: str, overrun: str | None = None):
    """The charge against ``target`` as ``act`` would judge it (``rules.charge``): shorter
    when restricted to one action; through the mount when riding; with ``overrun``, the
    lane as if that creature (overrun on the way) were not in it."""
    board, who = mover(battle, cid)
    if target not in board.by_id:
        return charge_rules.ChargeResult(False, reason=Refusal("CHARGE_SELF"))
    restricted = battle.read(cid, TurnState).restricted and who == cid
    return charge_rules.charge(board, board.body(who), board.body(target), restricted, overrun)


def charge_lane(battle, cid: str, end: Square) -> tuple[set[Square], tuple[tuple[float, float], tuple[float, float]]]:
    """The squares a charge to ``end`` passes and its centre line (decisions §3)."""
    board, who = mover(battle, cid)
    body = board.body(who)
    squares, _ = lane_squares(body.pos, end, body.span, board.variants.charge_lane)
    half = body.span / 2
    return squares, ((body.pos[0] + half, body.pos[1] + half), (end[0] + half, end[1] + half))


@dataclass(frozen=True)
class Scatter:
    """Where a splash weapon thrown at a creature or an intersection lands on a miss."""

    range_increments: int = 0
    landings: tuple[tuple[int, tuple[float, float]], ...] = ()    # (d8, point to draw)
    refusal: Refusal | None = None


def scatter(battle, cid: str, *, target: str | None = None, intersection: Square | None = None) -> Scatter:
    """The eight landing points of a miss at this range increment (digest §4.8)."""
    board = battle.board()
    body = board.body(cid)
    aim = board.body(target) if target else None
    points = []
    increments = 0
    for d8 in range(1, 9):
        res = splash_rules.splash(board, body, target=aim, intersection=intersection, hit=False, d8=d8)
        if not res.legal:
            return Scatter(refusal=res.reason)
        increments = res.range_increments
        if res.lands_square is not None:
            points.append((d8, (res.lands_square[0] + 0.5, res.lands_square[1] + 0.5)))
        else:
            points.append((d8, (float(res.lands_intersection[0]), float(res.lands_intersection[1]))))
    return Scatter(increments, tuple(points))


@dataclass(frozen=True)
class FlaskReach:
    """Whom a flask splashes: on a hit (the creature struck directly not among them), and
    on each of the eight misses (the d8 from 1), where it bursts."""

    hit: tuple[str, ...] = ()
    misses: tuple[tuple[str, ...], ...] = ()
    refusal: Refusal | None = None


def flask_reach(battle, cid: str, *, target: str | None = None, intersection: Square | None = None) -> FlaskReach:
    """``FlaskReach`` of a throw at a creature or an intersection (``rules.splash``)."""
    board = battle.board()
    body = board.body(cid)
    aim = board.body(target) if target else None
    hit = splash_rules.splash(board, body, target=aim, intersection=intersection, hit=True)
    if not hit.legal:
        return FlaskReach(refusal=hit.reason)
    misses = tuple(tuple(splash_rules.splash(board, body, target=aim, intersection=intersection, hit=False,
                                             d8=d8).splashed) for d8 in range(1, 9))
    return FlaskReach(tuple(hit.splashed), misses)


def flask_hurts(battle, cid: str, item: str) -> bool:
    """Whether the flask's contents hurt the creature (holy water: only the undead and evil
    outsiders; ``actions.splash.hurts``)."""
    return splash_actions.hurts(battle, cid, data.substances()[item])


@dataclass(frozen=True)
class Aim:
    """An attack aimed at a creature: its cover with the corner test's lines, and the
    allies it is flanked with (digest §7.1, §7.2)."""

    cover: str
    lines: tuple = ()
    flanking: tuple[str, ...] = ()


def aim(battle, cid: str, target: str) -> Aim:
    board = battle.board()
    me, foe = board.body(cid), board.body(target)
    kind = "ranged" if me.weapon.is_ranged else "melee"
    return Aim(cover_of(board, me, foe, kind), tuple(cover_lines(board, me, foe, kind)),
               tuple(flanking.flanking_partners(board, foe, me)))


def sealed_doors_near(battle, cid: str) -> list[Square]:
    """The standing sealed doors next to ``cid`` (``actions.sealed_doors``)."""
    return gates.sealed_doors_next_to(battle, cid)


def sealed_doors(battle) -> dict[Square, int]:
    """Every standing sealed door of the map, with its seal's Hit Dice (the board draws them)."""
    return gates.standing_seals(battle)


def doors_near(battle, cid: str) -> list[Square]:
    """Door squares, open or closed, next to the creature's space."""
    return gates.doors_next_to(battle, cid)


def climbable_near(battle, cid: str) -> list[Square]:
    """Rock-face squares next to the creature, or all its neighbours when it is on a face."""
    return gates.faces_next_to(battle, cid)


def swimmable_near(battle, cid: str) -> list[Square]:
    """Deep-water squares next to the creature, or all its neighbours when it is in the water."""
    return gates.water_next_to(battle, cid)


def terrain_at(battle, square: Square) -> tuple[str, int | None]:
    """(the kind of ground, the squares of movement it costs to enter: 1, 2 for hard going,
    None where nothing walks) of a square as the map stands now (doors, grease, webs)."""
    kind = battle.board().terrain.kind(square)
    if kind.blocks_move:
        return kind.id, None
    return kind.id, 2 if kind.difficult else 1


def creature_at(battle, square: Square) -> str | None:
    """Who stands in a square (the first by id)."""
    for body in battle.board().occupants.get(square, ()):
        return body.id
    return None


def space_of(battle, cid: str) -> list[Square]:
    body = battle.board().body(cid)
    return space_squares(body.pos, body.span)


# --- what the panel shows (what a spell offers: ``spell_views``) ---------------------------
@dataclass(frozen=True)
class Sheet:
    """A creature's numbers as a player reads them (digest §8.1, §9.2): its weapon with the
    attack bonuses of a full attack, its AC full, touch and flat-footed, speed, conditions,
    what it wears, a caster's slots, held charge and concentration, and the ammunition left
    when the scenario counts it."""

    weapon: str
    attacks: tuple[int, ...]
    ac: int
    touch: int
    flat_footed: int
    speed_m: float
    conditions: tuple[str, ...]
    worn: tuple[str, ...]
    slots: tuple[tuple[int, int], ...] | None    # (spell level, slots left) for spontaneous casters
    held_charge: str | None
    concentrating_on: str | None
    hp: int
    max_hp: int
    ammunition: int | None = None                # arrows, bolts or bullets left (None: not counted)
    flurry: tuple[int, ...] = ()                 # a monk's flurry of blows, its attack bonuses (when it may)


def sheet(battle, cid: str) -> Sheet:
    f = battle.fighter(cid)
    plain = attack_rules.AttackSituation()
    bonus = attack_rules.attack_bonus(f, attack_rules.AttackSituation(ranged=f.weapon.is_ranged)).value
    bab = battle.read(cid, Offense).bab
    hasted = "hasted" in f.conditions
    attacks = tuple(bonus - bab + b for b in attack_rules.full_attack_bonuses(bab, hasted))
    blows: tuple[int, ...] = ()
    if flurry.can_flurry(battle, cid):
        # the flurry's bonuses, as a full attack with it would make them (``actions.flurry``)
        calm = replace(f, conditions=f.conditions - {flurry.CONDITION})
        penalty = monk_rules.flurry_penalty(f.monk_level)
        blows = tuple(attack_rules.attack_bonus(calm, attack_rules.AttackSituation(iterative=k, flurry=penalty)).value
                      for k in flurry.flurry_steps(battle, cid, attack_rules.full_attack_steps(bab, hasted)))
    body = battle.board().body(cid)
    sc = battle.read(cid, Spellcasting)
    hp = battle.read(cid, HitPoints)
    return Sheet(weapon=f.weapon.id, attacks=attacks, ac=attack_rules.armor_class(f, plain).value,
                 touch=attack_rules.armor_class(f, attack_rules.AttackSituation(touch=True)).value,
                 flat_footed=attack_rules.armor_class(f, plain, flat_footed=True).value,
                 speed_m=metres(body.speed_squares), conditions=tuple(sorted(body.conditions)),
                 worn=tuple(battle.read(cid, Worn).items),
                 slots=tuple((lv, n) for lv, n in enumerate(sc.slots) if n) if sc.known else None,
                 held_charge=sc.held_charge, concentrating_on=sc.maintained["spell"] if sc.maintained else None,
                 hp=hp.current, max_hp=hp.maximum, ammunition=battle.read(cid, Quiver).left, flurry=blows)


def targetable_items(battle, cid: str, action: str = "sunder") -> list[str]:
    """The items of a creature a snatch (``disarm``: what it wears or holds in hand) or a
    blow (``sunder``: what it wears or carries, objects only) may aim at (French text,
    "destruction d'arme")."""
    worn = list(battle.read(cid, Worn).items)
    if action == "disarm":
        held = battle.read(cid, Hands).holding
        return worn + ([held] if held and held not in worn else [])
    carried = [i for i in battle.read(cid, Inventory).items if object_numbers(i) is not None]
    return list(dict.fromkeys(worn + carried))


def full_attack(battle, who: str, target: str, flurry: bool = False) -> tuple:
    """A full attack at one creature, every attack it gets (``commands`` plan steps); a
    monk's flurry of blows with ``flurry``."""
    return full_attack_plan(battle, who, target, flurry=flurry)


def escape_plan(battle, who: str) -> tuple:
    """A full attack whose every attack is an attempt to escape the grapple (or the garrote)
    it is held in (``attacking.MANEUVERS``: "escape"), one per attack it has; () when it is
    held by nobody."""
    holding = sorted(battle.read(who, Grapple).holding)
    if not holding:
        return ()
    return tuple(ManeuverStep("escape", holding[0]) for _ in full_attack_plan(battle, who, holding[0]))


def can_flurry(battle, who: str) -> bool:
    """Whether its full attack may now be a flurry of blows (``actions.flurry``)."""
    return flurry.can_flurry(battle, who)


def is_threatened(battle, cid: str) -> bool:
    """A foe threatens its space (a spell cast now would provoke)."""
    return bool(threatening_enemies(battle, cid))


def mounts_near(battle, cid: str) -> list[str]:
    """The allies next to it that could carry it (``mounted.can_carry``)."""
    return [b.id for b in battle.board().bodies if b.id != cid and can_carry(battle, cid, b.id) is None]


def special_actions(battle, cid: str) -> list[str]:
    """The actions only some creatures have, that this one has now — its own abilities,
    what it holds or keeps up, where it stands — whether or not it may take them this very
    moment (``options`` says that): the window gives each a button."""
    spec = battle.spec(cid)
    out = []
    if "web" in spec.special:
        out.append("web")
    if "rock_throwing" in spec.special:
        out.append("throw_rock")
    if {"entangled", "glued"} & battle.read(cid, Conditions).ids or battle.read(cid, Webs).caught:
        out.append("break_free")
    if gates.in_spell_web(battle, cid):
        out.append("move_through_web")          # loose in a Web spell (SRD Web), or glued and greyed
    if choices(battle, cid):
        out.append("cast")
    stats = battle.read(cid, Stats).values
    if stats.get("cleric_level") or stats.get("paladin_level", 0) >= 3:
        out.append("rebuke_undead" if stats.get("evil") else "turn_undead")
    sc = battle.read(cid, Spellcasting)
    if sc.held_charge:
        out.append("touch")
    if sc.maintained:
        out.append("concentrate")
    if sc.pending and sc.pending.get("minute"):
        out.append("continue_casting")            # a spell of 1 minute, ten full rounds in a row
    if directed_spell(battle, cid):
        out.append("direct_spell")
    if climbable_near(battle, cid) and not battle.read(cid, Speed).climb:
        out.append("climb")
    if swimmable_near(battle, cid) and not battle.read(cid, Speed).swim:
        out.append("swim")
    if battle.read(cid, Riding).mount:
        out.append("dismount")
    elif mounts_near(battle, cid):
        out.append("mount")
    return out


def lane_to(battle, start, square: Square) -> list[Square]:
    """The squares entered along a straight line from a creature's square (or a square)
    to ``square``, as a climb or a flaming sphere goes (digest §5.3)."""
    origin = battle.board().body(start).pos if isinstance(start, str) else tuple(start)
    return lane_path(origin, tuple(square))[1:]


def overrun_squares(battle, cid: str, target: str) -> tuple:
    """Straight through the defender's space to the first space past it."""
    return through(battle, cid, target)


def health(battle, cid: str) -> tuple[int, int]:
    """(hit points, maximum) for the token's bar."""
    hp = battle.read(cid, HitPoints)
    return hp.current, hp.maximum


def pack(battle, cid: str) -> list[str]:
    """What the creature carries (weapons, flasks, potions …)."""
    return list(battle.read(cid, Inventory).items)


def wielded(battle, cid: str) -> str:
    return battle.read(cid, Wielded).weapon_id


def in_hand(battle, cid: str) -> str | None:
    """The item taken out of the pack and held (a flask, a potion, a scroll, a wand)."""
    return battle.read(cid, Hands).holding


def status(battle, cid: str) -> str:
    """normal, disabled, dying, stable, unconscious, dead … (digest §8.2)."""
    return status_of(battle, cid)


def is_undead(battle, cid: str) -> bool:
    """An undead (its sheet's ``undead``): destroyed, not killed, at 0 hit points."""
    return bool(battle.read(cid, Stats).values.get("undead"))


def immune_to_sleep(battle, cid: str) -> bool:
    """Immune to magic sleep: an elf, an elemental (``racial.immune_to_magic_sleep``)."""
    return immune_to_magic_sleep(battle, cid)


def mount_of(battle, cid: str) -> str | None:
    """The mount it rides, if any."""
    return battle.read(cid, Riding).mount


def turned_by(battle, cid: str) -> str | None:
    """The cleric an undead is fleeing from, while it is turned (French text, "renvoi des
    morts-vivants"); None otherwise."""
    if "turned" not in battle.read(cid, Conditions).ids:
        return None
    return battle.read(cid, TurnUses).turned_by


def afraid_of(battle, cid: str) -> tuple[str | None, bool]:
    """The creature a frightened or panicked ``cid`` flees (``actions.fear``), and whether
    its retreat is cut off; (None, False) when it flees nobody."""
    source = fear_source(battle, cid)
    return (source, source is not None and fear_cornered(battle, cid, source))


# How far the window offers squares for a readied action's ``reaches_square``: a charge's
# range, farther than any trigger a creature could answer with a move.
SQUARES_ASKED = 16


def seen_squares(battle, cid: str) -> list[Square]:
    """The squares within 16 of the creature (1-2-1 count aside: a box) it has a line to,
    its own space left out, by row then column: where a readied action may wait for an
    enemy to arrive."""
    board = battle.board()
    body = board.body(cid)
    terrain = board.terrain
    x0, y0 = body.pos
    own = set(body.squares)
    out = []
    for y in range(y0 - SQUARES_ASKED, y0 + body.span + SQUARES_ASKED):
        for x in range(x0 - SQUARES_ASKED, x0 + body.span + SQUARES_ASKED):
            sq = (x, y)
            if terrain.in_bounds(sq) and sq not in own and has_line_of_effect_to_square(terrain, body.pos, body.span, sq):
                out.append(sq)
    return out


def attack_is_ranged(battle, cid: str, target: str) -> bool:
    """Whether the attack of ``cid`` at ``target`` with the weapon in hand is a ranged one
    (a bow shoots; a thrown weapon is thrown at a foe out of its reach), as ``act`` plays it."""
    return is_ranged_attack(battle, cid, target)
