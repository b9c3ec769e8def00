"""The engine's views as things to draw: threatened squares, reach, where a creature can
go and the safest path there with who it provokes, charge lanes, splash scatter, cover and
flanking. Every answer comes from the engine (``world.views``); this module only paints."""
from __future__ import annotations

from ..i18n import distance, sentence
from ..rules.geometry import Square, metres
from ..world import commands as C, views
from .board_view import Overlay


def threat_overlay(battle, ids: list[str], ov: Overlay | None = None) -> Overlay:
    ov = ov or Overlay()
    for cid in ids:
        ov.threat |= views.threatened(battle, cid)
    return ov


def reach_overlay(battle, cid: str, ov: Overlay | None = None) -> Overlay:
    ov = ov or Overlay()
    ov.reach |= views.attackable(battle, cid)
    return ov


def reachable_overlay(battle, cid: str, mode: str, ov: Overlay | None = None) -> Overlay:
    ov = ov or Overlay()
    ov.area = {sq: metres(c) for sq, c in views.reachable(battle, cid, mode).items()}
    return ov


def path_overlay(battle, cid: str, goal: Square, mode: str, lang: str | None = None,
                 ov: Overlay | None = None, names: dict[str, str] | None = None,
                 tumble: str | None = None) -> Overlay:
    """The safest path (fewest attacks of opportunity, then cheapest) with its cost, the
    1-2-1 count and every square where it provokes, named. ``tumble``: a tumbling move's
    path, each foe it will be tested against marked on its square with the check's DC
    and chance (the engine's preview, digest §4.6)."""
    ov = ov or Overlay()
    names = names or {}
    seen = views.path(battle, cid, goal, mode, tumble=tumble)
    if not seen.legal:
        # no way there: the goal crossed, and no line drawn through what bars the way
        ov.path, ov.path_ok = [], False
        ov.marks.append((goal, "×"))
        ov.caption = sentence(seen.refusal.code, seen.refusal.params, lang, here=True)
        return ov
    ov.path = [seen.start, *seen.squares]
    if tumble is not None:
        return _tumble_checks(battle, cid, seen, tumble, lang, ov, names)
    for taker, at in seen.provokes:
        ov.provokes.setdefault(at, []).append(taker)
    ov.marks.append((goal, distance(metres(seen.cost), lang)))
    ov.caption = sentence("PATH_CAPTION", {"metres": f"{metres(seen.cost):g}", "squares": seen.cost}, lang)
    if seen.provokes:
        ov.caption += sentence("PATH_PROVOKES", {"names": ", ".join(names.get(t, t) for t, _at in seen.provokes)}, lang)
    if mode in WALKS and views.status(battle, cid) == "disabled":        # a withdraw at 0 is a standard action
        preview = battle.preview(WALKS[mode](cid, squares=seen.squares))
        if getattr(preview, "legal", False):
            ov.caption += strain_note(preview, cid, lang)
    return ov


# The walks a path previews as a command, by mode (a double move is two of them).
WALKS = {"move": C.Move, "withdraw": C.Withdraw, "run": C.Run}


def provokes_note(battle, command, lang: str | None, names: dict[str, str]) -> str:
    """`` · attacks of opportunity: …`` for the creatures that would strike the actor (or
    its mount) as ``command`` is played — the engine's preview, which counts only those
    that can take one now — or "" when none would."""
    seen = battle.preview(command)
    if not getattr(seen, "legal", False):
        return ""
    moving = views.mover(battle, command.who)[1]           # in the saddle, the mount's moves provoke too
    takers = list(dict.fromkeys(t for t, provoker, _at in seen.recorder.opportunities
                                if provoker in (command.who, moving)))
    said = strain_note(seen, command.who, lang)
    if not takers:
        return said
    return sentence("PATH_PROVOKES", {"names": ", ".join(names.get(t, t) for t in takers)}, lang) + said


def strain_note(seen, who: str, lang: str | None) -> str:
    """`` · costs 1 hit point`` when the previewed command is a disabled creature's
    strenuous action (a standard action at 0 hit points, digest §8.2: the play-test's
    Lidda withdrew at 0 and was dying, with no word before the click)."""
    return sentence("PATH_STRAINS", {}, lang) if who in seen.recorder.strains else ""


