"""Issue 11, "Monsters named in the README as missing": the black pudding's constriction
and split, the hill giant's rock catching, creatures fleeing in fear. Every test plays
through ``Battle.act`` with scripted dice and names the SRD fact it checks (data-digest
§4d, the monsters' special abilities; digest §9.3, the conditions) and the function
that plays it."""
from __future__ import annotations

from game.rules.geometry import distance
from game.world.components import HitPoints
from tests.world.combat_helpers import battle, creature, first, types

ROOM = "\n".join("." * 12 for _ in range(8))


def _specials(events, name):
    return [e for e in events if type(e).__name__ == "SpecialUsed" and e.special == name]


def test_the_black_pudding_constricts_on_each_grapple_check_it_wins():
    """data-digest §4d, black pudding, "Improved grab, constrict: grab after a slam hit;
    each successful grapple check: 2d6+4 + 2d6 acid", "Acid (Ex): each slam or constrict
    adds 2d6 acid" (``actions.natural_hits.energy_rider``), and "Constrict: listed damage on
    each successful grapple check (plus the grabbing attack's damage if it also has
    improved grab)". Played by ``world.specials.constrict``, called from
    ``actions.grapple._held_check`` and the grapple's other won checks."""
    b = battle(ROOM, creature("p", "red", (0, 0), template="black_pudding", initiative=20),
               creature("hero", "blue", (3, 1), initiative=1, hp=200, ac=5))
    # slam hits (15), 2d6 = 3+3, its acid 2d6 = 5+5; improved grab: grapple 15 against 2;
    # constrict 2d6+4 = 2+2+4 and its acid 2d6 = 1+1
    ok, refusal, ev = b.act("p", "attack", {"target": "hero"}, dice=[15, 3, 3, 5, 5, 15, 2, 2, 2, 1, 1])
    assert ok, refusal
    assert _specials(ev, "constrict")
    hits = [e.amount for e in ev if type(e).__name__ == "DamageDealt"]
    assert hits == [3 + 3 + 4, 5 + 5, 2 + 2 + 4, 1 + 1]       # slam 2d6+4 (1.5 x Str: +4), acid, constrict, acid
    assert b.state()["creatures"]["hero"]["hp"] == 200 - 10 - 10 - 8 - 2
    assert "grappling" in b.state()["creatures"]["p"]["conditions"]
    b.act("p", "end_turn")
    b.act("hero", "end_turn")
    # next round: a grapple damage check won (18 against 3) deals its damage and constricts again
    ok, refusal, ev = b.act("p", "grapple_damage", {"target": "hero"}, dice=[18, 3, 2, 5, 5, 3, 3])
    assert ok, refusal
    assert _specials(ev, "constrict")
    # a lost check (1 + 18 against 20 + 0): no constriction
    b2 = battle(ROOM, creature("p", "red", (0, 0), template="black_pudding", initiative=20),
                creature("hero", "blue", (3, 1), initiative=1, hp=200, ac=5))
    ok, refusal, ev = b2.act("p", "attack", {"target": "hero"}, dice=[15, 3, 3, 1, 1, 1, 20])
    assert ok, refusal
    assert not _specials(ev, "constrict") and "grappling" not in b2.state()["creatures"]["p"]["conditions"]


def _pudding_and_fighter(hp: int = 115, weapon: str = "longsword", **kw):
    return battle(ROOM, creature("p", "red", (0, 0), template="black_pudding", initiative=1, hp=hp),
                  creature("hero", "blue", (3, 1), initiative=20, weapon=weapon, bab=10, **kw))


