"""Rules fidelity (issue 11): four places where the engine contradicted the French text,
each played through ``Battle.act`` with scripted dice — turning undead near the cleric and
cornered, the armour check penalty on a fast mount, what may be ridden, and a weapon set
against a charge."""
from combat_helpers import battle, creature, first, types

from game.world.components import Stats, TurnState

OPEN = "\n".join("." * 12 for _ in range(8))


def _undead(b, *ids, hd=2):
    for cid in ids:
        b.comp(cid, Stats).values.update(undead=1, hd=hd)


def _cleric_and_zombie(zombie_at, grid=OPEN):
    b = battle(grid, creature("jozan", "blue", (3, 5), initiative=20, cha=14, weapon="heavy_mace"),
               creature("zombie", "red", zombie_at, initiative=1, weapon="slam"),
               creature("ally", "blue", (11, 7), initiative=5))
    b.comp("jozan", Stats).values["cleric_level"] = 3
    _undead(b, "zombie")
    return b


def _next_turn_of(b, who):
    b.act(b.turn, "end_turn")
    while b.turn != who:
        b.act(b.turn, "end_turn")


def _turned(b, cid):
    return "turned" in b.board().body(cid).conditions


# --- 1. Turning: undead already within 3 m, and cornered undead --------------------------

def test_undead_already_within_3_m_stay_turned_until_the_cleric_comes_closer():
    """French text, "renvoi des morts-vivants": "si le personnage se trouve déjà à moins de
    3 mètres d'eux, il ne les affecte en rien, mais l'effet du renvoi se dissipe s'il
    s'approche un tant soit peu d'eux". Turned 3 m away (2 squares), the zombie stays
    turned; the cleric keeping that distance changes nothing; one step closer ends it."""
    b = _cleric_and_zombie((3, 3))                      # 2 squares: within 3 m
    # check 7 + 2 = 9 (2 HD), damage 3 + 3 + 3 + 2 = 11
    ok, refusal, ev = b.act("jozan", "turn_undead", dice=[7, 3, 3])
    assert ok, refusal
    assert [e.result for e in ev if type(e).__name__ == "UndeadAffected"] == ["turned"]
    assert _turned(b, "zombie")                         # not freed at once
    _next_turn_of(b, "jozan")
    ok, refusal, ev = b.act("jozan", "move", {"squares": [[2, 5]]})     # sideways: still 2 squares
    assert ok, refusal
    assert _turned(b, "zombie") and "UndeadAffected" not in types(ev)
    _next_turn_of(b, "jozan")
    ok, refusal, ev = b.act("jozan", "move", {"squares": [[2, 4]]})     # one square closer
    assert ok, refusal
    assert not _turned(b, "zombie")
    assert first(ev, "UndeadAffected").result == "turning_broken"


def test_undead_farther_than_3_m_are_freed_when_the_cleric_comes_within_3_m():
    """French text: "il suffit que le prêtre s'approche à moins de 3 mètres d'eux pour
    qu'ils se remettent à agir normalement"; coming closer while still farther than 3 m
    does not end it."""
    b = _cleric_and_zombie((3, 1))                      # 4 squares
    assert b.act("jozan", "turn_undead", dice=[7, 3, 3])[0] and _turned(b, "zombie")
    _next_turn_of(b, "jozan")
    assert b.act("jozan", "move", {"squares": [[3, 4]]})[0]            # 3 squares: closer, not within 3 m
    assert _turned(b, "zombie")
    _next_turn_of(b, "jozan")
    ok, _r, ev = b.act("jozan", "move", {"squares": [[3, 3]]})          # 2 squares: within 3 m
    assert ok and not _turned(b, "zombie") and first(ev, "UndeadAffected").result == "turning_broken"


# A closed room: the zombie in its corner, the cleric in the opposite one.
ROOM = """
#######
#...#..
#...#..
#...#..
#####..
"""


