"""The tactical player's behaviours (issue 12, item 2), each in a small scenario where the
sensible choice is clear. Every choice is also checked to be one the engine passes."""
from __future__ import annotations

from harness import battle, creature

from game.ai.controllers import make_controller
from game.world import commands as C, views

OPEN = "\n".join("." * 12 for _ in range(7))


def decide(b, who, level="normal"):
    decision = make_controller(f"ai:{level}").decide(b, who)
    assert decision is not None
    assert b.check(decision.command) is None          # only what the engine offers
    return decision


def test_focuses_the_most_hurt_foe():
    b = battle(OPEN, creature("ai", "blue", (5, 3), initiative=20, bab=4, str=14, hp=20),
               creature("whole", "red", (4, 3), hp=20), creature("hurt", "red", (6, 3), hp=20))
    from game.world.components import HitPoints
    b.comp("hurt", HitPoints).current = 3
    d = decide(b, "ai")
    if isinstance(d.command, C.FiveFootStep):          # a step away from the other one first is fine
        b.act(d.command)
        d = decide(b, "ai")
    assert isinstance(d.command, C.FullAttack) and d.command.targets[0].target == "hurt"
    assert "the most hurt, Lidda" in d.explain("en", {"hurt": "Lidda"})


def test_takes_a_five_foot_step_rather_than_provoke():
    # A foe it can hardly hit is next to it; a nearly dropped one stands two squares away.
    b = battle(OPEN, creature("ai", "blue", (5, 3), initiative=20, bab=4, str=14, hp=20),
               creature("wall", "red", (4, 3), hp=20, ac=35, bab=6, initiative=25),
               creature("prey", "red", (7, 3), hp=2))
    b.act("wall", "end_turn")                 # no longer flat-footed: it threatens
    d = decide(b, "ai")
    assert isinstance(d.command, C.FiveFootStep)
    assert d.explain("en").startswith("5-ft step rather than a move that would provoke 1 attack of opportunity")
    b.act(d.command)
    follow = decide(b, "ai")
    assert isinstance(follow.command, C.FullAttack) and follow.command.targets[0].target == "prey"


def test_withdraws_when_badly_hurt_instead_of_provoking():
    b = battle(OPEN, creature("ai", "blue", (5, 3), initiative=20, hp=20),
               creature("brute", "red", (4, 3), hp=30, bab=6, weapon="greataxe", str=18))
    from game.world.components import HitPoints
    b.comp("ai", HitPoints).current = 4
    d = decide(b, "ai")
    assert isinstance(d.command, C.Withdraw)
    assert views.path(b, "ai", d.command.squares[-1], "withdraw").provokes == ()
    assert d.explain("fr").startswith("se replie")


def test_a_reach_creature_stays_at_reach():
    b = battle(OPEN, creature("ai", "blue", (1, 3), initiative=20, weapon="longspear", hp=20),
               creature("foe", "red", (6, 3), hp=20))
    d = decide(b, "ai")
    end = d.command.end if isinstance(d.command, C.Charge) else d.command.squares[-1]
    b.act(d.command)
    assert min(abs(end[0] - 6), abs(end[1] - 3)) >= 0 and max(abs(end[0] - 6), abs(end[1] - 3)) == 2


def test_moves_to_flank_with_an_ally():
    b = battle(OPEN, creature("ai", "blue", (6, 0), initiative=20, hp=20),
               creature("friend", "blue", (2, 3), initiative=1, hp=20, weapon="longsword"),
               creature("foe", "red", (3, 3), initiative=2, hp=20, weapon="longsword"))
    d = decide(b, "ai")
    b.act(d.command)
    assert views.aim(b, "ai", "foe").flanking == ("friend",)


LANE = """
############
............
############
"""


def test_charges_down_a_clear_lane():
    b = battle(LANE, creature("ai", "blue", (0, 1), initiative=20, hp=20), creature("foe", "red", (10, 1), hp=20))
    d = decide(b, "ai")
    assert isinstance(d.command, C.Charge) and d.command.target == "foe"
    assert d.explain("en").startswith("charges foe down a clear lane")


