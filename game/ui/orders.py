"""Playing a command from the window: the engine judges it first (``check``), and only a
command it allows goes on to the questions its preview lists — the choices the rules give
each side, then each attack of opportunity — put to the player who owns the creature;
then it is played (``act``). The window decides no rule: a refusal is the engine's
sentence, the questions are the engine's. After each answer the preview is asked again
(casting defensively, say, gives no attack of opportunity to ask about); Escape abandons
the command, with nothing played."""
from __future__ import annotations

from dataclasses import replace

from .. import data
from ..i18n import has_sentence, sentence
from ..world.asking import Question, aoo_maneuvers, questions
from ..world import views
from ..world.commands import Command, ManeuverStep
from .computer_turns import NO_ANSWER
from . import log_text
from .dialog import yes_no_first
from .stance import REMEMBERED

# The extra answer of a question a player may keep for the battle: it ticks or unticks
# "remember for this battle", and the question stays open for the answer itself.
REMEMBER = ("remember",)

# How each kind of answer reads (a question's ``about`` picks the pair when it is not yes/no).
CHOICE_LABELS = {
    "UI_MOUNT_HOW": {False: "UI_NORMAL", True: "UI_FAST"}, "UI_DISMOUNT_HOW": {False: "UI_NORMAL", True: "UI_FAST"},
    "UI_CLIMB_HOW": {False: "UI_CLIMB_SLOW", True: "UI_CLIMB_HURRY"},
    "UI_SWIM_HOW": {False: "UI_SWIM_MOVE", True: "UI_SWIM_FULL_ROUND"},
    "UI_WEB_HOW": {"strength": "UI_WEB_STRENGTH", "escape_artist": "UI_ESCAPE_ARTIST"},
    "UI_WEB_BREAK_HOW": {"strength": "UI_WEB_STRENGTH", "escape_artist": "UI_ESCAPE_ARTIST"},
    "UI_OVERRUN_DEFENDER": {"avoid": "UI_AVOID", "block": "UI_BLOCK"},
    "UI_AID_HOW": {"attack": "UI_AID_ATTACK", "defense": "UI_AID_DEFENSE"},
    "UI_DRAW_SECOND": {None: "UI_DRAW_ONE"},
    "UI_ESCAPE_HOW": {False: "UI_ESCAPE_GRAPPLE", True: "UI_ESCAPE_ARTIST"},
    "UI_SHIELD_BASH_TOO": {None: "UI_NO", "shield": "UI_YES"},
    "UI_SHOOT_ON_THE_WAY": {None: "UI_NO_SHOT"},
    "UI_CLEAVE_AT": {(): "UI_NO_CLEAVE"},
    "UI_RIDE_ON": {False: "UI_RIDE_STAY", True: "UI_RIDE_GO_ON"},
}

# Why an attack of opportunity is offered, by the provoking command (digest §4.3's list of
# what provokes): the words its question gives (play-test: a move was called "a
# distracting action").
MOVING = frozenset({"move", "withdraw", "run", "charge", "ride", "crawl", "minimum_move", "spring_attack", "climb", "swim",
                    "move_through_web", "grapple_move", "dismount", "overrun"})
MANEUVERING = frozenset({"trip", "disarm", "sunder", "grapple", "bull_rush"})


