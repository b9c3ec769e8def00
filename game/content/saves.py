"""Saved battles (issue 5, item 7): the scenario, the seed and the commands, replayed exactly.

A save is one JSON object::

    {"format": "carreau-save", "version": 1,
     "scenario_path": "maps/ford.toml", "scenario_text": "<the whole scenario file>",
     "seed": 7, "meta": {"lang": "fr", ...},
     "commands": [{"who", "action", "args", "dice", "declined", "rolled", "instead"?}, ...
     "check": {"round", "turn", "order", "winner", "creatures": {id: {"at", "hp", ...}}}}

``commands`` is ``battle.history``. ``meta`` is the saver's: the window keeps the language
and who plays each side there (``"control": {"red": "ai:hard", "blue": "human"}``, issue
12); a save without it loads with the scenario's ``[sides]`` defaults. The scenario text is stored, so a save still loads
when the map file changes or moves. Loading replays every command through
``Battle.act`` with the dice it scripted (``dice``), the seeded generator rolling the
rest, exactly as when it was first played: the battle, and its dice for the rolls still
to come, are then the original's. Each command must be legal again and roll the faces
the save recorded (``rolled``), and the battle must end where ``check`` says; anything
else is refused with one ``ContentError`` line naming the file, the key or command and
what is wrong. A refused load returns nothing and touches nothing: the caller keeps its
game.

Writing is atomic: a temporary file in the same folder, flushed and synced, then
``os.replace``; a failed write leaves the previous save as it was and no temporary file;
one a killed write left is removed by the next save.

Since issue 15 a save also holds ``"state"``, a checkpoint of the whole battle
(``checkpoint.py``): loading restores it (checked against ``check``) instead of replaying
every command, so a long battle loads in a moment; ``load_save(path, replay=True)`` (and
``python -m game check SAVE --replay``) replays to prove the save. A save without
``state`` (written before) loads by replay, as does one whose checkpoint does not read.
"""
from __future__ import annotations

import dataclasses
import json
from glob import escape as glob_escape
import os
import tempfile
import weakref
from contextlib import suppress
from pathlib import Path
from typing import Any

from .checkpoint import CheckpointError, checkpoint, restore
from .errors import ContentError
from .limits import MAX_SAVE_TEXT, check_values, guard
from .save_schema import SaveFile
from ..data.strict import convert
from ..world.commands import legacy_arguments

FORMAT = "carreau-save"
VERSION = 1
AUTOSAVE_NAME = "autosave.json"
CREATURE_CHECK = ("at", "hp", "nonlethal", "conditions")

# The scenario text known to match a battle: read once, then kept even if the file changes.
_texts: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class SaveError(ContentError):
    """A save that cannot be written or loaded; ``code`` names the kind, for translations."""

    def __init__(self, path, where: str | None, what: str, code: str):
        self.code = code
        super().__init__(path, where, what)


@dataclasses.dataclass
class LoadedSave:
    battle: Any          # game.engine.Battle, replayed up to the last saved command
    meta: dict           # what the saver stored with it (language ...)
    scenario_path: str


# --- writing ----------------------------------------------------------------------------
def save_battle(battle, path, meta: dict | None = None, scenario_text: str | None = None) -> Path:
    """Write ``battle`` to ``path`` atomically; returns the path.

    ``scenario_text`` is the scenario file's text; by default it is read from
    ``battle.scenario.path`` the first time and kept for later saves of this battle."""
    doc = save_document(battle, meta, scenario_text)
    path = Path(path)
    _write_atomic(path, doc)
    return path


def autosave(battle, directory, meta: dict | None = None) -> Path:
    """Save to ``<directory>/autosave.json`` (the folder is created if needed)."""
    directory = Path(directory)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(directory, None, f"cannot hold the autosave ({_why(exc)})", "SAVE_WRITE") from exc
    return save_battle(battle, directory / AUTOSAVE_NAME, meta)


