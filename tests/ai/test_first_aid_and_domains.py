"""The tactical player gives first aid and uses its domain's turning (issue 12, item 2:
"cures on the hurt", "turns undead"), each in a small scenario where the sensible choice is
clear, and one where first aid would be folly. Every choice is one the engine passes."""
from __future__ import annotations

from harness import battle, creature, play

from game.ai.controllers import make_controller, play_turn
from game.world import commands as C
from game.world.components import HitPoints, Stats, TurnUses
from game.world.damage import sync_health

FIELD = "\n".join("." * 14 for _ in range(7))


def decide(b, who, level="normal"):
    decision = make_controller(f"ai:{level}").decide(b, who)
    assert decision is not None
    assert b.check(decision.command) is None          # only what the engine offers
    return decision


def dying(b, cid, hp=-3):
    b.comp(cid, HitPoints).current = hp
    sync_health(b, cid)
    assert "dying" in b.board().body(cid).conditions


def healer(*others, at=(2, 3), hp=14, **kw):
    return battle(FIELD, creature("jozan", "blue", at, initiative=20, hp=hp, wis=14, heal=4, weapon="heavy_mace", **kw),
                  *others)


# --------------------------------------------------------------------------- first aid

def test_first_aid_to_a_friend_dying_at_its_feet_with_no_foe_near():
    b = healer(creature("tordek", "blue", (3, 3), initiative=5, hp=12),
               creature("orc", "red", (13, 6), initiative=1, hp=10, weapon="greataxe"))
    dying(b, "tordek")
    for level in ("easy", "normal", "hard"):
        d = decide(b, "jozan", level)
        assert isinstance(d.command, C.FirstAid) and d.command.target == "tordek", (level, d)
    d = decide(b, "jozan")
    assert d.params["chance"] == 60 and d.params["aoo"] == 0        # d20 + 2 (Wis) + 4 ranks >= 15
    assert d.explain("en", {"tordek": "Tordek"}).startswith("first aid to Tordek, dying")
    assert d.explain("fr", {"tordek": "Tordek"}).startswith("premiers secours à Tordek, mourant")
    ok, _refusal, events = b.act(d.command, dice=[15])
    assert ok and "stable" in b.board().body("tordek").conditions


def test_no_first_aid_for_a_stable_friend_nor_for_a_dying_foe():
    b = healer(creature("tordek", "blue", (3, 3), initiative=5, hp=12),
               creature("orc", "red", (2, 4), initiative=1, hp=10, weapon="greataxe"),
               creature("far_orc", "red", (13, 6), initiative=1, hp=10))
    dying(b, "orc")                                   # the foe at its feet bleeds out: its own affair
    b.comp("tordek", HitPoints).current, b.comp("tordek", HitPoints).stable = -2, True
    sync_health(b, "tordek")
    assert b.options("jozan")["first_aid"].legal        # the engine would allow it on the foe
    assert not isinstance(decide(b, "jozan").command, C.FirstAid)


def test_it_walks_to_a_dying_friend_then_gives_first_aid():
    b = healer(creature("tordek", "blue", (6, 3), initiative=5, hp=12),
               creature("orc", "red", (13, 6), initiative=1, hp=10, weapon="greataxe"))
    dying(b, "tordek")
    assert not b.options("jozan")["first_aid"].legal    # not next to it yet
    d = decide(b, "jozan")
    assert isinstance(d.command, C.Move) and d.why == "WHY_TO_THE_DYING"
    assert d.explain("en", {"tordek": "Tordek"}) == "goes to Tordek, dying, to give first aid"
    b.act(d.command)
    then = decide(b, "jozan")
    assert isinstance(then.command, C.FirstAid) and then.command.target == "tordek"


ROOM = """
####
#..#
#..#
####
"""


def cornered(healer_hp: int, weapon: str):
    """A room with no way out: the healer, its friend dying at -9 beside it (it dies at the
    next hit point lost, the aid at its most urgent) and a foe next to both that its mace
    cannot hurt (AC 40). Staying costs the foe's blows whatever it does; first aid adds the
    attack of opportunity it provokes."""
    b = battle(ROOM, creature("jozan", "blue", (1, 1), initiative=20, hp=20, wis=14, heal=4, weapon="heavy_mace"),
               creature("tordek", "blue", (2, 1), initiative=5, hp=12),
               creature("brute", "red", (1, 2), initiative=25, hp=30, bab=6, str=18, ac=40, weapon=weapon))
    dying(b, "tordek", -9)
    b.comp("jozan", HitPoints).current = healer_hp
    b.act("brute", "end_turn")                         # no longer flat-footed: it threatens
    assert b.turn == "jozan"
    return b


def test_no_first_aid_next_to_a_foe_whose_attack_of_opportunity_would_drop_it():
    b = cornered(3, "greataxe")                        # 3 hit points left; a greataxe hit deals 1d12+6
    offered = b.options("jozan")["first_aid"]
    assert offered.legal and offered.domain["targets"] == ["tordek"]     # the engine offers it ...
    seen = b.preview(C.FirstAid("jozan", target="tordek"))
    assert [taker for taker, _p, _at in seen.recorder.opportunities] == ["brute"]   # ... and it provokes
    for level in ("easy", "normal", "hard"):
        d = decide(b, "jozan", level)
        assert not isinstance(d.command, C.FirstAid), (level, d)


