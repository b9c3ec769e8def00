"""Issue 11, rules fidelity: pins and garrotes, as the French text says them ("Lutte",
"Garrot"), through ``act`` with scripted dice."""
from combat_helpers import battle, creature, first, types
from test_grapple import OPEN, grabbed, two

from game.world.asking import choice_questions
from game.world.commands import Escape
from game.world.components import Conditions, Grapple, Stats


def _end(b, *who):
    for cid in who:
        assert b.act(cid, "end_turn")[0], cid


def _pinned_by(b, cid):
    return b.comp(cid, Grapple).pinned_by


# --- 1. a pin lasts 1 round -----------------------------------------------------------------

def test_a_pin_lasts_until_the_pinners_next_turn_and_is_renewed_by_a_new_check():
    """"Le personnage peut immobiliser son adversaire pendant 1 round en remportant un test
    opposé de lutte, joué en remplacement d'une attaque": the pin ends at the pinner's next
    turn; pinning again is a new opposed check, which may fail."""
    b, _ = grabbed()
    _end(b, "a", "d")
    ok, _, _ = b.act("a", "pin", {"target": "d"}, dice=[15, 3])
    assert ok and _pinned_by(b, "d") == "a"
    _end(b, "a")
    # the pinned creature's turn comes within the round: still pinned, it may only escape
    ok, refusal, _ = b.act("d", "grapple_damage", {"target": "a"})
    assert not ok and refusal.code == "PINNED_ONLY_ESCAPE"
    ok, _, ev = b.act("d", "end_turn")
    assert ok and first(ev, "GrappleChanged").change == "pin_ended"       # the round is over
    assert _pinned_by(b, "d") is None and b.comp("a", Grapple).pinning is None
    assert "pinned" not in b.board().body("d").conditions and "grappling" in b.board().body("d").conditions
    ok, _, ev = b.act("a", "pin", {"target": "d"}, dice=[3, 15])          # the new check lost: no pin
    assert ok and first(ev, "OpposedCheck").kind == "pin" and _pinned_by(b, "d") is None


def test_a_renewed_pin_holds_another_round_and_the_pinned_may_still_escape_meanwhile():
    """"Le personnage peut immobiliser son adversaire pendant 1 round" and "Lors de son tour
    de jeu, le personnage peut tenter de se dégager en remportant un test opposé de lutte":
    a pin renewed on the pinner's turn holds until its following turn, and the pinned
    creature may try to escape on its own turn."""
    b, _ = grabbed()
    _end(b, "a", "d")
    assert b.act("a", "pin", {"target": "d"}, dice=[15, 3])[0]
    _end(b, "a", "d")
    ok, _, ev = b.act("a", "pin", {"target": "d"}, dice=[15, 3])           # renewed: a new check won
    assert ok and first(ev, "OpposedCheck").kind == "pin" and _pinned_by(b, "d") == "a"
    _end(b, "a")
    ok, _, ev = b.act("d", "escape", {}, dice=[19, 2])
    assert ok and first(ev, "GrappleChanged").change == "unpinned" and _pinned_by(b, "d") is None


def test_a_pin_ends_when_the_pinners_turn_passes_without_it_acting():
    """"pendant 1 round": a pinner whose turn passes (stunned) does not keep the pin."""
    b, _ = grabbed()
    _end(b, "a", "d")
    assert b.act("a", "pin", {"target": "d"}, dice=[15, 3])[0]
    b.comp("a", Conditions).ids.add("stunned")
    _end(b, "a")
    ok, _, ev = b.act("d", "end_turn")
    assert ok and "TurnSkipped" in types(ev) and _pinned_by(b, "d") is None


# --- 2. what the pinner may not do ----------------------------------------------------------

