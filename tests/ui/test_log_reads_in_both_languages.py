"""The combat log names everything in the player's language (issue 14, item 8): seeded
battles on every shipped map, played by the random and the tactical controllers, read
in English and French, never show an id, a snake_case key or an unfilled placeholder;
and every modifier source the code names has its words in both languages."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import data
from game.ai.controllers import make_controller, play_turn
from game.content.scenario import load_scenario
from game.engine import Battle
from game.i18n import term
from game.ui.combat_log import lines
from game.ui.names import Names

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted(p for p in (ROOT / "maps").iterdir() if p.suffix in (".toml", ".tmj"))
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def _played(path: Path, controller: str, rounds: int = 2) -> tuple[Battle, list]:
    battle = Battle(load_scenario(path))
    player = make_controller(controller, seed=11)
    events: list = []
    while battle.winner is None and battle.turn is not None and battle.round <= rounds:
        play_turn(battle, battle.turn, player, limit=6, on_decision=lambda _d, ev: events.extend(ev))
    return battle, events


def _leaks(battle: Battle, events: list, lang: str) -> list[str]:
    names = Names(battle, lang)
    # an id that is also a word of a creature's name ("giant" in "Hill giant") is not a leak
    words_of_names = {w for cid in battle.sorted_ids for w in str(names.get(cid, "")).split()}
    ids = {cid for cid in battle.sorted_ids if names.get(cid) != cid} - words_of_names
    out = []
    for text, _colour in lines(events, names, lang):
        words = set(re.findall(r"[A-Za-z0-9_:]+", text))
        if SNAKE.search(text) or "{" in text or words & ids:
            out.append(text)
    return out


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
@pytest.mark.parametrize("controller", ["random", "ai:easy"])
def test_a_played_battle_reads_without_ids_in_both_languages(path, controller):
    battle, events = _played(path, controller)
    try:
        assert events, "the battle played something"
        for lang in ("en", "fr"):
            assert _leaks(battle, events, lang) == [], lang
    finally:
        battle.close()


def _sources_in_the_code() -> set[str]:
    """Every ``Modifier(value, "kind", "source")`` source written out in the game's code."""
    found = set()
    for path in (ROOT / "game").rglob("*.py"):
        found |= set(re.findall(r'Modifier\([^()]*(?:\([^()]*\))?[^()]*, "[a-z_]+", "([a-z_0-9]+)"\)', path.read_text()))
    return found


def test_every_modifier_source_the_code_names_has_its_words_in_both_languages():
    sources = _sources_in_the_code()
    assert len(sources) > 50                                   # the scan found the breakdowns
    table = data.terms()["modifier"]
    missing = sorted(s for s in sources if s not in table and s not in data.conditions())
    assert missing == []
    assert all(term("modifier", s, "fr") and "_" not in term("modifier", s, "fr") for s in sources)


def test_a_spawned_pudding_half_and_a_spiritual_weapon_read_by_their_names():
    battle = Battle(load_scenario(MAPS[0]))
    try:
        names = Names(battle, "fr")
        someone = battle.sorted_ids[0]
        assert names[f"spiritual_weapon:{someone}"] == f"Arme spirituelle ({names[someone]})"
        assert names.get("nobody") is None and "nobody" not in names
    finally:
        battle.close()
