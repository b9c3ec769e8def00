"""``options(who)``: every action a creature may take now with the domain of its arguments,
and every other action with the refusal ``act`` gives it (issue 10, item 2).

Each action is decided by ``check`` on concrete commands — the engine's own answer, never a
second copy of its rules. The candidates come from the views (reachable squares, charge
ends, creatures in reach) and from what the creature has (items, spells); an action is
offered when one candidate passes, its domain is every candidate that passes, and an
action not offered carries the refusal of its most likely candidate (``probe``): the
nearest creature, the nearest square. A creature that cannot act now (not its turn, the
battle over) gets that one refusal for every action.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from weakref import WeakKeyDictionary
from itertools import chain
from collections.abc import Mapping
from typing import Any, Callable, Iterator

from .. import data
from ..rules import domains, metamagic
from ..rules.geometry import KING_MOVES, Square, gaps_distance, metres, space_squares, spaces_gaps
from ..rules.reasons import Refusal
from . import commands as C, spell_views, views
from .actions import end_refusal, ends_bound, preconditions, unconditioned
from .actions.attacking import can_shield_bash, full_attack_plan
from .actions.commanding import commanded
from .actions.common import JUDGES
from .actions.gates import GATES, SETTLED, heavy_objects_next_to
from .actions.heavy import destinations as heavy_destinations
from .actions.web_sheets import sections_in_reach
from .actions.web_spell import methods_by_chance, reach as web_reach
from .actions.mounted import can_carry
from .actions.overrun import overrun_squares
from .actions.spring import spring_targets
from .actions.whirlwind import whirlwind_targets
from .actions.spell_sources import spell_choices
from .actions.summoning import likely_spaces, summons_of
from .actions.timing import READY_TRIGGERS
from .asking import STOCK_CALLS, check
from .attacks import check_attack
from .skill_aid import AIDED_SKILLS
from .commands import COMMANDS, Command
from .components import Grapple, Hands, Inventory, Riding, Spellcasting, SpellLike, Worn
from .damage import status_of

# Refusals that do not depend on the argument: once one candidate gets one, all would.
GENERAL = frozenset({
    "NOT_YOUR_TURN", "BATTLE_OVER", "CANNOT_ACT", "UNKNOWN_CREATURE", "NO_STANDARD_ACTION_LEFT",
    "NO_MOVE_ACTION_LEFT", "NO_FULL_ROUND_LEFT", "RESTRICTED_NO_FULL_ROUND", "NAUSEATED_MOVE_ONLY",
    # (not TURNED_MUST_FLEE: a turned undead's move is refused toward its cleric, offered away)
    "NO_SWIFT_ACTION_LEFT", "RIDE_TO_MOVE", "CLIMBING_USE_CLIMB", "SWIMMING_USE_SWIM", "CALMED_NO_VIOLENCE",
    "AWAITING_ORDERS", "NO_MOVE_AFTER_FIVE_FOOT_STEP", "FIVE_FOOT_STEP_AFTER_MOVING", "CHARGE_AFTER_MOVING",
    "RESTING_AFTER_RUN", "PRONE_MUST_STAND", "NOT_MOUNTED", "NOT_GRAPPLING", "GRAPPLED_CANNOT",
    "NO_WEB", "WEB_USED_UP", "NOTHING_TO_DIRECT", "NO_CHARGE_HELD", "NOT_PRONE", "ALREADY_MOUNTED", "NO_GARROTE",
    "NOT_COMMANDED", "ONE_OVERRUN_A_ROUND", "TOO_BIG_TO_CLIMB", "TOO_BIG_TO_SWIM", "MOUNT_MOVED_ONE_ATTACK",
    "CLIMBS_AT_ITS_SPEED", "SWIMS_AT_ITS_SPEED", "SWIM_FAILED_THIS_ROUND",
    "NO_OFF_HAND_WEAPON", "KNEES_FAILED", "PINNED_ONLY_ESCAPE", "NOT_DELAYING",
    # the gates of what needs something at hand (actions.gates)
    "NO_DOOR_NEAR", "NO_HEAVY_OBJECT_NEAR", "NO_WEB_SHEET_NEAR",
    "NOTHING_TO_CLIMB", "NO_WATER_NEAR", "NOTHING_TO_DRAW", "NO_MAGIC_ITEM", "NO_SPLASH_WEAPON",
    "NOTHING_LYING_NEAR", "NO_SPELL_READY", "NOT_A_CASTER", "NOTHING_TO_RETRIEVE", "NOBODY_HELPLESS", "NOBODY_DYING",
    "SUNDER_NEEDS_SLASHING_OR_BLUDGEONING", "NO_WHIRLWIND_ATTACK_FEAT", "NO_SPRING_ATTACK_FEAT",
    "NO_SHOT_ON_THE_RUN_FEAT", "SPRING_ATTACK_HEAVY_ARMOR", "SPRING_ATTACK_AFTER_MOVING",
    # what holding a pin forbids whatever the argument (actions.grapple_limits); not
    # PINNING_NO_OTHER_PIN nor PINNING_ONLY_THE_PINNED, which the pinned foe itself passes
    "PINNING_NO_DRAW", "PINNING_NO_FREEING", "PINNING_NO_COMPONENT", "PINNING_NO_ESCAPE",
})


@dataclass
class Option:
    """One action: offered (``refusal`` None) with the domain of its arguments, or refused
    with the refusal ``act`` gives its ``probe``. A domain that costs a search (the squares
    a movement reaches) is made when first read."""

    action: str
    refusal: Refusal | None
    probe: Command | None = None
    made: Mapping[str, Any] | Callable[[], Mapping[str, Any]] = field(default_factory=dict)
    passed: list[Command] = field(default_factory=list)     # the candidates that pass, once the domain is made

    @property
    def legal(self) -> bool:
        return self.refusal is None

    @property
    def domain(self) -> Mapping[str, Any]:
        if callable(self.made):
            self.made = self.made()
        return self.made

    def commands(self) -> list[Command]:
        """Every candidate command that passes (the probe alone for a movement, whose
        domain is squares: ``views.path`` makes the command for one)."""
        _ = self.domain        # deciding the domain fills self.passed
        return self.passed or ([self.probe] if self.legal and self.probe else [])


def _decide(battle, action: str, candidates, domain: Callable[[list[Command]], dict] | None = None) -> Option:
    """Check candidates (any iterable, made as it is read) in order until one passes: the
    action is offered, and its domain (every candidate that passes) is made when first
    read. With none passing, the first candidate's refusal is the action's (a refusal that
    no argument changes stops the search at once)."""
    first: tuple[Command, Refusal] | None = None
    remaining = iter(candidates)
    for command in remaining:
        refusal = _judge(battle, command)
        if refusal is None:
            option = Option(action, None, command)

            def made(command=command, rest=remaining, option=option) -> dict:
                option.passed = [command] + [c for c in rest if _judge(battle, c) is None]
                return domain(option.passed) if domain else {}
            option.made = made
            return option
        if first is None:
            first = (command, refusal)
        if refusal.code in GENERAL:
            break
    assert first is not None, f"no candidate for {action}"     # every provider gives one
    return Option(action, first[1], first[0])


def _judge(battle, command: Command) -> Refusal | None:
    """``check``, faster for the creature whose turn it is: what only reads (the conditions
    and the action's gate, ``actions.preconditions``) is asked without a dry run, an action
    its gate settles needs none at all, and a handler split into a judging part
    (``actions.common.JUDGES``) is asked its judge, which its play starts with: a dry run
    is left only for the part of a play that can still refuse (a charge's last attack).
    Whether the creature may act and whether any condition concerns it are asked once per
    state (``_readiness``), not per candidate."""
    who = command.who
    action = command.action
    if action in GATES or action in JUDGES:
        ready = _readiness(battle, who)
        if ready is not None:
            gate = GATES.get(action)
            # no condition concerns it: the preconditions are the gate alone (no arguments)
            refusal = (gate(battle, who) if gate is not None else None) if ready else \
                preconditions(battle, who, action, command.handler_arguments())
            if refusal is not None or action in SETTLED:
                return refusal
            judge = JUDGES.get(action)
            if judge is not None:
                verdict = judge(battle, who, command.handler_arguments())
                if verdict.refusal is not None or verdict.settled:
                    return verdict.refusal
    return check(battle, command)


# Per battle: the state (its revision) the readiness below was worked out for, and each
# creature's. A state's revision names it (a rollback puts an earlier one back), and
# asking changes nothing, so the answers hold while the revision stands.
_READINESS: WeakKeyDictionary = WeakKeyDictionary()


def _readiness(battle, who: str) -> bool | None:
    """None when ``who`` cannot be judged without a dry run (not its turn, the battle over,
    not able to act: ``check`` says why); else whether no condition concerns it
    (``actions.unconditioned``)."""
    revision, known = _READINESS.get(battle, (None, None))
    if revision != battle.revision or known is None:
        known = {}
        _READINESS[battle] = (battle.revision, known)
    if who not in known:
        able = who == battle.turn and battle.winner is None \
            and status_of(battle, who) in ("normal", "staggered", "disabled")
        known[who] = unconditioned(battle, who) if able else None
    return known[who]


# --- candidates ----------------------------------------------------------------------------
def _gaps(battle, who: str) -> dict[str, int]:
    """The 1-2-1 gap from the creature's space to every other one's, made once per board."""
    board = battle.board()
    cache = board.move_contexts.setdefault(("gaps", who), {})
    if not cache:
        me = board.body(who)
        for b in board.bodies:
            if b.id != who:
                # the least square-to-square distance: the axis gaps between the spaces, both
                # met by one pair of squares, and the distance grows with each
                cache[b.id] = gaps_distance(*spaces_gaps(me.pos, me.span, b.pos, b.span))
    return cache


def _once(battle, key: tuple, make: Callable[[], Any]) -> Any:
    """``make()`` once per board (a board never changes: the engine makes a new one after
    each change, and a dry run's rollback puts the same one back): the orderings every
    provider of one ``options`` call starts from are worked out once, not per action."""
    cache = battle.board().move_contexts
    found = cache.get(key)
    if found is None:
        found = cache[key] = make()
    return found


def _others_by_distance(battle, who: str) -> list[str]:
    def make() -> list[str]:
        gaps = _gaps(battle, who)
        return sorted(gaps, key=lambda c: (gaps[c], c))
    return list(_once(battle, ("others", who), make))


def _foes_first(battle, who: str, ids: list[str]) -> list[str]:
    """The same creatures, enemies before allies (the nearest first in each): a refused
    attack or maneuver is explained by the foe it would be aimed at."""
    board = battle.board()
    side = board.body(who).side
    return sorted(ids, key=lambda c: board.body(c).side == side)


def _near(battle, who: str, ids: list[str], extra: int | None = None) -> list[str]:
    """Creatures within the creature's melee reach plus ``extra`` squares, the nearest one
    always (its refusal explains an action that reaches nobody). By default a square more
    for a reach weapon (a 10-ft reach takes the second diagonal, counted 3: decisions §2)
    or in the saddle (the rider strikes from its mount's space); none for 5 ft."""
    me = battle.board().body(who)
    band = me.melee_band()
    outer = band.outer if band else 1
    if extra is None:
        extra = 0 if outer <= 1 and me.mount_span is None else 1
    reach = outer + extra
    gaps = _gaps(battle, who)
    out = [c for c in ids if gaps[c] <= reach]
    return out or ids[:1]


def _adjacent_squares(battle, who: str) -> list[Square]:
    x, y = battle.board().body(who).pos
    return [(x + dx, y + dy) for dx, dy in KING_MOVES]


def _open_adjacent(battle, who: str) -> list[Square]:
    """The neighbouring squares, likeliest first (``_open_first``), once per board."""
    return list(_once(battle, ("open_adjacent", who), lambda: _open_first(battle, who, _adjacent_squares(battle, who))))


def _open_first(battle, who: str, squares: list[Square]) -> list[Square]:
    """The same squares, those the creature's space fits in with nobody else there first,
    straight before diagonal: the step most likely to pass is checked first (only the order
    changes; ``check`` still judges each)."""
    board = battle.board()
    span = board.body(who).span

    def unlikely(sq: Square) -> tuple[bool, bool]:
        taken = not board.terrain.space_fits(sq, span) or any(
            o.id != who for s in space_squares(sq, span) for o in board.occupants.get(s, ()))
        return taken, sq[0] != board.body(who).pos[0] and sq[1] != board.body(who).pos[1]
    return sorted(squares, key=unlikely)


def _squares_domain(found: dict[Square, int]) -> list[list]:
    """The squares row by row (y, then x), each with its cost in metres. Sorted as plain
    (y, x, cost) tuples, cheaper than a key function called per square (no two share a
    square, so the cost never decides the order)."""
    return [[x, y, metres(c)] for y, x, c in sorted([(y, x, c) for (x, y), c in found.items()])]


def _movement(battle, who: str, action: str, mode: str) -> Option:
    """Offered when a step to some neighbouring square passes (a run: to the farthest
    square of a straight lane); the domain is every square the mode reaches."""
    make = {"move": C.Move, "withdraw": C.Withdraw, "run": C.Run}.get(action)
    steps = _open_adjacent(battle, who)
    candidates = (C.FiveFootStep(who, to=sq) if action == "five_foot_step" else make(who, squares=(sq,)) for sq in steps)
    option = _decide(battle, action, candidates)
    if not option.legal:
        return option

    def domain() -> Mapping[str, Any]:
        def allowed(found: dict) -> dict:
            if not ends_bound(battle, who):
                return found
            return {sq: c for sq, c in found.items() if end_refusal(battle, who, action, sq) is None}
        tumbling = {}
        if action == "move":
            # a tumbling move: the move's squares at half speed, through foes (digest §4.6)
            found = views.tumble_reachable(battle, who)
            tumbling = {"tumble": _squares_domain(allowed(found))} if found else {}
        if action == "move" and battle.actions_left().get("full_round"):
            # each searched when first read (one search for both when the double is read
            # first; the domains list their squares sorted)
            both = views.move_and_double(battle, who)
            return LazyParts({"squares": lambda: _squares_domain(allowed(both.move())),
                              "double": lambda: _squares_domain(allowed(both.double())),
                              **{part: (lambda found=found: found) for part, found in tumbling.items()}})
        return {"squares": _squares_domain(allowed(views.reachable(battle, who, mode))), **tumbling}
    return Option(action, None, option.probe, domain)


class LazyParts(Mapping):
    """A domain whose parts each cost a search, made when first read (its keys are known
    at once: reading ``keys`` or ``in`` makes nothing)."""

    def __init__(self, makers: dict[str, Callable[[], Any]]):
        self._makers = makers
        self._made: dict[str, Any] = {}

    def __getitem__(self, part: str) -> Any:
        if part not in self._made:
            self._made[part] = self._makers[part]()
        return self._made[part]

    def __contains__(self, part: object) -> bool:
        return part in self._makers        # ``Mapping``'s own would make the part to see it

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)


def _targeted(battle, who: str, action: str, make: Callable[[str], Command], ids: list[str]) -> Option:
    return _decide(battle, action, (make(c) for c in ids),
                   lambda passed: {"targets": [getattr(c, "target", None) or getattr(c, "mount", None)
                                               or getattr(c, "ally", None) for c in passed]})


def _attack(battle, who: str) -> Option:
    """One attack: the creatures in reach (any in range for a ranged weapon), with the
    weapon in hand, the off-hand one, or a giant's rock."""
    board = battle.board()
    others = _others_by_distance(battle, who)
    me = board.body(who)
    near = _foes_first(battle, who, others if me.weapon.is_ranged or me.weapon.thrown else _near(battle, who, others))
    near = _in_reach(battle, who, near)
    off = battle.read(who, Hands).off_hand
    extra = [(w, others if w == "rock" else _near(battle, who, others))
             for w in ([off] if off else []) + (["rock"] if "rock_throwing" in battle.spec(who).special else [])
             + (["shield"] if can_shield_bash(battle, who) else [])]
    candidates = chain((C.Attack(who, target=t) for t in near),
                       (C.Attack(who, target=t, weapon=w) for w, ids in extra for t in ids))

    def domain(passed: list[Command]) -> dict:
        weapons: dict[str, list[str]] = {}
        for c in passed:
            weapons.setdefault(c.weapon or me.weapon.id, []).append(c.target)
        return {"targets": sorted({c.target for c in passed}), "weapons": weapons}
    return _decide(battle, "attack", candidates, domain)


def _in_reach(battle, who: str, ids: list[str]):
    """Those the weapon in hand reaches now, by the attack's own test (``check_attack``:
    reach, range, sight), or the first to explain why none is; made as they are read (the
    first that passes decides the action)."""
    found = False
    for c in ids:
        if check_attack(battle, who, c) is None:
            found = True
            yield c
    if not found and ids:
        yield ids[0]


def _full_attack(battle, who: str) -> Option:
    others = _others_by_distance(battle, who)
    others = _foes_first(battle, who, others if battle.board().body(who).weapon.is_ranged else _near(battle, who, others))
    others = _in_reach(battle, who, others)
    candidates = chain((C.FullAttack(who, targets=full_attack_plan(battle, who, t)) for t in others),
                       _grappling_plans(battle, who))

    def domain(passed: list) -> dict:
        out = {"targets": list(dict.fromkeys(c.targets[0].target for c in passed)), "attacks": len(passed[0].targets)}
        # A monk's flurry of blows (``actions.flurry``): offered with its number of attacks
        # when the engine's own judge passes it at the first target.
        target = passed[0].targets[0].target
        if not views.can_flurry(battle, who):      # a monk's own terms first: most creatures are none
            return out
        flurry = C.FullAttack(who, targets=full_attack_plan(battle, who, target, flurry=True), flurry=True)
        if _judge(battle, flurry) is None:
            out["flurry_attacks"] = len(flurry.targets)
        return out
    return _decide(battle, "full_attack", candidates, domain)


def _grappling_plans(battle, who: str):
    """A grappler's full attack made of grapple options, one per attack (French text,
    "lutte", the options that replace an attack: « il peut entreprendre l'une de ces actions
    pour chacune de ses attaques »): offered when no plan of blows passes — a longsword in
    hand strikes nobody in a grapple, yet each of its attacks may still deal grapple damage
    (the window's plan then makes each step, ``plan_maneuvers``). Tried only after the plans
    of blows (the options' candidates are read lazily)."""
    grapple = battle.read(who, Grapple)
    for foe in sorted(grapple.holding):
        count = len(full_attack_plan(battle, who, foe))
        yield C.FullAttack(who, targets=tuple(C.ManeuverStep("grapple_damage", foe) for _ in range(max(1, count))))


def _charge(battle, who: str) -> Option:
    """Every enemy within a charge's reach with its legal ends, the nearest first; farther
    ones are not tried (the nearest one explains a charge that reaches nobody)."""
    board, moving = views.mover(battle, who)
    me = board.body(moving)
    band = me.melee_band()
    limit = 2 * me.speed_squares + (band.outer if band else 0) + me.span
    side = battle.board().body(who).side
    enemies = [c for c in _others_by_distance(battle, who) if c in board.by_id and board.body(c).side != side]
    if moving == who:       # on foot the gaps from its space are those options sorted by
        gaps = _gaps(battle, who)
        close = [c for c in enemies if gaps[c] <= limit]
    else:
        close = [c for c in enemies
                 if gaps_distance(*spaces_gaps(me.pos, me.span, board.body(c).pos, board.body(c).span)) <= limit]
    ends: dict[str, list] = {}
    foes = set(enemies)

    def candidates():
        offered = False
        blocked = []
        for t in close:
            result = views.charge(battle, who, t)
            if result.legal:
                ends[t] = [list(e) for e in result.ends]
                offered = True
                yield C.Charge(who, target=t, end=result.ends[0])
            elif result.reason.code == "LANE_BLOCKED_BY_CREATURE" and result.reason.params["creature"] in foes - {t}:
                blocked.append((t, result.reason.params["creature"]))
        # A foe standing in the lane may be overrun on the way (French text, "renversement")
        for t, through in blocked:
            result = views.charge(battle, who, t, overrun=through)
            if result.legal:
                offered = True
                yield from (C.Charge(who, target=t, end=e, overrun=through) for e in result.ends)
        if not offered and enemies:
            yield C.Charge(who, target=enemies[0])

    def domain(passed: list[Command]) -> dict:
        out: dict[str, Any] = {"targets": {c.target: ends[c.target] for c in passed if c.target in ends}}
        overruns: dict[str, dict] = {}
        for c in passed:
            if c.overrun is not None:
                overruns.setdefault(c.target, {"through": c.overrun, "ends": []})["ends"].append(list(c.end))
        if overruns:
            out["overruns"] = overruns
        return out
    return _decide(battle, "charge", candidates(), domain)


def _spring(battle, who: str) -> Option:
    """Spring Attack / Shot on the Run: each enemy it could strike in the middle of a move,
    tried from its cheapest square (the nearest enemy explains one that reaches nobody)."""
    plans = spring_targets(battle, who) if GATES["spring_attack"](battle, who) is None else []
    others = _others_by_distance(battle, who) or [who]
    candidates = [C.SpringAttack(who, target=t, from_square=sq) for t, sq in plans] or [C.SpringAttack(who, target=others[0])]
    return _decide(battle, "spring_attack", candidates, lambda passed: {"targets": [c.target for c in passed]})


def _overrun(battle, who: str) -> Option:
    board = battle.board()
    enemies = [c for c in _others_by_distance(battle, who) if board.body(c).side != board.body(who).side]
    ids = _near(battle, who, enemies, extra=board.body(who).speed_squares)
    return _decide(battle, "overrun", (C.Overrun(who, target=t, squares=overrun_squares(battle, who, t)) for t in ids),
                   lambda passed: {"targets": [c.target for c in passed]})


def _web_going(battle, who: str) -> Option:
    """Loose in a Web spell: every end its best check could carry it to through the web,
    each with the path there (``actions.web_spell.reach``), the squares row by row; the
    two methods, the better one first."""
    found = web_reach(battle, who)
    candidates = [C.MoveThroughWeb(who, squares=path) for (x, y), (_cost, path) in
                  sorted(found.items(), key=lambda item: (item[0][1], item[0][0]))] \
        or [C.MoveThroughWeb(who, squares=tuple(_adjacent_squares(battle, who)[:1]) or (battle.board().body(who).pos,))]
    return _decide(battle, "move_through_web", candidates,
                   lambda passed: {"squares": [list(c.squares[-1]) for c in passed],
                                   "methods": list(methods_by_chance(battle, who))})


def _squares(battle, who: str, action: str, make: Callable[[Square], Command]) -> Option:
    return _decide(battle, action, (make(sq) for sq in _open_adjacent(battle, who)),
                   lambda passed: {"squares": [list(getattr(c, "to", None) or c.squares[-1]) for c in passed]})


def _splash(battle, who: str) -> Option:
    """A flask: at each creature it can reach, and at the grid intersections around them
    (where a throw splashes the four squares that meet there)."""
    subs = data.substances()
    items = [i for i in dict.fromkeys(battle.read(who, Inventory).items) if i in subs and subs[i].get("range_ft")]
    others = _others_by_distance(battle, who) or [who]
    if not items:
        return _decide(battle, "throw_splash", [C.ThrowSplash(who, item="alchemists_fire", target=others[0])])
    board = battle.board()
    corners = sorted({(x + i, y + j) for t in others if t != who for x, y in board.body(t).squares
                      for i in (0, 1) for j in (0, 1)}, key=lambda c: (c[1], c[0]))
    candidates = [C.ThrowSplash(who, item=items[0], target=t) for t in others] + \
        [C.ThrowSplash(who, item=items[0], intersection=c) for c in corners]
    return _decide(battle, "throw_splash", candidates,
                   lambda passed: {"items": items, "targets": [c.target for c in passed if c.target],
                                   "intersections": [list(c.intersection) for c in passed if c.intersection]})


def _items_domain(battle, who: str, action: str, make: Callable[[str], Command], items: list[str]) -> Option:
    return _decide(battle, action, [make(i) for i in items], lambda passed: {"items": [c.item for c in passed]})


def _aims(battle, who: str, spell_id: str) -> list[dict[str, Any]]:
    """Likely aims for a spell, by its shape (data-digest §5): each creature near for a
    one-creature spell (itself first when it is cast on friends), the nearest for several,
    a point at each creature for an area, its own corner outward for a cone."""
    spell = data.spells()[spell_id]
    shape, effect = spell["shape"], spell["effect"]
    board = battle.board()
    me = board.body(who)
    others = _others_by_distance(battle, who)
    friendly = effect in ("cure", "magic_weapon", "shield_of_faith", "haste", "hide_from_undead")
    order = ([who] + others) if friendly else (others + [who])
    if shape == "targets":
        return [{"targets": (t,)} for t in order[:4]]
    if shape == "summon":        # each creature of its list, where it is likeliest wanted
        kinds = summons_of(spell)
        return [{"point": sq, "creature": kind} for kind in kinds
                for sq in likely_spaces(battle, who, spell, kind)] or [{"point": me.pos, "creature": kinds[0]}]
    if shape in ("target", "ray", "touched") or (shape == "effect" and effect != "flaming_sphere"):
        return [{"target": t} for t in order[:6]]
    if effect == "bless":
        return [{}]
    if shape == "cone":
        x, y = me.pos
        return [{"point": (x + me.span, y + me.span), "direction": (1, 1)}, {"point": (x, y), "direction": (-1, -1)}]
    return [{"point": board.body(t).pos} for t in others[:4]] + [{"point": me.pos}]


def _spell_option(battle, who: str, action: str, sources: list[tuple[str, dict[str, Any]]], fallback: Command) -> Option:
    """Casting, a spell-like ability or a magic item: offered when one of its uses passes
    with one of its likely aims; the domain lists every source that passes, with its aims."""
    make = {"cast": C.Cast, "use_spell_like": C.UseSpellLike, "use_item": C.UseItem}[action]
    candidates = [make(who, **fixed, **aim) for spell_id, fixed in sources for aim in _aims(battle, who, spell_id)]

    def domain(passed: list[Command]) -> dict:
        out: dict[str, list] = {}
        for c in passed:        # each aim keeps what the command needs besides its source (a cure's spontaneous_from)
            out.setdefault(getattr(c, "item", None) or c.spell, []).append(
                {k: v for k, v in c.arguments().items() if k not in ("spell", "item")})
        return {"uses": out}
    return _decide(battle, action, candidates or [fallback], domain)


def _spells(battle, who: str) -> Option:
    """Casting: a prepared entry as prepared, a spell known, a cure in place of a prepared
    spell (French text, "lancer un sort")."""
    sources = []
    for c in spell_choices(battle, who):
        if c.kind == "prepared":
            sources.append((c.spell, {"spell": c.spell, **_prepared_metamagic(c.ident)}))
        elif c.kind == "known":
            sources.append((c.spell, {"spell": c.spell}))
        elif c.kind == "convert":
            prepared = battle.read(who, Spellcasting).prepared
            sources += [(c.spell, {"spell": c.spell, "spontaneous_from": e}) for e in dict.fromkeys(prepared)]
    return _spell_option(battle, who, "cast", sources, C.Cast(who, spell="magic_missile", targets=(who,)))


def _prepared_metamagic(entry: str) -> dict[str, Any]:
    _spell, feats = metamagic.parse_entry(entry)
    out: dict[str, Any] = {}
    if feats:
        out["metamagic"] = tuple(f for f in feats if f != "quicken_spell")
        if "quicken_spell" in feats:
            out["quickened"] = True
        level = metamagic.heightened_level(entry)
        if level:
            out["heighten_to"] = level
    return out


def _grapple_options(battle, who: str, action: str, make) -> Option:
    holding = sorted(battle.read(who, Grapple).holding)
    ids = holding or _near(battle, who, _others_by_distance(battle, who))
    return _targeted(battle, who, action, make, ids)


PLAIN = ("total_defense", "stand_up", "drop_prone", "sheathe", "drop", "load", "ready_shield", "loose_shield", "drop_shield",
         "delay", "end_turn", "complete_full_round", "continue_casting", "turn_undead", "rebuke_undead", "dispel_turning",
         "bolster_undead", "extinguish", "concentrate", "cease_concentration", "stow", "lock_gauntlet",
         "unlock_gauntlet", "step_in", "release", "escape", "break_free")


def _providers(battle, who: str) -> dict[str, Callable[[], Option]]:
    others = lambda: _others_by_distance(battle, who)  # noqa: E731
    nearest: list[list[str]] = []

    def near() -> list[str]:
        """The creatures in melee reach, foes first, worked out once for the maneuvers."""
        if not nearest:
            nearest.append(_foes_first(battle, who, _near(battle, who, others())))
        return list(nearest[0])
    mine = battle.read(who, Inventory).items
    weapons = data.weapons()
    doors = lambda: views.doors_near(battle, who) or _adjacent_squares(battle, who)[:1]  # noqa: E731
    out: dict[str, Callable[[], Option]] = {
        "move": lambda: _movement(battle, who, "move", "move"),
        "five_foot_step": lambda: _movement(battle, who, "five_foot_step", "5ft"),
        "withdraw": lambda: _movement(battle, who, "withdraw", "withdraw"),
        "run": lambda: _movement(battle, who, "run", "run"),
        "crawl": lambda: _squares(battle, who, "crawl", lambda sq: C.Crawl(who, to=sq)),
        "minimum_move": lambda: _squares(battle, who, "minimum_move", lambda sq: C.MinimumMove(who, to=sq)),
        "dismount": lambda: _squares(battle, who, "dismount", lambda sq: C.Dismount(who, to=sq)),
        "climb": lambda: _decide(battle, "climb", [C.Climb(who, squares=(sq,)) for sq in views.climbable_near(battle, who)
                                                   or _adjacent_squares(battle, who)[:1]],
                                 lambda passed: {"squares": [list(c.squares[-1]) for c in passed]}),
        "move_through_web": lambda: _web_going(battle, who),
        "swim": lambda: _decide(battle, "swim", [C.Swim(who, squares=(sq,)) for sq in views.swimmable_near(battle, who)
                                                 or _adjacent_squares(battle, who)[:1]],
                                lambda passed: {"squares": [list(c.squares[-1]) for c in passed]}),
        "attack": lambda: _attack(battle, who),
        "full_attack": lambda: _full_attack(battle, who),
        "charge": lambda: _charge(battle, who),
        "spring_attack": lambda: _spring(battle, who),
        "whirlwind_attack": lambda: _decide(battle, "whirlwind_attack", [C.WhirlwindAttack(who)],
                                            lambda passed: {"targets": whirlwind_targets(battle, who)}),
        "overrun": lambda: _overrun(battle, who),
        "throw_splash": lambda: _splash(battle, who),
        "cast": lambda: _spells(battle, who),
        "coup_de_grace": lambda: _targeted(battle, who, "coup_de_grace", lambda t: C.CoupDeGrace(who, target=t),
                                           _helpless_first(battle, near())),
        "trip": lambda: _targeted(battle, who, "trip", lambda t: C.Trip(who, target=t), near()),
        "bull_rush": lambda: _targeted(battle, who, "bull_rush", lambda t: C.BullRush(who, target=t), near()),
        "disarm": lambda: _targeted(battle, who, "disarm", lambda t: C.Disarm(who, target=t), near()),
        "sunder": lambda: _targeted(battle, who, "sunder", lambda t: C.Sunder(who, target=t), near()),
        "feint": lambda: _targeted(battle, who, "feint", lambda t: C.Feint(who, target=t), near()),
        "grapple": lambda: _targeted(battle, who, "grapple", lambda t: C.Grapple(who, target=t), near()),
        "web": lambda: _targeted(battle, who, "web", lambda t: C.Web(who, target=t), others()),
        "mount": lambda: _targeted(battle, who, "mount", lambda t: C.Mount(who, mount=t),
                                   [t for t in near() if can_carry(battle, who, t) is None] or near()[:1]),
        "touch": lambda: _targeted(battle, who, "touch", lambda t: C.Touch(who, target=t), [who] + near()),
        "direct_spell": lambda: _targeted(battle, who, "direct_spell", lambda t: C.DirectSpell(who, target=t), others()),
        "aid_another": lambda: _decide(battle, "aid_another", _aid_pairs(battle, who, near()),
                                       lambda passed: {"pairs": [[c.ally, c.enemy] for c in passed if c.help != "skill"],
                                                       "skills": [[c.ally, c.skill] for c in passed if c.help == "skill"]}),
        "free_ally": lambda: _targeted(battle, who, "free_ally", lambda t: C.FreeAlly(who, ally=t), near()),
        "first_aid": lambda: _targeted(battle, who, "first_aid", lambda t: C.FirstAid(who, target=t),
                                       [b.id for b in battle.board().bodies if b.id != who
                                        and status_of(battle, b.id) == "dying"] or [who]),
        "open_door": lambda: _decide(battle, "open_door", [C.OpenDoor(who, at=sq) for sq in doors()],
                                     lambda passed: {"squares": [list(c.at) for c in passed]}),
        "close_door": lambda: _decide(battle, "close_door", [C.CloseDoor(who, at=sq) for sq in doors()],
                                      lambda passed: {"squares": [list(c.at) for c in passed]}),
        "channel_at_door": lambda: _decide(battle, "channel_at_door",
                                           [C.ChannelAtDoor(who, at=sq) for sq in views.sealed_doors_near(battle, who)
                                            or _adjacent_squares(battle, who)[:1]],
                                           lambda passed: {"squares": [list(c.at) for c in passed]}),
        # its own garrote, and a locked one round the throat of each creature next to it
        "cut_garrote": lambda: _decide(battle, "cut_garrote", [C.CutGarrote(who)] + [
            C.CutGarrote(who, target=t) for t in _near(battle, who, others()) if battle.read(t, Grapple).locked is not None],
                                       lambda passed: {"targets": [c.target or who for c in passed]}),
        "cut_web": lambda: _decide(battle, "cut_web", [C.CutWeb(who, at=sq) for sq in sections_in_reach(battle, who)]
                                   or [C.CutWeb(who, at=battle.board().body(who).pos)],
                                   lambda passed: {"squares": [list(c.at) for c in passed]}),
        "move_object": lambda: _decide(battle, "move_object", _object_moves(battle, who),
                                       lambda passed: {"moves": [[list(c.at), list(c.to)] for c in passed]}),
        "draw": lambda: _decide(battle, "draw", [C.Draw(who, weapon=w) for w in dict.fromkeys(mine) if w in weapons]
                                or [C.Draw(who, weapon="dagger")],
                                lambda passed: {"weapons": [c.weapon for c in passed]}),
        "pick_up": lambda: _decide(battle, "pick_up",
                                   [C.PickUp(who, item=i) for i in dict.fromkeys(battle.shared_read.ground.get(
                                       battle.board().body(who).pos, []))] or [C.PickUp(who)],
                                   lambda passed: {"items": [c.item for c in passed]}),
        "retrieve": lambda: _items_domain(battle, who, "retrieve", lambda i: C.Retrieve(who, item=i),
                                          [i for i in dict.fromkeys(mine) if i not in weapons]
                                          or ["potion_cure_light_wounds"]),
        "use_item": lambda: _spell_option(battle, who, "use_item",
                                          [(data.magic_items()[i]["spell"], {"item": i}) for i in dict.fromkeys(mine)
                                           if i in data.magic_items()], C.UseItem(who, item="potion_cure_light_wounds")),
        "use_spell_like": lambda: _spell_option(battle, who, "use_spell_like",
                                                [(s, {"spell": s}) for s, n in battle.read(who, SpellLike).uses.items()
                                                 if n != 0], C.UseSpellLike(who, spell="magic_missile", targets=(who,))),
        "retrieve_component": lambda: _decide(battle, "retrieve_component",
                                              [C.RetrieveComponent(who, spell=s) for s in _spells_known(battle, who)]
                                              or [C.RetrieveComponent(who, spell="magic_missile")],
                                              lambda passed: {"spells": [c.spell for c in passed]}),
        "ride": lambda: _ride(battle, who),
        "ready": lambda: _decide(battle, "ready", [C.Ready(who, trigger="enemy_moves_within_reach")],
                                 lambda passed: {"triggers": list(READY_TRIGGERS)}),
        "start_full_round": lambda: _decide(battle, "start_full_round",
                                            [C.StartFullRound(who, command=C.Load(who))]),
    }
    grappling = {
        "grapple_damage": lambda t: C.GrappleDamage(who, target=t), "grapple_attack": lambda t: C.GrappleAttack(who, target=t),
        "pin": lambda t: C.Pin(who, target=t), "use_opponent_weapon": lambda t: C.UseOpponentWeapon(who, target=t),
        "garrote": lambda t: C.Garrote(who, target=t),
    }
    for name, make in grappling.items():
        out[name] = (lambda name=name, make=make: _grapple_options(battle, who, name, make))
    out["grapple_move"] = lambda: _squares(battle, who, "grapple_move", lambda sq: C.GrappleMove(who, squares=(sq,)))
    out["grapple_draw"] = lambda: _decide(battle, "grapple_draw",
                                          [C.GrappleDraw(who, weapon=w) for w in dict.fromkeys(mine) if w in weapons]
                                          or [C.GrappleDraw(who)])
    for name, mode, make in (("turn_creatures", "turn", C.TurnCreatures), ("rebuke_creatures", "rebuke", C.RebukeCreatures),
                             ("bolster_creatures", "bolster", C.BolsterCreatures)):
        out[name] = (lambda name=name, mode=mode, make=make: _domain_kinds(battle, who, name, mode, make))
    out["command_undead"] = lambda: _commanded(battle, who, "command_undead", C.CommandUndead)
    out["release_undead"] = lambda: _commanded(battle, who, "release_undead", C.ReleaseUndead)
    for name in PLAIN:
        out[name] = (lambda name=name: _decide(battle, name, [COMMANDS[name](who)]))
    # speaking: offered with the first stock call (the window lists them all; ``act`` takes any few words)
    out["speak"] = lambda: _decide(battle, "speak", [C.Speak(who, text=STOCK_CALLS[0])])
    return out


def _object_moves(battle, who: str) -> list[Command]:
    """Each heavy object next to the creature to each square around it (the engine judges
    which are free), or one stand-in that the gate refuses."""
    moves = [C.MoveObject(who, at=at, to=to) for at in heavy_objects_next_to(battle, who)
             for to in heavy_destinations(battle, at)]
    here = battle.board().body(who).pos
    return moves or [C.MoveObject(who, at=here, to=here)]


def _helpless_first(battle, ids: list[str]) -> list[str]:
    """A coup de grace needs a helpless target (French text, "coup de grâce"): those only,
    or the nearest creature to explain the refusal."""
    board = battle.board()
    return [c for c in ids if board.body(c).is_helpless] or ids[:1]


def _aid_pairs(battle, who: str, near: list[str]) -> Iterator[Command]:
    """Aid another: an ally against an enemy it is in melee with, or an ally beside it on a
    skill check, made as they are tried."""
    board = battle.board()
    me = board.body(who)
    enemies = [c for c in near if board.body(c).side != me.side] or near[:1]
    allies = [c for c in near if board.body(c).side == me.side]      # never itself (``do_aid_another``)
    if not allies:
        yield C.AidAnother(who, ally=who, enemy=who)
        return
    yield from (C.AidAnother(who, ally=a, enemy=e) for e in enemies for a in allies)
    # on a skill check (``actions.helping``): each ally near, each skill one may help with
    yield from (C.AidAnother(who, ally=a, help="skill", skill=s) for a in allies for s in AIDED_SKILLS)


def _spells_known(battle, who: str) -> list[str]:
    sc = battle.read(who, Spellcasting)
    return list(dict.fromkeys([e.split(":")[-1] for e in sc.prepared] + list(sc.known)))


def _commanded(battle, who: str, action: str, make) -> Option:
    undead = commanded(battle, who)
    return _decide(battle, action, [make(who, undead=u) for u in undead] or [make(who)],
                   lambda passed: {"undead": [c.undead for c in passed]})


def _domain_kinds(battle, who: str, action: str, mode: str, make) -> Option:
    """A domain's turning power: one per kind of creature the cleric's domains let it turn,
    rebuke or bolster (``rules.domains``), offered with the kinds that pass."""
    kinds = domains.kinds_open(battle.spec(who).domains, mode)
    return _decide(battle, action, [make(who, kind=k) for k in kinds] or [make(who, kind="fire")],
                   lambda passed: {"kinds": [c.kind for c in passed]})


def _ride(battle, who: str) -> Option:
    """The rider moves its mount (French text, « combat monté »): offered when a ``Ride``
    to the nearest square the mount's move reaches passes; the domain's "squares" are the
    mount's move, its "double" the mount's double move (``_ridden_double``), each made when
    first read."""
    if not battle.read(who, Riding).mount:
        return _decide(battle, "ride", [C.Ride(who, squares=(_adjacent_squares(battle, who)[0],))])
    both = views.move_and_double(battle, who)
    found = both.move()
    candidates: list[Command] = []
    if found:
        goal = min(found, key=lambda sq: (found[sq], sq[1], sq[0]))
        seen = views.path(battle, who, goal, "move")
        if seen.legal:
            candidates.append(C.Ride(who, squares=seen.squares))
    option = _decide(battle, "ride", candidates or [C.Ride(who, squares=(_adjacent_squares(battle, who)[0],))])
    if option.legal:
        return Option("ride", None, option.probe,
                      lambda: LazyParts({"squares": lambda: _squares_domain(found),
                                         "double": lambda: _ridden_double(battle, who, both)}))
    return option


def _ridden_double(battle, who: str, both) -> list[list]:
    """Where the mount's double move reaches (digest §1.2, "Double move: two move actions,
    up to 2× speed"; in the saddle one ``Ride`` in mode "double", the mount's full-round
    action): every square of its double-move search when ``check`` passes such a ride to
    the nearest square beyond its move (the nearest of all when none is beyond), as an
    option is decided by a probe; none when that ride is refused (the mount has already
    moved, its rider cannot spare the move action to control it)."""
    double = both.double()
    if not double:
        return []
    moves = both.move()
    beyond = [sq for sq in double if sq not in moves] or list(double)
    goal = min(beyond, key=lambda sq: (double[sq], sq[1], sq[0]))
    seen = views.path(battle, who, goal, "double")
    if not seen.legal or _judge(battle, C.Ride(who, mode="double", squares=seen.squares)) is not None:
        return []
    return _squares_domain(double)


class Options(Mapping):
    """Every action of ``act`` for one creature, in the catalogue's order, each decided
    when first read (reading them all decides them all)."""

    def __init__(self, battle, who: str):
        self._providers = _providers(battle, who)
        self._decided: dict[str, Option] = {}

    def __getitem__(self, name: str) -> Option:
        option = self._decided.get(name)
        if option is None:
            option = self._decided[name] = self._providers[name]()
        return option

    def __iter__(self):
        return iter(COMMANDS)

    def __len__(self) -> int:
        return len(COMMANDS)


def options(battle, who: str) -> Options:
    """Every action of ``act`` for ``who``."""
    return Options(battle, who)


def worn_or_held(battle, cid: str) -> list[str]:
    """What a snatch may aim at on ``cid``: its worn items and what it holds in hand."""
    held = battle.read(cid, Hands).holding
    worn = list(battle.read(cid, Worn).items)
    return worn + ([held] if held and held not in worn else [])


def spell_refusals(battle, who: str) -> dict[tuple[str, str], Refusal | None]:
    """For each way to cast now (``spell_sources.spell_choices``: kind and id), the refusal
    of its likeliest aims when none passes, else None: the spell list greys those with the
    engine's reason instead of offering a spell the click would refuse."""
    out: dict[tuple[str, str], Refusal | None] = {}
    for choice in spell_choices(battle, who):
        if choice.kind == "item":
            make, fixed = C.UseItem, {"item": choice.ident}
        elif choice.kind == "spell_like":
            make, fixed = C.UseSpellLike, {"spell": choice.spell}
        elif choice.kind == "prepared":
            make, fixed = C.Cast, {"spell": choice.spell, **_prepared_metamagic(choice.ident)}
        elif choice.kind == "convert":
            entries = spell_views.prepared_at_least(battle, who, choice.spell)
            make, fixed = C.Cast, {"spell": choice.spell, **({"spontaneous_from": entries[0]} if entries else {})}
        else:
            make, fixed = C.Cast, {"spell": choice.spell}
        first = None
        for aim in _aims(battle, who, choice.spell):
            refusal = _judge(battle, make(who, **fixed, **aim))
            if refusal is None:
                first = None
                break
            first = first or refusal
        out[(choice.kind, choice.ident)] = first
    return out
