"""Aid another (French text, « Aider quelqu'un »): in combat, an attack against AC 10 for
+2 on an ally's attack or AC (``maneuvers``), a sleeping ally shaken awake; and, with
``help: "skill"``, an ally helped on a skill check: « Cette action simple permet également
d'aider un ami différemment … ou pour l'aider lors d'un test de compétence ».

The skill check's aid follows the SRD (Skills, "Aid Another"): "You can help another
character achieve success on his or her skill check by making the same kind of skill check
in a cooperative effort. If you roll a 10 or higher on your check, the character you are
helping gets a +2 bonus to his or her check ... (You can't take 10 on a skill check to aid
another.)" A standard action, as the French text's « action simple » says. The +2 waits for
the ally's next check of that skill until the aider's next turn (``skill_aid``).

Our readings of "In many cases, a character's help won't be beneficial": the helper stands
next to the ally (the help is given in person, as a sleeper is shaken); the skills are the
checks the engine plays that one can help with — Climb, Swim, Ride, Escape Artist, Bluff
(a feint) — and not Concentration, a caster's own mind. Note 2 of the actions table (« Si
vous aidez quelqu'un pour une action qui provoque normalement une attaque d'opportunité,
alors le fait de l'aider provoque aussi une attaque d'opportunité »): none of these checks
provokes by itself (a climb or a swim provokes by the movement, which the aider does not
make), so the aid provokes nothing (``PROVOKING`` is empty, and a test keeps it so).
"""
from __future__ import annotations

from ...rules.modifiers import ability_modifier
from ..components import Abilities, Stats
from ..events import AidGiven, SavingThrow
from ..saddle import ride_check
from ..skill_aid import AIDED_SKILLS, KIND
from ..state import Aid
from . import maneuvers
from .climbing import climb_bonus
from .common import Refused, Verdict, affordable, judged, judging, refuse, spend, target_arg
from .swimming import swim_bonus

AID_DC = 10
# The aided skill checks that provoke an attack of opportunity by themselves (note 2): none.
PROVOKING: frozenset[str] = frozenset()


def _adjacent(battle, a: str, b: str) -> bool:
    board = battle.board()
    return any(max(abs(x[0] - y[0]), abs(x[1] - y[1])) <= 1 for x in board.body(a).squares for y in board.body(b).squares)


@judging
def judge_aid_another(battle, who, args) -> Verdict:
    """Aid another's judging part: the combat aid's (``maneuvers``), or the skill aid's —
    an ally, beside the aider, a skill the engine lets one help with, the standard action."""
    if args.get("help") != "skill":
        verdict = maneuvers.judge_aid_another(battle, who, args)
        if verdict.refusal is not None:
            raise Refused(verdict.refusal)
        return verdict
    ally = target_arg(battle, args, "ally")
    board = battle.board()
    if ally == who or board.body(ally).is_enemy_of(board.body(who)):
        raise refuse("NOT_AN_ALLY", creature=ally)
    skill = args.get("skill")
    if skill not in AIDED_SKILLS:
        raise refuse("AID_SKILL_NOT_HELPED", skill=str(skill))
    if board.body(ally).is_helpless:
        # dying, unconscious, paralysed, asleep: it makes no check before the help runs out
        # (the aider's next turn) — "a character's help won't be beneficial" (play-test 3:
        # a dying Lidda was offered help to climb, swim, ride …)
        raise refuse("AID_ALLY_HELPLESS", ally=ally)
    if not _adjacent(battle, who, ally):
        raise refuse("OUT_OF_REACH", target=ally)
    affordable(battle, who, "standard")
    return Verdict(settled=True, plan=(ally, skill))


def aider_bonus(battle, who: str, skill: str) -> int:
    """The aider's own check of that skill, as the ally's is made (``climbing``,
    ``swimming``, the web's Escape Artist, the feint's Bluff)."""
    if skill == "climb":
        return climb_bonus(battle, who)
    if skill == "swim":
        return swim_bonus(battle, who)
    ability = {"escape_artist": "dex", "bluff": "cha"}[skill]
    return battle.read(who, Stats).values.get(skill, 0) + ability_modifier(battle.read(who, Abilities).scores[ability])


def do_aid_another(battle, who, args, declined) -> list:
    """Standard action: the combat aid (``maneuvers.do_aid_another``), or the same kind of
    skill check against DC 10, rolled (never taken 10), that gives the ally +2 on its next
    check of that skill."""
    if args.get("help") != "skill":
        return maneuvers.do_aid_another(battle, who, args, declined)
    ally, skill = judged(battle, judge_aid_another(battle, who, args))
    events = spend(battle, who, "standard", "aid_another")
    if skill == "ride":
        ok, rolled = ride_check(battle, who, AID_DC, "aid")
    else:
        bonus = aider_bonus(battle, who, skill)
        d20 = battle.dice.roll(20, f"aid another {skill} {who}")
        ok = d20 + bonus >= AID_DC
        rolled = [SavingThrow(who=who, kind=f"aid_{skill}", d20=d20, bonus=bonus, dc=AID_DC, success=ok)]
    events += rolled
    if ok:
        battle.shared.aids.append(Aid(aider=who, ally=ally, enemy="", kind=KIND + skill))
        events.append(AidGiven(aider=who, ally=ally, enemy="", kind=KIND + skill))
    return events
