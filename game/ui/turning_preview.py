"""Whom a turning may affect, shown as its button is hovered (French text, « renvoi des
morts-vivants »: the closest first, within 18 m, with line of effect): the engine's odds
of the command (``Odds.turning``: each creature in reach, closest first, with its Hit Dice
against turning, its chance to be affected and what befalls it), listed in the caption as
an area spell lists the creatures it catches (``spell_aim``), each one's square marked with
its chance. The window counts nothing itself."""
from __future__ import annotations

from ..i18n import sentence
from ..world import commands as C

POWERS = ("turn_undead", "rebuke_undead")


def preview(screen, cid: str, action: str, ov) -> None:
    """The engine's refusal, or the creatures the turning may affect in the caption."""
    battle, lang = screen.battle, screen.lang
    command = battle.command(cid, action, {})
    if not isinstance(command, C.Command):
        ov.caption = screen.say(command)
        return
    odds = battle.odds(command)
    if odds.refusal is not None:
        ov.caption = screen.say(odds.refusal)
        return
    board = battle.board()
    parts = []
    for one in odds.turning:
        chance = round(100 * float(one.chance))
        parts.append(sentence("UI_TURNING_ONE", {"name": screen.names.get(one.who, one.who), "hd": one.hit_dice,
                                                 "chance": chance,
                                                 "outcome": sentence(f"UI_TURNING_{one.outcome}", {}, lang)}, lang))
        ov.marks.append((board.body(one.who).pos, f"{chance}%"))
    ov.caption = sentence("UI_TURNING_MAY", {"names": " · ".join(parts)}, lang) if parts else \
        sentence("UI_TURNING_NOBODY", {}, lang)
