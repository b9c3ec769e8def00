"""Attacks of opportunity provoked by movement, and the safest path (digest §4.1, §4.3,
§1.3, §1.6; decisions §2).

- Leaving a square threatened by an opponent that can make attacks of opportunity
  provokes; several such squares in one movement are one opportunity per opponent.
- A 5-ft step never provokes. A withdraw's starting square does not provoke from
  opponents the mover can see (invisible ones still get their attack).
- No attack of opportunity against a mover with cover from the opponent.
- A Tiny or smaller creature entering an opponent's square provokes from it.
"""
from __future__ import annotations

import copy
import heapq
from dataclasses import replace

from .board import Board, Body
from .concealment import has_total_concealment
from .geometry import KING_MOVES, Square, bounding_box, distance, space_squares
from .movement import MoveContext, budget, check_path, mode_refusal, tumbling_context
from .sight import NONE, cover
from .terrain import MEDIA
from .threat import threat_map, threatened_squares


def opportunities_a_round(feats: frozenset[str], dex_modifier: int) -> int:
    """Attacks of opportunity a creature may make in a round: one; with Combat Reflexes,
    1 + its Dexterity modifier (digest §4.3)."""
    return 1 + max(0, dex_modifier) if "combat_reflexes" in feats else 1


def can_see(mover: Body, enemy: Body) -> bool:
    """Does the mover see the enemy, for a withdraw's first square (digest §1.6)? Not
    when the enemy has total concealment against it: invisible, or the mover blinded
    (digest §7.3)."""
    return not has_total_concealment(mover.conditions, enemy.conditions)


def enemies_reaching(board: Board, body: Body, area: tuple[int, int, int, int]) -> list[Body]:
    """Enemies able to take attacks of opportunity whose reach could touch ``area``."""
    x0, y0, x1, y1 = area
    return [e for e, left, top, right, bottom in _reaching_boxes(board, body.side)
            if not (right < x0 or left > x1 or bottom < y0 or top > y1)]


def _reaching_boxes(board: Board, side: str) -> list[tuple[Body, int, int, int, int]]:
    """The enemies of ``side`` able to take attacks of opportunity, each with the box its
    reach covers (left, top, right, bottom), in id order: kept per board, as every step
    of every move asks who could be provoked."""
    key = ("reaching_boxes", side)
    known = board.move_contexts.get(key)
    if known is None:
        known = []
        for e in board.by_id_order:
            if e.side == side or not e.can_make_aoo():
                continue
            band = e.threat_band()
            assert band is not None              # it can make attacks of opportunity, so it threatens
            r = band.outer
            ex, ey = e.pos
            known.append((e, ex - r, ey - r, ex + e.span - 1 + r, ey + e.span - 1 + r))
        board.move_contexts[key] = known
    return known


def provokes_leaving(board: Board, enemy: Body, mover: Body, pos: Square,
                     threatened: frozenset[Square] | None = None) -> bool:
    """Does ``mover`` provoke ``enemy`` by leaving its space at ``pos``? ``threatened``:
    the enemy's threatened squares when the caller keeps them (the engine's threat map)."""
    if threatened is None:
        threatened = threat_map(board.terrain, board.variants, enemy)
    if not any(sq in threatened for sq in space_squares(pos, mover.span)):
        return False
    placed = mover if mover.pos == pos else mover.at(pos)
    return cover(board, enemy, placed, "melee") == NONE


def provocations(board: Board, body: Body, positions: list[Square], mode: str) -> list[str]:
    """Ids provoked along a path (start included in ``positions``), in order, once each."""
    if mode == "5ft" or len(positions) < 2:
        return []
    span = body.span
    x0, y0, x1, y1 = bounding_box(positions)
    enemies = enemies_reaching(board, body, (x0, y0, x1 + span - 1, y1 + span - 1))
    out: list[str] = []
    for i, pos in enumerate(positions[:-1]):
        for e in enemies:
            if e.id in out:
                continue
            if mode == "withdraw" and i == 0 and can_see(body, e):
                continue
            if provokes_leaving(board, e, body, pos):
                out.append(e.id)
        if body.size.shares_square:
            nxt = set(space_squares(positions[i + 1], span))
            for e in enemies:
                if e.id not in out and nxt.intersection(e.squares):
                    out.append(e.id)
    return out


