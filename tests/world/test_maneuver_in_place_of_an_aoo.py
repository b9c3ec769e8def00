"""A trip, disarm or sunder in place of an attack of opportunity (French text, note 7 of
the actions table: « Ces manoeuvres de combat prennent la place d'une attaque de corps à
corps, pas d'une action. On peut donc les tenter [...] ou même lors d'une attaque
d'opportunité »): the taker's player chooses; a tripped mover stops where it falls, a
disarmed archer loses its shot."""
import io
import json

from combat_helpers import battle, battle_text, creature, first, types

from game.content import saves
from game.content.scenario import parse_scenario
from game.engine import Battle
from game.query import run
from game.world import asking, commands as C
from game.world.components import AttacksOfOpportunity

GRID = "\n".join("." * 10 for _ in range(6))
AWAY = {"squares": [[1, 3], [1, 4]]}


def flail_text(mover=None, **orc) -> str:
    m = dict(initiative=20, hp=20, weapon="shortbow", speed=9)
    m.update(mover or {})
    o = dict(initiative=10, hp=30, weapon="heavy_flail", str=16, bab=4)
    o.update(orc)
    return battle_text(GRID, creature("rogue", "blue", (1, 2), **m), creature("orc", "red", (2, 2), **o))


def flail(mover=None, **orc):
    return Battle(parse_scenario(flail_text(mover, **orc), "test.toml"))


def giant():
    """A Huge archer next to the orc: two sizes larger, it cannot be tripped."""
    return battle("\n".join("." * 10 for _ in range(8)),
                  creature("rogue", "blue", (0, 1), initiative=20, hp=60, weapon="shortbow", size="H", speed=9),
                  creature("orc", "red", (3, 2), initiative=10, hp=30, weapon="heavy_flail", str=16, bab=4))


def test_a_trip_in_place_of_the_attack_of_opportunity_stops_the_mover_where_it_falls():
    b = flail()
    # the flail's touch attack hits (15), then Strength 18+3 against the rogue's 2
    ok, refusal, ev = b.act("rogue", "move", AWAY, dice=[15, 18, 2], instead={"orc": "trip"})
    assert ok, refusal
    assert first(ev, "OpposedCheck").kind == "trip" and "DamageDealt" not in types(ev)
    assert "prone" in b.board().body("rogue").conditions and b.board().body("rogue").pos == (1, 2)
    assert first(ev, "MovementStopped").reason == "fell"
    assert b.read("orc", AttacksOfOpportunity).used == 1          # it was the round's attack of opportunity
    assert b.history[-1]["instead"] == {"orc": "trip"}


def test_a_disarm_in_place_of_the_attack_of_opportunity_costs_the_archer_its_shot():
    b = battle(GRID, creature("archer", "blue", (1, 2), initiative=20, hp=20, weapon="shortbow"),
               creature("orc", "red", (2, 2), initiative=10, hp=30, weapon="longsword", str=16, bab=4))
    ok, _, ev = b.act("archer", "attack", {"target": "orc"}, dice=[18, 3], instead={"orc": "disarm"})
    assert ok and first(ev, "Disarmed").weapon == "shortbow"
    assert first(ev, "AttackForfeited").reason == "WEAPON_LOST"
    assert not [e for e in ev if type(e).__name__ == "AttackRolled" and e.attacker == "archer"]
    assert b.state()["creatures"]["orc"]["hp"] == 30


def test_a_sunder_in_place_of_the_attack_of_opportunity_strikes_the_weapon():
    b = flail(mover={"weapon": "longsword"}, weapon="greataxe")
    ok, _, ev = b.act("rogue", "move", AWAY, dice=[18, 3, 10, 10], instead={"orc": "sunder"})
    assert ok and first(ev, "OpposedCheck").kind == "sunder"
    assert b.state()["creatures"]["rogue"]["hp"] == 20               # the blade was struck, not the rogue


def test_the_taker_is_offered_only_the_maneuvers_the_rules_allow():
    b = flail()
    move = C.Move("rogue", squares=((1, 3), (1, 4)))
    assert asking.aoo_maneuvers(b, move, "orc") == ("disarm", "sunder", "trip")
    big = giant()
    assert asking.aoo_maneuvers(big, C.Move("rogue", squares=((0, 2), (0, 3))), "orc") == ("disarm", "sunder")   # too big to trip


def test_a_maneuver_that_cannot_be_made_or_is_unknown_is_refused_and_changes_nothing():
    b = giant()
    before = b.state()
    ok, refusal, _ = b.act("rogue", "move", {"squares": [[0, 2], [0, 3]]}, instead={"orc": "trip"})
    assert not ok and refusal.code == "TARGET_TOO_BIG"
    for bad in ({"orc": "grapple"}, {"nobody": "trip"}, {"orc": 3}):
        ok, refusal, _ = b.act("rogue", "move", {"squares": [[0, 2], [0, 3]]}, instead=bad)
        assert not ok and refusal.code == "BAD_ARGUMENT" and refusal.params["key"] == "aoo_maneuvers"
    assert b.state() == before and not b.history and not b.dice.history


def test_the_query_tool_takes_aoo_maneuvers_and_a_save_replays_them(tmp_path):
    b = flail()
    out = io.StringIO()
    request = {"q": "act", "who": "rogue", "action": "move", **AWAY, "dice": [15, 18, 2], "aoo_maneuvers": {"orc": "trip"}}
    run(b, io.StringIO(json.dumps(request) + "\n"), out, lang="en")
    answer = json.loads(out.getvalue())
    assert answer["legal"] and "prone" in b.board().body("rogue").conditions
    path = tmp_path / "tripped.json"
    saves.save_battle(b, path, scenario_text=flail_text())
    again = saves.load_battle(path)
    assert "prone" in again.board().body("rogue").conditions and again.board().body("rogue").pos == (1, 2)


def test_the_window_offers_the_takers_player_a_trip_in_place_of_the_attack():
    import pygame

    from game.ui.game_screen import GameScreen
    pygame.display.init()
    pygame.font.init()
    b = flail()
    g = GameScreen(b, pygame.display.set_mode((1280, 800)), "en")
    pygame.event.clear()
    try:
        g.handoff = None
        g.draw()
        b.dice.script([15, 18, 2])        # the flail's touch attack, then the two Strength checks
        g.orders.submit(C.Move("rogue", squares=((1, 3), (1, 4))))
        assert g.handoff == "red" and g.dialog is None                       # passed to the orc's player
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)))
        for event in pygame.event.get():
            g.handle(event)
        assert g.dialog is not None and not b.history                        # the orc's player is asked first
        values = [v for _label, v in g.dialog.choices]
        assert values[:2] == [True, False] and "trip" in values and "grapple" not in values
        g.draw()
        trip = next(r for r, (_l, v) in zip(g.dialog.rects, g.dialog.choices) if v == "trip")
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=trip.center))
        for event in pygame.event.get():
            g.handle(event)
        assert g.handoff == "blue" and not b.history                         # handed back to the mover first
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)))
        for event in pygame.event.get():
            g.handle(event)
        assert b.history and b.history[-1]["instead"] == {"orc": "trip"}
        assert "prone" in b.board().body("rogue").conditions
    finally:
        b.close()
        pygame.quit()
