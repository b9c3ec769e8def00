"""Playing a command from the window: the engine judges it first (``check``), and only a
command it allows goes on to the questions its preview lists — the choices the rules give
each side, then each attack of opportunity — put to the player who owns the creature;
then it is played (``act``). The window decides no rule: a refusal is the engine's
sentence, the questions are the engine's."""
from __future__ import annotations

from dataclasses import replace

from ..i18n import sentence
from ..world.asking import Question, questions

# How each kind of answer reads (a question's ``about`` picks the pair when it is not yes/no).
CHOICE_LABELS = {
    "UI_MOUNT_HOW": {False: "UI_NORMAL", True: "UI_FAST"}, "UI_DISMOUNT_HOW": {False: "UI_NORMAL", True: "UI_FAST"},
    "UI_CLIMB_HOW": {False: "UI_CLIMB_SLOW", True: "UI_CLIMB_HURRY"},
    "UI_OVERRUN_DEFENDER": {"avoid": "UI_AVOID", "block": "UI_BLOCK"},
    "UI_AID_HOW": {"attack": "UI_AID_ATTACK", "defense": "UI_AID_DEFENSE"},
}


class Orders:
    """The questions of one command, asked in turn through the screen's dialogs."""

    def __init__(self, screen):
        self.s = screen

    def submit(self, command, asked: frozenset[str] = frozenset(), declined: frozenset[str] = frozenset()) -> bool:
        """Judge, ask, play. True when the command was played or waits on answers."""
        s = self.s
        refusal = s.battle.check(command, declined=declined)
        if refusal is not None:
            s.log.append((sentence(refusal.code, refusal.params, s.lang), (240, 160, 120)))
            return False
        seen = s.battle.preview(command, declined=declined)
        pending = [q for q in questions(s.battle, seen) if q.argument is None or q.argument not in asked]
        self._ask(command, pending, set(declined))
        return True

    def _ask(self, command, pending: list[Question], declined: set[str]) -> None:
        s = self.s
        if not pending:
            s.play(command, declined)
            return
        q, rest = pending[0], pending[1:]
        if q.argument is None:                      # an attack of opportunity: take it or not

            def answer(take, taker=q.to):
                self._ask(command, rest, declined if take else declined | {taker})
            text = sentence("UI_AOO_ASK", {"taker": s.names.get(q.to, q.to),
                                           "target": s.names.get(command.who, command.who),
                                           "why": sentence("UI_AOO_WHY_ACT", {}, s.lang)}, s.lang)
            s.dialog = s.make_dialog(text, [(sentence("UI_YES", {}, s.lang), True), (sentence("UI_NO", {}, s.lang), False)],
                                     answer)
            return

        def chosen(value):
            self._ask(replace(command, **{q.argument: value}), rest, declined)
        if q.argument == "end":                     # a square: the charger clicks it on the board
            s.choose_square(list(q.choices), sentence(q.about, {}, s.lang), chosen)
            return
        text = sentence(q.about, {"defender": s.names.get(q.to, q.to), "ally": s.names.get(command.who, command.who)},
                        s.lang)
        labels = CHOICE_LABELS.get(q.about, {})
        choices = [(sentence(labels.get(v, "UI_YES" if v is True else "UI_NO" if v is False else str(v)), {}, s.lang), v)
                   for v in q.choices]
        s.dialog = s.make_dialog(text, choices, chosen)
