"""The board's tooltip (issue 14, item 2): the hovered token's name, hit points, AC,
conditions and what it wields; on an empty square, its ground and what entering it costs.
It is placed beside what it is about, where it covers no other token if it can, and a
dead creature's tooltip says its name and that it is dead, not its hit points, AC and
weapon, nor that it is asleep or prone (play-test findings)."""
from __future__ import annotations

import pygame

from .. import data
from ..i18n import sentence, term
from ..world import spell_views, views
from . import theme


def conditions_shown(battle, cid: str) -> list[str]:
    """The conditions a creature is shown with: a dead one only as dead (its sleep, its
    fall, its flat-footedness no longer matter; digest §8.2, « mort »)."""
    if views.status(battle, cid) == "dead":
        return ["dead"]
    return list(views.sheet(battle, cid).conditions)


def lines(screen) -> list[str]:
    s = screen
    if s.hover is None or not s.battle.board().terrain.in_bounds(s.hover):
        return []
    cid = s.creature_at(s.hover)
    if cid is not None and views.status(s.battle, cid) == "dead":
        # its name and that it is dead: its hit points below zero, its AC and its weapon
        # no longer matter (play-test: "-31/29 hp · AC 8 · Greatclub / dead")
        return [s.names.get(cid, cid), term("condition", "dead", s.lang)]
    if cid is not None:
        sheet = views.sheet(s.battle, cid)
        hp, most = views.health(s.battle, cid)
        weapon = data.weapons()[sheet.weapon]
        out = [s.names.get(cid, cid),
               sentence("UI_TIP_CREATURE", {"hp": hp, "most": most, "ac": sheet.ac,
                                            "weapon": weapon.names.get(s.lang, weapon.id)}, s.lang)]
        shown = conditions_shown(s.battle, cid)
        if shown:
            out.append(", ".join(term("condition", c, s.lang) for c in shown))
        odds = s.odds_by_pointer(cid) if hasattr(s, "odds_by_pointer") else ""
        if odds:
            out.append(odds)
        summoned = spell_views.summoned(s.battle, cid)
        if summoned is not None:          # how long it stays (SRD Summon Nature's Ally: 1 round a level)
            out.append(sentence("UI_TIP_SUMMONED", {"name": s.names.get(summoned[0], summoned[0]),
                                                    "round": summoned[1]}, s.lang))
        return out
    ground, cost = views.terrain_at(s.battle, s.hover)
    spelled = spell_views.spell_grounds(s.battle).get(tuple(s.hover))
    look = getattr(s.view, "difficult_look", "") if ground == "difficult" else ""
    if spelled is not None:
        # a spell's web or grease, named as what it is (play-test: "rubble"), with its save
        name = sentence(f"UI_TIP_SPELL_{spelled.kind}", {"dc": spelled.dc}, s.lang)
    else:
        name = term("terrain_look", look, s.lang) if look else term("terrain", ground, s.lang)
    out = [name,
           sentence("UI_TIP_NO_WAY" if cost is None else "UI_TIP_COST", {"metres": f"{(cost or 0) * 1.5:g}"}, s.lang)]
    if ground in GROUND_NOTES:
        out.append(sentence(GROUND_NOTES[ground], {}, s.lang))
    return out


# What the new grounds mean, said where a newcomer hovers them (play-test, issue 14): deep
# water is swum, not walked (SRD Swim: a quarter of one's speed as a move action, half as
# a full-round one), a rock face climbed (SRD Climb), darkness hides who is in it from
# those without darkvision (digest §7.3, total concealment; no 5-ft step in it).
GROUND_NOTES = {"deep_water": "UI_TIP_SWIM", "cliff": "UI_TIP_CLIMB", "darkness": "UI_TIP_DARK",
                "pit": "UI_TIP_PIT", "web_sheet": "UI_TIP_WEB", "crate": "UI_TIP_CRATE",
                "web_spell": "UI_TIP_WEB_COVER"}


