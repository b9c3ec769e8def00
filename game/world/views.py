"""The geometry the engine decides with, as views for the overlays, the options and the AI
(design/architecture.md, "The engine's faces": views). Each takes the battle as it stands
and passes the rules the same inputs the actions do: the turn's diagonal count, a
restricted creature's shorter charge, a rider moving through its mount. Nothing changes.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..rules import aoo, charge as charge_rules, flanking, movement, splash as splash_rules, threat
from ..rules.board import Board
from ..rules.geometry import Square, space_squares
from ..rules.reasons import Refusal
from ..rules.sight import cover as cover_of, cover_lines
from .components import Riding, TurnState

MOVE_MODES = ("move", "double", "5ft", "withdraw", "run")


def mover(battle, cid: str) -> tuple[Board, str]:
    """(board, id of what moves): in the saddle the mount moves, its rider never blocks it,
    and it reaches with the rider's weapon when charging (French text, "combat monté")."""
    board = battle.board()
    mount = battle.read(cid, Riding).mount
    if not mount:
        return board, cid
    weapon = board.body(cid).weapon
    bodies = tuple(replace(b, weapon=weapon) if b.id == mount else b for b in board.bodies if b.id != cid)
    return Board(board.terrain, bodies, board.variants), mount


def threatened(battle, cid: str) -> set[Square]:
    """The squares ``cid`` threatens now (digest §4.1)."""
    board = battle.board()
    return threat.threatened_squares(board, board.body(cid))


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


def path(battle, cid: str, goal: Square, mode: str) -> PathView:
    """The safest path for ``mode`` (move, double, withdraw, run) to ``goal`` (digest §4.3):
    what ``act`` would be given to get there, and every attack of opportunity on the way."""
    board, who = mover(battle, cid)
    body = board.body(who)
    ts = battle.read(who, TurnState)
    if mode == "run":
        from ..rules.lanes import lane_path
        squares = lane_path(body.pos, goal)[1:]
        check = movement.check_path(board, body, squares, "run")
        if not check.legal:
            return PathView(who, tuple(squares), body.pos, refusal=check.reason)
        cost = check.cost
    else:
        found = aoo.best_path(board, body, goal, mode, parity=ts.parity if mode == "move" else 0,
                              restricted=ts.restricted and mode == "withdraw")
        if found is None:
            near = max(abs(goal[0] - body.pos[0]), abs(goal[1] - body.pos[1])) == 1
            check = movement.check_path(board, body, [goal], mode) if near else None
            reason = check.reason if check is not None and check.reason else Refusal("PATH_UNREACHABLE")
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


def charge(battle, cid: str, target: str):
    """The charge against ``target`` as ``act`` would judge it (``rules.charge``): shorter
    when restricted to one action; through the mount when riding."""
    board, who = mover(battle, cid)
    if target not in board.by_id:
        return charge_rules.ChargeResult(False, reason=Refusal("CHARGE_SELF"))
    restricted = battle.read(cid, TurnState).restricted and who == cid
    return charge_rules.charge(board, board.body(who), board.body(target), restricted)


def charge_lane(battle, cid: str, end: Square) -> tuple[set[Square], tuple[tuple[float, float], tuple[float, float]]]:
    """The squares a charge to ``end`` passes and its centre line (decisions §3)."""
    from ..rules.lanes import lane_squares
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


def doors_near(battle, cid: str) -> list[Square]:
    """Door squares, open or closed, next to the creature's space."""
    terrain = battle.current_terrain()
    mine = set(space_of(battle, cid))
    near = {(x + dx, y + dy) for x, y in mine for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - mine
    return sorted(sq for sq in near if terrain.kind(sq).id in ("door", "open_door"))


def climbable_near(battle, cid: str) -> list[Square]:
    """Rock-face squares next to the creature, or all its neighbours when it is on a face."""
    terrain = battle.current_terrain()
    x, y = battle.board().body(cid).pos
    around = [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]
    if terrain.kind((x, y)).id == "cliff":
        return [sq for sq in around if terrain.in_bounds(sq)]
    return [sq for sq in around if terrain.kind(sq).id == "cliff"]


def creature_at(battle, square: Square) -> str | None:
    """Who stands in a square (the first by id)."""
    for body in battle.board().occupants.get(square, ()):
        return body.id
    return None


def space_of(battle, cid: str) -> list[Square]:
    body = battle.board().body(cid)
    return space_squares(body.pos, body.span)
