"""The stronger judgement of the tactical player (issue 12, items 2 and 7), each behaviour
in a small scenario where the sensible choice is clear; every choice is one the engine
passes. Then a small seeded sample of whole battles on a shipped map (the long run is
``make simulate-check``)."""
from __future__ import annotations

from pathlib import Path

from harness import battle, creature

from game.ai.controllers import make_controller, play_turn
from game.content.scenario import load_scenario
from game.simulate.play import play_battle
from game.world import commands as C, views
from game.world.components import HitPoints, Spellcasting, Stats

OPEN = "\n".join("." * 14 for _ in range(9))
MAPS = Path(__file__).resolve().parents[2] / "maps"


def decide(b, who, level="normal", player=None):
    decision = (player or make_controller(f"ai:{level}")).decide(b, who)
    if decision is not None:
        assert b.check(decision.command) is None          # only what the engine offers
    return decision


def test_a_badly_hurt_fighter_strikes_when_running_would_not_save_it():
    # One foe with one blow a round, as fast as it is: a withdrawal only trades its blow
    # for the foe's charge next round; the foe is nearly down.
    b = battle(OPEN, creature("ai", "blue", (5, 4), initiative=20, hp=20, bab=4, str=14),
               creature("foe", "red", (6, 4), hp=20, bab=1, weapon="longsword"))
    b.comp("ai", HitPoints).current = 5
    b.comp("foe", HitPoints).current = 4
    b.act("ai", "end_turn")
    b.act("foe", "end_turn")                  # the foe is no longer flat-footed: it threatens
    assert b.turn == "ai"
    d = decide(b, "ai")
    assert isinstance(d.command, (C.FullAttack, C.Attack)), d


ROOM = """
####
#..#
#..#
####
"""


def test_no_total_defense_when_it_can_wound():
    # Two greataxes beside it in a closet (no step gets it away from both); its own blows
    # land now and then: fighting (defensively) beats hiding behind its shield, which turns
    # aside only a fifth of their blows and ends no fight.
    b = battle(ROOM, creature("ai", "blue", (1, 1), initiative=20, hp=20, bab=1, str=12, ac=14),
               creature("f1", "red", (2, 1), hp=12, bab=4, weapon="greataxe", str=16, ac=16),
               creature("f2", "red", (1, 2), hp=12, bab=4, weapon="greataxe", str=16, ac=16))
    for _turn in range(3):
        b.act(b.turn, "end_turn")               # round 2: the foes threaten
    assert b.turn == "ai"
    d = decide(b, "ai")
    assert isinstance(d.command, (C.FullAttack, C.Attack)), d


def test_a_cleric_does_not_turn_undead_beyond_its_power():
    b = battle(OPEN, creature("ai", "blue", (1, 4), initiative=20, cha=12, weapon="heavy_mace", hp=20),
               creature("wight", "red", (7, 4), weapon="slam", hp=30))
    b.comp("ai", Stats).values["cleric_level"] = 1
    b.comp("wight", Stats).values.update(undead=1, hd=12)
    assert b.options("ai")["turn_undead"].legal          # the engine offers it: judgement declines it
    d = decide(b, "ai")
    assert d is None or not isinstance(d.command, C.TurnUndead)


def test_a_wizard_that_has_cast_does_not_walk_into_melee():
    b = battle(OPEN, creature("ai", "blue", (1, 4), initiative=20, int=16, hp=8, weapon="quarterstaff"),
               creature("foe", "red", (9, 4), hp=20))
    sc = b.comp("ai", Spellcasting)
    sc.prepared.extend(["magic_missile", "magic_missile"])
    sc.caster_level, sc.caster_class = 3, "wizard"
    first = decide(b, "ai")
    assert isinstance(first.command, C.Cast) and first.command.spell == "magic_missile"
    b.act(first.command)
    then = decide(b, "ai")
    assert then is None or not isinstance(then.command, (C.Move, C.Charge)), then


