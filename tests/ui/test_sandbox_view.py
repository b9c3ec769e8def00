"""The sandbox's overlays, odds, variants and explanations (issue 13) against the engine's
other faces: for seeded random situations the overlays show what ``query`` answers, the
odds shown are ``battle.odds``, a variant switched changes the overlays as the query does
on the same situation with that variant, and an explanation names the rule that decides."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from game.content.scenario import parse_scenario
from game.data.rule_texts import rule_texts
from game.engine import Battle
from game.i18n import has_sentence, sentence
from game.query import QuerySession
from game.rules.odds import attack_odds
from game.world import views
from game.world.commands.catalogue import Attack, Move
from game.ui import sandbox_odds
from game.ui.sandbox_overlays import BANDS, flanking_pairs
from game.ui.sandbox_view import SandboxView, percent
from tests.boards import scenario_text

WEAPONS = ("longsword", "longspear", "greatclub", "battleaxe", "spiked_chain", "shortspear")


def random_situation(rng: random.Random, rules: str = "") -> str:
    """A small map with walls and difficult terrain, and three to five creatures of two
    sides, sizes M or L, various weapons; one carries a flask."""
    w, h = rng.randrange(8, 13), rng.randrange(7, 11)
    rows = [[rng.choice("....#~") if rng.random() < 0.25 else "." for _ in range(w)] for _ in range(h)]
    creatures, taken = [], set()
    for i in range(rng.randrange(3, 6)):
        size = "L" if rng.random() < 0.2 else "M"
        span = 2 if size == "L" else 1
        for _ in range(50):
            x, y = rng.randrange(w - span + 1), rng.randrange(h - span + 1)
            space = {(x + a, y + b) for a in range(span) for b in range(span)}
            if not space & taken and all(rows[sy][sx] == "." for sx, sy in space):
                break
        else:
            continue
        taken |= space
        c = {"id": f"c{i}", "side": "blue" if i % 2 == 0 else "red", "at": [x, y], "size": size,
             "weapon": rng.choice(WEAPONS), "speed": rng.choice((6, 9)), "initiative": 20 - i}
        if i == 0:
            c["inventory"] = ["alchemists_fire"]
        creatures.append(c)
    text = scenario_text("\n".join("".join(r) for r in rows), *creatures, seed=rng.randrange(1000))
    return text.replace("[map]", f"{rules}\n[map]") if rules else text


def situations(n: int, seed: int = 13, rules: str = ""):
    rng = random.Random(seed)
    for _ in range(n):
        scenario = parse_scenario(random_situation(rng, rules))
        battle = Battle(scenario)
        if len({c.side for c in scenario.creatures}) == 2:
            yield battle, QuerySession(battle), rng
        battle.close()


def ask(session: QuerySession, **request) -> dict:
    answer = session.answer(request)
    assert answer["ok"], answer
    return answer


def free_squares(battle) -> list:
    t = battle.board().terrain
    return [(x, y) for y in range(t.height) for x in range(t.width) if views.creature_at(battle, (x, y)) is None]


def test_threat_and_reachable_bands_show_what_the_query_answers():
    for battle, session, _rng in situations(20):
        for body in battle.board().bodies:
            view = SandboxView(battle, "en")
            view.selected, view.show_threat, view.show_area = body.id, True, True
            ov = view.overlay()
            foes = [b.id for b in battle.board().enemies_of(body)]
            expected = set().union(*(map(tuple, ask(session, q="threatened", by=f)["squares"]) for f in foes))
            assert ov.threat == expected
            per_mode = {m: {(x, y): c for x, y, c in ask(session, q="reachable", who=body.id, mode=m)["squares"]}
                        for m in BANDS}
            assert ov.area == per_mode[view.mode]
            for sq, band in ov.bands.items():
                assert sq in per_mode[band]
                assert all(sq not in per_mode[m] for m in BANDS[:BANDS.index(band)])
            assert set(ov.bands) == set().union(*per_mode.values())


def test_paths_show_the_querys_cost_and_provokers():
    checked = 0
    for battle, session, rng in situations(20, seed=21):
        body = rng.choice(battle.board().bodies)
        for goal in rng.sample(free_squares(battle), 6):
            view = SandboxView(battle, "en")
            view.selected, view.hover, view.mode = body.id, goal, rng.choice(("move", "double", "withdraw"))
            ov = view.overlay()
            if not ov.path_ok:
                continue
            answer = ask(session, q="path", who=body.id, squares=[list(p) for p in ov.path[1:]], mode=view.mode)
            assert answer["legal"]
            assert f"{answer['cost_m'] * 10 / 3:g} ft" in ov.caption
            assert sorted(w for names in ov.provokes.values() for w in names) == sorted(answer["provokes"])
            checked += 1
    assert checked > 10


def test_charge_lanes_to_every_enemy_show_the_querys_verdict():
    seen_ok = seen_bad = 0
    for battle, session, _rng in situations(20, seed=5):
        for body in battle.board().bodies:
            view = SandboxView(battle, "en")
            view.selected, view.show_lanes = body.id, True
            view.overlay()
            for foe, ov in view._lanes.items():       # noqa: SLF001 - each enemy's own overlay, as drawn
                answer = ask(session, q="charge", who=body.id, target=foe)
                if answer["legal"]:
                    assert ov.lane_ok and ov.lane_line[1] == (
                        answer["ends"][0][0] + body.span / 2, answer["ends"][0][1] + body.span / 2)
                    seen_ok += 1
                elif not sandbox_overrun(battle, body.id, foe):
                    # the query's reason, said as the window says it: no square by its
                    # coordinates (its ``_HERE`` sentence), the board labelling none
                    code = answer["reason_code"]
                    assert not ov.lane_ok and "[" not in ov.caption
                    if has_sentence(f"{code}_HERE"):
                        here = sentence(f"{code}_HERE", {}, "en")      # its template: up to its first value
                        assert ov.caption.startswith(here.split("{")[0]), (ov.caption, here)
                    else:
                        assert ov.caption == answer["reason"]
                    seen_bad += 1
    assert seen_ok and seen_bad


def sandbox_overrun(battle, cid, foe) -> bool:
    from game.ui.overlays import overrun_on_the_way
    return overrun_on_the_way(battle, cid, foe) is not None


def test_splash_flanking_and_cover_show_what_the_query_answers():
    splashes = 0
    for battle, session, _rng in situations(20, seed=8):
        board = battle.board()
        for body in board.bodies:
            for foe in board.enemies_of(body):
                view = SandboxView(battle, "en")
                view.selected, view.hover = body.id, foe.pos
                kind = "ranged" if body.weapon.is_ranged else "melee"
                cover = ask(session, q="cover", **{"from": body.id, "to": foe.id, "attack": kind})["cover"]
                assert sentence(f"COVER_{cover}", {}, "en") in view.overlay().caption
                view.show_splash = True
                ov = view.overlay()
                lands = []
                for d8 in range(1, 9):
                    answer = session.answer({"q": "splash", "who": body.id, "target": foe.id, "hit": False, "d8": d8})
                    if not answer["ok"]:
                        break
                    x, y = answer["lands"]["square"]
                    lands.append((x + 0.5, y + 0.5))
                assert sorted(p for p, _label in ov.points) == sorted(lands)
                if lands:
                    assert sum(ov.heat.values()) == pytest.approx(1.0)
                    splashes += 1
            pairs = flanking_pairs(battle, body.id)
            for foe in board.enemies_of(body):
                mine = sorted(p for a, p, t in pairs if a == body.id and t == foe.id)
                assert mine == sorted(ask(session, q="flanked", target=foe.id, by=body.id)["partners"])
    assert splashes


ADJACENT = scenario_text(
    """
