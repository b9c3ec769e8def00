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

import heapq
from dataclasses import replace

from .board import Board, Body
from .geometry import KING_MOVES, Square, bounding_box, distance, space_squares
from .movement import MoveContext, budget, mode_refusal
from .sight import NONE, cover
from .threat import threatened_squares, threatens


def _can_see(mover: Body, enemy: Body) -> bool:
    return "invisible" not in enemy.conditions and "blinded" not in mover.conditions


def _aoo_enemies(board: Board, body: Body, area: tuple[int, int, int, int]) -> list[Body]:
    """Enemies able to take attacks of opportunity whose reach could touch ``area``."""
    x0, y0, x1, y1 = area
    out = []
    for e in board.enemies_of(body):
        if not e.can_make_aoo():
            continue
        r = e.threat_band().outer
        ex, ey = e.pos
        if ex + e.span - 1 + r < x0 or ex - r > x1 or ey + e.span - 1 + r < y0 or ey - r > y1:
            continue
        out.append(e)
    return out


def provokes_leaving(board: Board, enemy: Body, mover: Body, pos: Square) -> bool:
    """Does ``mover`` provoke ``enemy`` by leaving its space at ``pos``?"""
    if not any(threatens(board, enemy, sq) for sq in space_squares(pos, mover.span)):
        return False
    placed = mover if mover.pos == pos else replace(mover, pos=pos)
    return cover(board, enemy, placed, "melee") == NONE


def provocations(board: Board, body: Body, positions: list[Square], mode: str) -> list[str]:
    """Ids provoked along a path (start included in ``positions``), in order, once each."""
    if mode == "5ft" or len(positions) < 2:
        return []
    span = body.span
    x0, y0, x1, y1 = bounding_box(positions)
    enemies = _aoo_enemies(board, body, (x0, y0, x1 + span - 1, y1 + span - 1))
    out: list[str] = []
    for i, pos in enumerate(positions[:-1]):
        for e in enemies:
            if e.id in out:
                continue
            if mode == "withdraw" and i == 0 and _can_see(body, e):
                continue
            if provokes_leaving(board, e, body, pos):
                out.append(e.id)
        if body.size.shares_square:
            nxt = set(space_squares(positions[i + 1], span))
            for e in enemies:
                if e.id not in out and nxt.intersection(e.squares):
                    out.append(e.id)
    return out


def best_path(board: Board, body: Body, goal: Square, mode: str) -> tuple[list[Square], list[str], int] | None:
    """The path to ``goal`` that provokes the fewest opponents, then costs least
    (positions without the start, provoked ids, cost in squares); None if unreachable.

    Exact: a label-setting search over (position, parity, opponents provoked so far),
    ordered by (number provoked, cost + 1-2-1 distance to the goal), with labels dropped
    when another at the same state provoked a subset for no more cost.
    """
    if mode_refusal(body, mode) or mode == "run":
        return None
    limit = budget(body, mode)
    ctx = MoveContext(board, body)
    start = body.pos
    if distance(start, goal) > limit or not ctx.can_end_at(goal):
        return None
    x, y = start
    area = (x - limit, y - limit, x + limit + body.span - 1, y + limit + body.span - 1)
    enemies = _aoo_enemies(board, body, area)
    # Which enemies each position provokes when left.
    provoke_at: dict[Square, frozenset[str]] = {}
    threat_sets = {e.id: threatened_squares(board, e) for e in enemies}
    for e in enemies:
        for sq in threat_sets[e.id]:
            for j in range(body.span):
                for i in range(body.span):
                    pos = (sq[0] - i, sq[1] - j)
                    if pos in provoke_at and e.id in provoke_at[pos]:
                        continue
                    if mode == "withdraw" and pos == start and _can_see(body, e):
                        continue
                    if provokes_leaving(board, e, body, pos):
                        provoke_at[pos] = provoke_at.get(pos, frozenset()) | {e.id}
    little = body.size.shares_square
    enemy_squares = {sq: e.id for e in enemies for sq in e.squares} if little else {}
    five = mode == "5ft"
    if five:
        dx, dy = goal[0] - start[0], goal[1] - start[1]
        if max(abs(dx), abs(dy)) != 1:
            return None
        res = ctx.step(ctx.index(start), dx, dy, 0)
        if not isinstance(res, tuple) or ctx.worst[ctx.index(goal)]:
            return None
        return [goal], [], 1
    counter = 0
    heap = [(0, distance(start, goal), 0, counter, start, 0, frozenset(), None)]
    labels: dict[tuple[Square, int], list[tuple[frozenset, int]]] = {}
    parents = {}
    while heap:
        n_prov, _, cost, ident, pos, parity, provoked, parent = heapq.heappop(heap)
        key = (pos, parity)
        if any(p <= provoked and c <= cost for p, c in labels.get(key, ())):
            continue
        labels.setdefault(key, []).append((provoked, cost))
        parents[ident] = (pos, parent, provoked)
        if pos == goal:
            path = []
            node = ident
            while node is not None:
                p, node, _ = parents[node]
                path.append(p)
            path.reverse()
            order = provocations(board, body, path, mode)
            return path[1:], order, cost
        leaving = provoke_at.get(pos, frozenset())
        idx = ctx.index(pos)
        for dx, dy in KING_MOVES:
            res = ctx.step(idx, dx, dy, parity)
            if not isinstance(res, tuple):
                continue
            step, npar = res
            c = cost + step
            if c > limit:
                continue
            npos = (pos[0] + dx, pos[1] + dy)
            nprov = provoked | leaving
            if little:
                hit = [enemy_squares[sq] for sq in space_squares(npos, body.span) if sq in enemy_squares]
                if hit:
                    nprov = nprov | frozenset(hit)
            nkey = (npos, npar)
            if any(p <= nprov and cc <= c for p, cc in labels.get(nkey, ())):
                continue
            counter += 1
            heapq.heappush(heap, (len(nprov), c + distance(npos, goal), c, counter, npos, npar, nprov, ident))
    return None
