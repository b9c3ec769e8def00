"""Special attacks inside a full attack, from the window (issue 14, item 4; French text,
note 7): while a full attack is planned, M over a creature lists the special attacks the
engine passes as the next step of the plan (``plan_maneuvers``), driven by posted events."""
from __future__ import annotations

import pygame

from game.i18n import sentence
from game.world import commands as C
from game.world.components import Conditions, Grapple
from game.world.events import AttackRolled, OpposedCheck
from tests.ui.test_game_screen import at, click, click_button, open_screen, pump

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
weapon = "longsword"
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


def screen(text: str = DUEL):
    g = open_screen(text)
    g.handoff = None
    g.draw()
    return g


def hover(g, square) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(g, square), rel=(0, 0), buttons=(0, 0, 0)))
    pump(g)


def key(g, k) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k))
    pump(g)


def special_menu(g, square) -> list[str]:
    """M over the creature at ``square``: the dialog's labels."""
    hover(g, square)
    key(g, pygame.K_m)
    assert g.dialog is not None, g.log[-1]
    g.draw()
    return [label for label, _v in g.dialog.choices]


def pick(g, label: str) -> None:
    g.draw()
    labels = [lab for lab, _v in g.dialog.choices]
    click(g, g.dialog.rects[labels.index(label)].center)


def past_handoff(g) -> None:
    """A hot-seat hand-off screen, if one is up: the next player clicks through it."""
    if g.handoff is not None:
        click(g, (10, 10))
        g.draw()


def engine_passes(g, cid: str, target: str) -> set[str]:
    """The special attacks the engine's preview passes as the next step of the plan."""
    extras = g.stance.extras("full_attack")
    steps = [s if not isinstance(s, str) else C.Strike(s) for s in g.plan]
    return {name for name in C.PLAN_MANEUVERS
            if g.battle.preview(C.FullAttack(cid, targets=tuple(steps) + (C.ManeuverStep(name, target),), **extras)).legal}


def test_a_fighter_trips_then_strikes_in_one_full_attack():
    g = screen()
    seen: list = []
    act = g.battle.act

    def recording(*a, **kw):
        out = act(*a, **kw)
        seen.extend(out[2])
        return out
    g.battle.act = recording
    try:
        click_button(g, "full_attack")
        labels = special_menu(g, (2, 1))
        assert "Trip · Gnoll" in labels and "Disarm · Gnoll" in labels
        assert "Pin · Gnoll" not in labels                  # not grappling: the engine refuses it, not offered
        pick(g, "Trip · Gnoll")
        # the counter is the gnoll's player's choice: not asked while planning, no hand-off
        assert g.handoff is None and g.dialog is None
        assert g.plan == [C.ManeuverStep("trip", "gnoll")] and not g.battle.history
        g.refresh()
        assert "Plan: 1: Trip · Gnoll" in g.overlay.caption
        click(g, at(g, (2, 1)))                             # the second attack: a blow
        # played: the gnoll's player is handed the screen once for both of its questions
        assert g.handoff == "red" and not g.battle.history
        past_handoff(g)
        assert g.dialog is not None and "Gnoll's player" in g.dialog.text   # the counter-trip
        pick(g, "no")
        assert g.handoff is None and g.dialog is not None   # the trip provokes: still the gnoll's player
        assert sentence("UI_AOO_ASK", {"taker": "Gnoll", "target": "Fighter",
                                       "why": sentence("UI_AOO_WHY_MANEUVER", {}, "en")}, "en") == g.dialog.text
        pick(g, "no")
        assert g.handoff == "blue"                          # handed back once, before the full attack plays
        past_handoff(g)
        assert g.dialog is None and g.handoff is None
        command = g.battle.history[-1]
        assert command["action"] == "full_attack"
        assert command["args"]["targets"] == [{"trip": "gnoll", "counter": False}, "gnoll"]
        rolls = [e for e in seen if isinstance(e, (AttackRolled, OpposedCheck)) and not getattr(e, "opportunity", False)]
        assert rolls[0].kind == "touch"                     # the trip's touch attack first …
        assert rolls[0].hit and isinstance(rolls[1], OpposedCheck) and rolls[1].kind == "trip"   # its check
        assert rolls[-1].kind == "melee" and isinstance(rolls[-1], AttackRolled)   # … then the attack
    finally:
        g.battle.close()
        pygame.quit()


