"""Casting spells through ``act`` (French text "lancer un sort"; digest §4.5;
data-digest §5)."""
from combat_helpers import creature, first, prepared_caster, types

from game.world.components import Hands, HitPoints, Inventory, Spellcasting, Stats

GRID = "\n".join("." * 12 for _ in range(8))


def caster(spells, cls="wizard", level=3, foes=(), **kw):
    return prepared_caster(GRID, "mialee", spells, cls, level, foes, **kw)


def orc(at=(6, 4), **kw):
    o = dict(initiative=10, hp=30, weapon="greataxe")
    o.update(kw)
    return creature("orc", "red", at, **o)


def test_magic_missile_hits_without_a_roll_and_uses_the_slot():
    b = caster(["magic_missile"], foes=[orc()])
    ok, _, ev = b.act("mialee", "cast", {"spell": "magic_missile", "targets": ["orc", "orc"]}, dice=[3, 4])
    assert ok and [e.amount for e in ev if type(e).__name__ == "DamageDealt"] == [4, 5]
    assert "AttackRolled" not in types(ev) and b.comp("mialee", Spellcasting).prepared == []
    b2 = caster(["magic_missile"], level=1, foes=[orc()])
    ok, refusal, _ = b2.act("mialee", "cast", {"spell": "magic_missile", "targets": ["orc", "orc"]})
    assert not ok and refusal.code == "TOO_MANY_MISSILES"


def test_casting_in_a_threatened_square_provokes_and_damage_calls_for_concentration():
    b = caster(["magic_missile"], foes=[orc(at=(2, 4))])
    ok, _, ev = b.act("mialee", "cast", {"spell": "magic_missile", "targets": ["orc"]}, dice=[15, 3, 2])
    assert ok and first(ev, "AttackRolled").attacker == "orc"
    conc = first(ev, "SavingThrow")
    assert conc.kind == "concentration_damage" and conc.dc == 10 + 3 + 1     # 10 + damage 3 + level 1
    assert first(ev, "SpellCast").outcome == "lost"


def test_casting_defensively_does_not_provoke():
    b = caster(["magic_missile"], foes=[orc(at=(2, 4))])
    b.comp("mialee", Stats).values["concentration"] = 8
    ok, _, ev = b.act("mialee", "cast", {"spell": "magic_missile", "targets": ["orc"], "defensively": True}, dice=[10, 2])
    assert ok and "AttackRolled" not in types(ev)
    assert first(ev, "SavingThrow").dc == 16 and first(ev, "SpellCast").outcome == "cast"


def test_shocking_grasp_touch_or_hold_the_charge_and_metal_armour():
    b = caster(["shocking_grasp", "shocking_grasp"], foes=[orc(at=(2, 4), armor="chainmail")])
    ok, _, ev = b.act("mialee", "cast", {"spell": "shocking_grasp", "target": "orc", "defensively": True},
                      dice=[19, 12, 3, 3, 3])
    roll = first(ev, "AttackRolled")
    assert roll.kind == "touch" and roll.bonus == 0 + 3     # +3 against metal armour
    assert first(ev, "DamageDealt").amount == 9             # 3d6 at level 3
    b.act("mialee", "end_turn")
    b.act("orc", "end_turn")
    ok, _, ev = b.act("mialee", "cast", {"spell": "shocking_grasp", "defensively": True}, dice=[19])
    assert [e.outcome for e in ev if type(e).__name__ == "SpellCast"] == ["cast", "held"]
    assert b.comp("mialee", Spellcasting).held_charge == "shocking_grasp"


def test_burning_hands_cone_reflex_half():
    b = caster(["burning_hands"], foes=[orc(at=(3, 4)), creature("gob", "red", (3, 3), initiative=9, hp=20),
                                        creature("far", "red", (4, 2), initiative=8, hp=20)])
    ok, _, ev = b.act("mialee", "cast", {"spell": "burning_hands", "point": [2, 5], "direction": [1, 0]},
                      dice=[2, 2, 2, 5, 18])
    dmg = {e.target: e.amount for e in ev if type(e).__name__ == "DamageDealt"}
    assert ok and dmg == {"gob": 6, "orc": 3}      # saves in id order: gob fails (5), orc saves (18); far is outside


def test_sleep_takes_a_round_and_lowest_hit_dice_first():
    foes = [creature(f"k{i}", "red", (6 + i, 2), initiative=10 - i, hp=4, weapon="spear") for i in range(3)]
    b = caster(["sleep"], foes=foes)
    for i in range(3):
        b.comp(f"k{i}", Stats).values["hd"] = 1
    ok, _, ev = b.act("mialee", "cast", {"spell": "sleep", "point": [7, 3]})
    assert ok and first(ev, "SpellCast").outcome == "pending" and "casting" in b.board().body("mialee").conditions
    b.act("mialee", "end_turn")
    for i in range(3):
        b.act(f"k{i}", "end_turn")
    assert b.turn == "mialee" or b.winner == "blue"
    asleep = [c for c in ("k0", "k1", "k2") if "asleep" in b.board().body(c).conditions]
    assert asleep, "sleep took effect before the caster's next turn"


