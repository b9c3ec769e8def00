"""The ``random`` controller (issue 12, item 4): a uniformly random offered action, then a
uniformly random argument from its domain; the turn ends when nothing but ending it (or
waiting) is offered. It is the yardstick the tactical player must beat, and a fuzzer of
the engine: whatever it picks, the engine offered."""
from __future__ import annotations

from ..dice import Chooser
from ..world import commands as C, views
from .controllers import Decision, first_choice

# Never picked: ending the turn is what happens when nothing else is left; waiting
# (delay, ready) would hand the turn back and forth without a blow.
NOT_PICKED = frozenset({"end_turn", "delay", "ready"})
MOVES = {"move": (C.Move, "move"), "withdraw": (C.Withdraw, "withdraw"), "run": (C.Run, "run")}


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int = 0):
        self.chooser = Chooser(seed)

    def decide(self, battle, who: str) -> Decision | None:
        opts = battle.options(who)
        offered = [name for name in opts if name not in NOT_PICKED and opts[name].legal]
        while offered:
            name = self.chooser.choice(offered)
            command = self._argument(battle, who, name, opts[name])
            if command is not None:
                return Decision(command, "WHY_RANDOM", {"action": name})
            offered.remove(name)
        return None

    def _argument(self, battle, who: str, name: str, option):
        if name in MOVES:
            make, mode = MOVES[name]
            squares = option.domain.get("squares", [])
            while squares:
                x, y, _cost = self.chooser.choice(squares)
                seen = views.path(battle, who, (x, y), mode)
                if seen.legal:
                    return make(who, squares=seen.squares)
                squares = [s for s in squares if (s[0], s[1]) != (x, y)]
            return None
        commands = option.commands()
        return self.chooser.choice(commands) if commands else None

    def answer(self, battle, question, command):
        return self.chooser.choice(question.choices) if question.choices else first_choice(question)
