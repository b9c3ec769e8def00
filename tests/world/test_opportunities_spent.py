"""A creature that has made every attack of opportunity it has this round provokes no more
(digest §4.3: one a round, 1 + Dex with Combat Reflexes) — in the path the engine offers
and warns of (``views.path``: the window's move preview, the computer's weighing) as in
the move it plays. The play-test found the move's preview naming a gnoll whose only
attack had gone on the archer's shot."""
from combat_helpers import battle, creature, types

from game.world import views
from game.world.components import AttacksOfOpportunity

GRID = "\n".join("." * 12 for _ in range(7))


def shot_beside(**gnoll):
    """The archer shoots the ogre with the gnoll beside it: the shot provokes the gnoll,
    which strikes and misses (its attack spent, unless it has Combat Reflexes)."""
    kw = dict(initiative=5, hp=20, weapon="battleaxe")
    kw.update(gnoll)
    b = battle(GRID, creature("archer", "blue", (3, 3), initiative=20, hp=20, weapon="shortbow"),
               creature("gnoll", "red", (4, 3), **kw),
               creature("ogre", "red", (10, 3), initiative=4, hp=30))
    before = views.path(b, "archer", (1, 3), "move")
    assert [taker for taker, _at in before.provokes] == ["gnoll"]          # leaving its reach provokes it
    ok, refusal, ev = b.act("archer", "attack", {"target": "ogre"}, dice=[1, 1])   # the gnoll misses; so does the shot
    assert ok, refusal
    assert b.read("gnoll", AttacksOfOpportunity).used == 1
    return b


def test_a_creature_whose_one_attack_is_spent_is_not_warned_of_nor_strikes():
    b = shot_beside()
    seen = views.path(b, "archer", (1, 3), "move")
    assert seen.legal and seen.provokes == ()
    assert b.board().body("gnoll").can_make_aoo() is False and b.board().body("gnoll").threat_band() is not None
    ok, refusal, ev = b.act("archer", "move", {"squares": [list(sq) for sq in seen.squares]})
    assert ok, refusal
    assert "AttackRolled" not in types(ev)


def test_with_combat_reflexes_it_still_has_one_and_is_warned_of():
    b = shot_beside(feats=["combat_reflexes"], dex=14)     # 1 + 2 a round
    seen = views.path(b, "archer", (1, 3), "move")
    assert [taker for taker, _at in seen.provokes] == ["gnoll"]
    ok, refusal, ev = b.act("archer", "move", {"squares": [list(sq) for sq in seen.squares]}, dice=[1])
    assert ok, refusal
    assert types(ev).count("AttackRolled") == 1


def test_its_attacks_come_back_at_its_next_turn():
    b = shot_beside()
    ok, refusal, _ = b.act("archer", "end_turn")
    assert ok, refusal
    assert b.turn == "gnoll"
    assert b.board().body("gnoll").can_make_aoo()


def test_a_reach_weapon_against_a_foe_beside_it_is_refused_as_too_close():
    """SRD-EQ Reach ("can't use it against an adjacent foe"): the refusal says too close,
    naming the weapon — the play-test read "out of reach" for a foe standing next to it;
    a foe too far is still out of reach."""
    from game.i18n import sentence
    b = battle(GRID, creature("brenna", "blue", (3, 3), initiative=20, hp=20, weapon="longspear"),
               creature("near", "red", (4, 3), initiative=5, hp=20), creature("far", "red", (8, 3), initiative=4, hp=20))
    close = b.check("brenna", "attack", {"target": "near"})
    assert close.code == "TOO_CLOSE_FOR_REACH" and close.params == {"target": "near", "weapon": "longspear"}
    assert "longspear" in sentence(close.code, close.params, "en").lower()
    assert "trop près" in sentence(close.code, close.params, "fr")
    assert b.check("brenna", "attack", {"target": "far"}).code == "OUT_OF_REACH"
    # the attack button, greyed with the nearest foe's reason, says so before any click
    assert b.options("brenna")["attack"].refusal.code == "TOO_CLOSE_FOR_REACH"


def test_a_dwarf_dodges_a_giants_blows():
    """SRD Dwarf (the bestiary's ``dwarf_combat_training``, which nothing read: the second
    play-test saw the ogre hit Tordek's AC 19): +4 dodge to AC against a giant — an ogre,
    a troll, a hill giant —, not against an orc; lost with the Dex bonus."""
    b = battle(GRID, creature("tordek", "blue", (3, 3), initiative=20, template="tordek_1"),
               creature("ogre", "red", (4, 3), initiative=5, template="ogre"),
               creature("orc", "red", (3, 4), initiative=4, template="orc"))
    ok, refusal, _ = b.act("tordek", "end_turn")
    assert ok, refusal

    def ac_against(attacker):
        plan = b.odds(attacker, "attack", {"target": "tordek"}).attacks[0]
        return plan.ac, [m for m in plan.ac_breakdown if m.source == "dwarf_combat_training"]
    ogre_ac, dodge = ac_against("ogre")
    assert [(m.value, m.kind) for m in dodge] == [(4, "dodge")]
    ok, refusal, _ = b.act("ogre", "end_turn")
    assert ok, refusal
    orc_ac, none = ac_against("orc")
    assert none == [] and ogre_ac == orc_ac + 4
