"""Summoning: Summon Nature's Ally I and the druid's spontaneous summons (SRD Summon
Nature's Ally I, "Conjuration (Summoning)", Druid "Spontaneous Casting"; French text,
"lancer un sort": « les druides lançant spontanément des sorts de convocation d'alliés
naturels, peuvent également utiliser la métamagie, au prix d'un temps d'incantation plus
long »)."""
import json

from combat_helpers import battle_text, creature, first, types

from game.content import checkpoint, saves
from game.content.scenario import parse_scenario
from game.engine import Battle
from game.world.components import Conditions, Grapple, HitPoints, Position, Side, Spellcasting, SpellEffects

GRID = "\n".join("." * 14 for _ in range(10))
WALLED = "\n".join(("..#..........." if y in (3, 4, 5) else "." * 14) for y in range(10))
SNA = "summon_natures_ally_i"


def druid_text(spells=(SNA,), level=1, feats=(), grid=GRID, foes=None, **kw) -> str:
    c = dict(initiative=20, wis=14, hp=12, caster_class="druid", caster_level=level, spells=list(spells),
             feats=list(feats))
    c.update(kw)
    foes = foes if foes is not None else [creature("orc", "red", (9, 4), initiative=10, hp=30, weapon="greataxe")]
    return battle_text(grid, creature("vadania", "blue", (1, 4), **c), *foes)


def druid(*args, **kw) -> Battle:
    return Battle(parse_scenario(druid_text(*args, **kw), "test.toml"))


def summon(b, creature_id="wolf", point=(3, 4), **args):
    return b.act("vadania", "cast", {"spell": SNA, "creature": creature_id, "point": list(point), **args})


def next_round(b):
    """End the druid's turn and the orc's: the druid's next turn begins."""
    b.act("vadania", "end_turn")
    _ok, _, ev = b.act("orc", "end_turn")
    return ev


def test_the_creature_appears_where_designated_as_the_one_round_casting_ends():
    # "It appears where you designate"; casting time 1 round: "Le sort prend effet le round
    # suivant, juste avant le tour de jeu du personnage".
    b = druid()
    ok, _, ev = summon(b)
    assert ok and first(ev, "SpellCast").outcome == "pending"
    assert first(ev, "ActionTaken").kind == "full_round"
    assert b.ids == ["vadania", "orc"]                       # nothing yet
    ev = next_round(b)
    names = types(ev)
    assert names.index("CreatureSummoned") < names.index("TurnStarted")     # before the druid's turn
    came = first(ev, "CreatureSummoned")
    assert (came.creature, came.at, came.caster) == ("wolf", (3, 4), "vadania")
    wolf = came.who
    assert b.read(wolf, Position).square == (3, 4) and b.read(wolf, Side).name == "blue"
    assert b.read(wolf, HitPoints).maximum == 13                         # the bestiary's wolf
    assert b.turn == "vadania"
    assert b.spec(wolf).name_in("fr") == "Loup (vadania)" and b.spec(wolf).name_in("en") == "Wolf (vadania)"


def test_a_second_one_of_a_kind_is_numbered_and_comes_after_the_first():
    b = druid(spells=[SNA, SNA], level=3)
    summon(b)
    next_round(b)
    ok, _, _ = summon(b, point=(3, 5))
    assert ok
    for who in ("vadania", "vadania_wolf", "orc"):
        b.act(who, "end_turn")
    assert b.order == ["vadania", "vadania_wolf", "vadania_wolf_2", "orc"]
    assert b.spec("vadania_wolf_2").name_in("en") == "Wolf 2 (vadania)"


def test_it_acts_right_after_its_caster_each_round():
    # "acts immediately, on your turn": its turn comes right after the caster's.
    b = druid()
    summon(b)
    next_round(b)
    wolf = "vadania_wolf"
    assert b.order == ["vadania", wolf, "orc"]
    _ok, _, ev = b.act("vadania", "end_turn")
    assert first(ev, "TurnStarted").who == wolf
    ok, _, _ = b.act(wolf, "move", {"squares": [[4, 4], [5, 4], [6, 4], [7, 4], [8, 4]]})
    assert ok
    _ok, _, ev = b.act(wolf, "end_turn")
    assert first(ev, "TurnStarted").who == "orc"


def test_it_goes_away_after_one_round_a_level():
    # Duration 1 round/level: at 1st level it acts once, and is gone at the caster's next turn.
    b = druid()
    summon(b)
    next_round(b)                                              # round 2: it appears
    assert b.has("vadania_wolf")
    b.act("vadania", "end_turn")
    b.act("vadania_wolf", "end_turn")
    _ok, _, ev = b.act("orc", "end_turn")                      # round 3: the druid's turn begins
    gone = first(ev, "SummonGone")
    assert (gone.who, gone.reason) == ("vadania_wolf", "duration")
    assert not b.has("vadania_wolf") and b.order == ["vadania", "orc"] and b.turn == "vadania"
    assert "vadania_wolf" not in b.state()["creatures"]


