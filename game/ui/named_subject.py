"""A refusal's subject named (play-test, issue 14): the engine's sentences say "It is not
prone." / "Il n'est pas à terre." of the creature acting; the window says "Lidda is not
prone." / "Lidda n'est pas à terre.". A French sentence that begins with a possessive
("Sa main est vide.") takes the name after its noun phrase: "La main de Lidda est vide.",
"L'autre main d'Éric tient son bouclier." (no rule decided here: wording only)."""
from __future__ import annotations

# The leading pronoun, which stands for the creature acting, and its name instead.
PRONOUNS = {"en": (("Its ", "{name}'s "), ("It ", "{name} ")),
            "fr": (("Il ", "{name} "), ("Elle ", "{name} "))}

# French impersonal beginnings, whose « il » stands for no one: the sentence said of the
# creature with a verb of its own (« Il faut être au contact de … » read « Lidda faut être
# au contact de … »; it reads « Lidda doit être au contact de … »).
FR_IMPERSONAL = (("Il faut ", "{name} doit "),)

# French possessives: the article each takes in front of the noun phrase ("son" before a
# vowel is "l'": "son arme" -> "l'arme de Lidda").
FR_POSSESSIVES = (("Ses ", "Les "), ("Son ", "Le "), ("Sa ", "La "))
# Noun phrases of more than one word that begin the engine's French sentences; any other
# is one word ("Sa main tient …" -> "La main de Lidda tient …").
FR_NOUN_PHRASES = ("autre main", "test de Natation", "arme d'allonge")
VOWELS = "AEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜaeiouyàâäéèêëîïôöùûü"


def _de(name: str) -> str:
    """« de Lidda », « d'Éric »."""
    return ("d'" if name[:1] in VOWELS else "de ") + name


def _french_possessive(text: str, name: str) -> str | None:
    for possessive, article in FR_POSSESSIVES:
        if not text.startswith(possessive):
            continue
        rest = text[len(possessive):]
        noun = next((p for p in FR_NOUN_PHRASES if rest.startswith(p + " ") or rest == p), None)
        if noun is None:
            noun = rest.split(" ", 1)[0].rstrip(".,:;")
        if not noun:
            return None
        if article != "Les " and noun[:1] in VOWELS:
            article = "L'"
        return f"{article}{noun} {_de(name)}{rest[len(noun):]}"
    return None


def named(text: str, name: str, lang: str) -> str:
    """``text`` (a refusal in ``lang``) with its subject pronoun or possessive replaced by
    ``name``; unchanged when it begins otherwise."""
    for pronoun, replaced in (FR_IMPERSONAL if lang == "fr" else ()) + PRONOUNS.get(lang, ()):
        if text.startswith(pronoun):
            return replaced.format(name=name) + text[len(pronoun):]
    if lang == "fr":
        return _french_possessive(text, name) or text
    return text
