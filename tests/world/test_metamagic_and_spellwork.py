"""Metamagic, spontaneous casting, components in a grapple, concentration spells and
spell-like abilities (French text "lancer un sort", "pouvoirs magiques"; SRD Metamagic
Feats, Grapple, Calm Emotions)."""
import pytest
from combat_helpers import battle, creature, first, types

from game.content.errors import ContentError as ScenarioError
from game.rules import metamagic
from game.world.components import Conditions, Grapple, HitPoints, Spellcasting, SpellLike, Stats, TurnState

GRID = "\n".join("." * 14 for _ in range(10))


def orc(cid="orc", at=(6, 4), **kw):
    o = dict(initiative=10, hp=30, weapon="greataxe", will=0)
    o.update(kw)
    return creature(cid, "red", at, **o)


def mage(spells=(), feats=(), cls="wizard", level=5, foes=(), slots=None, **kw):
    c = dict(initiative=20, int=16, cha=16, wis=14, hp=20, caster_class=cls, caster_level=level,
             spells=list(spells), feats=list(feats))
    if slots is not None:
        c["spell_slots"] = slots
    c.update(kw)
    return battle(GRID, creature("mage", "blue", (1, 4), **c), *(foes or [orc()]))


def grappled(b, who="mage", other="orc"):
    for a, z in ((who, other), (other, who)):
        b.comp(a, Grapple).holding = {z}
        b.comp(a, Conditions).ids.add("grappling")


# --- metamagic, pure ---------------------------------------------------------------------

def test_entries_are_written_one_way_and_levels_add_up():
    assert metamagic.entry_for("sleep", ["silent_spell", "still_spell"]) == "stilled:silent:sleep"
    assert metamagic.parse_entry("stilled:silent:sleep") == ("sleep", ("still_spell", "silent_spell"))
    assert metamagic.levels_added(["still_spell", "empower_spell"]) == 3
    with pytest.raises(ValueError):
        metamagic.parse_entry("stilled:stilled:sleep")
    assert metamagic.components(("V", "S", "M"), ("still_spell",)) == ("V", "M")
    assert metamagic.components(("V", "S"), ("silent_spell", "still_spell")) == ()


def test_empower_and_maximize_follow_the_srd_examples():
    # Empowered magic missile: (1d4 + 1) x 1.5; maximized: 5; both: 5 + half the roll.
    assert metamagic.vary(3, 1, 4, 1, ("empower_spell",)) == 6
    assert metamagic.vary(3, 1, 4, 1, ("maximize_spell",)) == 5
    assert metamagic.vary(3, 1, 4, 1, ("empower_spell", "maximize_spell")) == 5 + 2
    assert metamagic.vary(3, 1, 4, 1, ()) == 4


# --- prepared metamagic --------------------------------------------------------------------

def test_prepared_empowered_missile_and_the_feat_is_required():
    b = mage(["empowered:magic_missile"], feats=["empower_spell"])
    ok, _, ev = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"] * 3,
                                       "metamagic": ["empower_spell"]}, dice=[3, 2, 1])
    assert ok and [e.amount for e in ev if type(e).__name__ == "DamageDealt"] == [6, 4, 3]   # (d4+1) x 1.5
    assert b.comp("mage", Spellcasting).prepared == []
    b = mage(["empowered:magic_missile"])
    ok, refusal, _ = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"], "metamagic": ["empower_spell"]})
    assert not ok and refusal.code == "NO_METAMAGIC_FEAT"
    b = mage(["magic_missile"], feats=["empower_spell"])
    ok, refusal, _ = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"], "metamagic": ["empower_spell"]})
    assert not ok and refusal.code == "SPELL_NOT_READY"        # it prepared the plain spell


def test_silent_spell_is_cast_while_silenced_and_still_spell_in_a_grapple():
    b = mage(["silent:magic_missile"], feats=["silent_spell"], conditions=["silenced"])
    ok, _, ev = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"], "metamagic": ["silent_spell"]},
                      dice=[2, 2, 2])
    assert ok and first(ev, "SpellCast").outcome == "cast"
    b = mage(["stilled:magic_missile", "magic_missile"], feats=["still_spell"], foes=[orc(at=(2, 4))])
    grappled(b)
    ok, refusal, _ = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"]})
    assert not ok and refusal.code == "SPELL_NEEDS_GESTURES"
    b.comp("mage", Stats).values["concentration"] = 10
    ok, _, ev = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"], "metamagic": ["still_spell"]},
                      dice=[15, 1, 1, 1])
    conc = first(ev, "SavingThrow")
    assert ok and conc.kind == "concentration_grapple" and conc.dc == 20 + 1
    assert first(ev, "SpellCast").outcome == "cast" and "AttackRolled" not in types(ev)


