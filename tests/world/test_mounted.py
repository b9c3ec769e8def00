"""Mounted combat (French text "combat monté") through ``act``."""
from combat_helpers import battle, creature, first, types

from game.world.components import HitPoints, Stats, TurnState

GRID = "\n".join("." * 14 for _ in range(7))


def field(trained=True, **knight):
    kw = dict(weapon="lance", initiative=20, str=14, bab=3, hp=20)
    kw.update(knight)
    b = battle(GRID, creature("knight", "blue", (0, 2), **kw),
               # rideable: only a mount can be ridden (issue 11, French text "combat monté")
               creature("horse", "blue", (1, 2), size="L", reach="long", speed=15, weapon="hoof", initiative=1, hp=30,
                        rideable=True),
               creature("orc", "red", (10, 3), weapon="greataxe", initiative=10, hp=40, ac=10, speed=12))
    b.comp("horse", Stats).values["combat_trained"] = 1 if trained else 0
    return b


def test_mounting_shares_the_space_and_the_mount_acts_on_the_riders_turn():
    b = field()
    ok, _, ev = b.act("knight", "mount", {"mount": "horse"})
    assert ok and first(ev, "MountChanged").change == "mounted"
    assert b.board().body("knight").pos == (1, 2) and b.board().body("knight").span == 2
    b.act("knight", "end_turn")
    b.act("orc", "end_turn")
    assert b.turn == "knight"                 # the horse's own turn is skipped


def test_mounted_charge_doubles_the_lance_and_higher_ground():
    b = field()
    b.act("knight", "mount", {"mount": "horse"})
    b.act("knight", "end_turn")
    b.act("orc", "end_turn")
    ok, refusal, _ = b.act("knight", "ride", {"mode": "charge", "target": "orc"})
    if not ok and refusal.code == "CHARGE_CHOOSE_END":
        ends = refusal.params["ends"]
        ok, refusal, ev = b.act("knight", "ride", {"mode": "charge", "target": "orc", "end": ends[0]}, dice=[12, 5])
    assert ok, refusal
    roll = first(ev, "AttackRolled")
    assert (2, "circumstance", "charge") in roll.bonus_breakdown and (1, "untyped", "higher_ground") in roll.bonus_breakdown
    dmg = first(ev, "DamageDealt")
    assert len(dmg.dice) == 2 and dmg.dice[0] == 5 and dmg.amount == sum(dmg.dice) + 2 * 2   # rolled twice
    assert "charging" in b.board().body("horse").conditions


def test_a_confirmed_x3_critical_on_a_lance_charge_rolls_the_damage_four_times():
    """Digest §8.1: several multipliers add, each over the base damage: the lance's x3
    critical and the mounted charge's x2 make x4 (four rolls of 1d8 + Str), not x6."""
    b = field()
    b.act("knight", "mount", {"mount": "horse"})
    b.act("knight", "end_turn")
    b.act("orc", "end_turn")
    args = {"mode": "charge", "target": "orc"}
    ok, refusal, _ = b.act("knight", "ride", args)
    if not ok and refusal.code == "CHARGE_CHOOSE_END":
        args["end"] = refusal.params["ends"][0]
    # a natural 20 threatens, 15 confirms against AC 10 - 2 (charging), then 3, 4, 5, 6 on the d8s
    ok, refusal, ev = b.act("knight", "ride", args, dice=[20, 15, 3, 4, 5, 6, 7, 8])
    assert ok, refusal
    assert first(ev, "AttackRolled").threat and first(ev, "CriticalConfirmed").confirmed
    dmg = first(ev, "DamageDealt")
    assert dmg.multiplier == 3 and dmg.dice == (3, 4, 5, 6)
    assert dmg.amount == 3 + 4 + 5 + 6 + 4 * 2                  # Str 14: +2 on each of the four rolls


