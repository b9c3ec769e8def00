"""Rules fidelity (issue 11): procedures of the French text the engine had in its code
but no test proved. Each plays the rule through ``Battle.act`` with scripted dice and
quotes the phrase (French text or digest) it holds the engine to."""
from combat_helpers import battle, creature, first, prepared_caster, types

from game.world.components import Inventory, Riding, Spellcasting, SpellEffects

OPEN = "\n".join("." * 12 for _ in range(8))


def _rolls(ev):
    return [e for e in ev if type(e).__name__ == "AttackRolled"]


def _sources(breakdown):
    return [src for _v, _k, src in breakdown]


def _rolled(b, purpose: str) -> list[tuple[int, int]]:
    """(sides, face) of every die the battle rolled for that purpose."""
    return [(r.sides, r.face) for r in b.dice.history if r.purpose == purpose]


# --- 1. infliger des dégâts létaux ---------------------------------------------------

def test_a_lethal_unarmed_strike_costs_minus_4_to_hit_and_deals_lethal_damage():
    """French text, "infliger des dégâts létaux": "Un personnage peut déclarer vouloir
    infliger des dégâts létaux à mains nues avant son attaque, mais il subit alors un malus
    de -4 sur son jet d'attaque". The foe is unarmed, so the blow provokes nothing ("On
    peut attaquer à mains nues sans risque un adversaire qui ne porte pas lui-même
    d'arme")."""
    b = battle(OPEN, creature("p", "blue", (2, 2), initiative=20, bab=1),
               creature("o", "red", (3, 2), initiative=10, hp=30, ac=5))
    ok, refusal, ev = b.act("p", "attack", {"target": "o", "nonlethal": False}, dice=[15, 2])
    assert ok, refusal
    roll = _rolls(ev)
    assert len(roll) == 1 and roll[0].attacker == "p"
    assert (-4, "untyped", "nonlethal_switch") in roll[0].bonus_breakdown
    assert roll[0].bonus == 1 - 4
    assert not first(ev, "DamageDealt").nonlethal
    # The plain unarmed strike: nonlethal damage, no penalty.
    c = battle(OPEN, creature("p", "blue", (2, 2), initiative=20, bab=1),
               creature("o", "red", (3, 2), initiative=10, hp=30, ac=5))
    ok, refusal, ev = c.act("p", "attack", {"target": "o"}, dice=[15, 2])
    assert ok, refusal
    assert "nonlethal_switch" not in _sources(_rolls(ev)[0].bonus_breakdown)
    assert _rolls(ev)[0].bonus == 1 and first(ev, "DamageDealt").nonlethal


def test_nonlethal_damage_with_a_lethal_weapon_costs_minus_4_to_hit():
    """Digest, nonlethal damage: "Switching between lethal and nonlethal with a weapon: −4
    to attack." A longsword's blow asked nonlethal takes -4 and deals nonlethal damage;
    the same blow left lethal takes nothing."""
    b = battle(OPEN, creature("p", "blue", (2, 2), initiative=20, bab=1, weapon="longsword"),
               creature("o", "red", (3, 2), initiative=10, hp=30, ac=5))
    ok, refusal, ev = b.act("p", "attack", {"target": "o", "nonlethal": True}, dice=[15, 4])
    assert ok, refusal
    assert (-4, "untyped", "nonlethal_switch") in _rolls(ev)[0].bonus_breakdown
    dealt = first(ev, "DamageDealt")
    assert dealt.nonlethal and dealt.amount == 4
    c = battle(OPEN, creature("p", "blue", (2, 2), initiative=20, bab=1, weapon="longsword"),
               creature("o", "red", (3, 2), initiative=10, hp=30, ac=5))
    ok, refusal, ev = c.act("p", "attack", {"target": "o"}, dice=[15, 4])
    assert ok, refusal
    assert "nonlethal_switch" not in _sources(_rolls(ev)[0].bonus_breakdown)
    assert not first(ev, "DamageDealt").nonlethal


# --- 2. composante verbale: the deafened caster ----------------------------------------

def _caster(spells, cls="wizard", level=3, foes=(), **kw):
    return prepared_caster(OPEN, "mage", spells, cls, level, foes, **kw)


def _orc(cid="orc", at=(6, 4), **kw):
    o = dict(initiative=10, hp=30, weapon="greataxe")
    o.update(kw)
    return creature(cid, "red", at, **o)


