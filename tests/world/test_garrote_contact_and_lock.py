"""Keeping the strangling (French text, "le garrot": "Sauf si vous utilisez un garrot à
verrouillage pour faire votre attaque, vous devez rentrer en contact au plus près de votre
adversaire pour maintenir votre étranglement. Se déplacer déclenche une attaque
d'opportunité provenant de tout autre ennemi présent, mais pas de votre cible"; "À moins
que vous n'utilisiez un garrot à verrouillage, vous et votre adversaire êtes considérés en
situation de lutte tout le temps que vous maintenez votre attaque au garrot")."""
from __future__ import annotations

from combat_helpers import battle, creature, first, types

from game.world.components import Grapple, HitPoints

OPEN = "\n".join("." * 10 for _ in range(6))


def field(garrote: str = "garrote_wire", extra=(), victim=None):
    d_kw = dict(initiative=10, str=10, hp=40, weapon="unarmed")
    d_kw.update(victim or {})
    return battle(OPEN, creature("a", "blue", (2, 2), initiative=20, str=14, bab=2, hp=30, weapon=garrote),
                  creature("d", "red", (3, 2), **d_kw), *extra)


def test_the_garroter_comes_into_contact_provoking_the_others_but_not_its_target():
    guard = creature("g", "red", (2, 1), initiative=5, weapon="longsword", hp=30)
    b = field(extra=(guard,))
    # touch 12, grapple 15 vs 3, wire 1d8 (5) + 3; then the move into contact: the guard's
    # attack of opportunity (a 2, a miss), none from the victim
    ok, refusal, ev = b.act("a", "garrote", {"target": "d"}, dice=[12, 15, 3, 5, 2])
    assert ok, refusal
    takers = [e.attacker for e in ev if type(e).__name__ == "AttackRolled" and e.attacker != "a"]
    assert takers == ["g"]
    assert b.board().body("a").pos == (3, 2)                        # in the victim's space
    assert b.comp("a", Grapple).garroting == "d" and "grappling" in b.board().body("d").conditions
    assert types(ev).index("DamageDealt") < [i for i, e in enumerate(ev) if type(e).__name__ == "AttackRolled"][-1]


def test_a_garroter_felled_on_the_way_into_contact_keeps_no_strangling():
    guard = creature("g", "red", (2, 1), initiative=5, weapon="greataxe", hp=30, str=18, bab=6)
    b = battle(OPEN, creature("a", "blue", (2, 2), initiative=20, str=14, bab=2, hp=4, weapon="garrote_wire"),
               creature("d", "red", (3, 2), initiative=10, hp=40, weapon="unarmed"), guard)
    ok, refusal, ev = b.act("a", "garrote", {"target": "d"}, dice=[12, 15, 3, 5, 19, 12])
    assert ok, refusal
    assert b.comp("a", HitPoints).current <= 0
    assert b.comp("a", Grapple).garroting is None and not b.comp("d", Grapple).holding
    assert b.board().body("a").pos == (2, 2)


def test_a_locking_garrote_locks_round_the_throat_with_no_contact_and_no_grapple():
    b = field("garrote_locking")
    ok, refusal, ev = b.act("a", "garrote", {"target": "d"}, dice=[12, 15, 3, 5])
    assert ok, refusal
    assert first(ev, "DamageDealt").amount == 5 + 3                  # the first pull: 1d8 + 1.5 x Str
    assert b.board().body("a").pos == (2, 2)                         # no need to come into contact
    assert not b.comp("a", Grapple).holding and not b.comp("d", Grapple).holding
    assert "grappling" not in b.board().body("d").conditions
    locked = b.comp("d", Grapple).locked
    assert locked is not None and locked.by == "a" and locked.damage == "1d8"
    assert b.board().body("a").weapon.id == "unarmed"               # it left the garroter's hands
    # the garroter is free to go: no grapple holds it
    assert b.act("a", "move", {"squares": [[1, 2], [0, 2]]})[0]
    # the locked garrote strangles at the start of the victim's turn: 1d8 (4), no Strength
    hp = b.comp("d", HitPoints).current
    ok, refusal, ev = b.act("a", "end_turn", {}, dice=[4])
    assert ok, refusal
    assert b.turn == "d" and b.comp("d", HitPoints).current == hp - 4
    strangled = first(ev, "DamageDealt")
    assert (strangled.attacker, strangled.target, strangled.bonus) == ("a", "d", 0)


