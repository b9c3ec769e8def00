"""Issue 11, rules fidelity: attacks and scrolls in a grapple, an unarmed attack while
holding a touch charge, thrown weapons in the off hand — each played through ``act`` with
scripted dice against the French text (quoted in each test)."""
from combat_helpers import battle, creature, first, types

from game.world import views
from game.world.components import Conditions, Grapple, Hands, Inventory, Spellcasting

GRID = "\n".join("." * 14 for _ in range(8))


def events_named(ev, name: str) -> list:
    return [e for e in ev if type(e).__name__ == name]


# --- 3. an unarmed attack while holding a touch charge --------------------------------------

def holding_charge(mage_kw=None, foe_kw=None):
    """A wizard holding shocking grasp's charge next to an orc, the wizard's turn again."""
    m = dict(initiative=20, int=16, hp=20, weapon="unarmed", caster_class="wizard", caster_level=3,
             spells=["shocking_grasp"], concentration=30)
    m.update(mage_kw or {})
    o = dict(initiative=10, hp=40, weapon="greataxe")
    o.update(foe_kw or {})
    b = battle(GRID, creature("mage", "blue", (1, 4), **m), creature("orc", "red", (2, 4), **o))
    ok, refusal, _ = b.act("mage", "cast", {"spell": "shocking_grasp", "defensively": True}, dice=[10])
    assert ok, refusal
    assert b.comp("mage", Spellcasting).held_charge == "shocking_grasp"
    b.act("mage", "end_turn")
    b.act("orc", "end_turn")
    return b


def test_an_unarmed_attack_holding_a_charge_provokes_and_deals_nonlethal_unarmed_damage():
    """French text, "sorts de contact": "Il est également possible porter des attaques à
    mains nues (ou à l'aide d'une arme naturelle) alors qu'on retient un sort de contact.
    Dans ce cas, le personnage n'est pas considéré comme armé et provoque normalement une
    attaque d'opportunité [...] Si l'attaque réussit, le personnage inflige les dégâts de son
    attaque à mains nues [...] et décharge le sort." — and "Les dégâts infligés à mains nues
    sont toujours de type non-létaux."""
    b = holding_charge()
    # the orc's attack of opportunity (d20 2: a miss), then the punch (15), 1d3 (2), 3d6 (3 3 3)
    ok, refusal, ev = b.act("mage", "attack", {"target": "orc"}, dice=[2, 15, 2, 3, 3, 3])
    assert ok, refusal
    rolls = events_named(ev, "AttackRolled")
    assert rolls[0].attacker == "orc" and rolls[0].opportunity            # it provokes, from the target
    assert rolls[1].attacker == "mage" and rolls[1].hit
    punch, spell = events_named(ev, "DamageDealt")
    assert punch.amount == 2 and punch.nonlethal                           # the unarmed strike's 1d3, nonlethal
    assert spell.amount == 9 and not spell.nonlethal                       # and the charge is discharged
    assert b.comp("mage", Spellcasting).held_charge is None


def test_holding_a_charge_with_improved_unarmed_strike_or_a_natural_weapon_counts_as_armed():
    """French text, "sorts de contact": "[...] provoque normalement une attaque
    d'opportunité, à moins que le personnage ne soit par ailleurs considéré comme armé même à
    mains nues" — Improved Unarmed Strike, or a natural weapon: no attack of opportunity."""
    b = holding_charge({"feats": ["improved_unarmed_strike"]})
    ok, refusal, ev = b.act("mage", "attack", {"target": "orc"}, dice=[15, 2, 3, 3, 3])
    assert ok, refusal
    assert [r.attacker for r in events_named(ev, "AttackRolled")] == ["mage"]
    assert not events_named(ev, "DamageDealt")[0].nonlethal                # armed: lethal at no penalty
    c = holding_charge({"weapon": "claw"})
    ok, refusal, ev = c.act("mage", "attack", {"target": "orc"}, dice=[15, 2, 3, 3, 3])
    assert ok, refusal
    assert [r.attacker for r in events_named(ev, "AttackRolled")] == ["mage"]
    assert c.comp("mage", Spellcasting).held_charge is None


def test_holding_a_charge_still_threatens():
    """The charge still threatens (digest §3): the orc walking past provokes from the
    wizard, unchanged by the fix above."""
    b = holding_charge()
    assert (2, 4) in views.threatened(b, "mage")


# --- 4. thrown weapons in the off hand ---------------------------------------------------------