def save_document(battle, meta: dict | None = None, scenario_text: str | None = None) -> dict:
    """The JSON object a save holds (nothing is written)."""
    if meta is not None and not isinstance(meta, dict):
        raise TypeError(f"meta must be a dict, not {type(meta).__name__}")
    doc = {"format": FORMAT, "version": VERSION, "scenario_path": str(battle.scenario.path),
           "scenario_text": _scenario_text(battle, scenario_text), "seed": battle.scenario.seed,
           "meta": dict(meta or {}), "commands": list(battle.history), "check": _check(battle)}
    try:
        doc["state"] = {**checkpoint(battle), "digest": _digest(doc)}
    except (CheckpointError, TypeError, ValueError):
        pass              # something no checkpoint keeps: this save loads by replay
    return doc


def _scenario_text(battle, given: str | None) -> str:
    path = str(battle.scenario.path)
    text = given if given is not None else _texts.get(battle)
    if text is None:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise SaveError(path, None, f"the scenario cannot be read to store it in the save ({_why(exc)}); "
                            "pass its text as scenario_text", "SAVE_SCENARIO_CHANGED") from None
    if _texts.get(battle) != text:
        try:
            same = dataclasses.replace(_parse(text, path), seed=battle.scenario.seed) == battle.scenario
        except ContentError:
            same = False
        if not same:
            raise SaveError(path, None, "the scenario changed since the battle began: a save of it would not "
                            "replay", "SAVE_SCENARIO_CHANGED")
        _texts[battle] = text
    return text


