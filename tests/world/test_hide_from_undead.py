"""Touching several creatures with one spell (French text "sorts de contact": one friend
a standard action, up to six a full-round action) and hide from undead (SRD)."""
from combat_helpers import battle, creature, first, types

from game.world.components import Conditions, Spellcasting

GRID = "\n".join("." * 12 for _ in range(8))


def party(level=3, zombie_at=(6, 4), ghoul=False):
    cleric = creature("cleric", "blue", (2, 4), initiative=20, wis=14, hp=20, caster_class="cleric",
                      caster_level=level, spells=["hide_from_undead", "hide_from_undead"])
    friends = [creature(f"f{i}", "blue", (1 + i % 3, 3 + i // 3 * 2), initiative=15 - i, hp=10, weapon="longsword",
                        bab=2) for i in range(3)]
    foes = [creature("zombie", "red", zombie_at, initiative=5, hp=16, undead=True, mindless=True, weapon="club", bab=1)]
    if ghoul:
        foes.append(creature("ghoul", "red", (6, 6), initiative=4, hp=13, undead=True, will=0, weapon="club", bab=1))
    return battle(GRID, cleric, *friends, *foes)


def test_casting_touches_one_friend_and_holds_the_other_touches():
    b = party(level=3)
    ok, _, ev = b.act("cleric", "cast", {"spell": "hide_from_undead", "target": "f0"})
    sc = b.comp("cleric", Spellcasting)
    assert ok and "hidden_from_undead" in b.comp("f0", Conditions).ids
    assert sc.held_charge == "hide_from_undead" and sc.held_touches == 2
    b.act("cleric", "end_turn")
    for f in ("f0", "f1", "f2", "zombie"):
        b.act(f, "end_turn")
    # Two friends at once: a full-round action; then the charge is spent.
    ok, _, ev = b.act("cleric", "touch", {"targets": ["f1", "cleric"]})
    assert ok and first(ev, "ActionTaken").kind == "full_round"
    assert "hidden_from_undead" in b.comp("cleric", Conditions).ids and sc.held_charge is None


def test_one_touch_is_a_standard_action_and_six_at_most():
    b = party(level=8)
    b.act("cleric", "cast", {"spell": "hide_from_undead"})
    for who in ("cleric", "f0", "f1", "f2", "zombie"):
        b.act(who, "end_turn")
    ok, _, ev = b.act("cleric", "touch", {"target": "f0"})
    assert ok and first(ev, "ActionTaken").kind == "standard"
    assert b.comp("cleric", Spellcasting).held_touches == 7
    ok, refusal, _ = b.act("cleric", "touch", {"targets": ["f1", "f2", "cleric", "f0", "f1", "f2", "f0"]})
    assert not ok and refusal.code == "BAD_ARGUMENT"                    # the same friend twice
    b2 = party(level=1)
    b2.act("cleric", "cast", {"spell": "hide_from_undead"})
    ok, refusal, _ = b2.act("cleric", "touch", {"targets": ["f0", "f1"]})
    assert not ok and refusal.code == "TOO_MANY_TOUCHES" and refusal.params["count"] == 1


def test_a_foe_cannot_be_touched_as_a_friend():
    b = party(zombie_at=(3, 4))
    ok, refusal, _ = b.act("cleric", "cast", {"spell": "hide_from_undead", "target": "zombie"})
    assert not ok and refusal.code == "TOUCH_FRIENDS_ONLY"


def test_mindless_undead_cannot_aim_at_or_strike_back_at_the_warded():
    b = party(zombie_at=(4, 4))
    b.act("cleric", "cast", {"spell": "hide_from_undead", "target": "cleric"})
    for who in ("cleric", "f0", "f1", "f2"):
        b.act(who, "end_turn")
    ok, refusal, _ = b.act("zombie", "attack", {"target": "cleric"})
    assert not ok and refusal.code == "CANNOT_PERCEIVE"
    ok, _, ev = b.act("zombie", "move", {"squares": [[4, 3]]})
    assert ok
    b.act("zombie", "end_turn")
    # The warded cleric walks past the zombie: no attack of opportunity.
    ok, _, ev = b.act("cleric", "move", {"squares": [[3, 3], [3, 2]]})
    assert ok and "AttackRolled" not in types(ev)


def test_an_intelligent_undead_saves_once_and_may_see_them_all():
    b = party(ghoul=True)
    ok, _, ev = b.act("cleric", "cast", {"spell": "hide_from_undead", "target": "f0"}, dice=[19])
    save = first(ev, "SavingThrow")
    assert ok and save.who == "ghoul" and save.kind == "will" and save.success
    effect = next(e for e in b.spell_effects.values() if e["kind"] == "hide_from_undead")
    assert effect["seen_by"] == ["ghoul"]


def test_attacking_anyone_ends_the_spell_for_every_recipient():
    b = party(zombie_at=(4, 4))
    b.act("cleric", "cast", {"spell": "hide_from_undead", "target": "cleric"})
    b.act("cleric", "end_turn")
    for who in ("f0", "f1", "f2", "zombie"):
        b.act(who, "end_turn")
    ok, _, ev = b.act("cleric", "touch", {"target": "f2"})
    assert ok and "hidden_from_undead" in b.comp("f2", Conditions).ids
    for who in ("cleric", "f0", "f1"):
        b.act(who, "end_turn")
    ok, _, ev = b.act("f2", "attack", {"target": "zombie"}, dice=[1])       # a miss still ends it
    assert ok and first(ev, "SpellEnded").reason == "aggression"
    assert not any("hidden_from_undead" in b.comp(c, Conditions).ids for c in ("cleric", "f2"))
    assert b.comp("cleric", Spellcasting).held_charge is None


def test_turning_undead_ends_it_too():
    b = party(zombie_at=(6, 4))
    b.act("cleric", "cast", {"spell": "hide_from_undead", "target": "cleric"})
    for who in ("cleric", "f0", "f1", "f2", "zombie"):
        b.act(who, "end_turn")
    from game.world.components import Stats
    b.comp("cleric", Stats).values["cleric_level"] = 3
    ok, _, ev = b.act("cleric", "turn_undead", {}, dice=[10, 6, 6])
    assert ok and first(ev, "SpellEnded").spell == "hide_from_undead"


def test_a_harmful_touch_or_any_touch_on_an_undead_ends_it_but_holding_a_charge_does_not():
    b = party(zombie_at=(3, 4))
    b.comp("cleric", Spellcasting).prepared += ["inflict_light_wounds", "cure_light_wounds"]
    b.act("cleric", "cast", {"spell": "hide_from_undead", "target": "cleric"})
    for who in ("cleric", "f0", "f1", "f2", "zombie"):
        b.act(who, "end_turn")
    ok, _, ev = b.act("cleric", "cast", {"spell": "inflict_light_wounds"})        # held: no harm yet
    assert ok and "SpellEnded" in types(ev) and "hidden_from_undead" in b.comp("cleric", Conditions).ids
    for who in ("cleric", "f0", "f1", "f2", "zombie"):
        b.act(who, "end_turn")
    # Inflict heals undead, but touching an undead at all ends the spell (SRD).
    ok, _, ev = b.act("cleric", "touch", {"target": "zombie"}, dice=[3])          # heals it: no attack roll
    assert ok and first(ev, "SpellEnded").reason == "aggression"
    assert "hidden_from_undead" not in b.comp("cleric", Conditions).ids


def test_a_new_touch_spell_replaces_the_remaining_touches():
    b = party(zombie_at=(9, 4))
    b.comp("cleric", Spellcasting).prepared.append("inflict_light_wounds")
    b.act("cleric", "cast", {"spell": "hide_from_undead", "target": "f0"})
    assert b.comp("cleric", Spellcasting).held_touches == 2
    for who in ("cleric", "f0", "f1", "f2", "zombie"):
        b.act(who, "end_turn")
    ok, _, ev = b.act("cleric", "cast", {"spell": "inflict_light_wounds"})
    sc = b.comp("cleric", Spellcasting)
    assert ok and sc.held_charge == "inflict_light_wounds" and sc.held_touches == 0
    for who in ("cleric", "f0", "f1", "f2", "zombie"):
        b.act(who, "end_turn")
    ok, _, ev = b.act("cleric", "touch", {"target": "f1"}, dice=[15, 3, 1])
    assert ok and "hidden_from_undead" not in b.comp("f1", Conditions).ids and sc.held_charge is None


def test_each_casting_rolls_its_own_saves_and_odd_targets_are_refused_cleanly():
    b = party(ghoul=True)
    b.comp("cleric", Spellcasting).prepared.append("hide_from_undead")
    b.act("cleric", "cast", {"spell": "hide_from_undead", "target": "f0"}, dice=[19])
    for who in ("cleric", "f0", "f1", "f2", "zombie", "ghoul"):
        b.act(who, "end_turn")
    ok, _, ev = b.act("cleric", "cast", {"spell": "hide_from_undead", "target": "f1"}, dice=[2])
    assert ok and first(ev, "SavingThrow").who == "ghoul" and not first(ev, "SavingThrow").success
    for who in ("cleric", "f0", "f1", "f2", "zombie"):
        b.act(who, "end_turn")
    ok, refusal, _ = b.act("ghoul", "attack", {"target": "f1"})
    assert not ok and refusal.code == "CANNOT_PERCEIVE"                 # fooled by the second casting
    ok, refusal, _ = b.act("ghoul", "attack", {"target": "f0", "targets": 5})
    assert refusal is None or refusal.code != "CANNOT_PERCEIVE"         # saw through the first; no crash


def test_a_full_attack_cannot_name_a_warded_creature_and_ordering_undead_ends_it():
    b = party(zombie_at=(3, 4))
    b.act("cleric", "cast", {"spell": "hide_from_undead", "target": "cleric"})
    for who in ("cleric", "f0", "f1", "f2"):
        b.act(who, "end_turn")
    ok, refusal, _ = b.act("zombie", "full_attack", {"targets": [{"trip": "cleric"}]})
    assert not ok and refusal.code == "CANNOT_PERCEIVE"
    from game.world.components import Stats
    from game.world.actions.warding import breaks_hiding
    b.comp("cleric", Stats).values.update(cleric_level=3, evil=1)
    assert breaks_hiding(b, "cleric", "command_undead", {"undead": "zombie"})
    assert breaks_hiding(b, "cleric", "bolster_undead", {})
