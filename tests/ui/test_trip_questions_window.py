"""A trip's questions in hot seat and Power Attack (play-test): the tripper's own choices
come first, then the screen is handed once to the defender's player for its own (the
counter-trip, its attack of opportunity) — ``asking.by_side``; and Power Attack, which
buys only damage (SRD, Power Attack), is not asked where no blow deals any (a trip's
touch attack), but is where one may (a blow in the plan, Improved Trip's free attack).
Driven with posted events (SDL dummy driver)."""
from __future__ import annotations

import pygame
import pytest

from game.i18n import sentence
from game.world import commands as C
from screen_driver import Screens, at, click, pump

DUEL = """
seed = 4
[map]
grid = \"\"\"
........
........
........
\"\"\"
[[creature]]
id = "hero"
name = "Fighter"
side = "blue"
at = [1, 1]
weapon = "WEAPON"
feats = [FEATS]
bab = 6
str = 16
initiative = 20

[[creature]]
id = "gnoll"
name = "Gnoll"
side = "red"
at = [2, 1]
weapon = "club"
hp = 200
initiative = 10
"""


def duel(screens, weapon="longsword", feats='"power_attack"'):
    g = screens.make(DUEL.replace("WEAPON", weapon).replace("FEATS", feats))
    g.handoff = "blue"                   # hot seat: the fighter's player holds the screen
    click(g, (10, 10))
    return g


@pytest.fixture
def screens():
    s = Screens()
    yield s
    s.close()


def button(g, name):
    g.draw()
    b = next(b for b in g.buttons if b.name == name)
    click(g, b.rect.center)


def questions_until_played(g) -> list[tuple[str, str]]:
    """Answer each question by its last answer (no), noting who holds the screen for each
    (the hand-offs clicked through), until the command is played."""
    asked = []
    for _ in range(12):
        if g.handoff is not None:
            asked.append(("handoff", g.handoff))
            click(g, (10, 10))
            continue
        if g.dialog is None:
            break
        asked.append(("question", g.dialog.text))
        labels = [label for label, _v in g.dialog.choices]
        g.draw()
        click(g, g.dialog.rects[labels.index(sentence("UI_NO", {}, "en"))].center)
    return asked


def test_a_trip_asks_the_trippers_choice_first_then_hands_over_once(screens):
    """A flail trips (a trip weapon: no attack of opportunity): its drop-the-weapon
    question is the tripper's, the counter-trip the defender's. The tripper is asked
    first, without a hand-off; then the defender's player once; then handed back."""
    g = duel(screens, weapon="flail", feats="")
    button(g, "trip")
    click(g, at(g, (2, 1)))
    asked = questions_until_played(g)
    drop = sentence("UI_DROP_IF_COUNTERED", {}, "en")
    counter = sentence("UI_COUNTER", {"defender": "Gnoll"}, "en")
    assert asked == [("question", drop), ("handoff", "red"), ("question", counter), ("handoff", "blue")]
    assert g.battle.history[-1]["action"] == "trip"
    assert g.battle.history[-1]["args"]["counter"] is False


def test_power_attack_is_not_asked_for_a_full_attack_that_only_trips(screens):
    """One attack a round (BAB +6 has two: the plan played early with Enter after the
    trip): a trip in the plan and nothing else deals no damage, so Power Attack is not
    asked; the gnoll's player is handed the screen once for the counter and the attack
    of opportunity the unarmed trip provokes."""
    g = duel(screens)
    button(g, "full_attack")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, (2, 1)), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m))
    pump(g)
    g.draw()
    labels = [label for label, _v in g.dialog.choices]
    click(g, g.dialog.rects[labels.index("Trip · Gnoll")].center)
    assert g.dialog is None and g.handoff is None            # the tripper has no question of its own
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))   # strike early: the trip alone
    pump(g)
    asked = questions_until_played(g)
    power = sentence("UI_POWER_ATTACK", {}, "en")
    assert ("question", power) not in asked
    assert [a for a in asked if a[0] == "handoff"] == [("handoff", "red"), ("handoff", "blue")]
    assert g.battle.history[-1]["args"]["targets"] == [{"trip": "gnoll", "counter": False}]
    assert g.battle.history[-1]["args"].get("power_attack", 0) == 0


