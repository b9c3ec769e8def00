"""Fire burns a Web spell's strands away (SRD Web: "Any fire [...] can set the webs alight
and burn away one 5-foot square in 1 round. All creatures within flaming webs take 2d4
points of fire damage from the flames"; our reading in README "Rulings", Web: the
squares the fire reaches burn at once, the rest of the strands stay)."""
from combat_helpers import creature, first, prepared_caster

from game.world.components import Conditions, Hands, Inventory

GRID = "\n".join("." * 20 for _ in range(9))
# Mialee's web fills the 20-ft spread around the intersection (10, 4): its squares run
# from x = 6 to x = 13 on row 4; a fireball at (16, 4) reaches four of them, (12..13, 3..4).
FIREBALL_REACHES = {(12, 3), (12, 4), (13, 3), (13, 4)}


def webbed(spells=("web", "fireball"), level=5, gob_at=(12, 4), **mialee):
    """The orc at (7, 4) and the goblin glued in Mialee's web (two failed saves); then
    round 2, Mialee's turn again."""
    b = prepared_caster(GRID, "mialee", list(spells), level=level,
                        foes=[creature("orc", "red", (7, 4), initiative=10, hp=30),
                              creature("gob", "red", gob_at, initiative=9, hp=30)], **mialee)
    ok, refusal, _ = b.act("mialee", "cast", {"spell": "web", "point": [10, 4]}, dice=[1, 1])
    assert ok, refusal
    for cid in ("mialee", "orc", "gob"):
        ok, refusal, _ = b.act(cid, "end_turn")
        assert ok, refusal
    assert b.turn == "mialee"
    return b


def web_squares(b) -> set:
    return {sq for o in b.shared_read.overlays.values() if o.kind == "web" for sq in o.squares}


def hurt(ev) -> list:
    return [(e.attacker, e.target, e.amount) for e in ev if type(e).__name__ == "DamageDealt"]


def test_a_fireball_burns_away_the_strands_it_reaches_and_the_flames_burn_who_is_in_them():
    b = webbed()
    before = web_squares(b)
    assert {"glued", "entangled"} <= b.comp("gob", Conditions).ids
    ok, refusal, ev = b.act("mialee", "cast", {"spell": "fireball", "point": [16, 4]},
                            dice=[3, 3, 3, 3, 3, 1, 2, 3])         # 5d6 = 15; the goblin's save 1; the flames 2d4 = 5
    assert ok, refusal
    burned = first(ev, "WebBurned")
    assert set(burned.squares) == FIREBALL_REACHES and burned.caught == ("gob",) and burned.amount == 5
    assert hurt(ev) == [("mialee", "gob", 15), ("burning_web", "gob", 5)]
    # the rest of the strands stay, the orc glued in them; the goblin is out of every web: free
    assert web_squares(b) == before - FIREBALL_REACHES and (7, 4) in web_squares(b)
    assert "glued" in b.comp("orc", Conditions).ids
    assert not {"glued", "entangled"} & b.comp("gob", Conditions).ids
    # the burned squares are floor again, no longer hard going
    terrain = b.board().terrain
    assert terrain.is_difficult((7, 4)) and not terrain.is_difficult((12, 4))


def test_asking_about_the_fireball_burns_nothing():
    b = webbed()
    before = web_squares(b)
    command = b.command("mialee", "cast", {"spell": "fireball", "point": [16, 4]})
    assert b.check(command) is None
    b.preview(command)
    b.odds(command)
    assert web_squares(b) == before and "glued" in b.comp("gob", Conditions).ids


def test_a_fire_that_reaches_no_strand_burns_none():
    b = webbed()
    before = web_squares(b)
    ok, refusal, ev = b.act("mialee", "cast", {"spell": "fireball", "point": [20, 8]}, dice=[3, 3, 3, 3, 3])
    assert ok, refusal
    assert "WebBurned" not in [type(e).__name__ for e in ev] and web_squares(b) == before


def test_a_scorching_ray_sets_alight_the_strands_of_the_creature_it_strikes():
    b = webbed(spells=("web", "scorching_ray"), level=3, gob_at=(6, 4))       # within the ray's 9 m
    ok, refusal, ev = b.act("mialee", "cast", {"spell": "scorching_ray", "target": "gob"},
                            dice=[18, 2, 2, 2, 2, 1, 1])           # the touch hits; 4d6 = 8; the flames 2
    assert ok, refusal
    burned = first(ev, "WebBurned")
    assert burned.squares == ((6, 4),) and burned.caught == ("gob",)
    assert hurt(ev) == [("mialee", "gob", 8), ("burning_web", "gob", 2)]
    assert (6, 4) not in web_squares(b) and (6, 3) in web_squares(b)


def test_alchemists_fire_burns_the_strands_around_where_it_lands():
    b = webbed(spells=("web",), level=3, gob_at=(8, 4))
    b.comp("mialee", Inventory).items.append("alchemists_fire")
    b.comp("mialee", Hands).holding = "alchemists_fire"
    before = web_squares(b)
    ok, refusal, ev = b.act("mialee", "throw_splash", {"item": "alchemists_fire", "target": "orc"},
                            dice=[19, 4, 1, 2])                    # the touch hits; 1d6 = 4; the flames 2d4 = 3
    assert ok, refusal
    burned = first(ev, "WebBurned")
    # the orc's square and every square within 1.5 m of it that the web fills
    assert set(burned.squares) == {(x, y) for x in (6, 7, 8) for y in (3, 4, 5)} & before
    assert (7, 4) in burned.squares and (8, 4) in burned.squares and burned.caught == ("gob", "orc")
    # the orc: the flask's 1d6, then the flames; the goblin beside it: the splash's 1, then the flames
    assert hurt(ev) == [("mialee", "orc", 4), ("mialee", "gob", 1), ("burning_web", "gob", 3), ("burning_web", "orc", 3)]
    assert not {"glued", "entangled"} & (b.comp("orc", Conditions).ids | b.comp("gob", Conditions).ids)


def test_a_creature_burning_with_alchemists_fire_burns_the_strands_it_stands_in():
    b = webbed(spells=("web",), level=3)
    ok, refusal, _ = b.act("mialee", "end_turn")
    assert ok, refusal
    b.comp("orc", Conditions).ids.add("burning")          # the oil of an earlier flask still on it
    ok, refusal, ev = b.act("orc", "end_turn", dice=[3, 1, 1])   # it burns again: 1d6 = 3; the flames 2
    assert ok, refusal
    burned = first(ev, "WebBurned")
    assert burned.by == "orc" and burned.squares == ((7, 4),) and burned.caught == ("orc",)
    assert hurt(ev) == [("alchemists_fire", "orc", 3), ("burning_web", "orc", 2)]
    assert "glued" not in b.comp("orc", Conditions).ids and (7, 3) in web_squares(b)