def test_a_cornered_turned_undead_cowers_and_one_that_can_flee_does_not():
    """French text: "Les morts-vivants repoussés fuient aussi vite que possible [...] Si
    toute retraite leur est coupée, ils se recroquevillent, ce qui offre un bonus de +2 au
    jet d'attaque à quiconque décide de les frapper." In a closed room no square is
    farther from the cleric than the corner the zombie stands in: it cowers (its turn
    passes, attackers get +2 against its AC). In the open the turned zombie is not
    cowering and its turn comes: it may only move away."""
    b = battle(ROOM, creature("jozan", "blue", (3, 3), initiative=20, cha=14, weapon="heavy_mace"),
               creature("zombie", "red", (1, 1), initiative=1, weapon="slam"),
               creature("ally", "blue", (6, 4), initiative=5))
    b.comp("jozan", Stats).values["cleric_level"] = 3
    _undead(b, "zombie")
    ok, refusal, ev = b.act("jozan", "turn_undead", dice=[7, 3, 3])     # 3 squares apart
    assert ok, refusal
    assert _turned(b, "zombie") and "cowering" in b.board().body("zombie").conditions
    assert b.act("jozan", "end_turn")[0]
    ok, _r, ev = b.act("ally", "end_turn")
    assert ok and any(type(e).__name__ == "TurnSkipped" and e.who == "zombie" for e in ev)
    assert b.turn == "jozan"
    open_field = _cleric_and_zombie((3, 1))
    assert open_field.act("jozan", "turn_undead", dice=[7, 3, 3])[0]
    assert _turned(open_field, "zombie") and "cowering" not in open_field.board().body("zombie").conditions
    _next_turn_of(open_field, "zombie")
    ok, refusal, _ = open_field.act("zombie", "move", {"squares": [[3, 2]]})   # toward the cleric
    assert not ok and refusal.code == "TURNED_MUST_FLEE"
    assert open_field.act("zombie", "move", {"squares": [[3, 0]]})[0]          # away


def test_a_cornered_undead_stops_cowering_once_a_way_out_opens():
    """The retreat is judged as the battle stands ("si toute retraite leur est coupée"):
    a zombie hemmed in by creatures cowers, and flees again once one of them steps aside."""
    grid = "\n".join("." * 12 for _ in range(8))
    walls = [creature(f"w{i}", "blue", at, initiative=10 - i) for i, at in enumerate([(1, 0), (1, 1), (0, 1)])]
    b = battle(grid, creature("jozan", "blue", (2, 2), initiative=20, cha=14, weapon="heavy_mace"),
               creature("zombie", "red", (0, 0), initiative=1, weapon="slam"), *walls)
    b.comp("jozan", Stats).values["cleric_level"] = 3
    _undead(b, "zombie")
    assert b.act("jozan", "turn_undead", dice=[7, 3, 3])[0]
    assert "cowering" in b.board().body("zombie").conditions
    assert b.act("jozan", "end_turn")[0]
    ok, refusal, _ = b.act("w0", "move", {"squares": [[2, 0], [3, 0], [4, 0], [5, 0], [6, 0]]})
    assert ok, refusal
    assert _turned(b, "zombie") and "cowering" not in b.board().body("zombie").conditions


# --- 2. The armour check penalty on a fast mount or dismount -----------------------------

FIELD = "\n".join("." * 14 for _ in range(7))


def _knight_and_horse(**knight):
    kw = dict(weapon="lance", initiative=20, str=14, bab=3, hp=20, dex=10, ride=5)
    kw.update(knight)
    return battle(FIELD, creature("knight", "blue", (0, 2), **kw),
                  creature("horse", "blue", (1, 2), template="heavy_warhorse", initiative=1),
                  creature("orc", "red", (10, 3), weapon="greataxe", initiative=10, hp=40))


def test_a_fast_mount_in_armour_takes_the_armour_check_penalty():
    """French text, "combat monté": "Le personnage peut monter en selle ou sauter au sol
    par une action libre, à condition qu'il réussisse un test d'Équitation de DD 20 (un
    éventuel malus d'armure aux tests s'applique alors)". Ride 5 in chainmail (-5) and a
    heavy steel shield (-2): a 15 makes 13, the check fails and the mounting costs the
    move action; without armour the same 15 makes 20 and the mounting is free."""
    b = _knight_and_horse(armor="chainmail", shield="heavy_steel_shield")
    ok, refusal, ev = b.act("knight", "mount", {"mount": "horse", "fast": True}, dice=[15])
    assert ok, refusal
    check = first(ev, "SavingThrow")
    assert (check.kind, check.bonus, check.dc, check.success) == ("ride_fast_mount", 5 - 5 - 2, 20, False)
    assert not b.comp("knight", TurnState).move             # the failed check cost the move action
    bare = _knight_and_horse()
    ok, refusal, ev = bare.act("knight", "mount", {"mount": "horse", "fast": True}, dice=[15])
    assert ok and first(ev, "SavingThrow").success and bare.comp("knight", TurnState).move