def test_a_deafened_casters_verbal_spell_fails_on_1_to_20_of_d100_and_is_lost():
    """French text, "composante verbale (V)": "un personnage sourd a 20% de chances de
    rater son incantation si celle-ci comprend une composante verbale. Dans ce cas, le
    sort est perdu." A d100 of 20 loses magic missile and its slot; 21 casts it."""
    b = _caster(["magic_missile"], foes=[_orc()], conditions=["deafened"])
    ok, refusal, ev = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc", "orc"]}, dice=[20])
    assert ok, refusal
    assert first(ev, "SpellCast").outcome == "lost" and "DamageDealt" not in types(ev)
    assert b.comp("mage", Spellcasting).prepared == []              # the spell is lost
    assert _rolled(b, "deafened spell failure mage") == [(100, 20)]
    c = _caster(["magic_missile"], foes=[_orc()], conditions=["deafened"])
    ok, refusal, ev = c.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc", "orc"]}, dice=[21, 3, 4])
    assert ok, refusal
    assert first(ev, "SpellCast").outcome == "cast"
    assert [e.amount for e in ev if type(e).__name__ == "DamageDealt"] == [4, 5]


def test_a_deafened_caster_rolls_no_failure_for_a_spell_without_a_verbal_component():
    """The 20% is for a spell that "comprend une composante verbale": a silent magic
    missile (Silent Spell removes V) rolls no d100, so the first die is the damage."""
    b = _caster(["silent:magic_missile"], foes=[_orc()], conditions=["deafened"], feats=["silent_spell"])
    ok, refusal, ev = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc", "orc"],
                                             "metamagic": ["silent_spell"]}, dice=[1, 1])
    assert ok, refusal
    assert first(ev, "SpellCast").outcome == "cast" and not _rolled(b, "deafened spell failure mage")
    assert [e.amount for e in ev if type(e).__name__ == "DamageDealt"] == [2, 2]


# --- 3. dégainer en se déplaçant ---------------------------------------------------------

def _drawer(bab):
    return battle(OPEN, creature("s", "blue", (0, 2), bab=bab, inventory=["longsword"], initiative=20),
                  creature("orc", "red", (5, 2), weapon="greataxe", initiative=10, hp=50))


def test_at_bab_1_a_weapon_is_drawn_as_a_free_action_combined_with_a_move():
    """French text, footnote 4 (and "Si le personnage a un bonus de base à l'attaque de
    +1 ou plus, il peut dégainer une arme par une action libre combinée à un déplacement
    normal"): move, draw the longsword for free, then attack with the standard action."""
    b = _drawer(bab=1)
    assert b.act("s", "move", {"squares": [[1, 2], [2, 2], [3, 2], [4, 2]]})[0]
    ok, refusal, ev = b.act("s", "draw", {"weapon": "longsword"})
    assert ok, refusal
    assert first(ev, "ActionTaken").kind == "free" and first(ev, "WeaponDrawn").weapon == "longsword"
    ok, refusal, ev = b.act("s", "attack", {"target": "orc"}, dice=[5])
    assert ok, refusal
    assert b.board().body("s").weapon.id == "longsword"


def test_at_bab_1_the_draw_may_come_before_the_move_it_is_combined_with():
    """"combinée à un déplacement normal": the draw may open the move as well as close it.
    Drawn first, it takes the move action, whose movement follows at no further cost, and
    the attack is still there; at BAB +0 the same draw, move and attack is one action too
    many."""
    b = _drawer(bab=1)
    ok, refusal, ev = b.act("s", "draw", {"weapon": "longsword"})
    assert ok, refusal
    ok, refusal, ev = b.act("s", "move", {"squares": [[1, 2], [2, 2], [3, 2], [4, 2]]})
    assert ok, refusal
    assert b.actions_left()["standard"]
    ok, refusal, ev = b.act("s", "attack", {"target": "orc"}, dice=[5])
    assert ok, refusal
    assert first(ev, "AttackRolled").attacker == "s"
    c = _drawer(bab=0)
    assert c.act("s", "draw", {"weapon": "longsword"})[0]
    assert c.act("s", "move", {"squares": [[1, 2], [2, 2], [3, 2], [4, 2]]})[0]   # the standard action as a move
    ok, refusal, _ = c.act("s", "attack", {"target": "orc"}, dice=[5])
    assert not ok and refusal.code == "NO_STANDARD_ACTION_LEFT"


def test_a_draw_before_the_move_with_no_move_after_it_was_a_move_action():
    """Without the move it is combined with, the draw is "une action de mouvement": drawn
    at BAB +1, then an attack, no move is left (the attack came between the draw and any
    movement); and a second draw in the turn is no longer free."""
    b = battle(OPEN, creature("s", "blue", (3, 2), bab=1, inventory=["longsword", "dagger"], initiative=20),
               creature("orc", "red", (4, 2), weapon="greataxe", initiative=10, hp=50))
    assert b.act("s", "draw", {"weapon": "longsword"})[0]
    ok, refusal, _ = b.act("s", "attack", {"target": "orc"}, dice=[5])
    assert ok, refusal
    ok, refusal, _ = b.act("s", "move", {"squares": [[3, 3]]})
    assert not ok and refusal.code == "NO_MOVE_ACTION_LEFT"
    c = _drawer(bab=1)
    assert c.act("s", "draw", {"weapon": "longsword"})[0]
    assert c.act("s", "move", {"squares": [[1, 2]]})[0]
    c.comp("s", Inventory).items.append("dagger")
    ok, refusal, ev = c.act("s", "draw", {"weapon": "dagger", "drop_held": True})
    assert ok, refusal
    assert [e.kind for e in ev if type(e).__name__ == "ActionTaken" and e.action == "draw"] == ["move"]


