"""Shield bash and Ride-By Attack through ``Battle.act`` with scripted dice (issue 11)."""
from combat_helpers import battle, creature, first, types

from game.world.components import Stats

OPEN = "\n".join("." * 10 for _ in range(6))


def shield_field(shield="heavy_steel_shield", feats=(), **kw):
    me = dict(weapon="longsword", shield=shield, bab=1, str=14, initiative=20, feats=list(feats))
    me.update(kw)
    return battle(OPEN, creature("f", "blue", (2, 2), **me),
                  creature("orc", "red", (3, 2), weapon="greataxe", initiative=10, hp=100, ac=5, bab=0, str=10))


def rolls(ev):
    return [e for e in ev if type(e).__name__ == "AttackRolled"]


def test_a_shield_bash_is_an_off_hand_attack_and_the_shield_gives_no_ac_until_the_next_turn():
    """Data-digest, "Shield bash: light shield = light weapon, heavy shield = one-handed
    weapon (martial, bludgeoning); you lose the shield's AC bonus until your next action"
    (weapons table ``heavy_shield_bash``: 1d4, B). ``attacking.shield_bash``,
    ``attacking.one_attack`` (the ``shield_bashed`` condition), ``Battle.fighter``."""
    b = shield_field()
    assert b.fighter("f").shield_bonus == 2
    ok, refusal, ev = b.act("f", "attack", {"target": "orc", "weapon": "shield"}, dice=[10, 3])
    assert ok, refusal
    roll = first(ev, "AttackRolled")
    assert roll.bonus == 1 + 2 and roll.hit                   # a single attack: no two-weapon penalty
    dmg = first(ev, "DamageDealt")
    assert dmg.dice == (3,) and dmg.amount == 3 + 1           # 1d4, the off hand's half Strength
    assert "shield_bashed" in b.board().body("f").conditions and b.fighter("f").shield_bonus == 0
    b.act("f", "end_turn")
    ok, _, ev = b.act("orc", "attack", {"target": "f"}, dice=[1, 1])
    assert ok and first(ev, "AttackRolled").ac == 10         # Dex 10, no armour, no shield while it bashed (12 else)
    b.act("orc", "end_turn")
    assert "shield_bashed" not in b.board().body("f").conditions and b.fighter("f").shield_bonus == 2


def test_a_shield_bash_in_a_full_attack_takes_the_two_weapon_penalties():
    """Data-digest: a heavy shield bashes as a one-handed weapon, a light one as a light
    weapon; digest §11.1, two-weapon fighting: -6/-10, a light off hand -4/-8.
    ``attacking.do_full_attack`` (``weapon: "shield"``), ``attacking.twf_penalties``."""
    b = shield_field()
    ok, refusal, ev = b.act("f", "full_attack", {"targets": ["orc", {"off_hand": "orc"}], "weapon": "shield"},
                            dice=[10, 4, 10, 3])
    assert ok, refusal
    assert [r.bonus for r in rolls(ev)] == [1 + 2 - 6, 1 + 2 - 10]       # heavy shield: one-handed
    assert "shield_bashed" in b.board().body("f").conditions
    b = shield_field(shield="light_wooden_shield")
    ok, refusal, ev = b.act("f", "full_attack", {"targets": ["orc", {"off_hand": "orc"}], "weapon": "shield"},
                            dice=[10, 4, 10, 2])
    assert ok, refusal
    assert [r.bonus for r in rolls(ev)] == [1 + 2 - 4, 1 + 2 - 8]        # light shield: light
    assert [e.dice for e in ev if type(e).__name__ == "DamageDealt"][1] == (2,)   # 1d3
    b = shield_field()
    ok, refusal, _ = b.act("f", "full_attack", {"targets": ["orc", {"off_hand": "orc"}]})
    assert not ok and refusal.code == "NO_OFF_HAND_WEAPON"              # no bash unless asked