def thrower(main: str, off: str, feats=(), foe_at=(5, 4)):
    a = dict(initiative=20, hp=20, bab=6, weapon=main, off_hand=off, feats=list(feats))
    return battle(GRID, creature("a", "blue", (1, 4), **a),
                  creature("orc", "red", foe_at, initiative=10, hp=60, weapon="greataxe"))


def test_darts_and_shuriken_in_both_hands_throw_once_each_as_light_weapons():
    """French text, "combat à deux armes": "Les règles sont les mêmes pour un personnage qui
    utilise une arme de jet dans chaque main. Les dards et les shurikens sont alors traités
    comme des armes légères" — a light off hand: -4 / -8 without the feat."""
    b = thrower("dart", "dart")
    assert b.comp("a", Hands).off_hand == "dart"
    ok, refusal, ev = b.act("a", "full_attack", {"targets": ["orc", {"off_hand": "orc"}]}, dice=[15, 2, 15, 2])
    assert ok, refusal
    main, off = events_named(ev, "AttackRolled")
    assert main.kind == off.kind == "ranged"
    assert (-4, "untyped", "two_weapon_fighting") in main.bonus_breakdown
    assert (-8, "untyped", "two_weapon_fighting") in off.bonus_breakdown
    assert [e.item for e in events_named(ev, "ItemDropped")] == ["dart", "dart"]     # one throw each
    assert b.comp("a", Hands).off_hand is None
    s = thrower("shuriken", "shuriken", feats=["two_weapon_fighting"])
    ok, refusal, ev = s.act("a", "full_attack", {"targets": [{"off_hand": "orc"}, "orc"]}, dice=[15, 1, 15, 1])
    assert ok, refusal
    assert all((-2, "untyped", "two_weapon_fighting") in r.bonus_breakdown for r in events_named(ev, "AttackRolled"))


def test_a_javelin_in_the_off_hand_is_one_handed_and_thrown_once():
    """French text, "combat à deux armes": "tandis que les bolas, le filet, la fronde et les
    javelines sont considérés comme des armes à une main" — -6 / -10 without the feat; a
    second throw from the emptied hand is refused before any die."""
    b = thrower("longsword", "javelin", foe_at=(2, 4))
    # the sword (15, 2); the throw provokes from the orc next to it (1: a miss); the javelin (15, 2)
    ok, refusal, ev = b.act("a", "full_attack", {"targets": ["orc", {"off_hand": "orc"}]}, dice=[15, 2, 1, 15, 2])
    assert ok, refusal
    main, opportunity, off = events_named(ev, "AttackRolled")
    assert opportunity.attacker == "orc" and opportunity.opportunity
    assert main.kind == "melee" and off.kind == "ranged"                  # the javelin is thrown
    assert (-6, "untyped", "two_weapon_fighting") in main.bonus_breakdown
    assert (-10, "untyped", "two_weapon_fighting") in off.bonus_breakdown
    c = thrower("dart", "dart", feats=["two_weapon_fighting", "improved_two_weapon_fighting"])
    ok, refusal, _ = c.act("a", "full_attack", {"targets": ["orc", {"off_hand": "orc"}, {"off_hand": "orc"}]})
    assert not ok and refusal.code == "THROWN_WEAPON_GONE"


# --- 1. attacks by a creature locked in a grapple -----------------------------------------

def locked(d_weapon="shortbow", d_kw=None, readied=None):
    """``a`` (dagger) grabs ``d``; ``e``, d's foe, stands outside the grapple, 7 squares off.
    ``readied``: d readies an attack on e attacking before it is grabbed."""
    d = dict(initiative=25, str=10, hp=30, weapon=d_weapon, bab=2)
    d.update(d_kw or {})
    b = battle(GRID, creature("d", "red", (3, 2), **d),
               creature("a", "blue", (2, 2), initiative=20, str=16, bab=2, hp=30, weapon="dagger"),
               creature("e", "blue", (10, 2), initiative=5, hp=30, weapon="longbow"))
    if readied:
        assert b.act("d", "ready", {"trigger": "attacks", "target": "e"})[0]
    b.act("d", "end_turn")
    # a's touch attack (15), the opposed checks (15 against 5), 1d3 unarmed damage (2)
    # (a melee weapon in d's hand takes its attack of opportunity first: 1, a miss)
    provoked = [] if d_weapon == "shortbow" else [1]
    ok, refusal, _ = b.act("a", "grapple", {"target": "d"}, dice=provoked + [15, 15, 5, 2])
    assert ok and b.read("d", Grapple).holding == {"a"}, refusal
    b.act("a", "end_turn")
    return b


