"""Feather Fall, an immediate action in play (issue 11). French text, "Action immédiate":
« une action immédiate peut être entreprise à tout moment (même hors du tour de jeu du
personnage) »; « Effectuer une action immédiate pendant son tour revient à effectuer une
action rapide (et compte comme la seule action rapide autorisée dans un tour de jeu) »;
« Effectuer une action immédiate en dehors de son tour de jeu empêche d'effectuer une
action immédiate ou rapide jusqu'à la fin de son prochain tour de jeu »; « Le personnage
ne peut pas utiliser une action immédiate s'il est pris au dépourvu ». SRD Feather Fall:
the subject takes no damage from the fall."""
from combat_helpers import battle, creature, first, types

from game.ai.answers import answer
from game.ui.combat_log import lines
from game.world.actions.feather_fall import catch_refusal
from game.world.asking import choice_questions
from game.world.commands import Attack, Cast, Climb
from game.world.components import Conditions, HitPoints, Riding, Spellcasting, Stats

GRID = "\n".join([".......", "...^...", ".......", ".......", "......."])


def wizard(b, cid: str, spells, level: int = 3) -> None:
    sc = b.comp(cid, Spellcasting)
    sc.prepared.extend(spells)
    sc.caster_level, sc.caster_class = level, "wizard"


def cliff(wiz_spells=("feather_fall",), wiz_side="blue", **wiz):
    """A climber (hero), a wizard who may catch it, an archer who shoots at it."""
    b = battle(GRID, creature("hero", "blue", (2, 1), initiative=20, str=12, dex=14, hp=30),
               creature("wiz", wiz_side, (1, 4), initiative=15, hp=10, int=16, **wiz),
               creature("archer", "red", (6, 4), weapon="shortbow", initiative=10, hp=20))
    b.comp("hero", Stats).values["climb"] = 4
    wizard(b, "wiz", list(wiz_spells))
    assert b.act("hero", "climb", {"squares": [[3, 1]]}, dice=[10])[0]        # onto the face
    return b


def to_the_archer(b) -> None:
    assert b.act("hero", "end_turn")[0] and b.act("wiz", "end_turn")[0] and b.turn == "archer"


def test_cast_off_turn_the_fall_does_no_damage_and_the_next_swift_action_is_spent():
    """« à tout moment (même hors du tour de jeu du personnage) »; then « empêche d'effectuer
    une action immédiate ou rapide jusqu'à la fin de son prochain tour de jeu »."""
    b = cliff(("feather_fall", "feather_fall", "quickened:magic_missile"), feats=["quicken_spell"])
    to_the_archer(b)
    shot = Attack("archer", target="hero")
    asked = [q for q in choice_questions(b, shot) if q.argument == "feather_fall"]
    assert [(q.to, q.against) for q in asked] == [("wiz", "hero")]
    assert asked[0].choices == ((), (("wiz", "hero"),))            # no first, the rules' usual answer
    ok, refusal, ev = b.act(Attack("archer", target="hero", feather_fall=(("wiz", "hero"),)), dice=[19, 3, 1])
    assert ok, refusal                                             # hit for 3, the Climb check (1) fails: a fall
    assert b.comp("hero", HitPoints).current == 30 - 3             # the arrow's 3, nothing for the fall
    assert "prone" not in b.board().body("hero").conditions and b.board().body("hero").pos != (3, 1)
    cast = first(ev, "SpellCast")
    assert (cast.caster, cast.spell, cast.outcome) == ("wiz", "feather_fall", "cast")
    assert first(ev, "FallSlowed").by == "wiz" and "immediate" in [e.kind for e in ev if type(e).__name__ == "ActionTaken"]
    assert b.read("wiz", Spellcasting).prepared.count("feather_fall") == 1     # one slot spent
    assert "wiz" in b.swift_owed
    # before its next turn no second immediate action: it is no longer asked
    assert catch_refusal(b, "wiz", "hero").code == "NO_SWIFT_ACTION_LEFT"
    en, fr = (" / ".join(t for t, _c in lines(ev, {}, lang)) for lang in ("en", "fr"))
    assert "wiz casts Feather Fall" in en and "no damage from the fall" in en
    assert "wiz lance Feuille morte" in fr and "aucun dégât de chute" in fr
    # its next turn: the swift action is spent, so no quickened spell
    assert b.act("archer", "end_turn")[0] and b.act("hero", "end_turn")[0] and b.turn == "wiz"
    assert b.state()["actions_left"]["swift"] is False and "wiz" not in b.swift_owed
    ok, refusal, _ = b.act(Cast("wiz", spell="magic_missile", targets=("archer",), quickened=True))
    assert not ok and refusal.code == "NO_SWIFT_ACTION_LEFT"


