"""The battle told on the board (issue 14, item 1): the engine stays synchronous — ``act``
returns its events at once and the board is already in its new state — and the window
plays those events back as a queue of short animations over the next frames. A token
walks its path square by square, a melee attack lunges, a missile flies, a hit flashes its
target with a floating number (a critical bigger, a miss says so), a creature falling
tips over, a flask lands on its square with a ring, a spell's area blooms, and the d20
with its total shows by the attacker. Sound cues ride the same clock.

This module plays the clips ``animation_events`` makes of the events; neither decides a
rule. While it plays, ``pose`` tells the board
where each token is drawn (at its interpolated square, never twice), upright or tipping,
with the hit points it had then; ``draw`` adds the effects over the board."""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from . import theme
from .animation_events import SALIENCE, SPEEDS, Builder, Clip

__all__ = ["SPEEDS", "Clip", "Motion", "Pose"]


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
        built = Builder(self.s, before, health, scale, self.end, command)
        built.events = list(events)
        for k, e in enumerate(built.events):
            built.k = k
            built.event(e)
        self.clips += built.clips
        self.cues = sorted(self.cues + built.cues, key=lambda c: c[0])
        self.end = max([self.end, built.t] + [c.start + c.length for c in built.clips] + [t for t, _n, _l in built.cues])
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
        if self.busy():
            self._poses = self._pose_now()
        else:                           # played out: the board as the engine left it
            self.clips, self._poses = [], {}

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
        built = Builder(self.s, None, {}, 1.0, 0.0, None)
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
        if not self.busy():
            return
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
                head, tail = _px(cam, _flight(clip, f)), _px(cam, _flight(clip, max(0.0, f - 0.12)))
                width, radius = max(2, c // 12), max(3, c // 9)
                pygame.draw.line(screen, (28, 24, 22), tail, head, width + 2)       # dark edge: seen on any ground
                pygame.draw.circle(screen, (28, 24, 22), head, radius + 1)
                pygame.draw.line(screen, clip.colour, tail, head, width)
                pygame.draw.circle(screen, clip.colour, head, radius)
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
        size = round(size * getattr(self.s, "ui_scale", 1.0))       # the board's text at the settings' scale
        img = self._text(clip.text, size, clip.colour)
        rise = 0.8 * f if clip.kind == "float" else 0.0
        x, y = _px(cam, (clip.at[0], clip.at[1] - rise))
        alpha = 255 if f < 0.66 else int(255 * (1 - f) / 0.34)
        img.set_alpha(alpha)
        if clip.kind == "roll":
            # the badge fades with its text: an empty dark box stayed by the attacker (play-test)
            box = img.get_rect(midbottom=(x, y)).inflate(8, 4)
            badge = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(badge, (24, 26, 34, alpha), badge.get_rect(), border_radius=4)
            pygame.draw.rect(badge, (*clip.colour[:3], alpha), badge.get_rect(), 1, border_radius=4)
            screen.blit(badge, box)
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
