"""A Large monstrous spider's web (SRD monstrous spider "Web", data-digest §4d): a ranged
touch attack like a net, 8 a day, 15 m at most in 3 m increments, up to one size larger;
the creature caught is entangled and cannot move; Escape Artist DC 13 or Strength DC 17,
a standard action."""
from __future__ import annotations

from game.content.scenario import parse_scenario
from game.engine import Battle

NEST = """
seed = 9
[map]
grid = \"\"\"
..................
..................
..................
..................
..................
\"\"\"
[[creature]]
id = "spider"
side = "red"
at = [0, 0]
template = "monstrous_spider_large"
initiative = 20

[[creature]]
id = "hero"
side = "blue"
at = [6, 0]
weapon = "longsword"
str = 14
dex = 12
escape_artist = 4
initiative = 10

[[creature]]
id = "giant"
side = "blue"
at = [14, 0]
size = "G"
initiative = 5
"""


def nest() -> Battle:
    return Battle(parse_scenario(NEST, "nest.toml"))


def test_a_web_that_hits_entangles_and_anchors_the_target():
    b = nest()
    ok, refusal, events = b.act("spider", "web", {"target": "hero"}, dice=[15])
    assert ok, refusal
    roll = next(e for e in events if type(e).__name__ == "AttackRolled")
    assert roll.kind == "ranged_touch" and roll.hit
    # 25 ft away: the 3rd range increment, -4
    assert (-4, "untyped", "range") in roll.bonus_breakdown
    conds = b.board().body("hero").conditions
    assert "entangled" in conds and "glued" in conds
    assert b.act("spider", "end_turn", {})[0]
    ok, refusal, _ = b.act("hero", "move", {"squares": [[7, 0]]})
    assert not ok                                                     # anchored in place
    ok, refusal, _ = b.act("hero", "five_foot_step", {"to": [7, 0]})
    assert not ok


def test_a_miss_leaves_the_target_free_and_spends_a_use():
    b = nest()
    ok, _r, events = b.act("spider", "web", {"target": "hero"}, dice=[2])
    assert ok and not next(e for e in events if type(e).__name__ == "AttackRolled").hit
    assert "entangled" not in b.board().body("hero").conditions
    assert b.web_uses["spider"] == 1


def test_escape_artist_dc_13_or_strength_dc_17_as_a_standard_action():
    b = nest()
    assert b.act("spider", "web", {"target": "hero"}, dice=[15])[0]
    assert b.act("spider", "end_turn", {})[0]
    # Escape Artist: Dex +1 and 4 ranks = +5; 7 + 5 = 12 < 13, a failure that spends the action
    ok, _r, events = b.act("hero", "break_free", {"method": "escape_artist"}, dice=[7])
    check = next(e for e in events if type(e).__name__ == "SavingThrow")
    assert ok and (check.bonus, check.dc, check.success) == (5, 13, False)
    assert "entangled" in b.board().body("hero").conditions
    assert b.state()["actions_left"]["move"] and not b.state()["actions_left"]["standard"]
    assert b.act("hero", "end_turn", {})[0] and b.act("giant", "end_turn", {})[0]
    assert b.act("spider", "end_turn", {})[0]
    # Strength +2 against 17: a 15 bursts it
    ok, _r, events = b.act("hero", "break_free", {"method": "strength"}, dice=[15])
    check = next(e for e in events if type(e).__name__ == "SavingThrow")
    assert ok and (check.bonus, check.dc, check.success) == (2, 17, True)
    conds = b.board().body("hero").conditions
    assert "entangled" not in conds and "glued" not in conds
    assert b.act("hero", "move", {"squares": [[7, 0]]})[0]            # free to move again


def test_web_refusals_change_nothing():
    b = nest()
    before = b.state()
    ok, refusal, _ = b.act("spider", "web", {"target": "giant"})
    assert not ok and refusal.code == "TARGET_TOO_BIG"               # Gargantuan: two sizes larger
    ok, refusal, _ = b.act("hero", "web", {"target": "spider"})
    assert not ok and refusal.code == "NOT_YOUR_TURN"
    ok, refusal, _ = b.act("spider", "web", {"target": "spider"})
    assert not ok and refusal.code == "BAD_ARGUMENT"
    assert b.state() == before and "spider" not in b.web_uses
    far = Battle(parse_scenario(NEST.replace("at = [6, 0]", "at = [13, 2]").replace("at = [14, 0]", "at = [14, 1]"),
                                "nest.toml"))
    ok, refusal, _ = far.act("spider", "web", {"target": "hero"})
    assert not ok and refusal.code == "OUT_OF_RANGE"                  # 12 squares: beyond 15 m
    hero_first = Battle(parse_scenario(NEST.replace("initiative = 20", "initiative = 1"), "nest.toml"))
    ok, refusal, _ = hero_first.act("hero", "web", {"target": "spider"})
    assert not ok and refusal.code == "NO_WEB"


def test_eight_webs_a_day():
    b = nest()
    b.web_uses["spider"] = 7                      # seven thrown earlier today
    assert b.act("spider", "web", {"target": "hero"}, dice=[2])[0]
    assert b.web_uses["spider"] == 8
    again = nest()
    again.web_uses["spider"] = 8
    ok, refusal, _ = again.act("spider", "web", {"target": "hero"})
    assert not ok and refusal.code == "WEB_USED_UP" and refusal.params["per_day"] == 8
