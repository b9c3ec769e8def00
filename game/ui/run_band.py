"""A run from one click on the grey band of Move mode (the band showed where a run ends,
but a click there only said a move does not get so far). French text, « courir »: a
full-round action, up to four times the speed (three in heavy armour) in a straight line,
the runner losing its Dexterity bonus to AC until its next turn unless it has Run; digest
§1.2, "Run: ×4 speed, straight line". The window plays one ``Run`` along the engine's run
path (``views.path`` mode "run": the straight lane, judged as ``act`` will), through the
window's orders (``check`` first, then the questions, ``act``), so a refusal is the
engine's sentence and changes nothing, and ``U`` undoes it like any command that rolled no
die. This module decides no rule: the band is ``options``' run domain, every verdict the
engine's."""
from __future__ import annotations

from ..i18n import sentence
from ..rules.geometry import Square
from ..world import commands as C, views
from .board_view import Overlay


def is_run(screen, square: Square) -> bool:
    """The square is in the run band Move mode shades (``options``' run domain, beyond the
    move's and the double move's bands; a tumbling move has no run band)."""
    return screen.mode == "move" and screen.tumbling() is None and screen.band_at(square) == "run"


def preview(screen, cid: str, goal: Square, ov: Overlay) -> None:
    """The run's straight lane drawn as a move's path is (its cost, who it provokes:
    ``overlays.path_overlay`` in mode "run"), the caption saying it is a run."""
    from . import overlays
    overlays.path_overlay(screen.battle, cid, goal, "run", screen.lang, ov, screen.names)
    if ov.path_ok and ov.path:
        ov.caption += sentence("PATH_RUN", {}, screen.lang)


def go(screen, cid: str, goal: Square) -> None:
    """Play the run to ``goal`` along the engine's path; a path the engine refuses is said
    in the log, nothing sent."""
    seen = views.path(screen.battle, cid, goal, "run")
    if not seen.legal:
        screen.log.append((screen.said_refusal(seen.refusal), (240, 160, 120)))
        return
    screen.submit(C.Run(cid, squares=seen.squares))      # ``check`` first, as every order