def test_enlarged_range_and_extended_duration():
    far = orc(at=(13, 4))
    b = mage(["ray_of_frost"], level=1, foes=[far])                   # close: 5 squares at level 1
    ok, refusal, _ = b.act("mage", "cast", {"spell": "ray_of_frost", "target": "orc"})
    assert not ok and refusal.code == "SPELL_OUT_OF_RANGE"
    b = mage(["enlarged:ray_of_frost"], feats=["enlarge_spell"], level=1, foes=[orc(at=(11, 4))])
    ok, _, _ev = b.act("mage", "cast", {"spell": "ray_of_frost", "target": "orc", "metamagic": ["enlarge_spell"]},
                       dice=[20, 20, 1, 1])
    assert ok
    b = mage(["extended:hold_person"], feats=["extend_spell"], level=5, foes=[orc(will=0)])
    ok, _, _ev = b.act("mage", "cast", {"spell": "hold_person", "target": "orc", "metamagic": ["extend_spell"]},
                       dice=[2])
    from game.world.components import Effects
    held = [e for e in b.comp("orc", Effects).timed if e.condition == "paralyzed"]
    assert ok and held and held[0].until_round == b.round + 10        # 1 round/level, doubled


# --- spontaneous casters -------------------------------------------------------------------

def test_sorcerer_casts_from_slots_and_metamagic_takes_a_full_round():
    b = mage(["magic_missile"], feats=["empower_spell"], cls="sorcerer", slots=[5, 2, 0, 1])
    sc = b.comp("mage", Spellcasting)
    assert sc.known == ["magic_missile"] and sc.prepared == []
    ok, _, ev = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"]}, dice=[1, 1, 1])
    assert ok and first(ev, "ActionTaken").kind == "standard" and sc.slots == [5, 1, 0, 1]
    b.act("mage", "end_turn")
    b.act("orc", "end_turn")
    # Empowered: slot level 3 (the level-2 slots are gone); a full-round action, effect at once.
    ok, _, ev = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"], "metamagic": ["empower_spell"]},
                      dice=[3, 3, 3])
    assert ok and first(ev, "ActionTaken").kind == "full_round" and first(ev, "SpellCast").outcome == "cast"
    assert sc.slots == [5, 1, 0, 0] and first(ev, "DamageDealt").amount == 6
    ok, refusal, _ = b.act("mage", "cast", {"spell": "sleep", "point": [6, 4]})
    assert not ok and refusal.code == "SPELL_NOT_KNOWN"


def test_spontaneous_spells_cannot_be_quickened_and_need_a_slot():
    b = mage(["magic_missile"], feats=["quicken_spell"], cls="sorcerer", slots=[0, 1])
    ok, refusal, _ = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"], "quickened": True})
    assert not ok and refusal.code == "CANNOT_QUICKEN_SPONTANEOUS"
    b.comp("mage", Spellcasting).slots[1] = 0
    ok, refusal, _ = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"]})
    assert not ok and refusal.code == "NO_SLOT"


def test_spontaneous_metamagic_on_a_one_round_spell_adds_a_full_round():
    b = mage(["sleep"], feats=["silent_spell"], cls="sorcerer", level=1, slots=[0, 0, 1],
             foes=[orc(hd=1), orc("far", at=(13, 9))])
    ok, _, ev = b.act("mage", "cast", {"spell": "sleep", "point": [7, 5], "metamagic": ["silent_spell"]})
    assert ok and first(ev, "SpellCast").outcome == "pending"
    b.act("mage", "end_turn")
    b.act("orc", "end_turn")
    ok, _, ev = b.act("far", "end_turn", dice=[1])
    started = ev[[type(e).__name__ for e in ev].index("RoundStarted"):]
    assert first(started, "ActionTaken").kind == "full_round"        # its new turn goes to the spell
    assert first(started, "SpellCast").outcome == "completed" and "asleep" in b.comp("orc", Conditions).ids
    ok, refusal, _ = b.act("mage", "move", {"squares": [[1, 5]]})
    assert not ok and refusal.code == "NO_MOVE_ACTION_LEFT"