def test_on_its_own_turn_it_is_the_turns_swift_action():
    """« Effectuer une action immédiate pendant son tour revient à effectuer une action
    rapide (et compte comme la seule action rapide autorisée dans un tour de jeu) »: a
    climber casting it on itself; verbal only, so its full hands do not matter."""
    b = battle(GRID, creature("hero", "blue", (2, 1), initiative=20, str=12, dex=14, hp=30, int=16,
                        feats=["quicken_spell"]),
               creature("archer", "red", (6, 4), weapon="shortbow", initiative=10, hp=20))
    b.comp("hero", Stats).values["climb"] = 4
    wizard(b, "hero", ["feather_fall", "quickened:magic_missile"])
    ok, refusal, _ = b.act(Cast("hero", spell="feather_fall", target="hero"))
    assert not ok and refusal.code == "NOT_FALLING"               # nobody falls: cast when asked, as one falls
    assert b.act("hero", "climb", {"squares": [[3, 1]]}, dice=[10])[0]
    climb = Climb("hero", squares=((4, 1),))
    asked = [q for q in choice_questions(b, climb) if q.argument == "feather_fall"]
    assert [(q.to, q.against) for q in asked] == [("hero", "hero")]
    before = b.comp("hero", HitPoints).current
    ok, refusal, ev = b.act(Climb("hero", squares=((4, 1),), feather_fall=(("hero", "hero"),)), dice=[2])
    assert ok, refusal
    assert "FallSlowed" in types(ev) and "DamageDealt" not in types(ev)
    assert b.comp("hero", HitPoints).current == before and "prone" not in b.board().body("hero").conditions
    assert b.state()["actions_left"]["swift"] is False and "hero" not in b.swift_owed
    ok, refusal, _ = b.act(Cast("hero", spell="magic_missile", targets=("archer",), quickened=True))
    assert not ok and refusal.code == "NO_SWIFT_ACTION_LEFT"      # the turn's one swift action is taken


def test_a_swift_action_taken_leaves_no_immediate_action_this_turn():
    """« compte comme la seule action rapide autorisée dans un tour de jeu »: after a
    quickened spell, the climber is not asked and its fall hurts."""
    b = battle(GRID, creature("hero", "blue", (2, 1), initiative=20, str=12, dex=14, hp=30, int=16,
                        feats=["quicken_spell"]),
               creature("archer", "red", (6, 4), weapon="shortbow", initiative=10, hp=20))
    b.comp("hero", Stats).values["climb"] = 4
    wizard(b, "hero", ["feather_fall", "quickened:magic_missile"])
    assert b.act(Cast("hero", spell="magic_missile", targets=("archer",), quickened=True), dice=[2])[0]
    assert b.act("hero", "climb", {"squares": [[3, 1]]}, dice=[10])[0]
    assert b.check(Cast("hero", spell="feather_fall", target="hero")).code == "NO_SWIFT_ACTION_LEFT"
    assert not [q for q in choice_questions(b, Climb("hero", squares=((4, 1),))) if q.argument == "feather_fall"]
    ok, _, ev = b.act(Climb("hero", squares=((4, 1),), feather_fall=(("hero", "hero"),)), dice=[2, 4])
    assert ok and "SpellCast" not in types(ev) and b.comp("hero", HitPoints).current == 30 - 4
    assert "feather_fall" in b.read("hero", Spellcasting).prepared                   # nothing spent


