"""The battle told on the board (issue 14, item 1): the engine stays synchronous — ``act``
returns its events at once and the board is already in its new state — and the window
plays those events back as a queue of short animations over the next frames. A token
walks its path square by square, a melee attack lunges, a missile flies, a hit flashes its
target with a floating number (a critical bigger, a miss says so), a creature falling
tips over, a flask lands on its square with a ring, a spell's area blooms, and the d20
with its total shows by the attacker. Sound cues ride the same clock.

This module reads events; it decides no rule. While it plays, ``pose`` tells the board
where each token is drawn (at its interpolated square, never twice), upright or tipping,
with the hit points it had then; ``draw`` adds the effects over the board."""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from .. import data
from ..i18n import sentence
from ..world import views
from . import theme

# Each clip's length at "normal" (ms); "fast" plays them all quicker, "off" not at all.
SPEEDS = {"off": 0.0, "normal": 1.0, "fast": 0.45}
STEP_MS, LUNGE_MS, MISSILE_MS, MISSILE_PER_SQUARE = 140, 280, 200, 45
FLOAT_MS, FLASH_MS, TIP_MS, RING_MS, BLOOM_MS, ROLL_MS = 950, 300, 320, 520, 750, 1200
AFTER_ATTACK_MS = 300          # between two attacks of one full attack
MISS, HIT, CRIT = (225, 225, 235), (255, 92, 72), (255, 214, 60)
NONLETHAL = (250, 170, 70)
BLOOM = (170, 120, 255)
FLASK = (120, 220, 140)
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


@dataclass
class Pose:
    """How the board draws one token this frame, while the queue plays."""

    pos: tuple[float, float] | None = None     # its top-left square (fractional), else the board's
    tilt: float | None = None                  # 0..1 tipping over to lie down (None: the board's pose)
    hp: tuple[int, int] | None = None          # the hit points it had at this moment