def pinner_turn(a=None, d=None, extra=(), joiners=(), grab=(2, 15, 15, 5, 2)):
    """``a`` (base attack +6: two attacks) holds ``d`` since round 1 (``grab``: its attack
    of opportunity, the touch attack, the checks, the damage); ``joiners`` joined the
    grapple on ``a``; round 2, ``a``'s turn."""
    b = two(a={"bab": 6, **(a or {})}, d=d, extra=extra)
    ok, refusal, _ = b.act("a", "grapple", {"target": "d"}, dice=list(grab))
    assert ok, refusal
    _end(b, "a")
    for j in joiners:
        ok, refusal, ev = b.act(j, "grapple", {"target": "a"}, dice=[15, 5, 2])
        assert ok and first(ev, "GrappleChanged").change == "joined", refusal
        _end(b, j)
    _end(b, "d")
    assert b.turn == "a"
    return b


def _forfeited(ev) -> list[str]:
    """The reasons of the attacks a full attack gave up once its dice had spoken."""
    return [e.reason for e in ev if type(e).__name__ == "AttackForfeited"]


def test_the_pinner_uses_no_weapon_but_damages_the_pinned_foe_and_turns_its_weapon_on_it():
    """"Il est impossible de dégainer ou d'utiliser une arme (contre quiconque) [...] tant
    qu'on immobilise une créature", but "Il dispose des options précédentes : infliger des
    dégâts, retourner son arme contre lui et se déplacer"."""
    b = pinner_turn(d={"weapon": "dagger"})
    ok, refusal, ev = b.act("a", "full_attack", {"targets": [{"pin": "d"}, {"grapple_attack": "d"}]},
                            dice=[15, 3, 15, 2])
    assert ok, refusal
    assert _forfeited(ev) == ["PINNING_NO_WEAPON"] and "AttackRolled" not in types(ev)   # pinned, then no strike
    _end(b, "a", "d")
    ok, refusal, ev = b.act("a", "full_attack", {"targets": [{"pin": "d"}, {"use_opponent_weapon": "d"}]},
                            dice=[15, 3, 15, 3, 15, 2])
    assert ok, refusal
    assert [c.kind for c in ev if type(c).__name__ == "OpposedCheck"] == ["pin", "use_weapon"]
    strike = first(ev, "AttackRolled")
    assert strike.attacker == "a" and (-4, "untyped", "grappling_attack") in strike.bonus_breakdown
    assert b.board().body("d").weapon.id == "dagger"             # "son adversaire la tient toujours"
    _end(b, "a", "d")
    ok, refusal, ev = b.act("a", "full_attack", {"targets": [{"pin": "d"}, {"grapple_damage": "d"}]},
                            dice=[15, 3, 15, 3, 2])
    assert ok, refusal
    assert first(ev, "DamageDealt").target == "d" and _pinned_by(b, "d") == "a"


def test_the_pinner_draws_no_weapon():
    """"Il est impossible de dégainer [...] une arme [...] tant qu'on immobilise une
    créature": after a pin, no light weapon is drawn in the grapple."""
    b = pinner_turn(a={"bab": 2, "inventory": ["dagger"]})
    assert b.act("a", "pin", {"target": "d"}, dice=[15, 3])[0]
    ok, refusal, _ = b.act("a", "grapple_draw", {"weapon": "dagger"}, dice=[15, 3])
    assert not ok and refusal.code == "PINNING_NO_DRAW" and refusal.params["pinned"] == "d"


def test_the_pinner_strikes_nobody_with_a_garrote():
    """"Il est impossible [...] d'utiliser une arme (contre quiconque)": a garrote is a weapon."""
    b = pinner_turn(a={"weapon": "garrote_cord"}, d={"weapon": "unarmed"}, grab=(15, 15, 5, 2))
    ok, refusal, ev = b.act("a", "full_attack", {"targets": [{"pin": "d"}, {"garrote": "d"}]}, dice=[15, 3, 15, 15, 3])
    assert ok, refusal
    assert _forfeited(ev) == ["PINNING_NO_WEAPON"] and b.comp("a", Grapple).garroting is None