def test_cleric_converts_a_prepared_spell_into_a_cure_spell():
    friend = creature("friend", "blue", (2, 4), hp=20, initiative=5)
    b = mage(["bless", "hold_person"], cls="cleric", level=3, foes=[orc(), friend])
    b.comp("friend", HitPoints).current = 5
    ok, refusal, _ = b.act("mage", "cast", {"spell": "cure_moderate_wounds", "target": "friend",
                                            "spontaneous_from": "bless"})
    assert not ok and refusal.code == "SLOT_TOO_LOW"                # a 1st-level spell for a 2nd-level cure
    ok, refusal, _ = b.act("mage", "cast", {"spell": "inflict_light_wounds", "target": "orc",
                                            "spontaneous_from": "bless"})
    assert not ok and refusal.code == "NOT_SPONTANEOUS"             # a good cleric cures
    ok, _, ev = b.act("mage", "cast", {"spell": "cure_moderate_wounds", "target": "friend",
                                       "spontaneous_from": "hold_person"}, dice=[4, 5])
    assert ok and first(ev, "Healed").amount == 4 + 5 + 3            # 2d8 + caster level
    assert b.comp("mage", Spellcasting).prepared == ["bless"]


def test_a_converted_cure_may_be_metamagic_and_takes_a_full_round():
    # "Les prêtres lançant spontanément des sorts de soins ou de blessure … peuvent également
    # utiliser la métamagie, au prix d'un temps d'incantation plus long."
    friend = creature("friend", "blue", (2, 4), hp=20, initiative=5)
    b = mage(["bless", "hold_person"], feats=["still_spell", "empower_spell"], cls="cleric", level=3,
             foes=[orc(), friend])
    b.comp("friend", HitPoints).current = 5
    ok, refusal, _ = b.act("mage", "cast", {"spell": "cure_light_wounds", "target": "friend",
                                            "spontaneous_from": "hold_person", "metamagic": ["empower_spell"]})
    assert not ok and refusal.code == "SLOT_TOO_LOW"                # empowered: a 3rd-level slot
    assert b.comp("mage", Spellcasting).prepared == ["bless", "hold_person"]
    ok, _, ev = b.act("mage", "cast", {"spell": "cure_light_wounds", "target": "friend",
                                       "spontaneous_from": "hold_person", "metamagic": ["still_spell"]}, dice=[4])
    assert ok and first(ev, "ActionTaken").kind == "full_round"      # a standard action made longer
    assert first(ev, "SpellCast").outcome == "cast" and first(ev, "Healed").amount == 4 + 3
    assert b.comp("mage", Spellcasting).prepared == ["bless"]


def test_scenario_refuses_unknown_metamagic_and_bad_slots():
    with pytest.raises(ScenarioError, match="unknown metamagic"):
        mage(["twinned:sleep"])
    with pytest.raises(ScenarioError, match="spell_slots"):
        mage(["sleep"], cls="sorcerer", slots=["two"])
    with pytest.raises(ScenarioError, match="spell_like"):
        battle(GRID, creature("x", "blue", (1, 1)) + '\nspell_like = { nope = 1 }')


# --- a component in hand while grappling --------------------------------------------------

def test_a_material_component_must_be_retrieved_in_a_grapple():
    b = mage(["stilled:grease", "grease"], feats=["still_spell"], foes=[orc(at=(2, 4))])
    grappled(b)
    b.comp("mage", Stats).values["concentration"] = 30
    ok, refusal, _ = b.act("mage", "cast", {"spell": "grease", "point": [5, 5], "metamagic": ["still_spell"]})
    assert not ok and refusal.code == "COMPONENT_NOT_IN_HAND"
    ok, _, ev = b.act("mage", "retrieve_component", {"spell": "grease"})
    assert ok and first(ev, "ActionTaken").kind == "full_round" and "OpposedCheck" not in types(ev)
    assert b.comp("mage", Spellcasting).component_in_hand == "grease"
    b.act("mage", "end_turn")
    b.act("orc", "end_turn")
    ok, _, ev = b.act("mage", "cast", {"spell": "grease", "point": [5, 5], "metamagic": ["still_spell"]}, dice=[5])
    assert ok and first(ev, "SpellCast").outcome == "cast"
    assert b.comp("mage", Spellcasting).component_in_hand is None       # the material is used up


def test_retrieving_a_component_is_refused_outside_a_grapple_when_pinned_or_when_not_needed():
    b = mage(["grease", "magic_missile"])
    ok, refusal, _ = b.act("mage", "retrieve_component", {"spell": "grease"})
    assert not ok and refusal.code == "COMPONENT_ONLY_IN_GRAPPLE"
    grappled(b)
    ok, refusal, _ = b.act("mage", "retrieve_component", {"spell": "magic_missile"})
    assert not ok and refusal.code == "NO_COMPONENT_NEEDED"
    b.comp("mage", Conditions).ids.add("pinned")
    ok, refusal, _ = b.act("mage", "retrieve_component", {"spell": "grease"})
    assert not ok and refusal.code == "PINNED_ONLY_ESCAPE"