def test_at_bab_0_drawing_after_a_move_is_a_move_action():
    """The free draw needs "un bonus de base à l'attaque de +1 ou plus"; at +0 drawing is
    "une action de mouvement" ("Une action de mouvement permet de dégainer une arme"), so
    after a move it takes the standard action's place and no attack is left; at +1 a draw
    without a move is a move action too."""
    b = _drawer(bab=0)
    assert b.act("s", "move", {"squares": [[1, 2], [2, 2], [3, 2], [4, 2]]})[0]
    ok, refusal, ev = b.act("s", "draw", {"weapon": "longsword"})
    assert ok, refusal
    assert first(ev, "ActionTaken").kind == "move"
    ok, refusal, _ = b.act("s", "attack", {"target": "orc"}, dice=[5])
    assert not ok and refusal.code == "NO_STANDARD_ACTION_LEFT"
    c = _drawer(bab=1)
    ok, refusal, ev = c.act("s", "draw", {"weapon": "longsword"})
    assert ok, refusal
    assert first(ev, "ActionTaken").kind == "move"


# --- 4. diriger ou rediriger un sort -------------------------------------------------------

def test_redirecting_a_spiritual_weapon_is_a_move_action_that_provokes_no_attack_of_opportunity():
    """French text, "diriger ou rediriger un sort": "Les effets de certains sorts, comme
    sphère de feu et arme spirituelle, peuvent être dirigés vers une nouvelle cible [...]
    Diriger un sort nécessite une action de mouvement, ne provoque pas d'attaque
    d'opportunité et ne nécessite aucune concentration". The cleric stands next to an orc
    (which threatens it) and points its weapon from a far orc at another: no attack of
    opportunity, its standard action is left, and next turn the weapon strikes the new foe."""
    b = _caster(["spiritual_weapon"], cls="cleric", level=3,
                foes=[_orc("near", at=(2, 4), initiative=10), _orc("far", at=(8, 4), initiative=9),
                      _orc("other", at=(8, 6), initiative=8)])
    # Concentration 19 (cast defensively), then the weapon strikes at once: d20 2 misses
    ok, refusal, ev = b.act("mage", "cast", {"spell": "spiritual_weapon", "target": "far", "defensively": True},
                            dice=[19, 2])
    assert ok, refusal
    assert b.comp("mage", SpellEffects).spiritual.target == "far"
    for cid in ("mage", "near", "far", "other"):
        ok, _r, ev = b.act(cid, "end_turn", dice=[3])
    assert [(r.attacker, r.target) for r in _rolls(ev)] == [("spiritual_weapon:mage", "far")]
    assert b.turn == "mage"
    ok, refusal, ev = b.act("mage", "direct_spell", {"target": "other"})
    assert ok, refusal
    assert first(ev, "ActionTaken").kind == "move"
    assert not _rolls(ev) and "SavingThrow" not in types(ev)      # no AoO from "near", no concentration
    assert b.comp("mage", SpellEffects).spiritual.target == "other"
    assert b.actions_left()["standard"] and not b.actions_left()["full_round"]
    for cid in ("mage", "near", "far", "other"):
        ok, _r, ev = b.act(cid, "end_turn", dice=[4])
    assert [(r.attacker, r.target) for r in _rolls(ev)] == [("spiritual_weapon:mage", "other")]


def test_a_flaming_sphere_is_rolled_as_a_move_action_and_burns_the_first_creature_it_enters():
    """French text, "diriger ou rediriger un sort": "Les effets de certains sorts, comme
    sphère de feu [...], peuvent être dirigés vers une nouvelle cible ou zone d'effet", by
    a move action that provokes no attack of opportunity. It rolls up to 9 m (6 squares) and stops in the first creature's square
    it enters, which saves on Reflex or takes 2d6 fire; 7 squares are refused."""
    b = _caster(["flaming_sphere"], level=3,
                foes=[_orc("near", at=(2, 4), initiative=10), _orc("far", at=(7, 2), initiative=9)])
    ok, refusal, ev = b.act("mage", "cast", {"spell": "flaming_sphere", "point": [5, 5], "defensively": True},
                            dice=[19])
    assert ok, refusal
    for cid in ("mage", "near", "far"):
        b.act(cid, "end_turn")
    assert b.turn == "mage"
    ok, refusal, _ = b.act("mage", "direct_spell", {"squares": [[5, 4], [5, 3], [5, 2], [4, 2], [3, 2], [2, 2],
                                                                 [1, 2]]})
    assert not ok and refusal.code == "TOO_FAR"
    # Reflex d20 2 fails, then 2d6 = 3 + 4; the sphere stops in the orc's square
    ok, refusal, ev = b.act("mage", "direct_spell", {"squares": [[6, 4], [6, 3], [7, 2], [8, 2]]}, dice=[2, 3, 4])
    assert ok, refusal
    assert first(ev, "ActionTaken").kind == "move"
    assert not _rolls(ev)                                          # "near" takes no AoO
    save = first(ev, "SavingThrow")
    assert save.who == "far" and save.kind == "ref" and not save.success
    dealt = first(ev, "DamageDealt")
    assert dealt.target == "far" and dealt.amount == 7
    assert b.comp("mage", SpellEffects).sphere.at == (7, 2)
    assert b.actions_left()["standard"]