def test_power_attack_is_asked_when_a_blow_follows_the_trip(screens):
    """A trip then a blow: the blow's damage is what Power Attack buys, so it is asked —
    of the fighter, before the screen goes to the gnoll's player."""
    g = duel(screens)
    button(g, "full_attack")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, (2, 1)), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m))
    pump(g)
    g.draw()
    labels = [label for label, _v in g.dialog.choices]
    click(g, g.dialog.rects[labels.index("Trip · Gnoll")].center)
    click(g, at(g, (2, 1)))                                  # the second attack: a blow
    assert g.handoff is None and g.dialog is not None and g.dialog.text == sentence("UI_POWER_ATTACK", {}, "en")
    assert g.battle.history == []


def test_the_engine_asks_power_attack_on_a_trip_only_with_improved_trips_free_attack(screens):
    """The engine's questions (``preview``): a charge whose attack is a trip puts no Power
    Attack question; with Improved Trip, whose free attack follows a made trip (SRD,
    Improved Trip), it does. A number given all the same is played as the feat says: it
    comes off the trip's touch attack (SRD: « all melee attack rolls »)."""
    from game.world.asking import questions
    far = DUEL.replace("at = [2, 1]", "at = [6, 1]")
    for feats, asked in (('"power_attack"', False), ('"power_attack", "improved_trip"', True)):
        g = screens.make(far.replace("WEAPON", "longsword").replace("FEATS", feats))
        charge = C.Charge("hero", target="gnoll", maneuver="trip", end=(5, 1))
        seen = g.battle.preview(charge)
        assert seen.legal, seen.refusal
        abouts = [q.about for q in questions(g.battle, seen)]
        assert ("UI_POWER_ATTACK" in abouts) is asked, feats
    g = screens.make(far.replace("WEAPON", "longsword").replace("FEATS", '"power_attack"'))
    seen = g.battle.preview(C.Charge("hero", target="gnoll", maneuver="trip", end=(5, 1), power_attack=3))
    assert seen.legal, seen.refusal
    touch = seen.recorder.attacks[-1]              # after the gnoll's attack of opportunity
    assert touch.kind == "touch" and (-3, "power_attack") in [(m.value, m.source) for m in touch.bonus_breakdown]


def test_every_yes_or_no_question_lists_yes_first_and_takes_y_and_n(screens):
    """The engine lists some questions no first (a stunning blow, Feather Fall, the shield
    bash); the dialogs list every yes-or-no question yes then no, each button showing its
    key, and N answers no, Y (or O) yes, as a click on that answer would (play-test)."""
    g = duel(screens, weapon="flail", feats="")
    button(g, "trip")
    click(g, at(g, (2, 1)))
    assert g.dialog.text == sentence("UI_DROP_IF_COUNTERED", {}, "en") and g.dialog.yes_no
    assert [v for _l, v in g.dialog.choices] == [True, False]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y))          # yes: drop the flail
    pump(g)
    assert g.handoff == "red"
    click(g, (10, 10))
    assert g.dialog.yes_no and [v for _l, v in g.dialog.choices] == [True, False]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n))          # no: no trip back
    pump(g)
    click(g, (10, 10))                                        # handed back
    args = g.battle.history[-1]["args"]
    assert args["drop_weapon"] is True and args["counter"] is False


@pytest.mark.parametrize("about, choices", [("UI_STUNNING_FIST", (False, True)), ("UI_SHIELD_BASH_TOO", (None, "shield")),
                                            ("UI_PIN_SILENCE", (False, True)), ("UI_COUNTER", (True, False))])
def test_the_engines_no_first_questions_are_shown_yes_first(screens, about, choices):
    from game.world.asking import Question
    g = duel(screens)
    text, shown, yes_no = g.orders._worded(Question("hero", about, "x", choices), C.EndTurn("hero"))
    assert yes_no and [label for label, _v in shown] == ["yes", "no"]
    assert {v for _l, v in shown} == set(choices)


def test_the_pause_menus_confirmation_takes_the_same_keys(screens):
    """Leaving the battle is asked yes first, each button with its key: N stays, Y leaves."""
    g = duel(screens)
    g.pause.open("confirm", "menu")
    assert g.pause.page.widgets["yes"].text.endswith("(Y)") and g.pause.page.widgets["no"].text.endswith("(N)")
    assert g.pause.page.widgets["yes"].rect.x < g.pause.page.widgets["no"].rect.x
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n))
    pump(g)
    assert g.pause.name == "pause" and g.running
    g.pause.open("confirm", "menu")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y))
    pump(g)
    assert g.back_to_menu and not g.running
