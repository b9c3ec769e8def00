"""A word after a count agrees with it (play-test: « … et 1 autres plus loin dans le
round »): ``{count|one|more}`` in a template is the first form for one, the second for
more; French keeps the singular below 2 (« 0 attaque », « 1,5 »), English only for 1."""
from __future__ import annotations

import re

import pytest

from game.i18n import catalogue, sentence


@pytest.mark.parametrize("lang,one,two", [("fr", "… et 1 autre plus loin dans le round",
                                           "… et 2 autres plus loin dans le round"),
                                          ("en", "… and 1 more later in the round", "… and 2 more later in the round")])
def test_the_turn_tracker_says_one_other_and_two_others(lang, one, two):
    assert sentence("UI_TRACKER_MORE", {"count": 1}, lang) == one
    assert sentence("UI_TRACKER_MORE", {"count": 2}, lang) == two


def test_a_computer_reason_counts_its_attacks_of_opportunity():
    said = {n: sentence("WHY_APPROACH", {"target": "Lidda", "aoo": n}, "en") for n in (0, 1, 3)}
    assert said[1].endswith("(1 attack of opportunity)")
    assert said[0].endswith("(0 attacks of opportunity)") and said[3].endswith("(3 attacks of opportunity)")
    fr = {n: sentence("WHY_APPROACH", {"target": "Lidda", "aoo": n}, "fr") for n in (0, 1, 3)}
    assert fr[1].endswith("(1 attaque d'opportunité)") and fr[0].endswith("(0 attaque d'opportunité)")
    assert fr[3].endswith("(3 attaques d'opportunité)")


@pytest.mark.parametrize("code,params,en,fr", [
    ("UI_LOG_BACK", {"count": 1}, "1 newer line below", "1 ligne plus récente en bas"),
    ("LOG_SPLASH_LANDED", {"item": "x", "count": 1}, "splashing 1 creature", "éclabousse 1 créature"),
    ("WHY_AREA_SPELL", {"spell": "x", "count": 1}, "1 enemy caught", "1 ennemi pris"),
    ("WHY_SUMMON", {"spell": "x", "creature": "y", "rounds": 1}, "for 1 round", "pendant 1 round"),
    ("LOG_CASTING_CONTINUED", {"name": "x", "spell": "y", "rounds": 1}, "1 more full round)", "1 round entier)"),
    ("SBX_RULER", {"straight": 1, "diag": 1, "diag_cost": 1, "squares": 1, "metres": 1.5},
     "1 straight + 1 diagonal counted 1-2-1 (1) = 1 square", "1 droite + 1 diagonale comptée 1-2-1 (1) = 1 case"),
    ("SPLASH_CAPTION", {"n": 1}, "at 1 range increment", "à 1 facteur de portée"),
    ("WHY_RETREAT", {"hp": 1}, "(1 hit point left)", "(1 point de vie restant)"),
    ("TOO_MANY_TOUCHES", {"count": 1}, "1 creature touched", "1 créature touchée"),
])
def test_one_of_a_count_reads_singular_in_both_languages(code, params, en, fr):
    assert en in sentence(code, params, "en")
    assert fr in sentence(code, params, "fr")
    more = {k: (4 if k in ("count", "rounds", "n", "hp", "diag", "squares", "straight") else v) for k, v in params.items()}
    assert en not in sentence(code, more, "en") and fr not in sentence(code, more, "fr")


def test_no_template_shows_its_count_marker_or_a_plural_in_brackets():
    counted = re.compile(r"\{\w+\|")
    for code, entry in catalogue().items():
        for lang in ("en", "fr"):
            text = entry.get(lang, "")
            assert "(s)" not in text, (code, lang, text)            # "creature(s)": the count says which
            if counted.search(text):
                fields = {f: 2 for f in re.findall(r"\{(\w+)[|}]", text)}
                said = sentence(code, fields, lang)
                assert "|" not in said and "{" not in said, (code, lang, said)