..........
..........
..........
..........
""",
    {"id": "hero", "side": "blue", "at": [2, 1], "weapon": "longsword", "bab": 3, "str": 14, "initiative": 20},
    {"id": "ally", "side": "blue", "at": [4, 1], "weapon": "shortspear", "initiative": 15},
    {"id": "orc", "side": "red", "at": [3, 1], "weapon": "battleaxe", "hp": 12, "ac": 13, "initiative": 10},
    {"id": "ogre", "side": "red", "at": [6, 2], "size": "L", "weapon": "greatclub", "bab": 3, "str": 21,
     "initiative": 5},
    seed=3)


@pytest.fixture
def fight():
    battle = Battle(parse_scenario(ADJACENT))
    yield battle
    battle.close()


def test_odds_on_the_board_are_the_engines(fight):
    assert fight.turn == "hero"
    view = SandboxView(fight, "en")
    view.selected, view.hover = "hero", (3, 1)
    lines = view.info_lines()
    odds = fight.odds(Attack("hero", target="orc"))
    assert odds.refusal is None
    first = odds.attacks[0]
    assert sentence("SBX_ODDS_ATTACK", {"action": "Attack", "hit": percent(odds.hit), "crit": percent(odds.crit),
                                        "needs": first.needs, "bonus": f"{first.bonus:+d}", "ac": first.ac,
                                        "damage": f"{float(odds.expected_damage):.2f}"}, "en") in lines
    full = fight.odds("hero", "full_attack", {"targets": [s.to_json() for s in views.full_attack(fight, "hero", "orc")]})
    assert any(line.startswith("Full attack: ") and f"expected damage {float(full.expected_damage):.2f}" in line
               for line in lines)
    trip = fight.odds("hero", "trip", {"target": "orc"})
    # a trip: its touch attack, then the opposed check, and the two together (a newcomer
    # play-test read the check alone as the chance to trip)
    assert sentence("SBX_ODDS_MANEUVER_TOUCH", {"action": "Trip", "touch": percent(trip.hit), "check": percent(trip.success),
                                                "overall": percent(trip.hit * trip.success)}, "en") in lines
    assert any(line.startswith("Charge: ") for line in lines)          # adjacent: refused, with the reason


def test_odds_for_a_creature_whose_turn_it_is_not_change_nothing(fight):
    before, dice = fight.state(), fight.dice.mark()
    chances = sandbox_odds.target_odds(fight, "orc", "hero")
    assert chances["attack"].refusal is None and 0 < chances["attack"].hit < 1
    assert fight.state() == before and fight.dice.mark() == dice and fight.turn == "hero"


def test_a_paths_attacks_of_opportunity_cost_what_preview_plans(fight):
    seen = views.path(fight, "hero", (2, 3), "move")
    assert seen.legal and [t for t, _at in seen.provokes] == ["orc"]
    planned = [p for p in fight.preview(Move("hero", seen.squares)).recorder.attacks if p.opportunity]
    expected = sum((attack_odds(p).expected_damage for p in planned), Fraction(0))
    assert sandbox_odds.path_aoo_damage(fight, "hero", seen, "move") == [("orc", expected)]
    view = SandboxView(fight, "en", {"orc": "Orc"})
    view.selected, view.hover, view.mode = "hero", (2, 3), "move"
    assert any(f"Orc {float(expected):.2f}" in line for line in view.info_lines())
    double = views.path(fight, "hero", (2, 3), "double")
    assert sandbox_odds.path_aoo_damage(fight, "hero", double, "double") == [("orc", expected)]


def test_explain_names_the_rule_that_decides(fight):
    view = SandboxView(fight, "fr", {"orc": "Orc", "ogre": "Ogre"})
    view.selected = "hero"
    rules = [e.rule for e in view.explain((2, 3))]
    assert rules[0] == "move_121" and "aoo_movement" in rules
    assert "threat_reach" not in rules                     # (2, 3) is out of everyone's reach
    rules = [e.rule for e in view.explain((2, 2))]
    assert "threat_reach" in rules
    threat = next(e for e in view.explained if e.rule == "threat_reach")
    assert "Orc" in threat.arithmetic and threat.paragraph("fr") == rule_texts()["threat_reach"].text_fr
    view.mode = "5ft"
    assert view.explain((1, 1))[0].rule == "five_foot_step"
    view.mode = "withdraw"
    assert view.explain((0, 1))[0].rule == "withdraw"
    rules = [e.rule for e in view.explain((3, 1))]                  # the orc, flanked by hero and ally
    assert rules[:2] == ["cover", "flanking"]
    view.show_lanes = True
    view.overlay()
    lane = view._lanes["ogre"]           # noqa: SLF001 - the lane to the ogre, as drawn
    square = lane.lane_block or next(sq for sq in lane.lane if views.creature_at(fight, sq) is None)
    ogre = [e for e in view.explain(square) if e.rule == "charge_lane"]
    assert ogre and "Ogre" in ogre[0].arithmetic and lane.caption in ogre[0].arithmetic
    assert "lecture par la ligne centrale" in ogre[0].arithmetic
    view.set_variant("charge_lane", "swept")
    view.overlay()
    lane = view._lanes["ogre"]           # noqa: SLF001
    square = lane.lane_block or next(sq for sq in lane.lane if views.creature_at(fight, sq) is None)
    assert any("lecture balayée" in e.arithmetic for e in view.explain(square) if e.rule == "charge_lane")


def test_the_giants_reach_is_explained_with_its_numbers(fight):
    view = SandboxView(fight, "en", {"ogre": "Ogre"})
    view.selected, view.show_threat = "hero", True
    square = (4, 0)                                     # two squares from the ogre's space, diagonally
    found = [e for e in view.explain(square) if e.rule == "threat_reach" and "Ogre" in e.arithmetic]
    assert found and "reaches 10 ft (tall)" in found[0].arithmetic


def test_variants_switch_the_overlays_as_the_query_reads_them():
    changed = 0
    for (battle, _session, _rng), (_other, swept_session, _r) in zip(
            situations(25, seed=31), situations(25, seed=31, rules='[rules]\ncharge_lane = "swept"')):
        for body in battle.board().bodies:
            view = SandboxView(battle, "en")
            view.selected, view.show_lanes = body.id, True
            view.overlay()
            centre = {f: o.lane_ok for f, o in view._lanes.items()}      # noqa: SLF001
            view.set_variant("charge_lane", "swept")
            view.overlay()
            swept = {f: o.lane_ok for f, o in view._lanes.items()}       # noqa: SLF001
            for foe, ok in swept.items():
                if not sandbox_overrun(battle, body.id, foe):
                    assert ok == ask(swept_session, q="charge", who=body.id, target=foe)["legal"]
            changed += centre != swept
            view.set_variant("charge_lane", "center")
            assert battle.variants.charge_lane == "center"
    assert changed
    assert sentence("SBX_VARIANT_charge_lane_swept", {}, "en").startswith("Charge lane (1): swept")


def test_the_diagonal_variant_changes_the_threat_overlay_as_the_query_does():
    text = scenario_text("\n".join("." * 8 for _ in range(8)),
                         {"id": "pike", "side": "blue", "at": [3, 3], "weapon": "longspear"},
                         {"id": "orc", "side": "red", "at": [0, 0], "weapon": "club"})
    battle = Battle(parse_scenario(text))
    other = Battle(parse_scenario(text.replace("[map]", "[rules]\nreach_diagonal_exception = false\n[map]")))
    view = SandboxView(battle, "en")
    view.selected, view.show_threat = "orc", True
    with_exception = view.overlay().threat
    view.cycle_variant("reach_diagonal_exception")
    without = view.overlay().threat
    assert (5, 5) in with_exception and (5, 5) not in without
    assert without == {tuple(s) for s in ask(QuerySession(other), q="threatened", by="pike")["squares"]}
    assert "plain 1-2-1" in view.variant_lines()[2]
    battle.close()
    other.close()


def test_every_cited_rule_has_both_texts():
    texts = rule_texts()
    for rid in ("threat_reach", "move_121", "aoo_movement", "five_foot_step", "withdraw", "charge_lane", "flanking",
                "cover", "splash_scatter", "attack_roll"):
        assert texts[rid].text_fr != texts[rid].text_en and texts[rid].section


def test_the_scatter_order_variant_mirrors_the_points_as_the_query_does():
    text = scenario_text("\n".join("." * 12 for _ in range(9)),
                         {"id": "thrower", "side": "blue", "at": [1, 7], "weapon": "dagger",
                          "inventory": ["alchemists_fire"]},
                         {"id": "orc", "side": "red", "at": [6, 3], "weapon": "club"})
    battle = Battle(parse_scenario(text))
    srd = QuerySession(Battle(parse_scenario(text.replace("[map]", '[rules]\nscatter_order = "srd"\n[map]'))))
    view = SandboxView(battle, "en")
    view.selected, view.hover, view.show_splash = "thrower", (6, 3), True
    seed_points = dict((label, p) for p, label in view.overlay().points)
    view.set_variant("scatter_order", "srd")
    srd_points = dict((label, p) for p, label in view.overlay().points)
    assert seed_points != srd_points and seed_points["1"] == srd_points["1"]        # 1 is short either way
    for d8 in range(1, 9):
        x, y = ask(srd, q="splash", who="thrower", target="orc", hit=False, d8=d8)["lands"]["square"]
        assert srd_points[str(d8)] == (x + 0.5, y + 0.5)
    heat, hit = sandbox_odds.splash_heat(battle, "thrower", target="orc")
    assert 0 < hit < 1 and sum(heat.values()) == 1
    assert heat[(6.5, 3.5)] >= hit                       # a hit lands on the orc
    view.explain((6, 3))                                 # the first click locks the aim on the orc
    x, y = next(p for label, p in sorted(srd_points.items()) if 0 <= p[0] < 12 and 0 <= p[1] < 9 and label != "1")
    found = view.explain((int(x), int(y)))
    assert [e.rule for e in found] == ["splash_scatter"] and "SRD" in found[0].arithmetic
    battle.close()
    srd.battle.close()


def test_a_paths_arithmetic_counts_its_diagonals_1_2_1(fight):
    view = SandboxView(fight, "en")
    view.selected, view.mode = "hero", "double"
    seen = views.path(fight, "hero", (0, 3), "double")
    path = next(e for e in view.explain((0, 3)) if e.rule == "move_121")
    diagonals = sum(1 for a, b in zip([seen.start, *seen.squares], seen.squares) if a[0] != b[0] and a[1] != b[1])
    assert diagonals == 2 and "2 diagonals counted 1-2-1 (1+2)" in path.arithmetic
    assert path.arithmetic.endswith(f"= {seen.cost * 5:g} ft")


def test_a_square_out_of_reach_is_crossed_with_no_line_through_the_walls():
    """A newcomer play-test saw a red straight line drawn through a wall to a square the
    movement cannot reach: the goal is crossed instead, with the engine's reason."""
    from game.content.scenario import parse_scenario
    from game.engine import Battle
    text = ('[map]\ngrid = """\n..#....\n..#....\n..#....\n"""\n[[creature]]\nid = "a"\nside = "x"\nat = [0, 1]\n'
            'speed = 1.5\n[[creature]]\nid = "b"\nside = "y"\nat = [6, 2]\n')
    battle = Battle(parse_scenario(text, "t.toml"))
    try:
        view = SandboxView(battle, "en")
        view.selected, view.hover, view.mode = "a", (5, 0), "move"
        ov = view.overlay()
        assert not ov.path_ok and ov.path == [] and ((5, 0), "×") in ov.marks and ov.caption
    finally:
        battle.close()