def test_at_third_level_it_stays_three_rounds():
    b = druid(level=3)
    summon(b)
    next_round(b)                                              # round 2
    for _ in range(2):                                         # rounds 3 and 4: still there
        b.act("vadania", "end_turn")
        b.act("vadania_wolf", "end_turn")
        ev = b.act("orc", "end_turn")[2]
        assert "SummonGone" not in types(ev)
    b.act("vadania", "end_turn")
    b.act("vadania_wolf", "end_turn")
    ev = b.act("orc", "end_turn")[2]                           # round 5
    assert first(ev, "SummonGone").who == "vadania_wolf"


def test_killed_it_goes_away_at_zero_hit_points():
    # "A summoned creature also goes away if it is killed or if its hit points drop to 0 or lower."
    b = druid(foes=[creature("orc", "red", (4, 4), initiative=10, hp=30, weapon="greataxe")])
    summon(b)
    next_round(b)
    b.act("vadania", "end_turn")
    b.comp("vadania_wolf", HitPoints).current = 1
    b.act("vadania_wolf", "end_turn")
    ok, _, ev = b.act("orc", "attack", {"target": "vadania_wolf"}, dice=[15, 3, 3])
    assert ok and first(ev, "SummonGone").reason == "killed"
    assert not b.has("vadania_wolf") and "vadania_wolf" not in b.order


def test_a_square_out_of_range_occupied_or_out_of_line_of_effect_is_refused():
    b = druid()
    before = b.state()
    for point, code in (((8, 4), "SPELL_OUT_OF_RANGE"),        # close at 1st level: 7.5 m (5 squares)
                        ((1, 4), "SQUARE_OCCUPIED"),
                        ((-1, 4), "SUMMON_NO_FOOTING")):
        ok, refusal, _ = summon(b, point=point)
        assert not ok and refusal.code == code
    ok, refusal, _ = summon(b, creature_id="ogre")
    assert not ok and refusal.code == "NOT_ON_THE_SUMMON_LIST"
    assert b.state() == before and b.read("vadania", Spellcasting).prepared == [SNA]
    walled = druid(grid=WALLED)
    ok, refusal, _ = summon(walled, point=(4, 4))
    assert not ok and refusal.code == "NO_LINE_OF_EFFECT"


def test_the_druid_loses_a_prepared_spell_to_summon():
    # SRD Druid: "She can 'lose' a prepared spell in order to cast any summon nature's ally
    # spell of the same level or lower."
    b = druid(spells=["cure_light_wounds"])
    ok, _, ev = summon(b, spontaneous_from="cure_light_wounds")
    assert ok and first(ev, "SpellCast").outcome == "pending"
    assert b.read("vadania", Spellcasting).prepared == []
    next_round(b)
    assert b.has("vadania_wolf")
    cleric = druid(spells=["bless"], caster_class="cleric")
    ok, refusal, _ = cleric.act("vadania", "cast", {"spell": SNA, "creature": "wolf", "point": [3, 4],
                                                  "spontaneous_from": "bless"})
    assert not ok and refusal.code == "NOT_SPONTANEOUS"
    b = druid(spells=["flaming_sphere"])
    ok, refusal, _ = b.act("vadania", "cast", {"spell": "cure_light_wounds", "target": "vadania",
                                               "spontaneous_from": "flaming_sphere"})
    assert not ok and refusal.code == "NOT_SPONTANEOUS"        # a druid converts to summons only


def test_metamagic_on_a_converted_summon_takes_a_longer_casting():
    # « peuvent également utiliser la métamagie, au prix d'un temps d'incantation plus long »:
    # a spell of 1 round gets a full-round action more.
    b = druid(spells=["cure_light_wounds", "flaming_sphere"], feats=["extend_spell"], level=3)
    ok, refusal, _ = summon(b, spontaneous_from="cure_light_wounds", metamagic=["extend_spell"])
    assert not ok and refusal.code == "SLOT_TOO_LOW"           # extended: a 2nd-level spell
    ok, _, ev = summon(b, spontaneous_from="flaming_sphere", metamagic=["extend_spell"])
    assert ok and first(ev, "SpellCast").outcome == "pending"
    ev = next_round(b)
    started = ev[types(ev).index("RoundStarted"):]
    assert first(started, "ActionTaken").kind == "full_round"   # its new turn goes to the spell
    assert first(started, "SpellCast").outcome == "completed"
    assert first(started, "CreatureSummoned").ends == b.round + 6          # 3 rounds a level, doubled
    ok, refusal, _ = b.act("vadania", "move", {"squares": [[1, 5]]})
    assert not ok and refusal.code == "NO_MOVE_ACTION_LEFT"


