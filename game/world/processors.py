"""The product's systems as esper processors (issue 10, item 5; design/architecture.md,
"Systems and conditions"): movement, the 5-ft step, charge line validation, threatened
squares and splash scatter run over components — an intent component in, a result
component out — and call the pure rules.

An action posts its intent in the creature's ``Requests`` component and runs the
battle's processors (``Battle.run``); each processor handles the intents of its kind and
writes the result the action then reads. The threat processor keeps every creature's ``ThreatMap`` current:
after any run it refreshes the maps of the creatures whose rules body changed (position,
weapon, size, conditions), and everything that needs threatened squares — attacks of
opportunity, the overlays, the AI — reads the same maps.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

import esper

from ..rules import charge as charge_rules, movement, splash as splash_rules, threat, tumble
from ..rules.board import Body as RulesBody
from ..rules.geometry import Square


# --- intents and results --------------------------------------------------------------------
@dataclass(frozen=True)
class MoveIntent:
    """A movement to judge: the squares entered, its mode, the turn's diagonal count."""
    squares: tuple[Square, ...]
    mode: str
    parity: int = 0
    restricted: bool = False
    tumble: str | None = None          # "half" or "fast": a tumbling move (``rules.tumble``)


@dataclass(frozen=True)
class StepIntent:
    """A 5-ft step to judge (French text, "pas de placement")."""
    to: Square


@dataclass(frozen=True)
class ChargeIntent:
    """A charge to judge: the lane to the closest spaces (French text, "charge")."""
    target: str
    restricted: bool = False
    overrun: str | None = None         # a creature overrun on the way: its space does not block


@dataclass(frozen=True)
class SplashIntent:
    """Where a thrown splash weapon lands (digest §4.8, decisions §4)."""
    target: str | None
    intersection: Square | None
    hit: bool
    d8: int | None
    increment: int = 2


@dataclass
class Requests:
    """The systems' in-tray, on the battle's one system entity: the intent posted for a
    creature (``who``, ``pending``) and the answer the processor of that intent writes
    (``judged``: a ``PathCheck``, ``ChargeResult``, ``SplashResult``). One lasting
    component, so that posting adds none (esper would rebuild its queries); ``stale``: the
    creatures whose body changed, whose threat maps the threat processor makes again."""
    who: str | None = None
    pending: object | None = None
    judged: object | None = None
    stale: set[str] = field(default_factory=set)


@dataclass
class ThreatMap:
    """The squares a creature threatens now, and the rules body they were worked out for."""
    squares: frozenset[Square] = frozenset()
    body: RulesBody | None = None


# --- processors -------------------------------------------------------------------------------
class _Judging(esper.Processor):
    """A processor that answers the intents of one kind (``intent``) with its ``judge``."""

    intent: type = object
    judge: Callable

    def process(self, battle) -> None:
        for _ent, slot in esper.get_component(Requests):
            if type(slot.pending) is self.intent:
                intent, slot.pending = slot.pending, None
                slot.judged = self.judge(battle, battle.board(), battle.board().body(slot.who), intent)


class MovementProcessor(_Judging):
    """Movement along a path (digest §1; decisions §1): legal or not, its cost, the
    positions walked (``rules.movement.check_path``)."""
    intent = MoveIntent

    def judge(self, battle, board, body, intent: MoveIntent):
        if intent.tumble:
            # half speed, or full at -10; through enemies' squares (digest §4.6)
            body = replace(body, speed_squares=tumble.speed_squares(body, intent.tumble))
        return movement.check_path(board, body, list(intent.squares), intent.mode, restricted=intent.restricted,
                                   parity=intent.parity, tumbling=bool(intent.tumble))


class FiveFootStepProcessor(_Judging):
    """A 5-ft step: one square, never into difficult terrain, never provoking."""
    intent = StepIntent

    def judge(self, battle, board, body, intent: StepIntent):
        return movement.check_path(board, body, [intent.to], "5ft")


class ChargeProcessor(_Judging):
    """A charge's lane and its closest spaces (``rules.charge``)."""
    intent = ChargeIntent

    def judge(self, battle, board, body, intent: ChargeIntent):
        return charge_rules.charge(board, body, board.body(intent.target), restricted=intent.restricted,
                                   overrun=intent.overrun)


class SplashProcessor(_Judging):
    """Where a splash weapon lands and whom it splashes (``rules.splash``)."""
    intent = SplashIntent

    def judge(self, battle, board, body, intent: SplashIntent):
        target = board.body(intent.target) if intent.target else None
        return splash_rules.splash(board, body, target=target, intersection=intent.intersection, hit=intent.hit,
                                   d8=intent.d8, increment=intent.increment)


class ThreatProcessor(esper.Processor):
    """Keeps each creature's ``ThreatMap`` current (digest §3): a map is made again only
    when the creature's rules body is not the one it was made for."""

    def process(self, battle) -> None:
        for _ent, slot in esper.get_component(Requests):
            if slot.stale:
                board = battle.board()
                for cid in sorted(slot.stale):
                    self.refresh(board, cid, esper.component_for_entity(battle.entities[cid], ThreatMap))
                slot.stale.clear()

    @staticmethod
    def refresh(board, cid: str, known: ThreatMap) -> frozenset[Square]:
        body = board.by_id.get(cid)
        if body is not None and known.body is not body:
            known.squares = threat.threat_map(board.terrain, board.variants, body)
            known.body = body
        return known.squares


PROCESSORS = (MovementProcessor, FiveFootStepProcessor, ChargeProcessor, SplashProcessor, ThreatProcessor)


def install() -> None:
    """Add the processors to the current esper world (each battle has its own)."""
    for priority, kind in enumerate(reversed(PROCESSORS)):
        esper.add_processor(kind(), priority=priority)