# --- 5. combat sur la défensive lors d'une attaque à outrance ------------------------------

def test_a_defensive_full_attack_takes_minus_4_on_every_attack_and_gives_plus_2_dodge_for_a_round():
    """French text: "il est possible de combattre sur la défensive en choisissant
    d'attaquer à outrance. Dans ce cas, le personnage bénéficie d'un bonus d'esquive de +2
    à la CA pendant 1 round mais, dans le même temps, toutes ses attaques se font avec un
    malus de -4." Both attacks of a BAB +6 full attack take -4; the orc's attack meets
    +2 dodge; at the fighter's next turn the bonus is gone."""
    b = battle(OPEN, creature("f", "blue", (2, 2), weapon="longsword", bab=6, initiative=20, hp=40),
               creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=60))
    ok, refusal, ev = b.act("f", "full_attack", {"targets": ["orc", "orc"], "defensively": True},
                            dice=[5, 5])
    assert ok, refusal
    rolls = _rolls(ev)
    assert len(rolls) == 2
    assert all((-4, "untyped", "fighting_defensively") in r.bonus_breakdown for r in rolls)
    assert [r.bonus for r in rolls] == [6 - 4, 1 - 4]
    b.act("f", "end_turn")
    ok, refusal, ev = b.act("orc", "attack", {"target": "f"}, dice=[2])
    assert ok, refusal
    assert (2, "dodge", "fighting_defensively") in first(ev, "AttackRolled").ac_breakdown
    b.act("orc", "end_turn")
    assert "fighting_defensively" not in b.board().body("f").conditions


# --- 6. enchaînement et succession d'enchaînements -----------------------------------------

def _ring(*feats, bab=4):
    return battle(OPEN, creature("f", "blue", (2, 2), weapon="greatsword", bab=bab, str=18, initiative=20,
                                 feats=list(feats)),
                  creature("a", "red", (3, 2), initiative=10, hp=3, ac=5),
                  creature("b", "red", (3, 3), initiative=9, hp=3, ac=5),
                  creature("c", "red", (2, 3), initiative=8, hp=3, ac=5),
                  creature("d", "red", (1, 3), initiative=7, hp=3, ac=5))


def test_great_cleave_gives_an_extra_attack_for_every_foe_dropped_in_the_round():
    """French text: "L'attaque d'enchaînement offerte par les dons Enchaînement et
    Succession d'enchaînements peut être portée dès qu'elle s'applique"; Great Cleave
    (feats.toml, SRD) is Cleave "with no limit on the number of extra attacks per round".
    Each foe dropped gives one more attack at the same bonus: four foes fall to one
    attack action, where Cleave alone stops after the first extra attack."""
    b = _ring("cleave", "great_cleave")
    ok, refusal, ev = b.act("f", "attack", {"target": "a", "cleave": ["b", "c", "d"]}, dice=[10, 3, 3] * 4)
    assert ok, refusal
    rolls = _rolls(ev)
    assert [r.target for r in rolls] == ["a", "b", "c", "d"]
    assert len({r.bonus for r in rolls}) == 1                      # the same bonus each time
    assert all("dying" in b.board().body(c).conditions for c in "abcd")
    c = _ring("cleave")
    ok, refusal, ev = c.act("f", "attack", {"target": "a", "cleave": ["b", "c", "d"]}, dice=[10, 3, 3] * 4)
    assert ok, refusal
    assert [r.target for r in _rolls(ev)] == ["a", "b"]


