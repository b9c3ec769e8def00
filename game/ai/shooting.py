"""The tactical player's archers (issue 12, item 2): a bow is worth what its shots are
expected to deal, and from behind trees, at long range or into a melee those are next to
nothing. When the shots from where it stands fall well short of what its sheet could
deal, it tries a few squares it can move to (out of every foe's reach, nearer its foes),
plays the move out in a dry run and asks the engine's ``odds`` of one shot from there:
a move and a clear shot beat a full attack that cannot hit.
"""
from __future__ import annotations

from ..rules.geometry import Square
from ..world import commands as C, views
from .candidates import ASKED, Candidate, Turn, dry_run, move_and_standard
from .scoring import expected

# Below this share of its sheet's full round, the shots from here are worth bettering.
POOR = 0.5
# How many squares an archer weighs at least (the level's look-ahead adds to it).
SQUARES = 2


def reposition(t: Turn, here: float) -> list[Candidate]:
    """Move to a better firing square, then one shot. ``here``: what the best shots from
    where it stands are expected to deal."""
    weapon = t.s.me.weapon
    if not (weapon.is_ranged and t.judgement.tactics and t.offered("move") and move_and_standard(t.battle)):
        return []
    foes = t.ranked(list(t.s.foes))[:ASKED]
    if not foes or here >= POOR * max(t.threats.round_against(t.s, f) for f in foes):
        return []
    out = []
    for square in _firing_squares(t, foes)[:SQUARES + t.judgement.lookahead // 2]:
        seen = _safe_path(t, square)
        if seen is None:
            continue
        move = C.Move(t.who, squares=seen.squares)
        shots = dry_run(t.battle, move, lambda: _best_shot(t, foes))
        if not shots:
            continue
        amount, target = shots
        score = t.blow(target, amount) - t.danger(square)
        out.append(Candidate(score, move, "WHY_FIRING_SQUARE", {"target": target, "damage": round(amount, 1)}))
    return out


def _best_shot(t: Turn, foes: list[str]) -> tuple[float, str] | None:
    shots = [(expected(t.battle.odds(C.Attack(t.who, target=f))), f) for f in foes]
    shots = [s for s in shots if s[0] > 0]
    return max(shots) if shots else None


def _firing_squares(t: Turn, foes: list[str]) -> list[Square]:
    """The squares a move reaches that no foe threatens, at least three squares from every
    foe (no shooting into its own melee), within one range increment of the best foe when
    it can be; nearest that foe first."""
    increment = max(t.s.me.weapon.range_ft // 5, 2)
    best = foes[0]
    near = t.s.within_axes(t.s.foes, 2)      # where its space would be set within two squares of a foe's
    width = t.s.board.terrain.width
    ranked = []
    for x, y, _cost in t.opts["move"].domain["squares"]:
        square = (x, y)
        if near[y * width + x] or t.s.threatening(square):
            continue
        gap = t.s.gap_from(square, best)
        ranked.append((max(0, gap - increment), -gap, square))
    ranked.sort()
    # spread the tries: no two squares side by side (they would see the same cover)
    picked: list[Square] = []
    for _far, _gap, square in ranked:
        if all(max(abs(square[0] - p[0]), abs(square[1] - p[1])) > 1 for p in picked):
            picked.append(square)
        if len(picked) >= SQUARES + t.judgement.lookahead // 2:
            break
    return picked


def _safe_path(t: Turn, square: Square):
    seen = views.path(t.battle, t.who, square, "move")
    return seen if seen.legal and not seen.provokes else None
