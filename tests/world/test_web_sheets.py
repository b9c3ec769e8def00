"""Web sheets (SRD Monstrous Spider, "Web": "Approaching creatures must succeed on a DC 20
Spot check to notice a web; otherwise they stumble into it and become trapped as though by
a successful web attack. Attempts to escape or burst the webbing gain a +5 bonus if the
trapped creature has something to walk on or grab while pulling free. Each 5-foot-square
section has the hit points given on the table, and sheet webs have damage reduction 5/—.
A monstrous spider can move across its own web at its climb speed"; data-digest §4d: 12
hp, DR 5/—)."""
from __future__ import annotations

from game.content.scenario import parse_scenario
from game.engine import Battle
from game.world.components import Conditions, Webs

LAIR = """
seed = 5
[map]
grid = \"\"\"
............
....%%......
....%%......
............
\"\"\"
[[creature]]
id = "hero"
side = "blue"
at = [1, 1]
weapon = "longsword"
wis = 10
initiative = 20

[[creature]]
id = "spider"
side = "red"
at = [9, 0]
template = "monstrous_spider_large"
initiative = 10
"""


def battle(text: str = LAIR) -> Battle:
    return Battle(parse_scenario(text, "lair.toml"))


def named(events, name):
    return [e for e in events if type(e).__name__ == name]


def test_a_creature_that_misses_its_spot_check_stumbles_in_and_is_caught_as_by_a_web_attack():
    b = battle()
    ok, refusal, ev = b.act("hero", "move", {"squares": [[2, 1], [3, 1], [4, 1], [5, 1]]}, dice=[19])
    assert ok, refusal
    spot = named(ev, "SavingThrow")[0]
    assert (spot.kind, spot.d20, spot.bonus, spot.dc, spot.success) == ("spot", 19, 0, 20, False)
    assert b.board().body("hero").pos == (4, 1)                     # "they stumble into it": the move ends there
    assert named(ev, "Moved")[0].path[-1] == (4, 1)
    assert {"entangled", "glued"} <= b.comp("hero", Conditions).ids
    caught = b.comp("hero", Webs).caught
    assert (caught.escape_dc, caught.burst_dc, caught.footing) == (13, 17, 5)   # the spider's DCs, +5 on the ground
    ok, refusal, _ = b.act("hero", "move", {"squares": [[3, 1]]})
    assert not ok                                                    # anchored in the web


def test_escaping_or_bursting_the_sheet_gains_5_for_the_ground_underfoot():
    b = battle()
    b.act("hero", "move", {"squares": [[2, 1], [3, 1], [4, 1]]}, dice=[1])
    b.act("hero", "end_turn")
    b.act("spider", "end_turn")
    # Strength 10 (+0) + 5 against the burst DC 17: a 12 frees it, which a thrown web's would not
    ok, refusal, ev = b.act("hero", "break_free", {"method": "strength"}, dice=[12])
    assert ok, refusal
    check = named(ev, "SavingThrow")[0]
    assert (check.bonus, check.dc, check.success) == (5, 17, True)
    assert b.comp("hero", Webs).caught is None and "glued" not in b.comp("hero", Conditions).ids


def test_a_creature_that_notices_the_web_stops_short_and_walks_in_only_knowingly():
    b = battle()
    ok, refusal, ev = b.act("hero", "move", {"squares": [[2, 1], [3, 1], [4, 1], [5, 1]]}, dice=[20])
    assert ok, refusal
    assert named(ev, "SavingThrow")[0].success
    assert b.board().body("hero").pos == (3, 1) and b.comp("hero", Webs).caught is None
    assert named(ev, "MovementStopped")[0].reason == "noticed_web"
    assert b.comp("hero", Webs).noticed == {(4, 1), (5, 1), (4, 2), (5, 2)}   # the whole sheet
    # a noticed web is walked into knowingly: caught, with no check
    ok, refusal, ev = b.act("hero", "move", {"squares": [[4, 2]]}, dice=[])
    assert ok, refusal
    assert not named(ev, "SavingThrow") and b.comp("hero", Webs).caught is not None