def test_one_melee_attack_after_the_mount_moves_and_control_checks():
    b = field(weapon="longsword", bab=6)
    b.act("knight", "mount", {"mount": "horse"})
    b.act("knight", "end_turn")
    b.act("orc", "end_turn")
    assert b.act("knight", "ride", {"mode": "move", "squares": [[2, 2], [3, 2], [4, 2]]})[0]
    ok, refusal, _ = b.act("knight", "full_attack", {"targets": ["orc"]})
    assert not ok and refusal.code == "MOUNT_MOVED_ONE_ATTACK"
    c = field(trained=False)
    c.act("knight", "mount", {"mount": "horse"})
    c.act("knight", "end_turn")
    c.act("orc", "end_turn")
    ok, _, ev = c.act("knight", "ride", {"mode": "move", "squares": [[2, 2]]}, dice=[2])
    check = first(ev, "SavingThrow")
    assert ok and check.kind == "ride_control" and not check.success
    ok, refusal, _ = c.act("knight", "attack", {"target": "orc"})
    assert not ok                                           # the failed control took the round


def test_a_falling_mount_throws_its_rider():
    b = field()
    b.act("knight", "mount", {"mount": "horse"})
    b.comp("horse", HitPoints).current = 1
    b.act("knight", "end_turn")
    assert b.act("orc", "move", {"squares": [[9, 3], [8, 3], [7, 3], [6, 3], [5, 3], [4, 3], [3, 3]]})[0]
    ok, _, ev = b.act("orc", "attack", {"target": "horse"}, dice=[15, 6, 3, 4])
    assert "dying" in b.board().body("horse").conditions
    fell = [e for e in ev if type(e).__name__ == "MountChanged"]
    assert fell and fell[0].change == "fell" and "prone" in b.board().body("knight").conditions
    assert b.board().body("knight").pos != b.board().body("horse").pos


def test_a_trip_can_pull_a_rider_down_and_ride_resists():
    b = field()
    b.act("knight", "mount", {"mount": "horse"})
    b.act("knight", "end_turn")
    b.comp("knight", Stats).values["ride"] = 5        # better than its Str (+2): it rides out the trip
    b.act("orc", "move", {"squares": [[9, 3], [8, 3], [7, 3], [6, 3], [5, 3], [4, 3], [3, 3]]})
    ok, _, ev = b.act("orc", "trip", {"target": "knight"}, dice=[15, 18, 3])
    assert (5, "untyped", "ride") in first(ev, "OpposedCheck").defender_breakdown
    assert ok and first(ev, "MountChanged").change == "pulled_down"
    assert "prone" in b.board().body("knight").conditions


def _mounted_caster(**kw):
    b = field(weapon="shortbow", spells=["magic_missile", "magic_missile", "magic_missile"], caster_class="wizard",
              caster_level=1, concentration=3, **kw)
    b.act("knight", "mount", {"mount": "horse"})
    b.act("knight", "end_turn")
    b.act("orc", "end_turn")
    return b


def test_casting_on_a_moving_mount_french_text():
    # One move of the mount before the casting: cast normally.
    b = _mounted_caster()
    assert b.act("knight", "ride", {"mode": "move", "squares": [[2, 2], [3, 2]]})[0]
    ok, refusal, ev = b.act("knight", "cast", {"spell": "magic_missile", "targets": ["orc"]}, dice=[3])
    assert ok, refusal
    assert not [e for e in ev if type(e).__name__ == "SavingThrow"]
    # A double move of 4 squares, within the horse's speed (10 squares), all before the
    # casting: "au maximum d'une distance correspondant à sa vitesse de déplacement, soit
    # avant, soit après" — cast normally (this asked DC 11 before the reading's finding C').
    b = _mounted_caster()
    assert b.act("knight", "ride", {"mode": "double", "squares": [[2, 2], [3, 2], [4, 2], [5, 2]]})[0]
    ok, refusal, ev = b.act("knight", "cast", {"spell": "magic_missile", "targets": ["orc"]}, dice=[3])
    assert ok, refusal
    assert not [e for e in ev if type(e).__name__ == "SavingThrow"] and first(ev, "SpellCast").outcome == "cast"
    # Moving before and after ("s'il la fait avancer avant l'incantation, puis après"):
    # Concentration DC 10 + spell level.
    b = _mounted_caster()
    assert b.act("knight", "ride", {"mode": "move", "squares": [[2, 2], [3, 2]]})[0]
    ok, refusal, ev = b.act("knight", "cast", {"spell": "magic_missile", "targets": ["orc"], "ride_on": True},
                            dice=[7, 3])
    check = first(ev, "SavingThrow")
    assert ok and (check.kind, check.dc, check.success) == ("concentration_vigorous_motion", 11, False)
    assert first(ev, "SpellCast").outcome == "lost"
    # A running horse: DC 15 + spell level.
    b = _mounted_caster()
    assert b.act("knight", "ride", {"mode": "run", "squares": [[x, 2] for x in range(2, 8)]})[0]
    ok, refusal, ev = b.act("knight", "cast", {"spell": "magic_missile", "targets": ["orc"]}, dice=[13, 3])
    check = first(ev, "SavingThrow")
    assert ok and (check.kind, check.dc, check.success) == ("concentration_violent_motion", 16, True)


