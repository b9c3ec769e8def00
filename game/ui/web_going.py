"""Moving through a Web spell from the window (SRD Web; the engine's ``move_through_web``):
the squares its best check could reach are the engine's option domain, the path to the
hovered one is the engine's own (the option's command for that square), and the chance
to get to each square of it is the engine's ``odds``. A click submits that command; the
method (Strength or Escape Artist) is the engine's question, the better one first. The
window decides no rule."""
from __future__ import annotations

from ..i18n import sentence
from ..world import commands as C, views


def _commands(screen, cid: str) -> dict:
    """The option's commands by the square each ends on (none when it is refused)."""
    option = screen.battle.options(cid)["move_through_web"]
    if not option.legal:
        return {}
    return {tuple(c.squares[-1]): c for c in option.commands()}


def command_to(screen, cid: str, square) -> C.Command:
    """The engine's path there, or a straight lane (its refusal then says why not)."""
    found = _commands(screen, cid).get(tuple(square))
    return found or C.MoveThroughWeb(cid, squares=tuple(views.lane_to(screen.battle, cid, square)) or (tuple(square),))


def click(screen, square) -> None:
    screen.submit(command_to(screen, screen.current, square))


def preview(screen, cid: str, hover, ov) -> None:
    """The reachable squares; over one of them its path, each square marked with the
    chance to get that far, and the caption with the chance for the hovered square."""
    found = _commands(screen, cid)
    ov.area = {sq: 1.5 * len(c.squares) for sq, c in found.items()}
    command = found.get(tuple(hover)) if hover is not None else None
    if command is None:
        option = screen.battle.options(cid)["move_through_web"]
        ov.caption = screen.say(option.refusal) if not option.legal else sentence("UI_WEB_GOING_HINT", {}, screen.lang)
        return
    odds = screen.battle.odds(command)
    if odds.refusal is not None or not odds.web_going:
        ov.caption = screen.say(odds.refusal) if odds.refusal is not None else ""
        return
    ov.path = [screen.battle.board().body(cid).pos, *command.squares]
    for sq, chance in odds.web_going:
        ov.marks.append((sq, f"{round(100 * float(chance))}%"))
    method = screen.battle.options(cid)["move_through_web"].domain["methods"][0]
    bonus = screen.battle.preview(command).recorder.web_goings[0].bonus
    ov.caption = sentence("UI_WEB_GOING", {"kind": method, "bonus": f"{bonus:+d}",
                                           "chance": round(100 * float(odds.web_going[-1][1])),
                                           "square": list(hover)}, screen.lang, here=True)
