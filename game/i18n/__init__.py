"""Every sentence a player reads, in English and French (default from the system locale).

Rules name reasons by code (``game.rules.reasons.Refusal``); this catalogue turns a code
and its values into a sentence. Pure Python: the query tool, the window and the tests
all read it. The sentences themselves are kept by what they are for, one table a module
(the refusals, the magic's refusals, the window, the labels, the sandbox, the story the
log tells); this module merges them and says them.
"""
from __future__ import annotations

import functools
import locale
import re
import os
import string
from typing import Any

from .. import data
from ..data import bestiary
from . import labels, magic_refusals, refusals, sandbox, story, window

LANGUAGES = ("en", "fr")

# One catalogue: no code is in two tables (``tests/test_translations.py`` checks it).
_SENTENCES: dict[str, dict[str, str]] = {**refusals.SENTENCES, **magic_refusals.SENTENCES, **window.SENTENCES,
                                         **labels.SENTENCES, **sandbox.SENTENCES, **story.SENTENCES}


def default_language() -> str:
    """French when the system locale is French, English otherwise."""
    for var in ("CARREAU_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    return "fr" if loc.lower().startswith("fr") else "en"


def _show(value: Any) -> str:
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"[{value[0]}, {value[1]}]"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def term(section: str, ident: str, lang: str | None = None) -> str:
    """How the log names a modifier's source, a check or a status (``data/tables/terms.toml``);
    a condition by its name, lower-cased to sit inside a sentence. An id with no entry is
    shown as it is (a test plays battles in both languages and fails on any such)."""
    lang = lang or default_language()
    row = data.terms().get(section, {}).get(ident)
    if row is not None:
        return row.get(lang) or row["en"]
    cond = data.conditions().get(ident)
    if cond is not None and section in ("modifier", "condition"):
        name = cond.get(f"name_{lang}") or cond["name_en"]
        return name[:1].lower() + name[1:]
    return ident


_TERM_KEYS = {"condition": "condition", "status": "status", "kind": "check", "creature_kind": "creature_kind"}


def _named(key: str, value: Any, lang: str) -> str:
    """Spell and feat ids read as their names in the player's language (a prepared entry
    such as ``stilled:sleep`` by its spell's name); conditions, statuses and checks by
    their words (``term``), a maneuver by its action's name; a side the engine names by its
    catalogue id ("red") by the catalogue's name for it ("Reds", "Rouges")."""
    if key == "side" and isinstance(value, str) and f"SIDE_{value}" in _SENTENCES:
        return side_name(value, lang)
    if key in _TERM_KEYS and isinstance(value, str):
        return term(_TERM_KEYS[key], value, lang)
    if key == "maneuver" and isinstance(value, str) and f"ACT_{value}" in _SENTENCES:
        entry = _SENTENCES[f"ACT_{value}"]
        name = entry.get(lang) or entry["en"]
        return name[:1].lower() + name[1:]
    if key == "problem" and f"ARGUMENT_{value}" in _SENTENCES:
        entry = _SENTENCES[f"ARGUMENT_{value}"]
        return entry.get(lang) or entry["en"]
    if key in ("weapon", "item") and isinstance(value, str):
        return data.item_name(value, lang)
    if key == "creature" and isinstance(value, str) and bestiary.get(value) is not None:
        entry = bestiary.get(value) or {}
        return entry.get(f"name_{lang}") or entry.get("name_en") or value
    if key in ("spell", "feat") and isinstance(value, str):
        table = data.spells() if key == "spell" else data.feats()
        row = table.get(value.split(":")[-1] if key == "spell" else value)
        if row is not None:
            return row.get(f"name_{lang}") or row.get("name_en") or value
    return _show(value)


def side_name(side: str, lang: str | None = None) -> str:
    """A side as players read it: the scenario's colour ids have names; others show as given."""
    entry = _SENTENCES.get(f"SIDE_{side}")
    return (entry.get(lang or default_language()) or entry["en"]) if entry else side


def side_sentence(code: str, side: str, label: str, lang: str | None = None,
                  params: dict[str, Any] | None = None) -> str:
    """A sentence about a side, ``label`` being its name as the players read it. The
    catalogue's names ("Reds", "Rouges") are bare plural nouns, which ``code`` puts with an
    article or a possessive ("The Reds' turn", "Au tour des Rouges"); a name the scenario
    gives ("The raiders", "La garde") brings its own article and number, so it goes in
    ``code``'s ``_NAMED`` sentence, which only sets it apart ("Victory: The raiders")."""
    lang = lang or default_language()
    named = not has_sentence(f"SIDE_{side}") or label != side_name(side, lang)
    key = f"{code}_NAMED" if named and has_sentence(f"{code}_NAMED") else code
    return sentence(key, {**(params or {}), "side": label}, lang)


def variant_name(value: str, lang: str | None = None) -> str:
    entry = _SENTENCES.get(f"VARIANT_{value}")
    return (entry.get(lang or default_language()) or entry["en"]) if entry else value


# Values a sentence shows when the refusal leaves them out.
_DEFAULT_PARAMS = {"BAD_ARGUMENT": {"problem": "malformed"}}


# A number with a decimal point standing alone in a value ("4.5", "55.0%", "-0.5"), not a
# version, a date or a coordinate pair.
_DECIMAL = re.compile(r"(?<![\w.,])(-?\d+)\.(\d+)(?![\w.])")


# Distances: the engine counts in metres (the French text's 1,50 m square); English reads
# feet (a square is 5 ft), French metres, each language the same everywhere (play-test,
# issue 14). These parameters carry metres; in English ``sentence`` puts them in feet.
_DISTANCE_KEYS = {"metres", "range_m", "straight_m", "diag_m", "distance_m", "limit_m"}
_DISTANCE_KEYS_OF = {"UI_SELECTED": {"speed"}, "SBX_WHY_THREAT": {"reach"}}


def feet(metres: Any) -> str:
    """Metres as feet (1.5 m is 5 ft), written short: "30", "7.5"."""
    return f"{round(float(metres) * 10 / 3, 1):g}"


def distance(metres: Any, lang: str | None = None) -> str:
    """A distance as the players read it: "30 ft" in English, "9 m" in French."""
    if (lang or default_language()) == "fr":
        return _DECIMAL.sub(r"\1,\2", f"{float(metres):g}") + " m"
    return f"{feet(metres)} ft"


def _in_feet(code: str, values: dict[str, Any]) -> dict[str, Any]:
    keys = _DISTANCE_KEYS | _DISTANCE_KEYS_OF.get(code, set())
    out = dict(values)
    for k in keys & set(values):
        try:
            out[k] = feet(values[k])
        except (TypeError, ValueError):
            pass
    return out


def sentence(code: str, params: dict[str, Any] | None = None, lang: str | None = None,
             names: dict[str, str] | None = None, here: bool = False) -> str:
    """The readable sentence for a reason code. ``names``: creature ids as the players know
    them (the window's names), put in place of the ids the refusal carries. ``here``: said
    in the window, about the square the player points at or the path drawn to it: a
    sentence that names a square by its coordinates ("[10, 6]") is said by its ``_HERE``
    form, which names none (the board labels no square; the query tool keeps them)."""
    lang = lang or default_language()
    if here and f"{code}_HERE" in _SENTENCES:
        code = f"{code}_HERE"
    entry = _SENTENCES.get(code)
    if entry is None:
        return code
    text = entry.get(lang) or entry["en"]
    if "|" in text:
        text = _counted(text, params or {}, lang)
    values = {k: (names[v] if names and isinstance(v, str) and v in names else _named(k, v, lang))
              for k, v in {**_DEFAULT_PARAMS.get(code, {}), **(params or {})}.items()}
    if lang != "fr":                 # English distances in feet
        values = _in_feet(code, values)
    if lang == "fr":                 # French decimals take a comma: 1,5 m, 55,0 %
        values = {k: _DECIMAL.sub(r"\1,\2", v) if isinstance(v, str) else v for k, v in values.items()}
    try:
        return _elided(text, values) if lang == "fr" else text.format(**values)
    except (KeyError, IndexError):
        return text


# A word that follows a count: « {count|autre|autres} » is the first form for one, the
# second for more (play-test: « et 1 autres plus loin »). English says "1 attack", "0
# attacks", "1.5 feet"; French puts below 2 in the singular (Grevisse, « l'accord du nom
# après un numéral » : « 0 faute », « 1,5 mètre »), from 2 on in the plural.
_COUNTED = re.compile(r"\{(\w+)\|([^{}|]*)\|([^{}|]*)\}")


def _is_one(value: Any, lang: str) -> bool | None:
    try:
        number = float(str(value).replace(",", "."))
    except ValueError:
        return None                              # not a count: the plural, as the template had it
    return abs(number) < 2 if lang == "fr" else number == 1


def _counted(text: str, params: dict[str, Any], lang: str) -> str:
    """The template with each ``{key|one|more}`` made the word its count ``key`` takes."""
    def word(m: re.Match) -> str:
        return m.group(2) if _is_one(params.get(m.group(1), ""), lang) else m.group(3)
    return _COUNTED.sub(word, text)


# French elision (Grevisse, « l'élision »): these words lose their vowel to an apostrophe
# before a word that begins with a vowel. A template written by hand is already right
# (« l'arme », « qu'il »); only where a value is put in does a « tour de {name} » meet a
# name it cannot know ("Orque"), so only that seam is elided. A mute h is left alone: the
# game cannot tell « l'homme » from « le héros ».
_ELIDES = re.compile(r"(?:^|(?<=[\s(]))(de|le|la|que|ne|je|me|te|se) $", re.IGNORECASE)
_FR_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüÿæœ")
_FORMATTER = string.Formatter()


@functools.lru_cache(maxsize=4096)
def _pieces(text: str) -> tuple | None:
    """The template's parsed pieces when a value follows an eliding word, else None (most
    templates: formatted as they are, as fast as English)."""
    pieces = tuple(_FORMATTER.parse(text))
    if any(field is not None and _ELIDES.search(literal) for literal, field, _s, _c in pieces):
        return pieces
    return None


def _elided(text: str, values: dict[str, Any]) -> str:
    """``text.format(**values)``, with « de Orque » said « d'Orque », « le archer »
    « l'archer », « que Alhandra » « qu'Alhandra »: the word of the template just before
    a value elides when the value begins with a vowel; the value itself is never changed."""
    pieces = _pieces(text)
    if pieces is None:                 # no eliding word before any value: the plain format
        return text.format(**values)
    out: list[str] = []
    for literal, field, spec, conversion in pieces:
        if field is None:
            out.append(literal)
            continue
        value, _key = _FORMATTER.get_field(field, (), values)
        shown = _FORMATTER.format_field(_FORMATTER.convert_field(value, conversion), spec or "")
        word = _ELIDES.search(literal) if shown[:1].lower() in _FR_VOWELS else None
        # a word that opens the literal is a word only if the text before it ends one
        if word is not None and (word.start() or not out or out[-1][-1:].isspace()):
            literal = literal[:word.start()] + word.group(1)[:-1] + "'"
        out += [literal, shown]
    return "".join(out)


def has_sentence(code: str) -> bool:
    return code in _SENTENCES


def catalogue() -> dict[str, dict[str, str]]:
    return {k: dict(v) for k, v in _SENTENCES.items()}