def test_no_immediate_action_while_flat_footed():
    """« Le personnage ne peut pas utiliser une action immédiate s'il est pris au dépourvu »."""
    b = cliff()
    to_the_archer(b)
    b.comp("wiz", Conditions).ids.add("flat_footed")
    assert catch_refusal(b, "wiz", "hero").code == "FLAT_FOOTED_NO_IMMEDIATE"
    assert not [q for q in choice_questions(b, Attack("archer", target="hero")) if q.argument == "feather_fall"]
    ok, _, ev = b.act(Attack("archer", target="hero", feather_fall=(("wiz", "hero"),)), dice=[19, 3, 1, 4])
    assert ok and "SpellCast" not in types(ev)
    assert b.comp("hero", HitPoints).current == 30 - 3 - 4 and "prone" in b.board().body("hero").conditions
    assert b.read("wiz", Spellcasting).prepared == ["feather_fall"] and "wiz" not in b.swift_owed


def test_a_caster_who_says_no_or_is_out_of_range_lets_it_fall():
    b = cliff()
    to_the_archer(b)
    ok, _, ev = b.act(Attack("archer", target="hero"), dice=[19, 3, 1, 4])       # not asked to: nobody casts
    assert ok and b.comp("hero", HitPoints).current == 30 - 7 and b.read("wiz", Spellcasting).prepared == ["feather_fall"]
    far = battle("\n".join(["..............", "...^..........", "..............", ".............."]),
                 creature("hero", "blue", (2, 1), initiative=20, hp=30),
                 creature("wiz", "blue", (13, 3), initiative=15, hp=10, int=16))
    wizard(far, "wiz", ["feather_fall"], level=1)                  # close range at level 1: 25 ft, 5 squares
    assert catch_refusal(far, "wiz", "hero").code == "SPELL_OUT_OF_RANGE"


def test_the_ai_casts_it_for_its_own_side_not_for_a_foe():
    b = cliff()
    to_the_archer(b)
    shot = Attack("archer", target="hero")
    q = next(q for q in choice_questions(b, shot) if q.argument == "feather_fall")
    assert answer(b, q, shot) == (("wiz", "hero"),)
    foe = cliff(wiz_side="red")
    to_the_archer(foe)
    q = next(q for q in choice_questions(foe, shot) if q.argument == "feather_fall")
    assert answer(foe, q, shot) == ()


def test_a_rider_thrown_by_its_falling_mount_is_caught():
    """French text, "combat monté": a mount that falls throws its rider (Ride DC 15 or
    1d6); caught by Feather Fall, the rider takes nothing and lands on its feet."""
    grid = "\n".join("." * 14 for _ in range(7))
    b = battle(grid, creature("knight", "blue", (0, 2), weapon="lance", initiative=20, str=14, bab=3, hp=20),
               creature("horse", "blue", (1, 2), size="L", reach="long", speed=15, weapon="hoof", initiative=1, hp=30,
                        rideable=True),
               creature("orc", "red", (10, 3), weapon="greataxe", initiative=10, hp=40, ac=10, speed=12),
               creature("wiz", "blue", (0, 5), initiative=15, hp=10, int=16))
    b.comp("horse", Stats).values["combat_trained"] = 1
    wizard(b, "wiz", ["feather_fall"])
    assert b.act("knight", "mount", {"mount": "horse"})[0]
    b.comp("horse", HitPoints).current = 1
    assert b.act("knight", "end_turn")[0] and b.act("wiz", "end_turn")[0]
    assert b.act("orc", "move", {"squares": [[9, 3], [8, 3], [7, 3], [6, 3], [5, 3], [4, 3], [3, 3]]})[0]
    blow = Attack("orc", target="horse")
    assert [(q.to, q.against) for q in choice_questions(b, blow) if q.argument == "feather_fall"] == [("wiz", "knight")]
    ok, refusal, ev = b.act(Attack("orc", target="horse", feather_fall=(("wiz", "knight"),)), dice=[15, 6, 3])
    assert ok, refusal                                             # the horse drops; Ride 3 fails: thrown
    assert first(ev, "FallSlowed").who == "knight" and b.comp("knight", HitPoints).current == 20
    assert "prone" not in b.board().body("knight").conditions and not b.read("knight", Riding).mount
    assert "wiz" in b.swift_owed