# --- concentration: calm emotions -----------------------------------------------------------

def calm_battle(**kw):
    foes = [orc(at=(6, 4)), orc("orc2", at=(7, 5), initiative=9)]
    return mage(["calm_emotions"], cls="cleric", level=3, foes=foes, **kw)


def test_calm_emotions_forbids_violence_while_the_caster_concentrates():
    b = calm_battle()
    ok, _, ev = b.act("mage", "cast", {"spell": "calm_emotions", "point": [7, 5]}, dice=[2, 3])
    assert ok and all("calmed" in b.comp(o, Conditions).ids for o in ("orc", "orc2"))
    b.act("mage", "end_turn")
    ok, refusal, _ = b.act("orc", "attack", {"target": "mage"})
    assert not ok and refusal.code == "CALMED"
    ok, _, _ev = b.act("orc", "move", {"squares": [[5, 4]]})
    assert ok                                                           # moving is not violent
    b.act("orc", "end_turn")
    b.act("orc2", "end_turn")
    ok, _, ev = b.act("mage", "concentrate", {})
    assert ok and first(ev, "ActionTaken").kind == "standard" and "AttackRolled" not in types(ev)
    ok, refusal, _ = b.act("mage", "concentrate", {})
    assert not ok                                                       # once a turn
    b.act("mage", "end_turn")
    assert "calmed" in b.comp("orc", Conditions).ids


def test_calm_emotions_ends_when_the_caster_stops_concentrating():
    b = calm_battle()
    b.act("mage", "cast", {"spell": "calm_emotions", "point": [7, 5]}, dice=[2, 3])
    for who in ("mage", "orc", "orc2"):
        b.act(who, "end_turn")
    ok, _, ev = b.act("mage", "end_turn")                              # no concentration this turn
    assert ok and first(ev, "SpellEnded").reason == "no_concentration"
    assert not any("calmed" in b.comp(o, Conditions).ids for o in ("orc", "orc2"))


def test_aggression_against_a_calmed_creature_breaks_the_spell_for_all():
    ally = creature("ally", "blue", (5, 4), initiative=15, weapon="longsword", bab=3, hp=20)
    b = mage(["calm_emotions"], cls="cleric", level=3, foes=[orc(), orc("orc2", at=(7, 5)), ally])
    ok, _, ev = b.act("mage", "cast", {"spell": "calm_emotions", "point": [7, 5]}, dice=[20, 2, 3])
    assert ok and [e.who for e in ev if type(e).__name__ == "SavingThrow"] == ["ally", "orc", "orc2"]
    assert "calmed" not in b.comp("ally", Conditions).ids           # the ally made its save
    b.act("mage", "end_turn")
    ok, _, ev = b.act("ally", "attack", {"target": "orc"}, dice=[2])
    assert ok and first(ev, "SpellEnded").reason == "aggression"
    assert not any("calmed" in b.comp(o, Conditions).ids for o in ("orc", "orc2"))
    assert b.comp("mage", Spellcasting).maintained is None


def test_damage_to_the_concentrating_caster_calls_for_concentration():
    b = calm_battle()
    b.act("mage", "cast", {"spell": "calm_emotions", "point": [8, 5]}, dice=[2, 3])
    assert "calmed" in b.comp("orc", Conditions).ids
    from game.world.damage import apply_damage
    b.dice.script([20])
    ev = apply_damage(b, "mage", 4, nonlethal=False)
    conc = first(ev, "SavingThrow")
    assert conc.kind == "concentration_damage" and conc.dc == 10 + 4 + 2 and conc.success
    assert b.comp("mage", Spellcasting).maintained is not None
    b.dice.script([1])
    ev = apply_damage(b, "mage", 2, nonlethal=False)
    assert first(ev, "SpellEnded").reason == "distracted" and "calmed" not in b.comp("orc", Conditions).ids


def test_a_second_calm_emotions_ends_the_first():
    b = mage(["calm_emotions", "calm_emotions"], cls="cleric", level=3,
             foes=[orc(at=(6, 2)), orc("orc2", at=(12, 8), initiative=9)])
    b.act("mage", "cast", {"spell": "calm_emotions", "point": [6, 2]}, dice=[2])
    assert "calmed" in b.comp("orc", Conditions).ids and "calmed" not in b.comp("orc2", Conditions).ids
    for who in ("mage", "orc", "orc2"):
        b.act(who, "end_turn")
    ok, _, ev = b.act("mage", "cast", {"spell": "calm_emotions", "point": [12, 8]}, dice=[2])
    assert ok and first(ev, "SpellEnded").reason == "replaced"
    assert "calmed" not in b.comp("orc", Conditions).ids and "calmed" in b.comp("orc2", Conditions).ids


