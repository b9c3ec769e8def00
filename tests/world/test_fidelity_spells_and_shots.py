"""Issue 11, "rules fidelity": touch spells, a spell of 1 round over two rounds, shooting
into a melee with a helpless creature in it, played through ``act`` against the French
text (each test quotes the sentence it plays)."""
from combat_helpers import battle, creature, first, types

from game.world.components import Conditions, Riding, Spellcasting

GRID = "\n".join("." * 12 for _ in range(8))


def _wizard(spells, at=(1, 4), foes=(), **kw):
    c_kw = dict(initiative=20, int=16, hp=12)
    c_kw.update(kw)
    b = battle(GRID, creature("mialee", "blue", at, **c_kw), *foes)
    sc = b.comp("mialee", Spellcasting)
    sc.prepared.extend(spells)
    sc.caster_level = 3
    sc.caster_class = "wizard"
    return b


def _orc(at=(4, 4), **kw):
    o = dict(initiative=10, hp=30, weapon="greataxe")
    o.update(kw)
    return creature("orc", "red", at, **o)


def _kinds(events) -> list[str]:
    return [e.kind for e in events if type(e).__name__ == "ActionTaken"]


# --- 1. touch spells: cast, move, touch ------------------------------------------------

def test_touch_spell_cast_then_move_then_touch_in_the_same_round():
    """"Au choix, le déplacement peut s'effectuer avant l'incantation, après avoir touché
    le sujet, ou entre ces deux instants": cast (standard), move (move), then the touch
    that goes with the casting, free."""
    b = _wizard(["shocking_grasp"], foes=[_orc()])
    ok, _, ev = b.act("mialee", "cast", {"spell": "shocking_grasp"})
    assert ok and _kinds(ev) == ["standard"] and b.comp("mialee", Spellcasting).held_charge == "shocking_grasp"
    ok, _, ev = b.act("mialee", "move", {"squares": [[2, 4], [3, 4]]})
    assert ok and _kinds(ev) == ["move"]
    ok, refusal, ev = b.act("mialee", "touch", {"target": "orc"}, dice=[19, 3, 3, 3])
    assert ok, refusal
    assert _kinds(ev) == ["free"] and first(ev, "AttackRolled").kind == "touch"
    assert first(ev, "DamageDealt").amount == 9
    left = b.actions_left()
    assert not left["standard"] and not left["move"]          # the move action was the one spent
    assert b.comp("mialee", Spellcasting).held_charge is None


def test_touch_on_a_later_round_is_a_standard_action():
    """"Si le personnage ne décharge pas le sort au cours du round où il a fait
    l'incantation, il peut retenir la charge indéfiniment ... Une action simple suffit pour
    toucher un ami": the free touch is the casting round's only."""
    b = _wizard(["shocking_grasp"], foes=[_orc(at=(3, 4))])
    assert b.act("mialee", "cast", {"spell": "shocking_grasp", "defensively": True}, dice=[19])[0]
    b.act("mialee", "end_turn")
    b.act("orc", "end_turn")
    ok, _, ev = b.act("mialee", "move", {"squares": [[2, 4]]})
    assert ok
    ok, _, ev = b.act("mialee", "touch", {"target": "orc"}, dice=[19, 3, 3, 3])
    assert ok and _kinds(ev) == ["standard"]


def test_the_casting_touch_is_free_once():
    """"Il a la possibilité de toucher le sujet (ou du moins, d'essayer de le faire) lors
    du round où il lance le sort": one touch goes with the casting; a second friend that
    turn needs the standard action the casting spent."""
    cleric = creature("cleric", "blue", (2, 4), initiative=20, wis=14, hp=20, caster_class="cleric",
                      caster_level=3, spells=["hide_from_undead"])
    friends = [creature("f0", "blue", (3, 4), initiative=15, hp=10), creature("f1", "blue", (2, 5), initiative=14, hp=10)]
    zombie = creature("zombie", "red", (9, 4), initiative=5, hp=16, undead=True, mindless=True, weapon="club")
    b = battle(GRID, cleric, *friends, zombie)
    assert b.act("cleric", "cast", {"spell": "hide_from_undead"})[0]
    ok, _, ev = b.act("cleric", "touch", {"target": "f0"})
    assert ok and _kinds(ev) == ["free"] and "hidden_from_undead" in b.comp("f0", Conditions).ids
    ok, refusal, _ = b.act("cleric", "touch", {"target": "f1"})
    assert not ok and refusal.code == "NO_STANDARD_ACTION_LEFT"
    # Named at the casting, the friend had the casting's touch: none is left free.
    b2 = battle(GRID, cleric, *friends, zombie)
    assert b2.act("cleric", "cast", {"spell": "hide_from_undead", "target": "f0"})[0]
    ok, refusal, _ = b2.act("cleric", "touch", {"target": "f1"})
    assert not ok and refusal.code == "NO_STANDARD_ACTION_LEFT"


