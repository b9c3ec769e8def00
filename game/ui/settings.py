"""The player's settings (issue 14, item 7): language, animation speed, volume and mute, the
size of the menus' text, full screen. They live in ``settings.json`` in the player's own
data folder (platformdirs), or beside the saves when ``--saves DIR`` is given, and so do
the saves (``saves_folder``): a game never writes into the folder it was started from.

A file that is not what this module writes is refused in one line naming the file and the
key, the defaults are used, and the file is left alone until the player saves settings:
a hand edit gone wrong never costs a crash nor the player's other choices without asking.
Writes are atomic (a temporary file, then ``os.replace``), so a crash mid-write leaves the
old file. No pygame here: the window applies the settings (``apply``).
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from ..i18n import LANGUAGES, catalogue, default_language

APP = "carreau"
# A folder in place of the player's data folder: a portable install, and the tests (which
# must never write into the real one).
ENV_FOLDER = "CARREAU_DATA_DIR"
FILE_NAME = "settings.json"
SPEEDS = ("off", "normal", "fast")
SCALES = (1.0, 1.25, 1.5)


@dataclass(frozen=True)
class Settings:
    language: str = "en"
    animation_speed: str = "normal"
    volume: float = 0.8
    muted: bool = False
    ui_scale: float = 1.0
    fullscreen: bool = False
    # the sides whose creatures always take their attacks of opportunity, unasked (issue 14,
    # item 6): a hot-seat player who always says yes is not handed the screen for it
    always_take_aoo: tuple[str, ...] = ()
    # the start menu as the player left it (play-test: back from a battle it showed the
    # first map and every side "A player" again): the map's file name, and who plays each
    # side as ``SIDE=PLAYER`` (``--control``'s form)
    menu_map: str = ""
    menu_control: tuple[str, ...] = ()


def user_folder() -> Path:
    """The player's own data folder (``~/.local/share/carreau`` on Linux), or
    ``$CARREAU_DATA_DIR``."""
    given = os.environ.get(ENV_FOLDER)
    if given:
        return Path(given)
    from platformdirs import user_data_dir
    return Path(user_data_dir(APP, appauthor=False))


def saves_folder(save_dir: str | os.PathLike | None) -> Path:
    """Where saves, the autosave and the crash log go: ``--saves`` if given, else
    ``saves/`` in the player's data folder."""
    return Path(save_dir) if save_dir else user_folder() / "saves"


def settings_file(save_dir: str | os.PathLike | None) -> Path:
    """The settings beside the saves when ``--saves`` is given, else in the data folder."""
    return Path(save_dir) / FILE_NAME if save_dir else user_folder() / FILE_NAME


@dataclass(frozen=True)
class Refused:
    """Why a settings file was refused: the file, the key (if one is to blame), the
    catalogue's code of the problem and its values, written in the player's language by
    ``line``."""

    where: str
    key: str
    code: str
    values: tuple[tuple[str, str], ...] = ()

    def line(self, lang: str = "en") -> str:
        # the values as the file writes them (JSON's decimal point, in French too)
        text = catalogue()[self.code][lang].format(**dict(self.values))
        return f"{self.where}: {self.key}: {text}" if self.key else f"{self.where}: {text}"


def _problem(key: str, value: Any) -> tuple[str, tuple[tuple[str, str], ...]] | None:
    """What is wrong with one value: the problem's code and values (None: nothing)."""
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if key in ("language", "animation_speed", "ui_scale"):
        allowed = {"language": LANGUAGES, "animation_speed": SPEEDS, "ui_scale": SCALES}[key]
        ok = value in allowed and (number or key != "ui_scale")
        return None if ok else ("SET_BAD_ONE_OF", (("values", ", ".join(f"{v:g}" if isinstance(v, float) else v
                                                                      for v in allowed)),))
    if key == "volume":
        return None if number and 0 <= value <= 1 else ("SET_BAD_VOLUME", ())
    if key in ("muted", "fullscreen"):
        return None if isinstance(value, bool) else ("SET_BAD_BOOL", ())
    if key == "always_take_aoo":
        ok = isinstance(value, list) and len(value) <= 16 and all(isinstance(v, str) and 0 < len(v) <= 40 for v in value)
        return None if ok else ("SET_BAD_SIDES", ())
    if key == "menu_map":
        return None if isinstance(value, str) and len(value) <= 200 else ("SET_BAD_MAP", ())
    if key == "menu_control":
        ok = isinstance(value, list) and len(value) <= 32 and all(
            isinstance(v, str) and 0 < len(v) <= 60 and "=" in v for v in value)
        return None if ok else ("SET_BAD_CONTROL", ())
    return "SET_BAD_UNKNOWN", ()


def defaults() -> Settings:
    return Settings(language=default_language())


def parse(raw: Any, where: str) -> tuple[Settings, Refused | None]:
    """Settings from a file's JSON value, or the defaults and the refusal."""
    if not isinstance(raw, dict):
        return defaults(), Refused(where, "", "SET_BAD_TABLE")
    known = {f.name for f in fields(Settings)}
    for key, value in raw.items():
        problem = _problem(key, value) if key in known else ("SET_BAD_UNKNOWN", ())
        if problem:
            code, values = problem
            return defaults(), Refused(where, str(key)[:40], code, (*values, ("got", json.dumps(value)[:40])))
    values = {k: (float(v) if k in ("volume", "ui_scale") else tuple(v) if k in ("always_take_aoo", "menu_control") else v)
              for k, v in raw.items()}
    return Settings(**{**asdict(defaults()), **values}), None


def load(path: Path) -> tuple[Settings, Refused | None]:
    """The settings in ``path`` (the defaults when there is no file), and the refusal of a
    malformed one."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return defaults(), None
    except (OSError, UnicodeDecodeError) as exc:
        return defaults(), Refused(str(path), "", "SET_BAD_READ", (("error", exc.__class__.__name__),))
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        return defaults(), Refused(str(path), "", "SET_BAD_JSON", (("line", str(exc.lineno)), ("column", str(exc.colno))))
    return parse(raw, str(path))


def save(settings: Settings, path: Path) -> None:
    """Write atomically: a temporary file beside it, then ``os.replace``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(json.dumps(asdict(settings), indent=2) + "\n", encoding="utf-8")
        os.replace(temporary, path)
    finally:
        if temporary.exists():
            temporary.unlink()


class Store:
    """The settings of one window: what the file said (or the defaults, with the refusal
    in ``error``, a ``Refused``), and saving a change. A refused file is only replaced by
    a save."""

    def __init__(self, path: Path):
        self.path = path
        self.exists = path.exists()
        self.current, self.error = load(path)

    def change(self, **values) -> Refused | None:
        """The settings with ``values`` changed, saved; the reason a save failed, or None."""
        self.current = replace(self.current, **values)
        try:
            save(self.current, self.path)
        except OSError as exc:
            return Refused(str(self.path), "", "SET_BAD_WRITE", (("error", exc.__class__.__name__),))
        self.exists, self.error = True, None
        return None


def apply(settings: Settings, screen) -> None:
    """The animation speed, the sound's volume and the UI scale (its side panel) on a
    battle screen, where it has them (an older screen has none)."""
    if hasattr(screen, "ui_scale") and settings.ui_scale in SCALES:
        screen.ui_scale = settings.ui_scale
    if hasattr(screen, "animation_speed"):
        screen.animation_speed = settings.animation_speed
    sound = getattr(screen, "sound", None)
    if sound is not None:
        if hasattr(sound, "volume"):
            sound.volume = settings.volume
        if hasattr(sound, "muted"):
            sound.muted = settings.muted
