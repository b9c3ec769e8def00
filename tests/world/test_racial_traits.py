"""The heroes' racial traits the engine plays (SRD Races; ``world.racial``): a dwarf's +1 to
hit orcs and goblinoids and +2 on saves against poison and spells; an elf's immunity to
magic sleep and +2 against enchantments; a halfling's +1 with thrown weapons and slings
and +2 against fear. Each is asked of ``odds`` (the breakdown names it) and rolled by
``act`` with the same number. The second play-test found the sheets listing traits the
engine did not play (Mialee put to sleep, though an elf)."""
from combat_helpers import battle, creature, first, prepared_caster

from game.rules.modifiers import total
from game.rules.saves import racial_save_modifiers, spell_tags
from game.world import views
from game.world.components import Hands, Inventory, Stats

GRID = "\n".join("." * 12 for _ in range(8))


def _racial(plan, source):
    return [(m.value, m.kind) for m in plan.bonus_breakdown if m.source == source]


def test_a_dwarf_strikes_orcs_and_goblinoids_at_plus_1_and_nobody_else():
    b = battle(GRID, creature("tordek", "blue", (3, 3), initiative=20, template="tordek_1"),
               creature("orc", "red", (4, 3), initiative=5, template="orc"),
               creature("gob", "red", (3, 4), initiative=4, template="goblin"),
               creature("man", "red", (2, 2), initiative=3, template="human_warrior"))

    def plan(target):
        return b.odds("tordek", "attack", {"target": target}).attacks[0]
    orc, gob, man = plan("orc"), plan("gob"), plan("man")
    assert _racial(orc, "dwarf_hatred") == _racial(gob, "dwarf_hatred") == [(1, "racial")]
    assert _racial(man, "dwarf_hatred") == [] and orc.bonus == man.bonus + 1
    ok, refusal, ev = b.act("tordek", "attack", {"target": "orc"}, dice=[10, 5])
    assert ok, refusal
    assert first(ev, "AttackRolled").bonus == orc.bonus                 # the roll is what was asked


def test_a_halfling_throws_at_plus_1_but_strikes_and_shoots_a_crossbow_without_it():
    b = battle(GRID, creature("lidda", "blue", (1, 3), initiative=20, template="lidda_1", weapon="dagger"),
               creature("near", "red", (2, 3), initiative=5, hp=30),
               creature("far", "red", (6, 3), initiative=4, hp=30))
    thrown = b.odds("lidda", "attack", {"target": "far"}).attacks[0]
    struck = b.odds("lidda", "attack", {"target": "near"}).attacks[0]
    assert thrown.kind == "ranged" and _racial(thrown, "halfling_throwing") == [(1, "racial")]
    assert struck.kind == "melee" and _racial(struck, "halfling_throwing") == []
    b.comp("lidda", Inventory).items.append("acid_flask")
    b.comp("lidda", Hands).holding = "acid_flask"
    flask = b.odds("lidda", "throw_splash", {"item": "acid_flask", "target": "far"}).attacks[0]
    assert _racial(flask, "halfling_throwing") == [(1, "racial")]      # a flask is a thrown weapon too
    bow = battle(GRID, creature("lidda", "blue", (1, 3), initiative=20, template="lidda_1", weapon="light_crossbow"),
                 creature("far", "red", (6, 3), initiative=4, hp=30))
    assert _racial(bow.odds("lidda", "attack", {"target": "far"}).attacks[0], "halfling_throwing") == []


def test_a_dwarf_saves_at_plus_2_against_a_spiders_poison():
    b = battle(GRID, creature("spider", "red", (3, 2), initiative=20, template="monstrous_spider_large"),
               creature("tordek", "blue", (5, 2), initiative=5, template="tordek_1"))
    fort = b.read("tordek", Stats).values["fort"]
    ok, refusal, ev = b.act("spider", "attack", {"target": "tordek"}, dice=[19, 3, 2, 4])
    assert ok, refusal
    save = first(ev, "SavingThrow")
    assert save.bonus == fort + 2 and not save.success


def hold_person_on(target_template):
    foe = creature("hero", "red", (5, 4), initiative=5, template=target_template)
    b = prepared_caster(GRID, "cleric", ["hold_person"], "cleric", 3, [foe])
    ok, refusal, ev = b.act("cleric", "cast", {"spell": "hold_person", "target": "hero"}, dice=[2])
    assert ok, refusal
    return b.read("hero", Stats).values["will"], first(ev, "SavingThrow").bonus


def test_a_dwarf_and_an_elf_save_at_plus_2_against_hold_person_a_human_and_a_halfling_do_not():
    for template, more in (("tordek_1", 2), ("mialee_1", 2), ("jozan_1", 0), ("lidda_1", 0)):
        will, bonus = hold_person_on(template)
        assert bonus == will + more, template


def test_a_halfling_saves_at_plus_2_against_fear():
    foe = creature("lidda", "red", (5, 4), initiative=5, template="lidda_1")
    b = prepared_caster(GRID, "wiz", ["cause_fear"], "wizard", 3, [foe])
    ok, refusal, ev = b.act("wiz", "cast", {"spell": "cause_fear", "target": "lidda"}, dice=[2])
    assert ok, refusal
    assert first(ev, "SavingThrow").bonus == b.read("lidda", Stats).values["will"] + 2


def test_the_dwarfs_bonus_shows_in_an_area_spells_preview_and_is_not_counted_twice():
    b = prepared_caster("\n".join("." * 14 for _ in range(9)), "wiz", ["fireball"], "wizard", 5,
                        [creature("tordek", "red", (8, 4), initiative=5, template="tordek_1"),
                         creature("man", "red", (9, 5), initiative=4, template="human_warrior")])
    caught = {c.plan.who: c.plan for c in b.odds("wiz", "cast", {"spell": "fireball", "point": [9, 5]}).caught}
    assert caught["tordek"].bonus == b.read("tordek", Stats).values["ref"] + 2
    assert caught["man"].bonus == b.read("man", Stats).values["ref"]
    # a spell that is a poison too: one racial bonus, the higher
    both = racial_save_modifiers({"dwarf_hardiness": {"poison": 2, "spells": 2}}, spell_tags("necromancy") | {"poison"})
    assert total(both).value == 2


def test_sleep_passes_over_an_elf_and_the_preview_and_the_computer_know_it():
    foes = [creature("mialee", "red", (7, 3), initiative=9, template="mialee_1"),
            creature("k", "red", (8, 3), initiative=8, hp=4, hd=1)]
    b = prepared_caster(GRID, "wiz", ["sleep"], "wizard", 3, foes)
    caught = [c.plan.who for c in b.odds("wiz", "cast", {"spell": "sleep", "point": [8, 4]}).caught]
    assert caught == ["k"]
    assert views.immune_to_sleep(b, "mialee") and not views.immune_to_sleep(b, "k")
    ok, refusal, _ = b.act("wiz", "cast", {"spell": "sleep", "point": [8, 4]}, dice=[1])
    assert ok, refusal
    b.act("wiz", "end_turn")
    for cid in ("mialee", "k"):
        if b.turn == cid:
            b.act(cid, "end_turn")
    assert "asleep" not in b.board().body("mialee").conditions
    assert "asleep" in b.board().body("k").conditions
