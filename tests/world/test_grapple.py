"""Grapple, step by step (French text "lutte"), through ``act`` with scripted dice."""
from combat_helpers import battle, creature, first, types

from game.world.components import Grapple

OPEN = "\n".join("." * 8 for _ in range(5))


def two(a=None, d=None, extra=()):
    a_kw = dict(initiative=20, str=16, bab=2, hp=30, weapon="dagger")
    d_kw = dict(initiative=10, str=10, hp=30, weapon="longsword")
    a_kw.update(a or {})
    d_kw.update(d or {})
    return battle(OPEN, creature("a", "blue", (2, 2), **a_kw), creature("d", "red", (3, 2), **d_kw), *extra)


def grabbed(**kw):
    b = two(**kw)
    ok, _, ev = b.act("a", "grapple", {"target": "d"}, dice=[2, 15, 15, 5, 2])
    assert ok and "grappling" in b.board().body("a").conditions
    return b, ev


def test_grab_provokes_touch_attack_opposed_check_damage_and_entering_the_space():
    b, ev = grabbed()
    assert types(ev)[:2] == ["ActionTaken", "AttackRolled"] and first(ev, "AttackRolled").attacker == "d"
    touch = [e for e in ev if type(e).__name__ == "AttackRolled"][1]
    assert touch.kind == "touch"
    check = first(ev, "OpposedCheck")
    # grapple check: BAB 2 + Str 3 + size 0 vs BAB 0 + Str 0
    assert (check.attacker_total, check.defender_total) == (20, 5)
    dmg = first(ev, "DamageDealt")
    assert dmg.nonlethal and dmg.amount == 2 + 3               # unarmed 1d3 + Str
    assert b.board().body("a").pos == (3, 2)                    # into the target's space
    assert "grappling" in b.board().body("d").conditions


def test_damage_from_the_attack_of_opportunity_stops_the_grab():
    b = two()
    ok, _, ev = b.act("a", "grapple", {"target": "d"}, dice=[18, 4])
    assert ok and "grappling" not in b.board().body("a").conditions
    assert first(ev, "GrappleChanged").change == "grab_failed"


def test_a_target_two_sizes_larger_cannot_be_held():
    b = two(d={"size": "H", "weapon": "greatclub"}, a={"feats": ["improved_unarmed_strike"]})
    ok, _, ev = b.act("a", "grapple", {"target": "d"}, dice=[19])
    assert ok and first(ev, "GrappleChanged").change == "cannot_hold"


def test_pin_then_the_pinned_creature_can_only_escape_and_ac_minus_4_to_others():
    b, _ = grabbed(extra=[creature("f", "blue", (4, 2), initiative=15, weapon="longsword")])
    b.act("a", "end_turn")
    b.act("f", "end_turn")
    ok, refusal, _ = b.act("d", "grapple_damage", {"target": "a"})
    assert ok
    b.act("d", "end_turn")
    ok, _, ev = b.act("a", "pin", {"target": "d"}, dice=[15, 3])
    assert ok and "pinned" in b.board().body("d").conditions
    b.act("a", "end_turn")
    ok, _, ev = b.act("f", "attack", {"target": "d"}, dice=[10])
    ac = first(ev, "AttackRolled").ac_breakdown
    assert (-4, "untyped", "pinned") in ac and not any(src == "dex" for _v, _k, src in ac)
    b.act("f", "end_turn")
    ok, refusal, _ = b.act("d", "grapple_damage", {"target": "a"})
    assert not ok and refusal.code == "PINNED_ONLY_ESCAPE"
    ok, _, ev = b.act("d", "escape", {}, dice=[19, 2])
    assert ok and "pinned" not in b.board().body("d").conditions and "grappling" in b.board().body("d").conditions


