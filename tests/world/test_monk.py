"""The monk (SRD 3.5, Classes, "Monk"; the French text's own example of a duration is a
monk's stunning blow: « un moine … donne un coup étourdissant »): its unarmed strike armed
and lethal at no penalty, its damage by level and size, flurry of blows as a full attack,
its AC bonus, and the stunning blow offered in a full attack too."""
from combat_helpers import battle, creature, first, types

from game.rules import monk
from game.rules.attack import damage_dice
from game.rules.sizes import Size
from game.world.asking import choice_questions
from game.world.commands import FullAttack, Strike
from game.world.components import Conditions

OPEN = "\n".join("." * 10 for _ in range(6))


def monk_and_orc(level=1, monk_kw=None, orc=None):
    me = dict(weapon="unarmed", bab=0, str=10, dex=10, wis=14, hd=level, monk_level=level, initiative=20)
    me.update(monk_kw or {})
    return battle(OPEN, creature("monk", "blue", (2, 2), **me),
                  creature("orc", "red", (3, 2), initiative=10, hp=60, ac=5, fort=0, con=10, **(orc or {})))


def test_unarmed_damage_by_monk_level_and_size():
    """SRD, Table: The Monk, "Unarmed Damage": Medium 1d6 at 1st, 1d8 at 4th, 1d10 at 8th,
    2d6 at 12th, 2d8 at 16th, 2d10 at 20th; Small 1d4 ... 2d8; Large 1d8, 2d6 ... 4d8."""
    medium = [monk.unarmed_dice(lv, Size.M, damage_dice) for lv in (1, 3, 4, 7, 8, 12, 16, 20)]
    assert medium == ["1d6", "1d6", "1d8", "1d8", "1d10", "2d6", "2d8", "2d10"]
    assert [monk.unarmed_dice(lv, Size.S, damage_dice) for lv in (1, 4, 8, 12, 16, 20)] == \
        ["1d4", "1d6", "1d8", "1d10", "2d6", "2d8"]
    assert [monk.unarmed_dice(lv, Size.L, damage_dice) for lv in (1, 4, 8, 12, 16, 20)] == \
        ["1d8", "2d6", "2d8", "3d6", "3d8", "4d8"]


def test_a_monks_unarmed_strike_is_armed_lethal_and_rolls_its_d6():
    """French text, « Être armé à mains nues » : « non seulement un moine ne provoque pas
    d'attaque d'opportunité lorsqu'il attaque ses adversaires à mains nues, mais lui-même
    peut porter des attaques d'opportunité à mains nues »; « Infliger des dégâts létaux » :
    « Un moine … peut infliger des dégâts létaux ou non-létaux à mains nues, sans subir de
    malus sur le jet d'attaque ». SRD, Monk, "Unarmed Strike": Improved Unarmed Strike as a
    bonus feat, 1d6 at 1st level for a Medium monk."""
    b = monk_and_orc(orc={"weapon": "longsword"})
    assert b.board().body("monk").threat_band() is not None          # it threatens
    ok, _, ev = b.act("monk", "attack", {"target": "orc"}, dice=[15, 6])
    assert ok and types(ev).count("AttackRolled") == 1               # no attack of opportunity by the orc
    hit = first(ev, "AttackRolled")
    assert "nonlethal_switch" not in [src for _v, _k, src in hit.bonus_breakdown]
    dealt = first(ev, "DamageDealt")
    assert dealt.dice == (6,) and dealt.amount == 6 and not dealt.nonlethal
    b2 = monk_and_orc()
    ok, _, ev = b2.act("monk", "attack", {"target": "orc", "nonlethal": True}, dice=[15, 4])
    assert ok and first(ev, "DamageDealt").nonlethal
    assert "nonlethal_switch" not in [src for _v, _k, src in first(ev, "AttackRolled").bonus_breakdown]


def test_a_plain_creature_unarmed_still_provokes_and_rolls_1d3():
    b = battle(OPEN, creature("man", "blue", (2, 2), weapon="unarmed", initiative=20),
               creature("orc", "red", (3, 2), initiative=10, hp=60, ac=5, weapon="longsword"))
    ok, _, ev = b.act("man", "attack", {"target": "orc"}, dice=[1, 15, 2])
    assert ok and first(ev, "AttackRolled").opportunity     # the orc's attack of opportunity first