def test_calmed_creatures_take_no_attacks_of_opportunity():
    b = mage(["magic_missile"], level=3, foes=[orc(at=(2, 4))])
    b.comp("orc", Conditions).ids.add("calmed")
    b.changed()
    ok, _, ev = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"]}, dice=[1])
    assert ok and "AttackRolled" not in types(ev)


def test_extend_does_not_lengthen_concentration_and_empower_needs_dice():
    b = mage(["bless"], feats=["empower_spell"], cls="cleric")
    ok, refusal, _ = b.act("mage", "cast", {"spell": "bless", "metamagic": ["empower_spell"]})
    assert not ok and refusal.code == "METAMAGIC_CHANGES_NOTHING"
    with pytest.raises(ScenarioError, match="changes nothing"):
        mage(["extended:calm_emotions"], cls="cleric")
    with pytest.raises(ScenarioError, match="in this order"):
        mage(["silent:stilled:magic_missile"])
    with pytest.raises(ScenarioError, match="chooses metamagic when casting"):
        mage(["stilled:magic_missile"], cls="sorcerer", slots=[0, 1])
    with pytest.raises(ScenarioError, match="needs spell_slots"):
        mage(["magic_missile"], cls="sorcerer")


def test_calmed_creatures_lose_morale_and_fear_modifiers():
    b = calm_battle()
    b.comp("orc", Conditions).ids.update({"blessed", "shaken"})
    b.changed()
    before = b.fighter("orc")
    from game.rules.attack import AttackSituation, attack_bonus
    plain = attack_bonus(before, AttackSituation()).value
    b.comp("orc", Conditions).ids.add("calmed")
    b.changed()
    calmed = attack_bonus(b.fighter("orc"), AttackSituation()).value
    assert calmed == plain - 1 + 2                # no +1 morale from bless, no -2 fear


# --- spell-like abilities ---------------------------------------------------------------------

def test_spell_like_ability_provokes_counts_when_disrupted_and_needs_no_components():
    b = battle(GRID, creature("imp", "blue", (1, 4), initiative=20, cha=14, hd=3, hp=15, conditions=["silenced"]) +
               '\nspell_like = { magic_missile = 2, ray_of_frost = "at_will" }', orc(at=(2, 4)))
    assert b.comp("imp", SpellLike).uses == {"magic_missile": 2, "ray_of_frost": None}
    assert b.comp("imp", SpellLike).caster_level == 3
    # Silenced: a spell-like ability has no verbal component. The orc's attack of opportunity
    # hurts it, and the Concentration check fails: the use is spent anyway.
    ok, _, ev = b.act("imp", "use_spell_like", {"spell": "magic_missile", "targets": ["orc"]},
                      dice=[15, 6, 1])
    assert ok and first(ev, "AttackRolled").attacker == "orc"
    assert first(ev, "SpellCast").outcome == "lost" and b.comp("imp", SpellLike).uses["magic_missile"] == 1
    b.act("imp", "end_turn")
    b.act("orc", "end_turn")
    ok, _, ev = b.act("imp", "use_spell_like", {"spell": "magic_missile", "targets": ["orc", "orc"],
                                                "defensively": True}, dice=[20, 2, 3])
    assert ok and "AttackRolled" not in types(ev) and first(ev, "SavingThrow").dc == 15 + 1
    assert [e.amount for e in ev if type(e).__name__ == "DamageDealt"] == [3, 4]   # two missiles at CL 3
    assert b.comp("imp", SpellLike).uses["magic_missile"] == 0
    b.act("imp", "end_turn")
    b.act("orc", "end_turn")
    ok, refusal, _ = b.act("imp", "use_spell_like", {"spell": "magic_missile", "targets": ["orc"]})
    assert not ok and refusal.code == "SPELL_LIKE_USED_UP"
    ok, refusal, _ = b.act("imp", "use_spell_like", {"spell": "sleep", "point": [3, 4]})
    assert not ok and refusal.code == "NO_SPELL_LIKE"


def test_state_shows_slots_known_spells_charges_and_spell_like_uses():
    b = mage(["magic_missile"], cls="sorcerer", slots=[3, 2])
    shown = b.state()["creatures"]["mage"]
    assert shown["spells_known"] == ["magic_missile"] and shown["spell_slots"] == [3, 2]
    b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"]}, dice=[1, 1, 1])
    assert b.state()["creatures"]["mage"]["spell_slots"] == [3, 1]
    imp = battle(GRID, creature("imp", "blue", (1, 4), hd=2) + '\nspell_like = { sleep = "at_will" }', orc())
    assert imp.state()["creatures"]["imp"]["spell_like"] == {"sleep": None}
    assert "spells" not in imp.state()["creatures"]["orc"]


