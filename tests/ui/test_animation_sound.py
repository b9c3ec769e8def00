"""The battle's sound effects (issue 14, item 1): made by the project's own code, played
at the volume the settings give, never while muted, and silent — never a crash — when the
mixer cannot open or fails later (tests run with ``SDL_AUDIODRIVER=dummy``)."""
from __future__ import annotations

import pygame
import pytest
from test_animation import attack, run_out, watched
from test_game_screen import DUEL

from game.ui.sound import EFFECTS, Sound, synthesize, to_pcm


class FakeEffect:
    def __init__(self, log, buffer):
        self.log, self.size, self.volume = log, len(buffer), None

    def set_volume(self, v):
        self.volume = v

    def play(self):
        self.log.append(self.volume)


class FakeMixer:
    """A mixer that opens (or refuses to) and remembers what it played."""

    def __init__(self, opens=True, breaks=False):
        self.opens, self.breaks, self.open, self.played, self.made = opens, breaks, False, [], []

    def get_init(self):
        return (22050, -16, 1) if self.open else None

    def init(self, *args, **kw):
        if not self.opens:
            raise pygame.error("No available audio device")
        self.open = True

    def Sound(self, buffer):                     # noqa: N802 - pygame's spelling
        if self.breaks:
            raise pygame.error("device lost")
        effect = FakeEffect(self.played, buffer)
        self.made.append(effect)
        return effect


def test_every_effect_is_made_here_in_range_and_each_its_own():
    made = {name: synthesize(name) for name in EFFECTS}
    assert all(samples and max(abs(v) for v in samples) <= 1.0 for samples in made.values())
    assert len({tuple(samples[:200]) for samples in made.values()}) == len(EFFECTS)
    assert len(to_pcm(made["hit"])) == 2 * len(made["hit"])          # 16-bit mono
    with pytest.raises(ValueError):
        synthesize("trumpet")


def test_the_volume_and_loudness_set_how_loud_and_mute_silences():
    mixer = FakeMixer()
    s = Sound(volume=0.5, mixer=mixer)
    assert not s.silent
    s.play("hit", 0.8)
    s.play("critical", 1.0)
    assert mixer.played == [pytest.approx(0.4), pytest.approx(0.5)]
    s.muted = True
    s.play("hit")
    s.muted, s.volume = False, 0.0
    s.play("hit")
    assert len(mixer.played) == 2


def test_no_audio_device_gives_a_silent_player_that_never_raises():
    s = Sound(mixer=FakeMixer(opens=False))
    assert s.silent
    s.play("victory")
    s.warm()


def test_a_mixer_failing_mid_game_turns_silent_instead_of_crashing():
    mixer = FakeMixer(breaks=True)
    s = Sound(mixer=mixer)
    assert not s.silent
    s.play("hit")
    assert s.silent and mixer.played == []


def test_the_dummy_driver_plays_or_stays_silent_without_raising():
    pygame.init()
    try:
        s = Sound()
        for name in EFFECTS:
            s.play(name)
        # either every effect reached the mixer (made once, kept), or the player went
        # quiet; never a half-made state
        assert s.silent or all(s.sound(name) is s.sound(name) for name in EFFECTS)
    finally:
        pygame.quit()


def test_a_battle_without_sound_plays_its_animations(monkeypatch):
    def refuse(*args, **kw):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    g = watched(DUEL)
    g.sound = Sound()
    assert g.sound.silent
    attack(g, [15])
    assert g.motion.busy()
    run_out(g)
    assert not g.motion.busy() and g.battle.winner == "blue"
    g.battle.close()
    pygame.quit()


def test_idle_frames_make_the_effects_ahead_of_the_fight():
    import time
    mixer = FakeMixer()
    g = watched(DUEL)
    g.sound = Sound(mixer=mixer)
    frames, start = 0, time.monotonic()
    while len(mixer.made) < len(EFFECTS) and time.monotonic() - start < 20:
        g.update(16)
        frames += 1
        time.sleep(0.005)
    assert len(mixer.made) == len(EFFECTS) and len({e.size for e in mixer.made}) > 1
    assert frames >= len(EFFECTS)                  # one handed to the mixer per idle frame at most
    g.battle.close()
    pygame.quit()