def test_flurry_of_blows_one_extra_attack_at_minus_2_and_the_penalty_lasts_the_round():
    """SRD, Monk, "Flurry of Blows": « one extra attack in a round at her highest base
    attack bonus, but this attack takes a -2 penalty, as does each other attack made that
    round … so it also affects attacks of opportunity »."""
    b = monk_and_orc()
    ok, _, ev = b.act("monk", "full_attack", {"targets": ["orc", "orc"], "flurry": True}, dice=[15, 3, 15, 4])
    rolls = [e for e in ev if type(e).__name__ == "AttackRolled"]
    assert ok and len(rolls) == 2
    for r in rolls:
        assert (-2, "untyped", "flurry_of_blows") in r.bonus_breakdown and r.bonus == -2
    assert "flurry_of_blows" in b.comp("monk", Conditions).ids
    ok, refusal, _ = b.act("monk", "full_attack", {"targets": ["orc", "orc"]})
    assert not ok                                              # the round's full-round action is spent
    b.act("monk", "end_turn")
    ok, _, ev = b.act("orc", "move", {"squares": [[4, 2], [5, 2]]}, dice=[10, 2])
    aoo = first(ev, "AttackRolled")
    assert ok and aoo.opportunity and aoo.attacker == "monk"
    assert (-2, "untyped", "flurry_of_blows") in aoo.bonus_breakdown     # "it also affects attacks of opportunity"
    b.act("orc", "end_turn")
    assert b.turn == "monk" and "flurry_of_blows" not in b.comp("monk", Conditions).ids
    fresh = monk_and_orc()
    ok, refusal, _ = fresh.act("monk", "full_attack", {"targets": ["orc", "orc"]})
    assert not ok and refusal.code == "NO_ATTACKS_LEFT"        # without the flurry, one attack at BAB 0


def test_flurry_penalty_by_level_and_the_second_extra_attack():
    assert [monk.flurry_penalty(lv) for lv in (1, 4, 5, 8, 9, 20)] == [-2, -2, -1, -1, 0, 0]
    assert [monk.flurry_extra_attacks(lv) for lv in (1, 10, 11)] == [1, 1, 2]
    b = monk_and_orc(level=5, monk_kw={"bab": 3})
    steps = FullAttack("monk", targets=(Strike("orc"),) * 2, flurry=True)
    assert b.check(steps) is None
    assert b.preview(FullAttack("monk", targets=(Strike("orc"),) * 3, flurry=True)).refusal.code == "NO_ATTACKS_LEFT"


def test_flurry_refused_in_armour_with_a_weapon_not_a_monks_and_for_a_non_monk():
    armoured = monk_and_orc(monk_kw={"armor": "leather"})
    ok, refusal, _ = armoured.act("monk", "full_attack", {"targets": ["orc", "orc"], "flurry": True})
    assert not ok and refusal.code == "FLURRY_ARMOURED"
    sword = monk_and_orc(monk_kw={"weapon": "longsword"})
    ok, refusal, _ = sword.act("monk", "full_attack", {"targets": ["orc", "orc"], "flurry": True})
    assert not ok and refusal.code == "FLURRY_WEAPON"
    kama = monk_and_orc(monk_kw={"weapon": "kama"})
    assert kama.check(FullAttack("monk", targets=(Strike("orc"),) * 2, flurry=True)) is None
    plain = battle(OPEN, creature("man", "blue", (2, 2), weapon="unarmed", initiative=20),
                   creature("orc", "red", (3, 2), initiative=10))
    ok, refusal, _ = plain.act("man", "full_attack", {"targets": ["orc", "orc"], "flurry": True})
    assert not ok and refusal.code == "NOT_A_MONK"
    # a refused flurry changes nothing: no penalty taken, the full round still there
    assert "flurry_of_blows" not in plain.comp("man", Conditions).ids and plain.state()["actions_left"]["full_round"]


def test_the_monks_ac_bonus_wisdom_and_plus_one_at_fifth_even_flat_footed_lost_in_armour():
    """SRD, Monk, "AC Bonus": Wisdom bonus, +1 at 5th level, « even against touch attacks or
    when the monk is flat-footed », lost in armour or with a shield."""
    b = monk_and_orc(level=5, monk_kw={"wis": 16}, orc={"weapon": "longsword"})
    f = b.fighter("monk")
    assert monk.ac_bonus(5, 3) == 4 and f.monk_level == 5 and not f.armoured
    ok, _, ev = b.act("monk", "end_turn")
    ok, _, ev = b.act("orc", "attack", {"target": "monk"}, dice=[1])
    assert (4, "untyped", "monk") in first(ev, "AttackRolled").ac_breakdown
    armoured = monk_and_orc(level=5, monk_kw={"wis": 16, "armor": "leather"}, orc={"weapon": "longsword"})
    armoured.act("monk", "end_turn")
    ok, _, ev = armoured.act("orc", "attack", {"target": "monk"}, dice=[1])
    assert not any(src == "monk" for _v, _k, src in first(ev, "AttackRolled").ac_breakdown)