def test_a_touch_that_misses_keeps_the_charge():
    """"Si le personnage ne décharge pas le sort au cours du round où il a fait
    l'incantation, il peut retenir la charge indéfiniment. Il peut tenter une nouvelle
    attaque de contact chaque round": a missed touch does not discharge the spell."""
    b = _wizard(["shocking_grasp"], foes=[_orc(at=(2, 4))])
    ok, _, ev = b.act("mialee", "cast", {"spell": "shocking_grasp", "target": "orc", "defensively": True},
                      dice=[19, 1])
    assert ok and not first(ev, "AttackRolled").hit
    assert [e.outcome for e in ev if type(e).__name__ == "SpellCast"] == ["cast", "held"]
    assert b.comp("mialee", Spellcasting).held_charge == "shocking_grasp"
    b.act("mialee", "end_turn")
    b.act("orc", "end_turn", dice=[])
    ok, _, ev = b.act("mialee", "touch", {"target": "orc"}, dice=[1])
    assert ok and not first(ev, "AttackRolled").hit and b.comp("mialee", Spellcasting).held_charge == "shocking_grasp"
    b.act("mialee", "end_turn")
    b.act("orc", "end_turn")
    ok, _, ev = b.act("mialee", "touch", {"target": "orc"}, dice=[19, 3, 3, 3])
    assert ok and first(ev, "DamageDealt").amount == 9 and b.comp("mialee", Spellcasting).held_charge is None


# --- 2. a spell of 1 round begun one round, finished the next ----------------------------

def _staggered_sleeper():
    kobold = creature("kobold", "red", (7, 3), initiative=10, hp=4, weapon="spear", hd=1)
    far = creature("far", "red", (11, 7), initiative=9, hp=10, weapon="spear")
    return _wizard(["sleep", "magic_missile"], foes=[kobold, far], conditions=["staggered"])


def test_a_spell_of_one_round_begun_one_round_and_finished_the_next():
    """"De même, pour lancer un sort dont le temps d'incantation est de 1 round entier, on
    peut commencer l'incantation pendant un round et la finir dans le round suivant": a
    staggered wizard (one action a round) begins sleep with ``start_full_round``, is still
    casting at its next turn, and the spell takes effect as ``complete_full_round``
    finishes it."""
    b = _staggered_sleeper()
    ok, refusal, _ = b.act("mialee", "cast", {"spell": "sleep", "point": [7, 3]})
    assert not ok and refusal.code == "RESTRICTED_NO_FULL_ROUND"
    ok, refusal, ev = b.act("mialee", "start_full_round", {"command": {"action": "cast", "spell": "sleep",
                                                                        "point": [7, 3]}})
    assert ok, refusal
    assert _kinds(ev) == ["standard"] and first(ev, "SpellCast").outcome == "begun"
    assert "casting" in b.board().body("mialee").conditions and b.comp("mialee", Spellcasting).prepared == ["magic_missile"]
    for who in ("mialee", "kobold", "far"):
        b.act(who, "end_turn")
    assert b.turn == "mialee" and "casting" in b.board().body("mialee").conditions     # not before its next turn
    assert "asleep" not in b.board().body("kobold").conditions
    ok, refusal, ev = b.act("mialee", "complete_full_round", dice=[1])
    assert ok, refusal
    assert _kinds(ev) == ["standard"] and first(ev, "SpellCast").outcome == "completed"
    assert "asleep" in b.board().body("kobold").conditions and "casting" not in b.board().body("mialee").conditions