def test_check_and_preview_leave_no_creature_behind():
    b = druid()
    summon(b)
    b.act("vadania", "end_turn")
    before, ids = b.state(), list(b.ids)
    assert b.check("orc", "end_turn") is None
    b.preview("orc", "end_turn")
    b.odds("orc", "end_turn")
    assert b.state() == before and b.ids == ids and not b.has("vadania_wolf")
    b.act("orc", "end_turn")
    assert b.has("vadania_wolf")
    # and a preview of the blow that would kill it leaves it there
    b.act("vadania", "end_turn")
    b.comp("vadania_wolf", HitPoints).current = 1
    b.act("vadania_wolf", "move", {"squares": [[4, 4], [5, 4], [6, 4], [7, 4], [8, 4]]})
    b.act("vadania_wolf", "end_turn")
    before = b.state()
    b.preview("orc", "attack", {"target": "vadania_wolf"})
    b.odds("orc", "attack", {"target": "vadania_wolf"})
    assert b.state() == before and b.has("vadania_wolf")


def test_a_refused_action_after_the_summon_rolls_back_its_going():
    b = druid()
    summon(b)
    next_round(b)
    b.act("vadania", "end_turn")
    b.act("vadania_wolf", "end_turn")
    snap = b.snapshot()
    b.act("orc", "end_turn")                       # round 3: the wolf goes away
    assert not b.has("vadania_wolf")
    b.restore(snap)
    assert b.has("vadania_wolf") and b.order == ["vadania", "vadania_wolf", "orc"] and b.turn == "orc"
    ok, _, _ = b.act("orc", "end_turn")
    assert ok and not b.has("vadania_wolf")


def test_a_save_keeps_the_summoned_creature_and_its_rounds(tmp_path):
    text = druid_text(level=3)
    b = Battle(parse_scenario(text, "test.toml"))
    summon(b, creature_id="dire_rat")
    next_round(b)
    rat = "vadania_dire_rat"
    kept = b.read(rat, SpellEffects).summoned
    path = saves.save_battle(b, tmp_path / "save.json", scenario_text=text)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert rat in doc["state"]["ids"]
    fresh = Battle(b.scenario)
    checkpoint.restore(fresh, doc["state"], doc["commands"])    # the checkpoint itself, not a replay
    fast, slow = saves.load_save(path).battle, saves.load_save(path, replay=True).battle
    for loaded in (fresh, fast, slow):
        assert loaded.read(rat, SpellEffects).summoned == kept
        assert loaded.order == b.order
    assert fresh.state() == fast.state() == slow.state() == b.state()
    for loaded in (fresh, fast, slow):
        loaded.act("vadania", "end_turn")
        assert loaded.turn == rat                              # it still acts after its caster
        loaded.act(rat, "end_turn")
        loaded.act("orc", "end_turn")
        assert loaded.has(rat)                                 # round 3 of 4: still there


def test_the_computer_druid_summons_and_both_sides_play_it_out_with_no_refused_command():
    # "It attacks your opponents to the best of its ability": the druid's side controls it.
    from game.ai.controllers import make_controller, play_turn
    foes = [creature("orc", "red", (12, 4), initiative=10, hp=12, weapon="club", speed=6),
            creature("orc2", "red", (13, 6), initiative=9, hp=12, weapon="club", speed=6)]
    b = druid(spells=["cure_light_wounds", SNA], level=3, foes=foes)
    ai = make_controller("ai:normal")
    first_choice = ai.decide(b, "vadania")
    assert first_choice.command.action == "cast" and first_choice.command.spell == SNA
    summoned_turns = 0
    while b.winner is None and b.turn is not None and b.round <= 12:
        who = b.turn
        summoned_turns += who.startswith("vadania_")
        play_turn(b, who, make_controller("ai:normal", 1))      # raises on any refused command
    assert summoned_turns >= 1


def test_struck_down_on_its_own_turn_its_turn_passes_to_the_next():
    # It "goes away if it is killed": an attack of opportunity as it moves ends its turn too.
    b = druid(foes=[creature("orc", "red", (5, 4), initiative=10, hp=30, weapon="greataxe")])
    summon(b)
    next_round(b)
    b.act("vadania", "end_turn")
    b.comp("vadania_wolf", HitPoints).current = 1
    ok, _, ev = b.act("vadania_wolf", "move", {"squares": [[4, 3], [5, 3], [6, 3]]}, dice=[15, 3, 3])
    assert ok and first(ev, "SummonGone").reason == "killed"
    assert not b.has("vadania_wolf") and b.turn == "orc"
    assert types(ev).index("SummonGone") < types(ev).index("TurnStarted")


def test_a_grapple_with_it_ends_as_it_goes():
    b = druid()
    summon(b)
    next_round(b)
    wolf = "vadania_wolf"
    for a, z in ((wolf, "orc"), ("orc", wolf)):
        b.comp(a, Grapple).holding = {z}
        b.comp(a, Conditions).ids.add("grappling")
    b.comp("orc", Grapple).pinning = wolf
    b.comp(wolf, HitPoints).current = 0
    ok, _, ev = b.act("vadania", "end_turn")
    assert ok and first(ev, "SummonGone").who == wolf
    assert b.read("orc", Grapple).holding == set() and b.read("orc", Grapple).pinning is None
    assert "grappling" not in b.read("orc", Conditions).ids
