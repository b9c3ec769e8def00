"""French elision at the seam between a template and the value put in it (« tour de
Orque » reads « tour d'Orque »): only the template's word just before a value elides,
only before a vowel, only in French; a name is never altered."""
from __future__ import annotations

import re
import string

import pytest

from game.i18n import catalogue, sentence

# the words that elide, as they stand before a value in a French template
ELIDING = ("de", "le", "la", "que", "ne", "je", "me", "te", "se")
SEAM = re.compile(r"(?:^|[\s(])(?:" + "|".join(ELIDING) + r") \{", re.IGNORECASE)


def _fields(text: str) -> set[str]:
    return {field for _lit, field, _spec, _conv in string.Formatter().parse(text) if field}


def test_the_turn_of_a_vowel_named_creature_elides_de():
    assert sentence("LOG_TURN", {"round": 2, "name": "Orque"}, "fr") == "Round 2 : tour d'Orque"
    assert sentence("LOG_TURN", {"round": 2, "name": "Éric"}, "fr") == "Round 2 : tour d'Éric"


def test_au_contact_de_alhandra_reads_au_contact_d_alhandra():
    assert sentence("NOT_ADJACENT_TARGET", {"target": "Alhandra"}, "fr") == \
        "Il faut être au contact d'Alhandra pour entrer dans son espace."


def test_a_name_beginning_with_a_consonant_or_an_h_is_left_as_it_was():
    assert sentence("LOG_TURN", {"round": 1, "name": "Gobelin"}, "fr") == "Round 1 : tour de Gobelin"
    assert sentence("LOG_TURN", {"round": 1, "name": "Hennet"}, "fr") == "Round 1 : tour de Hennet"   # mute h: left alone
    assert sentence("NOT_YOUR_TURN", {"turn": "Lidda"}, "fr") == "C'est au tour de Lidda."


def test_english_is_never_elided():
    assert sentence("LOG_TURN", {"round": 1, "name": "Orque"}, "en") == "Round 1: Orque's turn"
    assert sentence("NOT_YOUR_TURN", {"turn": "Alhandra"}, "en") == "It is Alhandra's turn."


def test_que_and_a_capital_de_elide_keeping_their_case():
    # WHY_GANG_UP: « s'approche de {target}, que {friend} combat déjà »
    said = sentence("WHY_GANG_UP", {"target": "Orque", "friend": "Alhandra", "aoo": 0}, "fr")
    assert said.startswith("s'approche d'Orque, qu'Alhandra combat déjà")
    assert "Orque" in said and "Alhandra" in said        # the names themselves untouched


def test_the_template_words_away_from_a_value_are_not_touched():
    # « de la case la plus proche de {name} »: only the « de » before the name elides
    said = sentence("SBX_WHY_THREAT", {"metres": 3, "squares": 2, "name": "Orque", "exception": "",
                                       "reach": 1.5, "shape": "carré"}, "fr")
    assert "de la case la plus proche d'Orque" in said
    assert "allonge d'Orque 1,5 m" in said
    # a number after « de » is not a vowel: « se déplace de 8 m »
    assert sentence("LOG_MOVED", {"name": "Ember", "metres": "9"}, "fr") == "Ember se déplace de 9 m"


def test_a_value_ending_in_an_eliding_word_is_not_altered():
    # « {a}{b} » seams: the value before is a value, never elided
    said = sentence("LOG_SPELL_COMPLETED", {"spell": "Aide", "name": "Orque de"}, "fr")
    assert said == "Aide d'Orque de prend effet"


@pytest.mark.parametrize("value", ["Alhandra", "Orque", "Éric", "Ysolde", "ours"])
def test_no_french_template_leaves_an_unelided_seam_before_a_vowel(value):
    templates = {code: entry["fr"] for code, entry in catalogue().items() if SEAM.search(entry.get("fr", ""))}
    assert len(templates) > 30                       # the scan found the sentences with such seams
    left = re.compile(r"(?:^|[\s(])(?:" + "|".join(ELIDING) + r") " + re.escape(value), re.IGNORECASE)
    bad = {}
    for code, text in templates.items():
        said = sentence(code, {field: value for field in _fields(text)}, "fr")
        if left.search(said) or value not in said:
            bad[code] = said
    assert bad == {}


def test_the_french_refusals_say_what_the_english_says():
    # "It carries no flask to throw." was « Aucune fiole à lancer sur lui. » ("none to throw at him")
    assert sentence("NO_SPLASH_WEAPON", {}, "fr") == "Il ne porte aucune fiole à lancer."
    assert sentence("NOTHING_TO_DRAW", {}, "fr") == "Il ne porte aucune arme à dégainer."
    # the gauntlet's weapon is the one a disarm cannot take, not one to disarm with
    said = sentence("CANNOT_BE_DISARMED", {"weapon": "spiked_gauntlet"}, "fr")
    assert "désarmer d'un" not in said and "lâcher" in said
    # a weapon is drawn, not retrieved: the French says both halves
    assert "ne se sort pas" in sentence("DRAW_WEAPONS", {"weapon": "longsword"}, "fr")
    # NOT_CARRIED is said of potions, wands and flasks too, not only of weapons
    assert "arme" not in sentence("NOT_CARRIED", {"weapon": "potion_cure_light_wounds"}, "fr")