def aoo_why(battle, command: Command, provoker: str | None) -> str:
    """The sentence code of what provoked: leaving a threatened square (a mount's move
    too), a shot or an unarmed blow within reach, a spell, a maneuver without its feat,
    standing up, a flask thrown; else an act that distracts (drinking, retrieving …)."""
    action = command.action
    if action in MOVING or (provoker is not None and provoker != command.who):
        return "UI_AOO_WHY_MOVE"
    steps = getattr(command, "targets", ()) or ()
    if action in MANEUVERING or any(isinstance(step, ManeuverStep) for step in steps):
        return "UI_AOO_WHY_MANEUVER"            # a maneuver, or a full attack's trip in place of a blow
    if action in ("attack", "full_attack") and battle.has(command.who):
        target = getattr(command, "target", None) or next((getattr(s, "target", None) for s in steps), None)
        weapon = battle.board().body(command.who).weapon
        if target is not None and battle.has(target) and views.attack_is_ranged(battle, command.who, target):
            # a bow shoots; a dagger or a javelin is thrown at a foe out of its reach
            return "UI_AOO_WHY_SHOOT" if weapon.is_ranged else "UI_AOO_WHY_THROW"
        if weapon.is_unarmed:
            return "UI_AOO_WHY_UNARMED"
    return {"cast": "UI_AOO_WHY_CAST", "stand_up": "UI_AOO_WHY_STAND",
            "throw_splash": "UI_AOO_WHY_THROW"}.get(action, "UI_AOO_WHY_ACT")
# Questions whose answers read by their place, whatever their values (Feather Fall's are
# the command's pairs without and with the caster's).
LABELS_BY_PLACE = {"UI_FEATHER_FALL": ("UI_NO", "UI_YES")}


def _kind(labels: dict, value) -> str | None:
    """"yes" or "no" for an answer that reads so (``dialog.yes_no_first`` puts them first)."""
    code = labels.get(value) if _hashable(value) else None
    if code is None and isinstance(value, bool):
        code = "UI_YES" if value else "UI_NO"
    return {"UI_YES": "yes", "UI_NO": "no"}.get(code or "")


def _hashable(value) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _label(labels: dict, value, lang: str) -> str:
    """How one answer reads: its pair's sentence, yes or no, an item's name, or the value."""
    if _hashable(value) and value in labels:
        return sentence(labels[value], {}, lang)
    if isinstance(value, bool):
        return sentence("UI_YES" if value else "UI_NO", {}, lang)
    if isinstance(value, str) and value in data.weapons():
        return data.item_name(value, lang)
    if isinstance(value, Command):
        return sentence(f"ACT_{value.action}", {}, lang)
    if isinstance(value, str) and has_sentence(f"TRIGGER_{value}"):
        return sentence(f"TRIGGER_{value}", {}, lang)
    if isinstance(value, str) and value.startswith("SAY_") and has_sentence(value):
        return sentence(value, {}, lang)
    return str(value)


def _asked_as(q: Question):
    """What marks a question answered: its argument, or with the creature it is about
    (Feather Fall: one question per caster and faller fills the same argument)."""
    if q.shown:                      # a plan step's choice: the plan it makes answers it
        return q.argument, q.choices
    return q.argument if q.against is None else (q.argument, q.to, q.against)


