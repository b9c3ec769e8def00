"""An area spell's preview names whom the area catches before any die (``asking.Recorder``,
``Odds.caught``): each with the save it will roll and its mean damage; a spell of 1 round
(sleep) as it would catch them now; nothing changes. A save for half is dealt as half the
roll and the event says so (``DamageDealt.halved``), rather than as a negative bonus."""
import io
import json

from combat_helpers import creature, prepared_caster

from game.query import run
from game.world.components import HitPoints, Spellcasting

GRID = "\n".join("." * 14 for _ in range(9))


def gnoll(cid, at, **kw):
    g = dict(initiative=10, hp=30, hd=2, ref=1, will=0)
    g.update(kw)
    return creature(cid, "red", at, **g)


def wizard(spells, *others):
    return prepared_caster(GRID, "wiz", spells, "wizard", 5, others)


def test_a_fireball_preview_names_everyone_in_the_burst_with_its_save_and_mean_damage():
    b = wizard(["fireball"], gnoll("g1", (8, 4)), gnoll("g2", (9, 5), ref=19), gnoll("far", (13, 0)),
               creature("friend", "blue", (8, 5), initiative=5, hp=20))
    before = b.state()
    odds = b.odds("wiz", "cast", {"spell": "fireball", "point": [9, 5]})
    assert odds.refusal is None
    caught = {c.plan.who: c for c in odds.caught}
    assert set(caught) == {"g1", "g2", "friend"}                     # "far" is out of the 20-ft burst
    g1 = caught["g1"].plan
    assert (g1.save, g1.dc, g1.bonus, g1.dice) == ("ref", 16, 1, (5, 6, 0))   # DC 10 + 3 + Int 3
    assert float(caught["g1"].save) == 0.30                           # 15 or more on the d20
    assert float(caught["g2"].save) == 0.95                           # all but a natural 1
    assert caught["g2"].expected_damage < caught["g1"].expected_damage < 17.5
    assert b.state() == before and b.read("wiz", Spellcasting).prepared == ["fireball"]


def test_burning_hands_leaves_out_its_caster_and_sleep_names_whom_it_would_put_to_sleep():
    b = wizard(["burning_hands", "sleep"], gnoll("g1", (2, 4)), gnoll("g2", (7, 4)), gnoll("g3", (7, 5)),
               gnoll("g4", (8, 4)))
    cone = b.odds("wiz", "cast", {"spell": "burning_hands", "point": [2, 4], "direction": [1, 0]})
    assert [c.plan.who for c in cone.caught] == ["g1"] and cone.caught[0].expected_damage is not None
    # sleep: 1 round to cast; 4 HD, nearest the point first: two 2-HD gnolls of the three
    sleep = b.odds("wiz", "cast", {"spell": "sleep", "point": [8, 5]})
    names = [c.plan.who for c in sleep.caught]
    assert len(names) == 2 and set(names) <= {"g2", "g3", "g4"}
    assert all(c.plan.save == "will" and c.expected_damage is None for c in sleep.caught)
    assert b.read("wiz", Spellcasting).pending is None


def test_a_made_save_deals_half_the_roll_and_the_event_says_it_was_halved():
    b = wizard(["fireball"], gnoll("g1", (8, 4)), gnoll("g2", (9, 5)))
    # 5d6 = 6+6+6+2+2 = 22; g1 saves on a 20 (11), g2 fails on a 1 (22)
    ok, refusal, ev = b.act("wiz", "cast", {"spell": "fireball", "point": [9, 5]}, dice=[6, 6, 6, 2, 2, 20, 1])
    assert ok, refusal
    hurt = {e.target: e for e in ev if type(e).__name__ == "DamageDealt"}
    assert (hurt["g1"].amount, hurt["g1"].bonus, hurt["g1"].halved) == (11, 0, "save")
    assert (hurt["g2"].amount, hurt["g2"].bonus, hurt["g2"].halved) == (22, 0, None)
    assert b.read("g1", HitPoints).current == 30 - 11


def test_the_query_tool_lists_whom_the_fireball_catches_in_preview_and_odds():
    b = wizard(["fireball"], gnoll("g1", (8, 4)), gnoll("far", (13, 0)))
    requests = [{"q": "preview", "who": "wiz", "action": "cast", "spell": "fireball", "point": [9, 5]},
                {"q": "odds", "who": "wiz", "action": "cast", "spell": "fireball", "point": [9, 5]}]
    out = io.StringIO()
    run(b, io.StringIO("\n".join(json.dumps(r) for r in requests) + "\n"), out, lang="en")
    preview, odds = (json.loads(line) for line in out.getvalue().splitlines())
    for answer in (preview, odds):
        assert [c["who"] for c in answer["caught"]] == ["g1"]
        assert answer["caught"][0]["save"] == "ref" and answer["caught"][0]["dc"] == 16
        assert answer["caught"][0]["save_chance"] == 0.30 and 0 < answer["caught"][0]["expected_damage"] < 17.5

