"""The battle's sound effects (issue 14, item 1), made by the project's own code as the art
is (``tools/make_art.py`` draws the pictures): each effect is a few hundred milliseconds of
16-bit samples computed with ``math`` into an ``array`` — no recorded files, no numpy —
and handed to ``pygame.mixer.Sound(buffer=...)``.

The mixer must never cost a game: without an audio device (or with
``SDL_AUDIODRIVER=dummy`` refusing to open), initialising fails silently and the player
is a silent one; any later mixer error turns it silent too. ``volume`` (0..1) and
``muted`` are the settings screen's to set."""
from __future__ import annotations

import math
import threading
from array import array

import pygame

RATE = 22050
EFFECTS = ("step", "hit", "critical", "miss", "throw", "splash", "spell", "fall", "victory")


class _Noise:
    """A tiny deterministic noise source (the window may not import ``random``): the
    same effect sounds the same every time."""

    def __init__(self, seed: int):
        self.state = seed & 0xFFFFFFFF

    def __call__(self) -> float:
        self.state = (self.state * 1664525 + 1013904223) & 0xFFFFFFFF
        return self.state / 0x7FFFFFFF - 1.0


def _envelope(i: int, n: int, attack: int = 40) -> float:
    """A quick rise then an exponential fall, so no effect clicks at its ends."""
    rise = min(1.0, i / attack) if attack else 1.0
    return rise * math.exp(-4.0 * i / n)


def _tone(freqs, seconds: float, noise: float = 0.0, seed: int = 1, sweep: float = 0.0) -> list[float]:
    """Sines at ``freqs`` (Hz), ``sweep`` bending them (octaves over the length), plus a
    share of low-passed noise, under the envelope."""
    n = int(RATE * seconds)
    rnd, low, out = _Noise(seed), 0.0, []
    phases = [0.0] * len(freqs)
    for i in range(n):
        bend = 2.0 ** (sweep * i / n)
        value = 0.0
        for k, f in enumerate(freqs):
            phases[k] += 2 * math.pi * f * bend / RATE
            value += math.sin(phases[k]) / len(freqs)
        low += (rnd() - low) * 0.25           # a soft, thumpy noise rather than a hiss
        out.append(((1 - noise) * value + noise * low * 2.2) * _envelope(i, n))
    return out


def _notes(freqs, each: float) -> list[float]:
    """A little tune: one enveloped note after another."""
    out: list[float] = []
    for f in freqs:
        out += _tone((f, f * 2, f * 3 / 2), each)
    return out


def synthesize(name: str) -> list[float]:
    """The samples (-1..1, ``RATE`` per second) of one effect, brought to one peak: how
    loud each plays is the player's ``loud`` (a critical louder than a hit)."""
    samples = _raw(name)
    peak = max(abs(v) for v in samples) or 1.0
    return [v * 0.9 / peak for v in samples]


def _raw(name: str) -> list[float]:
    if name == "step":
        return _tone((90,), 0.07, noise=0.8, seed=3)
    if name == "hit":
        return _tone((110, 70), 0.16, noise=0.65, seed=5, sweep=-0.8)
    if name == "critical":
        thud = _tone((120, 60), 0.16, noise=0.6, seed=7, sweep=-1.0)
        ring = _tone((880, 1320, 1760), 0.32, seed=9)
        thud += [0.0] * (len(ring) - len(thud))
        return [a + 0.7 * b for a, b in zip(thud, ring)]
    if name == "miss":
        return _tone((420,), 0.2, noise=0.9, seed=11, sweep=0.6)
    if name == "throw":
        return _tone((300,), 0.14, noise=0.85, seed=13, sweep=1.0)
    if name == "splash":
        return _tone((180, 260), 0.3, noise=0.8, seed=15, sweep=-0.5)
    if name == "spell":
        return _tone((523, 659, 784), 0.5, noise=0.1, seed=17, sweep=0.5)
    if name == "fall":
        return _tone((70,), 0.22, noise=0.7, seed=19, sweep=-0.6)
    if name == "victory":
        return _notes((523, 659, 784, 1047), 0.16)
    raise ValueError(f"sound: no effect named {name!r}")


def to_pcm(samples: list[float], gain: float = 0.8) -> bytes:
    """Signed 16-bit mono samples, clipped."""
    return array("h", (int(max(-1.0, min(1.0, s * gain)) * 32767) for s in samples)).tobytes()


_PCM: dict[str, bytes] = {}           # every effect's samples, made once per process
_MAKING: list[threading.Thread] = []


def pcm(name: str) -> bytes:
    """An effect's 16-bit samples: made by the background maker, or now if it has not
    come to it yet."""
    made = _PCM.get(name)
    if made is None:
        made = _PCM[name] = to_pcm(synthesize(name))
    return made


def make_all_in_background() -> None:
    """Compute every effect on a thread of its own (once): each takes tens of
    milliseconds of pure Python, which in one frame would be a visible stall."""
    if _MAKING:
        return

    def make() -> None:
        for name in EFFECTS:
            pcm(name)
    _MAKING.append(threading.Thread(target=make, name="carreau-sound", daemon=True))
    _MAKING[0].start()


class Sound:
    """The effects player: silent when the mixer cannot open, never raising."""

    def __init__(self, volume: float = 0.6, muted: bool = False, mixer=None):
        self.volume = volume
        self.muted = muted
        self.mixer = mixer if mixer is not None else pygame.mixer
        self.silent = not self._open()
        self._sounds: dict[str, object] = {}

    def _open(self) -> bool:
        try:
            if not self.mixer.get_init():
                self.mixer.init(RATE, -16, 1, 512, allowedchanges=0)
            return self.mixer.get_init() is not None and tuple(self.mixer.get_init())[1:] == (-16, 1)
        except (pygame.error, OSError, TypeError, ValueError):
            return False

    def sound(self, name: str):
        """The mixer's sound of an effect, made on first use and kept."""
        if name not in self._sounds:
            self._sounds[name] = self.mixer.Sound(buffer=pcm(name))
        return self._sounds[name]

    def warm(self) -> None:
        """On an idle frame (the animations call it): have the effects computed in the
        background, and hand the mixer the next one computed, so that none is made in
        the middle of a fight."""
        name = next((n for n in EFFECTS if n not in self._sounds), None)
        if name is None or not self._ready():
            return
        make_all_in_background()
        if name not in _PCM:
            return
        try:
            self.sound(name)
        except (pygame.error, OSError):
            self.silent = True

    def _ready(self) -> bool:
        """Whether effects can play now: not muted nor silent, the mixer open (the
        window quit and came back: a new mixer, the effects made again)."""
        if self.silent or self.muted or self.volume <= 0:
            return False
        try:
            if not self.mixer.get_init():
                self._sounds.clear()
                self.silent = not self._open()
        except (pygame.error, OSError):
            self.silent = True
        return not self.silent

    def play(self, name: str, loud: float = 1.0) -> None:
        """Play an effect at ``loud`` times the volume; nothing when muted or silent."""
        if not self._ready():
            return
        try:
            effect = self.sound(name)
            effect.set_volume(max(0.0, min(1.0, self.volume * loud)))
            effect.play()
        except (pygame.error, OSError):
            self.silent = True                  # a device gone mid-game: quiet, not a crash


_SHARED: list[Sound] = []


def shared() -> Sound:
    """The window's one player, so that the volume and mute set in the settings hold for
    every battle of the session."""
    if not _SHARED:
        _SHARED.append(Sound())
    return _SHARED[0]
