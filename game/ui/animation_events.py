"""The events of one action told as clips (issue 14, item 1): each event the engine
returned becomes short animations on a timeline — a walk square by square, a lunge or a
missile, a flash with a floating number, a fall, a flask's ring, a spell's bloom, the d20
by its roller — and the sound cues that go with them, one beat after another. It reads
the events (and, for a spell's area, the aim of the command played and the aiming view);
it decides no rule. ``animation.Motion`` plays what it makes."""
from __future__ import annotations

import math
from dataclasses import dataclass

from .. import data
from ..i18n import sentence
from ..world import spell_views

# Each clip's length at "normal" (ms); "fast" plays them all quicker, "off" not at all.
SPEEDS = {"off": 0.0, "normal": 1.0, "fast": 0.45}
STEP_MS, LUNGE_MS, MISSILE_MS, MISSILE_PER_SQUARE = 140, 280, 180, 30
FLOAT_MS, FLASH_MS, TIP_MS, RING_MS, BLOOM_MS, ROLL_MS = 950, 300, 320, 520, 750, 1200
AFTER_ATTACK_MS = 300          # between two attacks of one full attack
MISS, HIT, CRIT = (225, 225, 235), (255, 92, 72), (255, 214, 60)
NONLETHAL = (250, 170, 70)
BLOOM = (170, 120, 255)
FLASK = (120, 220, 140)
WEB_FIRE = (255, 150, 50)          # strands burning away
# the sound of a batch played with no animation: the one that matters most
SALIENCE = ("victory", "critical", "hit", "splash", "spell", "miss", "fall", "step")


@dataclass
class Clip:
    """One animation: ``kind`` walk, lunge, missile, flash, float, tip, ring, bloom, roll,
    hp; from ``start`` for ``length`` ms on the queue's clock."""

    kind: str
    start: float
    length: float
    who: str | None = None
    squares: tuple = ()               # walk: positions; missile: (from, to) centres; bloom: the area
    text: str = ""
    colour: tuple = (255, 255, 255)
    big: bool = False
    at: tuple[float, float] = (0.0, 0.0)   # a centre in squares (float), for texts and rings
    value: object = None              # hp: (hp, max) from then on; lunge: (dx, dy) toward the target

    def fraction(self, now: float) -> float | None:
        """How far into the clip ``now`` is (0..1), None before or after it."""
        if now < self.start or now > self.start + self.length:
            return None
        return (now - self.start) / self.length if self.length else 1.0


