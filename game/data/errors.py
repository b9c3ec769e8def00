"""The one error every loader raises: it names the file, where, and what is wrong."""
from __future__ import annotations


class ContentError(Exception):
    """``file: line or key: what is wrong`` — one line, no traceback for the player."""

    def __init__(self, path: str, where: str | None, what: str):
        self.path = str(path)
        self.where = where
        self.what = what
        super().__init__(self.line())

    def line(self) -> str:
        if self.where:
            return f"{self.path}: {self.where}: {self.what}"
        return f"{self.path}: {self.what}"