def test_never_charges_through_a_refused_lane():
    b = battle(LANE.replace("............", ".....~......"),
               creature("ai", "blue", (0, 1), initiative=20, hp=20), creature("foe", "red", (10, 1), hp=20))
    assert not views.charge(b, "ai", "foe").legal        # difficult ground on the lane
    d = decide(b, "ai")
    assert not isinstance(d.command, C.Charge)


def test_trips_a_foe_it_can_hardly_wound():
    b = battle(OPEN, creature("ai", "blue", (5, 3), initiative=20, str=20, bab=6, hp=30, feats=["improved_trip"]),
               creature("foe", "red", (6, 3), hp=30, ac=35, str=6, dex=8, bab=6, weapon="greataxe"))
    d = decide(b, "ai")
    assert isinstance(d.command, C.Trip) and d.command.target == "foe"


def test_bull_rushes_a_foe_off_a_hurt_friend():
    from game.world.components import HitPoints
    b = battle(OPEN, creature("ai", "blue", (5, 3), initiative=20, str=22, bab=6, hp=30, feats=["improved_bull_rush"]),
               creature("friend", "blue", (7, 3), initiative=1, hp=30),
               creature("foe", "red", (6, 3), hp=30, ac=35, str=6, bab=6, weapon="greataxe", stable=True))
    b.comp("friend", HitPoints).current = 5
    d = decide(b, "ai")
    assert isinstance(d.command, (C.BullRush, C.Trip)) and d.command.target == "foe"


GRID = "\n".join("." * 12 for _ in range(9))


def test_splash_goes_at_the_cluster_never_its_own_side():
    from game.world.components import Hands
    b = battle(GRID, creature("ai", "blue", (1, 4), initiative=20, inventory=["alchemists_fire"] * 2, hp=20),
               creature("friend", "blue", (3, 1), initiative=1, hp=20),
               creature("near_friend", "red", (3, 2), hp=20),
               creature("pair_a", "red", (3, 6), hp=20), creature("pair_b", "red", (4, 6), hp=20))
    b.comp("ai", Hands).holding = "alchemists_fire"
    d = decide(b, "ai")
    assert isinstance(d.command, C.ThrowSplash) and d.command.target in ("pair_a", "pair_b")


def test_no_splash_where_its_own_side_would_be_caught():
    from game.world.components import Hands
    b = battle(GRID, creature("ai", "blue", (1, 4), initiative=20, inventory=["alchemists_fire"], hp=20),
               creature("friend", "blue", (3, 3), initiative=1, hp=20), creature("foe", "red", (3, 4), hp=20))
    b.comp("ai", Hands).holding = "alchemists_fire"
    d = make_controller("ai:normal").decide(b, "ai")
    assert d is None or not isinstance(d.command, C.ThrowSplash)


def test_splash_at_the_far_corner_when_a_friend_fights_the_foes():
    """A friend beside both foes rules out a throw at either (its splash would catch the
    friend); the corner of their squares away from the friend splashes the two and not
    it — at AC 5, where their armour (AC 30) turns the sword and the touch of a flask."""
    from game.world.components import Hands
    b = battle(GRID, creature("ai", "blue", (1, 4), initiative=20, inventory=["alchemists_fire"] * 2, hp=20),
               creature("friend", "blue", (3, 7), initiative=1, hp=20),
               creature("pair_a", "red", (3, 6), hp=20, ac=30), creature("pair_b", "red", (4, 6), hp=20, ac=30))
    b.comp("ai", Hands).holding = "alchemists_fire"
    d = decide(b, "ai")
    assert isinstance(d.command, C.ThrowSplash) and d.command.target is None
    reach = views.flask_reach(b, "ai", intersection=d.command.intersection)
    assert set(reach.hit) == {"pair_a", "pair_b"} and "friend" not in reach.hit
    assert "2 enemies splashed, none of its own side" in d.explain("en", {})