# A search label: (number provoked, cost + estimate, cost, id, position, index, parity,
# opponents provoked, parent id); ids are unique, so the heap never compares further.
_Label = tuple[int, int, int, int, Square, int, int, frozenset[str], int | None]


def best_path(board: Board, body: Body, goal: Square, mode: str, parity: int = 0,
              restricted: bool = False, tumbling: bool = False) -> tuple[list[Square], list[str], int] | None:
    """The path to ``goal`` that provokes the fewest opponents, then costs least
    (positions without the start, provoked ids in order, cost in squares); None if
    unreachable. ``parity`` continues the turn's 1-2-1 count (decisions §1); a
    ``restricted`` creature withdraws at its speed only (French text, "retraite").
    ``tumbling``: through enemies' squares too (a tumbling move, digest §4.6): the fewest
    foes it leaves the threatened squares of are the fewest Tumble checks.

    Exact: a label-setting search over (position, parity, opponents provoked so far),
    ordered by (number provoked, cost + 1-2-1 distance to the goal), with labels dropped
    when another at the same state provoked a subset for no more cost.
    A climber or swimmer goes as ``movement.reachable`` lets it: on foot at its land
    speed, or through faces or water at the lower speed (or, starting in them, never
    leaving them at that mode's speed); each way's path is kept only when
    ``movement.check_path`` passes it, the judge ``act`` uses, and the safest is chosen.
    """
    if mode_refusal(body, mode) or mode == "run":
        return None
    if not body.media or mode == "5ft" or tumbling:
        return _search(board, body, goal, mode, parity, budget(body, mode, restricted), tumbling)
    used = sum(MEDIA[m] for m in body.media)
    ways = [(replace(body, climb_squares=0, swim_squares=0), budget(body, mode, restricted)),
            (body, budget(body, mode, restricted, used))]
    ctx = MoveContext.of(board, body)
    inside = ctx.inside[ctx.index(body.pos)]
    if inside:
        ways.append((body, budget(body, mode, restricted, inside, True)))
    found = []
    for n, (way_body, limit) in enumerate(ways):
        path = _search(board, way_body, goal, mode, parity, limit)
        if path is not None and not check_path(board, body, path[0], mode, restricted, parity).legal and n == 0:
            # On foot the search may have gone over a face or a web the mover crosses at its
            # slower climbing speed (a spinner walks its webs so): on foot means around them.
            path = _search(board, way_body, goal, mode, parity, limit, avoiding=ctx)
        if path is not None and check_path(board, body, path[0], mode, restricted, parity).legal:
            found.append(path)
    return min(found, key=lambda f: (len(f[1]), f[2]), default=None)