def test_a_mount_moved_before_and_after_the_spell_asks_concentration_10_plus_level():
    """French text, "Lancer des sorts en selle": "Si l'aventurier choisit de jeter son sort
    pendant que sa monture se déplace (autrement dit, s'il la fait avancer avant
    l'incantation, puis après), il doit réussir un test de Concentration (DD 10 + niveau du
    sort) pour ne pas perdre son sort." — the rider says so as it casts (``ride_on``), then
    rides on; a spell cast normally after the mount moved leaves it no further move."""
    b = _mounted_caster()
    assert b.act("knight", "ride", {"mode": "move", "squares": [[2, 2], [3, 2]]})[0]
    ok, refusal, ev = b.act("knight", "cast", {"spell": "magic_missile", "targets": ["orc"], "ride_on": True},
                            dice=[8, 3])
    check = first(ev, "SavingThrow")
    assert ok and (check.kind, check.dc, check.success) == ("concentration_vigorous_motion", 11, True)   # 8 + 3
    assert first(ev, "SpellCast").outcome == "cast"
    ok, refusal, _ = b.act("knight", "ride", {"mode": "move", "squares": [[4, 2], [5, 2]]})
    assert ok, refusal
    assert b.board().body("horse").pos == (5, 2)
    # Cast normally after the mount moved: moving it again is refused, and changes nothing.
    n = _mounted_caster()
    assert n.act("knight", "ride", {"mode": "move", "squares": [[2, 2], [3, 2]]})[0]
    ok, refusal, ev = n.act("knight", "cast", {"spell": "magic_missile", "targets": ["orc"]}, dice=[3])
    assert ok and not [e for e in ev if type(e).__name__ == "SavingThrow"]
    hp = n.comp("orc", HitPoints).current
    ok, refusal, ev = n.act("knight", "ride", {"mode": "move", "squares": [[4, 2], [5, 2]]})
    assert not ok and refusal.code == "MOUNT_MOVED_BEFORE_THE_SPELL" and not ev
    assert n.board().body("horse").pos == (3, 2) and n.comp("orc", HitPoints).current == hp
    # Cast first, then ride: "soit avant, soit après" — no check, and the mount moves on.
    a = _mounted_caster()
    ok, refusal, ev = a.act("knight", "cast", {"spell": "magic_missile", "targets": ["orc"]}, dice=[3])
    assert ok and not [e for e in ev if type(e).__name__ == "SavingThrow"]
    assert a.act("knight", "ride", {"mode": "move", "squares": [[2, 2], [3, 2]]})[0]


