"""The one error every loader raises: it names the file, where, and what is wrong."""
from __future__ import annotations


class ContentError(Exception):
    """``file: line or key: what is wrong`` — one line, no traceback for the player.

    The line is always one line of printable text: control characters (a newline in an
    id), line separators and lone surrogates a hostile file holds are written escaped
    (``\\n``, ``\\udcff``), so the refusal can neither break in two nor fail to print."""

    def __init__(self, path: str, where: str | None, what: str):
        self.path = str(path)
        self.where = where
        self.what = what
        super().__init__(self.line())

    def line(self) -> str:
        if self.where:
            return one_line(f"{self.path}: {self.where}: {self.what}")
        return one_line(f"{self.path}: {self.what}")


def one_line(text: str) -> str:
    """``text`` with every character that would break a line or its encoding escaped."""
    if all(" " <= ch < "\x7f" or (ch > "\x9f" and not _odd(ch)) for ch in text):
        return text
    return "".join(ch if " " <= ch < "\x7f" or (ch > "\x9f" and not _odd(ch)) else _escaped(ch) for ch in text)


def _odd(ch: str) -> bool:
    return "\ud800" <= ch <= "\udfff" or ch in "\u2028\u2029\u0085\ufeff"


def _escaped(ch: str) -> str:
    code = ord(ch)
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(ch) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
