"""A cleric's domain turning (French text, "renvoi et intimidation des morts-vivants":
"un prêtre ayant choisi le domaine du Feu peut repousser ou détruire les créatures de
l'Eau (comme s'il était un prêtre bon affectant les morts-vivants) et intimider ou
contrôler les créatures du Feu (comme s'il était un prêtre mauvais affectant les
morts-vivants). Le test de renvoi est alors joué normalement."; digest §10.3: "Domain
turning (e.g. Fire turns Water creatures) uses the same check"; the SRD domains)."""
import json

import pytest
from combat_helpers import battle, battle_text, creature, first

from game.content import saves
from game.content.errors import ContentError
from game.content.scenario import parse_scenario
from game.engine import Battle
from game.world.components import HitPoints, Side, TurnUses

GRID = "\n".join("." * 16 for _ in range(8))


def shrine(*domains, level=3, cha=12, evil=False, foes=("water_elemental_small", "fire_elemental_small")):
    cleric = dict(initiative=20, cha=cha, cleric_level=level, hp=20, weapon="heavy_mace", domains=list(domains))
    if evil:
        cleric["evil"] = True
    others = [creature(f"e{i}", "red", (4 + 2 * i, 2), template=t, initiative=10 - i) for i, t in enumerate(foes)]
    return battle(GRID, creature("cleric", "blue", (4, 5), **cleric), *others)


def affected(events):
    return {e.who: e.result for e in events if type(e).__name__ == "UndeadAffected"}


def test_a_fire_cleric_turns_water_creatures_with_the_same_check_and_they_flee():
    b = shrine("fire")
    # check 10 + 1 = 11: up to level (3) HD; damage 2d6 (2+2) + 3 + 1 = 8: the water elemental (2 HD)
    ok, _, ev = b.act("cleric", "turn_creatures", {"kind": "water"}, dice=[10, 2, 2])
    attempt = first(ev, "TurningAttempted")
    assert ok and (attempt.check, attempt.max_hd, attempt.damage) == (11, 3, 8)
    assert affected(ev) == {"e0": "turned"}                       # the fire elemental is not a water creature
    assert "turned" in b.board().body("e0").conditions and "turned" not in b.board().body("e1").conditions
    b.act("cleric", "end_turn")
    ok, refusal, _ = b.act("e0", "move", {"squares": [[4, 3]]})   # toward the cleric: turned ones flee
    assert not ok and refusal.code == "TURNED_MUST_FLEE"
    assert b.act("e0", "move", {"squares": [[4, 1]]})[0]          # away


def test_a_fire_cleric_rebukes_and_commands_fire_creatures_whatever_its_alignment():
    b = shrine("fire", level=4)                                   # a good cleric: the domain rebukes all the same
    ok, _, ev = b.act("cleric", "rebuke_creatures", {"kind": "fire"}, dice=[10, 2, 2])
    assert ok and affected(ev) == {"e1": "commanded"}             # level 4, twice its 2 HD: commanded
    assert b.comp("e1", Side).name == "blue" and b.comp("e1", TurnUses).commanded_by == "cleric"
    c = shrine("fire", level=3)
    ok, _, ev = c.act("cleric", "rebuke_creatures", {"kind": "fire"}, dice=[10, 2, 2])
    assert ok and affected(ev) == {"e1": "rebuked"} and "cowering" in c.board().body("e1").conditions


def test_twice_the_hit_dice_destroys_and_the_other_domains_turn_their_own_kinds():
    b = shrine("water", level=4)
    ok, _, ev = b.act("cleric", "turn_creatures", {"kind": "fire"}, dice=[10, 2, 2])
    assert ok and affected(ev) == {"e1": "destroyed"} and "dead" in b.board().body("e1").conditions
    # Water turns fire creatures, not water ones; Fire the reverse: each is refused the other way
    ok, refusal, _ = b.act("cleric", "turn_creatures", {"kind": "water"})
    assert not ok and refusal.code == "NO_DOMAIN_POWER"


def test_a_refused_domain_power_changes_nothing():
    b = shrine("sun")
    before = json.dumps(b.state(), sort_keys=True)
    for action, kind in (("turn_creatures", "water"), ("rebuke_creatures", "fire"), ("bolster_creatures", "fire")):
        ok, refusal, ev = b.act("cleric", action, {"kind": kind})
        assert not ok and refusal.code == "NO_DOMAIN_POWER" and ev == []
    ok, refusal, _ = shrine("plant").act("cleric", "bolster_creatures", {"kind": "plant"})   # Plant: rebuke or command only
    assert not ok and refusal.code == "NO_DOMAIN_POWER"
    assert json.dumps(b.state(), sort_keys=True) == before and len(b.dice.history) == 0


def test_each_domain_counts_three_plus_charisma_uses_apart_from_turning_undead():
    b = shrine("fire", cha=10)                                    # 3 + 0 a day
    b.comp("cleric", TurnUses).used = 3                           # no turning of undead left today
    for _ in range(3):
        ok, refusal, _ = b.act("cleric", "rebuke_creatures", {"kind": "fire"}, dice=[1, 1, 1])
        assert ok, refusal
        b.act("cleric", "end_turn")
        while b.turn != "cleric":
            b.act(b.turn, "end_turn")
    ok, refusal, _ = b.act("cleric", "turn_creatures", {"kind": "water"})
    assert not ok and refusal.code == "NO_TURNING_LEFT"           # Fire's two powers share its three uses
    assert b.comp("cleric", TurnUses).domain_used == {"fire": 3}