COVER = """
......................
......................
......#...............
......................
......................
"""


def test_an_archer_behind_cover_moves_to_a_clear_shot():
    # The foe is behind a pillar, two range increments off: its full attack from here is worth little; a
    # move to a square with a clear line and one shot is worth more.
    b = battle(COVER, creature("ai", "blue", (2, 2), initiative=20, hp=20, bab=2, dex=16, weapon="shortbow"),
               creature("foe", "red", (17, 2), hp=20, ac=14))
    d = decide(b, "ai")
    assert isinstance(d.command, C.Move) and d.why == "WHY_FIRING_SQUARE", d
    before = b.odds(C.Attack("ai", target="foe")).expected_damage
    b.act(d.command)
    assert b.odds(C.Attack("ai", target="foe")).expected_damage > before
    assert "clear shot at foe" in d.explain("en") and "à découvert" in d.explain("fr")


THREE = "\n".join("." * 20 for _ in range(7))


def three_sides():
    """Two other sides locked in a fight at the far end; the AI's side unthreatened."""
    return battle(THREE, creature("ai", "blue", (1, 3), initiative=20, hp=20),
                  creature("red_1", "red", (17, 3), hp=20, initiative=5),
                  creature("green_1", "green", (18, 3), hp=20, initiative=4))


def test_with_two_sides_against_it_it_lets_them_fight_first():
    b = three_sides()
    d = decide(b, "ai")
    assert d is None or not isinstance(d.command, (C.Move, C.Charge)), d


def test_a_side_that_waited_goes_in_after_three_rounds():
    # Nothing happens between the others (they end their turns): a side that waits for
    # ever would stare at them to the end of the battle; it goes in after three rounds.
    b = three_sides()
    player = make_controller("ai:normal")
    moved = None
    for _round in range(6):
        d = decide(b, "ai", player=player)
        if d is not None and isinstance(d.command, (C.Move, C.Charge)):
            moved = b.round
            break
        b.act("ai", "end_turn")
        b.act("red_1", "end_turn")
        b.act("green_1", "end_turn")
    assert moved is not None and moved >= 3


def test_nonlethal_damage_counts_as_hurt_when_it_focuses():
    b = battle(OPEN, creature("ai", "blue", (5, 4), initiative=20, bab=4, str=14, hp=20),
               creature("a_whole", "red", (4, 4), hp=20), creature("b_brawled", "red", (6, 4), hp=20))
    b.comp("b_brawled", HitPoints).nonlethal = 18          # two more points and it drops
    d = decide(b, "ai")
    if isinstance(d.command, C.FiveFootStep):
        b.act(d.command)
        d = decide(b, "ai")
    assert isinstance(d.command, (C.FullAttack, C.Attack))
    target = d.command.targets[0].target if isinstance(d.command, C.FullAttack) else d.command.target
    assert target == "b_brawled"


def test_normal_beats_scripted_on_the_forest_clearing_from_either_party():
    """A small seeded sample of the shipped maps' match-up (the long run is ``make
    simulate-check``): in the forest clearing, three sides, ``ai:normal`` wins as the party
    and as the gnolls, the other sides played by ``scripted``."""
    scenario = load_scenario(MAPS / "forest_clearing.toml")
    won = 0
    battles = [(seed, mine) for seed in (1, 3) for mine in ("blue", "red")]
    for seed, mine in battles:
        controls = {side: "ai:normal" if side == mine else "scripted" for side in ("blue", "green", "red")}
        result = play_battle(scenario, seed, controls, max_rounds=40)
        assert result.refusal is None
        won += result.winner == mine
    assert won >= 3, won          # the judgement before issue 12's strength work won 1 of these 4


FIELD = "\n".join("." * 22 for _ in range(9))


