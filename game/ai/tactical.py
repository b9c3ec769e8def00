"""The tactical player (issue 12, items 1-2), ``ai:easy`` / ``ai:normal`` / ``ai:hard``:
plays like a sensible game master, from the engine's own numbers.

Each choice is made afresh from what the engine offers now (``battle.options``, read
action by action, as it is a lazy mapping): the candidates of ``candidates``,
``maneuvers`` and ``magic`` are scored in one unit (hit points expected this turn,
``scoring``) and the best is played; none worth anything ends the turn. The levels differ
in judgement only (``scoring.LEVELS``: which factors count, how many dry runs it looks
ahead), never in dice or information.

Nature first: a turned or frightened creature flees as the scripted player has it (cowers
when cornered); a mindless one (no Intelligence) goes for the nearest foe with no tactics
and never retreats; an animal fights by instinct and runs when badly hurt.
"""
from __future__ import annotations

from ..dice import Chooser
from ..world import commands as C, views
from . import answers, candidates as cand, domain_turning, first_aid, flasks, magic, maneuvers, scripted, shooting, web_going
from .controllers import Decision
from .scoring import LEVELS, Threats
from .sense import Situation

# What counts as a blow struck (or a foe put out of the fight): a creature that has gone
# ``BOLD_AFTER`` of its rounds without one drops its caution (keeping away, running), so
# that careful sides end their battles.
STRIKING = frozenset({"WHY_FULL_ATTACK", "WHY_ATTACK", "WHY_FOCUS", "WHY_DEFENSIVELY", "WHY_CHARGE", "WHY_TRIP",
                      "WHY_DISARM", "WHY_BULL_RUSH", "WHY_SPLASH", "WHY_SPLASH_CORNER", "WHY_AREA_SPELL", "WHY_SPELL",
                      "WHY_TURN_UNDEAD", "WHY_MINDLESS", "WHY_CURE", "WHY_BOON", "WHY_MENACE", "WHY_TURN_CREATURES",
                      "WHY_REBUKE_CREATURES"})
BOLD_AFTER = 3
BLOWS = ("WHY_ATTACK", "WHY_FULL_ATTACK", "WHY_FOCUS", "WHY_MENACE")
# What a creature that has held too long may do to go in.
GOING_IN = frozenset({"WHY_CHARGE", "WHY_MOVE_STRIKE", "WHY_TUMBLE_STRIKE", "WHY_MOVE_FLANK", "WHY_REACH", "WHY_APPROACH",
                      "WHY_GANG_UP", "WHY_THROUGH_WEB", "WHY_BREAK_FREE"})
# What an animal counts: its blows and the attacks it provokes, and its hide (it runs).
INSTINCT = LEVELS["easy"]
# Always weighed; then, unless a full attack is at hand (or it looks ahead), the moves.
GENERATORS = (cand.strikes, cand.steps, cand.total_defense, maneuvers.maneuvers, magic.spells, flasks.splash,
              magic.turning, domain_turning.domain_turning, cand.recover)
MOVES = (cand.charges, cand.move_strikes)