def _percent(value) -> str:
    return f"{round(100 * float(value))}%"


def odds_short(name: str, odds, lang: str) -> str:
    """The engine's ``odds`` of the chosen action in a few words (the panel keeps the exact
    line with its arithmetic): an attack's chance to hit and mean damage, a maneuver's
    chance to succeed (its touch attack and check together); "" when it planned neither."""
    if odds.success is not None:
        overall = odds.success if odds.hit is None else odds.hit * odds.success
        return sentence("UI_TIP_ODDS_MANEUVER", {"action": name, "chance": _percent(overall)}, lang)
    if not odds.attacks:
        return ""
    return sentence("UI_TIP_ODDS_ATTACK", {"action": name, "hit": _percent(odds.hit or 0),
                                           "damage": f"{float(odds.expected_damage or 0):.1f}"}, lang)


def token_rects(screen) -> dict[str, pygame.Rect]:
    """Each creature's token on the board's surface, in pixels."""
    cam, out = screen.cam, {}
    for body in screen.battle.board().bodies:
        x, y = cam.to_screen(min(body.squares))
        out[body.id] = pygame.Rect(x, y, body.span * cam.cell, body.span * cam.cell)
    return out


def place(screen, bounds: pygame.Rect, w: int, h: int) -> pygame.Rect:
    """Where the tooltip goes (play-test: it covered the neighbouring tokens): beside the
    hovered token or square — right, left, below, above, then the corners' sides — at the
    first place inside the board that covers no other token, else where it covers the
    fewest; never over what it is about when it can help it."""
    tokens = token_rects(screen)
    hovered = screen.creature_at(screen.hover) if screen.hover else None
    if hovered in tokens:
        anchor = tokens[hovered]
    else:
        x, y = screen.cam.to_screen(screen.hover)
        anchor = pygame.Rect(x, y, screen.cam.cell, screen.cam.cell)
    board = screen.battle.board()      # a fallen body may be covered: it is out of the fight
    others = [r for cid, r in tokens.items() if cid != hovered and "dead" not in board.body(cid).conditions]
    cell = screen.cam.cell              # squares the player is to click (a charge's tied spaces): kept clear
    others += [pygame.Rect(*screen.cam.to_screen(sq), cell, cell) for sq in getattr(screen, "keep_clear", ())]
    gap = 6
    left, right, above, below = anchor.x - gap - w, anchor.right + gap, anchor.y - gap - h, anchor.bottom + gap
    places = [pygame.Rect(right, anchor.y, w, h), pygame.Rect(left, anchor.y, w, h),
              pygame.Rect(anchor.x, below, w, h), pygame.Rect(anchor.x, above, w, h),
              pygame.Rect(right, anchor.bottom - h, w, h), pygame.Rect(left, anchor.bottom - h, w, h),
              pygame.Rect(anchor.right - w, below, w, h), pygame.Rect(anchor.right - w, above, w, h)]
    inside = [p for p in places if bounds.contains(p)] or [p.clamp(bounds) for p in places]
    return min(inside, key=lambda p: (p.colliderect(anchor), len(p.collidelistall(others))))


def draw(screen, area: pygame.Surface) -> None:
    shown = lines(screen) if screen.hover_px is not None and screen.dialog is None else []
    if not shown:
        screen.tooltip_rect = None
        return
    font = theme.font(round(12 * getattr(screen, "ui_scale", 1.0)))     # at the settings' UI scale
    images = [font.render(t, True, theme.TEXT) for t in shown]
    w = max(i.get_width() for i in images) + 12
    h = sum(i.get_height() for i in images) + 8
    box = screen.tooltip_rect = place(screen, area.get_rect(), w, h)
    pygame.draw.rect(area, (24, 26, 32), box, border_radius=4)
    pygame.draw.rect(area, (120, 124, 140), box, 1, border_radius=4)
    y = box.y + 4
    for img in images:
        area.blit(img, (box.x + 6, y))
        y += img.get_height()