class Orders:
    """The questions of one command, asked in turn through the screen's dialogs."""

    def __init__(self, screen):
        self.s = screen
        self.instead: dict[str, str] = {}      # this command's takers making a maneuver in place of their AoO
        self.holder: str | None = None         # the side looking at the screen while this command is asked
        self.acting: str | None = None         # the creature whose command it is

    def submit(self, command, asked: frozenset[str] = frozenset(), declined: frozenset[str] = frozenset()) -> bool:
        """Judge, ask, play. True when the command was played or waits on answers."""
        s = self.s
        self.instead = {}
        self.holder = self._side(command.who)
        self.acting = command.who
        refusal = s.battle.check(command, declined=declined)
        if refusal is not None:
            s.log.append((s.said_refusal(refusal, command.who), (240, 160, 120)))
            return False
        self._next(command, set(asked), set(declined))
        return True

    def _pending(self, command, asked: set, declined: set[str]) -> list[Question]:
        """What is left to ask of this command as it now stands."""
        seen = self.s.battle.preview(command, declined=frozenset(declined), instead=self.instead)
        return [q for q in questions(self.s.battle, seen)
                if (q.argument is None and q.to not in declined and ("aoo", q.to) not in asked)
                or (q.argument is not None and _asked_as(q) not in asked)]

    def _next(self, command, asked: set, declined: set[str]) -> None:
        s = self.s
        pending = self._pending(command, asked, declined)
        if not pending:
            self._pass_to(command.who, lambda: s.play(command, declined, self.instead), back=True)
            return
        q = pending[0]
        computer = getattr(s, "computer", None)     # a screen without computer sides has none
        given = computer.answer(q, command) if computer is not None else NO_ANSWER
        if given is not NO_ANSWER:                  # a computer creature's controller answers its own
            self._answered(command, q, given, asked, declined)
            return
        if q.argument is None and self._always_taken(q.to):     # the side's setting answers, no hand-off
            self._answered(command, q, True, asked, declined)
            return
        stance = getattr(s, "stance", None)                    # the player's kept answer (its own opt-in)
        kept = stance.recall(command.who, q.argument) if stance is not None and q.argument in REMEMBERED else None
        if kept is not None and kept in q.choices:
            self._answered(command, q, kept, asked, declined)
            return
        if q.argument is None:                      # an attack of opportunity: take it or not

            def answer(take, taker=q.to):
                if isinstance(take, str):            # a maneuver in its place (French text, note 7)
                    self.instead[taker] = take
                self._next(command, asked | {("aoo", taker)}, declined if take else declined | {taker})
            text = sentence("UI_AOO_ASK", {"taker": s.names.get(q.to, q.to),
                                           "target": s.names.get(q.against, q.against),
                                           "why": sentence(aoo_why(s.battle, command, q.against), {}, s.lang)}, s.lang)
            maneuvers = aoo_maneuvers(s.battle, command, q.to, frozenset(declined), self.instead)
            self._pass_to(q.to, lambda: self._dialog(
                text, [(sentence("UI_YES", {}, s.lang), True), (sentence("UI_NO", {}, s.lang), False)]
                + [(sentence(f"UI_AOO_INSTEAD_{m}", {}, s.lang), m) for m in maneuvers], answer, yes_no=True))
            return

        def chosen(value):
            self._next(replace(command, **{q.argument: value}), asked | {_asked_as(q)}, declined)
        if q.argument in ("end", "square", "from_square", "to_square", "to"):   # a square: clicked on the board
            asked_text = log_text.said(lambda lang: sentence(q.about, {}, lang), s.lang)    # in every language
            self._pass_to(q.to, lambda: s.choose_square(list(q.choices), asked_text, chosen))
            return
        text, choices, yes_no = self._worded(q, command)
        if stance is None or q.argument not in REMEMBERED:
            self._pass_to(q.to, lambda: self._dialog(text, choices, chosen, yes_no))
            return

        def ask(keep: bool) -> None:
            """The question with its "remember for this battle" box, ticked or not."""
            def picked(value):
                if value == REMEMBER:
                    ask(not keep)
                    return
                if keep:
                    stance.remember(command.who, q.argument, value)
                chosen(value)
            box = sentence("UI_REMEMBER_ON" if keep else "UI_REMEMBER_OFF", {}, s.lang)
            self._dialog(text, [*choices, (box, REMEMBER)], picked, yes_no)
        self._pass_to(q.to, lambda: ask(False))

    def _worded(self, q: Question, command) -> tuple[str, list, bool]:
        """A question's text, its answers as its player reads them — a yes and a no first,
        in that order (``dialog.yes_no_first``: the engine lists some no first) — and
        whether it is a yes-or-no question."""
        s = self.s
        text = sentence(q.about, {"defender": s.names.get(q.to, q.to), "ally": s.names.get(command.who, command.who),
                                  "target": s.names.get(q.against, q.against)}, s.lang)
        labels = CHOICE_LABELS.get(q.about, {})
        if q.about in LABELS_BY_PLACE:
            codes = LABELS_BY_PLACE[q.about]
            choices = [(sentence(code, {}, s.lang), v) for code, v in zip(codes, q.choices)]
            kinds = [{"UI_YES": "yes", "UI_NO": "no"}.get(code) for code in codes]
        else:
            shown = q.shown or q.choices         # a plan step's answers read as the lone question's
            choices = [(self._named(w) or _label(labels, w, s.lang), v) for w, v in zip(shown, q.choices)]
            kinds = [None if self._named(w) else _kind(labels, w) for w in shown]
        ordered, yes_no = yes_no_first(choices, kinds)
        return text, ordered, yes_no

    def ask_apart(self, command, q: Question, then) -> None:
        """One of the engine's questions about ``command``, put outside its submission (a
        special attack's choices while a full attack is planned, ``plan_maneuvers``): to its
        player as ``submit`` puts them — a computer's answer, or a dialog behind the
        hand-off, the screen handed back to the acting side after — then ``then(value)``.
        Escape leaves the dialog and nothing follows."""
        s = self.s
        self.holder, self.acting = self._side(command.who), command.who
        computer = getattr(s, "computer", None)
        given = computer.answer(q, command) if computer is not None else NO_ANSWER
        if given is not NO_ANSWER:
            then(given)
            return
        text, choices, yes_no = self._worded(q, command)
        self._pass_to(q.to, lambda: self._dialog(text, choices,
                                                 lambda value: self._pass_to(command.who, lambda: then(value), back=True),
                                                 yes_no))

    def _named(self, value) -> str | None:
        """A creature's answer by its name; a chain of them (Great Cleave's foes, in the
        order the engine takes them) by their names, the first one first."""
        names = self.s.names
        if isinstance(value, str) and value in names:
            return names[value]
        if isinstance(value, tuple) and value and all(isinstance(v, str) and v in names for v in value):
            return " → ".join(names[v] for v in value)
        return None

    def _answered(self, command, q: Question, value, asked: set, declined: set[str]) -> None:
        """Go on with an answer given without a dialog (a computer side's)."""
        if q.argument is None:
            self._next(command, asked | {("aoo", q.to)}, declined if value else declined | {q.to})
        else:
            self._next(replace(command, **{q.argument: value}), asked | {_asked_as(q)}, declined)

    def _always_taken(self, cid: str) -> bool:
        """The window's settings say this creature's side always takes its attacks of
        opportunity (``Settings.always_take_aoo``)."""
        store = getattr(self.s, "settings_store", None)
        return store is not None and self._side(cid) in store.current.always_take_aoo

    def _side(self, cid: str) -> str | None:
        side_of = getattr(self.s, "side_of", None)
        return side_of(cid) if side_of is not None and self.s.battle.has(cid) else None

    def _pass_to(self, cid: str, then, back: bool = False) -> None:
        """Hot seat keeps secrets (issue 14, item 6): a choice that belongs to another
        player's side is asked behind a hand-off screen for that side, and the screen is
        handed back before the command plays. Only between two players: a computer's
        creature needs no screen, and a computer's command has only one player watching."""
        side = self._side(cid)
        computer = getattr(self.s, "computer", None)
        by_computer = computer is not None and (computer.is_computer(cid) or computer.is_computer(self.acting))
        if side is None or side == self.holder or by_computer or not hasattr(self.s, "after_handoff"):
            then()
            return
        self.holder = side
        self.s.handoff, self.s.handoff_for, self.s.after_handoff = side, (None if back else cid), then

    def _dialog(self, text: str, choices, then, yes_no: bool = False) -> None:
        """A question's dialog: Escape leaves it, and the command is not played — except
        in a computer's command, which must go on (its player cannot take it back).
        ``yes_no``: its first two answers are yes and no (Y/O and N choose them)."""
        self.s.dialog = self.s.make_dialog(text, choices, then, yes_no=yes_no)
        computer = getattr(self.s, "computer", None)
        self.s.dialog.cancellable = computer is None or not computer.playing()
