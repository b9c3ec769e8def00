"""The scripted player (issue 10, item 8; issue 12's ``scripted`` controller): each creature
goes for the nearest enemy — a full attack when one is in reach, a charge when a lane is
clear, otherwise the safest path toward it (fewest attacks of opportunity, then nearest),
then a single attack if one is in reach — and ends its turn. It asks the engine for
everything and never submits a command the engine has not offered."""
from __future__ import annotations

from ..rules.geometry import distance
from ..world import commands as C, views
from .controllers import Decision, first_choice


def _alive_enemies(battle, who: str) -> list[str]:
    board = battle.board()
    me = board.body(who)
    return [b.id for b in board.enemies_of(me) if views.status(battle, b.id) not in ("dead",)
            and not b.is_helpless]


def _gap(battle, a: str, b: str) -> int:
    board = battle.board()
    return min(distance(x, y) for x in board.body(a).squares for y in board.body(b).squares)


def nearest_enemy(battle, who: str) -> str | None:
    foes = _alive_enemies(battle, who)
    return min(foes, key=lambda f: (_gap(battle, who, f), f)) if foes else None


def choose(battle, who: str):
    """The next command for ``who`` this turn, or None to end the turn. A turned undead
    flees from its cleric instead (French text: "Les morts-vivants repoussés fuient aussi
    vite que possible"): the engine offers it only moves that end farther away."""
    foe = nearest_enemy(battle, who)
    opts = battle.options(who)
    turner = views.turned_by(battle, who)
    if turner is not None:
        move = opts["move"]
        return _away(battle, who, turner, move.domain["squares"]) if move.legal else None
    source, cornered = views.afraid_of(battle, who)
    if source is not None and not cornered:
        move = opts["move"]          # fear: flee the source while a way out is open (actions.fear)
        return _away(battle, who, source, move.domain["squares"]) if move.legal else None
    if source is not None and "panicked" in battle.board().body(who).conditions:
        return None                  # a cornered panicked creature cowers: it ends its turn
    if foe is None:
        return None
    full = opts["full_attack"]
    if full.legal:
        targets = full.domain["targets"]
        reachable_foes = [t for t in targets if t in _alive_enemies(battle, who)]
        if reachable_foes:
            target = min(reachable_foes, key=lambda t: (_gap(battle, who, t), t))
            return C.FullAttack(who, targets=views.full_attack(battle, who, target))
    attack = opts["attack"]
    if attack.legal:
        # The attacks the engine passed, with their weapon (the one in hand, the off hand,
        # a shield bash, a rock): the nearest foe, the weapon in hand first.
        alive = _alive_enemies(battle, who)
        offered = [c for c in attack.commands() if c.target in alive]
        if offered:
            return min(offered, key=lambda c: (_gap(battle, who, c.target), c.weapon is not None, c.target))
    charge = opts["charge"]
    if charge.legal:
        alive = _alive_enemies(battle, who)
        lanes = {t: ends for t, ends in charge.domain["targets"].items() if t in alive}
        if lanes:
            target = min(lanes, key=lambda t: (_gap(battle, who, t), t))
            return C.Charge(who, target=target, end=tuple(lanes[target][0]))
    move = opts["move"]
    if move.legal:
        return _approach(battle, who, foe, move.domain["squares"])
    return None


def _approach(battle, who: str, foe: str, squares: list) -> C.Command | None:
    """The safest of the squares that get nearest the foe."""
    board = battle.board()
    span = board.body(who).span
    foe_squares = board.body(foe).squares
    here = _gap(battle, who, foe)

    def gap_from(x: int, y: int) -> int:
        return min(distance((x + i, y + j), t) for i in range(span) for j in range(span) for t in foe_squares)
    ranked = sorted(((gap_from(x, y), cost, (x, y)) for x, y, cost in squares), key=lambda r: (r[0], r[1], r[2]))
    best: tuple[tuple[int, int], views.PathView] | None = None
    for gap, _cost, square in ranked[:6]:
        if gap >= here:
            break
        seen = views.path(battle, who, square, "move")
        if seen.legal and (best is None or (len(seen.provokes), gap) < best[0]):
            best = ((len(seen.provokes), gap), seen)
    return C.Move(who, squares=best[1].squares) if best is not None else None


def _away(battle, who: str, turner: str, squares: list) -> C.Command | None:
    """The safest of the squares that end farthest from ``turner``."""
    board = battle.board()
    span = board.body(who).span
    theirs = board.body(turner).squares

    def gap_from(x: int, y: int) -> int:
        return min(distance((x + i, y + j), t) for i in range(span) for j in range(span) for t in theirs)
    ranked = sorted(((-gap_from(x, y), cost, (x, y)) for x, y, cost in squares), key=lambda r: (r[0], r[1], r[2]))
    best: tuple[tuple[int, int], views.PathView] | None = None
    weighed = 0
    for far, _cost, square in ranked:
        seen = views.path(battle, who, square, "move")
        if not seen.legal:
            continue                 # a square its own side's bodies wall off: the next one
        weighed += 1
        if best is None or (len(seen.provokes), far) < best[0]:
            best = ((len(seen.provokes), far), seen)
        if weighed >= 6:
            break
    return C.Move(who, squares=best[1].squares) if best is not None else None


class ScriptedPlayer:
    """``choose`` as a controller (``controllers.Controller``)."""

    name = "scripted"

    def decide(self, battle, who: str) -> Decision | None:
        command = choose(battle, who)
        return Decision(command, "WHY_SCRIPTED") if command is not None else None

    def answer(self, battle, question, command) -> object:
        return first_choice(question)