def test_lethal_grapple_damage_takes_minus_4_and_escape_frees_both():
    b, _ = grabbed()
    b.act("a", "end_turn")
    ok, _, ev = b.act("d", "grapple_damage", {"target": "a", "lethal": True}, dice=[20, 2, 3])
    check = first(ev, "OpposedCheck")
    assert (-4, "untyped", "lethal") in check.attacker_breakdown
    assert not first(ev, "DamageDealt").nonlethal
    b.act("d", "end_turn")
    b.act("a", "end_turn")
    ok, _, ev = b.act("d", "escape", {}, dice=[20, 1])
    assert ok and "grappling" not in b.board().body("d").conditions
    assert "grappling" not in b.board().body("a").conditions and b.board().body("d").pos != b.board().body("a").pos


def test_attack_with_a_light_weapon_at_minus_4_and_move_dragging():
    b, _ = grabbed()
    ok, refusal, _ = b.act("a", "grapple_attack", {"target": "d"})
    assert not ok and refusal.code == "NO_STANDARD_ACTION_LEFT"
    b.act("a", "end_turn")
    b.act("d", "end_turn")
    ok, _, ev = b.act("a", "grapple_attack", {"target": "d"}, dice=[10, 2])
    assert ok and (-4, "untyped", "grappling_attack") in first(ev, "AttackRolled").bonus_breakdown
    b.act("a", "end_turn")
    b.act("d", "end_turn")
    ok, _, ev = b.act("a", "grapple_move", {"squares": [[4, 2]]}, dice=[15, 2])
    assert ok and b.board().body("a").pos == (4, 2) and b.board().body("d").pos == (4, 2)


def test_grapplers_threaten_nothing_and_lose_dex_against_outsiders():
    b, _ = grabbed(d={"dex": 16}, extra=[creature("f", "blue", (4, 2), initiative=15, weapon="longsword")])
    b.act("a", "end_turn")
    ok, _, ev = b.act("f", "attack", {"target": "d"}, dice=[10])
    assert not any(src == "dex" for _v, _k, src in first(ev, "AttackRolled").ac_breakdown)
    from game.rules.threat import threatened_squares
    assert threatened_squares(b.board(), b.board().body("d")) == set()


def test_joining_a_grapple_needs_no_grab_and_at_most_four_by_size():
    b, _ = grabbed(extra=[creature("f", "blue", (4, 2), initiative=15, weapon="longsword")])
    b.act("a", "end_turn")
    ok, _, ev = b.act("f", "grapple", {"target": "d"}, dice=[15, 2, 2])
    assert ok and first(ev, "GrappleChanged").change == "joined"
    assert "AttackRolled" not in types(ev)          # no attack of opportunity, no touch attack
    assert b.comp("d", Grapple).holding == {"a", "f"}


def test_garrote_french_text():
    b = two(a={"weapon": "garrote_wire", "str": 14}, d={"weapon": "unarmed", "dex": 14})
    # no AoO (unarmed target), touch 12 vs 10 + size 0, grapple 15 vs 3, wire 1d8 (5) + 1.5 x Str +2 = 8
    ok, _, ev = b.act("a", "garrote", {"target": "d"}, dice=[12, 15, 3, 5])
    touch = first(ev, "AttackRolled")
    assert ok and touch.ac == 10                        # not touch AC: 10 + size, Dex does not help
    assert first(ev, "DamageDealt").amount == 5 + 3
    assert "grappling" in b.board().body("d").conditions
    b.act("a", "end_turn")
    b.act("d", "end_turn")
    ok, refusal, _ = b.act("a", "pin", {"target": "d"})
    assert not ok and refusal.code == "NO_PIN_WHILE_GARROTING"
    ok, _, ev = b.act("a", "garrote", {"target": "d"}, dice=[15, 3, 4])   # each grapple check won: damage again
    assert ok and first(ev, "DamageDealt").amount == 4 + 3