def test_a_grappler_deals_damage_then_pins_in_one_full_attack():
    g = screen(DUEL.replace('weapon = "longsword"', 'weapon = "dagger"'))      # a light weapon strikes in a grapple
    try:
        for cid, other in (("hero", "gnoll"), ("gnoll", "hero")):
            g.battle.comp(cid, Grapple).holding.add(other)
            g.battle.comp(cid, Conditions).ids.add("grappling")
        g.battle.changed()
        click_button(g, "full_attack")
        labels = special_menu(g, (2, 1))
        assert {"Grapple: damage · Gnoll", "Grapple: lethal damage (-4) · Gnoll", "Pin · Gnoll"} <= set(labels)
        pick(g, "Grapple: damage · Gnoll")
        assert g.dialog is None and len(g.plan) == 1 and not g.battle.history
        labels = special_menu(g, (2, 1))
        assert "Pin · Gnoll" in labels
        pick(g, "Pin · Gnoll")
        command = g.battle.history[-1]
        assert command["action"] == "full_attack"
        assert command["args"]["targets"] == [{"grapple_damage": "gnoll"}, {"pin": "gnoll"}]
    finally:
        g.battle.close()
        pygame.quit()


def test_only_the_steps_the_engine_passes_are_offered_and_escape_changes_nothing():
    g = screen()
    try:
        click_button(g, "full_attack")
        click(g, at(g, (2, 1)))                             # attack 1: a blow
        offered = special_menu(g, (2, 1))
        passed = engine_passes(g, "hero", "gnoll")
        assert passed and "pin" not in passed and "escape" not in passed
        shown = {name for name in passed
                 if any(label.startswith(f"{sentence(f'ACT_{name}', {}, 'en')} · ") for label in offered)}
        assert shown == passed                              # every step the engine passes …
        assert len([lab for lab in offered if "lethal" not in lab]) == len(passed)   # … and only those
        key(g, pygame.K_ESCAPE)                             # the dialog left: the plan as it was
        assert g.dialog is None and g.plan == ["gnoll"] and g.mode == "full_attack"
        hover(g, (6, 2))                                    # nobody there: a line says to point at one
        key(g, pygame.K_m)
        assert g.dialog is None and "Point at a creature" in g.log[-1][0]
    finally:
        g.battle.close()
        pygame.quit()


def test_a_grappler_with_a_longsword_makes_its_full_attack_of_grapple_options():
    # A longsword strikes nobody in a grapple, yet each attack may be a grapple option (French
    # text, "lutte": « il peut entreprendre l'une de ces actions pour chacune de ses attaques »):
    # the engine offers the full attack, and the window's plan makes it of them.
    g = screen()
    try:
        for cid, other in (("hero", "gnoll"), ("gnoll", "hero")):
            g.battle.comp(cid, Grapple).holding.add(other)
            g.battle.comp(cid, Conditions).ids.add("grappling")
        g.battle.changed()
        blows = g.battle.check(C.FullAttack("hero", targets=(C.Strike("gnoll"), C.Strike("gnoll"))))
        assert blows is not None                       # the plan of blows is refused …
        option = g.battle.options("hero")["full_attack"]
        assert option.legal and option.domain["targets"] == ["gnoll"]      # … the full attack is offered
        click_button(g, "full_attack")
        assert g.mode == "full_attack"
        pick_on = special_menu(g, (2, 1))
        assert "Grapple: damage · Gnoll" in pick_on
        pick(g, "Grapple: damage · Gnoll")
        pick_on = special_menu(g, (2, 1))
        pick(g, "Grapple: damage · Gnoll")
        command = g.battle.history[-1]
        assert command["action"] == "full_attack"
        assert command["args"]["targets"] == [{"grapple_damage": "gnoll"}, {"grapple_damage": "gnoll"}]
    finally:
        g.battle.close()
        pygame.quit()