def _search(board: Board, body: Body, goal: Square, mode: str, parity: int, limit: int, tumbling: bool = False,
            avoiding: MoveContext | None = None) -> tuple[list[Square], list[str], int] | None:
    """``best_path``'s search within ``limit`` squares of movement; ``avoiding``: the
    context of the mover with its climb or swim speed, whose medium squares this search
    keeps out of (the way on foot)."""
    span = body.span
    x, y = body.pos
    ctx = tumbling_context(board, body) if tumbling else MoveContext.of(board, body)
    if avoiding is not None:
        ctx = copy.copy(ctx)            # the cached context stays as it is
        ctx.pass_block = ctx.pass_block | {i for i, bits in enumerate(avoiding.inside) if bits}
    start = body.pos
    if distance(start, goal) > limit or not ctx.can_end_at(goal):
        return None
    if mode == "5ft":
        dx, dy = goal[0] - start[0], goal[1] - start[1]
        if max(abs(dx), abs(dy)) != 1:
            return None
        res = ctx.step(ctx.index(start), dx, dy, 0)
        if not isinstance(res, tuple) or ctx.worst[ctx.index(goal)]:
            return None
        return [goal], [], 1
    leaving = _leaving_table(board, body, mode, (x - limit, y - limit, x + limit + span - 1, y + limit + span - 1))
    if not leaving.enemies and not leaving.little:
        return _cheapest_path(ctx, start, goal, limit, parity)
    pw = ctx.pw
    fits, worst, corner = ctx.fits, ctx.worst, ctx.corner
    pass_block, double_cost = ctx.pass_block, ctx.double_cost
    moves = [(dx, dy, dy * pw + dx, dy * pw, dx != 0 and dy != 0) for dx, dy in KING_MOVES]
    gx, gy = goal
    counter = 0
    heap: list[_Label] = [(0, distance(start, goal), 0, 0, start, ctx.index(start), parity, frozenset(), None)]
    labels: dict[int, list[tuple[frozenset[str], int]]] = {}       # by state: index * 2 + parity
    parents: dict[int, tuple[Square, int | None]] = {}
    while heap:
        _n, _f, cost, ident, pos, idx, parity, provoked, parent = heapq.heappop(heap)
        key = idx * 2 + parity
        seen = labels.get(key)
        if seen is not None:
            if _dominated(seen, provoked, cost):
                continue
            seen.append((provoked, cost))
        else:
            labels[key] = [(provoked, cost)]
        parents[ident] = (pos, parent)
        if pos == goal:
            path = _walk_back(parents, ident)
            return path[1:], leaving.order(path), cost
        left = provoked | leaving.at(pos)
        px, py = pos
        for dx, dy, off, dyoff, diag in moves:
            n = idx + off
            if not fits[n] or n in pass_block:
                continue
            if diag:
                if corner[idx + dx] or corner[idx + dyoff]:
                    continue
                step = 3 if worst[n] else (2 if parity else 1)
                npar = parity ^ 1
            else:
                step = 2 if worst[n] else 1
                npar = parity
            if double_cost and n in double_cost:
                step *= 2
            c = cost + step
            if c > limit:
                continue
            npos = (px + dx, py + dy)
            nprov = leaving.entering(npos, left)
            nseen = labels.get(n * 2 + npar)
            if nseen is not None and _dominated(nseen, nprov, c):
                continue
            counter += 1
            ax, ay = abs(gx - npos[0]), abs(gy - npos[1])
            h = ax + ay // 2 if ax >= ay else ay + ax // 2
            heapq.heappush(heap, (len(nprov), c + h, c, counter, npos, n, npar, nprov, ident))
    return None


def _dominated(labels: list[tuple[frozenset[str], int]], provoked: frozenset[str], cost: int) -> bool:
    """Whether a label of the state provoked a subset of ``provoked`` for no more cost (a
    plain loop: the search asks it at every push and pop)."""
    for p, c in labels:
        if c <= cost and (not p or p <= provoked):
            return True
    return False


def _walk_back(parents: dict[int, tuple[Square, int | None]], ident: int) -> list[Square]:
    """The positions from the start to the label ``ident``, following its parents."""
    path: list[Square] = []
    node: int | None = ident
    while node is not None:
        p, node = parents[node]
        path.append(p)
    path.reverse()
    return path