def test_in_a_full_attack_cleave_comes_once_a_round_and_great_cleave_every_time():
    """Cleave's extra attack comes once a round (feats.toml: "once per round"), even in a
    BAB +6 full attack: the first attack drops a and cleaves b; the second drops c and
    gives no more. Great Cleave follows every foe dropped at once: b dropped gives the
    attack on d before the full attack's second attack, on c."""
    b = _ring("cleave", bab=6)
    ok, refusal, ev = b.act("f", "full_attack", {"targets": ["a", "c"], "cleave": ["b", "d"]},
                            dice=[10, 3, 3] * 4)
    assert ok, refusal
    assert [r.target for r in _rolls(ev)] == ["a", "b", "c"]
    assert "dying" not in b.board().body("d").conditions
    c = _ring("cleave", "great_cleave", bab=6)
    ok, refusal, ev = c.act("f", "full_attack", {"targets": ["a", "c"], "cleave": ["b", "d"]},
                            dice=[10, 3, 3] * 4)
    assert ok, refusal
    assert [r.target for r in _rolls(ev)] == ["a", "b", "d", "c"]


# --- 7. course et retraite: the blinded creature ------------------------------------------

def test_a_blinded_creature_cannot_run_nor_withdraw():
    """French text, "course": "Il est impossible de courir [...] s'il l'on ne voit pas où
    l'on va"; "retraite": "il est impossible de faire retraite lors-qu'on est aveugle".
    Blinded, both are refused with their codes (and nothing moves); a plain move is
    still allowed (at half speed, digest)."""
    b = battle(OPEN, creature("r", "blue", (0, 2), initiative=20, conditions=["blinded"]),
               creature("o", "red", (1, 2), initiative=10, weapon="club"))
    ok, refusal, _ = b.act("r", "run", {"squares": [[0, 3], [0, 4], [0, 5], [0, 6]]})
    assert not ok and refusal.code == "CONDITION_FORBIDS_RUNNING" and refusal.params["condition"] == "blinded"
    ok, refusal, _ = b.act("r", "withdraw", {"squares": [[0, 3], [0, 4]]})
    assert not ok and refusal.code == "WITHDRAW_BLINDED"
    assert b.board().body("r").pos == (0, 2)
    assert b.act("r", "move", {"squares": [[0, 3], [0, 4]]}, dice=[2])[0]
    c = battle(OPEN, creature("r", "blue", (0, 2), initiative=20),
               creature("o", "red", (1, 2), initiative=10, weapon="club"))
    assert c.act("r", "withdraw", {"squares": [[0, 3], [0, 4]]})[0]       # it sees: the withdrawal is allowed


# --- 8. tomber à terre --------------------------------------------------------------------

def test_dropping_prone_is_a_free_action_that_provokes_nothing():
    """French text: "Tomber à terre sur sa case est une action libre." Next to an orc that
    has had its turn, the archer drops prone: no attack of opportunity, every action is
    left, and it cannot drop a second time; lying there, it is easier to hit in melee
    (digest: prone, -4 AC against melee)."""
    b = battle(OPEN, creature("o", "red", (3, 2), weapon="greataxe", initiative=20),
               creature("p", "blue", (2, 2), weapon="shortbow", initiative=10, hp=30),
               creature("t", "red", (9, 2), initiative=5, hp=30))
    b.act("o", "end_turn")
    before = b.actions_left()
    ok, refusal, ev = b.act("p", "drop_prone")
    assert ok, refusal
    assert first(ev, "ActionTaken").kind == "free" and not _rolls(ev)
    assert "prone" in b.board().body("p").conditions
    assert b.actions_left() == before
    ok, refusal, _ = b.act("p", "drop_prone")
    assert not ok and refusal.code == "ALREADY_PRONE"
    b.act("p", "end_turn")
    b.act("t", "end_turn")
    ok, refusal, ev = b.act("o", "attack", {"target": "p"}, dice=[2])
    assert ok, refusal
    assert (-4, "untyped", "prone") in first(ev, "AttackRolled").ac_breakdown


# --- 9. aider quelqu'un -------------------------------------------------------------------

def _aid_field(orc_bab=0):
    return battle(OPEN, creature("h", "blue", (2, 1), initiative=20, weapon="club"),
                  creature("o", "red", (3, 2), initiative=15, weapon="greataxe", hp=40, bab=orc_bab),
                  creature("f", "blue", (2, 3), initiative=10, weapon="club", hp=30))


def test_aid_another_can_give_the_ally_plus_2_ac_against_the_foes_next_attack_only():
    """French text, "aider quelqu'un": "Si il réussit une attaque de corps à corps contre
    une CA 10, il permet à son ami de bénéficier [...] d'un bonus de +2 à la CA contre la
    prochaine attaque de l'adversaire distrait (c'est le personnage venant en renfort qui
    décide s'il aide son compagnon à attaquer ou à se défendre)". The orc's first attack
    on f meets +2; its second (a full attack at BAB 6) does not."""
    b = _aid_field(orc_bab=6)                   # two attacks: the second meets no aid
    ok, refusal, ev = b.act("h", "aid_another", {"ally": "f", "enemy": "o", "help": "defense"}, dice=[10])
    assert ok, refusal
    assert first(ev, "ActionTaken").kind == "standard"
    roll = first(ev, "AttackRolled")
    assert roll.kind == "aid" and roll.ac == 10 and roll.hit
    assert first(ev, "AidGiven").kind == "defense"
    b.act("h", "end_turn")
    ok, refusal, ev = b.act("o", "full_attack", {"targets": ["f", "f"]}, dice=[2, 2])
    assert ok, refusal
    first_blow, second_blow = _rolls(ev)
    assert (2, "circumstance", "aid_another") in first_blow.ac_breakdown
    assert "aid_another" not in _sources(second_blow.ac_breakdown)
    assert b.aids == []