def _write_atomic(path: Path, doc: dict) -> None:
    folder = path.parent
    _clean_leftovers(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise SaveError(path, None, f"cannot be written ({_why(exc)})", "SAVE_WRITE") from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(doc, out, ensure_ascii=False, indent=1, allow_nan=False)
            out.write("\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        with suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, (OSError, TypeError, ValueError)):
            raise SaveError(path, None, f"cannot be written ({_why(exc)})", "SAVE_WRITE") from exc
        raise
    _sync_folder(folder)


def _clean_leftovers(path: Path) -> None:
    """Temporary files of this save that a killed write left behind (issue 15): only the
    names ``_write_atomic`` makes, ``.<name>.<random>.tmp``; one writer per save is assumed
    (the window and the command line never write one save at the same time)."""
    with suppress(OSError):
        for leftover in path.parent.glob(f".{glob_escape(path.name)}.*.tmp"):
            with suppress(OSError):
                leftover.unlink()


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX; elsewhere a no-op)."""
    with suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


# --- loading ----------------------------------------------------------------------------
def load_battle(path):
    """The battle a save holds, replayed; refused with ``ContentError`` (``SaveError``)."""
    return load_save(path).battle


def load_save(path, replay: bool = False) -> LoadedSave:
    """The battle and the ``meta`` a save holds; refused like ``load_battle``. The battle
    is brought to the save's checkpoint when it has one (a long battle loads in a moment);
    ``replay`` (or a save without a checkpoint, or with one that does not read) plays
    every command again instead, which also proves the save."""
    shown = str(path)
    doc = _validated(shown, _read(shown))
    text, scenario_path = doc["scenario_text"], doc["scenario_path"]
    try:
        scenario = _parse(text, scenario_path)
    except ContentError as exc:
        raise SaveError(shown, "scenario_text", f"the stored scenario no longer loads: {exc.line()}",
                        "SAVE_SCENARIO") from None
    if scenario.seed != doc["seed"]:
        scenario = dataclasses.replace(scenario, seed=doc["seed"])
    battle = _restored(shown, scenario, doc) if "state" in doc and not replay else None
    if battle is None:
        battle = _opened(shown, scenario)
        try:
            _replay(shown, battle, doc["commands"])
            _compare(shown, _check(battle), doc["check"], len(doc["commands"]))
        except BaseException:
            battle.close()
            raise
    _texts[battle] = text
    return LoadedSave(battle, doc.get("meta", {}), scenario_path)


def read_document(path) -> dict:
    """A save's JSON object, validated but not loaded (``check --replay`` compares)."""
    shown = str(path)
    return _validated(shown, _read(shown))


@dataclasses.dataclass(frozen=True)
class SaveSummary:
    """What a save holds, said without loading it (the start menu's Continue, the Load
    prompt, F5's "replaces …"): its scenario, the round and the winner its ``check`` keeps,
    and when the file was written."""
    scenario: Any        # game.content.scenario.Scenario, parsed from the stored text
    scenario_path: str
    round: int
    winner: str | None
    saved_at: float      # the file's modification time (seconds since the epoch)

    def title(self, lang: str) -> str:
        return self.scenario.title_in(lang) or Path(self.scenario_path).stem


def summary(path) -> SaveSummary:
    """The save at ``path`` described (its document validated, its scenario parsed, nothing
    replayed); refused like ``load_save``, with one ``SaveError`` line."""
    shown = str(path)
    doc = read_document(path)
    try:
        scenario = _parse(doc["scenario_text"], doc["scenario_path"])
        saved_at = Path(shown).stat().st_mtime
    except ContentError as exc:
        raise SaveError(shown, "scenario_text", f"the stored scenario no longer loads: {exc.line()}",
                        "SAVE_SCENARIO") from None
    except OSError as exc:
        raise SaveError(shown, None, f"cannot be read ({_why(exc)})", "SAVE_UNREADABLE") from None
    rnd, winner = doc["check"].get("round"), doc["check"].get("winner")
    if not _is(rnd, int) or not (winner is None or isinstance(winner, str)):
        raise SaveError(shown, "check", "its round or winner does not read", "SAVE_MALFORMED")
    return SaveSummary(scenario, doc["scenario_path"], rnd, winner, saved_at)


def _opened(shown: str, scenario):
    from ..engine import Battle
    try:
        return Battle(scenario)
    except Exception as exc:  # noqa: BLE001 - a save is refused in one line, never with a traceback
        raise SaveError(shown, "scenario_text", f"the battle cannot be set up ({_why(exc)})",
                        "SAVE_SCENARIO") from None


def _restored(shown: str, scenario, doc: dict):
    """The battle at the save's checkpoint, checked against its ``check``; None when the
    checkpoint does not read (the caller replays)."""
    if doc["state"].get("digest") != _digest(doc):
        return None           # the commands or the scenario were edited: the replay judges them
    battle = _opened(shown, scenario)
    try:
        restore(battle, doc["state"], doc["commands"])
        if _difference(_check(battle), doc["check"], "") is None:
            return battle
    except (CheckpointError, KeyError, TypeError, ValueError, AttributeError):
        pass
    battle.close()
    return None


def _digest(doc: dict) -> str:
    """What ties a checkpoint to its save: the scenario, the seed and every command."""
    import hashlib
    text = json.dumps([doc["scenario_text"], doc["seed"], doc["commands"]], ensure_ascii=False,
                      separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _read(shown: str) -> dict:
    try:
        raw = Path(shown).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise SaveError(shown, None, "no such file", "SAVE_UNREADABLE") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(shown, None, f"cannot be read ({_why(exc)})", "SAVE_UNREADABLE") from None
    try:
        guard(raw, shown, "json", MAX_SAVE_TEXT)
        doc = json.loads(raw, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise SaveError(shown, f"line {exc.lineno}", f"broken JSON: {exc.msg}", "SAVE_NOT_JSON") from None
    except ContentError as exc:
        raise SaveError(shown, exc.where, exc.what, "SAVE_NOT_JSON") from None
    except (ValueError, RecursionError) as exc:
        raise SaveError(shown, None, f"broken JSON: {exc}", "SAVE_NOT_JSON") from None
    try:
        check_values(doc, shown, text=raw)
    except ContentError as exc:
        raise SaveError(shown, exc.where, exc.what, "SAVE_MALFORMED") from None
    return doc


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number JSON allows")


def _validated(shown: str, doc: Any) -> dict:
    def fail(where, what, code="SAVE_MALFORMED"):
        raise SaveError(shown, where, what, code)

    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        if isinstance(doc, dict) and "format" in doc:
            fail("format", f"is {doc['format']!r}: not a Carreau save", "SAVE_FOREIGN")
        fail(None, f'not a Carreau save (a JSON object with "format": "{FORMAT}")', "SAVE_FOREIGN")
    version = doc.get("version")
    if not _is(version, int):
        fail("version", f"must be a whole number, not {version!r}")
    if version != VERSION:
        newer = " (written by a newer Carreau)" if version > VERSION else ""
        fail("version", f"version {version} is not supported{newer}; this build reads version {VERSION}",
             "SAVE_VERSION")
    try:
        convert(doc, SaveFile, shown, dialect="json")
    except ContentError as exc:
        fail(exc.where, exc.what)
    return doc


def _replay(shown: str, battle, commands: list) -> None:
    """Play each command again as it was first played: its scripted dice, then the seed's."""
    from ..i18n import sentence
    for i, c in enumerate(commands):
        where = f"commands[{i}]"
        try:
            legal, refusal, _ = battle.act(c["who"], c["action"], legacy_arguments(c["action"], c["args"]), dice=list(c["dice"]),
                                           declined=set(c["declined"]), instead=c.get("instead"))
        except Exception as exc:  # noqa: BLE001 - one line for the player, the current game kept
            raise SaveError(shown, where, f"{c['who']} {c['action']}: the engine fails on it ({_why(exc)})",
                            "SAVE_REFUSED") from None
        if not legal:
            reason = _clip(sentence(refusal.code, refusal.params, "en"), 160)
            raise SaveError(shown, where, f"{c['who']} {c['action']} is refused on replay: {reason} "
                            f"({refusal.code})", "SAVE_REFUSED")
        rolled = battle.history[-1]["rolled"]
        if rolled != c["rolled"]:
            raise SaveError(shown, where, f"the save does not replay exactly: {c['who']} {c['action']} rolls "
                            f"{rolled}, the save says {c['rolled']}", "SAVE_DIVERGES")


def _check(battle) -> dict:
    """What a replay must reach: the round, the turn, the winner and every creature's state."""
    state = battle.state()
    check = {"round": state["round"], "turn": state["turn"], "order": state["order"],
             "winner": state.get("winner"),
             "creatures": {cid: {k: c[k] for k in CREATURE_CHECK} for cid, c in state["creatures"].items()}}
    return json.loads(json.dumps(check))


def _compare(shown: str, got: dict, expected: dict, count: int) -> None:
    difference = _difference(got, expected, "")
    if difference is not None:
        raise SaveError(shown, "check", f"the save does not replay exactly: after its {count} commands, "
                        f"{difference}", "SAVE_DIVERGES")


def _difference(got: Any, expected: Any, where: str) -> str | None:
    if isinstance(got, dict) and isinstance(expected, dict):
        for key in sorted(set(got) | set(expected), key=str):
            if key not in got or key not in expected:
                return (f"{where}{key} is missing from the replayed battle" if key not in got
                        else f"{where}{key} is not in the save")
            found = _difference(got[key], expected[key], f"{where}{key}.")
            if found is not None:
                return found
        return None
    if got != expected:
        return f"{where.rstrip('.')} is {json.dumps(got)}, the save says {_short(expected)}"
    return None


# --- small helpers ----------------------------------------------------------------------
def _parse(text: str, path: str):
    if str(path).lower().endswith(".tmj"):
        from .scenario import parse_tiled
        return parse_tiled(text, path)
    from .scenario import parse_scenario
    return parse_scenario(text, path)


def _is(value: Any, kind: type) -> bool:
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))


def _short(value: Any) -> str:
    return _clip(json.dumps(value, ensure_ascii=False), 40)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _why(exc: BaseException) -> str:
    detail = str(exc).splitlines()[0] if str(exc) else ""
    return f"{exc.__class__.__name__}: {detail}" if detail else exc.__class__.__name__
