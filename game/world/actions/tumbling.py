"""Tumbling as part of a move action (digest §4.6, SRD Tumble; ``rules.tumble``).

``move`` with ``tumble`` "half" (half speed) or "fast" (full speed, -10 on the checks):
trained only, not when armour reduces the tumbler's speed, the armour check penalty on
each check. One check per opponent in the order passed: DC 15 for the foe whose
threatened squares the path leaves, DC 25 for the one whose square it moves through,
+2 for each enemy tested before it in the move. Made, that foe's attack of opportunity
is not provoked by the move; failed, it provokes normally, and a tumbler that failed to
pass an enemy's square stops before entering it and provokes from that enemy.

The engine tracks no carried load, so only armour (medium or heavy, the armour table's
``speed_30`` below 30) refuses (README ruling).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ... import data
from ...rules import tumble as rules
from ...rules.geometry import Square
from ...rules.modifiers import ability_modifier
from ...rules.reasons import Refusal
from ..attacks import take_opportunities
from ..components import Abilities, Riding, Stats
from ..events import MovementStopped, Tumbled
from ..worn import armour_check_penalty


def ranks(battle, cid: str) -> int:
    return battle.read(cid, Stats).values.get("tumble", 0)


def speed_reduced_by_armour(battle, cid: str) -> bool:
    """Medium or heavy armour slows its wearer (SRD Table: Armor and Shields, ``speed_30``)."""
    armour = battle.spec(cid).armor
    return bool(armour) and data.armor().get(armour, {}).get("speed_30", 30) < 30


def refusal(battle, cid: str) -> Refusal | None:
    """Why this creature cannot tumble now (digest §4.6: "Trained only", "not usable if
    your speed is reduced by armor or load"); a rider's mount does the moving."""
    if not rules.trained(ranks(battle, cid)):
        return Refusal("NOT_TRAINED_IN_TUMBLE")
    if speed_reduced_by_armour(battle, cid):
        return Refusal("TUMBLE_SPEED_REDUCED_BY_ARMOUR", {"armor": battle.spec(cid).armor})
    if battle.read(cid, Riding).mount:
        return Refusal("TUMBLE_WHILE_RIDING")
    return None


def bonus(battle, cid: str, speed: str) -> int:
    """Ranks + Dex + the armour check penalty, -10 at full speed (``rules.tumble``)."""
    dex = ability_modifier(battle.read(cid, Abilities).scores["dex"])
    return rules.check_bonus(ranks(battle, cid), dex, armour_check_penalty(battle, cid), speed)


@dataclass
class Tumble:
    """One tumbling move under way: the foes tested so far and how each check went."""
    who: str
    speed: str
    bonus: int
    surface: int
    through: dict[str, int]                     # foe -> first position overlapping its space
    passed: set[str] = field(default_factory=set)
    failed: set[str] = field(default_factory=set)

    @property
    def tested(self) -> int:
        return len(self.passed) + len(self.failed)

    def _check(self, battle, foe: str, at: Square) -> Tumbled:
        base = rules.THROUGH_DC if foe in self.through else rules.PAST_DC
        dc = rules.dc(base, self.tested, self.surface)
        if battle.recorder is not None:
            # a preview: the check is planned with its chance, and taken as made
            battle.recorder.tumbled(rules.TumblePlan(self.who, foe, tuple(at), dc, self.bonus, foe in self.through,
                                                     rules.chance(self.bonus, dc)))
            self.passed.add(foe)
            return Tumbled(who=self.who, foe=foe, d20=0, bonus=self.bonus, dc=dc, success=True,
                           through=foe in self.through, at=tuple(at))
        d20 = battle.dice.roll(20, f"tumble {self.who} past {foe}")
        ok = d20 + self.bonus >= dc
        (self.passed if ok else self.failed).add(foe)
        return Tumbled(who=self.who, foe=foe, d20=d20, bonus=self.bonus, dc=dc, success=ok,
                       through=foe in self.through, at=tuple(at))

    def leaving(self, battle, here: Square, takers: list[str]) -> tuple[list[str], list]:
        """Of the foes leaving ``here`` would provoke, those it still provokes: a foe tested
        now or before and passed does not (digest §4.6: "check per opponent, in the order
        you pass them")."""
        events: list = []
        left: list[str] = []
        for foe in takers:
            if foe not in self.passed and foe not in self.failed:
                events.append(self._check(battle, foe, here))
            if foe not in self.passed:
                left.append(foe)
        return left, events

    def entering(self, battle, here: Square, index: int, provoked: set[str], declined: set[str]) -> tuple[list, bool]:
        """Before stepping onto ``index``: a foe whose square it enters there and not yet
        tested is tested at DC 25; failed (now or before), the tumbler stops where it is
        and provokes from that enemy (digest §4.6, "Failure"). Returns (events, stopped)."""
        events: list = []
        for foe, first in self.through.items():
            if first == index and foe not in self.passed and foe not in self.failed:
                events.append(self._check(battle, foe, here))
        blocked = [foe for foe, first in self.through.items() if first == index and foe in self.failed]
        if not blocked:
            return events, False
        takers = [foe for foe in blocked if foe not in provoked]
        provoked.update(takers)
        ev, _fell = take_opportunities(battle, self.who, takers, declined, moving=True)
        events += ev
        events.append(MovementStopped(who=self.who, at=tuple(here), reason="tumble_failed"))
        return events, True


def start(battle, who: str, speed: str, positions: list[Square]) -> Tumble:
    """The tumble along ``positions`` (start included), as the move begins."""
    board = battle.board()
    body = board.body(who)
    return Tumble(who, speed, bonus(battle, who, speed), rules.surface_modifier(board, body, positions),
                  rules.foes_passed_through(board, body, positions))