def test_a_mount_that_moved_more_than_its_speed_before_the_spell_is_moving_while_it_is_cast():
    """French text, "Lancer des sorts en selle": "normalement si sa monture se déplace au
    maximum d'une distance correspondant à sa vitesse de déplacement" — our ruling: past its
    speed, all before the casting, the mount is moving while the spell is cast (DC 10 +
    level); a full move of exactly its speed asks nothing."""
    wide = "\n".join("." * 30 for _ in range(7))

    def caster():
        b = battle(wide, creature("knight", "blue", (0, 2), weapon="shortbow", initiative=20, str=14, bab=3, hp=20,
                                  spells=["magic_missile"] * 2, caster_class="wizard", caster_level=1, concentration=3),
                   creature("horse", "blue", (1, 2), size="L", reach="long", speed=15, weapon="hoof", initiative=1,
                            hp=30, rideable=True),
                   creature("orc", "red", (20, 3), weapon="greataxe", initiative=10, hp=40, ac=10, speed=12))
        b.comp("horse", Stats).values["combat_trained"] = 1
        b.act("knight", "mount", {"mount": "horse"})
        b.act("knight", "end_turn")
        b.act("orc", "end_turn")
        return b
    far = caster()
    assert far.act("knight", "ride", {"mode": "double", "squares": [[x, 2] for x in range(2, 13)]})[0]   # 11 squares
    ok, refusal, ev = far.act("knight", "cast", {"spell": "magic_missile", "targets": ["orc"]}, dice=[8, 3])
    check = first(ev, "SavingThrow")
    assert ok and (check.kind, check.dc, check.success) == ("concentration_vigorous_motion", 11, True)
    full = caster()
    assert full.act("knight", "ride", {"mode": "move", "squares": [[x, 2] for x in range(2, 12)]})[0]   # 10 squares
    ok, refusal, ev = full.act("knight", "cast", {"spell": "magic_missile", "targets": ["orc"]}, dice=[3])
    assert ok and not [e for e in ev if type(e).__name__ == "SavingThrow"]


def test_shooting_from_a_moving_mount_minus_4_or_minus_8():
    b = _mounted_caster()
    assert b.act("knight", "ride", {"mode": "double", "squares": [[2, 2], [3, 2], [4, 2], [5, 2]]})[0]
    ok, refusal, ev = b.act("knight", "attack", {"target": "orc"}, dice=[10, 3])
    assert ok, refusal
    assert (-4, "untyped", "mount_moving") in first(ev, "AttackRolled").bonus_breakdown
    b = _mounted_caster()
    assert b.act("knight", "ride", {"mode": "run", "squares": [[x, 2] for x in range(2, 8)]})[0]
    ok, refusal, ev = b.act("knight", "attack", {"target": "orc"}, dice=[10, 3])
    assert ok, refusal
    assert (-8, "untyped", "mount_moving") in first(ev, "AttackRolled").bonus_breakdown


def test_guiding_with_the_knees_frees_both_hands_ride_dc_5():
    # A greataxe in the saddle: Ride DC 5 at the start of the turn (on mounting too).
    b = field(weapon="greataxe", ride=0, dex=10)
    ok, _, ev = b.act("knight", "mount", {"mount": "horse"}, dice=[12])
    check = first(ev, "SavingThrow")
    assert ok and (check.kind, check.dc, check.success) == ("ride_knees", 5, True)
    assert b.comp("knight", TurnState).knees
    b2 = field(weapon="greataxe", ride=0, dex=10)
    b2.act("knight", "mount", {"mount": "horse"}, dice=[12])
    b2.act("knight", "end_turn")
    ok, _, _ = b2.act("orc", "end_turn", {}, dice=[3])          # the knight's next turn starts: a 3 fails
    assert ok and not b2.comp("knight", TurnState).knees
    assert b2.act("knight", "ride", {"mode": "move", "squares": [[2, 2], [3, 2], [4, 2], [5, 2], [6, 2], [7, 2],
                                                                  [8, 2]]})[0]
    ok, refusal, _ = b2.act("knight", "attack", {"target": "orc"})
    assert not ok and refusal.code == "KNEES_FAILED"
    lance = field()
    ok, _, ev = lance.act("knight", "mount", {"mount": "horse"})
    assert ok and "SavingThrow" not in types(ev)                      # a lance needs one hand


def _overrun_field(**knight):
    from game.world.components import Abilities
    b = field(**knight)
    b.comp("horse", Abilities).scores["str"] = 20
    b.act("knight", "mount", {"mount": "horse"})
    b.act("knight", "end_turn")
    b.act("orc", "end_turn")
    return b