def test_a_fast_dismount_in_armour_takes_the_armour_check_penalty():
    """The same French phrase covers "sauter au sol": the fast dismount's Ride check takes
    the armour check penalty too."""
    b = _knight_and_horse(armor="full_plate")
    assert b.act("knight", "mount", {"mount": "horse"})[0]
    b.act("knight", "end_turn")
    b.act("orc", "end_turn")
    ok, refusal, ev = b.act("knight", "dismount", {"fast": True, "to": [3, 2]}, dice=[16])
    assert ok, refusal
    check = first(ev, "SavingThrow")
    assert (check.kind, check.bonus, check.success) == ("ride_fast_dismount", 5 - 6, False)   # 16 - 1 = 15
    assert not b.comp("knight", TurnState).move       # the failed check costs the move action


# --- 3. Only a creature fit to be ridden is a mount --------------------------------------

def test_a_medium_creature_cannot_mount_an_ogre_only_a_mount():
    """French text, "combat monté": "Destriers légers et lourds et poneys de guerre, ainsi
    que les chiens de selle, sont d'excellentes montures de combat. Par contre, poneys,
    chevaux légers et lourds sont effrayés par les cris et le bruit des armes." Only those
    creatures — horses, ponies, riding dogs — are mounts (the ``rideable`` trait of their
    templates), at least one size larger than the rider: a hyena-sized creature does not
    mount an allied ogre, a Small halfling rides a riding dog, a Medium one does not."""
    b = battle(FIELD, creature("hyena", "red", (0, 2), initiative=20, weapon="bite"),
               creature("ogre", "red", (1, 2), template="ogre", initiative=5),
               creature("knight", "blue", (10, 5), initiative=1))
    ok, refusal, _ = b.act("hyena", "mount", {"mount": "ogre"})
    assert not ok and refusal.code == "NOT_A_MOUNT" and refusal.params == {"mount": "ogre"}
    rider = battle(FIELD, creature("lidda", "blue", (0, 2), size="S", initiative=20),
                   creature("dog", "blue", (1, 2), template="riding_dog", initiative=5),
                   creature("human", "blue", (0, 4), initiative=4),
                   creature("dog2", "blue", (1, 4), template="riding_dog", initiative=3),
                   creature("orc", "red", (10, 5), initiative=1))
    ok, refusal, _ = rider.act("lidda", "mount", {"mount": "dog"})
    assert ok, refusal
    rider.act("lidda", "end_turn")
    while rider.turn != "human":
        rider.act(rider.turn, "end_turn")
    ok, refusal, _ = rider.act("human", "mount", {"mount": "dog2"})
    assert not ok and refusal.code == "CANNOT_MOUNT"          # a riding dog is Medium: too small for him


def test_the_refusal_to_mount_a_non_mount_is_translated():
    from game.i18n import sentence
    assert "ogre" in sentence("NOT_A_MOUNT", {"mount": "ogre"}, "en")
    assert sentence("NOT_A_MOUNT", {"mount": "ogre"}, "fr") != sentence("NOT_A_MOUNT", {"mount": "ogre"}, "en")


# --- 4. A weapon set against a charge ----------------------------------------------------

def _set_spear(weapon="spear", trigger="charges"):
    b = battle(OPEN, creature("pike", "blue", (0, 0), weapon=weapon, initiative=20, hp=30),
               creature("orc", "red", (6, 0), weapon="greataxe", initiative=15, hp=40, ac=10))
    ok, refusal, ev = b.act("pike", "ready", {"trigger": trigger, "command": {"action": "attack"}})
    assert ok, refusal
    b.act("pike", "end_turn")
    return b


