"""Moving on the grid: costs, legal steps, reachable areas and path checks.

Rules implemented (digest §1, decisions §1):
- 1-2-1 diagonals, the count running over all the movement of one turn;
- difficult terrain: 2 squares orthogonally, 3 diagonally (the diagonal still advances
  the count); a big creature pays for the worst square of its destination space;
- no diagonal step past a wall corner (for any size, 5-ft steps included);
- allies' squares can be crossed, enemies' only when helpless or three sizes apart;
  Tiny and smaller creatures enter occupied squares; a paralyzed creature's square
  counts double; no movement ends in another creature's space unless it is helpless
  (Tiny and smaller share squares);
- move (speed), double move (2x speed), 5-ft step, withdraw (2x speed), run (straight
  line, 4x speed, 3x in heavy armour; Run feat 5x / 4x);
- climb and swim speeds (French text, "retraite" and "pas de placement": one moves, steps
  and withdraws only in a mode one has a speed for): a creature with one enters the rock
  faces or the deep water it stands for like floor; a movement that enters or leaves
  such a square goes no farther than the lower of that speed and the land speed, one that
  never leaves them as far as that speed (README ruling); a run stays on the ground;
- darkness: no 5-ft step into, out of or within it without darkvision (French text,
  "pas de placement": "dans les ténèbres").
Costs are in squares; ``metres`` converts at the edges.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from .board import Board, Body
from .conditions import CANNOT_MOVE, CANNOT_RUN, blocking_reason
from .geometry import KING_MOVES, Square, space_squares
from .lanes import lane_path, run_lane_refusal
from .reasons import Refusal
from .sizes import Size, can_pass_by_size
from .terrain import MEDIA, Terrain

MODES = ("move", "double", "5ft", "withdraw", "run")

# How much of a square a little creature fills (digest §2.3: 4 Tiny, 25 Diminutive,
# 100 Fine per square), out of 100.
_SHARE_WEIGHT = {Size.T: 25, Size.D: 4, Size.F: 1}


def run_multiplier(body: Body) -> int:
    """Run: x4 speed, x3 in heavy armour; the Run feat adds one (digest §1.2)."""
    base = 3 if body.heavy_armor else 4
    return base + 1 if "run" in body.feats else base


def budget(body: Body, mode: str, restricted: bool = False, media: int = 0, within: bool = False) -> int:
    """Squares of movement a mode allows (digest §1.2, §1.6). A restricted creature
    (one action a turn) withdraws only its speed. ``media``: the ``terrain.MEDIA`` bits of
    the squares the movement goes through, whose speeds cap the land speed; ``within``:
    it never leaves them (all in the water, say), so that one speed is its speed."""
    speed = body.speed_squares
    used = [medium for medium, bit in MEDIA.items() if media & bit]
    if within and len(used) == 1:
        speed = body.mode_squares(used[0])
    for medium in used if not within else ():
        speed = min(speed, body.mode_squares(medium))
    if mode == "move":
        return speed
    if mode == "double":
        return 2 * speed
    if mode == "withdraw":
        return speed if restricted else 2 * speed
    if mode == "run":
        return run_multiplier(body) * speed
    if mode == "5ft":
        return 1
    raise ValueError(f"unknown movement mode {mode!r}")


def mode_refusal(body: Body, mode: str) -> Refusal | None:
    """Conditions and speeds that forbid a movement mode altogether."""
    cond = blocking_reason(body.conditions, CANNOT_MOVE)
    if cond:
        return Refusal("CONDITION_FORBIDS_MOVING", {"condition": cond})
    if "prone" in body.conditions:
        return Refusal("PRONE_MUST_STAND")
    fastest = max([body.speed_squares] + [body.mode_squares(m) for m in body.media])
    if fastest <= 0:
        return Refusal("NO_SPEED")
    if mode == "5ft" and fastest <= 1:
        # A speed of 1.5 m or less allows no 5-ft step (French text, pas de placement).
        return Refusal("FIVE_FOOT_STEP_SPEED_TOO_LOW")
    if mode == "withdraw" and "blinded" in body.conditions:
        return Refusal("WITHDRAW_BLINDED")
    if mode == "run":
        cond = blocking_reason(body.conditions, CANNOT_RUN)
        if cond:
            return Refusal("CONDITION_FORBIDS_RUNNING", {"condition": cond})
    return None


def _passable(body: Body, other: Body) -> bool:
    """Whether ``body`` may move through ``other``'s squares: a helpless creature, an
    ally, or one three size categories apart (digest §1.5)."""
    return other.is_helpless or not other.is_enemy_of(body) or can_pass_by_size(body.size, other.size)


class MoveContext:
    """Everything the pathfinder needs about one mover on one board, as flat arrays
    indexed like ``Terrain`` (padded), built once per question."""

    def __init__(self, board: Board, body: Body, window: tuple[int, int, int, int] | None = None):
        """``window`` (x0, y0, x1, y1): only creatures whose space meets it matter (a
        movement of budget b never looks farther than b squares)."""
        terrain = board.terrain
        self.board = board
        self.pw = terrain.pw
        span = body.span
        self.fits, self.worst, self.corner, self.inside = terrain.media_arrays(span, body.media)
        self.pass_block: set[int] = set()
        self.end_block: set[int] = set()
        self.double_cost: set[int] = set()
        pw = self.pw
        little = body.size.shares_square
        share: dict[Square, int] = {}
        for other in board.bodies:
            if other.id == body.id:
                continue
            if window is not None:
                ox, oy = other.pos
                if (ox > window[2] or oy > window[3] or ox + other.span + span <= window[0]
                        or oy + other.span + span <= window[1]):
                    continue
            helpless = other.is_helpless
            passable = little or _passable(body, other)
            for sx, sy in other.squares:
                if little:
                    # Little creatures enter others' squares (to attack, digest §2.3) and
                    # share them with each other up to a full square.
                    share[(sx, sy)] = share.get((sx, sy), 0) + _SHARE_WEIGHT.get(other.size, 0)
                    continue
                for j in range(span):
                    for i in range(span):
                        idx = (sy - j + 1) * pw + sx - i + 1
                        if not passable:
                            self.pass_block.add(idx)
                        if not helpless:
                            self.end_block.add(idx)
                        if "paralyzed" in other.conditions:
                            self.double_cost.add(idx)
        if little:
            mine = _SHARE_WEIGHT[body.size]
            for (sx, sy), used in share.items():
                if used + mine > 100:
                    self.end_block.add((sy + 1) * pw + sx + 1)

    @classmethod
    def letting_by(cls, board: Board, made: Board, body: Body, defender: str) -> None:
        """Give ``made`` — ``board`` with ``defender`` on ``body``'s side, an overrun's
        defender letting it by — the context of ``body`` made from its context on
        ``board`` (``of``) instead of from every creature again: an ally blocks no way,
        so the defender's squares stop blocking passage where no other foe blocks them
        too; where it may end and what it costs stay as they were."""
        key = (cls, body.id, body.side, body.size, body.span, body.media)
        if key in made.move_contexts:
            return
        ctx = cls.of(board, body)
        derived = cls.__new__(cls)
        derived.__dict__.update(ctx.__dict__)
        derived.board = made
        if not body.size.shares_square:          # a little mover has no passage blocked (``__init__``)
            foe = board.body(defender)
            freed = ctx.cover(foe, body.span)
            if not freed.isdisjoint(ctx.pass_block):
                fx, fy = foe.pos
                for other in board.bodies:
                    ox, oy = other.pos
                    near = (ox <= fx + foe.span + body.span and fx <= ox + other.span + body.span
                            and oy <= fy + foe.span + body.span and fy <= oy + other.span + body.span)
                    if near and other.id not in (body.id, defender) and not _passable(body, other):
                        freed -= ctx.cover(other, body.span)
                derived.pass_block = ctx.pass_block - freed
        made.move_contexts[key] = derived

    def cover(self, other: Body, span: int) -> set[int]:
        """The positions (as indices) at which a mover's space of ``span`` meets ``other``'s."""
        pw = self.pw
        return {(sy - j + 1) * pw + sx - i + 1 for sx, sy in other.squares for j in range(span) for i in range(span)}

    @classmethod
    def of(cls, board: Board, body: Body) -> "MoveContext":
        """The context of ``body`` on ``board``, made once per board (a board never
        changes; the engine makes a new one after each change). It depends only on who the
        mover is, its side, size and space — not on its speed or where it stands — so a
        body with another speed (a 1.5 m move) or position shares it."""
        cache = board.move_contexts
        key = (cls, body.id, body.side, body.size, body.span, body.media)    # other keys hold the engine's tables
        ctx: MoveContext | None = cache.get(key)
        if ctx is None:
            ctx = cache[key] = cls(board, body)
        return ctx

    def index(self, pos: Square) -> int:
        return (pos[1] + 1) * self.pw + pos[0] + 1

    def position(self, idx: int) -> Square:
        y, x = divmod(idx, self.pw)
        return (x - 1, y - 1)

    def can_end(self, idx: int) -> bool:
        return bool(self.fits[idx]) and idx not in self.end_block

    def can_end_at(self, pos: Square) -> bool:
        """``can_end`` for any position, on the map or not."""
        t = self.board.terrain
        if not (0 <= pos[0] < t.width and 0 <= pos[1] < t.height):
            return False
        return self.can_end(self.index(pos))

    def step(self, idx: int, dx: int, dy: int, parity: int) -> tuple[int, int] | Refusal:
        """Cost in squares and new parity of one step, or why it is illegal."""
        n = idx + dy * self.pw + dx
        if not self.fits[n]:
            return Refusal("BLOCKED_SQUARE")
        diag = dx != 0 and dy != 0
        if diag and (self.corner[idx + dx] or self.corner[idx + dy * self.pw]):
            return Refusal("CORNER")
        if n in self.pass_block:
            return Refusal("ENEMY_IN_THE_WAY")
        if self.worst[n]:
            cost = 3 if diag else 2
        else:
            cost = (2 if parity else 1) if diag else 1
        if n in self.double_cost:
            cost *= 2
        return cost, (parity ^ 1) if diag else parity


def reachable(board: Board, body: Body, mode: str, restricted: bool = False, parity: int = 0,
              tumbling: bool = False) -> dict[Square, int]:
    """Every position where ``body``'s space can end the movement, with its least cost in
    squares (the start excluded). Empty when the mode is forbidden. ``parity`` continues
    the turn's 1-2-1 count (decisions §1). ``tumbling``: through enemies' squares (a
    tumbling move, digest §4.6), on foot."""
    if mode_refusal(body, mode):
        return {}
    if tumbling:
        ctx = tumbling_context(board, body)
        start = ctx.index(body.pos)
        return _ends(ctx, _dial(ctx, start, budget(body, mode, restricted), parity), start)
    ctx = MoveContext.of(board, body)
    start = ctx.index(body.pos)
    if mode == "5ft":
        return _five_foot_steps(ctx, start, body)
    if body.media and mode != "run":
        return _reachable_with_media(board, body, mode, restricted, parity, ctx, start)
    if mode == "run":
        return {pos: cost for pos, cost in run_ends(board, body, on_foot(board, body)).items()}
    return _ends(ctx, _dial(ctx, start, budget(body, mode, restricted), parity), start)


def reachable_move_and_double(board: Board, body: Body, parity: int = 0) -> tuple[dict[Square, int], dict[Square, int]]:
    """``reachable`` for a move (continuing the turn's ``parity``) and for a double move
    (parity 0), as the move's options show both: ``MoveAndDouble``, the double searched first."""
    both = MoveAndDouble(board, body, parity)
    double = both.double()
    return both.move(), double


class MoveAndDouble:
    """``reachable`` for a move and for a double move, each searched when first asked (a
    double move's search covers about four times a move's squares, and a computer player
    weighing one move never needs it). One search serves both when the double comes
    first: on foot, with the count at parity 0, the least cost of a square is the same
    whatever the budget, so the move reaches exactly the double move's squares costing its
    speed or less (only the order the squares are listed in may differ: read them sorted)."""

    def __init__(self, board: Board, body: Body, parity: int = 0):
        self.board, self.body, self.parity = board, body, parity
        self._move: dict[Square, int] | None = None
        self._double: dict[Square, int] | None = None

    def double(self) -> dict[Square, int]:
        if self._double is None:
            self._double = reachable(self.board, self.body, "double")
        return self._double

    def move(self) -> dict[Square, int]:
        if self._move is None:
            if self._double is not None and not self.parity and not self.body.media:
                limit = budget(self.body, "move")
                self._move = {pos: cost for pos, cost in self._double.items() if cost <= limit}
            else:
                self._move = reachable(self.board, self.body, "move", parity=self.parity)
        return self._move


def _ends(ctx: MoveContext, costs: dict[int, int], start: int) -> dict[Square, int]:
    fits, end_block = ctx.fits, ctx.end_block
    return {ctx.position(idx): cost for idx, cost in costs.items()
            if idx != start and fits[idx] and idx not in end_block}


def tumbling_context(board: Board, body: Body) -> MoveContext:
    """The context of ``body`` tumbling: no enemy's square blocks its passage (Tumble DC 25
    through an enemy's square, digest §1.5), where it may end stays as it was."""
    key = (MoveContext, "tumbling", body.id, body.side, body.size, body.span, body.media)
    made = board.move_contexts.get(key)
    if made is None:
        made = MoveContext.__new__(MoveContext)
        made.__dict__.update(MoveContext.of(board, body).__dict__)
        made.pass_block = set()          # only enemies block passage (``_passable``)
        board.move_contexts[key] = made
    return made


def on_foot(board: Board, body: Body) -> MoveContext:
    """The context of ``body`` walking only: no face climbed, no water swum, and none of
    the ground it climbs walked either (a spider's web sheet, walked by others but crossed
    by the spider "at its climb speed", SRD Monstrous Spider: its movement there is the
    climbing one, ``budget``)."""
    if not body.media:
        return MoveContext.of(board, body)
    ctx = MoveContext.of(board, replace(body, climb_squares=0, swim_squares=0))
    key = (MoveContext, "on_foot", body.id, body.side, body.size, body.span, body.media)
    made = board.move_contexts.get(key)
    if made is None:
        inside = board.terrain.media_arrays(body.span, body.media)[3]
        made = ctx
        if any(f and m for f, m in zip(ctx.fits, inside)):          # climbing ground one could also walk
            made = MoveContext.__new__(MoveContext)
            made.__dict__.update(ctx.__dict__)
            made.fits = bytearray(1 if f and not m else 0 for f, m in zip(ctx.fits, inside))
        board.move_contexts[key] = made
    return made


def _reachable_with_media(board: Board, body: Body, mode: str, restricted: bool, parity: int,
                          ctx: MoveContext, start: int) -> dict[Square, int]:
    """A climber's or swimmer's ends: those it walks to at its land speed, those it
    reaches through faces or water within the lower speed (``budget``), and, starting in
    the water (or on a face), those it reaches never leaving it, at that mode's speed."""
    used = sum(MEDIA[m] for m in body.media)
    out = _ends(ctx, _dial(ctx, start, budget(body, mode, restricted, used), parity), start)
    if ctx.inside[start]:
        # Never leaving the water (or the face): that mode's own speed.
        bit = ctx.inside[start]
        for pos, cost in _ends(ctx, _dial(ctx, start, budget(body, mode, restricted, bit, True), parity, bit),
                               start).items():
            if cost < out.get(pos, cost + 1):
                out[pos] = cost
    else:
        walk = on_foot(board, body)
        for pos, cost in _ends(walk, _dial(walk, start, budget(body, mode, restricted), parity), start).items():
            if cost < out.get(pos, cost + 1):
                out[pos] = cost
    return out


def steps_in_a_mode_it_has(body: Body, media: int) -> bool:
    """A 5-ft step only in a movement mode it has a speed for (French text, "pas de
    placement": "seule une créature ayant une vitesse de nage peut faire un pas de
    placement en nageant"): into water or onto a face with that speed, onto the ground
    with a land speed, each more than 1.5 m."""
    if not media:
        return body.speed_squares > 1
    return any(media & bit and body.mode_squares(m) > 1 for m, bit in MEDIA.items())


def steps_in_darkness(board: Board, body: Body, to: Square) -> bool:
    """No 5-ft step in darkness (French text, "pas de placement": "Il est impossible
    d'effectuer un pas de placement sur un terrain difficile ou dans les ténèbres"): for a
    creature without darkvision, out of a dark square or into one."""
    terrain = board.terrain
    if not terrain.has_dark or "darkvision" in body.conditions:
        return False
    return "in_darkness" in body.conditions or any(terrain.is_dark(sq) for sq in space_squares(to, body.span))


def _five_foot_steps(ctx: MoveContext, start: int, body: Body) -> dict[Square, int]:
    """5-ft step: one square, never into difficult terrain (French text, pas de placement)."""
    out: dict[Square, int] = {}
    for dx, dy in KING_MOVES:
        res = ctx.step(start, dx, dy, 0)
        n = start + dy * ctx.pw + dx
        if isinstance(res, Refusal) or ctx.worst[n] or not ctx.can_end(n) \
                or not steps_in_a_mode_it_has(body, ctx.inside[n]) or steps_in_darkness(ctx.board, body, ctx.position(n)):
            continue
        out[ctx.position(n)] = 1
    return out


def _dial(ctx: MoveContext, start: int, limit: int, parity: int = 0, only: int = 0) -> dict[int, int]:
    """Least cost to every position within ``limit`` squares: Dial's bucket queue over
    (position, diagonal parity) states. Returns position index -> least cost.

    Both parities are kept for every square: a diagonal into difficult terrain costs 3
    whatever the count yet still advances it (decisions §1), so neither parity dominates
    the other (a difficult diagonal then a plain one costs 3+2 from parity 0, 3+1 from
    parity 1). ``only``: a ``terrain.MEDIA`` bit the positions must all stay in.

    The least costs are kept in flat lists indexed like the context's arrays (a list
    index is cheaper than a dict look-up in this, the pathfinder's innermost loop), with
    the order each position was first reached, so that the answer lists its positions in
    the order a dict of them would have had."""
    fits, worst, corner = ctx.fits, ctx.worst, ctx.corner
    if only:
        fits = bytearray(f if ctx.inside[i] == only else 0 for i, f in enumerate(fits))
    double_cost = ctx.double_cost
    # The squares a step may enter: those the space fits in, no foe's space barring the way.
    enter = bytearray(fits)
    for n in ctx.pass_block:
        enter[n] = 0
    pw = ctx.pw
    orth = (1, pw, -1, -pw)
    diag = [(dy * pw + dx, dx, dy * pw) for dx, dy in ((1, 1), (-1, 1), (-1, -1), (1, -1))]
    inf = limit + 9
    best0 = [inf] * len(fits)      # parity 0: the next diagonal costs 1
    best1 = [inf] * len(fits)      # parity 1: the next diagonal costs 2
    order0: list[int] = []         # the positions in the order each list first got a cost
    order1: list[int] = []
    if parity:
        best1[start] = 0
        order1.append(start)
    else:
        best0[start] = 0
        order0.append(start)
    buckets: list[list[int]] = [[] for _ in range(limit + 1)]
    buckets[0].append((start << 1) | (1 if parity else 0))
    for cost in range(limit + 1):
        for state in buckets[cost]:
            idx = state >> 1
            if state & 1:
                if best1[idx] != cost:
                    continue
                dcost, obest, oorder, dbest, dorder = 2, best1, order1, best0, order0
                parity = 1
            else:
                if best0[idx] != cost:
                    continue
                dcost, obest, oorder, dbest, dorder = 1, best0, order0, best1, order1
                parity = 0
            # Orthogonal steps keep the parity.
            for off in orth:
                n = idx + off
                if not enter[n]:
                    continue
                c = cost + (2 if worst[n] else 1)
                if double_cost and n in double_cost:
                    c += c - cost
                if c > limit:
                    continue
                was = obest[n]
                if was <= c:
                    continue
                if was == inf:
                    oorder.append(n)
                obest[n] = c
                buckets[c].append((n << 1) | parity)
            # Diagonal steps flip it.
            for off, dx, dyoff in diag:
                n = idx + off
                if not enter[n] or corner[idx + dx] or corner[idx + dyoff]:
                    continue
                c = cost + (3 if worst[n] else dcost)
                if double_cost and n in double_cost:
                    c += c - cost
                if c > limit:
                    continue
                was = dbest[n]
                if was <= c:
                    continue
                if was == inf:
                    dorder.append(n)
                dbest[n] = c
                buckets[c].append((n << 1) | (parity ^ 1))
    out = {n: best1[n] for n in order1}
    for n in order0:
        c = best0[n]
        if c < out.get(n, inf):
            out[n] = c
    return out


@dataclass
class PathCheck:
    legal: bool
    cost: int = 0                       # squares
    reason: Refusal | None = None
    positions: list[Square] = field(default_factory=list)  # start included


def check_path(board: Board, body: Body, squares: list[Square], mode: str,
               restricted: bool = False, parity: int = 0, spent: int = 0, tumbling: bool = False) -> PathCheck:
    """Is this path legal for ``mode``, and what does it cost? ``squares`` are the
    positions entered in order, not the start. ``parity``/``spent`` continue a turn's
    count (decisions §1). ``tumbling``: enemies' squares may be passed through (Tumble DC
    25, digest §1.5, §4.6), never ended in."""
    if mode not in MODES:
        return PathCheck(False, reason=Refusal("UNKNOWN_MODE", {"mode": mode}))
    refusal = mode_refusal(body, mode)
    if refusal:
        return PathCheck(False, reason=refusal)
    if not squares:
        return PathCheck(False, reason=Refusal("EMPTY_PATH"))
    if mode == "5ft" and len(squares) != 1:
        return PathCheck(False, reason=Refusal("FIVE_FOOT_STEP_ONE_SQUARE"))
    ctx = on_foot(board, body) if mode == "run" else tumbling_context(board, body) if tumbling \
        else MoveContext.of(board, body)
    positions = [body.pos]
    idx = ctx.index(body.pos)
    cost = 0
    media = ctx.inside[idx]
    within = bool(media)
    limit = budget(body, mode, restricted, media, within) - spent
    for sq in squares:
        prev = positions[-1]
        dx, dy = sq[0] - prev[0], sq[1] - prev[1]
        if max(abs(dx), abs(dy)) != 1:
            return PathCheck(False, reason=Refusal("NOT_ADJACENT", {"square": list(sq)}))
        res = ctx.step(idx, dx, dy, parity)
        if isinstance(res, Refusal):
            code = blocked_code(board.terrain, sq, body.span, body.media) if res.code == "BLOCKED_SQUARE" else res.code
            return PathCheck(False, reason=Refusal(code, {"square": list(sq)}))
        step_cost, parity = res
        idx = idx + dy * ctx.pw + dx
        if ctx.inside[idx] & ~media or (within and not ctx.inside[idx]):
            media |= ctx.inside[idx]
            within = within and ctx.inside[idx] == media
            limit = budget(body, mode, restricted, media, within) - spent
        if mode == "5ft":
            if ctx.worst[idx]:
                return PathCheck(False, reason=Refusal("FIVE_FOOT_STEP_DIFFICULT", {"square": list(sq)}))
            if not steps_in_a_mode_it_has(body, ctx.inside[idx]):
                return PathCheck(False, reason=Refusal("FIVE_FOOT_STEP_NO_SPEED_THERE", {"square": list(sq)}))
            if steps_in_darkness(board, body, sq):
                return PathCheck(False, reason=Refusal("FIVE_FOOT_STEP_IN_DARKNESS", {"square": list(sq)}))
            step_cost = 1
        cost += step_cost
        positions.append(sq)
        if cost > limit:
            return PathCheck(False, cost=cost, reason=Refusal("TOO_FAR", {"square": list(sq), "limit": limit}))
    if not ctx.can_end(idx):
        return PathCheck(False, cost=cost, reason=Refusal("END_OCCUPIED", {"square": list(squares[-1])}))
    if mode == "run":
        lane = run_lane_refusal(board, body, positions[-1], ctx, positions)
        if lane:
            return PathCheck(False, cost=cost, reason=lane)
    return PathCheck(True, cost=cost, positions=positions)


# What a square that no creature walks into is, for the refusal to say (digest §1.4: a pit
# is an impassable obstacle, not a wall; deep water is swum, a rock face climbed).
_BLOCKED_BY = {"swim": "MUST_SWIM_THERE", "climb": "MUST_CLIMB_THERE", "pit": "PIT_IN_THE_WAY"}


def blocked_code(terrain: Terrain, pos: Square, span: int, media: frozenset[str] = frozenset()) -> str:
    """Why a space at ``pos`` cannot be walked into: its first square that blocks a
    creature moving in ``media`` (the modes it has a speed for) says it."""
    for j in range(span):
        for i in range(span):
            sq = (pos[0] + i, pos[1] + j)
            if not terrain.is_enterable(sq) and terrain.medium(sq) not in media:
                kind = terrain.kind(sq)
                return _BLOCKED_BY.get(kind.medium or kind.id, "BLOCKED_SQUARE")
    return "BLOCKED_SQUARE"


def run_ends(board: Board, body: Body, ctx: MoveContext | None = None) -> dict[Square, int]:
    """Every end of a legal run with its cost (straight line, digest §1.2)."""
    ctx = ctx or MoveContext.of(board, body)
    limit = budget(body, "run")
    out: dict[Square, int] = {}
    x0, y0 = body.pos
    for y in range(y0 - limit, y0 + limit + 1):
        for x in range(x0 - limit, x0 + limit + 1):
            end = (x, y)
            if end == body.pos:
                continue
            gx, gy = abs(x - x0), abs(y - y0)
            d = gx + gy // 2 if gx >= gy else gy + gx // 2
            if d > limit or not ctx.can_end_at(end):
                continue
            path = lane_path(body.pos, end)
            if _steps_refusal(ctx, path) is None and run_lane_refusal(board, body, end, ctx, path) is None:
                out[end] = d
    return out


def _steps_refusal(ctx: MoveContext, positions: list[Square]) -> Refusal | None:
    """The first step of a walk that movement forbids (a wall's corner cut, a blocked
    square), as ``check_path`` judges it; None when every step may be taken."""
    idx = ctx.index(positions[0])
    parity = 0
    for prev, sq in zip(positions, positions[1:]):
        dx, dy = sq[0] - prev[0], sq[1] - prev[1]
        res = ctx.step(idx, dx, dy, parity)
        if isinstance(res, Refusal):
            return res
        parity = res[1]
        idx = idx + dy * ctx.pw + dx
    return None