def test_a_slashing_blow_splits_the_black_pudding_into_two_with_half_its_hit_points():
    """data-digest §4d, black pudding, "Split (Ex): Slashing and piercing weapons deal no
    damage; instead it splits into two with half current hp each (round down)". Played by
    ``world.monster_defenses.split`` (``splits`` decides), called from
    ``world.attacks._roll_attack``; the new creature comes in through ``Battle.spawn``."""
    b = _pudding_and_fighter(hp=101)
    ok, refusal, ev = b.act("hero", "attack", {"target": "p"}, dice=[15])
    assert ok, refusal
    assert "DamageDealt" not in types(ev)
    assert _specials(ev, "split")[0].target == "p_2"
    state = b.state()["creatures"]
    assert state["p"]["hp"] == 50 and state["p_2"]["hp"] == 50                  # 101 // 2, each
    assert state["p_2"]["side"] == "red" and state["p_2"]["at"] == [3, 2]     # the first free space next to it (reading order)
    assert b.order.index("p_2") == b.order.index("p") + 1                        # right after it
    assert b.spec("p_2").template == "black_pudding" and b.name("p_2") != b.name("p")
    # the twin acts in its turn, right after the original, and fights as a pudding
    b.act("hero", "end_turn")
    b.act("p", "end_turn")
    assert b.turn == "p_2"
    ok, refusal, ev = b.act("p_2", "attack", {"target": "hero"}, dice=[1])      # a miss
    assert ok, refusal
    # a bludgeoning blow deals its damage as usual
    club = _pudding_and_fighter(hp=101, weapon="club")
    ok, refusal, ev = club.act("hero", "attack", {"target": "p"}, dice=[15, 2])
    assert ok, refusal
    assert "DamageDealt" in types(ev) and not _specials(ev, "split")


def test_a_pudding_of_10_hp_or_less_no_longer_splits_and_dies_at_0():
    """data-digest §4d, "Split": "A pudding with 10 hp or less cannot split and dies at 0
    hp". Ruling (``world.monster_defenses.splits``): the blow that cannot split it deals
    its damage; ``world.damage.status_of`` kills it at 0 hp."""
    b = _pudding_and_fighter(hp=10, weapon="shortspear")
    ok, refusal, ev = b.act("hero", "attack", {"target": "p"}, dice=[15, 6])
    assert ok, refusal
    assert not _specials(ev, "split") and not b.has("p_2")
    assert b.state()["creatures"]["p"]["hp"] <= 4
    # 11 hp splits into 5 and 5
    b2 = _pudding_and_fighter(hp=11, weapon="shortspear")
    ok, refusal, ev = b2.act("hero", "attack", {"target": "p"}, dice=[15])
    assert ok and b2.state()["creatures"]["p_2"]["hp"] == 5 == b2.state()["creatures"]["p"]["hp"]
    b3 = _pudding_and_fighter(hp=3, weapon="shortspear")
    ok, refusal, ev = b3.act("hero", "attack", {"target": "p"}, dice=[15, 3])
    assert ok and b3.state()["creatures"]["p"]["conditions"].count("dead") == 1


def test_a_split_rolled_back_leaves_no_creature_behind():
    """A refused or looked-ahead action changes nothing (the journal, ``engine.Battle``'s
    ``restore``): a split played inside a frame that is rolled back takes the new
    pudding out again (``Battle._forget``), and ``battle.check`` of the blow leaves none."""
    b = _pudding_and_fighter(hp=101)
    assert b.check("hero", "attack", {"target": "p"}) is None
    assert not b.has("p_2") and "p_2" not in b.order
    token = b.snapshot()
    ok, refusal, _ev = b.act("hero", "attack", {"target": "p"}, dice=[15])
    assert ok and b.has("p_2")
    b.restore(token)
    assert not b.has("p_2") and "p_2" not in b.order and sorted(b.state()["creatures"]) == ["hero", "p"]
    assert b.state()["creatures"]["p"]["hp"] == 101 and len(b.board().bodies) == 2
    # and it splits again for real
    ok, refusal, ev = b.act("hero", "attack", {"target": "p"}, dice=[15])
    assert ok and b.has("p_2") and len(b.board().bodies) == 3
    # a second split of the original gives p_3
    b.act("hero", "end_turn")
    b.act("p", "end_turn")
    b.act("p_2", "end_turn")
    ok, refusal, ev = b.act("hero", "attack", {"target": "p"}, dice=[15])
    assert ok, refusal
    assert b.has("p_3") and b.state()["creatures"]["p"]["hp"] == 25 == b.state()["creatures"]["p_3"]["hp"]


def _giants(**kw):
    grid = "\n".join("." * 20 for _ in range(4))
    return battle(grid, creature("g", "red", (0, 0), template="hill_giant", initiative=20),
                  creature("h", "blue", (10, 1), template="hill_giant", initiative=1, **kw))


