"""Who plays a side (issue 12): a *controller* decides one command at a time for a
creature whose turn it is, from what the engine offers (``options``, views, ``preview``,
``odds``), and answers the questions the rules put to the creature's owner. It never
decides a rule: every command it returns is one the engine offered.

Controllers by name: ``scripted`` (nearest enemy, no tactics), ``random`` (a uniformly
random offered option), ``ai`` / ``ai:easy`` / ``ai:normal`` / ``ai:hard`` (the tactical
player, ``game.ai.tactical``). ``play_turn`` plays a creature's turn to its end with one.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from .. import i18n
from ..world.commands import Command

NAMES = ("ai", "ai:easy", "ai:normal", "ai:hard", "random", "scripted")
LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"          # the level "ai" plays at


def played_as(name: str) -> str:
    """A controller's name with the level it plays at: "ai" is "ai:normal" (a report says
    how the side was played, not only what was asked)."""
    return f"ai:{DEFAULT_LEVEL}" if name == "ai" else name


@dataclass(frozen=True)
class Decision:
    """A command and why it was chosen: a sentence code of the catalogue and its values
    (creature ids are put in as the players know them when it is said)."""

    command: Command
    why: str = "WHY_SCRIPTED"
    params: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def explain(self, lang: str | None = None, names: dict[str, str] | None = None) -> str:
        return i18n.sentence(self.why, self.params, lang, names) + provoking_tail(self.params, lang, names)


def provoking_tail(params: dict[str, Any], lang: str | None = None, names: dict[str, str] | None = None) -> str:
    """What a reason adds when its command provokes attacks of opportunity it does not
    already count (a charge past a foe, fists swung without Improved Unarmed Strike):
    ", provoking Tordek" — the risk is said, not left for the board to show."""
    takers = params.get("provoking")
    if not takers:
        return ""
    if len(takers) == 1:
        return i18n.sentence("WHY_PROVOKING", {"target": takers[0]}, lang, names)
    return i18n.sentence("WHY_PROVOKING_MORE", {"target": takers[0], "others": len(takers) - 1}, lang, names)


class Controller(Protocol):
    name: str

    def decide(self, battle, who: str) -> Decision | None:
        """The next command for ``who`` (whose turn it is), or None to end its turn."""

    def answer(self, battle, question, command: Command) -> Any:
        """The value the owner of ``question.to`` gives for one of the rules' choices
        (``asking.choice_questions``: trip back, follow a bull rush, avoid an overrun …)."""


def first_choice(question) -> Any:
    """The first of a question's choices: the rules' usual answer (trip back, follow the
    bull rush, avoid an overrun, the first tied charge end); an attack of opportunity
    (no argument) is taken."""
    return question.choices[0] if question.argument is not None and question.choices else True


class UnknownController(ValueError):
    """A controller name that is not one of NAMES."""


def make_controller(name: str, seed: int = 0) -> Controller:
    """The controller called ``name`` (one of NAMES), its own choices seeded with ``seed``."""
    if name == "scripted":
        from .scripted import ScriptedPlayer
        return ScriptedPlayer()
    if name == "random":
        from .random_player import RandomPlayer
        return RandomPlayer(seed)
    if name == "ai" or (name.startswith("ai:") and name[3:] in LEVELS):
        from .tactical import TacticalPlayer
        return TacticalPlayer(name[3:] if ":" in name else DEFAULT_LEVEL, seed)
    raise UnknownController(name)


def play_turn(battle, who: str, controller: Controller, limit: int = 12,
              on_decision: Callable[[Decision, list], None] | None = None) -> list[Decision]:
    """Play ``who``'s turn to its end with ``controller``: at most ``limit`` commands, then
    the end of the turn. ``on_decision(decision, events)`` is told of each command played.
    A command the engine refuses is a controller's fault: it raises (the simulations count
    none, and the tests prove it)."""
    played: list[Decision] = []
    while battle.turn == who and battle.winner is None and len(played) < limit:
        decision = controller.decide(battle, who)
        if decision is None:
            break
        ok, refusal, events = battle.act(decision.command)
        if not ok:
            raise IllegalCommand(decision, refusal)
        played.append(decision)
        if on_decision is not None:
            on_decision(decision, events)
    if battle.turn == who and battle.winner is None:
        battle.act(who, "end_turn")
    return played


class IllegalCommand(RuntimeError):
    """A controller submitted a command the engine refused."""

    def __init__(self, decision: Decision, refusal):
        self.decision, self.refusal = decision, refusal
        super().__init__(f"{decision.command!r} refused: {getattr(refusal, 'code', refusal)}")