def test_arcane_spell_failure_in_armour_and_still_spell_avoids_it():
    b = mage(["magic_missile", "stilled:magic_missile"], feats=["still_spell"], armor="chain_shirt")
    ok, _, ev = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"]}, dice=[20])
    assert ok and first(ev, "SpellCast").outcome == "lost"            # 20 on d100: within chain shirt's 20%
    b.act("mage", "end_turn")
    b.act("orc", "end_turn")
    ok, _, ev = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"], "metamagic": ["still_spell"]},
                      dice=[2])
    assert ok and first(ev, "SpellCast").outcome == "cast" and first(ev, "DamageDealt").amount == 3
    cleric = mage(["cure_light_wounds"], cls="cleric", armor="chainmail")
    ok, _, ev = cleric.act("mage", "cast", {"spell": "cure_light_wounds", "target": "mage"}, dice=[3])
    assert ok and first(ev, "Healed").amount == 3 + 5                  # divine spells ignore armour


# --- held charges ------------------------------------------------------------------------------

def test_a_held_charge_keeps_its_metamagic_and_lends_it_to_nothing_else():
    b = mage(["empowered:shocking_grasp", "shocking_grasp"], feats=["empower_spell"], level=1,
             foes=[orc(at=(2, 4))])
    ok, _, ev = b.act("mage", "cast", {"spell": "shocking_grasp", "metamagic": ["empower_spell"],
                                       "defensively": True}, dice=[20])
    assert ok and [e for e in ev if type(e).__name__ == "SpellCast"][-1].outcome == "held"
    b.act("mage", "end_turn")
    b.act("orc", "end_turn")
    # Another casting dissipates the held charge; the plain spell is not empowered.
    ok, _, ev = b.act("mage", "cast", {"spell": "shocking_grasp", "target": "orc", "defensively": True},
                      dice=[20, 15, 4])
    assert ok and first(ev, "SpellEnded").reason == "dissipated"
    assert first(ev, "DamageDealt").amount == 4 and b.comp("mage", Spellcasting).held_charge is None


def test_an_empowered_held_charge_is_empowered_when_delivered():
    b = mage(["empowered:shocking_grasp"], feats=["empower_spell"], level=1, foes=[orc(at=(2, 4))])
    b.act("mage", "cast", {"spell": "shocking_grasp", "metamagic": ["empower_spell"], "defensively": True}, dice=[20])
    b.act("mage", "end_turn")
    b.act("orc", "end_turn")
    ok, _, ev = b.act("mage", "touch", {"target": "orc"}, dice=[15, 4])
    assert ok and first(ev, "DamageDealt").amount == 6


def test_a_spell_like_charge_keeps_the_abilitys_caster_level_and_charisma():
    b = battle(GRID, creature("imp", "blue", (1, 4), initiative=20, cha=18, hd=5, hp=15) +
               '\nspell_like = { inflict_light_wounds = 1 }', orc(at=(2, 4), will=0))
    ok, _, ev = b.act("imp", "use_spell_like", {"spell": "inflict_light_wounds", "defensively": True}, dice=[20])
    assert ok and [e for e in ev if type(e).__name__ == "SpellCast"][-1].outcome == "held"
    b.act("imp", "end_turn")
    b.act("orc", "end_turn")
    ok, _, ev = b.act("imp", "touch", {"target": "orc"}, dice=[15, 3, 1])
    save = first(ev, "SavingThrow")
    assert ok and save.dc == 10 + 1 + 4                                  # Charisma 18, not Intelligence
    assert first(ev, "DamageDealt").amount == 3 + 5                      # caster level 5 (its Hit Dice)


def test_a_calmed_caster_may_hold_a_harmful_charge_but_not_deliver_it():
    b = mage(["inflict_light_wounds", "inflict_light_wounds"], cls="cleric", foes=[orc(at=(2, 4))],
             conditions=["calmed"])
    ok, refusal, _ = b.act("mage", "cast", {"spell": "inflict_light_wounds", "target": "orc"})
    assert not ok and refusal.code == "CALMED"
    b.comp("mage", Stats).values["concentration"] = 30
    ok, _, _ev = b.act("mage", "cast", {"spell": "inflict_light_wounds", "defensively": True}, dice=[10])
    assert ok and b.comp("mage", Spellcasting).held_charge == "inflict_light_wounds"
    b.act("mage", "end_turn")
    b.act("orc", "end_turn")
    ok, refusal, _ = b.act("mage", "touch", {"target": "orc"})
    assert not ok and refusal.code == "CALMED"