def test_a_hill_giant_catches_one_rock_a_round_on_a_reflex_save():
    """data-digest §4d, hill giant, "Rock catching (Ex): Once per round, when it would be
    hit by a rock (or similar projectile), a free-action Reflex save catches it: DC 15
    Small rock, 20 Medium, 25 Large [...]. Must be aware and ready"; a Large giant's rocks
    are Small (40-50 lb). Played by ``world.monster_defenses.catches_rock`` (DC from
    ``rules.monsters.rock_catch_dc``), called from ``world.attacks._roll_attack``."""
    b = _giants()
    # two rocks: the first hits and is caught (Reflex 12 + 3 = 15, DC 15); the second, the same round, is not tried
    ok, refusal, ev = b.act("g", "full_attack", {"targets": ["h", "h"], "weapon": "rock"}, dice=[15, 12, 19, 3, 4])
    assert ok, refusal
    save = first(ev, "SavingThrow")
    assert save.who == "h" and save.kind == "rock_catching" and save.dc == 15 and save.bonus == 3 and save.success
    assert _specials(ev, "rock_catching")
    assert [e.amount for e in ev if type(e).__name__ == "DamageDealt"] == [3 + 4 + 7]     # only the second rock
    assert types(ev).count("SavingThrow") == 1
    b.act("g", "end_turn")
    b.act("h", "end_turn")
    # next round: the catch is tried again and fails (11 + 3 < 15): the rock deals its damage
    ok, refusal, ev = b.act("g", "attack", {"target": "h", "weapon": "rock"}, dice=[15, 11, 2, 2])
    assert ok, refusal
    assert not first(ev, "SavingThrow").success and first(ev, "DamageDealt").amount == 2 + 2 + 7
    # a giant caught flat-footed is not ready: no catch
    b2 = _giants(conditions=["flat_footed"])
    ok, refusal, ev = b2.act("g", "attack", {"target": "h", "weapon": "rock"}, dice=[15, 2, 2])
    assert ok, refusal
    assert "SavingThrow" not in types(ev) and first(ev, "DamageDealt").amount == 11


def test_a_frightened_creature_may_only_flee_its_fear_and_fights_when_cornered():
    """digest §9.3, "Frightened: as shaken, and must flee from the source if able" (SRD:
    "If unable to flee, it may fight"). The source is the scenario's ``afraid_of``.
    Played by ``world.actions.fear.fear_refusal`` (a gate of ``dispatch.preconditions``
    and ``end_refusal``) and the scripted player's ``ai.scripted.choose``."""
    from game.ai import scripted
    b = battle(ROOM, creature("orc", "red", (4, 4), initiative=20, conditions=["frightened"], afraid_of="hero",
                              weapon="longsword"),
               creature("hero", "blue", (5, 4), initiative=1))
    ok, refusal, _ = b.act("orc", "attack", {"target": "hero"})
    assert not ok and refusal.code == "AFRAID_MUST_FLEE" and refusal.params["source"] == "hero"
    ok, refusal, _ = b.act("orc", "move", {"squares": [[5, 5]]})                # not away: refused
    assert not ok and refusal.code == "AFRAID_MUST_FLEE"
    offered = {(x, y) for x, y, _c in b.options("orc")["move"].domain["squares"]}
    assert offered and all(distance(sq, (5, 4)) > 1 for sq in offered)          # every square offered ends farther
    assert b.options("orc")["total_defense"].legal and b.options("orc")["delay"].legal
    assert not b.options("orc")["attack"].legal
    command = scripted.choose(b, "orc")
    assert command.action == "move" and distance(tuple(command.squares[-1]), (5, 4)) > 1
    ok, refusal, ev = b.act(command)
    assert ok, refusal
    # cornered in a dead end (walls all round but the hero's side): it may fight
    corner = "#####\n#...#\n#####"
    c = battle(corner, creature("orc", "red", (1, 1), initiative=20, conditions=["frightened"], afraid_of="hero",
                                weapon="longsword"),
               creature("hero", "blue", (2, 1), initiative=1, hp=50))
    assert c.check("orc", "attack", {"target": "hero"}) is None
    assert scripted.choose(c, "orc").action in ("attack", "full_attack")
    # fear of a dead creature makes no one flee
    d = battle(ROOM, creature("orc", "red", (4, 4), initiative=20, conditions=["frightened"], afraid_of="hero",
                              weapon="longsword"),
               creature("hero", "blue", (5, 4), initiative=1, hp=10),
               creature("elf", "blue", (4, 5), initiative=2))
    d.comp("hero", HitPoints).current = -10     # dead (a scenario's hit points start from 1: issue 15)
    d.changed()
    assert d.check("orc", "attack", {"target": "elf"}) is None


