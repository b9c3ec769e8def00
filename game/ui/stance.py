"""How the next attack is made (issue 14, item 4: every choice ``act`` takes reachable from
the window): fighting defensively (French text, « Combat sur la défensive » : −4 to attack,
+2 AC until the next turn) with an attack or a full attack, and nonlethal damage with a
lethal weapon (« Infliger des dégâts non-létaux » : −4 to attack) with an attack, and a
monk's flurry of blows with a full attack (SRD, Monk), and a tumbling move (digest §4.6, Tumble:
at half speed, a check per foe passed) with a move. Power
Attack and Combat Expertise are the engine's own questions, asked after ``check``.

These are the player's choices, not rules: the window only adds them to the command it
sends, and the engine judges it (a creature that cannot fight defensively now is refused
with its reason). They hold until the turn passes."""
from __future__ import annotations

from dataclasses import dataclass

# Which command takes which choice (``commands.catalogue``: Attack, FullAttack).
TAKES = {"attack": ("defensively", "nonlethal"), "full_attack": ("defensively", "flurry"), "move": ("tumble",)}
TOGGLES = ("defensively", "nonlethal", "flurry", "tumble")
# Shown only to a creature whose full attack the engine says may be one (``views.can_flurry``).
MONK_TOGGLES = ("flurry",)
# Shown only in Move mode, to a creature the engine lets tumble (``options``' move domain).
MOVE_TOGGLES = ("tumble",)
# The value a toggle gives its argument when it is not a plain yes: a tumble at half speed.
VALUES = {"tumble": "half"}


@dataclass
class Stance:
    defensively: bool = False
    nonlethal: bool = False
    flurry: bool = False               # a monk's flurry of blows (SRD, Monk) with a full attack
    tumble: bool = False               # a move tumbling at half speed (digest §4.6)
    owner: str | None = None           # the creature whose turn set them

    def follow(self, current: str | None) -> None:
        """A new creature's turn starts with neither."""
        if current != self.owner:
            self.defensively = self.nonlethal = self.flurry = self.tumble = False
            self.owner = current

    def toggle(self, name: str) -> None:
        setattr(self, name, not getattr(self, name))

    def extras(self, action: str) -> dict[str, bool | str]:
        """The arguments the command for ``action`` gets from the choices made."""
        return {name: VALUES.get(name, True) for name in TAKES.get(action, ()) if getattr(self, name)}