def test_a_somatic_component_needs_a_free_hand():
    b = mage(["magic_missile", "stilled:magic_missile"], feats=["still_spell"], cls="cleric", weapon="heavy_mace",
             shield="heavy_wooden_shield")
    ok, refusal, _ = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"]})
    assert not ok and refusal.code == "SPELL_NEEDS_A_FREE_HAND"
    ok, _, _ev = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"], "metamagic": ["still_spell"]},
                       dice=[1])
    assert ok                                                            # no gestures: no hand needed
    b.act("mage", "end_turn")
    b.act("orc", "end_turn")
    ok, _, _ev = b.act("mage", "drop", {})                               # a free action frees the hand
    ok, _, ev = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"]}, dice=[1])
    assert ok and first(ev, "SpellCast").outcome == "cast"
    staff = mage(["magic_missile"], weapon="quarterstaff")               # a two-handed weapon is held in one
    assert staff.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"]}, dice=[1])[0]
    light = mage(["magic_missile"], cls="cleric", weapon="longsword", shield="light_wooden_shield")
    ok, _, ev = light.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"]}, dice=[1])
    assert ok and first(ev, "SpellCast").outcome == "cast"              # a light shield's hand can cast


def test_widen_spell_doubles_a_burst():
    from game.rules import spells as spell_rules
    plain = spell_rules.burst_squares((6, 4), 2)
    assert (6, 7) not in plain and (6, 7) in spell_rules.burst_squares((6, 4), 4)
    b = mage(["widened:sleep", "sleep"], feats=["widen_spell"], level=1, foes=[orc(at=(6, 7), hd=1),
                                                                               orc("far", at=(13, 9))])
    ok, _, _ev = b.act("mage", "cast", {"spell": "sleep", "point": [6, 4]})
    assert ok
    for who in ("mage", "orc", "far"):
        b.act(who, "end_turn", dice=[1])
    assert "asleep" not in b.comp("orc", Conditions).ids                 # 3 squares away: outside 10 ft
    ok, _, _ev = b.act("mage", "cast", {"spell": "sleep", "point": [6, 4], "metamagic": ["widen_spell"]})
    assert ok
    for who in ("mage", "orc", "far"):
        b.act(who, "end_turn", dice=[1])
    assert "asleep" in b.comp("orc", Conditions).ids                     # inside the widened 20 ft
    ok, refusal, _ = mage(["magic_missile"], feats=["widen_spell"]).act(
        "mage", "cast", {"spell": "magic_missile", "targets": ["orc"], "metamagic": ["widen_spell"]})
    assert not ok and refusal.code == "METAMAGIC_CHANGES_NOTHING"


def test_heighten_spell_raises_the_level_the_save_dc_and_the_slot():
    assert metamagic.parse_entry("heightened5:hold_person") == ("hold_person", ("heighten_spell",))
    assert metamagic.heightened_level("stilled:heightened5:hold_person") == 5
    b = mage(["heightened5:hold_person"], feats=["heighten_spell"], foes=[orc(will=0)])     # Int 16: +3
    ok, refusal, _ = b.act("mage", "cast", {"spell": "hold_person", "target": "orc", "metamagic": ["heighten_spell"],
                                            "heighten_to": 4})
    assert not ok and refusal.code == "SPELL_NOT_READY"                  # it prepared the 5th-level one
    ok, _, ev = b.act("mage", "cast", {"spell": "hold_person", "target": "orc", "metamagic": ["heighten_spell"],
                                       "heighten_to": 5}, dice=[17])
    assert ok and first(ev, "SavingThrow").dc == 10 + 5 + 3 and first(ev, "SpellCast").level == 5
    sorc = mage(["magic_missile"], feats=["heighten_spell"], cls="sorcerer", slots=[0, 1, 0, 1])
    for bad in (1, 10, None):
        ok, refusal, _ = sorc.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"],
                                                   "metamagic": ["heighten_spell"], "heighten_to": bad})
        assert not ok and refusal.code == "HEIGHTEN_LEVEL"
    for bad in ("3", True):                   # not a whole number: the command is malformed
        ok, refusal, _ = sorc.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"],
                                                   "metamagic": ["heighten_spell"], "heighten_to": bad})
        assert not ok and refusal.code == "BAD_ARGUMENT" and refusal.params["key"] == "heighten_to"
    ok, _, ev = sorc.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"],
                                          "metamagic": ["heighten_spell"], "heighten_to": 3}, dice=[1])
    assert ok and first(ev, "ActionTaken").kind == "full_round"
    assert b.comp("mage", Spellcasting).prepared == [] and sorc.comp("mage", Spellcasting).slots == [0, 1, 0, 0]
    with pytest.raises(ScenarioError, match="unknown metamagic"):
        mage(["heightened:sleep"])
    with pytest.raises(ScenarioError, match="above its own"):
        mage(["heightened1:sleep"], feats=["heighten_spell"])


