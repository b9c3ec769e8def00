"""Terrain tiles and creature tokens from ``assets/`` (drawn by ``tools/make_art.py``).

``Art`` loads each PNG once and keeps every scaled copy it has made, so drawing a frame
only blits cached surfaces. A terrain kind without a tile returns None (the board falls
back to flat colours); a creature without a token gets ``assets/tokens/_generic.png``.
"""
from __future__ import annotations

import re
from pathlib import Path

import pygame

from .theme import ASSETS

TILES = ASSETS / "tiles"
TOKENS = ASSETS / "tokens"
GENERIC = "_generic"


def token_name(creature_id: str, template: str | None) -> str:
    """Which token a creature shows: its template's (a hero's level suffix may be left
    off: ``tordek_3`` -> ``tordek``); for a creature with no template, the token named by
    its id or the id's leading words (``gnoll_2``, ``gnoll_archer`` -> ``gnoll``); else the
    generic one."""
    text = template if template else creature_id
    words = [w for w in re.split(r"[^a-z0-9]+", text.lower()) if w]
    candidates = [template] if template else []
    while words and words[-1].isdigit():
        words.pop()
    candidates += ["_".join(words[:n]) for n in range(len(words), 0 if not template else len(words) - 1, -1)]
    for name in candidates:
        if name and (TOKENS / f"{name}.png").exists():
            return name
    return GENERIC


class Art:
    """Loaded and scaled pictures, cached by name and size."""

    def __init__(self, tiles: Path = TILES, tokens: Path = TOKENS):
        self.tiles_dir = tiles
        self.tokens_dir = tokens
        self._raw: dict[Path, pygame.Surface | None] = {}
        self._tiles: dict[tuple[str, int, int], pygame.Surface | None] = {}
        self._tokens: dict[tuple[str, int, str], pygame.Surface] = {}

    def _load(self, path: Path) -> pygame.Surface | None:
        if path not in self._raw:
            try:
                img = pygame.image.load(str(path))
            except (FileNotFoundError, pygame.error):
                img = None
            if img is not None and pygame.display.get_surface() is not None:
                img = img.convert_alpha()
            self._raw[path] = img
        return self._raw[path]

    def tile(self, kind_id: str, cell: int, variant: int = 0) -> pygame.Surface | None:
        """The tile of a terrain kind at ``cell`` pixels; ``variant`` 0-3 flips it (to break
        the repetition of open ground)."""
        key = (kind_id, cell, variant)
        if key not in self._tiles:
            raw = self._load(self.tiles_dir / f"{kind_id}.png")
            if raw is None:
                self._tiles[key] = None
            elif variant:
                self._tiles[key] = pygame.transform.flip(self.tile(kind_id, cell, 0), bool(variant & 1), bool(variant & 2))
            else:
                self._tiles[key] = pygame.transform.smoothscale(raw, (cell, cell)) if raw.get_width() != cell else raw.copy()
        return self._tiles[key]

    def token(self, name: str, diameter: int, pose: str = "") -> pygame.Surface:
        """A token ``diameter`` pixels wide; pose ``"prone"`` lays it on its side,
        ``"helpless"`` also greys it."""
        diameter = max(2, diameter)
        key = (name, diameter, pose)
        img = self._tokens.get(key)
        if img is None:
            if pose:
                img = pygame.transform.rotate(self.token(name, diameter), 90)
                if pose == "helpless":
                    img = pygame.transform.grayscale(img)
            else:
                raw = self._load(self.tokens_dir / f"{name}.png") or self._load(self.tokens_dir / f"{GENERIC}.png")
                if raw is None:  # no art at all: a plain disc
                    img = pygame.Surface((diameter, diameter), pygame.SRCALPHA)
                    pygame.draw.circle(img, (214, 203, 173), (diameter / 2, diameter / 2), diameter / 2)
                else:
                    img = pygame.transform.smoothscale(raw, (diameter, diameter))
            self._tokens[key] = img
        return img
