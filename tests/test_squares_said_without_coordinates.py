"""The window names no square by its coordinates (play-test: "Not enough movement to
reach [10, 6]" — the board labels no square): every sentence whose values put a square
or a list of squares in it has a ``_HERE`` form, said by the window (``sentence(here=True)``),
that names none and needs no value the sentence itself does not have."""
from __future__ import annotations

import re

from game.i18n import catalogue, sentence

SQUARE_KEYS = re.compile(r"\{(square|at|to|ends|squares)\}")
# the same keys holding counts or rounds, not squares
NOT_SQUARES = {"SBX_RULER", "SBX_WHY_THREAT", "PATH_CAPTION", "LOG_SUMMONED"}


def _keys(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)(?:\|[^{}]*)?\}", text))


def test_every_sentence_naming_a_square_has_a_form_that_names_none():
    table = catalogue()
    naming = [code for code, entry in table.items() if not code.endswith("_HERE") and code not in NOT_SQUARES
              and any(SQUARE_KEYS.search(text) for text in entry.values())]
    assert len(naming) > 40
    for code in naming:
        here = table.get(f"{code}_HERE")
        assert here is not None, code
        for lang in ("en", "fr"):
            assert not SQUARE_KEYS.search(here[lang]), (code, lang)
            assert _keys(here[lang]) <= _keys(table[code][lang]), (code, lang)


def test_the_window_says_a_refusal_without_its_coordinates_and_the_query_with_them():
    params = {"square": [10, 6], "limit": 6}
    for lang in ("en", "fr"):
        assert "[10, 6]" in sentence("TOO_FAR", params, lang)                    # the query tool's
        said = sentence("TOO_FAR", params, lang, here=True)
        assert "[" not in said and "10" not in said and said == sentence("TOO_FAR_HERE", {}, lang)
    assert sentence("LANE_BLOCKED_BY_CREATURE", {"square": [3, 2], "creature": "orc"}, "fr", {"orc": "Orque"},
                    here=True) == "Orque se trouve sur la ligne droite."