def test_a_flask_in_the_pack_is_taken_out_then_thrown():
    """The heroes carry their flasks in the pack: the throw is refused until one is taken
    out (a move action). The computer takes it out when the throw it opens is worth it
    (weighed in a dry run with the flask in hand), then throws it with its standard action."""
    b = battle(GRID, creature("ai", "blue", (1, 4), initiative=20, inventory=["alchemists_fire"], hp=20),
               creature("friend", "blue", (3, 7), initiative=1, hp=20),
               creature("pair_a", "red", (3, 6), hp=20, ac=30), creature("pair_b", "red", (4, 6), hp=20, ac=30))
    assert b.options("ai")["throw_splash"].refusal.code == "RETRIEVE_FIRST"
    d = decide(b, "ai")
    assert isinstance(d.command, C.Retrieve) and d.command.item == "alchemists_fire"
    assert "takes Alchemist's fire (flask) out of its pack" in d.explain("en", {})
    ok, refusal, _ = b.act(d.command)
    assert ok, refusal
    d = decide(b, "ai")
    assert isinstance(d.command, C.ThrowSplash) and d.command.item == "alchemists_fire"


def test_holy_water_is_thrown_at_the_undead_only():
    from game.world.components import Hands
    living = battle(GRID, creature("ai", "blue", (1, 4), initiative=20, inventory=["holy_water"], hp=20),
                    creature("orc", "red", (6, 4), hp=20, ac=30))
    living.comp("ai", Hands).holding = "holy_water"
    d = make_controller("ai:normal").decide(living, "ai")
    assert d is None or not isinstance(d.command, C.ThrowSplash)
    undead = battle(GRID, creature("ai", "blue", (1, 4), initiative=20, inventory=["holy_water"], hp=20),
                    creature("zombie", "red", (6, 4), hp=20, ac=30, undead=True))
    undead.comp("ai", Hands).holding = "holy_water"
    d = decide(undead, "ai")
    assert isinstance(d.command, C.ThrowSplash) and d.command.target == "zombie"


def caster(spells, *others, cls="wizard", **kw):
    from game.world.components import Spellcasting
    b = battle(GRID, creature("ai", "blue", (1, 4), initiative=20, wis=14, hp=12, **kw), *others)
    sc = b.comp("ai", Spellcasting)
    sc.prepared.extend(spells)
    sc.caster_level, sc.caster_class = 5, cls
    return b


def test_an_area_spell_where_the_foes_bunch():
    b = caster(["sleep"], creature("a", "red", (8, 4), hp=6), creature("b", "red", (9, 4), hp=6),
               creature("c", "red", (8, 5), hp=6))
    d = decide(b, "ai")
    assert isinstance(d.command, C.Cast) and d.command.spell == "sleep"
    assert "3" in d.explain("en")


def test_a_cure_for_the_hurt_friend():
    from game.world.components import HitPoints
    b = caster(["cure_light_wounds"], creature("friend", "blue", (2, 4), initiative=1, hp=20),
               creature("foe", "red", (11, 8), hp=6), cls="cleric")
    b.comp("friend", HitPoints).current = 4
    d = decide(b, "ai")
    assert isinstance(d.command, C.Cast) and d.command.spell == "cure_light_wounds" and d.command.target == "friend"


def test_a_cleric_turns_the_undead_it_faces():
    from game.world.components import Stats
    b = battle(GRID, creature("ai", "blue", (1, 4), initiative=20, cha=14, weapon="heavy_mace", hp=20),
               *[creature(f"z{i}", "red", (6 + i, 4), weapon="slam", hp=12) for i in range(3)])
    b.comp("ai", Stats).values["cleric_level"] = 3
    for i in range(3):
        b.comp(f"z{i}", Stats).values.update(undead=1, hd=2)
    d = decide(b, "ai")
    assert isinstance(d.command, C.TurnUndead)


CORNER = """
#####
#...#
#...#
#####
"""


def test_total_defense_when_cornered_badly_hurt_and_unable_to_wound():
    from game.world.components import HitPoints
    b = battle(CORNER, creature("ai", "blue", (1, 1), initiative=20, hp=20),
               creature("f1", "red", (2, 1), hp=30, ac=40, bab=6, weapon="greataxe", str=18),
               creature("f2", "red", (1, 2), hp=30, ac=40, bab=6, weapon="greataxe", str=18),
               creature("f3", "red", (2, 2), hp=30, ac=40, bab=6, weapon="greataxe", str=18))
    b.comp("ai", HitPoints).current = 4
    d = decide(b, "ai")
    assert isinstance(d.command, C.TotalDefense) or getattr(d.command, "defensively", False)