def _tumble_checks(battle, cid: str, seen, tumble: str, lang, ov: Overlay, names: dict[str, str]) -> Overlay:
    """The tumbling path's checks, as the engine's preview plans them: each tested foe's
    square marked "DC n · p %", the caption naming them in order."""
    preview = battle.preview(C.Move(cid, squares=seen.squares, tumble=tumble))
    checks = preview.recorder.tumbles if preview.legal else []
    board = battle.board()
    for plan in checks:
        ov.marks.append((board.body(plan.foe).pos, f"{plan.dc}·{round(plan.chance * 100)}%"))
    ov.marks.append((seen.squares[-1], distance(metres(seen.cost), lang)))
    ov.caption = sentence("PATH_CAPTION", {"metres": f"{metres(seen.cost):g}", "squares": seen.cost}, lang)
    if checks:
        ov.caption += sentence("PATH_TUMBLES", {"checks": ", ".join(
            sentence("PATH_TUMBLE_CHECK", {"name": names.get(p.foe, p.foe), "dc": p.dc,
                                           "chance": round(p.chance * 100)}, lang) for p in checks)}, lang)
    return ov


def charge_overlay(battle, cid: str, target: str, lang: str | None = None, ov: Overlay | None = None,
                   names: dict[str, str] | None = None) -> Overlay:
    """The charge lane in green, or in red with the refusal at the blocking square
    (``names``: the creatures as the players know them, in the refusal)."""
    ov = ov or Overlay()
    res = views.charge(battle, cid, target)
    if res.legal:
        ov.lane, ov.lane_line = _lane(battle, cid, res.ends[0])
        ov.lane_ok = True
        ov.caption = sentence("CHARGE_OK", {}, lang)
        for end in res.ends[1:]:
            ov.marks.append((end, "?"))          # tied spaces: the charger will be asked
        return ov
    through = overrun_on_the_way(battle, cid, target)
    if through is not None:
        # A foe blocks the lane: the engine offers to overrun it on the way.
        foe, ends = through
        ov.lane, ov.lane_line = _lane(battle, cid, tuple(ends[0]))
        ov.lane_ok = True
        ov.caption = sentence("CHARGE_OVERRUN_OK", {"creature": foe}, lang, names)
        ov.marks.append((battle.board().body(foe).pos, "R"))
        for end in ends[1:]:
            ov.marks.append((tuple(end), "?"))
        return ov
    ov.lane_ok = False
    ov.caption = sentence(res.reason.code, res.reason.params, lang, names, here=True)
    for opt in res.options:
        if opt.refusal is res.reason:
            ov.lane, ov.lane_line = _lane(battle, cid, opt.end)
    square = res.reason.params.get("square")
    if square is not None:
        ov.lane_block = tuple(square)
    return ov


def overrun_on_the_way(battle, cid: str, target: str) -> tuple[str, list] | None:
    """The foe a charge at ``target`` may overrun on its way and the ends the engine
    offers for it (``options``' charge domain), or None."""
    option = battle.options(cid)["charge"]
    if not option.legal:
        return None
    found = option.domain.get("overruns", {}).get(target)
    return (found["through"], found["ends"]) if found else None


def _lane(battle, cid: str, end: Square):
    squares, line = views.charge_lane(battle, cid, end)
    return list(squares), line


def splash_overlay(battle, cid: str, target: str | None = None, intersection: Square | None = None,
                   ov: Overlay | None = None, lang: str | None = None) -> Overlay:
    """The eight landing points of a miss for the current range increment."""
    ov = ov or Overlay()
    seen = views.scatter(battle, cid, target=target, intersection=intersection)
    if seen.refusal is not None:
        ov.caption = sentence(seen.refusal.code, seen.refusal.params, lang, here=True)
        return ov
    ov.points.extend((point, str(d8)) for d8, point in seen.landings)
    ov.caption = sentence("SPLASH_CAPTION", {"n": seen.range_increments}, lang)
    return ov


def aim_overlay(battle, cid: str, target: str, lang: str | None = None, ov: Overlay | None = None,
                names: dict[str, str] | None = None) -> Overlay:
    """An attack being aimed: the target's cover with the lines of the corner test (green
    clear, red through a wall, amber through a creature), and the allies it is flanked with
    (digest §7.1, §7.2)."""
    ov = ov or Overlay()
    names = names or {}
    seen = views.aim(battle, cid, target)
    board = battle.board()
    me, foe = board.body(cid), board.body(target)
    adjacent = any(max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 1 for a in me.squares for b in foe.squares)
    if seen.cover != "none" or me.weapon.is_ranged or not adjacent:
        ov.sight_lines = [((a[0] / 2, a[1] / 2), (b[0] / 2, b[1] / 2), k) for a, b, k in seen.lines]
    caption = sentence("UI_AIM", {"target": names.get(target, target), "cover": sentence(f"COVER_{seen.cover}", {}, lang)},
                       lang)
    if seen.flanking:
        caption += " · " + sentence("UI_FLANKING_WITH", {"allies": ", ".join(names.get(p, p) for p in seen.flanking)}, lang)
    for p in seen.flanking:
        ov.marks.append((board.body(p).pos, "⚔"))
    ov.caption = caption
    return ov