def _charge(b, dice):
    args = {"target": "pike"}
    ok, refusal, _ = b.act("orc", "charge", args)
    if not ok and refusal.code == "CHARGE_CHOOSE_END":
        args["end"] = refusal.params["ends"][0]
    return b.act("orc", "charge", args, dice=dice)


def test_a_spear_set_against_a_charge_strikes_first_for_double_damage():
    """French text, "charge": "Certaines armes perforantes, telles que la lance et le
    trident, infligent des dégâts doublés à un adversaire chargeant, en préparant une
    réception de charge, en calant l'extrémité de leur hampe ou en la plantant dans le sol
    (voir [...] Préparer son action)". The spearman readies an attack against a charge
    (trigger ``charges``): as the charging orc comes within reach, the readied attack goes
    off before the orc's own, and its damage is rolled twice (1d8, 1d8)."""
    b = _set_spear()
    # pike: 15 hits AC 10 - 2 (charging); damage 5 and 6; then the orc's attack, 3, misses
    ok, refusal, ev = _charge(b, [15, 5, 6, 3])
    assert ok, refusal
    assert first(ev, "ReadiedActionTriggered").who == "pike"
    rolls = [e.attacker for e in ev if type(e).__name__ == "AttackRolled"]
    assert rolls == ["pike", "orc"]                       # the set spear first
    dmg = first(ev, "DamageDealt")
    assert dmg.attacker == "pike" and dmg.dice == (5, 6) and dmg.amount == 11
    assert b.state()["creatures"]["orc"]["hp"] == 40 - 11


def test_a_critical_with_a_set_spear_multiplies_as_the_srd_adds_multipliers():
    """Digest §8.1: "Several multipliers add, each using the base damage" — the spear's x3
    critical and the set weapon's x2 make x4 (four rolls of 1d8), not x6."""
    b = _set_spear()
    ok, refusal, ev = _charge(b, [20, 15, 1, 2, 3, 4, 3])
    assert ok, refusal
    assert first(ev, "CriticalConfirmed").confirmed
    dmg = first(ev, "DamageDealt")
    assert dmg.attacker == "pike" and dmg.dice == (1, 2, 3, 4) and dmg.amount == 10


def test_only_a_set_weapon_against_a_charger_doubles():
    """The double damage is the set weapon's against a charging foe: a longsword readied
    against the same charge, or the spear readied against an orc that merely walks up,
    deals its damage once."""
    sword = _set_spear(weapon="longsword")
    ok, refusal, ev = _charge(sword, [15, 5, 3])
    assert ok, refusal
    assert first(ev, "DamageDealt").dice == (5,)
    walker = _set_spear(trigger="enemy_moves_within_reach")
    ok, refusal, ev = walker.act("orc", "move", {"squares": [[5, 0], [4, 0], [3, 0], [2, 0], [1, 0]]}, dice=[15, 5])
    assert ok, refusal
    assert first(ev, "DamageDealt").dice == (5,)
    ignored = _set_spear()                     # readied against a charge: a walk does not set it off
    ok, refusal, ev = ignored.act("orc", "move", {"squares": [[5, 0], [4, 0], [3, 0], [2, 0], [1, 0]]})
    assert ok, refusal
    assert "ReadiedActionTriggered" not in types(ev)


def test_the_scripted_player_makes_a_turned_undead_flee():
    """"Les morts-vivants repoussés fuient aussi vite que possible": played by the
    scripted player, the turned zombie uses its turn to move away from the cleric (a move,
    then its standard action as a second move), never toward the party."""
    from game.ai.controllers import play_turn
    from game.ai.scripted import ScriptedPlayer
    b = _cleric_and_zombie((3, 2))
    assert b.act("jozan", "turn_undead", dice=[7, 3, 3])[0]
    _next_turn_of(b, "zombie")
    before = b.board().body("zombie").pos
    play_turn(b, "zombie", ScriptedPlayer(), limit=6)
    after = b.board().body("zombie").pos
    gap = lambda p: max(abs(p[0] - 3), abs(p[1] - 5))      # noqa: E731 - Chebyshev is enough to see "farther"
    assert after != before and gap(after) > gap(before)
    assert _turned(b, "zombie")
