"""The computer's turns in the battle window (issue 12, items 1 and 3): a side set to a
controller (``ai:easy`` …, ``random``, ``scripted``) plays when one of its creatures has
the turn, one decision at a time at a readable pace driven by the window's frames (never
a blocking sleep), each command logged like a player's, with the line that says why.
Any key or click plays the rest at once. The questions the rules put to a computer
creature (take an attack of opportunity, trip back, avoid an overrun …) are answered by
its controller instead of a dialog.

The window's engine calls stay synchronous: a decision is asked and played inside one
frame. The controller only picks among what the engine offers; a command the engine
refuses anyway ends that creature's turn with the refusal in the log."""
from __future__ import annotations

import os
import re

from ..ai.controllers import Controller, make_controller
from .. import data
from ..i18n import has_sentence, sentence, term
from ..world import commands as C
from ..world.worn import item_name
from .why_words import worded

HUMAN = "human"
PACE_MS = 650             # between two computer commands: readable, not slow
TRAIL_MS = 900            # how long a computer's move stays drawn on the board
TURN_LIMIT = 12           # commands per creature-turn before the window ends it (as play_turn)
SKIP_LIMIT = 2000         # commands played at once by a skip, at most (a runaway guard)
NO_ANSWER = object()      # a question for a human: the window asks it


class ComputerTurns:
    """Who plays each side in this window, and the computer's half of the turn loop. The
    screen (``GameScreen``) keeps the board, the log and the dialogs; this keeps the
    controllers, the pace and the last move to draw."""

    def __init__(self, screen, control: dict[str, str] | None = None):
        self.s = screen
        scenario = screen.battle.scenario
        self.control = {**scenario.controllers(), **{k: v for k, v in (control or {}).items() if v}}
        self.controllers: dict[str, Controller] = {}
        self.wait_ms = 0
        self.turn_key: tuple | None = None       # (round, creature) the count below is for
        self.played = 0
        self.last_why = ""
        self.last_why_of: tuple | None = None    # the (round, creature) turn that line is about
        self.trail: tuple = ()                   # squares of the computer's last move
        self.trail_ms = 0

    # --- who plays -----------------------------------------------------------------------
    def side_control(self, side: str) -> str:
        return self.control.get(side, HUMAN)

    def is_computer(self, cid: str | None) -> bool:
        if cid is None or not self.s.battle.has(cid):
            return False
        return self.side_control(self.s.side_of(cid)) != HUMAN

    def spectating(self) -> bool:
        """No side is human: the battle plays itself."""
        return all(self.side_control(side) != HUMAN for side in self.s.battle.scenario.side_ids())

    def controller_of(self, side: str) -> Controller:
        if side not in self.controllers:
            sides = self.s.battle.scenario.side_ids()
            seed = self.s.battle.scenario.seed * 31 + (sides.index(side) if side in sides else 0)
            self.controllers[side] = make_controller(self.side_control(side), seed)
        return self.controllers[side]

    def playing(self) -> bool:
        """A computer creature has the turn and the battle goes on."""
        return self.s.battle.winner is None and self.is_computer(self.s.current)

    # --- the frame loop ------------------------------------------------------------------
    def update(self, dt_ms: int) -> None:
        """Advance the clock by ``dt_ms``; when the pace has passed, play one decision."""
        self.trail_ms = max(0, self.trail_ms - dt_ms)
        if not self.playing() or self.s.dialog is not None or self.s.squares_asked is not None:
            self.wait_ms = 0
            return
        self.wait_ms += dt_ms
        if self.wait_ms >= PACE_MS and not self.s.motion.busy():     # each command seen played out
            self.wait_ms = 0
            self.step()

    def skip(self) -> None:
        """Play the rest at once: until a human's creature has the turn (in a spectator
        battle, until this creature's turn ends), the battle ends, or a human is asked."""
        start = (self.s.battle.round, self.s.current)
        self.s.motion.finish()
        self.s.motion.instant = True                 # results at once: nothing queued meanwhile
        try:
            for _ in range(SKIP_LIMIT):
                if not self.playing() or self.s.dialog is not None or self.s.squares_asked is not None:
                    break
                if self.spectating() and (self.s.battle.round, self.s.current) != start:
                    break
                self.step()
        finally:
            self.s.motion.instant = False
        self.wait_ms = 0

    def step(self) -> None:
        """One decision of the creature whose turn it is, played through the window's
        orders (check, the questions, act) as a player's command is."""
        s = self.s
        cid = s.current
        key = (s.battle.round, cid)
        if key != self.turn_key:
            self.turn_key, self.played = key, 0
        decision = self.controller_of(s.side_of(cid)).decide(s.battle, cid) if self.played < TURN_LIMIT else None
        if decision is None:
            s.submit(C.EndTurn(cid))
            return
        self.played += 1
        self.last_why_of = key
        # said in words; the numbers behind it on hover (play-test, issue 14); in every
        # language, the words weighed on the battle as it is now (``log_text``)
        def said(lang, names):
            why = worded(s.battle, decision.why, decision.params, lang, names)
            return why_line(names.get(cid, cid), action_name(decision.command, lang), why, lang)

        def numbers(lang, names):
            return why_line(names.get(cid, cid), action_name(decision.command, lang), decision.explain(lang, names), lang)
        self.last_why = s.line(said, numbers)
        s.log.append((self.last_why, (170, 200, 235)))
        if not s.submit(decision.command):                 # refused: the sentence is logged already
            s.submit(C.EndTurn(cid))

    def moved(self, events) -> None:
        """Keep the squares of a computer creature's move to draw for a moment."""
        for e in events:
            if type(e).__name__ == "Moved" and self.is_computer(e.who) and e.path:
                self.trail, self.trail_ms = tuple(e.path), TRAIL_MS

    # --- the rules' questions --------------------------------------------------------------
    def answer(self, question, command):
        """The answer of a computer creature's controller, or NO_ANSWER when a human owns
        ``question.to``. A computer's own command keeps the argument it chose (not one
        about another creature's fate, Feather Fall's: its controller answers that)."""
        if not self.is_computer(question.to):
            return NO_ANSWER
        if question.argument is not None and question.to == command.who and question.against is None:
            chosen = getattr(command, question.argument, None)
            if chosen is not None and chosen in question.choices:
                return chosen
        return self.controller_of(self.s.side_of(question.to)).answer(self.s.battle, question, command)

    # --- what the window shows --------------------------------------------------------------
    def level_name(self, side: str) -> str:
        name = self.side_control(side)
        return sentence(f"UI_CONTROL_{name.replace(':', '_')}", {}, self.s.lang)

    def reason_now(self) -> str:
        """The why line of the creature whose turn it is (not the one before it)."""
        return self.last_why if self.last_why_of == (self.s.battle.round, self.s.current) else ""

    def banner(self) -> str:
        cid = self.s.current
        side = self.s.side_of(cid)
        return sentence("UI_AI_BANNER", {"name": self.s.names.get(cid, cid), "side": self.s.side_label(side),
                                         "level": self.level_name(side)}, self.s.lang)

    def save_meta(self) -> dict:
        """What a save keeps of who plays: every side's controller name."""
        return {"control": dict(sorted(self.control.items()))}