def test_a_missed_aid_gives_nothing_and_the_bonus_ends_at_the_aiders_next_turn():
    """The aid needs "une attaque de corps à corps contre une CA 10" (a d20 of 9 with +0
    misses); and "Ce bonus ne vaut que jusqu'au début du prochain tour de jeu du
    personnage l'ayant distrait": unused, it is gone when the aider's turn comes again."""
    b = _aid_field()
    ok, refusal, ev = b.act("h", "aid_another", {"ally": "f", "enemy": "o", "help": "defense"}, dice=[9])
    assert ok, refusal
    assert not first(ev, "AttackRolled").hit and "AidGiven" not in types(ev) and b.aids == []
    c = _aid_field()
    assert c.act("h", "aid_another", {"ally": "f", "enemy": "o", "help": "defense"}, dice=[10])[0]
    assert len(c.aids) == 1
    for cid in ("h", "o", "f"):
        c.act(cid, "end_turn")
    assert c.turn == "h" and c.aids == []


def test_aid_another_wakes_a_sleeping_ally_with_a_standard_action():
    """French text, "aider quelqu'un": "Cette action simple permet également d'aider un ami
    différemment, par exemple en le secouant pour lui faire reprendre ses esprits s'il a
    été affecté par un sort tel qu'hypnose ou sommeil". The sleeper next to h wakes (no
    roll); one two squares off cannot be shaken."""
    b = battle(OPEN, creature("h", "blue", (2, 2), initiative=20),
               creature("s", "blue", (3, 2), initiative=10, conditions=["asleep"]),
               creature("z", "blue", (5, 2), initiative=9, conditions=["asleep"]),
               creature("o", "red", (10, 6), initiative=5))
    ok, refusal, _ = b.act("h", "aid_another", {"ally": "z"})
    assert not ok and refusal.code == "OUT_OF_REACH"
    ok, refusal, ev = b.act("h", "aid_another", {"ally": "s"})
    assert ok, refusal
    assert first(ev, "ActionTaken").kind == "standard" and first(ev, "AidGiven").kind == "wake"
    assert not {"asleep", "helpless"} & set(b.board().body("s").conditions)
    assert not b.actions_left()["standard"]
    assert "asleep" in b.board().body("z").conditions


# --- 10. cavalier inconscient --------------------------------------------------------------

def _mounted(**horse):
    h_kw = dict(size="L", reach="long", speed=15, weapon="hoof", initiative=1, hp=30, rideable=True,
                combat_trained=True)
    h_kw.update(horse)
    b = battle(OPEN, creature("knight", "blue", (0, 2), weapon="longsword", initiative=20, hp=5),
               creature("horse", "blue", (1, 2), **h_kw),
               creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=40))
    ok, refusal, _ = b.act("knight", "mount", {"mount": "horse"})
    assert ok, refusal
    b.act("knight", "end_turn")
    assert b.turn == "orc"
    return b


def test_an_unconscious_rider_stays_in_the_saddle_on_50_percent():
    """French text, "combat monté": "Si le personnage perd connaissance, il a 50% de
    chances de rester en selle (75 % s'il utilise une selle de guerre). Dans le cas
    contraire, il tombe et subit 1d6 points de dégâts." The orc drops the knight (5 hp,
    greataxe 7): a d100 of 50 keeps it on the horse; 51 throws it off, prone, for 1d6."""
    b = _mounted()
    ok, refusal, ev = b.act("orc", "attack", {"target": "knight"}, dice=[15, 7, 50])
    assert ok, refusal
    assert b.state()["creatures"]["knight"]["hp"] == -2
    assert first(ev, "MountChanged").change == "stayed"
    assert _rolled(b, "stay in the saddle knight") == [(100, 50)]
    assert b.comp("knight", Riding).mount == "horse"
    c = _mounted()
    ok, refusal, ev = c.act("orc", "attack", {"target": "knight"}, dice=[15, 7, 51, 3])
    assert ok, refusal
    assert first(ev, "MountChanged").change == "fell"
    assert c.comp("knight", Riding).mount is None and "prone" in c.board().body("knight").conditions
    assert c.state()["creatures"]["knight"]["hp"] == -2 - 3               # the fall's 1d6
    assert c.board().body("knight").pos not in c.board().body("horse").squares