def test_a_spell_begun_over_two_rounds_and_not_finished_is_lost():
    """"on peut commencer l'incantation pendant un round et la finir dans le round
    suivant": not finished on that turn, the casting is lost; only a spell of 1 round is
    spread so ("Commencer ou finir une action complexe")."""
    b = _staggered_sleeper()
    ok, refusal, _ = b.act("mialee", "start_full_round", {"command": {"action": "cast", "spell": "magic_missile",
                                                                       "targets": ["kobold"]}})
    assert not ok and refusal.code == "NOT_A_ONE_ROUND_SPELL"
    assert b.act("mialee", "start_full_round", {"command": {"action": "cast", "spell": "sleep", "point": [7, 3]}})[0]
    for who in ("mialee", "kobold", "far"):
        b.act(who, "end_turn")
    ok, _, ev = b.act("mialee", "end_turn")
    assert ok and [e.outcome for e in ev if type(e).__name__ == "SpellCast"] == ["lost"]
    assert b.comp("mialee", Spellcasting).pending is None and "casting" not in b.board().body("mialee").conditions
    assert "asleep" not in b.board().body("kobold").conditions


def test_a_spell_begun_over_two_rounds_is_lost_to_damage_and_nothing_is_left_to_complete():
    """"on peut commencer l'incantation pendant un round et la finir dans le round
    suivant": meanwhile the caster is casting, and damage calls for Concentration as for
    any spell of 1 round; lost, there is nothing to finish."""
    kobold = creature("kobold", "red", (7, 3), initiative=10, hp=4, weapon="spear", hd=1)
    archer = creature("far", "red", (11, 7), initiative=9, hp=10, weapon="shortbow")
    b = _wizard(["sleep"], foes=[kobold, archer], conditions=["staggered"])
    assert b.act("mialee", "start_full_round", {"command": {"action": "cast", "spell": "sleep", "point": [7, 3]}})[0]
    b.act("mialee", "end_turn")
    b.act("kobold", "end_turn")
    ok, _, ev = b.act("far", "attack", {"target": "mialee"}, dice=[18, 3, 1])
    assert ok and first(ev, "SavingThrow").kind == "concentration_damage"
    assert [e.outcome for e in ev if type(e).__name__ == "SpellCast"] == ["lost"]
    b.act("far", "end_turn")
    ok, refusal, _ = b.act("mialee", "complete_full_round")
    assert not ok and refusal.code == "NOTHING_TO_COMPLETE"


# --- 3. shooting into a melee with a helpless creature in it ----------------------------

def _into_melee(ev) -> bool:
    return any(m[2] == "shooting_into_melee" for m in first(ev, "AttackRolled").bonus_breakdown)


def test_a_foe_beside_a_helpless_ally_is_in_melee_only_while_it_attacks_that_ally():
    """"on considère que deux individus sont au corps à corps s'ils sont ennemis et si au
    moins l'un des deux contrôle l'espace de l'autre (un personnage inconscient ou
    immobilisé, par un sort ou autre, n'est considéré au corps à corps que s'il se fait
    attaquer)": an orc beside a held (paralysed) ally is not in melee with it; once the orc
    attacks that ally, shooting the orc is shooting into a melee (-4)."""
    b = battle(GRID, creature("archer", "blue", (0, 2), weapon="shortbow", initiative=20),
               creature("held", "blue", (4, 2), initiative=15, hp=30, conditions=["paralyzed"]),
               creature("orc", "red", (5, 2), weapon="greataxe", initiative=10, hp=40))
    ok, _, ev = b.act("archer", "attack", {"target": "orc"}, dice=[15, 3])
    assert ok and not _into_melee(ev)
    b.act("archer", "end_turn")
    assert b.turn == "orc"
    ok, refusal, _ = b.act("orc", "attack", {"target": "held"}, dice=[15, 2])
    assert ok, refusal
    b.act("orc", "end_turn")
    ok, _, ev = b.act("archer", "attack", {"target": "orc"}, dice=[15, 3])
    assert ok and _into_melee(ev)