def test_a_domain_bolsters_its_creatures_so_a_weak_turning_passes_them_over():
    b = shrine("fire", "water", level=3, cha=10)
    # bolster fire creatures: check 20 gives level + 4 = 7 HD for the fire elemental (2 HD)
    ok, _, ev = b.act("cleric", "bolster_creatures", {"kind": "fire"}, dice=[20, 3, 3])
    assert ok and affected(ev) == {"e1": "bolstered"}
    b.act("cleric", "end_turn")
    while b.turn != "cleric":
        b.act(b.turn, "end_turn")
    ok, _, ev = b.act("cleric", "turn_creatures", {"kind": "fire"}, dice=[10, 6, 6])   # up to 3 HD: it resists as 7
    assert ok and affected(ev) == {}


def test_the_sun_domain_s_greater_turning_destroys_what_it_would_turn_once_a_day():
    zombies = [creature(f"z{i}", "red", (4 + i, 2), template="human_zombie", initiative=5) for i in range(2)]
    b = battle(GRID, creature("cleric", "blue", (4, 5), initiative=20, cha=12, cleric_level=3, hp=20,
                              domains=["sun"]), creature("orc", "red", (15, 0), template="orc", initiative=1), *zombies)
    # check 10 + 1: up to 3 HD; damage 2+2+3+1 = 8: both zombies (2 HD each), destroyed not turned
    ok, _, ev = b.act("cleric", "turn_undead", {"greater": True}, dice=[10, 2, 2])
    assert ok and affected(ev) == {"z0": "destroyed", "z1": "destroyed"}          # the orc is no undead
    assert b.comp("z0", HitPoints).current <= 0 and b.comp("cleric", TurnUses).used == 1
    b.act("cleric", "end_turn")
    while b.turn != "cleric":
        b.act(b.turn, "end_turn")
    ok, refusal, _ = b.act("cleric", "turn_undead", {"greater": True})
    assert not ok and refusal.code == "GREATER_TURNING_USED"
    ok, refusal, _ = shrine("fire").act("cleric", "turn_undead", {"greater": True})
    assert not ok and refusal.code == "NO_GREATER_TURNING"


def test_options_offer_the_kinds_the_domains_open():
    b = shrine("fire", "plant")
    opts = b.options("cleric")
    assert opts["turn_creatures"].legal and opts["turn_creatures"].domain == {"kinds": ["water"]}
    assert opts["rebuke_creatures"].domain == {"kinds": ["fire", "plant"]}
    assert opts["bolster_creatures"].domain == {"kinds": ["fire"]}
    plain = shrine()
    assert not plain.options("cleric")["turn_creatures"].legal


@pytest.mark.parametrize("keys,message", [
    ('domains = ["fire", "war"]', "unknown domain 'war'"),
    ('domains = ["fire"]', "only a cleric"),
])
def test_an_unknown_domain_or_a_domain_without_a_cleric_is_refused_naming_the_file_and_key(keys, message):
    level = "cleric_level = 1\n" if "war" in keys else ""
    text = f'[map]\ngrid = """\n....\n"""\n[[creature]]\nid = "c"\nside = "blue"\nat = [0, 0]\n{level}{keys}\n'
    with pytest.raises(ContentError) as err:
        parse_scenario(text, "shrine.toml")
    said = str(err.value)
    assert "shrine.toml" in said and 'creature "c".domains' in said and message in said and "\n" not in said


def test_a_save_and_its_replay_keep_the_domains_and_the_uses_they_spent(tmp_path):
    """French text: "Le test de renvoi est alors joué normalement": the domain's uses and
    the greater turning spent stay spent once the battle is saved and loaded, from its
    checkpoint or by replaying every command."""
    text = battle_text(GRID, creature("cleric", "blue", (4, 5), initiative=20, cha=12, cleric_level=3, hp=20,
                                      domains=["fire", "sun"]),
                       creature("e0", "red", (6, 2), template="water_elemental_small", initiative=5),
                       creature("z0", "red", (8, 2), template="human_zombie", initiative=4))
    b = Battle(parse_scenario(text, "shrine.toml"))
    assert b.act("cleric", "turn_creatures", {"kind": "water"}, dice=[10, 2, 2])[0]
    b.act("cleric", "end_turn")
    while b.turn != "cleric":
        b.act(b.turn, "end_turn")
    assert b.act("cleric", "turn_undead", {"greater": True}, dice=[10, 2, 2])[0]
    path = saves.save_battle(b, tmp_path / "s.json", scenario_text=text)
    for replay in (False, True):
        loaded = saves.load_save(path, replay=replay).battle
        uses = loaded.comp("cleric", TurnUses)
        assert loaded.spec("cleric").domains == ("fire", "sun")
        assert (uses.used, uses.domain_used, uses.greater_used) == (1, {"fire": 1}, True)
        assert "turned" in loaded.board().body("e0").conditions and loaded.comp("z0", HitPoints).current <= -10
        loaded.close()
    b.close()