def test_the_spider_walks_its_own_web_at_its_climb_speed_and_is_never_caught():
    text = LAIR.replace('at = [9, 0]\ntemplate', 'at = [6, 1]\ntemplate')
    b = battle(text)
    b.act("hero", "end_turn")
    # climb 20 ft = 4 squares across the web, though it runs 30 ft on the ground
    ok, refusal, _ = b.act("spider", "move", {"squares": [[5, 1], [4, 1], [3, 1], [2, 1], [2, 2]]})
    assert not ok
    ok, refusal, ev = b.act("spider", "move", {"squares": [[5, 1], [4, 1], [3, 1]]}, dice=[])
    assert ok, refusal
    assert b.comp("spider", Webs).caught is None and not named(ev, "SavingThrow")
    assert "glued" not in b.comp("spider", Conditions).ids


def test_cutting_a_section_its_hit_points_and_damage_reduction():
    text = LAIR.replace('weapon = "longsword"', 'weapon = "greatsword"\nstr = 18')
    b = battle(text)
    assert b.act("hero", "five_foot_step", {"to": [2, 1]})[0]
    b.act("hero", "end_turn")
    b.act("spider", "end_turn")
    assert b.act("hero", "move", {"squares": [[3, 1]]})[0]
    ok, refusal, ev = b.act("hero", "cut_web", {"at": [4, 1]}, dice=[1])          # a 1 misses even AC 3
    assert ok and not named(ev, "WebStruck")[0].hit
    b.act("hero", "end_turn")
    b.act("spider", "end_turn")
    # 2d6 (2+2) + 1.5 x Str 4 = 10, DR 5: 5 off its 12 hit points
    ok, refusal, ev = b.act("hero", "cut_web", {"at": [4, 1]}, dice=[10, 2, 2])
    assert ok, refusal
    struck = named(ev, "WebStruck")[0]
    assert (struck.ac, struck.damage, struck.reduction, struck.hp_left) == (3, 10, 5, 7)
    assert b.board().terrain.kind((4, 1)).id == "web_sheet"
    b.act("hero", "end_turn")
    b.act("spider", "end_turn")
    ok, refusal, ev = b.act("hero", "cut_web", {"at": [4, 1]}, dice=[10, 6, 6])  # 18 - 5 = 13: cut away
    assert ok, refusal
    assert named(ev, "WebStruck")[0].hp_left == 0
    assert b.board().terrain.kind((4, 1)).id == "floor"
    b.act("hero", "end_turn")
    b.act("spider", "end_turn")
    ok, refusal, _ = b.act("hero", "cut_web", {"at": [4, 1]})
    assert not ok and refusal.code == "NOT_A_WEB_SHEET"


def test_cutting_the_section_frees_whoever_it_holds_and_refusals_change_nothing():
    b = battle()
    b.act("hero", "move", {"squares": [[2, 1], [3, 1], [4, 1]]}, dice=[1])
    before = b.state()
    for args, code in [({"at": [8, 3]}, "NOT_A_WEB_SHEET"), ({"at": "here"}, "BAD_ARGUMENT")]:
        ok, refusal, _ = b.act("hero", "cut_web", args)
        assert not ok and refusal.code == code
    assert b.state() == before
    b.act("hero", "end_turn")
    b.act("spider", "end_turn")
    b.shared.web_hp[(4, 1)] = 1                                      # a section nearly cut through
    ok, refusal, ev = b.act("hero", "cut_web", {"at": [4, 1]}, dice=[15, 8])
    assert ok, refusal
    assert b.comp("hero", Webs).caught is None and "entangled" not in b.comp("hero", Conditions).ids
    far = battle()
    ok, refusal, _ = far.act("hero", "cut_web", {"at": [4, 1]})
    assert not ok and refusal.code == "NO_WEB_SHEET_NEAR"