def test_mounted_overrun_uses_the_mount_and_trample_adds_a_hoof():
    path = {"target": "orc", "squares": [[x, 2] for x in range(2, 12)]}
    # Without Trample the defender may step aside.
    b = _overrun_field()
    ok, refusal, ev = b.act("knight", "ride", {"mode": "overrun", **path, "defender": "avoid"})
    assert ok, refusal
    assert "OpposedCheck" not in types(ev) and b.board().body("knight").pos == (11, 2)
    # With Trample it cannot; the horse's Strength and size make the check; a hoof follows.
    b = _overrun_field(feats=["mounted_combat", "trample"])
    ok, refusal, ev = b.act("knight", "ride", {"mode": "overrun", **path, "defender": "avoid"}, dice=[15, 5, 12, 3])
    assert ok, refusal
    check = first(ev, "OpposedCheck")
    assert check.attacker == "horse" and (4, "size", "size") in check.attacker_breakdown
    assert (5, "ability", "str") in check.attacker_breakdown
    assert "prone" in b.board().body("orc").conditions
    hoof = [e for e in ev if type(e).__name__ == "AttackRolled" and e.attacker == "horse"]
    assert len(hoof) == 1 and hoof[0].target == "orc"
    assert b.board().body("knight").pos == b.board().body("horse").pos == (11, 2)
    ok, refusal, _ = b.act("knight", "ride", {"mode": "overrun", **path})
    assert not ok                                                   # once a round


def test_a_rider_does_not_walk_away_from_its_mount():
    b = field()
    b.act("knight", "mount", {"mount": "horse"})
    before = b.state()
    for action, args in (("move", {"squares": [[2, 2], [3, 2], [4, 2]]}), ("five_foot_step", {"to": [3, 2]}),
                         ("charge", {"target": "orc"}), ("run", {"squares": [[3, 2], [4, 2]]})):
        ok, refusal, _ = b.act("knight", action, args)
        assert not ok and refusal.code == "RIDE_TO_MOVE", action
    assert b.state() == before


RANGE_GRID = "\n".join("." * 24 for _ in range(7))


def _rider_with_daggers(**knight):
    """A rider with throwing daggers (10-ft increments, five at most), an orc behind it."""
    kw = dict(weapon="dagger", initiative=20, str=14, bab=3, hp=20)
    kw.update(knight)
    b = battle(RANGE_GRID, creature("knight", "blue", (4, 2), **kw),
               creature("horse", "blue", (5, 2), size="L", reach="long", speed=15, weapon="hoof", initiative=1, hp=30,
                        rideable=True),
               creature("orc", "red", (1, 2), weapon="greataxe", initiative=10, hp=40, ac=10, speed=12))
    b.comp("horse", Stats).values["combat_trained"] = 1
    b.act("knight", "mount", {"mount": "horse"})
    b.act("knight", "end_turn")
    b.act("orc", "end_turn")
    return b


AWAY = [[x, 2] for x in range(6, 19)]


def test_the_riders_shot_on_a_double_move_is_made_at_the_halfway_point():
    """"The attack happens when the mount has done half its movement" (digest, mounted
    combat): from halfway the orc is within the dagger's five increments, from the end it
    is not."""
    b = _rider_with_daggers()
    seen = b.preview("knight", "ride", {"mode": "double", "squares": AWAY, "shoot": "orc"})
    assert seen.legal
    first_leg, second_leg = seen.recorder.walks
    assert first_leg[1][-1] == (11, 2) == second_leg[1][0] and second_leg[1][-1] == (18, 2)
    ok, refusal, ev = b.act("knight", "ride", {"mode": "double", "squares": AWAY, "shoot": "orc"}, dice=[19, 3])
    assert ok, refusal
    shot = first(ev, "AttackRolled")
    assert shot.attacker == "knight" and (-4, "untyped", "mount_moving") in shot.bonus_breakdown
    assert b.board().body("horse").pos == (18, 2) and not b.actions_left()["standard"]
    late = _rider_with_daggers()
    assert late.act("knight", "ride", {"mode": "double", "squares": AWAY})[0]
    assert late.check("knight", "attack", {"target": "orc"}).code == "OUT_OF_RANGE"     # shooting from the end