def test_the_mindless_do_not_retreat():
    from game.world.components import HitPoints
    b = battle(OPEN, creature("ai", "blue", (5, 3), initiative=20, hp=20, mindless=True, weapon="slam"),
               creature("brute", "red", (4, 3), hp=30, bab=6))
    b.comp("ai", HitPoints).current = 2
    d = decide(b, "ai")
    assert isinstance(d.command, C.FullAttack) and d.why == "WHY_MINDLESS"


def test_an_animal_runs_when_badly_hurt():
    from game.world.components import HitPoints
    b = battle(OPEN, creature("ai", "blue", (5, 3), initiative=20, hp=20, weapon="bite", int=2),
               creature("hunter", "red", (4, 3), hp=30, bab=6))
    b.comp("ai", HitPoints).current = 3
    d = decide(b, "ai", level="hard")
    assert isinstance(d.command, (C.Withdraw, C.Move))
    assert views.path(b, "ai", d.command.squares[-1], "withdraw").provokes == ()


THREE_SIDES = "\n".join("." * 24 for _ in range(9))


def _three_sided(animal: bool):
    """Blue waits far off while red and green fight each other at the other end."""
    beast = dict(int=2) if animal else dict(int=10)
    return battle(THREE_SIDES, creature("ai", "blue", (1, 4), initiative=20, hp=20, **beast),
                  creature("r", "red", (20, 3), hp=20), creature("g", "green", (21, 3), hp=20))


def test_a_careful_side_lets_two_others_fight_and_says_so():
    b = _three_sided(animal=False)
    d = decide(b, "ai")
    assert isinstance(d.command, C.EndTurn) and d.why == "WHY_HOLD_OTHERS_FIGHT"
    assert "wear each other down" in d.explain("en") and "s'user" in d.explain("fr")


def test_an_animal_does_not_wait_for_others_to_tire_it_goes_in():
    """Play-test: wolves stood still on a map with three sides. An animal weighs by instinct
    (issue 12: "animals play as their nature says"): it goes for the foes."""
    b = _three_sided(animal=True)
    d = decide(b, "ai")
    assert not isinstance(d.command, C.EndTurn), d
    before = min(b.board().body("ai").pos[0], 99)
    b.act(d.command)
    assert b.board().body("ai").pos[0] > before          # it closed in


def test_an_animal_with_thinking_friends_keeps_with_their_plan():
    """The gnolls' wolves: an animal whose side has thinking creatures holds with them
    while two other sides fight, and says so; alone it would go in."""
    b = battle(THREE_SIDES, creature("ai", "blue", (1, 4), initiative=20, hp=20, int=2),
               creature("handler", "blue", (1, 6), initiative=19, hp=20, int=8),
               creature("r", "red", (20, 3), hp=20), creature("g", "green", (21, 3), hp=20))
    d = decide(b, "ai")
    assert isinstance(d.command, C.EndTurn) and d.why == "WHY_HOLD_OTHERS_FIGHT"


def test_two_other_sides_not_yet_at_grips_are_no_reason_to_wait():
    """Play-test: with three computer sides on the oak clearing every party held through
    the opening rounds, each waiting for the other two. Sides that are not fighting each
    other (no creature within 3 m of the other side's) are no reason to hold."""
    b = battle(THREE_SIDES, creature("ai", "blue", (1, 4), initiative=20, hp=20, int=10),
               creature("r", "red", (20, 1), hp=20), creature("g", "green", (20, 7), hp=20))
    d = decide(b, "ai")
    assert d.why != "WHY_HOLD_OTHERS_FIGHT", d


