"""The quick save's load as the battle screen does it (play-test, issue 14): F9 asks
first, naming the battle the save holds, and a loaded battle's log goes on from the lines
its save kept, at the round and the turn the battle is at (it began "Round 1" on another
creature's turn). ``open_save`` is the window's one loader of saves: the pause menu's
Load, F9, the start menu's Continue and ``play --continue`` all open a save through it."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from ..i18n import sentence
from . import log_text

LOG_KEPT = 300             # log lines a save keeps


def kept_log(log: list) -> list:
    """The log's last lines as a save keeps them (JSON: text and colour, then the line in
    every language when it has them, so a loaded log switches language too)."""
    out = []
    for text, colour in log[-LOG_KEPT:]:
        texts = log_text.kept(text)
        out.append([str(text), list(colour)] + ([texts] if texts else []))
    return out


def _line(entry, lang: str):
    """A saved log line back as (text, colour), or None when it does not read; a line
    kept in every language comes back so (``log_text.restored``)."""
    if not isinstance(entry, (list, tuple)) or len(entry) not in (2, 3):
        return None
    text, colour = entry[:2]
    if not isinstance(text, str) or not isinstance(colour, (list, tuple)) or len(colour) != 3:
        return None
    if not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in colour):
        return None
    return log_text.restored(text, entry[2] if len(entry) == 3 else None, lang), tuple(colour)


def resume_log(screen, saved) -> None:
    """The log of a loaded battle: the lines its save kept (any that do not read are left
    out), then the round and the turn it is at."""
    lines = [_line(e, screen.lang) for e in saved[-LOG_KEPT:]] if isinstance(saved, list) else []
    screen.log = [line for line in lines if line is not None]
    cur = screen.current
    if cur is not None:
        turn = screen.battle.round
        screen.log.append((screen.line(lambda lang, names: sentence("LOG_TURN", {"round": turn, "name": names.get(cur)},
                                                                    lang)), (235, 215, 150)))
        screen.last_side = None if screen.computer.is_computer(cur) else screen.side_of(cur)
        screen.cam.show(screen.battle.board().body(cur).squares, screen.board_rect().size)


def ask_load(screen) -> None:
    """F9: load the quick save, once the player says so (what was played since is lost).
    The question names the battle the save holds, its round and when it was saved
    (play-test: the prompt did not say what it held)."""
    if not screen.saves:
        return

    def chosen(yes):
        if yes:
            screen.saves[1](screen)
    held = screen.saves[3]() if len(screen.saves) > 3 else None
    ask = sentence("UI_LOAD_ASK", {}, screen.lang)
    if held is not None:
        ask = f"{sentence('UI_LOAD_HOLDS', {'battle': battle_line(held, screen.lang)}, screen.lang)} {ask}"
    screen.dialog = screen.make_dialog(ask,
                                       [(sentence("UI_LOAD_YES", {}, screen.lang), True),
                                        (sentence("UI_LOAD_NO", {}, screen.lang), False)], chosen, yes_no=True)
    screen.dialog.cancellable = True


# --- opening a save: the pause menu's Load, F9 and the start menu's Continue ----------------
@dataclass
class Opened:
    """A save opened for the battle screen: its battle, who plays each side (None: the
    scenario's ``[sides]``), its language and its log's kept lines."""
    battle: object
    control: dict[str, str] | None
    lang: str
    log: list = field(default_factory=list)
    path: str = ""


@dataclass(frozen=True)
class Refusal:
    """Why a save did not open: the sentence the battle screen says (``code``, ``values``)
    and the same in one bare line naming the file and the key (``line``)."""
    code: str
    values: dict
    line: str


def open_save(path: Path, lang: str) -> Opened | Refusal:
    """The one loader of saves for the window (``saves.load_save``, then its meta checked):
    a save that does not load, or whose meta names a player or language this build does
    not know, is refused and nothing is kept open. ``lang``: the language of a save that
    names none."""
    from ..content import saves
    from ..content.errors import ContentError
    try:
        loaded = saves.load_save(path)
    except ContentError as exc:
        return Refusal("UI_LOAD_REFUSED", {"line": exc.line()}, exc.line())
    except Exception as exc:  # noqa: BLE001 - a save that breaks the loader never costs the game
        line = f"{path}: {exc.__class__.__name__}"
        return Refusal("UI_LOAD_REFUSED", {"line": line}, line)
    meta = loaded.meta if isinstance(loaded.meta, dict) else {}
    control, bad = saved_control(meta)
    lang = meta.get("lang", lang)            # an older save without one: the window's
    if bad or lang not in ("en", "fr"):
        loaded.battle.close()
        if bad:
            return Refusal("UI_LOAD_BAD_CONTROL", {"path": str(path), "value": bad}, f"{path}: meta.control: {bad}")
        value = repr(lang)[:40]
        return Refusal("UI_LOAD_BAD_LANG", {"path": str(path), "value": value}, f"{path}: meta.lang: {value}")
    log = meta.get("log", [])
    return Opened(loaded.battle, control, lang, log if isinstance(log, list) else [], str(path))


def saved_control(meta: dict) -> tuple[dict[str, str] | None, str]:
    """Who plays each side, as a save's ``meta.control`` keeps it (an older save has none:
    the scenario's ``[sides]`` then say). Returns (control, "") or (None, the bad value)."""
    from ..ai.controllers import NAMES
    control = meta.get("control")
    if control is None:
        return None, ""
    if not isinstance(control, dict):
        return None, repr(control)[:40]
    for side, name in control.items():
        if not isinstance(side, str) or (name != "human" and name not in NAMES):
            return None, f"{side}={name!r}"[:40]
    return dict(control), ""


def describe(path: Path):
    """The save at ``path`` described (``saves.SaveSummary``), or None when there is none
    or it does not read (the caller says nothing of a save it cannot describe)."""
    from ..content import saves
    from ..content.errors import ContentError
    if not Path(path).exists():
        return None
    try:
        return saves.summary(path)
    except (ContentError, OSError):
        return None


def battle_line(held, lang: str) -> str:
    """A save in a few words: "Ford crossing, round 3, saved at 15:42" (the day too when
    it was not today)."""
    when = time.localtime(held.saved_at)
    values = {"title": held.title(lang), "round": held.round, "when": time.strftime("%H:%M", when),
              "day": time.strftime("%Y-%m-%d", when)}
    return sentence("UI_SAVE_HOLDS" if when[:3] == time.localtime()[:3] else "UI_SAVE_HOLDS_DAY", values, lang)