def test_a_shot_on_the_way_needs_a_double_move_or_a_run_and_a_target_in_range_from_halfway():
    b = _rider_with_daggers()
    before = b.state()
    assert b.check("knight", "ride", {"mode": "move", "squares": AWAY[:4], "shoot": "orc"}).code == "SHOOT_ON_DOUBLE_OR_RUN"
    far = [[x, 2] for x in range(6, 23)]          # a run: halfway is already too far
    assert b.check("knight", "ride", {"mode": "run", "squares": far, "shoot": "orc"}).code == "OUT_OF_RANGE"
    sword = _rider_with_daggers(weapon="longsword")
    assert sword.check("knight", "ride", {"mode": "double", "squares": AWAY, "shoot": "orc"}).code == "SHOOT_NEEDS_RANGED"
    assert b.state() == before and len(b.history) == 3            # the mount and two ends of turn only


def test_mounted_archery_halves_the_penalty():
    b = _mounted_caster(feats=["mounted_archery"])
    assert b.act("knight", "ride", {"mode": "double", "squares": [[2, 2], [3, 2], [4, 2], [5, 2]]})[0]
    ok, _, ev = b.act("knight", "attack", {"target": "orc"}, dice=[10, 3])
    assert ok and (-2, "untyped", "mount_moving") in first(ev, "AttackRolled").bonus_breakdown
    b = _mounted_caster(feats=["mounted_archery"])
    assert b.act("knight", "ride", {"mode": "run", "squares": [[x, 2] for x in range(2, 8)]})[0]
    ok, _, ev = b.act("knight", "attack", {"target": "orc"}, dice=[10, 3])
    assert ok and (-4, "untyped", "mount_moving") in first(ev, "AttackRolled").bonus_breakdown


def test_the_window_asks_the_rider_whether_and_at_whom_to_shoot_on_the_way():
    import pygame

    from game.ui.game_screen import GameScreen
    from game.world import commands as C
    pygame.display.init()
    pygame.font.init()
    b = _rider_with_daggers()
    g = GameScreen(b, pygame.display.set_mode((1280, 800)), "en")
    pygame.event.clear()
    try:
        g.handoff = None
        g.draw()
        g.orders.submit(C.Ride("knight", mode="double", squares=tuple(tuple(s) for s in AWAY)))
        assert g.dialog is not None and not [h for h in b.history if h["action"] == "ride"]
        assert [v for _label, v in g.dialog.choices] == [None, "orc"]
        assert g.dialog.choices[0][0] == "No shot"
        g.draw()
        at_orc = next(r for r, (_l, v) in zip(g.dialog.rects, g.dialog.choices) if v == "orc")
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at_orc.center))
        for event in pygame.event.get():
            g.handle(event)
        assert b.history[-1]["action"] == "ride" and b.history[-1]["args"]["shoot"] == "orc"
        assert any(r.purpose.startswith("attack knight") for r in b.dice.history)     # the shot was rolled
        assert not b.actions_left()["standard"]
    finally:
        b.close()
        pygame.quit()


def test_the_rider_whose_mount_moved_is_asked_whether_it_rides_on_after_the_spell():
    """French text, "Lancer des sorts en selle": moving the mount "avant l'incantation, puis
    après" is the rider's choice, made as it casts: the engine's questions ask it (and the
    window and the computer answer it) once the mount has moved, not before."""
    from game.world.asking import choice_questions
    b = _mounted_caster()
    cast = b.command("knight", "cast", {"spell": "magic_missile", "targets": ["orc"]})
    assert "ride_on" not in [q.argument for q in choice_questions(b, cast)]        # the mount has not moved
    assert b.act("knight", "ride", {"mode": "move", "squares": [[2, 2], [3, 2]]})[0]
    asked = [q for q in choice_questions(b, cast) if q.argument == "ride_on"]
    assert [(q.to, q.choices) for q in asked] == [("knight", (False, True))]
    chosen = b.command("knight", "cast", {"spell": "magic_missile", "targets": ["orc"], "ride_on": True})
    assert "ride_on" not in [q.argument for q in choice_questions(b, chosen)]       # answered