def test_a_military_saddle_keeps_an_unconscious_rider_on_75_percent():
    """"(75 % s'il utilise une selle de guerre)": on a horse with a military saddle
    (``military_saddle``), 75 on the d100 keeps the rider; 76 throws it."""
    b = _mounted(military_saddle=True)
    ok, refusal, ev = b.act("orc", "attack", {"target": "knight"}, dice=[15, 7, 75])
    assert ok, refusal
    assert first(ev, "MountChanged").change == "stayed"
    c = _mounted(military_saddle=True)
    ok, refusal, ev = c.act("orc", "attack", {"target": "knight"}, dice=[15, 7, 76, 3])
    assert ok, refusal
    assert first(ev, "MountChanged").change == "fell"


def test_a_rider_who_stayed_on_and_came_to_rolls_again_when_it_passes_out_again():
    """The 50% is rolled each time the rider "perd connaissance": while it stays
    unconscious no new roll is made; cured by the cleric c and dropped again, it rolls
    again (51: it falls this time)."""
    b = battle(OPEN, creature("knight", "blue", (0, 2), weapon="longsword", initiative=20, hp=5),
               creature("horse", "blue", (1, 2), size="L", reach="long", speed=15, weapon="hoof", initiative=1,
                        hp=30, rideable=True, combat_trained=True),
               creature("c", "blue", (1, 4), initiative=15, wis=14, hp=10),
               creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=40))
    sc = b.comp("c", Spellcasting)
    sc.prepared.append("cure_light_wounds")
    sc.caster_level, sc.caster_class = 1, "cleric"
    assert b.act("knight", "mount", {"mount": "horse"})[0]
    for cid in ("knight", "c"):
        assert b.act(cid, "end_turn")[0]
    assert b.act("orc", "attack", {"target": "knight"}, dice=[15, 7, 50])[0]     # -2: it stays on
    ok, refusal, ev = b.act("orc", "end_turn", dice=[5])                         # the knight stabilises
    assert ok, refusal
    assert "MountChanged" not in types(ev) and len(_rolled(b, "stay in the saddle knight")) == 1
    assert b.turn == "c"
    ok, refusal, ev = b.act("c", "cast", {"spell": "cure_light_wounds", "target": "knight"}, dice=[8])
    assert ok, refusal
    assert b.state()["creatures"]["knight"]["hp"] == 5 and b.comp("knight", Riding).mount == "horse"   # full
    assert b.act("c", "end_turn")[0]
    ok, refusal, ev = b.act("orc", "attack", {"target": "knight"}, dice=[15, 12, 51, 2])   # -7
    assert ok, refusal
    assert first(ev, "MountChanged").change == "fell"
    assert _rolled(b, "stay in the saddle knight") == [(100, 50), (100, 51)]


# --- 11. feinte ---------------------------------------------------------------------------

def _feint(a=None, d=None):
    a_kw = dict(weapon="longsword", initiative=10, bab=1, hp=30, bluff=4)
    d_kw = dict(weapon="longsword", initiative=20, hp=30)
    a_kw.update(a or {})
    d_kw.update(d or {})
    b = battle(OPEN, creature("a", "blue", (2, 2), **a_kw), creature("d", "red", (3, 2), **d_kw))
    b.act("d", "end_turn")              # d has acted: it could take an attack of opportunity
    assert b.turn == "a"
    return b


def _check(ev):
    return first(ev, "OpposedCheck")


def test_a_feint_takes_minus_4_against_a_non_humanoid_and_minus_8_against_an_animal():
    """French text, "feinter": "Ce type de feinte est extrêmement difficile à réussir
    contre un ennemi non-humanoïde [...] le test de Bluff s'effectue avec un malus de -4.
    C'est encore plus difficile contre une créature d'intelligence animale (Int 1 ou 2) et
    le test s'accompagne d'un malus de -8." The -8 replaces the -4 for an animal that is
    not humanoid either; a humanoid takes neither."""
    cases = [({}, []), ({"non_humanoid": True}, [-4]), ({"int": 2}, [-8]),
             ({"int": 1, "non_humanoid": True}, [-8])]
    for d, penalties in cases:
        b = _feint(d=d)
        ok, refusal, ev = b.act("a", "feint", {"target": "d"}, dice=[15, 3])
        assert ok, refusal
        mods = [v for v, _k, src in _check(ev).attacker_breakdown if src in ("non_humanoid", "animal")]
        assert mods == penalties, d
        assert _check(ev).attacker_total == 15 + 4 + sum(penalties)


def test_a_mindless_foe_cannot_be_feinted():
    """French text, "feinter": "Enfin, il est impossible de leurrer un monstre dénué
    d'Intelligence." A mindless foe, or one with Int 0, is refused and nothing is spent."""
    for d in ({"mindless": True}, {"int": 0}):
        b = _feint(d=d)
        ok, refusal, _ = b.act("a", "feint", {"target": "d"}, dice=[15, 3])
        assert not ok and refusal.code == "FEINT_MINDLESS", d
        assert b.actions_left()["standard"]