def test_a_stunning_blow_declared_in_a_full_attack():
    """The stunning fist row: « un coup étourdissant » offered in a full attack too, on its
    first attack, a use spent as it is declared."""
    b = monk_and_orc(monk_kw={"feats": ["stunning_fist"]})     # its 1st-level bonus feat chosen
    asked = {q.argument for q in choice_questions(b, FullAttack("monk", targets=(Strike("orc"),) * 2, flurry=True))}
    assert "stunning_fist" in asked
    ok, _, ev = b.act("monk", "full_attack", {"targets": ["orc", "orc"], "flurry": True, "stunning_fist": True},
                      dice=[15, 3, 2, 15, 4])
    save = first(ev, "SavingThrow")
    assert ok and save.kind == "stunning_fist" and not save.success
    assert "stunned" in b.comp("orc", Conditions).ids
    assert types(ev).count("SavingThrow") == 1                 # once, on the first attack


def test_a_flurry_with_a_quarterstaff_adds_strength_once():
    """SRD, Monk, "Flurry of Blows": « a monk applies her Strength bonus (not Str bonus ×
    1-1/2 or ×1/2) to her damage rolls for all successful attacks, whether she wields a
    weapon in one or both hands »; the same staff in a plain attack adds 1 1/2 × Str."""
    b = monk_and_orc(monk_kw={"weapon": "quarterstaff", "str": 14})
    ok, _, ev = b.act("monk", "full_attack", {"targets": ["orc", "orc"], "flurry": True}, dice=[15, 3, 1])
    assert ok and first(ev, "DamageDealt").bonus == 2
    plain = monk_and_orc(monk_kw={"weapon": "quarterstaff", "str": 14})
    ok, _, ev = plain.act("monk", "attack", {"target": "orc"}, dice=[15, 3])
    assert ok and first(ev, "DamageDealt").bonus == 3


def test_the_options_face_offers_the_flurry_with_its_attacks_to_a_monk_only():
    b = monk_and_orc()
    option = b.options("monk")["full_attack"]
    assert option.legal and option.domain["attacks"] == 1 and option.domain["flurry_attacks"] == 2
    armoured = monk_and_orc(monk_kw={"armor": "leather"})
    assert "flurry_attacks" not in armoured.options("monk")["full_attack"].domain


def test_the_sheet_shows_the_flurrys_bonuses_a_full_attack_with_it_makes():
    from game.world import views
    b = monk_and_orc(level=5, monk_kw={"bab": 3, "str": 12})
    sheet = views.sheet(b, "monk")
    assert sheet.attacks == (4,) and sheet.flurry == (3, 3)         # SRD Table: The Monk, 5th: +2/+2 with Str +1
    ok, _, ev = b.act("monk", "full_attack", {"targets": ["orc", "orc"], "flurry": True}, dice=[1, 1])
    assert [e.bonus for e in ev if type(e).__name__ == "AttackRolled"] == [3, 3]
    assert views.sheet(monk_and_orc(monk_kw={"armor": "leather"}), "monk").flurry == ()


def test_a_flurry_with_a_stunning_blow_and_an_aided_climb_are_saved_and_replayed_exactly(tmp_path):
    from combat_helpers import battle_text

    from game.content.saves import load_save, save_battle
    from game.content.scenario import parse_scenario
    from game.engine import Battle
    text = battle_text(OPEN, creature("monk", "blue", (2, 2), weapon="unarmed", wis=14, hd=1, monk_level=1,
                                      initiative=20, feats=["stunning_fist"]),
                       creature("friend", "blue", (2, 3), initiative=15, climb=2),
                       creature("orc", "red", (3, 2), initiative=10, hp=60, ac=5, fort=0, con=10))
    b = Battle(parse_scenario(text, "test.toml"))
    assert b.act("monk", "full_attack", {"targets": ["orc", "orc"], "flurry": True, "stunning_fist": True},
                 dice=[15, 3, 2, 15, 4])[0]
    assert b.act("monk", "end_turn")[0]
    assert b.act("friend", "aid_another", {"ally": "monk", "help": "skill", "skill": "climb"}, dice=[12])[0]
    path = save_battle(b, tmp_path / "monk.json", scenario_text=text)
    for replay in (False, True):
        again = load_save(path, replay=replay).battle
        assert again.state() == b.state()
        assert "stunned" in again.board().body("orc").conditions
        assert [a.kind for a in again.shared_read.aids] == ["skill:climb"]
        again.close()
