"""The quick save's load as the battle screen does it (play-test, issue 14): F9 asks
first, and a loaded battle's log goes on from the lines its save kept, at the round and
the turn the battle is at (it began "Round 1" on another creature's turn)."""
from __future__ import annotations

from ..i18n import sentence

LOG_KEPT = 300             # log lines a save keeps


def kept_log(log: list) -> list:
    """The log's last lines as a save keeps them (JSON: text and colour)."""
    return [[str(text), list(colour)] for text, colour in log[-LOG_KEPT:]]


def _line(entry):
    """A saved log line back as (text, colour), or None when it does not read."""
    if not isinstance(entry, (list, tuple)) or len(entry) != 2:
        return None
    text, colour = entry
    if not isinstance(text, str) or not isinstance(colour, (list, tuple)) or len(colour) != 3:
        return None
    if not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in colour):
        return None
    return text, tuple(colour)


def resume_log(screen, saved) -> None:
    """The log of a loaded battle: the lines its save kept (any that do not read are left
    out), then the round and the turn it is at."""
    lines = [_line(e) for e in saved[-LOG_KEPT:]] if isinstance(saved, list) else []
    screen.log = [line for line in lines if line is not None]
    cur = screen.current
    if cur is not None:
        screen.log.append((sentence("LOG_TURN", {"round": screen.battle.round, "name": screen.names.get(cur)},
                                    screen.lang), (235, 215, 150)))
        screen.last_side = None if screen.computer.is_computer(cur) else screen.side_of(cur)
        screen.cam.show(screen.battle.board().body(cur).squares, screen.board_rect().size)


def ask_load(screen) -> None:
    """F9: load the quick save, once the player says so (what was played since is lost)."""
    if not screen.saves:
        return

    def chosen(yes):
        if yes:
            screen.saves[1](screen)
    screen.dialog = screen.make_dialog(sentence("UI_LOAD_ASK", {}, screen.lang),
                                       [(sentence("UI_LOAD_YES", {}, screen.lang), True),
                                        (sentence("UI_LOAD_NO", {}, screen.lang), False)], chosen)
    screen.dialog.cancellable = True