class Motion:
    """The queue of animations of the battle screen (``GameScreen.motion``): filled from
    each batch of events, advanced by the window's clock, skipped by any input."""

    def __init__(self, screen):
        self.s = screen
        self.clips: list[Clip] = []
        self.cues: list[tuple[float, str, float]] = []     # (time, effect, loudness), in time order
        self.now = 0.0
        self.end = 0.0
        self.instant = False           # a computer's skip: results at once, no queue
        self._poses: dict[str, Pose] = {}
        self._texts: dict[tuple, pygame.Surface] = {}

    # --- the clock --------------------------------------------------------------------------
    def busy(self) -> bool:
        return self.now < self.end

    def add(self, events, before, health: dict, command=None) -> None:
        """Queue the animations of a batch of events (``before``: the board before them;
        ``health``: the hit points drawn before them)."""
        scale = SPEEDS.get(getattr(self.s, "animation_speed", "normal"), 1.0)
        if not self.busy():
            self.clips, self.cues, self.now, self.end = [], [], 0.0, 0.0
        if self.instant:
            return
        if scale <= 0:
            self._sound_at_once(events)
            return
        built = Builder(self, before, health, scale, self.end, command)
        built.events = list(events)
        for k, e in enumerate(built.events):
            built.k = k
            built.event(e)
        self.clips += built.clips
        self.cues = sorted(self.cues + built.cues, key=lambda c: c[0])
        self.end = max([self.end, built.t] + [c.start + c.length for c in built.clips])
        self._poses = self._pose_now()

    def update(self, dt_ms: float) -> None:
        if not self.busy():
            self._warm_sound()
            return
        if getattr(self.s, "handoff", None) is not None or getattr(self.s, "dialog", None) is not None:
            return                      # played for the eyes it is meant for, once they look
        self.now = min(self.end, self.now + dt_ms)
        while self.cues and self.cues[0][0] <= self.now:
            _t, name, loud = self.cues.pop(0)
            self.s.sound.play(name, loud)
        self._poses = self._pose_now() if self.busy() else {}

    def finish(self) -> None:
        """Skip to the end at once: the board shows the results, the rest of the sounds
        are dropped."""
        self.now = self.end
        self.clips, self.cues, self._poses = [], [], {}

    def skipped_by(self, event, board: pygame.Rect) -> bool:
        """Any key or click finishes the queue. True when the event is spent doing so: a
        click on the board aimed at tokens still moving (acting on it could order a move to
        where a token was drawn a moment ago). A key or a click on the panel is then
        handled as usual, on the board as it now is."""
        if not self.busy():
            return False
        key = event.type == pygame.KEYDOWN
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if not (key or click):
            return False
        self.finish()
        return click and board.collidepoint(event.pos)

    def _sound_at_once(self, events) -> None:
        """No animation: the batch's one most telling sound, now."""
        built = Builder(self, None, {}, 1.0, 0.0, None)
        for e in events:
            built.sound_of(e)
        names = {name for _t, name, _l in built.cues}
        for name in SALIENCE:
            if name in names:
                self.s.sound.play(name, 1.0)
                return

    def _warm_sound(self) -> None:
        """Make one not yet made effect per idle frame, so that none is made mid-fight."""
        sound = self.s.sound
        warm = getattr(sound, "warm", None)
        if warm is not None:
            warm()

    # --- what the board draws --------------------------------------------------------------
    def pose(self, cid: str) -> Pose | None:
        return self._poses.get(cid)

    def _pose_now(self) -> dict[str, Pose]:
        poses: dict[str, Pose] = {}
        now = self.now
        for clip in sorted(self.clips, key=lambda c: c.start):
            if clip.who is None:
                continue
            pose = poses.setdefault(clip.who, Pose())
            f = clip.fraction(now)
            if clip.kind == "walk":
                if now < clip.start and pose.pos is None:
                    pose.pos = clip.squares[0]
                elif f is not None:
                    pose.pos = _along(clip.squares, f)
                elif now > clip.start + clip.length:
                    pose.pos = clip.squares[-1]
            elif clip.kind == "tip":
                pose.tilt = 0.0 if now < clip.start else f if f is not None else None
            elif clip.kind == "hp":
                if now >= clip.start:
                    pose.hp = clip.value
                elif pose.hp is None:
                    pose.hp = clip.squares[0] if clip.squares else None
        for clip in self.clips:
            f = clip.fraction(now)
            if clip.kind == "lunge" and f is not None and clip.who in poses:
                pose = poses[clip.who]
                base = pose.pos or clip.at
                reach = 0.35 * math.sin(math.pi * f)
                pose.pos = (base[0] + clip.value[0] * reach, base[1] + clip.value[1] * reach)
        return {cid: p for cid, p in poses.items() if p.pos is not None or p.tilt is not None or p.hp is not None}

    def draw_under(self, screen: pygame.Surface, cam) -> None:
        """Under the tokens: a spell's area blooming."""
        c = cam.cell
        for clip in self.clips:
            f = clip.fraction(self.now)
            if clip.kind != "bloom" or f is None:
                continue
            alpha = int(150 * math.sin(math.pi * min(1.0, f * 1.3)) if f < 0.77 else 150 * (1 - f) / 0.23 * 0.7)
            tile = pygame.Surface((c, c), pygame.SRCALPHA)
            tile.fill((*clip.colour, max(0, min(255, alpha))))
            grow = min(1.0, f * 2.5)
            cx, cy = clip.at
            for sq in clip.squares:
                if math.hypot(sq[0] + 0.5 - cx, sq[1] + 0.5 - cy) <= grow * clip.value + 0.75:
                    screen.blit(tile, cam.to_screen(sq))

    def draw(self, screen: pygame.Surface, cam) -> None:
        """Over the tokens: missiles, flashes, rings, the d20 and the floating numbers."""
        if not self.busy():
            return
        c = cam.cell
        for clip in self.clips:
            f = clip.fraction(self.now)
            if f is None:
                continue
            if clip.kind == "missile":
                head, tail = _flight(clip, f), _flight(clip, max(0.0, f - 0.12))
                pygame.draw.line(screen, clip.colour, _px(cam, tail), _px(cam, head), max(2, c // 12))
                pygame.draw.circle(screen, clip.colour, _px(cam, head), max(3, c // 9))
            elif clip.kind == "flash":
                self._flash(screen, cam, clip, f)
            elif clip.kind == "ring":
                radius = int(c * (0.3 + 1.2 * f))
                colour = (*clip.colour, int(230 * (1 - f)))
                ring = pygame.Surface((2 * radius + 4, 2 * radius + 4), pygame.SRCALPHA)
                pygame.draw.circle(ring, colour, (radius + 2, radius + 2), radius, max(2, c // 10))
                x, y = _px(cam, clip.at)
                screen.blit(ring, (x - radius - 2, y - radius - 2))
        for clip in self.clips:           # texts last, over every picture
            f = clip.fraction(self.now)
            if f is not None and clip.kind in ("float", "roll"):
                self._float(screen, cam, clip, f)

    def _flash(self, screen, cam, clip: Clip, f: float) -> None:
        c = cam.cell
        pose = self._poses.get(clip.who or "")
        at = clip.at if pose is None or pose.pos is None else (pose.pos[0] + clip.value / 2, pose.pos[1] + clip.value / 2)
        radius = max(4, int(c * clip.value / 2))
        disc = pygame.Surface((2 * radius, 2 * radius), pygame.SRCALPHA)
        pygame.draw.circle(disc, (*clip.colour, int(170 * (1 - f))), (radius, radius), radius)
        x, y = _px(cam, at)
        screen.blit(disc, (x - radius, y - radius))

    def _float(self, screen, cam, clip: Clip, f: float) -> None:
        """A text rising over its creature (a roll stays put, by the attacker), fading out
        in its last third."""
        c = cam.cell
        size = max(12, int(c * (0.62 if clip.big else 0.42))) if clip.kind == "float" else max(11, int(c * 0.3))
        img = self._text(clip.text, size, clip.colour)
        rise = 0.8 * f if clip.kind == "float" else 0.0
        x, y = _px(cam, (clip.at[0], clip.at[1] - rise))
        img.set_alpha(255 if f < 0.66 else int(255 * (1 - f) / 0.34))
        if clip.kind == "roll":
            box = img.get_rect(midbottom=(x, y)).inflate(8, 4)
            pygame.draw.rect(screen, (24, 26, 34), box, border_radius=4)
            pygame.draw.rect(screen, clip.colour, box, 1, border_radius=4)
            screen.blit(img, img.get_rect(center=box.center))
        else:
            screen.blit(img, img.get_rect(midbottom=(x, y)))

    def _text(self, text: str, size: int, colour) -> pygame.Surface:
        """A text with a dark outline (readable on any ground), made once."""
        key = (text, size, colour)
        img = self._texts.get(key)
        if img is None:
            if len(self._texts) > 256:
                self._texts.clear()
            font = theme.font(size, True)
            face, edge = font.render(text, True, colour), font.render(text, True, (16, 14, 18))
            img = pygame.Surface((face.get_width() + 4, face.get_height() + 4), pygame.SRCALPHA)
            for dx, dy in ((0, 2), (4, 2), (2, 0), (2, 4), (0, 0), (4, 4), (0, 4), (4, 0)):
                img.blit(edge, (dx, dy))
            img.blit(face, (2, 2))
            self._texts[key] = img
        return img


def _along(squares, f: float) -> tuple[float, float]:
    """The point ``f`` (0..1) of the way along a walk, square by square."""
    legs = len(squares) - 1
    if legs <= 0:
        return tuple(squares[0])
    k = min(legs - 1, int(f * legs))
    part = f * legs - k
    (ax, ay), (bx, by) = squares[k], squares[k + 1]
    return ax + (bx - ax) * part, ay + (by - ay) * part


def _flight(clip: Clip, f: float) -> tuple[float, float]:
    """Where a missile is, ``f`` of its way: straight, or a thrown flask's arc."""
    (ax, ay), (bx, by) = clip.squares
    lift = 0.6 * math.sin(math.pi * f) if clip.big else 0.0
    return ax + (bx - ax) * f, ay + (by - ay) * f - lift


def _px(cam, point: tuple[float, float]) -> tuple[int, int]:
    return round(point[0] * cam.cell - cam.ox), round(point[1] * cam.cell - cam.oy)


class Builder:
    """One batch of events turned into clips and sound cues, one beat after another from
    ``t`` (ms on the queue's clock)."""

    def __init__(self, motion: Motion, before, health: dict, scale: float, t: float, command):
        self.m = motion
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
        return sentence(code, params, self.m.s.lang)

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
        board = self.m.s.view.board if hasattr(self.m.s, "view") else None
        return board is not None and cid in board.by_id and board.body(cid).mount_span is not None

    def on_Moved(self, e) -> None:
        self.walk(e.who, e.path)

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
        board = self.m.s.battle.board()
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
        """The squares the spell just filled: a burst's or an area's from its command's aim
        (as the aiming view shows them); else (a cone, a ray, a touch) the squares of the
        creatures it named or caught."""
        command = self.command
        point = getattr(command, "point", None)
        metamagic = tuple(getattr(command, "metamagic", ()) or ())
        if point is not None and spell_id in data.spells():
            area = views.spell_area(self.m.s.battle, caster, spell_id, tuple(point), metamagic)
            if area:
                return area, (float(point[0]), float(point[1]))
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