def _cheapest_path(ctx: MoveContext, start: Square, goal: Square, limit: int,
                   parity: int) -> tuple[list[Square], list[str], int] | None:
    """``best_path`` where no opponent can be provoked (none reaches the area): every
    label provokes nobody, so a state's labels come down to its least cost. The same
    search with the sets left out, its labels pushed and popped in the same order (cost
    plus estimate, cost, push count), so that it finds the same path among equals."""
    pw = ctx.pw
    fits, worst, corner = ctx.fits, ctx.worst, ctx.corner
    pass_block, double_cost = ctx.pass_block, ctx.double_cost
    moves = [(dx, dy, dy * pw + dx, dy * pw, dx != 0 and dy != 0) for dx, dy in KING_MOVES]
    gx, gy = goal
    counter = 0
    heap: list[tuple[int, int, int, Square, int, int, int | None]] = [
        (distance(start, goal), 0, 0, start, ctx.index(start), parity, None)]
    least: dict[int, int] = {}           # by state: index * 2 + parity
    parents: dict[int, tuple[Square, int | None]] = {}
    get = least.get
    while heap:
        _f, cost, ident, pos, idx, parity, parent = heapq.heappop(heap)
        key = idx * 2 + parity
        known = get(key)
        if known is not None and known <= cost:
            continue
        least[key] = cost
        parents[ident] = (pos, parent)
        if pos == goal:
            return _walk_back(parents, ident)[1:], [], cost
        px, py = pos
        for dx, dy, off, dyoff, diag in moves:
            n = idx + off
            if not fits[n] or n in pass_block:
                continue
            if diag:
                if corner[idx + dx] or corner[idx + dyoff]:
                    continue
                step = 3 if worst[n] else (2 if parity else 1)
                npar = parity ^ 1
            else:
                step = 2 if worst[n] else 1
                npar = parity
            if double_cost and n in double_cost:
                step *= 2
            c = cost + step
            if c > limit:
                continue
            known = get(n * 2 + npar)
            if known is not None and known <= c:
                continue
            counter += 1
            ax, ay = abs(gx - px - dx), abs(gy - py - dy)
            h = ax + ay // 2 if ax >= ay else ay + ax // 2
            heapq.heappush(heap, (c + h, c, counter, (px + dx, py + dy), n, npar, ident))
    return None


def _leaving_table(board: Board, body: Body, mode: str, area: tuple[int, int, int, int]) -> "_LeavingTable":
    """The table of who leaving each position provokes, made once per board, mover and
    area: a computer player asks the paths to several squares of one board, and what a
    position provokes is the same for each (kept with the body, as ``sight.cover`` keeps
    its answers: a body moved in thought is another table)."""
    key = ("leaving", body.id, mode, area)
    known = board.move_contexts.get(key)
    if known is None or known.body is not body:
        known = board.move_contexts[key] = _LeavingTable(board, body, mode, area)
    return known


class _LeavingTable:
    """Who a mover provokes by leaving each position, computed once per position from the
    opponents' threatened squares (the same rule as ``provokes_leaving``)."""

    def __init__(self, board: Board, body: Body, mode: str, area: tuple[int, int, int, int]):
        self.board = board
        self.body = body
        self.mode = mode
        self.enemies = [e for e in enemies_reaching(board, body, area)]
        self.threats = {e.id: threatened_squares(board, e) for e in self.enemies}
        self.enemies = [e for e in self.enemies if self.threats[e.id]]
        self.cache: dict[Square, frozenset[str]] = {}
        self.little = body.size.shares_square
        self.enemy_squares = {sq: e.id for e in self.enemies for sq in e.squares} if self.little else {}

    def at(self, pos: Square) -> frozenset[str]:
        got = self.cache.get(pos)
        if got is None:
            got = frozenset(self._compute(pos))
            self.cache[pos] = got
        return got

    def _compute(self, pos: Square) -> list[str]:
        body = self.body
        squares = space_squares(pos, body.span)
        out = []
        placed = None
        for e in self.enemies:
            threat = self.threats[e.id]
            if not any(sq in threat for sq in squares):
                continue
            if self.mode == "withdraw" and pos == body.pos and can_see(body, e):
                continue
            if placed is None:
                placed = body if body.pos == pos else body.at(pos)
            if cover(self.board, e, placed, "melee") == NONE:
                out.append(e.id)
        return out

    def entering(self, pos: Square, provoked: frozenset[str]) -> frozenset[str]:
        """A little creature also provokes by entering an opponent's square."""
        if not self.little:
            return provoked
        hit = [self.enemy_squares[sq] for sq in space_squares(pos, self.body.span) if sq in self.enemy_squares]
        return provoked | frozenset(hit) if hit else provoked

    def order(self, path: list[Square]) -> list[str]:
        """Provoked ids in the order provoked, like ``provocations``."""
        out: list[str] = []
        for i, pos in enumerate(path[:-1]):
            for eid in sorted(self.at(pos)):
                if eid not in out:
                    out.append(eid)
            for eid in sorted(self.entering(path[i + 1], frozenset()) - set(out)):
                out.append(eid)
        return out
