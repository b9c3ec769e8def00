"""A computer's reason said in words (play-test, issue 14: "1.7 damage expected" leaked
into the why line): the line the log and the banner show names how good a blow or a
maneuver looks ("likely to hit hard", "a long shot"); the numbers stay in the line's
hover breakdown (``Said.detail``). The reason itself is the computer's (``Decision``);
this only words it."""
from __future__ import annotations

import re

from ..ai.controllers import provoking_tail
from ..i18n import sentence
from ..world import views

_DAMAGE, _CHANCE, _HP, _AOO = "\x00D", "\x00C", "\x00H", "\x00A"
# the numeric clauses of the reasons' sentences, in each language, and what stands for them
_CLAUSES = {
    "en": ((re.compile(r": \x00D damage expected"), ": {damage}"), (re.compile(r": \x00C % to succeed"), ": {chance}"),
           (re.compile(r" \(\x00H hit points left\)"), "")),
    "fr": ((re.compile(r" : \x00D dégâts attendus"), " : {damage}"), (re.compile(r" : \x00C % de réussite"), " : {chance}"),
           (re.compile(r" \(\x00H points de vie restants\)"), "")),
}


# "0 attacks of opportunity", "1 attacks": the count said as a phrase
_AOO_CLAUSE = {"en": re.compile(r"\x00A attacks of opportunity"), "fr": re.compile(r"\x00A attaques d'opportunité")}


class Said(str):
    """A log line with its breakdown, shown when the line is hovered."""

    detail: str = ""

    def __new__(cls, text: str, detail: str = ""):
        made = super().__new__(cls, text)
        made.detail = detail
        return made


def damage_words(battle, params: dict, lang: str) -> str:
    """How an expected damage compares with what the target has left."""
    amount = float(params.get("damage", 0))
    target = params.get("target")
    left = views.health(battle, target)[0] if isinstance(target, str) and battle.has(target) else 0
    share = amount / left if left > 0 else amount / 10
    band = "DROP" if share >= 1 else "HARD" if share >= 0.4 else "WOUND" if share >= 0.15 else "LITTLE"
    return sentence(f"UI_WHY_HIT_{band}", {}, lang)


def chance_words(params: dict, lang: str) -> str:
    chance = float(params.get("chance", 0))
    band = "LIKELY" if chance >= 65 else "FAIR" if chance >= 40 else "LONG"
    return sentence(f"UI_WHY_CHANCE_{band}", {}, lang)


def worded(battle, code: str, params: dict, lang: str, names) -> str:
    """The reason's sentence with its numbers said in words (any number this does not
    know how to say is left as it was)."""
    marked = dict(params)
    for key, mark in (("damage", _DAMAGE), ("chance", _CHANCE), ("hp", _HP), ("aoo", _AOO)):
        if key in marked:
            marked[key] = mark
    text = sentence(code, marked, lang, names)
    if "aoo" in params:
        count = int(params["aoo"]) if str(params["aoo"]).isdigit() else None
        band = {0: "NONE", 1: "ONE"}.get(count, "MANY") if count is not None else None
        if band is not None:
            said = sentence(f"UI_WHY_AOO_{band}", {"n": count}, lang)
            text = _AOO_CLAUSE.get(lang, _AOO_CLAUSE["en"]).sub(lambda _m: said, text)
    words = {"damage": damage_words(battle, params, lang) if "damage" in params else "",
             "chance": chance_words(params, lang) if "chance" in params else ""}
    for pattern, said in _CLAUSES.get(lang, _CLAUSES["en"]):
        text = pattern.sub(lambda _m, said=said: said.format(**words), text)
    for key, mark in (("damage", _DAMAGE), ("chance", _CHANCE), ("hp", _HP), ("aoo", _AOO)):
        text = text.replace(mark, str(params.get(key, "")))
    if params.get("power_attack"):          # the points its blow is swung with (``ai.power``)
        text += sentence("WHY_WITH_POWER_ATTACK", {"points": params["power_attack"]}, lang)
    return text + provoking_tail(params, lang, names)