def test_a_grappled_creature_neither_shoots_nor_throws_nor_strikes_outside_the_grapple():
    """French text, "lutte": "Un combattant en situation de lutte n'intervient plus sur le
    reste du combat"; "Le personnage peut attaquer un autre lutteur à mains nues ou à l'aide
    d'une arme naturelle ou d'une arme manufacturée légère" — no bow, no throw, nobody
    outside the grapple; the refusal names why."""
    b = locked()
    b.act("e", "end_turn")
    ok, refusal, _ = b.act("d", "attack", {"target": "e"})
    assert not ok and refusal.code == "GRAPPLED_NO_RANGED"
    ok, refusal, _ = b.act("d", "attack", {"target": "a"})
    assert not ok and refusal.code == "GRAPPLED_NO_RANGED"              # not even at its grappler
    ok, refusal, _ = b.act("d", "full_attack", {"targets": ["e"]})
    assert not ok and refusal.code == "GRAPPLED_NO_RANGED"
    t = locked("dagger")
    t.act("e", "end_turn")
    ok, refusal, _ = t.act("d", "attack", {"target": "e"})               # a dagger thrown out of the grapple
    assert not ok and refusal.code == "GRAPPLED_NO_RANGED"
    assert t.options("d")["attack"].domain["targets"] == ["a"]          # options offers what act plays
    assert t.check(t.command("d", "attack", {"target": "e"})).code == "GRAPPLED_NO_RANGED"


def test_a_readied_shot_is_lost_once_grappled():
    """French text, "lutte": a readied bow shot cannot be loosed from inside a grapple
    ("n'intervient plus sur le reste du combat"): the readied action fails, with the reason."""
    b = locked(readied=True)
    # e shoots at the grapple: d's readied shot fails; e's arrow picks a grappler (d2: 1) then hits (15, 5)
    ok, refusal, ev = b.act("e", "attack", {"target": "a"}, dice=[1, 15, 5])
    assert ok, refusal
    failed = first(ev, "ReadiedActionFailed")
    assert failed.who == "d" and failed.reason == "GRAPPLED_NO_RANGED"
    assert all(r.attacker == "e" for r in events_named(ev, "AttackRolled"))


def test_a_plain_attack_at_the_grappler_is_the_grapple_attack_at_minus_4_without_two_weapons():
    """French text, "lutte": "Le personnage peut attaquer un autre lutteur à mains nues ou à
    l'aide d'une arme naturelle ou d'une arme manufacturée légère. Il subit un malus de -4 sur
    son jet d'attaque." and "Il est impossible de combattre à deux armes lors d'une lutte,
    même si ce sont deux armes légères."""
    b = locked("dagger", {"off_hand": "dagger"})
    b.act("e", "end_turn")
    ok, refusal, ev = b.act("d", "attack", {"target": "a"}, dice=[10, 2])
    assert ok, refusal
    roll = first(ev, "AttackRolled")
    assert roll.attacker == "d" and (-4, "untyped", "grappling_attack") in roll.bonus_breakdown
    c = locked("dagger", {"off_hand": "dagger"})
    c.act("e", "end_turn")
    ok, refusal, _ = c.act("d", "full_attack", {"targets": ["a", {"off_hand": "a"}]})
    assert not ok and refusal.code == "GRAPPLE_NO_TWO_WEAPONS"
    ok, refusal, ev = c.act("d", "full_attack", {"targets": ["a"]}, dice=[10, 2])
    assert ok, refusal
    assert (-4, "untyped", "grappling_attack") in first(ev, "AttackRolled").bonus_breakdown
    s = locked("longsword")
    s.act("e", "end_turn")
    ok, refusal, _ = s.act("d", "attack", {"target": "a"})
    assert not ok and refusal.code == "GRAPPLE_LIGHT_WEAPON_ONLY"


def test_a_dagger_at_the_grappler_is_a_melee_blow_with_strength_not_a_throw():
    """French text, "lutte": "Le personnage peut attaquer un autre lutteur à mains nues ou à
    l'aide d'une arme naturelle ou d'une arme manufacturée légère. Il subit un malus de -4 sur
    son jet d'attaque." — a melee blow with the dagger in hand: Str (not Dex) to hit, and no
    Point Blank Shot, though the dagger could be thrown and the grapplers share a square."""
    b = locked("dagger", {"str": 14, "dex": 18, "feats": ["point_blank_shot"]})
    b.act("e", "end_turn")
    ok, refusal, ev = b.act("d", "attack", {"target": "a"}, dice=[10, 2])
    assert ok, refusal
    roll = first(ev, "AttackRolled")
    sources = [m[2] for m in roll.bonus_breakdown]
    assert roll.kind == "melee" and "point_blank_shot" not in sources and "dex" not in sources
    assert (2, "untyped", "str") in roll.bonus_breakdown or (2, "ability", "str") in roll.bonus_breakdown
    assert roll.bonus == 2 + 2 - 4                                   # BAB 2, Str +2, -4 in the grapple
    assert first(ev, "DamageDealt").amount == 2 + 2                  # 1d4 (2) + Str 2, no +1 point blank
    assert b.board().body("d").weapon.id == "dagger"                 # still in hand