def test_cure_light_wounds_heals_an_ally_and_harms_undead():
    b = caster(["cure_light_wounds", "cure_light_wounds"], cls="cleric", level=2,
               foes=[creature("ally", "blue", (2, 4), initiative=5, hp=12), orc(at=(2, 5))])
    b.comp("ally", HitPoints).current = 3
    ok, _, ev = b.act("mialee", "cast", {"spell": "cure_light_wounds", "target": "ally", "defensively": True},
                      dice=[16, 6])
    assert ok and first(ev, "Healed").amount == 8 and b.state()["creatures"]["ally"]["hp"] == 11


def test_hold_person_paralyzes_and_web_glues():
    b = caster(["hold_person"], cls="cleric", level=3, foes=[orc()])
    ok, _, ev = b.act("mialee", "cast", {"spell": "hold_person", "target": "orc"}, dice=[2])
    assert ok and "paralyzed" in b.board().body("orc").conditions
    w = caster(["web"], foes=[orc()])
    ok, _, ev = w.act("mialee", "cast", {"spell": "web", "point": [7, 4]}, dice=[2])
    assert ok and {"entangled", "glued"} <= w.board().body("orc").conditions
    assert w.board().terrain.is_difficult((7, 4))        # the web is hard going


def test_components_silence_and_grapple():
    b = caster(["magic_missile"], foes=[orc()], conditions=["silenced"])
    ok, refusal, _ = b.act("mialee", "cast", {"spell": "magic_missile", "targets": ["orc"]})
    assert not ok and refusal.code == "SPELL_NEEDS_VOICE"
    ok, refusal, _ = caster([], foes=[orc()]).act("mialee", "cast", {"spell": "magic_missile", "targets": ["orc"]})
    assert not ok and refusal.code == "NO_SPELL_READY"        # a wizard with nothing prepared


def test_potion_provokes_and_heals_the_drinker():
    b = caster([], foes=[orc(at=(2, 4))])
    b.comp("mialee", Inventory).items.append("potion_cure_light_wounds")
    b.comp("mialee", Hands).holding = "potion_cure_light_wounds"
    b.comp("mialee", HitPoints).current = 2
    ok, _, ev = b.act("mialee", "use_item", {"item": "potion_cure_light_wounds"}, dice=[2, 5])
    assert ok and first(ev, "AttackRolled").attacker == "orc" and first(ev, "Healed").amount == 6
    assert "potion_cure_light_wounds" not in b.comp("mialee", Inventory).items


def test_wand_does_not_provoke_and_spends_a_charge():
    b = caster([], foes=[orc(at=(2, 4))])
    b.comp("mialee", Inventory).items.append("wand_magic_missile")
    b.comp("mialee", Hands).holding = "wand_magic_missile"
    ok, _, ev = b.act("mialee", "use_item", {"item": "wand_magic_missile", "targets": ["orc"]}, dice=[3])
    assert ok and "AttackRolled" not in types(ev) and first(ev, "DamageDealt").amount == 4
    assert b.wand_charges["mialee:wand_magic_missile"] == 49
    assert "wand_magic_missile" in b.comp("mialee", Inventory).items


def test_scroll_read_defensively():
    b = caster([], foes=[orc(at=(2, 4))])
    b.comp("mialee", Inventory).items.append("scroll_magic_missile")
    b.comp("mialee", Hands).holding = "scroll_magic_missile"
    b.comp("mialee", Stats).values["concentration"] = 10
    ok, _, ev = b.act("mialee", "use_item", {"item": "scroll_magic_missile", "targets": ["orc"], "defensively": True},
                      dice=[8, 2])
    assert ok and "AttackRolled" not in types(ev) and first(ev, "SavingThrow").dc == 16
    assert first(ev, "DamageDealt").amount == 3


def test_quickened_spell_is_a_free_action_once_a_round_and_unarmed_discharge():
    b = caster(["quickened:magic_missile", "quickened:magic_missile", "magic_missile"], foes=[orc()],
               feats=["quicken_spell"])
    ok, _, ev = b.act("mialee", "cast", {"spell": "magic_missile", "targets": ["orc"], "quickened": True}, dice=[2])
    assert ok and first(ev, "ActionTaken").kind == "swift"
    ok, refusal, _ = b.act("mialee", "cast", {"spell": "magic_missile", "targets": ["orc"], "quickened": True})
    assert not ok and refusal.code == "NO_SWIFT_ACTION_LEFT"
    assert b.act("mialee", "cast", {"spell": "magic_missile", "targets": ["orc"]}, dice=[2])[0]
    c = caster(["shocking_grasp"], foes=[orc(at=(2, 4), weapon="unarmed")])
    c.act("mialee", "cast", {"spell": "shocking_grasp"})
    assert c.comp("mialee", Spellcasting).held_charge == "shocking_grasp"
    c.act("mialee", "end_turn")
    c.act("orc", "end_turn")
    ok, _, ev = c.act("mialee", "attack", {"target": "orc"}, dice=[15, 2, 4, 4, 4])
    assert ok and [e.amount for e in ev if type(e).__name__ == "DamageDealt"] == [2, 12]
    assert c.comp("mialee", Spellcasting).held_charge is None