def test_improved_shield_bash_keeps_the_shield_bonus():
    """Feats table, Improved Shield Bash: "Keep the shield bonus to AC when you bash with
    the shield." ``attacking.one_attack``."""
    b = shield_field(feats=["improved_shield_bash"])
    ok, refusal, _ = b.act("f", "attack", {"target": "orc", "weapon": "shield"}, dice=[10, 3])
    assert ok, refusal
    assert "shield_bashed" not in b.board().body("f").conditions and b.fighter("f").shield_bonus == 2


def test_spiked_shields_pierce_and_bucklers_and_tower_shields_cannot_bash():
    """Data-digest: shield spikes: "Shield bash becomes piercing and deals damage as for a
    shield one size larger (1d4 light / 1d6 heavy, M)"; the buckler and the tower shield
    "cannot bash"; a loosened shield is not ready. ``rules.weapons.shield_bash_weapon``,
    ``attacking.shield_bash``."""
    b = shield_field(shield_spikes=True)
    ok, refusal, ev = b.act("f", "attack", {"target": "orc", "weapon": "shield"}, dice=[10, 6])
    assert ok, refusal
    assert first(ev, "DamageDealt").dice == (6,)                          # heavy spiked: 1d6
    for shield in ("buckler", "tower_shield"):
        b = shield_field(shield=shield)
        ok, refusal, _ = b.act("f", "attack", {"target": "orc", "weapon": "shield"})
        assert not ok and refusal.code == "CANNOT_SHIELD_BASH", shield
    b = shield_field()
    assert b.act("f", "loose_shield")[0]
    ok, refusal, _ = b.act("f", "attack", {"target": "orc", "weapon": "shield"})
    assert not ok and refusal.code == "CANNOT_SHIELD_BASH"
    b = battle(OPEN, creature("f", "blue", (2, 2), weapon="longsword", initiative=20),
               creature("orc", "red", (3, 2), weapon="greataxe"))
    ok, refusal, _ = b.act("f", "attack", {"target": "orc", "weapon": "shield"})
    assert not ok and refusal.code == "CANNOT_SHIELD_BASH"


RIDE = "\n".join("." * 40 for _ in range(8))


def ride_field(feats=("mounted_combat", "ride_by_attack"), gob=True):
    """The horse (Large, 15 m = 10 squares) charges from (1, 2) to (4, 1); the orc's
    longspear reaches the horse there, the goblin's reaches the ride on."""
    b = battle(RIDE, creature("knight", "blue", (0, 2), weapon="lance", initiative=20, str=14, bab=3, hp=20,
                              feats=list(feats)),
               creature("horse", "blue", (1, 2), size="L", reach="long", speed=15, weapon="hoof", initiative=1,
                        hp=30, rideable=True),
               creature("orc", "red", (7, 4), weapon="longspear", initiative=10, hp=40, ac=10, speed=12),
               *([creature("gob", "red", (9, 3), weapon="longspear", initiative=5, hp=40, ac=10)] if gob else []))
    b.comp("horse", Stats).values["combat_trained"] = 1
    b.act("knight", "mount", {"mount": "horse"})
    b.act("knight", "end_turn")
    b.act("orc", "end_turn")
    if gob:
        b.act("gob", "end_turn")
    return b


ARGS = {"mode": "charge", "target": "orc", "end": [4, 1]}


