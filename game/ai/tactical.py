"""The tactical player (issue 12, items 1-2), ``ai:easy`` / ``ai:normal`` / ``ai:hard``.

First version: the scripted player's choice, said with its reason. The scoring player
that replaces it reads the engine's numbers (``odds``, ``preview``) for each candidate."""
from __future__ import annotations

from ..dice import Chooser
from . import scripted
from .controllers import Decision, first_choice


class TacticalPlayer:
    def __init__(self, level: str = "normal", seed: int = 0):
        self.level = level
        self.name = f"ai:{level}"
        self.chooser = Chooser(seed)

    def decide(self, battle, who: str) -> Decision | None:
        command = scripted.choose(battle, who)
        return Decision(command, "WHY_SCRIPTED") if command is not None else None

    def answer(self, battle, question, command):
        return first_choice(question)