def test_a_readied_attack_on_casting_disrupts_the_spell():
    b = caster(["magic_missile"], foes=[orc(at=(2, 4), initiative=30)])
    b.act("orc", "ready", {"trigger": "casts", "command": {"action": "attack"}})
    b.act("orc", "end_turn")
    ok, _, ev = b.act("mialee", "cast", {"spell": "magic_missile", "targets": ["orc"], "defensively": True},
                      dice=[15, 3, 2])
    names = [type(e).__name__ for e in ev]
    assert ok and names.index("ReadiedActionTriggered") < names.index("SpellCast")
    assert first(ev, "SpellCast").outcome == "lost"          # Concentration 2 vs 10 + 3 + 1


def test_a_quickened_spell_still_needs_its_components_and_concentration():
    from game.world.components import Conditions
    b = caster(["quickened:magic_missile"], foes=[orc()], feats=["quicken_spell"], concentration=2)
    b.comp("mialee", Conditions).ids.add("silenced")
    ok, refusal, _ = b.act("mialee", "cast", {"spell": "magic_missile", "targets": ["orc"], "quickened": True})
    assert not ok and refusal.code == "SPELL_NEEDS_VOICE"
    b.comp("mialee", Conditions).ids.discard("silenced")
    b.comp("mialee", Conditions).ids.add("entangled")
    # entangled: Concentration DC 15 + 1; 10 + 2 fails and the spell is lost
    ok, refusal, ev = b.act("mialee", "cast", {"spell": "magic_missile", "targets": ["orc"], "quickened": True},
                            dice=[10])
    check = first(ev, "SavingThrow")
    assert ok and (check.kind, check.dc, check.success) == ("concentration_entangled", 16, False)
    assert first(ev, "SpellCast").outcome == "lost" and b.comp("orc", HitPoints).current == 30
    assert "quickened:magic_missile" not in b.comp("mialee", Spellcasting).prepared


def test_cause_fear_frightens_a_foe_of_5_hit_dice_or_less_which_then_flees_its_caster():
    """SRD Cause Fear ("Frayeur"): Will partial — failed, frightened 1d4 rounds (it may only
    flee the caster, French text "les créatures effrayées [...] fuient"); saved, shaken 1
    round. A creature of 6 HD or more, or an undead, is refused before any die."""
    from game.world.components import Monster
    b = caster(["cause_fear", "cause_fear"], cls="cleric", level=1, foes=[orc(hd=1, will=0)])
    ok, refusal, ev = b.act("mialee", "cast", {"spell": "cause_fear", "target": "orc"}, dice=[2, 3])
    assert ok, refusal
    assert "frightened" in b.board().body("orc").conditions and b.read("orc", Monster).afraid_of == "mialee"
    b.act("mialee", "end_turn")
    assert b.turn == "orc"
    ok, refusal, _ = b.act("orc", "move", {"squares": [[5, 4]]})             # toward its fear
    assert not ok and refusal.code == "AFRAID_MUST_FLEE"
    assert b.act("orc", "move", {"squares": [[7, 4]]})[0]                     # away from it
    saved = caster(["cause_fear"], cls="cleric", level=1, foes=[orc(hd=1, will=10)])
    ok, _refusal, ev = saved.act("mialee", "cast", {"spell": "cause_fear", "target": "orc"}, dice=[15])
    assert ok and {"shaken"} <= saved.board().body("orc").conditions
    assert "frightened" not in saved.board().body("orc").conditions
    big = caster(["cause_fear"], cls="cleric", level=1, foes=[orc(hd=6, at=(2, 4))])
    assert big.check("mialee", "cast", {"spell": "cause_fear", "target": "orc"}).code == "TOO_MANY_HIT_DICE"  # before the AoO
    dead = caster(["cause_fear"], cls="cleric", level=1, foes=[orc(undead=True)])
    assert dead.check("mialee", "cast", {"spell": "cause_fear", "target": "orc"}).code == "IMMUNE_TO_FEAR"


def test_hold_person_on_a_non_humanoid_is_refused_before_the_attack_of_opportunity_it_would_provoke():
    b = caster(["hold_person"], cls="cleric", level=3, foes=[orc(at=(2, 4), non_humanoid=True)])
    # ``check`` stops at the first die: it finds the refusal only if it comes before the AoO's roll
    assert b.check("mialee", "cast", {"spell": "hold_person", "target": "orc"}).code == "NOT_HUMANOID"
    ok, refusal, _ = b.act("mialee", "cast", {"spell": "hold_person", "target": "orc"})
    assert not ok and refusal.code == "NOT_HUMANOID"