def test_it_does_not_walk_into_the_foes_charge():
    # The foe is out of charge range both ways: the side that closes in first gets charged;
    # it closes in no farther than the foe's charge (twice its speed) and lets it come.
    b = battle(FIELD, creature("ai", "blue", (1, 4), initiative=20, hp=20), creature("foe", "red", (17, 4), hp=20))
    d = decide(b, "ai")
    if d is not None and isinstance(d.command, C.EndTurn):
        assert d.why == "WHY_HOLD", d                  # it lets the foe come, and says so
    elif d is not None:
        assert isinstance(d.command, C.Move), d
        end = d.command.squares[-1]
        assert 17 - end[0] - 1 > 2 * b.board().body("foe").speed_squares, end


DOOR = """
#######
#..+..#
#######
"""


def test_it_opens_the_door_between_it_and_its_foe():
    b = battle(DOOR, creature("ai", "blue", (2, 1), initiative=20, hp=20), creature("foe", "red", (5, 1), hp=20))
    d = decide(b, "ai")
    assert isinstance(d.command, C.OpenDoor) and d.command.at == (3, 1), d
    assert d.explain("en") == "opens the door on the way to foe"


# --- issue 12, item 7: judgement, second pass -------------------------------------------
def test_the_hard_player_strikes_the_foe_that_deals_the_most_first():
    # Two foes beside it in a closet, as healthy and as well armoured: one with a dagger,
    # one with a greataxe and the arm for it. The same blow takes as much off either; off
    # the brute it takes more of the blows the battle will bring.
    b = battle(ROOM, creature("ai", "blue", (1, 1), initiative=20, hp=30, bab=3, str=14),
               creature("a_weak", "red", (2, 1), hp=12, bab=1, weapon="dagger"),
               creature("brute", "red", (1, 2), hp=12, bab=4, str=18, weapon="greataxe"))
    d = decide(b, "ai", "hard")                         # the hard player counts menace
    assert isinstance(d.command, (C.FullAttack, C.Attack)) and d.params["target"] == "brute", d
    assert d.why == "WHY_MENACE" and "deals the most" in d.explain("en") and "le plus de dégâts" in d.explain("fr")
    easy = decide(b, "ai", "easy")                      # the easy player counts the damage alone
    assert easy.params["target"] == "a_weak", easy


WIDE = "\n".join("." * 26 for _ in range(9))


def test_it_closes_in_on_the_foe_a_friend_already_fights():
    # A foe alone a little nearer, another a little farther that its friend already fights:
    # two on one, not each alone against a foe of its own.
    b = battle(WIDE, creature("ai", "blue", (1, 4), initiative=20, hp=20),
               creature("friend", "blue", (20, 1), initiative=1, hp=20),
               creature("alone", "red", (18, 7), initiative=2, hp=20),
               creature("fought", "red", (21, 1), initiative=3, hp=20))
    d = decide(b, "ai")
    assert isinstance(d.command, C.Move) and d.why == "WHY_GANG_UP" and d.params["target"] == "fought", d
    assert "friend already fights" in d.explain("en") and "combat déjà" in d.explain("fr")


def test_a_caster_whose_friends_hold_the_melee_never_turns_bold():
    # A wizard whose only spell cannot reach the foe, rounds without a blow, while its
    # friend fights that foe: the stalemate its boldness is for cannot happen, and it stays
    # out of the foe's reach rather than walk up to club it.
    b = battle(WIDE, creature("ai", "blue", (1, 4), initiative=20, int=16, hp=8, weapon="quarterstaff"),
               creature("friend", "blue", (12, 4), initiative=1, hp=40),
               creature("foe", "red", (13, 4), initiative=2, hp=40))
    sc = b.comp("ai", Spellcasting)
    sc.prepared.extend(["grease"])
    sc.caster_level, sc.caster_class = 1, "wizard"
    player = make_controller("ai:normal")
    for _round in range(5):
        play_turn(b, "ai", player)
        b.act("foe", "end_turn")
        b.act("friend", "end_turn")
        assert b.board().body("ai").pos not in views.threatened(b, "foe"), b.round