def test_the_grapples_minus_4_is_named_for_the_grapple_not_two_weapons_in_both_languages():
    """French text, "lutte": "Il subit un malus de -4 sur son jet d'attaque" and "Il est
    impossible de combattre à deux armes lors d'une lutte": the log and the preview give the
    -4 its own reason, in French and English."""
    from game.ui import combat_log
    b = locked("dagger")
    b.act("e", "end_turn")
    preview = b.preview("d", "attack", {"target": "a"})
    sources = [m.source for m in preview.recorder.attacks[0].bonus_breakdown]
    assert "grappling_attack" in sources and "two_weapon_fighting" not in sources
    ok, refusal, ev = b.act("d", "attack", {"target": "a"}, dice=[10, 2])
    assert ok, refusal
    breakdown = first(ev, "AttackRolled").bonus_breakdown
    assert (-4, "untyped", "grappling_attack") in breakdown and "two_weapon_fighting" not in str(breakdown)
    names = {"a": "A", "d": "D", "e": "E"}
    english = " ".join(t for t, *_ in combat_log.lines(ev, names, "en"))
    french = " ".join(t for t, *_ in combat_log.lines(ev, names, "fr"))
    assert "attacking in a grapple -4" in english and "two weapons" not in english
    assert "attaque en lutte -4" in french and "deux armes" not in french


def test_a_pinned_creature_cannot_attack_and_its_pinner_uses_no_weapon():
    """French text, "lutte": the pinned one "peut tenter de se dégager"; and of the pinner:
    "Il est impossible de dégainer ou d'utiliser une arme (contre quiconque) [...] tant
    qu'on immobilise une créature" — its unarmed strike or natural weapons only."""
    b = locked("dagger")
    b.comp("a", Grapple).pinning = "d"
    b.comp("d", Grapple).pinned_by = "a"
    b.comp("d", Conditions).ids.add("pinned")
    b.changed()
    b.act("e", "end_turn")
    ok, refusal, _ = b.act("d", "attack", {"target": "a"})
    assert not ok and refusal.code == "PINNED_ONLY_ESCAPE"
    b.act("d", "end_turn")
    # a pin lasts 1 round ("pendant 1 round"): it ended as a's turn began; pinned again now
    assert b.comp("a", Grapple).pinning is None
    b.comp("a", Grapple).pinning = "d"
    b.comp("d", Grapple).pinned_by = "a"
    b.comp("d", Conditions).ids.add("pinned")
    b.changed()
    ok, refusal, _ = b.act("a", "attack", {"target": "d"})
    assert not ok and refusal.code == "PINNING_NO_WEAPON"
    ok, refusal, _ = b.act("a", "grapple_attack", {"target": "d"})
    assert not ok and refusal.code == "PINNING_NO_WEAPON"


def test_options_in_a_grapple_offer_only_what_act_plays():
    """One legality source (tests/world/test_one_legality_source.py), here locked in a
    grapple with a bow, a dagger and a dagger in each hand: every option offered passes
    ``act``, every other is refused by ``act`` with the refusal ``options`` gives."""
    for weapon, kw in (("shortbow", None), ("dagger", None), ("dagger", {"off_hand": "dagger"})):
        b = locked(weapon, kw)
        b.act("e", "end_turn")
        for name, option in b.options("d").items():
            if option.probe is None:
                continue
            token = b.snapshot()
            ok, refusal, _ = b.act(option.probe)
            b.restore(token)
            if option.legal:
                assert ok or refusal.code == "BAD_DICE", (weapon, name, refusal)
            else:
                assert not ok and refusal.code == option.refusal.code, (weapon, name, option.refusal, refusal)


# --- 2. a scroll read in a grapple is a spell cast in a grapple --------------------------------