def test_tumbles_past_a_foe_to_strike_when_the_checks_are_likely():
    # Digest §4.6: "Move through threatened squares without provoking ... DC 15". A nimble
    # rogue (Tumble +13) beside a brute it can hardly hit strikes a nearly dropped foe three squares off:
    # walking there provokes the brute, tumbling there (85 %) almost never does.
    def fight(ranks):
        b = battle(OPEN, creature("ai", "blue", (5, 3), initiative=20, bab=4, dex=16, tumble=ranks, hp=20),
                   creature("brute", "red", (4, 3), hp=30, ac=30, bab=6, weapon="greataxe", str=18, initiative=25),
                   creature("prey", "red", (8, 3), hp=2))
        b.act("brute", "end_turn")                # no longer flat-footed: it threatens
        return b, decide(b, "ai", "hard")         # the hard player weighs moves beside the blow at hand
    b, d = fight(10)
    assert isinstance(d.command, C.Move) and d.command.tumble == "half"
    assert d.why == "WHY_TUMBLE_STRIKE" and d.explain("en").startswith("tumbles to strike")
    seen = b.preview(d.command)
    assert [p.foe for p in seen.recorder.tumbles] == ["brute"] and seen.recorder.tumbles[0].chance >= 0.75
    _b, plain = fight(1)                          # Tumble +4: 50 %, not worth it
    assert not (isinstance(plain.command, C.Move) and plain.command.tumble)


def test_a_charge_past_a_foe_is_worth_the_chance_of_getting_there_and_says_whom_it_provokes():
    """The play-test's orc charged the wizard along Tordek's reach and fell on the way: a
    blow past a foe is worth only the chance of still standing after that foe's attack of
    opportunity (``rules.odds.drop_chance`` of the engine's planned blow), and the reason
    says whom it provokes."""
    from game.world.components import HitPoints
    wide = "\n".join("." * 16 for _ in range(9))
    b = battle(wide, creature("orc", "red", (14, 4), initiative=20, template="orc"),
               creature("tordek", "blue", (9, 3), initiative=10, template="tordek_1"),
               creature("mialee", "blue", (5, 4), initiative=5, template="mialee_1"))
    d = decide(b, "orc")
    assert isinstance(d.command, C.Charge) and d.command.target == "mialee" and d.params["provoking"] == ["tordek"]
    assert d.explain("en", {"tordek": "Tordek", "mialee": "Mialee"}).endswith(", provoking Tordek")
    assert "en s'exposant à une attaque d'opportunité de Tordek" in d.explain("fr", {"tordek": "Tordek"})
    b.comp("orc", HitPoints).current = 1          # Tordek's blow would all but surely drop it
    d = make_controller("ai:normal").decide(b, "orc")
    assert d is None or not (isinstance(d.command, C.Charge) and d.command.target == "mialee")


def test_after_one_move_it_does_not_move_again_to_strike():
    """Once a move is spent the standard action left can only be another move: no "moves to
    strike" that strikes nothing (the play-test's easy gnoll)."""
    wide = "\n".join("." * 24 for _ in range(7))
    b = battle(wide, creature("g", "red", (1, 3), initiative=20, template="gnoll"),
               creature("f", "blue", (12, 3), initiative=10, template="owlbear"))
    ok, refusal, _ = b.act("g", "move", {"squares": [[2, 3], [3, 3]]})
    assert ok, refusal
    for level in ("easy", "normal", "hard"):
        d = make_controller(f"ai:{level}").decide(b, "g")
        assert d is None or d.why not in ("WHY_MOVE_STRIKE", "WHY_MOVE_FLANK", "WHY_REACH", "WHY_TUMBLE_STRIKE"), level


def test_a_turned_undead_with_no_way_away_cowers_and_says_so():
    from game.world.components import Conditions, TurnUses
    corner = "\n".join(["#####", "#..##", "#.###", "#####"])
    b = battle(corner, creature("wight", "red", (1, 1), initiative=20, template="wight"),
               creature("jozan", "blue", (2, 1), initiative=10, template="jozan_1"))
    b.comp("wight", Conditions).ids.add("turned")
    b.comp("wight", TurnUses).turned_by = "jozan"
    b.changed()
    d = decide(b, "wight")
    assert isinstance(d.command, C.EndTurn) and d.why == "WHY_COWERS"
    assert d.explain("en", {"jozan": "Jozan"}) == "cowers: no way away from Jozan"
