"""Aid another on a skill check, the waiting bonus (French text, « Aider quelqu'un » :
« Cette action simple permet également d'aider un ami différemment … ou pour l'aider lors
d'un test de compétence »; SRD, Skills, "Aid Another": "If you roll a 10 or higher on your
check, the character you are helping gets a +2 bonus to his or her check"). The aid itself
is played by ``actions.helping``; here the +2 waits in ``shared.aids`` (kind
``skill:<skill>``) for the ally's next check of that skill, which uses it up, and is lost
at the aider's next turn (``turns``), as the combat aid is."""
from __future__ import annotations

from .commands.catalogue import AIDED_SKILLS  # noqa: F401  (the skill checks one may help with: the command's words)

KIND = "skill:"


def take_skill_aid(battle, cid: str, skill: str) -> int:
    """+2 for each aid waiting for ``cid``'s next ``skill`` check, used up by this one."""
    kind = KIND + skill
    waiting = [a for a in battle.shared_read.aids if a.ally == cid and a.kind == kind]
    if not waiting:
        return 0
    battle.shared.aids = [a for a in battle.shared.aids if not (a.ally == cid and a.kind == kind)]
    return 2 * len(waiting)