def test_the_pinner_pins_escapes_or_turns_the_weapon_of_no_one_else():
    """"Il est impossible [...] d'immobiliser un autre ennemi ou d'échapper à un autre
    adversaire tant qu'on immobilise une créature"; "retourner son arme contre lui": the
    pinned foe's weapon only."""
    b = pinner_turn(extra=[creature("e", "red", (4, 2), initiative=15, weapon="dagger", hp=30)], joiners=["e"])
    assert b.comp("a", Grapple).holding == {"d", "e"}
    ok, refusal, ev = b.act("a", "full_attack", {"targets": [{"pin": "d"}, {"pin": "e"}]}, dice=[15, 3, 15, 3])
    assert ok and _forfeited(ev) == ["PINNING_NO_OTHER_PIN"] and _pinned_by(b, "e") is None, refusal
    _end(b, "a", "e", "d")
    ok, refusal, ev = b.act("a", "full_attack", {"targets": [{"pin": "d"}, {"use_opponent_weapon": "e"}]},
                            dice=[15, 3, 15, 3, 15, 2])
    assert ok and _forfeited(ev) == ["PINNING_ONLY_THE_PINNED"] and "AttackRolled" not in types(ev), refusal
    ok, refusal, _ = b.act("a", "pin", {"target": "e"})                       # the refusal names both
    assert not ok and refusal.code == "PINNING_NO_OTHER_PIN" and refusal.params == {"pinned": "d", "target": "e"}
    _end(b, "a", "e", "d")
    assert b.act("a", "pin", {"target": "d"}, dice=[15, 3])[0]
    ok, refusal, _ = b.act("a", "escape", {})
    assert not ok and refusal.code == "PINNING_NO_ESCAPE"
    ok, _, ev = b.act("a", "release", {})                     # letting go stays free (a free action)
    assert ok and _pinned_by(b, "d") is None and not b.comp("a", Grapple).holding


def test_the_pinner_frees_no_pinned_ally():
    """"Il est impossible [...] de libérer un allié immobilisé [...] tant qu'on immobilise
    une créature"."""
    def ally_pinned():
        """``e`` pins ``f``; ``a``, ``f``'s ally, grapples ``e`` and has its turn."""
        b = battle(OPEN, creature("e", "red", (4, 2), initiative=30, str=16, bab=2, hp=30),
                   creature("f", "blue", (3, 2), initiative=25, hp=30),
                   creature("a", "blue", (2, 2), initiative=20, str=16, bab=6, hp=30))
        assert b.act("e", "grapple", {"target": "f"}, dice=[15, 15, 5, 2])[0]          # f is unarmed: no AoO
        _end(b, "e", "f")
        assert b.act("a", "grapple", {"target": "e"}, dice=[15, 5, 2])[0]              # a joins
        _end(b, "a")
        assert b.act("e", "pin", {"target": "f"}, dice=[15, 3])[0]
        _end(b, "e", "f")
        return b
    b = ally_pinned()
    ok, refusal, ev = b.act("a", "full_attack", {"targets": [{"pin": "e"}, {"free_ally": "f"}]}, dice=[15, 3, 15, 3])
    assert ok and _forfeited(ev) == ["PINNING_NO_FREEING"] and _pinned_by(b, "f") == "e", refusal
    b = ally_pinned()
    ok, _, ev = b.act("a", "free_ally", {"ally": "f"}, dice=[15, 3])                # not pinning: it may
    assert ok and first(ev, "GrappleChanged").change == "freed" and _pinned_by(b, "f") is None
    assert "grappling" in b.board().body("f").conditions and "pinned" not in b.board().body("f").conditions


def test_the_pinner_retrieves_no_component():
    """"Il est impossible [...] de récupérer une composante matérielle [...] tant qu'on
    immobilise une créature"."""
    from test_metamagic_and_spellwork import grappled, mage, orc
    b = mage(["grease"], foes=[orc(at=(2, 4))])
    grappled(b)
    assert b.act("mage", "pin", {"target": "orc"}, dice=[15, 3])[0]
    ok, refusal, _ = b.act("mage", "retrieve_component", {"spell": "grease"})
    assert not ok and refusal.code == "PINNING_NO_COMPONENT"


# --- 3. no disarm against the garroter ------------------------------------------------------

