"""Fire burns a Web spell's strands away (SRD Web: "Any fire [...] can set the webs alight
and burn away one 5-foot square in 1 round. All creatures within flaming webs take 2d4
points of fire damage from the flames"; our reading in README "Rulings", Web: the
squares the fire reaches burn at once, the rest of the strands stay)."""
from combat_helpers import creature, first, prepared_caster

from game.world.components import Conditions, Hands, HitPoints, Inventory, Position
from game.world.damage import status_of, sync_health

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


def test_burning_hands_burns_the_strands_of_its_cone():
    b = webbed(spells=("web", "burning_hands"), level=5, gob_at=(6, 4))
    before = web_squares(b)
    # Mialee steps up to the web's edge: the cone from (5, 4) eastward reaches the strands
    b.comp("mialee", Position).x, b.comp("mialee", Position).y = 5, 4
    b.changed()
    ok, refusal, ev = b.act("mialee", "cast", {"spell": "burning_hands", "point": [6, 4], "direction": [1, 0]},
                            dice=[1] * 5 + [1, 1] + [2, 2])
    assert ok, refusal
    burned = first(ev, "WebBurned")
    assert burned.squares and set(burned.squares) <= before and (6, 4) in burned.squares
    assert not set(burned.squares) & web_squares(b) and "gob" in burned.caught


def test_a_flaming_sphere_rolled_through_the_strands_burns_them_on_its_way():
    """SRD Flaming Sphere: it "ignites flammable substances it touches" — strands it rolls
    through burn though nobody is in them (no die for the flames then)."""
    b = webbed(spells=("web", "flaming_sphere"), level=5)
    ok, refusal, _ = b.act("mialee", "cast", {"spell": "flaming_sphere", "point": [5, 6]}, dice=[20])
    assert ok, refusal
    for cid in ("mialee", "orc", "gob"):
        ok, refusal, _ = b.act(cid, "end_turn")
        assert ok, refusal
    ok, refusal, ev = b.act("mialee", "direct_spell", {"squares": [[6, 6], [7, 6], [8, 6]]})
    assert ok, refusal
    burned = [e for e in ev if type(e).__name__ == "WebBurned"]
    assert [e.squares for e in burned] == [((7, 6),), ((8, 6),)] and all(e.caught == () and e.dice == () for e in burned)
    assert not {(7, 6), (8, 6)} & web_squares(b)


def test_a_large_creature_half_in_the_strands_is_freed_once_its_squares_of_them_burn():
    """An ogre (Large, 2 by 2) with half its space in the strands is caught by them; a ray
    that strikes it burns the strands in its space — only those — and it is free."""
    big = prepared_caster(GRID, "mialee", ["web", "scorching_ray"], level=3,
                          foes=[creature("ogre", "red", (5, 3), initiative=10, hp=40, size="L")])
    ok, refusal, _ = big.act("mialee", "cast", {"spell": "web", "point": [10, 4]}, dice=[1])
    assert ok, refusal
    assert {"entangled", "glued"} <= big.comp("ogre", Conditions).ids
    for cid in ("mialee", "ogre"):
        ok, refusal, _ = big.act(cid, "end_turn")
        assert ok, refusal
    before = web_squares(big)
    ok, refusal, ev = big.act("mialee", "cast", {"spell": "scorching_ray", "target": "ogre"},
                              dice=[19, 1, 1, 1, 1, 2, 2])
    assert ok, refusal
    burned = first(ev, "WebBurned")
    assert set(burned.squares) == {(6, 3), (6, 4)} and burned.caught == ("ogre",) and burned.amount == 4
    assert web_squares(big) == before - {(6, 3), (6, 4)}
    assert not {"entangled", "glued"} & big.comp("ogre", Conditions).ids


def test_a_creature_the_flames_kill_is_left_dead_and_a_flask_without_fire_burns_nothing():
    b = webbed(spells=("web",), level=3, gob_at=(8, 4))
    b.comp("gob", HitPoints).current = -1                # already dying in the strands
    sync_health(b, "gob")
    b.comp("mialee", Inventory).items.extend(["alchemists_fire", "acid_flask"])
    b.comp("mialee", Hands).holding = "acid_flask"
    before = web_squares(b)
    ok, refusal, ev = b.act("mialee", "throw_splash", {"item": "acid_flask", "target": "orc"}, dice=[19, 1])
    assert ok, refusal
    assert "WebBurned" not in [type(e).__name__ for e in ev] and web_squares(b) == before
    ok, refusal, _ = b.act("mialee", "end_turn")
    for cid in ("orc", "gob"):
        ok, refusal, _ = b.act(cid, "end_turn")
    b.comp("mialee", Hands).holding = "alchemists_fire"
    ok, refusal, ev = b.act("mialee", "throw_splash", {"item": "alchemists_fire", "target": "orc"}, dice=[19, 1, 4, 4])
    assert ok, refusal
    burned = first(ev, "WebBurned")
    assert burned.caught == ("gob", "orc") and burned.amount == 8
    # the goblin (-1 hp) took the splash's 1 and then the flames' 8: dead at -10, and left so
    assert status_of(b, "gob") == "dead" and b.read("orc", HitPoints).current == 30 - 1 - 1 - 8   # acid, oil, flames


def test_only_strands_on_the_map_burn():
    """The screenshot of a fireball over a web on a small map bloomed beyond its edge: the
    spread's squares off the map are in the spell's area, not strands to burn."""
    small = "\n".join("." * 12 for _ in range(6))
    b = prepared_caster(small, "mialee", ["web", "fireball"], level=5,
                        foes=[creature("orc", "red", (8, 2), initiative=10, hp=60)])
    ok, refusal, _ = b.act("mialee", "cast", {"spell": "web", "point": [8, 2]}, dice=[1])
    assert ok, refusal
    assert any(y < 0 for _x, y in web_squares(b))               # the spread runs off the map's top
    for cid in ("mialee", "orc"):
        ok, refusal, _ = b.act(cid, "end_turn")
        assert ok, refusal
    ok, refusal, ev = b.act("mialee", "cast", {"spell": "fireball", "point": [8, 2]}, dice=[1] * 5 + [20, 1, 1])
    assert ok, refusal
    burned = first(ev, "WebBurned")
    assert burned.squares and all(0 <= x < 12 and 0 <= y < 6 for x, y in burned.squares)
