"""A double move from one click (issue 14 play-test: the violet band of Move mode could be
seen but not clicked). French text, « se déplacer »: a creature that gives up its standard
action moves twice, each a move action; digest §1.2, "Double move: two move actions, up to
2× speed". The engine has no double-move command, so the window plays it as the rules
say: two ``Move`` commands along the engine's double-move path (``views.path``, mode
"double", whose 1-2-1 count runs on over both, decisions §1), cut where the first move
action's reach ends — the longest beginning of the path the engine's ``check`` accepts as
one move. The second move is judged before anything is played (``second_refusal``: the
band is one movement of twice the speed, which two moves do not always match), so a square
two moves cannot reach is refused with nothing spent. Each command goes through the
window's orders (``check``, the questions, ``act``); the second is sent only once the first
is played, and a refusal then (an attack of opportunity dropped the mover, a web held it)
is the engine's sentence in the log. In the
saddle the mount moves (French text, « combat monté »): its double move is one ``Ride`` in
mode "double", its band the ride option's "double" domain. This module decides no rule:
every verdict is the engine's."""
from __future__ import annotations

from ..i18n import sentence
from ..rules.geometry import Square
from ..world import commands as C, views
from .board_view import Overlay

MARK = "1"           # the square where the first move action ends, on the drawn path


def is_double(screen, square: Square) -> bool:
    """The square is in the double-move band the window shades (``options``' move domain
    "double" and not "squares"; a tumbling move has no double band)."""
    return screen.mode == "move" and screen.tumbling() is None and screen.band_at(square) == "double"


def split(battle, cid: str, squares: tuple) -> tuple[tuple, tuple, object]:
    """(first move, second move, refusal): the path cut after its longest beginning that
    ``check`` accepts as one ``Move`` (a shorter first move only leaves more to the second:
    the path's cost is the same however it is cut); the refusal the second move would
    then get (``second_refusal``: the double-move band, one movement of twice the speed,
    holds squares two moves of the speed each do not reach, through difficult ground),
    or with no such beginning the whole path as one move and the refusal of a move to its
    first square (the reason no move starts at all)."""
    for k in range(len(squares) - 1, 0, -1):
        first, rest = tuple(squares[:k]), tuple(squares[k:])
        if battle.check(C.Move(cid, squares=first)) is None:
            return first, rest, second_refusal(battle, cid, first, rest)
    # no beginning passes (or the path is one square): one move of the whole path, as judged
    return tuple(squares), (), battle.check(C.Move(cid, squares=tuple(squares[:1])))


def second_refusal(battle, cid: str, first: tuple, rest: tuple):
    """What ``check`` would say of the second move once the first is played, asked in a
    journal frame rolled back after (``Battle.snapshot``/``restore``, as the computer's
    dry runs ask): the first played with every attack of opportunity declined; nothing
    stays, not a die (the frame rewinds them)."""
    token = battle.snapshot()
    try:
        ok, refusal, _events = battle.act(C.Move(cid, squares=first), declined=set(battle.entities))
        return battle.check(C.Move(cid, squares=rest)) if ok else refusal
    finally:
        battle.restore(token)


def ridden_bands(screen, cid: str) -> dict[Square, str]:
    """A rider's bands in Move mode, where its mount moves (``ride``; French text, « combat
    monté »): the move band is ``options``' ride domain "squares", the double band its
    "double" (the mount's double move, one ``Ride`` in mode "double"), less the move's."""
    ride = screen.battle.options(cid)["ride"]
    if not ride.legal:
        return {}
    bands = {(x, y): "move" for x, y, _m in ride.domain.get("squares", [])}
    for x, y, _m in ride.domain.get("double", []):
        bands.setdefault((x, y), "double")
    return bands


def preview(screen, cid: str, goal: Square, ov: Overlay) -> None:
    """The whole double move drawn as a single move is (both legs, its cost, who it
    provokes: ``overlays.path_overlay`` in mode "double"), the end of the first move
    action marked, and the caption saying it takes two move actions (a mount's: one
    ``Ride`` command, the caption says so)."""
    from . import overlays
    overlays.path_overlay(screen.battle, cid, goal, "double", screen.lang, ov, screen.names)
    if not ov.path_ok or not ov.path:
        return
    if screen.mount_of(cid):
        ov.caption += sentence("PATH_DOUBLE_RIDDEN", {}, screen.lang)
        return
    first, rest, refusal = split(screen.battle, cid, tuple(ov.path[1:]))
    if refusal is not None:                  # two moves do not get there: crossed, and why
        ov.path_ok = False
        ov.marks[:] = [(ov.path[-1], "×")]
        ov.caption = said(screen, refusal, rest)
    elif rest:
        ov.marks.append((first[-1], MARK))
        ov.caption += sentence("PATH_DOUBLE", {"mark": MARK}, screen.lang)


def said(screen, refusal, rest: tuple, lang: str | None = None) -> str:
    """A refusal as the player reads it (in ``lang``, by default the screen's); the second
    move's says it is the second's."""
    lang = lang or screen.lang
    text = screen.say(refusal, lang=lang)
    return sentence("PATH_DOUBLE_SECOND", {"reason": text}, lang) if rest else text


def go(screen, cid: str, goal: Square) -> None:
    """Play the double move to ``goal``: the first move now, the second once it is played
    (``second_leg``)."""
    seen = views.path(screen.battle, cid, goal, "double")
    if not seen.legal:
        screen.log.append((screen.said_refusal(seen.refusal), (240, 160, 120)))
        return
    if screen.mount_of(cid):                 # the mount's double move: one command
        screen.submit(C.Ride(cid, mode="double", squares=seen.squares))
        return
    first, rest, refusal = split(screen.battle, cid, seen.squares)
    if refusal is not None:
        screen.log.append((screen.line(lambda lang, _n: said(screen, refusal, rest, lang)), (240, 160, 120)))
        return
    screen.next_leg = ("first", cid, first, rest) if rest else None
    if not screen.submit(C.Move(cid, squares=first)):
        screen.next_leg = None


def second_leg(screen, command) -> None:
    """After a command is played: when it is the first move of a double move, send the
    second (the engine judges it from where the mover now stands); when it is the
    second, the two are undone together (``U``), as the one click played them — unless a
    die was rolled, which keeps everything before it."""
    leg, screen.next_leg = screen.next_leg, None
    if leg is None or command.action != "move" or command.who != leg[1]:
        return                              # another command was played: that double move is off
    kind, cid, squares, after = leg
    if tuple(command.squares) != squares:
        return
    if kind == "second":
        if after >= 1 and len(screen.undo) == after + 1:
            screen.battle.commit(screen.undo.pop())     # kept inside the first move's frame
        return
    if screen.current == cid and screen.battle.has(cid):
        screen.next_leg = ("second", cid, after, len(screen.undo))
        if not screen.submit(C.Move(cid, squares=after)):
            screen.next_leg = None