def test_ride_by_attack_rides_on_along_the_charge_line_without_the_targets_opportunity():
    """Digest, Ride-By Attack: "when mounted, move, attack, then keep moving along the same
    straight line, total ≤ 2× mounted speed. No AoO from the target" (feats table: "You and
    your mount do not provoke an attack of opportunity from the opponent that you attack").
    ``mounted._mounted_charge``, ``mounted._ride_by_squares``."""
    b = ride_field()
    assert (5, 2) in b.threat("orc")          # the orc's longspear reaches the horse at the charge's end
    ok, refusal, ev = b.act("knight", "ride", {**ARGS, "ride_by": 3}, dice=[12, 5, 5, 1, 1])
    assert ok, refusal
    moved = [e for e in ev if type(e).__name__ == "Moved" and e.who == "horse"]
    assert [m.mode for m in moved] == ["ride_charge", "ride_by"]
    assert moved[0].path == ((1, 2), (2, 2), (3, 1), (4, 1))
    # the same segment prolonged: (1, 2) -> (4, 1) goes on through (5, 1), (6, 0), (7, 0)
    assert moved[1].path == ((4, 1), (5, 1), (6, 0), (7, 0))
    assert b.board().body("horse").pos == b.board().body("knight").pos == (7, 0)
    attacks = [(r.attacker, r.opportunity) for r in rolls(ev)]
    assert attacks == [("knight", False), ("gob", True)]   # the goblin strikes the ride on, the orc does not
    seq = types(ev)
    assert seq.index("AttackRolled") < len(seq) - 1 - seq[::-1].index("Moved")    # the ride on comes after the blow


def test_ride_by_attack_needs_the_feat_and_stays_within_twice_the_mounted_speed():
    """Digest, Ride-By Attack: "total ≤ 2× mounted speed" (horse 15 m = 10 squares: 20 in
    all, the charge's 3 counted); without the feat the charge ends at the attack.
    ``mounted._ride_by_squares``, judged before any die."""
    b = ride_field(feats=("mounted_combat",))
    before = b.state()
    ok, refusal, _ = b.act("knight", "ride", {**ARGS, "ride_by": 1})
    assert not ok and refusal.code == "NO_RIDE_BY_ATTACK_FEAT" and b.state() == before
    b = ride_field(gob=False)
    along = {"mode": "charge", "target": "orc", "end": [4, 2]}           # 3 squares straight on row 2
    ok, refusal, _ = b.act("knight", "ride", {**along, "ride_by": -1})
    assert not ok and refusal.code == "BAD_ARGUMENT"
    ok, refusal, _ = b.act("knight", "ride", {**along, "ride_by": 18})
    assert not ok and refusal.code == "RIDE_BY_TOO_FAR", refusal
    ok, refusal, ev = b.act("knight", "ride", {**along, "ride_by": 17}, dice=[12, 5, 5])
    assert ok, refusal
    assert b.board().body("horse").pos == (21, 2)                       # 3 + 17 = 20 squares


def test_the_window_asks_for_the_bash_and_the_ride_on():
    """The choices are the player's (``asking.choice_questions``): in a full attack, bash
    with the shield for the off-hand attacks (then at the last foe named,
    ``attacking.do_full_attack``); after a mounted charge with Ride-By Attack, how many
    squares on (``mounted.ride_by_choices``); the attack's options list the shield among
    the weapons, for the "More…" entry (``options``, ``ui.more_actions``)."""
    from game.world import commands as C
    from game.world.asking import choice_questions
    b = shield_field()
    q = [q for q in choice_questions(b, C.FullAttack("f", targets=(C.Strike("orc"),))) if q.argument == "weapon"]
    assert q and q[0].choices == (None, "shield")
    assert "shield" in b.options("f")["attack"].domain["weapons"]
    ok, refusal, ev = b.act("f", "full_attack", {"targets": ["orc"], "weapon": "shield"}, dice=[10, 4, 10, 3])
    assert ok, refusal
    assert [r.bonus for r in rolls(ev)] == [1 + 2 - 6, 1 + 2 - 10]
    assert not [q for q in choice_questions(shield_field(shield="buckler"), C.FullAttack("f", targets=(C.Strike("orc"),)))
                if q.argument == "weapon"]
    b = ride_field()
    q = [q for q in choice_questions(b, C.Ride("knight", mode="charge", target="orc", end=(4, 1)))
         if q.argument == "ride_by"]
    assert q and q[0].choices == (0, 1, 2, 3, 4)        # row 0 ends the line on the map's top edge
    b = ride_field(feats=("mounted_combat",))
    assert not [q for q in choice_questions(b, C.Ride("knight", mode="charge", target="orc", end=(4, 1)))
                if q.argument == "ride_by"]