def action_name(command, lang: str) -> str:
    """How the why line names a computer's command: a spell by its name, an item by its
    (play-test, issue 14: a cast was logged as "Spell or item"), else the action's button
    name, or the log's word for an action with no button (never its id)."""
    spell = getattr(command, "spell", None)
    if spell:
        return data.spells().get(spell, {}).get(f"name_{lang}", spell)
    item = getattr(command, "item", None)
    if command.action == "use_item" and item:
        return item_name(item, lang)
    code = f"ACT_{command.action}"
    return sentence(code, {}, lang) if has_sentence(code) else term("action", command.action, lang)


def why_line(name: str, action: str, why: str, lang: str) -> str:
    """The log's line for a computer's choice: its action named once, even where the
    reason begins with it ("5-ft step: full attack on Tordek from a safer square", "full
    attack on Tordek: …", "Web on the ghast"); a reason with a colon of its own follows
    the action after a dash, not a second colon (play-test, issue 14: "Fin du tour :
    attend : …")."""
    head, sep, rest = why.partition(":")
    if sep and head.strip().lower() == action.strip().lower():
        why = rest.strip()
    elif why.lower().startswith(action.strip().lower()) or begins_with_the_action(why, action):
        # the action begins the reason: capitalised as the action is when it is named first
        # (play-test: "Full attack — …" beside "full attack on Brenna: …")
        return sentence("UI_AI_WHY_ALONE", {"name": name, "why": why[:1].upper() + why[1:]}, lang)
    code = "UI_AI_WHY_TOLD" if ":" in why else "UI_AI_WHY"
    return sentence(code, {"name": name, "action": action, "why": why}, lang)


def _words(text: str) -> list[str]:
    return re.findall(r"[\w'-]+", text.lower())


def _same_word(a: str, b: str) -> bool:
    """One word and an inflection of it: the button's verb and the reason's ("Charger" and
    "charge", "Turn" and "turns", "Renvoyer" and "renvoie"): equal, or alike but for an
    ending of two letters at most, on words of four letters or more."""
    if a == b:
        return True
    common = len(os.path.commonprefix([a, b]))
    return min(len(a), len(b)) >= 4 and common >= max(4, min(len(a), len(b)) - 2)


def begins_with_the_action(why: str, action: str) -> bool:
    """The reason begins with the action's own verb, conjugated (play-test, issue 14: «
    Charger — charge Tordek par un couloir dégagé », "Turn undead — turns undead"): its
    first word, and the next one after a little word such as « se » (« Se déplacer »: « se
    déplace pour frapper » names it, « se place pour tirer » does not)."""
    said, named = _words(why), _words(action)
    if not said or not named:
        return False
    n = 2 if len(named[0]) <= 2 and len(named) > 1 else 1
    return len(said) >= n and all(_same_word(a, b) for a, b in zip(named[:n], said[:n]))
