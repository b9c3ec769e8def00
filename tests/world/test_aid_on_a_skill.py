"""Aid another on a skill check (French text, « Aider quelqu'un » : « Cette action simple
permet également d'aider un ami différemment … ou pour l'aider lors d'un test de
compétence »; SRD, Skills, "Aid Another": the same kind of check against DC 10, rolled,
gives the ally +2 on its check), and note 2 of the actions table (« Si vous aidez quelqu'un
pour une action qui provoque normalement une attaque d'opportunité, alors le fait de l'aider
provoque aussi une attaque d'opportunité »)."""
from combat_helpers import battle, creature, first, types

from game.world.actions import helping
from game.world.commands import AidAnother
from game.world.components import Stats

GRID = "\n".join([".......", "...^...", ".......", ".......", "......."])


def climbers(**friend):
    kw = dict(initiative=15, str=12, hp=30)
    kw.update(friend)
    b = battle(GRID, creature("hero", "blue", (2, 1), initiative=10, str=12, hp=30),
               creature("friend", "blue", (2, 2), **kw),
               creature("orc", "red", (6, 4), initiative=20, hp=20, weapon="longsword"))
    b.comp("hero", Stats).values["climb"] = 4
    b.comp("friend", Stats).values["climb"] = 2
    b.act("orc", "end_turn")
    return b


def test_a_climb_check_of_10_gives_the_ally_plus_2_on_its_next_climb_only():
    b = climbers()
    assert b.turn == "friend"
    ok, refusal, ev = b.act("friend", "aid_another", {"ally": "hero", "help": "skill", "skill": "climb"}, dice=[7])
    check = first(ev, "SavingThrow")
    assert ok, refusal
    assert (check.kind, check.bonus, check.dc, check.success) == ("aid_climb", 1 + 2, 10, True)
    assert not b.state()["actions_left"]["standard"]                     # a standard action (« action simple »)
    b.act("friend", "end_turn")
    ok, _, ev = b.act("hero", "climb", {"squares": [[3, 1]]}, dice=[8])
    assert ok and first(ev, "SavingThrow").bonus == 1 + 4 + 2          # 8 + 7 = 15: it climbs
    assert b.board().body("hero").pos == (3, 1)
    assert not b.shared_read.aids                                          # used up by that check


def test_a_failed_aid_gives_nothing_and_the_aid_ends_at_the_aiders_next_turn():
    b = climbers()
    ok, _, ev = b.act("friend", "aid_another", {"ally": "hero", "help": "skill", "skill": "climb"}, dice=[6])
    assert ok and not first(ev, "SavingThrow").success and "AidGiven" not in types(ev)
    assert not b.shared_read.aids
    c = climbers()
    assert c.act("friend", "aid_another", {"ally": "hero", "help": "skill", "skill": "climb"}, dice=[15])[0]
    for cid in ("friend", "hero", "orc"):
        c.act(cid, "end_turn")
    assert c.turn == "friend" and not c.shared_read.aids                 # gone when the aider's turn comes again


def test_the_aider_stands_beside_the_ally_and_helps_only_with_the_skills_played():
    b = climbers()
    ok, refusal, _ = b.act("friend", "aid_another", {"ally": "hero", "help": "skill", "skill": "concentration"})
    assert not ok and refusal.code == "AID_SKILL_NOT_HELPED"
    far = battle(GRID, creature("hero", "blue", (0, 0), initiative=10),
                 creature("friend", "blue", (5, 4), initiative=15),
                 creature("orc", "red", (6, 0), initiative=1))
    ok, refusal, _ = far.act("friend", "aid_another", {"ally": "hero", "help": "skill", "skill": "swim"})
    assert not ok and refusal.code == "OUT_OF_REACH"
    ok, refusal, _ = far.act("friend", "aid_another", {"ally": "orc", "help": "skill", "skill": "swim"})
    assert not ok and refusal.code == "NOT_AN_ALLY"


def test_the_options_offer_each_skill_for_the_ally_beside_and_the_question_of_help_is_not_asked():
    b = climbers()
    option = b.options("friend")["aid_another"]
    assert option.legal and ["hero", "climb"] in option.domain["skills"] and option.domain["pairs"] == []
    from game.world.asking import choice_questions
    asked = {q.argument for q in choice_questions(b, AidAnother("friend", ally="hero", help="skill", skill="climb"))}
    assert "help" not in asked


def test_a_feint_aided_by_bluff():
    b = battle("\n".join(["....."] * 3),
               creature("rogue", "blue", (1, 1), initiative=10, cha=10),
               creature("bard", "blue", (1, 2), initiative=20, cha=14),
               creature("orc", "red", (2, 1), initiative=1, wis=10, int=10))
    b.comp("bard", Stats).values["bluff"] = 4
    ok, _, ev = b.act("bard", "aid_another", {"ally": "rogue", "help": "skill", "skill": "bluff"}, dice=[5])
    assert ok and first(ev, "SavingThrow").bonus == 4 + 2 and "AidGiven" in types(ev)
    b.act("bard", "end_turn")
    ok, _, ev = b.act("rogue", "feint", {"target": "orc"}, dice=[10, 10])
    assert ok and first(ev, "OpposedCheck").attacker_total == 10 + 0 + 2     # +2 from the aid


def test_note_2_none_of_the_aided_checks_provokes_so_the_aid_provokes_nothing():
    """The acts one may aid with a skill (Climb, Swim, Ride, Escape Artist, Bluff) do not
    provoke by themselves: aiding them draws no attack of opportunity from a foe that
    threatens the aider."""
    assert helping.PROVOKING == frozenset()
    b = battle(GRID, creature("hero", "blue", (2, 1), initiative=10),
               creature("friend", "blue", (2, 2), initiative=15),
               creature("orc", "red", (2, 3), initiative=20, weapon="longsword"))
    b.act("orc", "end_turn")
    ok, _, ev = b.act("friend", "aid_another", {"ally": "hero", "help": "skill", "skill": "climb"}, dice=[10])
    assert ok and not any(type(e).__name__ == "AttackRolled" for e in ev)


def test_a_helpless_ally_is_not_helped_with_a_check_it_cannot_make():
    """Play-test 3: a dying Lidda was offered help to climb, swim, ride … A helpless ally
    (dying, unconscious, paralysed, asleep) makes no check before the help runs out."""
    from game.world.components import HitPoints
    from game.world.damage import sync_health
    b = climbers()
    b.comp("hero", HitPoints).current = -1
    sync_health(b, "hero")
    b.changed()
    refusal = b.check("friend", "aid_another", {"ally": "hero", "help": "skill", "skill": "climb"})
    assert refusal is not None and refusal.code == "AID_ALLY_HELPLESS"
    skills = b.options("friend")["aid_another"].domain.get("skills", []) if b.options("friend")["aid_another"].legal else []
    assert not any(ally == "hero" for ally, _skill in skills)
    ok, _, _ = b.act("friend", "aid_another", {"ally": "hero", "help": "skill", "skill": "climb"})
    assert not ok and b.comp("hero", HitPoints).current == -1
