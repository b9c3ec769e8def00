"""Climb speeds (French text, "retraite": "On ne peut faire une retraite qu'avec une forme
de mouvement pour laquelle on a une vitesse de déplacement. Par exemple, une araignée
monstrueuse a une vitesse d'escalade ... et peut donc faire retraite en escaladant. Un
aventurier n'a généralement pas de vitesse d'escalade ... et il lui est impossible de
faire retraite en escaladant"; "pas de placement": "sans vitesse d'escalade, il est
impossible de faire un pas de placement en grimpant"; SRD Climb: a creature with a climb
speed keeps its Dexterity bonus while climbing)."""
from combat_helpers import battle, creature, first

from game.data import bestiary
from game.rules.attack import AttackSituation, armor_class
from game.world.components import Speed, Stats

# A rock face two squares deep, wide enough for a Large spider.
GRID = "\n".join(["..........", "..^^^^....", "..^^^^....", "..........", ".........."])


def spider_and_hero(hero_at=(0, 3)):
    return battle(GRID, creature("spider", "red", (0, 1), template="monstrous_spider_large", initiative=20),
                  creature("hero", "blue", hero_at, initiative=10, hp=30, weapon="longsword"))


def test_the_monstrous_spider_has_its_climb_speed_from_the_bestiary():
    assert bestiary.scenario_keys(bestiary.get("monstrous_spider_large"))["climb_speed"] == 6   # 20 ft
    b = spider_and_hero()
    assert b.comp("spider", Speed).climb == 6 and b.board().body("spider").climb_squares == 4


def test_a_spider_walks_onto_the_face_at_its_climb_speed_and_keeps_its_dex():
    b = spider_and_hero(hero_at=(8, 4))
    ac = armor_class(b.fighter("spider"), AttackSituation()).value
    ok, refusal, ev = b.act("spider", "move", {"squares": [[1, 1], [2, 1], [3, 1], [4, 1], [5, 1]]})
    assert not ok and refusal.code == "TOO_FAR"        # 5 squares over the face: its climb speed is 4
    ok, refusal, ev = b.act("spider", "move", {"squares": [[1, 1], [2, 1], [3, 1], [4, 1]]})
    assert ok, refusal
    assert not [e for e in ev if type(e).__name__ == "SavingThrow"]      # no Climb check
    me = b.board().body("spider")
    assert me.pos == (4, 1) and "climbing" not in me.conditions
    assert armor_class(b.fighter("spider"), AttackSituation()).value == ac
    ok, refusal, _ = b.act("spider", "climb", {"squares": [[3, 1]]})
    assert not ok and refusal.code == "CLIMBS_AT_ITS_SPEED"


def test_a_spider_withdraws_climbing_and_steps_on_the_face():
    b = spider_and_hero()
    ok, refusal, ev = b.act("spider", "move", {"squares": [[1, 0], [2, 1], [3, 1]]})
    assert ok and [e.attacker for e in ev if type(e).__name__ == "AttackRolled"] == ["hero"]   # a move provokes
    b = spider_and_hero()
    ok, refusal, ev = b.act("spider", "withdraw", {"squares": [[1, 0], [2, 1], [3, 1]]})
    assert ok, refusal
    assert not [e for e in ev if type(e).__name__ == "AttackRolled"]        # its start square is safe
    assert first(ev, "Moved").mode == "withdraw" and b.board().body("spider").pos == (3, 1)
    d = spider_and_hero(hero_at=(8, 4))
    assert d.act("spider", "end_turn")[0] and d.act("hero", "end_turn")[0]
    ok, refusal, _ = d.act("spider", "five_foot_step", {"to": [1, 1]})
    assert ok, refusal
    assert d.board().body("spider").pos == (1, 1)          # its space now half on the face


def test_an_adventurer_without_a_climb_speed_neither_withdraws_nor_steps_climbing():
    b = battle(GRID, creature("hero", "blue", (1, 1), initiative=20, str=12, hp=30),
               creature("orc", "red", (0, 0), initiative=10, hp=20, weapon="greataxe"))
    b.comp("hero", Stats).values["climb"] = 4
    ok, refusal, _ = b.act("hero", "withdraw", {"squares": [[2, 1], [3, 1]]})
    assert not ok and refusal.code == "MUST_CLIMB_THERE"
    ok, refusal, _ = b.act("hero", "five_foot_step", {"to": [2, 1]})
    assert not ok and refusal.code == "MUST_CLIMB_THERE"
    assert b.act("hero", "climb", {"squares": [[2, 1]]}, dice=[10])[0]
    assert "climbing" in b.board().body("hero").conditions
    before = b.state()
    for action, args in (("withdraw", {"squares": [[3, 1]]}), ("five_foot_step", {"to": [3, 1]})):
        ok, refusal, _ = b.act("hero", action, args)
        assert not ok and refusal.code == "CLIMBING_USE_CLIMB" and b.state() == before


def test_the_safest_path_a_climber_is_shown_is_one_act_takes():
    """French text, "retraite": "une araignée monstrueuse a une vitesse d'escalade ... et
    peut donc faire retraite en escaladant": over the face at its climb speed (2 x 4
    squares), else on foot around it at its land speed (2 x 6) — the path the window shows
    is one ``act`` takes, never one over the face beyond its climb speed."""
    from game.rules.movement import reachable
    from game.world import views
    from game.world.commands import Withdraw
    grid = "\n".join(["............", "..^^^^^^....", "..^^^^^^....", "............", "............",
                      "............"])
    b = battle(grid, creature("spider", "red", (0, 1), template="monstrous_spider_large", initiative=20),
               creature("hero", "blue", (11, 5), initiative=10, hp=30, weapon="longsword"))
    over = views.path(b, "spider", (8, 1), "withdraw")
    assert over.legal and over.cost == 8 and (4, 1) in over.squares          # across the face: 8 squares
    around = views.path(b, "spider", (9, 1), "withdraw")
    assert around.legal and around.cost == 12 and (4, 1) not in around.squares   # 9 over it is too far
    assert b.check(Withdraw("spider", squares=around.squares)) is None
    ends = reachable(b.board(), b.board().body("spider"), "withdraw")
    assert (10, 1) not in ends and not views.path(b, "spider", (10, 1), "withdraw").legal