def test_a_heightened_held_charge_keeps_its_level():
    b = mage(["heightened3:inflict_light_wounds"], feats=["heighten_spell"], cls="cleric", wis=16,
             foes=[orc(at=(2, 4), will=0)])
    b.comp("mage", Stats).values["concentration"] = 30
    ok, _, ev = b.act("mage", "cast", {"spell": "inflict_light_wounds", "metamagic": ["heighten_spell"],
                                       "heighten_to": 3, "defensively": True}, dice=[10])
    assert ok and b.comp("mage", Spellcasting).held_level == 3
    b.act("mage", "end_turn")
    b.act("orc", "end_turn")
    ok, _, ev = b.act("mage", "touch", {"target": "orc"}, dice=[15, 2, 1])
    assert ok and first(ev, "SavingThrow").dc == 10 + 3 + 3


# --- second review -------------------------------------------------------------------------------

def test_a_stunned_caster_cannot_keep_its_spell_up_and_calm_lasts_a_round_per_level():
    b = calm_battle()
    b.act("mage", "cast", {"spell": "calm_emotions", "point": [7, 5]}, dice=[2, 3])
    b.comp("mage", Conditions).ids.add("stunned")
    b.changed()
    events = []
    for who in ("mage", "orc", "orc2"):
        events += b.act(who, "end_turn")[2]
    assert first(events, "SpellEnded").reason == "caster_down"
    assert not any("calmed" in b.comp(o, Conditions).ids for o in ("orc", "orc2"))
    b = calm_battle()                                                     # caster level 3, cast in round 1
    b.act("mage", "cast", {"spell": "calm_emotions", "point": [7, 5]}, dice=[2, 3])
    for _ in range(2):                                                    # rounds 2 and 3: concentrating
        for who in ("mage", "orc", "orc2"):
            b.act(who, "end_turn")
        assert b.act("mage", "concentrate", {})[0]
    events = []
    for who in ("mage", "orc", "orc2"):
        events += b.act(who, "end_turn")[2]
    assert b.round == 4 and first(events, "SpellEnded").reason == "duration"


def test_using_a_wand_leaves_a_held_charge_as_it_was():
    from game.world.components import Hands, Inventory
    b = mage(["shocking_grasp"], level=5, foes=[orc(at=(2, 4), hp=60)])
    b.comp("mage", Stats).values["concentration"] = 30
    b.act("mage", "cast", {"spell": "shocking_grasp", "defensively": True}, dice=[10])
    b.comp("mage", Inventory).items.append("wand_magic_missile")
    b.comp("mage", Hands).holding = "wand_magic_missile"
    b.act("mage", "end_turn")
    b.act("orc", "end_turn")
    ok, _, _ev = b.act("mage", "use_item", {"item": "wand_magic_missile", "targets": ["orc"]}, dice=[1])
    sc = b.comp("mage", Spellcasting)
    assert ok and sc.held_charge == "shocking_grasp" and sc.held_as is None
    b.act("mage", "end_turn")
    b.act("orc", "end_turn")
    ok, _, ev = b.act("mage", "touch", {"target": "orc"}, dice=[15, 6, 6, 6, 6, 6])
    assert ok and first(ev, "DamageDealt").amount == 30                  # 5d6 at the caster's own level


def test_ceasing_to_concentrate_is_a_free_action_that_ends_the_spell_at_once():
    """French text, "actions libres": "cesser de se concentrer sur un sort"."""
    b = calm_battle()
    b.act("mage", "cast", {"spell": "calm_emotions", "point": [7, 5]}, dice=[2, 3])
    for who in ("mage", "orc", "orc2"):
        b.act(who, "end_turn")
    assert b.options("mage")["cease_concentration"].legal
    ok, _, ev = b.act("mage", "cease_concentration", {})
    assert ok and first(ev, "ActionTaken").kind == "free" and first(ev, "SpellEnded").reason == "ceased"
    assert "calmed" not in b.comp("orc", Conditions).ids and b.comp("mage", TurnState).standard
    ok, refusal, _ = b.act("mage", "cease_concentration", {})
    assert not ok and refusal.code == "NOTHING_MAINTAINED"
