"""Going through a Web spell's strands (SRD Web; data-digest §5, ``web``): "If the save
fails, the creature is entangled and can't move from its space, but can break loose by
spending 1 round and making a DC 20 Strength check or a DC 25 Escape Artist check. Once
loose (either by making the initial Reflex save or a later Strength check or Escape
Artist check), a creature remains entangled, but may move through the web very slowly.
Each round devoted to moving allows the creature to make a new Strength check or Escape
Artist check. The creature moves 5 feet for each full 5 points by which the check result
exceeds 10."

Pure numbers and geometry: how far a check result carries the creature, the chance of a
result, and the web squares a creature can reach for a given distance. Unit: squares
(1.5 m, 5 ft) internally. The distance is counted square by square with the 1-2-1 rule of
diagonals (decisions §1): the check gives the distance outright, so the web's being hard
going is not counted a second time.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from fractions import Fraction

from .board import Board, Body
from .geometry import Square, space_squares
from .movement import MoveContext
from .reasons import Refusal

BURST_DC = 20             # "a DC 20 Strength check"
ESCAPE_DC = 25            # "or a DC 25 Escape Artist check"
BASE = 10                 # "for each full 5 points by which the check result exceeds 10"
STEP = 5
METHODS = ("strength", "escape_artist")


def squares_for(total: int) -> int:
    """The squares (5 ft each) a check result carries it: one per full 5 points above 10."""
    return max(0, (total - BASE) // STEP)


def needed(cost: int) -> int:
    """The least check result that carries it ``cost`` squares."""
    return BASE + STEP * cost


def chance(bonus: int, cost: int) -> Fraction:
    """The chance that d20 + ``bonus`` carries it ``cost`` squares or more. A check has no
    automatic success or failure on a natural 20 or 1 (SRD "Checks"), unlike a save."""
    return Fraction(sum(1 for d20 in range(1, 21) if d20 + bonus >= needed(cost)), 20)


def best_squares(bonus: int) -> int:
    """The farthest a check can carry it: a natural 20."""
    return squares_for(20 + bonus)


@dataclass(frozen=True)
class WebGoingPlan:
    """A move through the web as its check will be rolled (a preview's plan): the method,
    the check's bonus, and the squares of the path each with its cost so far (in squares),
    in order."""
    who: str
    method: str
    bonus: int
    path: tuple[tuple[Square, int], ...]

    def chance_to(self, index: int) -> Fraction:
        """The chance it gets as far as the path's ``index``-th square (0: the first)."""
        return chance(self.bonus, self.path[index][1])


def _inside(area: frozenset[Square], pos: Square, span: int) -> bool:
    return any(sq in area for sq in space_squares(pos, span))


def path_costs(board: Board, body: Body, squares: list[Square], area: frozenset[Square]) -> list[int] | Refusal:
    """Each square's cost so far along ``squares`` (the positions entered, in order), or
    why the path cannot be taken: a step of one square each, through the web, the last
    one may be the first out of it (it is free of the web there); no wall, corner cut or
    foe in the way (as a move, ``rules.movement``), and an end where its space can stand."""
    ctx = MoveContext.of(board, body)
    here, idx, parity, cost = body.pos, ctx.index(body.pos), 0, 0
    out: list[int] = []
    for sq in squares:
        dx, dy = sq[0] - here[0], sq[1] - here[1]
        if max(abs(dx), abs(dy)) != 1:
            return Refusal("PATH_NOT_ADJACENT", {"square": list(sq)})
        if not _inside(area, here, body.span):
            return Refusal("WEB_PATH_OUT", {"square": list(sq)})
        step = ctx.step(idx, dx, dy, parity)
        if isinstance(step, Refusal):
            return Refusal(step.code, {"square": list(sq)})
        diagonal = dx != 0 and dy != 0
        cost += (2 if parity else 1) if diagonal else 1
        parity ^= 1 if diagonal else 0
        idx, here = idx + dy * ctx.pw + dx, sq
        out.append(cost)
    if not ctx.can_end(idx):
        return Refusal("END_OCCUPIED", {"square": list(squares[-1])})
    return out


def reach(board: Board, body: Body, area: frozenset[Square], limit: int) -> dict[Square, tuple[int, tuple[Square, ...]]]:
    """Every position its space can end on within ``limit`` squares through the web (the
    first square out of it included), with the least cost and a path of that cost (the
    squares entered). The start excluded."""
    ctx = MoveContext.of(board, body)
    start = body.pos
    best: dict[tuple[Square, int], int] = {(start, 0): 0}
    paths: dict[tuple[Square, int], tuple[Square, ...]] = {(start, 0): ()}
    todo = [(0, start, 0)]
    out: dict[Square, tuple[int, tuple[Square, ...]]] = {}
    while todo:
        cost, here, parity = heapq.heappop(todo)
        if best.get((here, parity), cost) < cost:
            continue
        if here != start and ctx.can_end(ctx.index(here)) and (here not in out or out[here][0] > cost):
            out[here] = (cost, paths[(here, parity)])
        if not _inside(area, here, body.span):
            continue                      # out of the web: the slow going ends there
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if not (dx or dy):
                    continue
                step = ctx.step(ctx.index(here), dx, dy, parity)
                if isinstance(step, Refusal):
                    continue
                diagonal = dx != 0 and dy != 0
                new_cost = cost + ((2 if parity else 1) if diagonal else 1)
                new_parity = parity ^ (1 if diagonal else 0)
                there = (here[0] + dx, here[1] + dy)
                if new_cost > limit or best.get((there, new_parity), limit + 1) <= new_cost:
                    continue
                best[(there, new_parity)] = new_cost
                paths[(there, new_parity)] = paths[(here, parity)] + (there,)
                heapq.heappush(todo, (new_cost, there, new_parity))
    return out
