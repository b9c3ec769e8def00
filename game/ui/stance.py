"""How the next attack is made (issue 14, item 4: every choice ``act`` takes reachable from
the window): fighting defensively (French text, « Combat sur la défensive » : −4 to attack,
+2 AC until the next turn) with an attack or a full attack, and nonlethal damage with a
lethal weapon (« Infliger des dégâts non-létaux » : −4 to attack) with an attack, and a
monk's flurry of blows with a full attack (SRD, Monk), and a tumbling move (digest §4.6, Tumble:
at half speed, a check per foe passed) with a move. Power
Attack and Combat Expertise are the engine's own questions, asked after ``check``.

These are the player's choices, not rules: the window only adds them to the command it
sends, and the engine judges it (a creature that cannot fight defensively now is refused
with its reason). They hold until the turn passes.

Power Attack and Combat Expertise are asked at each attack, as the rules give the choice
(SRD, Feats: chosen on the fighter's own action, before its attack rolls; ``combat_feats``); the
player may keep an answer for the battle, for that creature (``remember``: its own opt-in,
the question's "remember for this battle"), and the panel's toggle forgets it again."""
from __future__ import annotations

from dataclasses import dataclass, field

# Which command takes which choice (``commands.catalogue``: Attack, FullAttack).
TAKES = {"attack": ("defensively", "nonlethal"), "full_attack": ("defensively", "flurry"), "move": ("tumble",)}
TOGGLES = ("defensively", "nonlethal", "flurry", "tumble")
# Shown only to a creature whose full attack the engine says may be one (``views.can_flurry``).
MONK_TOGGLES = ("flurry",)
# Shown only in Move mode, to a creature the engine lets tumble (``options``' move domain).
MOVE_TOGGLES = ("tumble",)
# The value a toggle gives its argument when it is not a plain yes: a tumble at half speed.
VALUES = {"tumble": "half"}
# The engine's questions whose answer a player may keep for the battle (their arguments).
REMEMBERED = ("power_attack", "combat_expertise")
# A toggle named so forgets a kept answer: "forget:power_attack".
FORGET = "forget:"


@dataclass
class Stance:
    defensively: bool = False
    nonlethal: bool = False
    flurry: bool = False               # a monk's flurry of blows (SRD, Monk) with a full attack
    tumble: bool = False               # a move tumbling at half speed (digest §4.6)
    owner: str | None = None           # the creature whose turn set them
    # answers kept for the battle, by (creature, argument): not cleared as turns pass
    kept: dict[tuple[str, str], int] = field(default_factory=dict)

    def follow(self, current: str | None) -> None:
        """A new creature's turn starts with neither."""
        if current != self.owner:
            self.defensively = self.nonlethal = self.flurry = self.tumble = False
            self.owner = current

    def toggle(self, name: str) -> None:
        if name.startswith(FORGET):
            self.forget(self.owner, name[len(FORGET):])
            return
        setattr(self, name, not getattr(self, name))

    def remember(self, cid: str, argument: str, value: int) -> None:
        """Keep ``cid``'s answer to the question that fills ``argument`` for the battle."""
        if argument in REMEMBERED:
            self.kept[(cid, argument)] = value

    def recall(self, cid: str | None, argument: str) -> int | None:
        return self.kept.get((cid, argument)) if cid is not None else None

    def forget(self, cid: str | None, argument: str) -> None:
        self.kept.pop((cid, argument), None)      # asked again at its next attack

    def kept_by(self, cid: str | None) -> list[tuple[str, int]]:
        """The answers ``cid`` keeps, in the questions' order (the panel's toggles)."""
        return [(a, self.kept[(cid, a)]) for a in REMEMBERED if cid is not None and (cid, a) in self.kept]

    def extras(self, action: str) -> dict[str, bool | str]:
        """The arguments the command for ``action`` gets from the choices made."""
        return {name: VALUES.get(name, True) for name in TAKES.get(action, ()) if getattr(self, name)}
