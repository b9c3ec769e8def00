"""Ammunition counted (French text, "Rechercher une munition"; README, "Ammunition"): a
scenario's ``ammunition`` is what a creature carries for its bow, crossbow or sling. A
bow's shot draws an arrow (a free action, part of the attack); a crossbow or a sling takes
its bolt or bullet when it is loaded. With none left the shot, or the loading, is refused
before any die, by ``options``, ``check`` and ``act`` alike; a full attack whose quiver
runs dry gives up the shots it can no longer make. Without the key nothing is counted."""
from __future__ import annotations

import pytest

from game.content import saves
from game.content.errors import ContentError
from game.content.scenario import parse_scenario
from game.engine import Battle
from game.world import views

from combat_helpers import battle, battle_text, creature

GRID = "........"


def archers(**kw):
    shooter = dict(weapon="longbow", initiative=20, bab=6, dex=14, hp=20)
    shooter.update(kw)
    return battle(GRID, creature("ann", "blue", (0, 0), **shooter),
                  creature("orc", "red", (6, 0), initiative=1, hp=200, ac=5))


def next_round(b):
    for who in ("ann", "orc"):
        assert b.act(who, "end_turn", {})[0]
    assert b.turn == "ann"


def test_each_shot_draws_an_arrow_and_an_empty_quiver_refuses_the_next():
    b = archers(ammunition=1)
    assert b.state()["creatures"]["ann"]["ammunition"] == 1
    ok, refusal, _ = b.act("ann", "attack", {"target": "orc"})
    assert ok, refusal
    assert b.state()["creatures"]["ann"]["ammunition"] == 0 and views.sheet(b, "ann").ammunition == 0
    next_round(b)
    assert b.options("ann")["attack"].refusal.code == "OUT_OF_AMMUNITION"
    assert b.check("ann", "attack", {"target": "orc"}).code == "OUT_OF_AMMUNITION"
    before, rolls = b.state(), len(b.dice.history)
    ok, refusal, events = b.act("ann", "attack", {"target": "orc"})
    assert not ok and refusal.code == "OUT_OF_AMMUNITION" and events == []
    assert b.state() == before and len(b.dice.history) == rolls, "a refused shot changes nothing"
    assert b.options("ann")["full_attack"].refusal.code == "OUT_OF_AMMUNITION"


def test_a_full_attack_gives_up_the_shots_its_quiver_cannot_feed():
    b = archers(ammunition=1)
    ok, refusal, events = b.act("ann", "full_attack", {"targets": ["orc", "orc"]})
    assert ok, refusal
    rolled = [e for e in events if type(e).__name__ == "AttackRolled"]
    forfeited = [e for e in events if type(e).__name__ == "AttackForfeited"]
    assert len(rolled) == 1 and [e.reason for e in forfeited] == ["OUT_OF_AMMUNITION"]
    assert b.state()["creatures"]["ann"]["ammunition"] == 0


def test_a_crossbow_takes_its_bolt_when_loaded_not_when_shot():
    b = archers(weapon="light_crossbow", ammunition=1)
    assert b.act("ann", "attack", {"target": "orc"})[0]               # the bolt it started loaded with
    assert b.state()["creatures"]["ann"]["ammunition"] == 1
    next_round(b)
    assert b.act("ann", "load", {})[0]
    assert b.state()["creatures"]["ann"]["ammunition"] == 0
    assert b.act("ann", "attack", {"target": "orc"})[0]
    next_round(b)
    assert b.options("ann")["load"].refusal.code == "OUT_OF_AMMUNITION"
    assert b.act("ann", "load", {})[1].code == "OUT_OF_AMMUNITION"


def test_a_repeating_crossbows_new_case_holds_only_the_bolts_left():
    b = archers(weapon="repeating_light_crossbow", ammunition=3, loaded=False)
    ok, refusal, events = b.act("ann", "load", {})
    assert ok, refusal
    assert next(e for e in events if type(e).__name__ == "WeaponLoaded").shots == 3
    assert b.state()["creatures"]["ann"]["ammunition"] == 0


def test_without_the_key_nothing_is_counted():
    b = archers()
    assert "ammunition" not in b.state()["creatures"]["ann"] and views.sheet(b, "ann").ammunition is None
    for _ in range(3):
        assert b.act("ann", "full_attack", {"targets": ["orc", "orc"]})[0]
        next_round(b)
    assert b.options("ann")["attack"].legal


@pytest.mark.parametrize("kw, words", [
    (dict(weapon="longsword", ammunition=10), "ammunition: it has no bow, crossbow or sling to shoot it with"),
    (dict(weapon="longbow", ammunition=-1), "ammunition: must be a whole number from 0 to 1000, not -1"),
    (dict(weapon="longbow", ammunition="lots"), 'ammunition: must be a whole number from 0 to 1000, not "lots"'),
])
def test_a_bad_ammunition_key_is_refused_in_one_line(kw, words):
    text = battle_text(GRID, creature("ann", "blue", (0, 0), **kw), creature("orc", "red", (6, 0)))
    with pytest.raises(ContentError) as caught:
        parse_scenario(text, "x.toml")
    assert caught.value.line() == f'x.toml: creature "ann".{words}'


def test_a_bow_in_the_pack_may_carry_arrows():
    text = battle_text(GRID, creature("ann", "blue", (0, 0), weapon="longsword", inventory=["longbow"], ammunition=5),
                       creature("orc", "red", (6, 0)))
    assert parse_scenario(text, "x.toml").creatures[0].ammunition == 5


def test_the_count_is_kept_by_a_save_and_by_its_replay(tmp_path):
    shooter = dict(weapon="longbow", initiative=20, bab=6, dex=14, hp=20, ammunition=4)
    text = battle_text(GRID, creature("ann", "blue", (0, 0), **shooter),
                       creature("orc", "red", (6, 0), initiative=1, hp=200, ac=5))
    b = Battle(parse_scenario(text, "archers.toml"))
    assert b.act("ann", "full_attack", {"targets": ["orc", "orc"]})[0]
    path = saves.save_battle(b, tmp_path / "s.json", scenario_text=text)
    for replay in (False, True):
        loaded = saves.load_save(path, replay=replay).battle
        assert loaded.state()["creatures"]["ann"]["ammunition"] == 2
        loaded.close()
    b.close()