def locked_victim(strength: int):
    b = field("garrote_locking", victim={"weapon": "dagger", "str": strength})
    assert b.act("a", "garrote", {"target": "d"}, dice=[12, 15, 3, 5], declined={"d"})[0]
    assert b.act("a", "end_turn", {}, dice=[4])[0] and b.turn == "d"
    return b


def test_the_victim_of_a_locked_garrote_cannot_speak_and_cuts_it_off():
    b = locked_victim(12)
    ok, refusal, _ = b.act("d", "speak", {"text": "Help!"})
    assert not ok and refusal.code == "CANNOT_SPEAK"
    ok, refusal, ev = b.act("d", "cut_garrote", {}, dice=[5])              # a miss against AC 21
    assert ok and not first(ev, "AttackRolled").hit and b.comp("d", Grapple).locked is not None
    weak = locked_victim(12)
    ok, refusal, ev = weak.act("d", "cut_garrote", {}, dice=[20, 4])       # 1d4 (4) + 1 = 5: a wire's hardness 10 holds
    assert ok, refusal
    hit = first(ev, "AttackRolled")
    assert hit.ac == 21 and (-4, "circumstance", "garrote_at_the_throat") in hit.bonus_breakdown
    damaged = first(ev, "ItemDamaged")
    assert damaged.hardness == 10 and not damaged.destroyed and weak.comp("d", Grapple).locked.hp == 2
    strong = locked_victim(30)
    ok, refusal, ev = strong.act("d", "cut_garrote", {}, dice=[20, 4])     # 4 + 10 = 14: 4 past the hardness, 2 hp
    assert ok, refusal
    assert first(ev, "ItemDamaged").destroyed and strong.comp("d", Grapple).locked is None
    assert "garrote_cut" in [e.change for e in ev if type(e).__name__ == "GrappleChanged"]
    assert strong.act("d", "speak", {"text": "Help!"})[0]                   # it breathes again
    ok, refusal, _ = strong.act("d", "cut_garrote", {})
    assert not ok and refusal.code == "NOT_GARROTED"


def test_a_friend_next_to_the_victim_cuts_the_locked_garrote_off_its_throat():
    """"les amis et la victime arrêtent généralement toute poursuite de l'agresseur pour
    délivrer leur compagnon du garrot": a locked garrote is cut off a friend's throat too."""
    friend = creature("e", "red", (4, 2), initiative=5, weapon="dagger", str=30, hp=20)
    far = creature("f", "red", (8, 5), initiative=4, weapon="dagger", str=30, hp=20)
    b = field("garrote_locking", extra=(friend, far))
    assert b.act("a", "garrote", {"target": "d"}, dice=[12, 15, 3, 5])[0]
    assert b.act("a", "end_turn", {}, dice=[4])[0]
    assert b.act("d", "end_turn")[0] and b.turn == "e"
    option = b.options("e")["cut_garrote"]
    assert option.legal and option.domain["targets"] == ["d"]
    ok, refusal, _ = b.act("e", "cut_garrote", {})
    assert not ok and refusal.code == "NOT_GARROTED"                     # nothing round its own throat
    ok, refusal, ev = b.act("e", "cut_garrote", {"target": "d"}, dice=[20, 4])   # 4 + 10 = 14, past hardness 10
    assert ok, refusal
    hit = first(ev, "AttackRolled")
    assert (hit.attacker, hit.target, hit.ac) == ("e", "d", 21)
    assert first(ev, "ItemDamaged").destroyed and b.comp("d", Grapple).locked is None
    assert b.act("e", "end_turn")[0] and b.turn == "f"
    b2 = field("garrote_locking", extra=(friend, far))
    b2.act("a", "garrote", {"target": "d"}, dice=[12, 15, 3, 5])
    b2.act("a", "end_turn", {}, dice=[4])
    b2.act("d", "end_turn")
    b2.act("e", "end_turn")
    ok, refusal, _ = b2.act("f", "cut_garrote", {"target": "d"})
    assert not ok and refusal.code == "OUT_OF_REACH"                    # it must stand next to the victim