def test_a_panicked_creature_drops_what_it_holds_flees_and_cowers_when_cornered():
    """digest §9.3, "Panicked: drops held items and flees along a random path; -2 on saves,
    skill and ability checks; cowers if cornered" (SRD: a cornered panicked creature
    "cowers and does not attack, typically using the total defense action"). Played by
    ``world.actions.fear.panic_drops`` (at the start of its turn) and ``fear_refusal``."""
    from game.ai import scripted
    b = battle(ROOM, creature("orc", "red", (4, 4), initiative=1, conditions=["panicked"], afraid_of="hero",
                              weapon="longsword"),
               creature("hero", "blue", (5, 4), initiative=20))
    b.act("hero", "end_turn")
    assert b.turn == "orc"
    assert b.board().body("orc").weapon.id == "unarmed"                          # the sword lies on the ground
    assert "longsword" in b.shared.ground[(4, 4)]
    ok, refusal, _ = b.act("orc", "attack", {"target": "hero"})
    assert not ok and refusal.code == "AFRAID_MUST_FLEE"
    corner = "#####\n#...#\n#####"
    c = battle(corner, creature("orc", "red", (1, 1), initiative=20, conditions=["panicked"], afraid_of="hero"),
               creature("hero", "blue", (2, 1), initiative=1))
    ok, refusal, _ = c.act("orc", "attack", {"target": "hero"})
    assert not ok and refusal.code == "PANICKED_COWERS"
    assert c.check("orc", "total_defense") is None and scripted.choose(c, "orc") is None


def test_afraid_of_must_name_another_creature():
    """The scenario's ``afraid_of`` names the fear's source (``content.scenario``)."""
    import pytest

    from game.data.errors import ContentError
    with pytest.raises(ContentError, match="afraid_of"):
        battle(ROOM, creature("orc", "red", (4, 4), conditions=["frightened"], afraid_of="nobody"),
               creature("hero", "blue", (5, 4)))


def test_a_split_replays_from_a_save(tmp_path):
    """A save replays the commands (``content.saves``): the split comes again, and the new
    pudding's own commands with it (``Battle.spawn`` in the replayed attack)."""
    from game.content import saves
    from game.content.scenario import parse_scenario
    from game.engine import Battle
    text = (f'seed = 1\n[map]\ngrid = """\n{ROOM}\n"""\n'
            + "[[creature]]\n" + creature("p", "red", (0, 0), template="black_pudding", initiative=1, hp=101) + "\n"
            + "[[creature]]\n" + creature("hero", "blue", (3, 1), initiative=20, weapon="longsword", bab=10) + "\n")
    b = Battle(parse_scenario(text, "test.toml"))
    assert b.act("hero", "attack", {"target": "p"}, dice=[15])[0]
    assert b.act("hero", "end_turn")[0] and b.act("p", "end_turn")[0]
    assert b.act("p_2", "end_turn")[0]
    again = saves.load_battle(saves.save_battle(b, tmp_path / "s.json", scenario_text=text))
    assert again.state() == b.state() and again.turn == "hero" and again.has("p_2")


def test_a_pudding_split_by_an_attack_of_opportunity_does_not_end_its_move_in_its_twin():
    """No movement ends in another creature's space (decisions §1): a pudding split on its
    way by an attack of opportunity stops where it is when its twin took its end space
    (``actions.moving.walk``)."""
    b = battle(ROOM, creature("p", "red", (4, 0), template="black_pudding", initiative=20, hp=101),
               creature("hero", "blue", (3, 1), initiative=1, weapon="longsword", bab=10))
    ok, refusal, ev = b.act("p", "move", {"squares": [[5, 0]]}, dice=[15])
    assert ok, refusal
    assert _specials(ev, "split") and b.board().body("p_2").pos == (7, 0)
    assert first(ev, "MovementStopped").reason == "occupied" and b.board().body("p").pos == (4, 0)
