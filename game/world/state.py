"""The battle-wide state, typed (design/architecture.md, "Systems and conditions": battle-wide
state lives in components or one typed battle-state dataclass, never in loose dicts keyed by
built-up strings).

What belongs to one creature is in its components (``components``); what belongs to the
battle as a whole is here: the clock (round, turn, initiative order and counts, the
surprise round, the winner), what lies on the map (items on the ground, the doors opened
or closed, the heavy objects moved, the squares spells made hard going), and what waits for a later moment (aid
another bonuses, secondary poison damage). The battle holds one ``BattleState``, journaled
as one value (``Battle.shared``): the first time an open frame touches it, it is copied
with the per-field plan of ``journal.component_copier``, so every field is annotated
exactly (immutable records are frozen).
"""
from __future__ import annotations

from dataclasses import dataclass, field

Square = tuple[int, int]


@dataclass(frozen=True)
class Aid:
    """An aid another bonus waiting for its attack (French text, "aider quelqu'un"):
    +2 to ``ally``'s next attack against ``enemy`` (``kind`` "attack"), or to its AC
    against ``enemy``'s next attack ("defense"), until the aider's next turn."""
    aider: str
    ally: str
    enemy: str
    kind: str


@dataclass(frozen=True)
class Poison:
    """Secondary poison damage to come (SRD "Poison"): ``target`` saves again on ``round``
    against ``who``'s poison (its bestiary numbers, copied)."""
    who: str
    target: str
    poison: dict
    round: int


@dataclass(frozen=True)
class Overlay:
    """Squares a spell made hard going (grease, web), until a round (data-digest §5)."""
    kind: str                       # "grease" | "web"
    caster: str
    squares: tuple[Square, ...]
    until: int
    dc: int


@dataclass
class BattleState:
    """Everything the battle as a whole holds besides its creatures' components."""

    round: int = 1
    turn: str | None = None                     # whose turn it is (None before the first, after the last)
    order: list[str] = field(default_factory=list)                        # initiative order
    counts: dict[str, tuple[int, int]] = field(default_factory=dict)      # id -> (initiative count, modifier)
    surprise_round: bool = False
    winner: str | None = None
    started: bool = False
    ground: dict[Square, list[str]] = field(default_factory=dict)         # items lying on the map, by square
    ground_damage: dict[Square, dict[str, int]] = field(default_factory=dict)   # hit points left to damaged objects there
    doors: dict[Square, bool] = field(default_factory=dict)               # doors opened (True) or closed (False) in play
    # sealed doors channelled energy answered (``rules.sealed_doors``): "opened" or "shattered"
    seals_broken: dict[Square, str] = field(default_factory=dict)
    heavy_moved: dict[Square, Square] = field(default_factory=dict)      # a crate's square on the map -> where it stands now
    web_hp: dict[Square, int] = field(default_factory=dict)              # web-sheet sections struck: hit points left (0: gone)
    overlays: dict[tuple[str, str], Overlay] = field(default_factory=dict)      # (kind, caster) -> its squares
    aids: list[Aid] = field(default_factory=list)
    poisons: list[Poison] = field(default_factory=list)
    metamagic: tuple[str, ...] = ()             # the metamagic of the spell being resolved
    effects_begun: int = 0                      # lasting spell effects begun so far: each is numbered (their order)
    # attacker -> the creatures it attacked since its turn began: a helpless creature under
    # attack counts for shooting into a melee (``attacks.engaged_with_ally``).
    attacked: dict[str, tuple[str, ...]] = field(default_factory=dict)