def test_the_garroted_cannot_disarm_the_garroter():
    """"Vous ne pouvez pas utiliser l'action de désarmement contre un adversaire avec un
    garrot enroulé autour de votre cou"."""
    b = two(a={"weapon": "garrote_wire", "str": 14}, d={"weapon": "longsword", "dex": 14})
    assert b.act("a", "garrote", {"target": "d"}, dice=[12, 15, 3, 5], declined={"d"})[0]
    _end(b, "a")
    state = b.state()
    ok, refusal, _ = b.act("d", "disarm", {"target": "a"}, dice=[20, 1])
    assert not ok and refusal.code == "GARROTED_NO_DISARM" and b.state() == state
    assert b.options("d")["disarm"].refusal.code == "GARROTED_NO_DISARM"
    ok, refusal, _ = b.act("d", "full_attack", {"targets": [{"disarm": "a"}]}, dice=[20, 1])
    assert not ok and refusal.code == "GARROTED_NO_DISARM"
    ok, _, _ = b.act("d", "escape", {}, dice=[20, 1])                 # escaping stays open
    assert ok and not b.comp("d", Grapple).holding


# --- 4. a garroted caster has no voice ------------------------------------------------------

def test_a_garroted_caster_casts_only_spells_without_verbal_or_somatic_components():
    """"Les jeteurs de sorts peuvent lancer les sorts ne nécessitant pas de composantes
    verbales (V) et/ou gestuelles (G)": a stilled spell still needs the voice the garrote
    chokes; a stilled and silent one is cast (Concentration DC 20 + level)."""
    from test_metamagic_and_spellwork import mage, orc
    b = mage(["stilled:magic_missile", "stilled:silent:magic_missile"], feats=["still_spell", "silent_spell"],
             foes=[orc(at=(2, 4), initiative=25, weapon="garrote_wire", str=14)])
    ok, refusal, _ = b.act("orc", "garrote", {"target": "mage"}, dice=[12, 15, 3, 5])
    assert ok and b.comp("orc", Grapple).garroting == "mage", refusal
    _end(b, "orc")
    ok, refusal, _ = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"], "metamagic": ["still_spell"]},
                           dice=[20, 1, 1, 1])
    assert not ok and refusal.code == "GARROTED_NO_VERBAL"
    b.comp("mage", Stats).values["concentration"] = 10
    ok, refusal, ev = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"],
                                             "metamagic": ["still_spell", "silent_spell"]}, dice=[15, 1, 1, 1])
    assert ok, refusal
    assert first(ev, "SavingThrow").dc == 20 + 1 and first(ev, "SpellCast").outcome == "cast"


# --- 5. the escaper chooses its square ------------------------------------------------------

ROUND_A = [(2, 1), (3, 1), (4, 1), (2, 2), (4, 2), (2, 3), (3, 3), (4, 3)]


def test_the_escaper_ends_on_the_square_next_to_its_opponent_it_chooses():
    """"Si le personnage réussit à s'échapper, il achève son action en se déplaçant sur
    n'importe quelle case adjacente à son adversaire"."""
    b, _ = grabbed()
    _end(b, "a")
    asked = [q for q in choice_questions(b, Escape("d")) if q.argument == "to"]
    assert len(asked) == 1 and asked[0].to == "d" and sorted(asked[0].choices) == sorted(ROUND_A)
    ok, refusal, ev = b.act("d", "escape", {"to": [2, 3]}, dice=[20, 1])
    assert ok, refusal
    assert b.board().body("d").pos == (2, 3) and first(ev, "Moved").path == ((3, 2), (2, 3))


def test_the_escape_square_left_out_keeps_the_first_free_one():
    b, _ = grabbed()
    _end(b, "a")
    ok, _, _ = b.act("d", "escape", {}, dice=[20, 1])
    assert ok and b.board().body("d").pos == (4, 2)


