"""Dice: the only module that imports ``random`` (design/architecture.md).

One seeded ``Dice`` per battle. A caller may script raw faces (the query protocol's
``dice`` list, tests): they are used first, in order, then the seeded generator. Every
roll is recorded with what it was for, so the log can show its breakdown.
"""
from __future__ import annotations

import random
from dataclasses import dataclass


class DiceError(ValueError):
    """A scripted face that the die cannot show."""


class WouldRoll(Exception):
    """Raised by dice that are only being asked (``probing``): the action got as far as
    its first die, which it may not roll."""

    def __init__(self, sides: int, purpose: str):
        self.sides, self.purpose = sides, purpose
        super().__init__(f"d{sides} {purpose}")


@dataclass(frozen=True)
class Roll:
    sides: int
    face: int
    purpose: str
    scripted: bool


class Dice:
    def __init__(self, seed: int):
        self.seed = seed
        self._rng = random.Random(seed)
        self._script: list[int] = []
        self.history: list[Roll] = []
        self.journal = None          # the battle's undo log: it keeps the generator's state before a roll
        self.probing = False         # asking, not playing: no die may be rolled (``WouldRoll``)


    def script(self, faces: list[int]) -> None:
        """Use these raw faces first (any left over when the action ends are dropped)."""
        self._script = list(faces)

    def clear_script(self) -> None:
        self._script = []

    def roll(self, sides: int, purpose: str = "") -> int:
        if self.probing:
            raise WouldRoll(sides, purpose)
        if self.journal:
            self.journal.note_rng(self._rng.getstate)
        if self._script:
            face = self._script.pop(0)
            if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= sides:
                raise DiceError(f"a scripted face of {face!r} is impossible on a d{sides} ({purpose})")
            self.history.append(Roll(sides, face, purpose, True))
            return face
        face = self._rng.randint(1, sides)
        self.history.append(Roll(sides, face, purpose, False))
        return face

    def roll_dice(self, count: int, sides: int, purpose: str = "") -> list[int]:
        return [self.roll(sides, purpose) for _ in range(count)]

    # A frame of the battle's journal marks where the dice stood, and rewinds them there.
    def mark(self) -> tuple[int, list[int]]:
        return len(self.history), list(self._script)

    def rewind(self, rolls: int, script: list[int], rng_state) -> None:
        if rng_state is not None:
            self._rng.setstate(rng_state)
        self._script = list(script)
        del self.history[rolls:]

    # Saving and restoring the whole state (a save's replay checks).
    def get_state(self):
        return (self._rng.getstate(), list(self._script), len(self.history))

    def set_state(self, state) -> None:
        rng, script, n = state
        self._rng.setstate(rng)
        self._script = list(script)
        del self.history[n:]


class Chooser:
    """A seeded stream of choices for a computer player (the ``random`` controller, an
    AI's tie-breaks): separate from the battle's dice, so what a player chooses to ask
    never changes what the dice will roll, and the same seed makes the same choices."""

    def __init__(self, seed: int):
        self._rng = random.Random(seed)

    def choice(self, items):
        return self._rng.choice(list(items))

    def random(self) -> float:
        return self._rng.random()