def test_cutting_the_garrote_french_text():
    # "attaquer un objet": AC 11 + 10 cover = 21, -4 to the attack; a cord is rope (2 hp).
    b = two(a={"weapon": "garrote_cord", "str": 14}, d={"weapon": "dagger", "dex": 14, "str": 12, "hp": 40})
    ok, _, ev = b.act("a", "garrote", {"target": "d"}, dice=[12, 15, 3, 4], declined={"d"})
    assert ok and b.comp("a", Grapple).garroting == "d"
    assert b.act("a", "end_turn")[0]
    ok, refusal, ev = b.act("d", "cut_garrote", {}, dice=[5])        # a miss: the garrote stays
    assert ok, refusal
    assert not first(ev, "AttackRolled").hit and b.comp("a", Grapple).garroting == "d"
    b2 = two(a={"weapon": "garrote_cord", "str": 14}, d={"weapon": "dagger", "dex": 14, "str": 12, "hp": 40})
    b2.act("a", "garrote", {"target": "d"}, dice=[12, 15, 3, 4], declined={"d"})
    b2.act("a", "end_turn")
    ok, refusal, ev = b2.act("d", "cut_garrote", {}, dice=[20, 3])
    assert ok, refusal
    hit = first(ev, "AttackRolled")
    assert hit.ac == 21 and (-4, "circumstance", "garrote_at_the_throat") in hit.bonus_breakdown
    cut = first(ev, "ItemDamaged")
    assert cut.destroyed and cut.hardness == 0 and cut.item == "garrote_cord"
    assert b2.comp("a", Grapple).garroting is None and not b2.comp("d", Grapple).holding
    assert b2.board().body("a").weapon.id == "unarmed"
    ok, refusal, _ = b2.act("d", "cut_garrote", {})
    assert not ok and refusal.code == "NOT_GARROTED"


def test_escape_artist_in_place_of_the_grapple_check_takes_its_ranks_and_the_armour_penalty():
    """French text, "lutte": "S'il possède la compétence Évasion, il peut s'en servir à la
    place du test de lutte, mais cela nécessite une action simple"."""
    from game.world.asking import choice_questions
    from game.world.commands import Escape
    b, _ = grabbed(d={"escape_artist": 8, "dex": 14, "armor": "chain_shirt"})
    b.act("a", "end_turn")
    assert "escape_artist" in [q.argument for q in choice_questions(b, Escape("d"))]
    ok, _, ev = b.act("d", "escape", {"escape_artist": True}, dice=[10, 10])
    check = first(ev, "OpposedCheck")
    assert ok and check.attacker_total == 10 + 2 + 8 - 2            # Dex +2, 8 ranks, chain shirt -2
    assert (8, "untyped", "escape_artist") in check.attacker_breakdown
    assert "grappling" not in b.board().body("d").conditions


def test_entering_the_foes_space_provokes_the_others_and_a_fall_lets_go():
    """French text, "lutte": "Ce mouvement l'expose à d'éventuelles attaques d'opportunité,
    mais uniquement de la part des intervenants extérieurs, pas de son adversaire direct.
    Si le personnage ne peut pénétrer dans l'espace de son adversaire, il ne peut poursuivre
    la lutte et doit lâcher immédiatement sa cible"."""
    guard = creature("g", "red", (2, 3), initiative=5, weapon="longsword", str=10)
    b = two(a={"feats": ["improved_unarmed_strike"]}, extra=(guard,))
    ok, _, ev = b.act("a", "grapple", {"target": "d"}, dice=[15, 15, 5, 2, 1])
    aoo = [e for e in ev if type(e).__name__ == "AttackRolled" and e.opportunity]
    assert ok and [e.attacker for e in aoo] == ["g"]                     # the guard, never the grappled foe
    assert b.board().body("a").pos == (3, 2) and "d" in b.comp("a", Grapple).holding
    b = two(a={"feats": ["improved_unarmed_strike"], "hp": 3}, extra=(guard,))
    ok, _, ev = b.act("a", "grapple", {"target": "d"}, dice=[15, 15, 5, 2, 20, 20, 8])
    assert ok and first(ev, "GrappleChanged").change == "cannot_enter"
    assert not b.comp("a", Grapple).holding and not b.comp("d", Grapple).holding