def test_a_helpless_foe_beside_an_ally_is_in_melee_only_while_it_is_attacked():
    """"un personnage inconscient ou immobilisé, par un sort ou autre, n'est considéré au
    corps à corps que s'il se fait attaquer": the helpless creature may be the target. A
    held orc beside a fighter is shot without the -4 (the shot itself does not make it
    "attacked"); once the fighter attacks it, shooting it is shooting into a melee."""
    b = battle(GRID, creature("archer", "blue", (0, 2), weapon="shortbow", initiative=20),
               creature("fighter", "blue", (4, 2), weapon="longsword", initiative=15, hp=20),
               creature("orc", "red", (5, 2), weapon="greataxe", initiative=10, hp=40, conditions=["paralyzed"]),
               creature("gob", "red", (11, 7), weapon="spear", initiative=5, hp=10))
    ok, _, ev = b.act("archer", "attack", {"target": "orc"}, dice=[15, 3])
    assert ok and not _into_melee(ev)
    b.act("archer", "end_turn")
    assert b.turn == "fighter"
    ok, refusal, _ = b.act("fighter", "attack", {"target": "orc"}, dice=[15, 2])
    assert ok, refusal
    b.act("fighter", "end_turn")
    b.act("gob", "end_turn")
    ok, _, ev = b.act("archer", "attack", {"target": "orc"}, dice=[15, 3])
    assert ok and _into_melee(ev)
    # The fighter's attack counts until its next turn begins.
    b.act("archer", "end_turn")
    assert b.turn == "fighter" and "fighter" not in b.shared_read.attacked


def test_shooting_into_a_melee_costs_4_unless_precise_shot():
    """"on subit un malus de -4 au jet d'attaque car on vise précautionneusement pour ne
    pas risquer de toucher son allié ... Un personnage possédant le don Tir de précision ne
    subit pas ce malus"."""
    for feats, expected in (([], True), (["precise_shot"], False)):
        b = battle(GRID, creature("archer", "blue", (0, 2), weapon="shortbow", initiative=20, feats=feats),
                   creature("fighter", "blue", (4, 2), weapon="longsword", initiative=15, hp=20),
                   creature("orc", "red", (5, 2), weapon="greataxe", initiative=10, hp=40))
        ok, _, ev = b.act("archer", "attack", {"target": "orc"}, dice=[15, 3])
        assert ok and _into_melee(ev) is expected
        if expected:
            assert (-4, "untyped", "shooting_into_melee") in first(ev, "AttackRolled").bonus_breakdown


# --- 4. a riderless mount avoids combat ---------------------------------------------------

def _knight_and_horse():
    return battle(GRID, creature("knight", "blue", (0, 2), weapon="lance", initiative=20, str=14, bab=3, hp=20),
                  creature("horse", "blue", (1, 2), size="L", reach="long", speed=15, weapon="hoof", initiative=1,
                           hp=30, rideable=True, combat_trained=True),
                  creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=40, ac=10))


def test_a_mount_whose_rider_is_gone_avoids_combat():
    """"Si son cavalier n'est plus là pour le diriger, le cheval évite les combats": the
    knight dismounts; on its own turn the horse may not attack the orc beside it, nor strike
    it as it walks away; mounted again, it is directed again."""
    b = _knight_and_horse()
    assert b.act("knight", "mount", {"mount": "horse"})[0]
    assert b.act("knight", "dismount", {"to": [0, 1]})[0]
    b.act("knight", "end_turn")
    ok, _, ev = b.act("orc", "move", {"squares": [[4, 2], [5, 2], [6, 2]]})
    assert ok and "AttackRolled" not in types(ev)               # no attack of opportunity from the horse
    b.act("orc", "end_turn")
    assert b.turn == "horse"
    ok, refusal, _ = b.act("horse", "attack", {"target": "orc"}, dice=[15, 3])
    assert not ok and refusal.code == "RIDERLESS_MOUNT_AVOIDS_COMBAT"
    ok, refusal, _ = b.act("horse", "charge", {"target": "orc"})
    assert not ok and refusal.code == "RIDERLESS_MOUNT_AVOIDS_COMBAT"
    assert b.act("horse", "total_defense")[0]
    b.act("horse", "end_turn")
    assert b.act("knight", "mount", {"mount": "horse"})[0]
    assert not b.comp("horse", Riding).lost_rider                # its rider directs it again


def test_a_mount_that_never_had_a_rider_fights():
    """"Si son cavalier n'est plus là ...": only a mount that lost its rider avoids combat;
    a horse nobody rode this battle strikes the orc walking out of its reach."""
    b = _knight_and_horse()
    b.act("knight", "end_turn")
    ok, _, ev = b.act("orc", "move", {"squares": [[4, 2], [5, 2], [6, 2]]}, dice=[15, 3])
    assert ok and first(ev, "AttackRolled").attacker == "horse"
