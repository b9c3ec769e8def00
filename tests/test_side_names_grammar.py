"""Sentences that name a side with an article or a possessive read right in both languages
(issue 14, item 7): "The Reds' turn", "Victoire des Rouges", never "Reds's" or "des Les";
a name the scenario gives itself is set apart instead. Over every side the shipped maps
use, by the names the scenario gives them, and over the catalogue's."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.content.scenario import load_scenario, parse_scenario
from game.i18n import catalogue, side_name, side_sentence

MAPS = sorted((Path(__file__).resolve().parents[1] / "maps").glob("*.to*")) + \
    sorted((Path(__file__).resolve().parents[1] / "maps").glob("*.tmj"))
CODES = ("UI_VICTORY", "UI_HANDOFF", "UI_HANDOFF_ANSWER", "LOG_WON")
WRONG = {"en": re.compile(r"s's\b|\bthe the\b|\bthe (the|a)\b", re.I),
         "fr": re.compile(r"\b(des|de|à|aux) (les|la|le|l')\b|\bLes (les|la|le)\b|\bde (?=[A-ZÉ]\w*s\b)", re.I)}


def shipped_sides() -> set[tuple[str, str, str]]:
    """(side id, language, the name the players read) for every side of every shipped map,
    and for every side the catalogue names."""
    out = set()
    for path in MAPS:
        sc = load_scenario(path)
        out |= {(side, lang, sc.side_name(side, lang)) for side in sc.side_ids() for lang in ("en", "fr")}
    ids = [k.removeprefix("SIDE_") for k in catalogue() if k.startswith("SIDE_")]
    return out | {(side, lang, side_name(side, lang)) for side in ids for lang in ("en", "fr")}


def test_the_shipped_maps_use_catalogue_sides():
    sides = {s for s, _l, _n in shipped_sides()}
    assert {"blue", "red"} <= sides


@pytest.mark.parametrize("side,lang,label", sorted(shipped_sides()))
def test_each_side_reads_right_in_every_sentence_that_names_it(side, lang, label):
    for code in CODES:
        text = side_sentence(code, side, label, lang, {"name": "Aldric"})
        assert label in text and "{" not in text, (code, text)
        assert not WRONG[lang].search(text), (code, text)


def test_the_catalogues_sides_take_the_article_and_the_possessive():
    assert side_sentence("UI_HANDOFF", "red", "Reds", "en", {"name": "Aldric"}) == "The Reds' turn: Aldric to play"
    assert side_sentence("UI_HANDOFF", "red", "Rouges", "fr", {"name": "Aldric"}) == "Au tour des Rouges : à Aldric de jouer"
    assert side_sentence("UI_VICTORY", "blue", "Blues", "en") == "The Blues win"
    assert side_sentence("UI_VICTORY", "blue", "Bleus", "fr") == "Victoire des Bleus"
    assert side_sentence("LOG_WON", "green", "Verts", "fr") == "Les Verts l'emportent !"


SCENARIO = """
[map]
grid = \"\"\"
....
\"\"\"
[sides.red]
name_en = "The raiders"
name_fr = "Les pillards"
[sides.purple]
[[creature]]
id = "a"
side = "red"
at = [0, 0]
[[creature]]
id = "b"
side = "purple"
at = [3, 0]
"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_side_named_by_its_scenario_or_unknown_to_the_catalogue_is_set_apart(lang):
    sc = parse_scenario(SCENARIO, "named.toml")
    for side in ("red", "purple"):
        label = sc.side_name(side, lang)
        for code in CODES:
            text = side_sentence(code, side, label, lang, {"name": "Aldric"})
            assert label in text and not WRONG[lang].search(text), text
    assert side_sentence("UI_VICTORY", "red", sc.side_name("red", "fr"), "fr") == "Victoire : Les pillards"
    assert side_sentence("LOG_WON", "red", sc.side_name("red", "en"), "en") == "Victory: The raiders!"


def test_the_engines_refusal_after_the_battle_names_the_winner_by_its_name():
    from game.i18n import sentence
    assert sentence("BATTLE_OVER", {"side": "red"}, "en") == "The battle is over: the Reds won."
    assert sentence("BATTLE_OVER", {"side": "red"}, "fr") == "La bataille est finie : les Rouges l'ont emporté."
    assert sentence("UI_VICTORY_NAMED", {"side": "Les pillards"}, "fr") == "Victoire : Les pillards"     # a label kept
