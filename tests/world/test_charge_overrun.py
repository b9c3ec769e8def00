"""An overrun as part of a charge (French text, "renversement": « par une action simple
effectuée au cours d'un déplacement ou dans le cadre d'une action de charge »; « Si le
personnage effectuait une charge, il peut continuer à avancer »; « Si le personnage tente
son renversement dans le cadre d'une charge, il bénéficie d'un bonus de +2 »): a foe
standing in the lane is overrun on the way, and the charge goes on to its target."""
import pygame
from combat_helpers import battle, creature, first, types

from game.ui.game_screen import GameScreen
from game.world import asking, commands as C

GRID = "\n".join("." * 14 for _ in range(9))


def lane(gob=None, hero=None):
    g = dict(initiative=5, hp=6, weapon="shortspear", size="S", str=8, dex=12)
    g.update(gob or {})
    h = dict(initiative=20, hp=20, weapon="longsword", bab=3, str=14)
    h.update(hero or {})
    return battle(GRID, creature("hero", "blue", (1, 4), **h), creature("gob", "red", (4, 4), **g),
                  creature("orc", "red", (8, 4), initiative=10, hp=30, weapon="greataxe"))


THROUGH = {"target": "orc", "overrun": "gob", "end": [7, 4]}


def test_the_foe_in_the_lane_blocks_a_plain_charge_and_is_overrun_at_plus_2():
    b = lane()
    assert b.check("hero", "charge", {"target": "orc"}).code == "LANE_BLOCKED_BY_CREATURE"
    seen = b.preview("hero", "charge", THROUGH)
    assert seen.legal and [(t, p) for t, p, _at in seen.recorder.opportunities] == [("gob", "hero")]
    check = seen.recorder.checks[0]
    assert check.kind == "overrun" and (2, "untyped", "charge") in [(m.value, m.kind, m.source)
                                                                   for m in check.attacker_breakdown]
    # the goblin's attack of opportunity misses (1), the overrun wins (15 against 3), the blow (12, 6)
    ok, refusal, ev = b.act("hero", "charge", THROUGH, dice=[1, 15, 3, 12, 6])
    assert ok, refusal
    assert first(ev, "OpposedCheck").winner == "hero" and "prone" in b.board().body("gob").conditions
    assert b.board().body("hero").pos == (7, 4)
    blow = [e for e in ev if type(e).__name__ == "AttackRolled" and e.attacker == "hero"][0]
    assert blow.target == "orc" and (2, "circumstance", "charge") in blow.bonus_breakdown
    assert b.state()["creatures"]["orc"]["hp"] == 30 - 8


def test_an_avoiding_defender_lets_the_charge_go_on_without_a_check():
    b = lane()
    ok, _, ev = b.act("hero", "charge", dict(THROUGH, defender="avoid"), dice=[1, 15, 6])
    assert ok and "OpposedCheck" not in types(ev) and b.board().body("hero").pos == (7, 4)
    assert "prone" not in b.board().body("gob").conditions and b.state()["creatures"]["orc"]["hp"] < 30


def test_a_lost_overrun_ends_the_charge_before_the_defender_with_no_blow():
    b = lane(gob={"str": 18, "size": "M"})
    ok, _, ev = b.act("hero", "charge", dict(THROUGH, overrun_counter=False), dice=[1, 2, 19])
    assert ok and first(ev, "OpposedCheck").winner == "gob"
    assert b.board().body("hero").pos == (3, 4)
    assert first(ev, "Moved").path[-1] == (3, 4)
    assert not [e for e in ev if type(e).__name__ == "AttackRolled" and e.attacker == "hero"]
    assert b.state()["creatures"]["orc"]["hp"] == 30


def test_an_overrun_the_charge_cannot_make_is_refused_and_changes_nothing():
    b = lane()
    before = b.state()
    assert b.check("hero", "charge", dict(THROUGH, overrun="hero")).code == "OVERRUN_NOT_IN_LANE"
    assert b.check("hero", "charge", dict(THROUGH, overrun="orc")).code == "OVERRUN_NOT_IN_LANE"
    assert b.check("hero", "charge", dict(THROUGH, end=[7, 5])).code == "OVERRUN_NOT_IN_LANE"   # that lane misses it
    ok, refusal, _ = b.act("hero", "charge", dict(THROUGH, overrun="nobody"))
    assert not ok and refusal.code == "BAD_ARGUMENT"
    assert b.state() == before and not b.history
    big = lane(gob={"size": "H", "str": 20})
    assert big.check("hero", "charge", THROUGH).code == "TARGET_TOO_BIG"          # two sizes larger


def test_an_ally_in_the_lane_is_not_overrun():
    b = battle(GRID, creature("hero", "blue", (1, 4), initiative=20, hp=20, weapon="longsword"),
               creature("pal", "blue", (4, 4), initiative=5, hp=6),
               creature("orc", "red", (8, 4), initiative=10, hp=30))
    assert b.check("hero", "charge", {"target": "orc", "overrun": "pal", "end": [7, 4]}).code == "OVERRUN_NOT_IN_LANE"
    assert "overruns" not in b.options("hero")["charge"].domain


def test_options_offer_the_overrun_and_its_defender_is_asked():
    b = lane()
    charge = b.options("hero")["charge"]
    assert charge.legal and charge.domain["overruns"]["orc"]["through"] == "gob"
    assert [7, 4] in charge.domain["overruns"]["orc"]["ends"]
    questions = asking.choice_questions(b, C.Charge("hero", target="orc", overrun="gob"))
    assert ("gob", "defender") in [(q.to, q.argument) for q in questions]
    ends = next(q for q in questions if q.argument == "end").choices
    assert (7, 5) not in ends and (7, 4) in ends


def test_the_window_charges_through_the_foe_after_asking_its_player():
    pygame.display.init()
    pygame.font.init()
    b = lane()
    g = GameScreen(b, pygame.display.set_mode((1280, 800)), "en")
    pygame.event.clear()
    try:
        g.handoff = None
        g.draw()
        rect = next(r for n, r, _e, _why in g.buttons if n == "charge")
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
        x, y = g.cam.to_screen((8, 4))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x + 3, y + 3)))
        for _ in range(12):                # the tied end, the defender's and AoO questions, their hand-offs
            for event in pygame.event.get():
                g.handle(event)
            g.draw()
            if g.handoff is not None:
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)))
            elif g.squares_asked:
                sx, sy = g.cam.to_screen((7, 4))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(sx + 3, sy + 3)))
            elif g.dialog is not None:
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=g.dialog.rects[0].center))
        assert b.history and b.history[-1]["action"] == "charge" and b.history[-1]["args"]["overrun"] == "gob"
    finally:
        b.close()
        pygame.quit()