def grappled_reader(item: str, **kw):
    """A wizard locked in a grapple with an orc, ``item`` in hand."""
    m = dict(initiative=20, int=16, hp=20, caster_class="wizard", caster_level=5, spells=["magic_missile"],
             concentration=10)
    m.update(kw)
    b = battle(GRID, creature("mage", "blue", (1, 4), **m),
               creature("orc", "red", (2, 4), initiative=10, hp=30, weapon="greataxe"))
    for cid, other in (("mage", "orc"), ("orc", "mage")):
        b.comp(cid, Grapple).holding = {other}
        b.comp(cid, Conditions).ids.add("grappling")
    b.comp("mage", Inventory).items.append(item)
    b.comp("mage", Hands).holding = item
    b.changed()
    return b


def test_a_scroll_in_a_grapple_is_refused_as_its_spell_would_be():
    """French text, "objets magiques": "Activer un objet magique à fin d'incantation, comme
    par exemple un parchemin, revient à lancer un sort"; "lutte": "Un personnage agrippé ou
    même immobilisé [...] peut tenter de lancer un sort, à condition qu'il s'agisse d'un sort
    donc le temps d'incantation est de une action, sans composante gestuelle [...]" — the
    scroll of magic missile (V, S) is refused for its gestures, as casting it is."""
    b = grappled_reader("scroll_magic_missile")
    ok, refusal, _ = b.act("mage", "cast", {"spell": "magic_missile", "targets": ["orc"]})
    assert not ok and refusal.code == "SPELL_NEEDS_GESTURES"
    ok, refusal, _ = b.act("mage", "use_item", {"item": "scroll_magic_missile", "targets": ["orc"]})
    assert not ok and refusal.code == "SPELL_NEEDS_GESTURES"
    assert b.options("mage")["use_item"].refusal.code == "SPELL_NEEDS_GESTURES"


def test_a_scroll_without_gestures_in_a_grapple_needs_concentration_20_plus_level(monkeypatch):
    """French text, "lutte": "Même si le sort et les préparatifs répondent aux conditions
    ci-dessus, il doit tout de même réussir un test de Concentration (DD 20 + niveau du sort)
    sous peine de perdre son sort. Il n'a pas besoin de réussir un test opposé de lutte pour
    lancer un sort." — a scroll of a spell with no somatic component (a test spell)."""
    from game import data
    missile = dict(data.spells()["magic_missile"], components=["V"])
    monkeypatch.setitem(data.spells(), "voiced_missile", missile)
    monkeypatch.setitem(data.magic_items(), "scroll_voiced_missile",
                        dict(data.magic_items()["scroll_magic_missile"], spell="voiced_missile"))
    b = grappled_reader("scroll_voiced_missile")
    ok, refusal, ev = b.act("mage", "use_item", {"item": "scroll_voiced_missile", "targets": ["orc"]}, dice=[11, 3])
    assert ok, refusal
    check = first(ev, "SavingThrow")
    assert check.kind == "concentration_grapple" and check.dc == 20 + 1 and check.success    # 11 + 10
    assert first(ev, "SpellCast").outcome == "cast" and first(ev, "DamageDealt").amount == 4
    assert "OpposedCheck" not in types(ev)
    c = grappled_reader("scroll_voiced_missile")
    ok, refusal, ev = c.act("mage", "use_item", {"item": "scroll_voiced_missile", "targets": ["orc"]}, dice=[10])
    assert ok and first(ev, "SpellCast").outcome == "lost" and "DamageDealt" not in types(ev)
    assert "scroll_voiced_missile" not in c.comp("mage", Inventory).items          # the scroll is spent


def test_a_wand_or_a_potion_in_a_grapple_needs_no_check():
    """French text, "lutte": "Le personnage peut activer un objet magique, à condition qu'il
    ne s'agisse pas d'un objet à fin d'incantation (comme un parchemin). Il n'a pas besoin de
    réussir un test opposé de lutte pour cela." — a wand is activated, not cast: no
    Concentration, no grapple check; a potion neither."""
    b = grappled_reader("wand_magic_missile")
    ok, refusal, ev = b.act("mage", "use_item", {"item": "wand_magic_missile", "targets": ["orc"]}, dice=[3])
    assert ok, refusal
    assert "SavingThrow" not in types(ev) and "OpposedCheck" not in types(ev)
    assert first(ev, "DamageDealt").amount == 4
    p = grappled_reader("potion_cure_light_wounds")
    ok, refusal, ev = p.act("mage", "use_item", {"item": "potion_cure_light_wounds"}, dice=[5])
    assert ok, refusal
    assert "SavingThrow" not in types(ev) and first(ev, "Healed")
