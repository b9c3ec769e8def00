"""The log's lines said in every language (play-test: old lines kept their language when
the settings switched it). A line is made from its events or its sentence code and values
in each language at once (``said``: the game has two), so a switch shows the whole log in
the new one (``relog``), and a save keeps each line's every language. Made when the line
is, not when it is shown again: a computer's reason in words ("likely to hit hard") reads
the battle as it was then, not as it is at the switch. A line read from an older save,
which kept one language, stays as it was."""
from __future__ import annotations

from typing import Callable

from ..i18n import LANGUAGES


class Line(str):
    """A log line: its text in the language it is shown in, its text in each language
    (``texts``), and the numbers behind it, in each, shown when it is hovered
    (``detail``: a computer's reason said in words)."""

    texts: dict[str, str]
    details: dict[str, str]
    detail: str = ""

    def __new__(cls, texts: dict[str, str], lang: str, details: dict[str, str] | None = None):
        made = super().__new__(cls, texts.get(lang, next(iter(texts.values()))))
        made.texts, made.details = dict(texts), dict(details or {})
        made.detail = made.details.get(lang, "")
        return made

    def said_in(self, lang: str) -> "Line":
        """The same line shown in ``lang``."""
        return type(self)(self.texts, lang, self.details)


def said(make: Callable[[str], str], lang: str, detail: Callable[[str], str] | None = None) -> Line:
    """The line ``make`` says in each language, shown in ``lang``; ``detail``: the numbers
    behind it, in each."""
    texts = {other: str(make(other)) for other in LANGUAGES}
    return Line(texts, lang, {other: str(detail(other)) for other in LANGUAGES} if detail else None)


def relog(log: list, lang: str) -> list:
    """The log shown in ``lang``: each line in its own words in that language."""
    return [(text.said_in(lang) if isinstance(text, Line) else text, colour) for text, colour in log]


def kept(text) -> dict[str, str] | None:
    """A line's every language as a save keeps it (None: a line in one language only)."""
    return dict(text.texts) if isinstance(text, Line) else None


def restored(text: str, texts, lang: str):
    """A saved line back: in every language when its save kept them (each a string), else
    as it was."""
    if isinstance(texts, dict) and set(texts) == set(LANGUAGES) and all(isinstance(t, str) for t in texts.values()):
        return Line(texts, lang)
    return text