def test_first_aid_all_the_same_when_the_attack_of_opportunity_is_a_dagger_it_can_take():
    b = cornered(20, "dagger")                         # unhurt, and a dagger's blow cannot drop it
    d = decide(b, "jozan")
    assert isinstance(d.command, C.FirstAid) and d.params["aoo"] == 1
    names = {"tordek": "Tordek"}
    assert d.explain("en", names) == "first aid to Tordek, dying (1 attack of opportunity): 60 % to succeed"
    from game.ui.why_words import worded               # as the window's log says it
    assert worded(b, d.why, d.params, "en", names) == "first aid to Tordek, dying (one attack of opportunity): a fair chance"
    assert worded(b, d.why, d.params, "fr", names) == ("premiers secours à Tordek, mourant (une attaque d'opportunité)"
                                                       " : une chance raisonnable")


def test_a_battle_with_dying_friends_plays_to_its_end_with_no_refused_command():
    b = healer(creature("tordek", "blue", (3, 3), initiative=5, hp=12),
               creature("ally", "blue", (2, 2), initiative=4, hp=12),
               creature("orc", "red", (10, 3), initiative=1, hp=14, weapon="greataxe"),
               creature("orc2", "red", (11, 4), initiative=2, hp=14, weapon="greataxe"))
    dying(b, "tordek", -1)
    seen = []
    won = play(b, {"blue": make_controller("ai:normal"), "red": make_controller("ai:normal")},
               on_decision=lambda d, _ev: seen.append(d.why))
    assert won in ("blue", "red", "draw") and "WHY_FIRST_AID" in seen


# --------------------------------------------------------------------------- domain turning

def shrine(*domains, foes, level=3, cha=12, at=(2, 3), friends=()):
    cleric = creature("cleric", "blue", at, initiative=20, cha=cha, cleric_level=level, hp=20, weapon="heavy_mace",
                      domains=list(domains))
    others = [creature(f"e{i}", "red", (7 + i, 2 + i), template=t, weapon="slam", initiative=10 - i)
              for i, t in enumerate(foes)]
    allies = [creature(f"f{i}", "blue", (1, 5 - i), template=t, weapon="slam", initiative=1)
              for i, t in enumerate(friends)]
    return battle(FIELD, cleric, *others, *allies)


def test_a_fire_cleric_turns_the_water_elementals_it_faces():
    b = shrine("fire", foes=["water_elemental_small", "water_elemental_small"])
    d = decide(b, "cleric")
    assert d.command == C.TurnCreatures("cleric", kind="water") and d.params["count"] == 2
    assert d.explain("en") == "turns water creatures by its domain: 2 within 60 ft"
    assert d.explain("fr") == "repousse les créatures de l'Eau par son domaine : 2 à moins de 18 m"
    ok, _refusal, _events = b.act(d.command, dice=[15, 3, 3])
    assert ok and all("turned" in b.board().body(e).conditions for e in ("e0", "e1"))


def test_a_fire_cleric_rebukes_the_fire_elementals_it_faces():
    b = shrine("fire", foes=["fire_elemental_small", "fire_elemental_small"])
    d = decide(b, "cleric")
    assert d.command == C.RebukeCreatures("cleric", kind="fire")
    assert d.explain("fr").startswith("intimide les créatures du Feu")


def test_each_kind_its_power_a_water_cleric_turns_fire():
    b = shrine("water", foes=["fire_elemental_small"], level=4)    # twice its 2 Hit Dice: destroyed
    d = decide(b, "cleric")
    assert d.command == C.TurnCreatures("cleric", kind="fire")
    b.act(d.command, dice=[10, 2, 2])
    assert "dead" in b.board().body("e0").conditions


def test_no_domain_turning_when_it_would_catch_a_friend_of_the_kind():
    b = shrine("fire", foes=["fire_elemental_small"], friends=["fire_elemental_small"])
    assert b.options("cleric")["rebuke_creatures"].legal
    d = decide(b, "cleric")
    assert not isinstance(d.command, C.RebukeCreatures)


def test_no_domain_turning_without_its_kind_in_reach_or_with_no_use_left():
    b = shrine("fire", foes=["fire_elemental_small"], at=(2, 3))
    b.comp("e0", Stats).values["hd"] = 20                # beyond any check's table: no reason to spend the action
    assert not isinstance(decide(b, "cleric").command, C.RebukeCreatures)
    spent = shrine("fire", foes=["water_elemental_small"], cha=10)
    spent.comp("cleric", TurnUses).domain_used["fire"] = 3   # 3 + 0 a day, all spent: the engine offers none
    assert not spent.options("cleric")["turn_creatures"].legal
    assert not isinstance(decide(spent, "cleric").command, C.TurnCreatures)


def test_a_turned_elemental_is_not_turned_again_and_the_turn_plays_through():
    b = shrine("fire", foes=["water_elemental_small"])
    played = play_turn(b, "cleric", make_controller("ai:normal"))
    assert played and isinstance(played[0].command, C.TurnCreatures)
    assert not any(isinstance(d.command, C.TurnCreatures) for d in played[1:])