class TacticalPlayer:
    def __init__(self, level: str = "normal", seed: int = 0):
        self.level = level
        self.name = f"ai:{level}"
        self.chooser = Chooser(seed)       # ties are broken by order, never by chance: kept for the interface
        self.judgement = LEVELS[level]
        self.threats = Threats()
        self.idle: dict[str, int] = {}     # turns each creature let pass without a blow in sight
        # the last round each creature struck a blow (or cast, turned …), by battle and creature
        self.struck: dict[tuple, int] = {}

    def decide(self, battle, who: str) -> Decision | None:
        s = Situation(battle, who, battle.options(who))
        self.threats.forget_old(battle)
        nature = self._nature(battle, s)
        if nature is not None:
            return nature or None
        if not s.foes or not _acts_left(battle):
            return None
        bold = battle.round - self.struck.setdefault((battle.world, who), battle.round) >= BOLD_AFTER
        bold = bold and not (self.judgement.tactics and s.stands_off)
        turn = cand.Turn(s, s.opts, INSTINCT if s.animal else self.judgement, self.threats, bold)
        found = self._candidates(turn, bold, self._waits(s, bold))
        if s.animal or self.judgement.tactics:
            found += cand.retreat(turn)
        best = max(found, key=lambda c: c.score) if found else None
        # Ending the turn where it stands costs that square's danger too: what beats it is worth doing.
        if best is not None and best.score > -turn.danger(s.me.pos):
            self.idle[who] = 0
            if best.why in STRIKING:
                self.struck[(battle.world, who)] = battle.round
            return best.decision()
        return self._waited(battle, who, found, s) or self._holding(battle, who, turn, s, bold)

    def _holding(self, battle, who: str, turn: cand.Turn, s: Situation, bold: bool) -> Decision | None:
        """A creature that holds with its whole turn before it says why (the play-test: wolves
        that stood still with no word read as a frozen game): the end of its turn, with the
        reason — two other sides fighting it out, a shooter keeping its distance, nothing
        worth the risk. None once it has done something (its turn then simply ends)."""
        if not battle.actions_left().get("full_round") or not turn.opts["end_turn"].legal:
            return None
        careful = self._waits(s, bold)
        if careful and s.others_fighting and not s.threatened_now:
            return Decision(C.EndTurn(who), "WHY_HOLD_OTHERS_FIGHT")
        if careful and s.keeps_distance:
            return Decision(C.EndTurn(who), "WHY_HOLD_DISTANCE")
        return Decision(C.EndTurn(who), "WHY_HOLD")

    def _waits(self, s: Situation, bold: bool) -> bool:
        """Whether it may hold back, careful: the level weighs tactics, it has not gone
        rounds without a blow (``bold``), and it is no wild animal — a beast alone goes in
        by instinct; one with thinking friends (the gnolls' wolves) keeps with them."""
        return self.judgement.tactics and not bold and (not s.animal or s.led)

    def _candidates(self, turn: cand.Turn, bold: bool, careful: bool) -> list[cand.Candidate]:
        """What it weighs: its blows, spells and steps always; a better firing square for an
        archer; the moves (a charge, a move and a blow) unless a full attack is at hand (or
        it looks ahead far); closing in when no blow is in sight. A creature that fights
        from afar, or that lets two other sides fight it out while none threatens it,
        waits rather than go in (until it turns ``bold``)."""
        s = turn.s
        found: list[cand.Candidate] = []
        for generate in GENERATORS:
            turn.to_beat = max((c.score for c in found), default=-float("inf"))
            found += generate(turn)
        # a full attack at hand (not a weapon hurled at a foe out of reach: that is no reason to stay)
        in_reach = any(c.why in ("WHY_FULL_ATTACK", "WHY_FOCUS", "WHY_MENACE") and not c.params.get("thrown")
                       for c in found)
        shots = [c.params.get("damage", 0.0) for c in found if c.why in BLOWS]
        found += shooting.reposition(turn, max(shots, default=0.0))
        spelled = [c.score for c in found if c.why in ("WHY_SPELL", "WHY_AREA_SPELL")]
        found += magic.casting_square(turn, max(spelled, default=0.0))
        lets_them_fight = careful and s.others_fighting and not s.threatened_now
        if (not in_reach or self.judgement.lookahead > 4) and not (careful and s.keeps_distance) and not lets_them_fight:
            for generate in MOVES:
                found += generate(turn)
        if not lets_them_fight and not any(c.why in GOING_IN or (c.why in BLOWS and not c.params.get("thrown"))
                                           for c in found):
            found += cand.approach(turn)
            if web_going.stuck(turn) and s.foes and not (careful and s.keeps_distance):
                found += web_going.through_web(turn, cand.closing_target(turn))
            found += web_going.break_loose(turn)
        # last: first aid is weighed only where it could beat all the rest
        found += first_aid.first_aid(turn, max((c.score for c in found), default=-float("inf")))
        return found

    def _waited(self, battle, who: str, found: list, s: Situation) -> Decision | None:
        """Nothing worth it: hold (let the foes come). A creature that has held two turns
        running with nothing done goes in anyway, so that two careful sides do not stare
        at each other to the end of the battle; but not one that fights from afar while
        its friends hold the melee (no stare there: a wizard in melee is a wizard lost)."""
        if not battle.actions_left().get("full_round"):
            return None
        self.idle[who] = self.idle.get(who, 0) + 1
        going = [c for c in found if c.why in GOING_IN]
        if self.idle[who] > 2 and going and not (self.judgement.tactics and s.stands_off):
            best = max(going, key=lambda c: c.score)
            if best.why in STRIKING:
                self.struck[(battle.world, who)] = battle.round
            return best.decision()
        return None

    def _nature(self, battle, s: Situation):
        """The choice its state or nature makes for it (fleeing, a mindless creature's
        rush), False to end its turn, or None to choose by tactics."""
        turner = views.turned_by(battle, s.who)
        source = turner if turner is not None else views.afraid_of(battle, s.who)[0]
        fleeing = source is not None
        if not fleeing and not s.mindless:
            return None
        command = scripted.choose(battle, s.who)
        if command is None:
            # a turned or frightened creature with no way away cowers (French text, "renvoi
            # des morts-vivants": "Si toute retraite leur est coupée, ils se recroquevillent"):
            # its whole turn held, it says so, as a held turn does (play-test: a turned
            # wight stood a round with no word)
            if fleeing and battle.actions_left().get("full_round") and s.opts["end_turn"].legal:
                return Decision(C.EndTurn(s.who), "WHY_COWERS", {"target": source})
            return False
        return Decision(command, "WHY_FLEE" if fleeing else "WHY_MINDLESS", {"target": scripted.nearest_enemy(battle, s.who)})

    def answer(self, battle, question, command):
        return answers.answer(battle, question, command)


# The actions every candidate of the player spends one of: with none of them left (only a
# 5-ft step after a full attack, or a swift action, for which it has no use), there is
# nothing to weigh, and asking the engine for each candidate would only be refused.
SPENDS = ("standard", "move", "full_round")


def _acts_left(battle) -> bool:
    left = battle.actions_left()
    return any(left.get(kind) for kind in SPENDS)
