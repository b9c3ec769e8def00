"""The declared schema of a save (``saves.py``; issue 15, item 1): every key of the JSON
object and of each command, typed; ``strict.convert`` checks a save against it before
anything is replayed or restored. The checkpoint (``state``) and the end state
(``check``) are free-form here: ``checkpoint.py`` and the replay judge those."""
from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, Struct, UnsetType


class SavedCommand(Struct, forbid_unknown_fields=True):
    """One entry of ``battle.history``: who did what, and the dice it was played with."""

    who: str
    action: str
    args: dict[str, Any]
    dice: list[int]                       # faces scripted by the caller
    declined: list[str]                   # creatures that declined their attacks of opportunity
    rolled: list[int]                     # every face the command rolled, checked on replay
    instead: dict[str, str] | UnsetType = UNSET    # maneuvers made in place of attacks of opportunity


class SaveFile(Struct, forbid_unknown_fields=True):
    """A whole save (``format`` and ``version`` are judged first, for their own refusals)."""

    format: str
    version: int
    scenario_path: str
    scenario_text: str
    seed: int
    commands: list[SavedCommand]
    check: dict[str, Any]
    meta: dict[str, Any] = msgspec.field(default_factory=dict)
    state: dict[str, Any] | UnsetType = UNSET      # the checkpoint (issue 15); older saves load by replay