def test_an_escape_square_not_free_and_next_to_the_opponent_is_refused_before_any_die():
    """"n'importe quelle case adjacente à son adversaire": free, and next to it."""
    b, _ = grabbed(extra=[creature("f", "blue", (4, 3), initiative=15, hp=30)])
    _end(b, "a", "f")
    rolled = len(b.dice.history)
    for to in ([5, 2], [3, 2], [4, 3], [9, 9]):
        ok, refusal, _ = b.act("d", "escape", {"to": to}, dice=[20, 1])
        assert not ok and refusal.code == "ESCAPE_SQUARE_NOT_ALLOWED", to
    assert len(b.dice.history) == rolled
    assert (4, 3) not in next(q for q in choice_questions(b, Escape("d")) if q.argument == "to").choices


def test_out_of_a_pin_there_is_no_square_to_choose():
    """"S'il réussit, il n'est plus immobilisé, mais il reste agrippé en situation de
    lutte": escaping a pin moves nobody."""
    b, _ = grabbed()
    _end(b, "a", "d")
    assert b.act("a", "pin", {"target": "d"}, dice=[15, 3])[0]
    _end(b, "a")
    assert not [q for q in choice_questions(b, Escape("d")) if q.argument == "to"]
    ok, refusal, _ = b.act("d", "escape", {"to": [4, 2]}, dice=[19, 2])
    assert not ok and refusal.code == "ESCAPE_PIN_NO_SQUARE"


class _Screen:
    """What ``Orders`` reads of the battle screen, without a window."""

    def __init__(self, b):
        self.battle, self.log, self.lang, self.names = b, [], "en", {}
        self.asked = self.played = None

    def choose_square(self, squares, text, then):
        self.asked = (squares, text, then)

    def play(self, command, declined, instead=None):
        self.played = command

    def say(self, refusal):
        return refusal.code


def test_the_window_asks_the_escape_square_as_a_click_on_the_board():
    """The window asks the engine's question ("n'importe quelle case adjacente à son
    adversaire") as it asks a charge's end: a click among the allowed squares."""
    from game.ui.orders import Orders
    b, _ = grabbed()
    _end(b, "a")
    screen = _Screen(b)
    assert Orders(screen).submit(Escape("d"))
    squares, text, then = screen.asked
    assert sorted(squares) == sorted(ROUND_A) and text != "UI_CHOOSE_ESCAPE_SQUARE"
    then((2, 1))
    assert screen.played == Escape("d", to=(2, 1))
    ok, refusal, _ = b.act(screen.played, dice=[20, 1])
    assert ok and b.board().body("d").pos == (2, 1), refusal


def test_the_pinner_makes_no_attack_even_unarmed_but_deals_damage_with_a_grapple_check():
    """"Il dispose des options précédentes : infliger des dégâts, retourner son arme contre
    lui et se déplacer": attacking is not one of them, with a weapon or without."""
    b = pinner_turn(a={"weapon": "unarmed"}, d={"weapon": "unarmed"}, grab=(15, 15, 5, 2))
    ok, _, ev = b.act("a", "full_attack", {"targets": [{"pin": "d"}, {"grapple_attack": "d"}]}, dice=[15, 3, 15, 2])
    assert ok and _forfeited(ev) == ["PINNING_NO_WEAPON"] and "AttackRolled" not in types(ev)


def test_speaking_is_free_and_a_pinner_may_keep_its_foe_quiet():
    """"Appeler ses amis à l'aide" is a free action (French text, "actions libres"); of the
    pinner: "Il peut aussi l'empêcher de parler s'il le désire"."""
    b = pinner_turn()
    ok, _, ev = b.act("a", "speak", {"text": "SAY_to_me"})
    assert ok and first(ev, "ActionTaken").kind == "free" and first(ev, "Spoke").text == "SAY_to_me"
    ok, refusal, _ = b.act("a", "speak", {"text": "x" * 201})
    assert not ok and refusal.code == "SPEECH_TOO_LONG"
    ok, _, _ = b.act("a", "pin", {"target": "d", "silence": True}, dice=[15, 3])
    assert ok and b.comp("a", Grapple).pinning == "d"
    _end(b, "a")
    ok, refusal, _ = b.act("d", "speak", {"text": "SAY_help"})
    assert not ok and refusal.code == "CANNOT_SPEAK"