def test_a_feint_is_a_standard_action_a_move_action_with_improved_feint_and_provokes_nothing():
    """French text, "feinter": "Pour une action simple, un personnage peut tromper son
    adversaire"; "Feinter en combat ne provoque pas d'attaque d'opportunité"; "Un
    personnage possédant le don Science de la feinte peut effectuer une feinte par une
    action de mouvement plutôt que par une action simple." With Improved Feint, the feint
    (a move action) and the attack (the standard action) come in the same turn, and the
    foe has no Dex bonus against that attack."""
    b = _feint()
    ok, refusal, ev = b.act("a", "feint", {"target": "d"}, dice=[15, 3])
    assert ok, refusal
    assert first(ev, "ActionTaken").kind == "standard" and _rolls(ev) == []
    ok, refusal, _ = b.act("a", "attack", {"target": "d"}, dice=[10])
    assert not ok and refusal.code == "NO_STANDARD_ACTION_LEFT"
    c = _feint(a={"feats": ["improved_feint"]}, d={"dex": 16})
    ok, refusal, ev = c.act("a", "feint", {"target": "d"}, dice=[15, 3])
    assert ok, refusal
    assert first(ev, "ActionTaken").kind == "move" and _rolls(ev) == [] and "Feinted" in types(ev)
    ok, refusal, ev = c.act("a", "attack", {"target": "d"}, dice=[10])
    assert ok, refusal
    assert "dex" not in _sources(first(ev, "AttackRolled").ac_breakdown)


# --- 12. dégainer une arme légère (en lutte) ---------------------------------------------

def _grappling():
    b = battle(OPEN, creature("a", "blue", (2, 2), initiative=20, str=16, bab=2, hp=30,
                              inventory=["dagger", "longsword"]),
               creature("d", "red", (3, 2), initiative=10, str=10, hp=30, weapon="longsword"))
    # d's attack of opportunity 2 misses; touch 15; opposed 15 vs 5; damage 2
    ok, refusal, _ = b.act("a", "grapple", {"target": "d"}, dice=[2, 15, 15, 5, 2])
    assert ok, refusal
    assert "grappling" in b.board().body("a").conditions
    b.act("a", "end_turn")
    b.act("d", "end_turn")
    assert b.turn == "a"
    return b


def test_in_a_grapple_a_light_weapon_is_drawn_with_a_move_action_and_a_won_grapple_check():
    """French text, "lutte": "Le personnage peut dégainer une arme légère par une action de
    mouvement, à condition de réussir un test opposé de lutte." Won (15 + 5 against 3):
    the dagger is in hand and the standard action is left; lost (3 against 15): the move
    action is spent, the dagger stays in its sheath."""
    b = _grappling()
    ok, refusal, ev = b.act("a", "grapple_draw", {"weapon": "dagger"}, dice=[15, 3])
    assert ok, refusal
    assert first(ev, "ActionTaken").kind == "move"
    check = first(ev, "OpposedCheck")
    assert check.kind == "grapple_draw" and (check.attacker_total, check.defender_total) == (15 + 2 + 3, 3)
    assert b.board().body("a").weapon.id == "dagger" and b.actions_left()["standard"]
    c = _grappling()
    ok, refusal, ev = c.act("a", "grapple_draw", {"weapon": "dagger"}, dice=[3, 15])
    assert ok, refusal
    assert first(ev, "ActionTaken").kind == "move"
    assert c.board().body("a").weapon.id == "unarmed"
    assert "dagger" in c.comp("a", Inventory).items


def test_in_a_grapple_only_a_light_weapon_is_drawn_and_only_by_a_grappler():
    """"une arme légère": the longsword it carries is refused as not light (nothing spent);
    a creature in no grapple draws with ``draw``, not ``grapple_draw``."""
    b = _grappling()
    ok, refusal, _ = b.act("a", "grapple_draw", {"weapon": "longsword"}, dice=[15, 3])
    assert not ok and refusal.code == "GRAPPLE_DRAW_LIGHT_ONLY" and refusal.params["weapon"] == "longsword"
    ok, refusal, _ = b.act("a", "grapple_draw", {"weapon": "rapier"}, dice=[15, 3])
    assert not ok and refusal.code == "NOT_CARRIED"
    c = battle(OPEN, creature("a", "blue", (2, 2), initiative=20, inventory=["dagger"]),
               creature("d", "red", (6, 2), initiative=10))
    ok, refusal, _ = c.act("a", "grapple_draw", {"weapon": "dagger"}, dice=[15, 3])
    assert not ok and refusal.code == "NOT_GRAPPLING"
