"""``--chart out.png`` (issue 12, item 4): the simulation's totals drawn with pygame,
headless (SDL's dummy driver, no window): win rates per side (and draws) above, each
creature's mean damage dealt and taken below, in its side's colour."""
from __future__ import annotations

import os

from .. import i18n
from .play import DRAW

SIZE = (960, 600)
BACKGROUND, INK, GRID = (250, 248, 242), (30, 30, 36), (214, 210, 200)
COLOURS = {"blue": (52, 101, 164), "red": (204, 52, 45), "green": (78, 154, 6), "yellow": (215, 170, 20),
           "purple": (117, 80, 123), "orange": (230, 120, 30), DRAW: (150, 150, 150)}
SPARE = [(0, 128, 128), (140, 90, 40), (200, 80, 160), (90, 90, 200)]


def colour(side: str, index: int = 0) -> tuple[int, int, int]:
    return COLOURS.get(side, SPARE[index % len(SPARE)])


def _lighter(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    return tuple(c + (255 - c) // 2 for c in rgb)          # type: ignore[return-value]


def write_chart(summary: dict, path: str, lang: str | None = None, size: tuple[int, int] = SIZE,
                scenario=None) -> None:
    """Draw the chart and save it as a PNG at ``path``; with the ``scenario``, creatures
    and sides by the names players read (as the table has them), not their ids."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    pygame.font.init()
    try:
        surface = pygame.Surface(size)
        surface.fill(BACKGROUND)
        width, height = size
        font = pygame.font.Font(None, max(14, height // 32))
        small = pygame.font.Font(None, max(12, height // 42))
        split = int(height * 0.42)
        shown = lang or i18n.default_language()
        names = {c.id: c.name_in(shown) for c in scenario.creatures} if scenario is not None else {}
        sides = {s: (scenario.side_name(s, shown) if scenario is not None else i18n.side_name(s, lang))
                 for s in summary["per_side"]}
        _wins(surface, font, small, summary, pygame.Rect(16, 10, width - 32, split - 20), lang, sides)
        _damage(surface, font, small, summary, pygame.Rect(16, split, width - 32, height - split - 10), lang, names)
        pygame.image.save(surface, path)
    finally:
        pygame.font.quit()


def _wins(surface, font, small, summary: dict, area, lang: str | None, sides: dict[str, str]) -> None:
    """One horizontal bar a side, and one for the draws, as long as its share of battles."""
    import pygame
    surface.blit(font.render(i18n.sentence("SIM_CHART_WINS", None, lang), True, INK), area.topleft)
    rows = [*summary["per_side"], DRAW]
    top = area.top + font.get_height() + 6
    step = max(8, min(40, (area.bottom - top) // max(1, len(rows))))
    label_w = 190
    bar_w = area.width - label_w - 70
    played = summary.get("controllers") or {}          # with its level: "ai:normal"
    for i, side in enumerate(rows):
        y = top + i * step
        name = i18n.sentence("SIM_DRAW", None, lang) if side == DRAW else \
            f"{sides[side]} ({played.get(side, summary['per_side'][side]['controller'])})"
        surface.blit(small.render(name, True, INK), (area.left, y + 2))
        rate = summary["win_rates"].get(side, 0.0)
        pygame.draw.rect(surface, GRID, (area.left + label_w, y, bar_w, step - 6), 1)
        pygame.draw.rect(surface, colour(side, i), (area.left + label_w, y, int(bar_w * rate), step - 6))
        surface.blit(small.render(f"{100 * rate:.1f} %", True, INK), (area.left + label_w + bar_w + 8, y + 2))


def _damage(surface, font, small, summary: dict, area, lang: str | None, names: dict[str, str]) -> None:
    """Two bars a creature (dealt, solid; taken, light), grouped by side, on one scale."""
    import pygame
    title = font.render(i18n.sentence("SIM_CHART_DAMAGE", None, lang), True, INK)
    surface.blit(title, area.topleft)
    x = area.left + title.get_width() + 24
    for code, shade in (("SIM_DEALT", (90, 90, 96)), ("SIM_TAKEN", _lighter((90, 90, 96)))):   # the legend
        pygame.draw.rect(surface, shade, (x, area.top + 2, 14, 14))
        label = small.render(i18n.sentence(code, None, lang), True, INK)
        surface.blit(label, (x + 18, area.top + 3))
        x += 18 + label.get_width() + 18
    creatures = sorted(summary["per_creature"].items(), key=lambda kv: (kv[1]["side"], kv[0]))
    sides = list(summary["per_side"])
    top, bottom = area.top + font.get_height() + 8, area.bottom - small.get_height() - 6
    pygame.draw.line(surface, INK, (area.left, bottom), (area.right, bottom))
    if not creatures:
        return
    peak = max(1.0, *(max(r["dealt_mean"], r["taken_mean"]) for _, r in creatures))
    surface.blit(small.render(f"{peak:g}", True, INK), (area.left, top))
    pygame.draw.line(surface, GRID, (area.left + 30, top + 4), (area.right, top + 4))
    slot = (area.width - 34) / len(creatures)
    bar = max(1, int(slot * 0.4))
    for i, (cid, row) in enumerate(creatures):
        x = int(area.left + 34 + i * slot)
        rgb = colour(row["side"], sides.index(row["side"]) if row["side"] in sides else 0)
        for j, (value, shade) in enumerate(((row["dealt_mean"], rgb), (row["taken_mean"], _lighter(rgb)))):
            h = int((bottom - top - 4) * value / peak)
            pygame.draw.rect(surface, shade, (x + j * bar, bottom - h, bar, h))
        name = names.get(cid, cid)
        if slot >= small.size(name)[0] + 2:
            surface.blit(small.render(name, True, INK), (x, bottom + 3))
