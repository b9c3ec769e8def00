"""A Web spell's strands are cover (SRD Web: "If you have at least 5 feet of web between
you and an opponent, it provides cover. If you have at least 20 feet of web between you,
you have total cover"): judged by the corner test, the strands' squares between the two
spaces counted on each line, the squares the two stand in not."""
from combat_helpers import creature, prepared_caster

from game.i18n import sentence
from game.rules import sight
from game.world.components import Feats

GRID = "\n".join("." * 20 for _ in range(9))
# Mialee at (1, 4); her web fills the 20-ft spread around the intersection (10, 4): on row
# 4 from x = 6 to x = 13. The orc at (7, 4) has one square of strands, (6, 4), before it;
# the goblin at (15, 4), beyond the web, has eight.


def webbed(**foes):
    places = {"orc": (7, 4), "gob": (15, 4), **foes}
    b = prepared_caster(GRID, "mialee", ["web", "scorching_ray"], level=5, weapon="light_crossbow",
                        foes=[creature(cid, "red", at, initiative=10 - i, hp=30) for i, (cid, at) in enumerate(places.items())])
    ok, refusal, _ = b.act("mialee", "cast", {"spell": "web", "point": [10, 4]}, dice=[1] * len(places))
    assert ok, refusal
    for cid in ("mialee", *places):
        ok, refusal, _ = b.act(cid, "end_turn")
        assert ok, refusal
    return b


def cover_of(b, attacker: str, target: str, attack: str = "ranged") -> str:
    board = b.board()
    return sight.cover(board, board.body(attacker), board.body(target), attack)


def test_strands_between_give_cover_and_six_metres_of_them_total_cover():
    b = webbed()
    assert cover_of(b, "mialee", "orc") == "cover"
    odds = b.odds("mialee", "attack", {"target": "orc"})
    assert any(m.kind == "cover" and m.value == 4 for m in odds.attacks[0].ac_breakdown)
    assert cover_of(b, "mialee", "gob") == "total"
    refusal = b.check("mialee", "attack", {"target": "gob"})
    assert refusal.code == "TOTAL_COVER" and "20 ft" in sentence(refusal.code, refusal.params, "en")
    assert "6 m" in sentence(refusal.code, refusal.params, "fr")
    assert sight.has_line_of_sight(b.board(), b.board().body("mialee"), b.board().body("gob"))   # seen, not struck
    board = b.board()
    kinds = {k for _a, _b, k in sight.cover_lines(board, board.body("mialee"), board.body("orc"), "ranged")}
    assert "web" in kinds                                        # the aim's lines drawn through the strands


def test_the_squares_the_two_stand_in_are_not_between_them():
    """Two creatures side by side in the strands have none between them; one at the web's
    edge shot from outside has none either."""
    b = webbed(near=(8, 4), edge=(6, 3))
    assert cover_of(b, "orc", "near", "melee") == "none"
    board = b.board()
    outside = board.body("mialee").at((5, 3))
    assert sight.cover(board, outside, board.body("edge"), "ranged") == "none"


def test_fire_that_burns_the_strands_takes_their_cover_away():
    b = webbed()
    ok, refusal, _ = b.act("mialee", "cast", {"spell": "scorching_ray", "target": "orc"}, dice=[19, 1, 1, 1, 1, 1, 1])
    assert ok, refusal
    assert (7, 4) not in {sq for o in b.shared_read.overlays.values() for sq in o.squares}
    assert cover_of(b, "mialee", "orc") == "cover"          # (6, 4) still stands before it
    board = b.board()
    assert not board.terrain.is_web((7, 4)) and board.terrain.is_web((6, 4))


def test_a_line_along_the_seam_between_two_squares_of_strands_counts_them():
    """A corner-to-corner line run exactly along the edge between two rows of strands is
    inside them (as a seam between two walls blocks a line)."""
    b = webbed()
    board = b.board()
    me, gob = board.body("mialee"), board.body("gob")
    assert sight.web_between(board.terrain, (2, 8), (30, 8), me, gob) == 8
    assert sight.web_between(board.terrain, (2, 8), (10, 8), me, gob) == 0      # stops short of the strands


def test_a_flask_at_a_creature_behind_strands_meets_their_cover_and_no_weapon_focus():
    """Play-test: a flask thrown through the strands had no cover, and took the Weapon
    Focus of the waraxe in hand. A flask is thrown as itself; cover is the target's."""
    from game.world.components import Hands, Inventory
    b = webbed(deep=(11, 4))                     # within the flask's five increments, 5 squares of strands before it
    b.comp("mialee", Inventory).items.append("alchemists_fire")
    b.comp("mialee", Hands).holding = "alchemists_fire"
    b.comp("mialee", Feats).ids = b.comp("mialee", Feats).ids | {"weapon_focus"}
    b.spec("mialee").feat_choices["weapon_focus"] = "light_crossbow"     # the crossbow in her hand
    b.changed()
    shot = b.odds("mialee", "attack", {"target": "orc"}).attacks[0]
    assert any(m.source == "weapon_focus" for m in shot.bonus_breakdown)  # her bolts have it
    seen = b.odds("mialee", "throw_splash", {"item": "alchemists_fire", "target": "orc"})
    plan = seen.attacks[0]
    assert any(m.kind == "cover" and m.value == 4 for m in plan.ac_breakdown)
    assert not any(m.source == "weapon_focus" for m in plan.bonus_breakdown)
    refusal = b.check("mialee", "throw_splash", {"item": "alchemists_fire", "target": "deep"})
    assert refusal.code == "TOTAL_COVER"
    assert b.check("mialee", "throw_splash", {"item": "alchemists_fire", "intersection": [10, 4]}) is None   # a point: none