class Builder:
    """One batch of events turned into clips and sound cues, one beat after another from
    ``t`` (ms on the queue's clock)."""

    def __init__(self, screen, before, health: dict, scale: float, t: float, command):
        self.s = screen                   # the battle screen: its battle, language and board
        self.scale = scale
        self.t = t
        self.command = command
        self.clips: list[Clip] = []
        self.cues: list[tuple[float, str, float]] = []
        self.pos: dict[str, tuple[int, int]] = {}
        self.span: dict[str, int] = {}
        self.hp = dict(health)
        self.helpless: set[str] = set()
        self.crit = False
        self.splashed = False
        self.rolls: dict[str, Clip] = {}       # the last roll shown by each creature
        self.flask_roll = None                 # the attack of a flask in flight, told when it lands
        self.last_hit: float | None = None     # when the last damage showed (its hit points drop then)
        self.events: list = []            # the whole batch, and the index of the one being told
        self.k = 0
        if before is not None:
            for b in before.bodies:
                self.pos[b.id], self.span[b.id] = tuple(b.pos), b.span
                if b.is_helpless:
                    self.helpless.add(b.id)

    def ms(self, base: float) -> float:
        return base * self.scale

    def centre(self, cid: str) -> tuple[float, float]:
        x, y = self.pos.get(cid, (0, 0))
        half = self.span.get(cid, 1) / 2
        return x + half, y + half

    def clip(self, kind: str, length: float, **kw) -> Clip:
        made = Clip(kind, kw.pop("start", self.t), self.ms(length), **kw)
        self.clips.append(made)
        return made

    def cue(self, name: str, at: float | None = None, loud: float = 1.0) -> None:
        self.cues.append((self.t if at is None else at, name, loud))

    def say(self, code: str, **params) -> str:
        return sentence(code, params, self.s.lang)

    def sound_of(self, e) -> None:
        """The sound an event makes, alone (a batch played with no animation)."""
        kind = type(e).__name__
        if kind == "AttackRolled":
            self.cue("hit" if e.hit else "miss")
        elif kind == "DamageDealt" and e.multiplier > 1:
            self.cue("critical")
        elif kind in ("Moved", "Stepped"):
            self.cue("step")
        elif kind in ("SplashLanded", "Splashed"):
            self.cue("splash")
        elif kind == "SpellCast" and e.outcome == "cast":
            self.cue("spell")
        elif kind == "BattleWon":
            self.cue("victory")

    def event(self, e) -> None:
        handler = getattr(self, f"on_{type(e).__name__}", None)
        if handler is not None:
            handler(e)

    # --- movement -------------------------------------------------------------------------
    def walk(self, who: str, squares, per_square: float = STEP_MS) -> None:
        squares = tuple(tuple(s) for s in squares)
        if len(squares) < 2 or who not in self.pos:
            return
        riders = [cid for cid, p in self.pos.items() if cid != who and p == self.pos[who]
                  and self._rides(cid)]
        length = per_square * (len(squares) - 1)
        for cid in [who] + riders:
            self.clip("walk", length, who=cid, squares=squares)
            self.pos[cid] = squares[-1]
        for k in range(1, len(squares)):
            self.cue("step", self.t + self.ms(per_square) * k, 0.5)
        self.t += self.ms(length)

    def _rides(self, cid: str) -> bool:
        board = self.s.view.board if hasattr(self.s, "view") else None
        return board is not None and cid in board.by_id and board.body(cid).mount_span is not None

    def on_Moved(self, e) -> None:
        path = tuple(tuple(s) for s in e.path)
        here = self.pos.get(e.who)
        if here in path[1:]:                 # walked up to an attack of opportunity already
            path = path[path.index(here, 1):]
        self.walk(e.who, path)

    def up_to_the_provoking_square(self, e) -> None:
        """An attack of opportunity on a creature about to move (the events tell it before
        the move): the mover first walks to the square where it provoked, as the path's
        preview showed it (the overlay's squares where each taker strikes), when that
        preview is of this very move, or where the events say it stopped; otherwise the
        attack comes as it sets out."""
        later = self.events[self.k + 1:]
        at = next((i for i, m in enumerate(later) if type(m).__name__ == "Moved" and m.who == e.target), None)
        if at is None:
            return
        move = later[at]
        path = [tuple(s) for s in move.path]
        here = self.pos.get(e.target)
        start = path.index(here) if here in path else 0
        overlay = getattr(self.s, "overlay", None)
        if overlay is not None and [tuple(s) for s in overlay.path][:len(path)] == path:
            # the preview of this move (its start, when the move was cut short)
            for i in range(start, len(path)):
                if e.attacker in overlay.provokes.get(path[i], ()):
                    self.walk(e.target, path[start:i + 1])
                    return
        # stopped on the way (this blow or the next drops it): it walked up to where the
        # engine says it stopped, and was struck there (play-test: the token waited on its
        # first square while the log said it fell)
        stop = next((tuple(m.at) for m in later[:at] if type(m).__name__ == "MovementStopped"
                     and m.who == e.target), None)
        if stop is not None and stop in path[start:]:
            self.walk(e.target, path[start:path.index(stop, start) + 1])

    def on_Stepped(self, e) -> None:
        if e.who in self.pos:
            self.walk(e.who, (self.pos[e.who], e.to))

    def on_Pushed(self, e) -> None:
        path = tuple(tuple(s) for s in e.path)
        if e.who in self.pos and path and path[0] != self.pos[e.who]:
            path = (self.pos[e.who],) + path
        self.walk(e.who, path, STEP_MS * 0.7)

    # --- attacks ----------------------------------------------------------------------------
    def on_AttackRolled(self, e) -> None:
        if e.attacker not in self.pos or e.target not in self.pos:
            return
        if e.opportunity:
            self.up_to_the_provoking_square(e)
        a, b = self.centre(e.attacker), self.centre(e.target)
        far = math.hypot(b[0] - a[0], b[1] - a[1])
        reach = (self.span.get(e.attacker, 1) + self.span.get(e.target, 1)) / 2 + 0.6
        colour = CRIT if e.d20 == 20 else (255, 120, 110) if e.d20 == 1 else (235, 235, 240)
        self.roll(e.attacker, self.say("ANIM_ROLL", d20=e.d20, total=e.total), colour, b)
        if self.thrown_by(e.attacker):
            self.flask_roll = e          # the flask itself flies: its landing tells this attack
            return
        if e.kind == "ranged" or (e.kind == "touch" and far > reach):
            length = MISSILE_MS + MISSILE_PER_SQUARE * far
            self.clip("missile", length, squares=(a, b), colour=(240, 230, 200))
            self.cue("throw", loud=0.6)
            impact = self.t + self.ms(length)
        else:
            self.clip("lunge", LUNGE_MS, who=e.attacker, at=self.pos[e.attacker],
                      value=((b[0] - a[0]) / (far or 1), (b[1] - a[1]) / (far or 1)))
            impact = self.t + self.ms(LUNGE_MS / 2)
        if not e.hit:
            self.clip("float", FLOAT_MS * 0.8, start=impact, text=self.say("ANIM_MISS"), colour=MISS,
                      at=self._above(e.target))
            self.cue("miss", impact, 0.7)
            self.t = impact + self.ms(AFTER_ATTACK_MS + LUNGE_MS / 2)
        else:
            self.t = impact

    def on_CriticalConfirmed(self, e) -> None:
        self.crit = self.crit or e.confirmed

    def on_DamageDealt(self, e) -> None:
        if e.target not in self.pos:
            return
        crit = self.crit or e.multiplier > 1
        self.crit = False
        span = self.span.get(e.target, 1)
        self.clip("flash", FLASH_MS, who=e.target, at=self.centre(e.target), value=span,
                  colour=(255, 240, 200) if crit else (255, 70, 60))
        text = self.say("ANIM_NONLETHAL", amount=e.amount) if e.nonlethal else str(e.amount)
        at = self._above(e.target)
        self.clip("float", FLOAT_MS * (1.25 if crit else 1.0), text=text, big=crit,
                  colour=NONLETHAL if e.nonlethal else CRIT if crit else HIT, at=at)
        if crit:
            self.clip("float", FLOAT_MS * 1.25, text=self.say("ANIM_CRITICAL"), colour=CRIT,
                      at=(at[0], at[1] - 0.55))
        self.cue("critical" if crit else "hit", loud=1.0 if crit else 0.8)
        self.last_hit = self.t
        self.t += self.ms(AFTER_ATTACK_MS)

    def roll(self, cid: str, text: str, colour, other: tuple[float, float]) -> None:
        """A d20 and its total by ``cid``; a new roll of the same creature ends the last."""
        last = self.rolls.get(cid)
        if last is not None and last.start + last.length > self.t:
            last.length = max(0.0, self.t - last.start)
        self.rolls[cid] = self.clip("roll", ROLL_MS, text=text, colour=colour, at=self._by(cid, other))

    def thrown_by(self, cid: str) -> bool:
        """Whether this batch throws a flask of ``cid``'s after the event being told."""
        return any(type(e).__name__ in ("SplashLanded", "Splashed") and getattr(e, "thrower", getattr(e, "by", None)) == cid
                   for e in self.events[self.k + 1:])

    def _by(self, cid: str, away_from: tuple[float, float]) -> tuple[float, float]:
        """Where a creature's roll shows: above it, leaning away from the other creature
        (below it when that one is above), so that it never covers the number there."""
        x, y = self.centre(cid)
        half = self.span.get(cid, 1) / 2
        dx, dy = away_from[0] - x, away_from[1] - y
        lean = -0.7 if dx > 0.3 else 0.7 if dx < -0.3 else 0.0
        if dy < -0.3 and abs(dx) <= abs(dy):
            return x + lean, y + half + 0.85
        return x + lean, y - half - 0.05

    def _above(self, cid: str) -> tuple[float, float]:
        x, y = self.centre(cid)
        return x, y - self.span.get(cid, 1) / 2 + 0.1

    def on_HealthChanged(self, e) -> None:
        if e.who not in self.pos:
            return
        most = self.hp.get(e.who, (e.hp, e.hp))[1]
        start, self.last_hit = (self.t if self.last_hit is None else self.last_hit), None
        self.clip("hp", 0, start=start, who=e.who, value=(e.hp, most),
                  squares=(self.hp.get(e.who),) if e.who in self.hp else ())
        self.hp[e.who] = (e.hp, most)
        board = self.s.battle.board()
        if e.who not in self.helpless and e.who in board.by_id and board.body(e.who).is_helpless:
            self.helpless.add(e.who)
            self.tip(e.who)

    def on_FellProne(self, e) -> None:
        if e.who in self.pos:
            self.tip(e.who)

    def tip(self, who: str) -> None:
        self.clip("tip", TIP_MS, who=who)
        self.cue("fall", self.t + self.ms(TIP_MS), 0.8)
        self.t += self.ms(TIP_MS * 0.6)

    def on_OpposedCheck(self, e) -> None:
        for cid, d20, total in ((e.attacker, e.attacker_d20, e.attacker_total),
                                (e.defender, e.defender_d20, e.defender_total)):
            other = e.defender if cid == e.attacker else e.attacker
            if cid in self.pos and other in self.pos:
                self.roll(cid, self.say("ANIM_ROLL", d20=d20, total=total),
                          CRIT if cid == e.winner else (235, 235, 240), self.centre(other))
        self.t += self.ms(LUNGE_MS)

    # --- thrown flasks and spells ------------------------------------------------------------
    def on_SplashLanded(self, e) -> None:
        self.splash(e.thrower, e.direct, e.lands)

    def on_Splashed(self, e) -> None:
        self.splash(e.by, e.direct, e.lands)

    def splash(self, thrower: str, direct: str | None, lands) -> None:
        if self.splashed or thrower not in self.pos:
            return                      # one flask, told once (both events may say it)
        self.splashed = True
        a = self.centre(thrower)
        if direct is not None and direct in self.pos:
            b = self.centre(direct)
        elif lands is not None:
            point = getattr(self.command, "intersection", None)
            b = tuple(lands) if point is not None and tuple(point) == tuple(lands) else (lands[0] + 0.5, lands[1] + 0.5)
        else:
            return
        far = math.hypot(b[0] - a[0], b[1] - a[1])
        length = MISSILE_MS + MISSILE_PER_SQUARE * far * 1.3
        self.clip("missile", length, squares=(a, b), colour=FLASK, big=True)
        self.cue("throw", loud=0.6)
        self.t += self.ms(length)
        self.clip("ring", RING_MS, at=b, colour=FLASK)
        self.cue("splash")
        missed, self.flask_roll = self.flask_roll, None
        if missed is not None and not missed.hit and missed.target in self.pos:
            self.clip("float", FLOAT_MS * 0.8, text=self.say("ANIM_MISS"), colour=MISS, at=self._above(missed.target))
            self.cue("miss", loud=0.7)

    def on_SpellCast(self, e) -> None:
        if e.outcome != "cast" or e.caster not in self.pos:
            return
        area, centre = self.spell_area(e.caster, e.spell, self.caught())
        if area:
            radius = max(math.hypot(sq[0] + 0.5 - centre[0], sq[1] + 0.5 - centre[1]) for sq in area)
            colour = (255, 140, 60) if "fire" in e.spell or "flam" in e.spell else BLOOM
            self.clip("bloom", BLOOM_MS, squares=tuple(sorted(area)), at=centre, value=radius, colour=colour)
        self.cue("spell")
        self.t += self.ms(BLOOM_MS * 0.35)

    def on_WebBurned(self, e) -> None:
        """A Web spell's strands burning away: a fire bloom over the squares that burn."""
        squares = [tuple(sq) for sq in e.squares]
        xs, ys = [sq[0] + 0.5 for sq in squares], [sq[1] + 0.5 for sq in squares]
        centre = (sum(xs) / len(xs), sum(ys) / len(ys))
        radius = max(math.hypot(x - centre[0], y - centre[1]) for x, y in zip(xs, ys)) + 0.5
        self.clip("bloom", BLOOM_MS, squares=tuple(sorted(squares)), at=centre, value=radius, colour=WEB_FIRE)
        self.cue("spell", loud=0.6)
        self.t += self.ms(BLOOM_MS * 0.35)

    def caught(self) -> list[str]:
        """The creatures the events after this spell name (saving, hurt, a condition), up to
        the next spell."""
        out = []
        for e in self.events[self.k + 1:]:
            if type(e).__name__ == "SpellCast":
                break
            who = getattr(e, "who", None) if type(e).__name__ in ("SavingThrow", "ConditionStarted", "Healed") \
                else getattr(e, "target", None) if type(e).__name__ == "DamageDealt" else None
            if who is not None and who not in out:
                out.append(who)
        return out

    def spell_area(self, caster: str, spell_id: str, caught: list[str]) -> tuple[set, tuple[float, float]]:
        """The squares the spell just filled: a burst's, an area's or a cone's from its
        command's aim (as the aiming view shows them); else (a ray, a touch, targets) the
        squares of the creatures it named or caught."""
        command = self.command
        point = getattr(command, "point", None)
        metamagic = tuple(getattr(command, "metamagic", ()) or ())
        if point is not None and spell_id in data.spells():
            direction = getattr(command, "direction", None)
            area = spell_views.spell_area(self.s.battle, caster, spell_id, tuple(point), metamagic,
                                    tuple(direction) if direction is not None else None)
            if area:
                return area, (float(point[0]), float(point[1]))   # a cone blooms from its corner
        named = [getattr(command, "target", None)] + list(getattr(command, "targets", None) or ()) + caught
        area = set()
        for cid in named:
            if cid in self.pos:
                x, y = self.pos[cid]
                span = self.span.get(cid, 1)
                area |= {(x + i, y + j) for i in range(span) for j in range(span)}
        if not area:
            return set(), (0.0, 0.0)
        xs, ys = [sq[0] + 0.5 for sq in area], [sq[1] + 0.5 for sq in area]
        return area, (sum(xs) / len(xs), sum(ys) / len(ys))

    def on_SavingThrow(self, e) -> None:
        if e.who in self.pos:
            x, y = self.centre(e.who)
            self.roll(e.who, self.say("ANIM_ROLL", d20=e.d20, total=e.d20 + e.bonus),
                      (140, 220, 150) if e.success else (255, 140, 120), (x, y - 1))   # below it: the number rises above

    def on_Healed(self, e) -> None:
        if e.who in self.pos:
            self.clip("float", FLOAT_MS, text=f"+{e.amount}", colour=(120, 230, 140), at=self._above(e.who))
            self.t += self.ms(AFTER_ATTACK_MS / 2)

    def on_BattleWon(self, e) -> None:
        self.cue("victory", self.t + self.ms(200))
