"""Every sentence a player reads, in English and French (default from the system locale).

Rules name reasons by code (``game.rules.reasons.Refusal``); this catalogue turns a code
and its values into a sentence. Pure Python: the query tool, the window and the tests
all read it.
"""
from __future__ import annotations

import locale
import os
from typing import Any

LANGUAGES = ("en", "fr")

_SENTENCES: dict[str, dict[str, str]] = {
    # --- combat turns ---
    "ALREADY_PRONE": {"en": "It is already prone.", "fr": "Il est déjà à terre."},
    "ATTACK_SELF": {"en": "A creature cannot attack itself.", "fr": "On ne peut pas s'attaquer soi-même."},
    "BAD_ARGUMENT": {"en": "The argument {key} is missing or malformed.", "fr": "L'argument {key} manque ou est mal formé."},
    "BAD_DICE": {"en": "Impossible scripted dice: {detail}.", "fr": "Dés imposés impossibles : {detail}."},
    "BATTLE_OVER": {"en": "The battle is over: side {side} won.", "fr": "La bataille est finie : le camp {side} l'a emporté."},
    "CANNOT_ACT": {"en": "It cannot act: it is {status}.", "fr": "Il ne peut pas agir : il est {status}."},
    "CHARGE_AFTER_MOVING": {"en": "No charge after moving or a 5-ft step this round.",
                            "fr": "Pas de charge après s'être déplacé ou avoir fait un pas de placement ce round."},
    "CHARGE_CHOOSE_END": {"en": "Several closest spaces tie: choose the end among {ends}.",
                          "fr": "Plusieurs espaces sont aussi proches : choisissez l'arrivée parmi {ends}."},
    "CHARGE_END_NOT_ALLOWED": {"en": "That is not a closest space with a clear lane; choose among {ends}.",
                               "fr": "Ce n'est pas un espace le plus proche au passage dégagé ; choisissez parmi {ends}."},
    "DELAY_AFTER_ACTING": {"en": "Only a creature that has not acted this turn can delay.",
                           "fr": "Seule une créature qui n'a pas encore agi ce tour peut retarder son action."},
    "FIVE_FOOT_STEP_AFTER_MOVING": {"en": "No 5-ft step in a round with any other movement, nor a second one.",
                                    "fr": "Pas de pas de placement dans un round avec un autre déplacement, ni de second."},
    "FULL_ATTACK_MOVE_BEFORE_ATTACK": {"en": "A full attack becomes a move action only after its first attack.",
                                       "fr": "Une attaque à outrance ne devient une action de mouvement qu'après la première attaque."},
    "NOT_CARRIED": {"en": "It carries no {weapon}.", "fr": "Il ne porte pas d'arme {weapon}."},
    "NOT_PRONE": {"en": "It is not prone.", "fr": "Il n'est pas à terre."},
    "NOT_YOUR_TURN": {"en": "It is {turn}'s turn.", "fr": "C'est au tour de {turn}."},
    "NO_ATTACKS_LEFT": {"en": "A full attack here has {attacks} attack(s) only.",
                        "fr": "L'attaque à outrance ne compte ici que {attacks} attaque(s)."},
    "NO_FULL_ROUND_LEFT": {"en": "A full-round action needs the whole turn.",
                           "fr": "Une action complexe demande tout le tour."},
    "NO_MOVE_ACTION_LEFT": {"en": "No move action left this turn.", "fr": "Plus d'action de mouvement ce tour."},
    "NO_MOVE_AFTER_FIVE_FOOT_STEP": {"en": "After a 5-ft step it cannot move any other distance this round.",
                                     "fr": "Après un pas de placement, aucun autre déplacement ce round."},
    "NO_STANDARD_ACTION_LEFT": {"en": "No standard action left this turn.", "fr": "Plus d'action simple ce tour."},
    "NO_SWIFT_ACTION_LEFT": {"en": "No swift action left this turn.", "fr": "Plus d'action rapide ce tour."},
    "OUT_OF_REACH": {"en": "{target} is out of reach of its weapon.", "fr": "{target} est hors d'allonge de son arme."},
    "PRONE_NO_RANGED": {"en": "Prone, it can shoot only a crossbow or shuriken.",
                        "fr": "À terre, on ne peut tirer qu'à l'arbalète ou au shuriken."},
    "READY_ACTION_UNKNOWN": {"en": "Only these actions can be readied: {known}.",
                             "fr": "Seules ces actions peuvent être préparées : {known}."},
    "READY_TRIGGER_UNKNOWN": {"en": "Unknown trigger {trigger} (known: {known}).",
                              "fr": "Déclencheur inconnu {trigger} (connus : {known})."},
    "RESTRICTED_NO_FULL_ROUND": {"en": "Restricted to one standard or move action: no full-round action.",
                                 "fr": "Limité à une action simple ou de mouvement : pas d'action complexe."},
    "TARGET_DEAD": {"en": "{target} is dead.", "fr": "{target} est mort."},
    "UNKNOWN_ACTION": {"en": "Unknown action {action} (known: {known}).", "fr": "Action inconnue {action} (connues : {known})."},
    "UNKNOWN_CREATURE": {"en": "No creature {creature}.", "fr": "Aucune créature {creature}."},
    "FLAT_FOOTED_NO_IMMEDIATE": {"en": "No immediate action while flat-footed.",
                                 "fr": "Pas d'action immédiate en étant pris au dépourvu."},
    "ALREADY_LOADED": {"en": "The {weapon} is already loaded.", "fr": "L'arme {weapon} est déjà chargée."},
    "CLEAVE_TARGET_OUT_OF_REACH": {"en": "Cleave needs another foe within reach; {target} is not.",
                                   "fr": "Enchaînement demande un autre adversaire à portée ; {target} ne l'est pas."},
    "HAND_EMPTY": {"en": "Its hand is empty.", "fr": "Sa main est vide."},
    "HAND_FULL": {"en": "Its hand holds {weapon}: drop or sheathe it first.",
                  "fr": "Sa main tient {weapon} : lâchez-la ou rengainez-la d'abord."},
    "NAUSEATED_MOVE_ONLY": {"en": "Nauseated: a single move action, nothing else.",
                            "fr": "Nauséeux : une seule action de mouvement, rien d'autre."},
    "NOTHING_TO_COMPLETE": {"en": "No full-round action was started last round.",
                            "fr": "Aucune action complexe n'a été commencée au round précédent."},
    "NOTHING_TO_LOAD": {"en": "{weapon} needs no loading.", "fr": "{weapon} ne se charge pas."},
    "NOTHING_TO_PICK_UP": {"en": "No {item} lies within reach of its hand.", "fr": "Aucun {item} à portée de main."},
    "NOT_HELPLESS": {"en": "A coup de grace needs a helpless foe; {target} is not.",
                     "fr": "Un coup de grâce demande un adversaire sans défense ; {target} ne l'est pas."},
    "NOT_IN_HAND": {"en": "It does not hold {weapon}.", "fr": "Il ne tient pas {weapon}."},
    "NOT_LOADED": {"en": "The {weapon} is not loaded.", "fr": "L'arme {weapon} n'est pas chargée."},
    "NOT_RESTRICTED": {"en": "Only a creature restricted to one action starts a full-round action over two rounds.",
                       "fr": "Seule une créature limitée à une action commence une action complexe sur deux rounds."},
    "NOT_TWO_ROUND_ACTION": {"en": "{action} cannot be spread over two rounds (possible: {known}).",
                             "fr": "{action} ne peut pas s'étaler sur deux rounds (possible : {known})."},
    "NO_OFF_HAND_WEAPON": {"en": "It has no weapon in its other hand.", "fr": "Il n'a pas d'arme dans l'autre main."},
    "NO_SHIELD_TO_READY": {"en": "No shield to ready or loose that way.", "fr": "Pas de bouclier à préparer ou lâcher ainsi."},
    "RESTING_AFTER_RUN": {"en": "It must rest after running (until round {until}): one move action of movement.",
                          "fr": "Il doit se reposer après sa course (jusqu'au round {until}) : une seule action de mouvement."},
    # --- special attacks ---
    "CANNOT_BE_DISARMED": {"en": "A {weapon} cannot be disarmed.", "fr": "On ne peut pas désarmer d'un {weapon}."},
    "CANNOT_SUNDER": {"en": "{item} cannot be sundered (worn armour never can).",
                      "fr": "Impossible de détruire {item} (jamais une armure portée)."},
    "FEINT_MINDLESS": {"en": "{target} is mindless: no feint works on it.",
                       "fr": "{target} est dénué d'intelligence : aucune feinte ne prend."},
    "NOTHING_TO_DISARM": {"en": "{target} holds no weapon that can be taken.",
                          "fr": "{target} ne tient aucune arme qu'on puisse lui faire lâcher."},
    "NOT_ADJACENT_TARGET": {"en": "It must stand next to {target} to enter its space.",
                            "fr": "Il faut être au contact de {target} pour entrer dans son espace."},
    "NOT_AN_ALLY": {"en": "{creature} is not an ally.", "fr": "{creature} n'est pas un allié."},
    "NOT_ENGAGED": {"en": "{enemy} and {ally} are not fighting each other in melee.",
                    "fr": "{enemy} et {ally} ne sont pas engagés au corps à corps."},
    "OPPOSED_CHECK_UNRESOLVED": {"en": "The opposed check stayed tied.", "fr": "Le test opposé est resté à égalité."},
    "SUNDER_NEEDS_SLASHING_OR_BLUDGEONING": {"en": "Sundering needs a slashing or bludgeoning weapon, not {weapon}.",
                                             "fr": "Détruire une arme demande une arme tranchante ou contondante, pas {weapon}."},
    "TARGET_TOO_BIG": {"en": "{target} is more than one size larger.",
                       "fr": "{target} a plus d'une catégorie de taille de plus."},
    "ONE_OVERRUN_A_ROUND": {"en": "Only one overrun a round.", "fr": "Un seul renversement par round."},
    "OVERRUN_PATH_MISSES": {"en": "The path does not go through {target}'s space.",
                            "fr": "Le trajet ne traverse pas l'espace de {target}."},
    "ALREADY_GRAPPLING": {"en": "It is already grappling {target}.", "fr": "Il est déjà en lutte avec {target}."},
    "GRAPPLE_FULL": {"en": "No room for another grappler on {target}.", "fr": "Plus de place pour lutter avec {target}."},
    "NOT_GRAPPLING": {"en": "It is not grappling.", "fr": "Il n'est pas en lutte."},
    "NOT_GRAPPLING_WITH": {"en": "It is not grappling {target}.", "fr": "Il n'est pas en lutte avec {target}."},
    "PINNED_ONLY_ESCAPE": {"en": "Pinned: it can only try to escape.", "fr": "Immobilisé : il ne peut que tenter de se dégager."},
    "GRAPPLE_LIGHT_WEAPON_ONLY": {"en": "In a grapple only unarmed, natural or light weapons strike, not {weapon}.",
                                  "fr": "En lutte, seules les attaques à mains nues, naturelles ou armes légères, pas {weapon}."},
    "NO_PIN_TO_BREAK": {"en": "{ally} is not pinned by a foe it grapples.",
                        "fr": "{ally} n'est pas immobilisé par un adversaire avec qui il lutte."},
    "NO_LIGHT_WEAPON_TO_USE": {"en": "{target} holds no light weapon.", "fr": "{target} ne tient pas d'arme légère."},
    "CANNOT_TURN": {"en": "It cannot turn or rebuke undead.", "fr": "Il ne sait pas renvoyer ni intimider les morts-vivants."},
    "WRONG_ENERGY": {"en": "It channels the other energy: not {action}.", "fr": "Il canalise l'autre énergie : pas de {action}."},
    "NO_TURNING_LEFT": {"en": "No turning attempt left today.", "fr": "Plus de tentative de renvoi aujourd'hui."},
    "TURNED_MUST_FLEE": {"en": "Turned: it must flee from the cleric.", "fr": "Repoussé : il doit fuir le prêtre."},
    "ALREADY_MOUNTED": {"en": "It is already mounted.", "fr": "Il est déjà en selle."},
    "CANNOT_MOUNT": {"en": "It cannot ride {mount}.", "fr": "Il ne peut pas monter {mount}."},
    "NOT_MOUNTED": {"en": "It is not mounted.", "fr": "Il n'est pas en selle."},
    "DISMOUNT_SQUARE_BLOCKED": {"en": "It cannot get down into {square}.", "fr": "Impossible de descendre en {square}."},
    "MOUNT_MOVED_ONE_ATTACK": {"en": "Its mount moved more than 1.5 m: a single melee attack only.",
                               "fr": "Sa monture s'est déplacée de plus de 1,50 m : une seule attaque au corps à corps."},
    "NOT_THROWABLE": {"en": "{item} is not something to throw.", "fr": "{item} ne se lance pas."},
    "NOT_BURNING": {"en": "It is not burning.", "fr": "Il ne brûle pas."},
    "NOT_STUCK": {"en": "Nothing holds it fast.", "fr": "Rien ne le retient."},
    "SPELL_NOT_READY": {"en": "{spell} is not among its spells ready today.", "fr": "{spell} ne fait pas partie de ses sorts du jour."},
    "SPELL_NEEDS_VOICE": {"en": "{spell} needs a voice: it cannot speak.", "fr": "{spell} demande la parole : il ne peut pas parler."},
    "SPELL_NEEDS_GESTURES": {"en": "{spell} needs gestures: impossible while grappling.",
                             "fr": "{spell} demande des gestes : impossible en lutte."},
    "SPELL_TOO_LONG_IN_GRAPPLE": {"en": "In a grapple only spells of one action can be cast.",
                                  "fr": "En lutte, seuls les sorts d'une action peuvent être lancés."},
    "SPELL_OUT_OF_RANGE": {"en": "Out of the spell's range ({range_m} m).", "fr": "Hors de portée du sort ({range_m} m)."},
    "TOO_MANY_MISSILES": {"en": "Only {count} missile(s) at this level.", "fr": "Seulement {count} projectile(s) à ce niveau."},
    "CONE_FROM_YOUR_CORNER": {"en": "A cone starts from a corner of the caster's space.",
                              "fr": "Un cône part d'un coin de l'espace du lanceur."},
    "NOT_HUMANOID": {"en": "{target} is not a humanoid.", "fr": "{target} n'est pas un humanoïde."},
    "NOTHING_TO_DIRECT": {"en": "No spell of its to direct.", "fr": "Aucun de ses sorts à diriger."},
    "NO_CHARGE_HELD": {"en": "It holds no touch spell.", "fr": "Il ne garde aucun sort de contact."},
    "NO_GARROTE": {"en": "It holds no garrote.", "fr": "Il ne tient pas de garrot."},
    "NO_PIN_WHILE_GARROTING": {"en": "No pin while holding a garrote.", "fr": "Pas d'immobilisation en tenant un garrot."},
    "CANNOT_QUICKEN": {"en": "{spell} cannot be quickened.", "fr": "{spell} ne peut pas être accéléré."},
    # --- the explorer window ---
    "UI_TITLE": {"en": "Carreau — rules explorer", "fr": "Carreau — explorateur de règles"},
    "UI_PREVIEW_NOTE": {"en": "Preview: nothing is played yet; turns and actions come next.",
                        "fr": "Aperçu : rien n'est joué ; les tours et les actions arrivent ensuite."},
    "UI_HELP": {"en": "Click a creature · hover a square: safest path · T threat · R reach · C charge · "
                      "M movement mode · wheel zoom · arrows/drag pan · Esc quit",
                "fr": "Clic : créature · survol : trajet le plus sûr · T menace · R allonge · C charge · "
                      "M mode · molette : zoom · flèches/glisser : déplacer · Échap : quitter"},
    "UI_MODE": {"en": "Movement: {mode}", "fr": "Déplacement : {mode}"},
    "UI_MODE_move": {"en": "move", "fr": "mouvement"},
    "UI_MODE_double": {"en": "double move", "fr": "double mouvement"},
    "UI_MODE_withdraw": {"en": "withdraw", "fr": "retraite"},
    "UI_MODE_5ft": {"en": "5-ft step", "fr": "pas de placement"},
    "UI_CHARGE_ON": {"en": "Charge: hover an enemy", "fr": "Charge : survolez un adversaire"},
    "UI_SELECTED": {"en": "{name} ({side}) · {weapon} · speed {speed} m", "fr": "{name} ({side}) · {weapon} · vitesse {speed} m"},
    "UI_NONE_SELECTED": {"en": "No creature selected", "fr": "Aucune créature choisie"},
    "PATH_CAPTION": {"en": "{metres} m · {squares} squares counted 1-2-1",
                     "fr": "{metres} m · {squares} cases comptées 1-2-1"},
    "PATH_PROVOKES": {"en": " · attacks of opportunity: {names}", "fr": " · attaques d'opportunité : {names}"},
    "PATH_UNREACHABLE": {"en": "Out of reach for this movement.", "fr": "Hors d'atteinte pour ce déplacement."},
    "SPLASH_CAPTION": {"en": "Where a miss lands for each d8 result, at {n} range increments",
                       "fr": "Point de chute d'un raté pour chaque résultat du d8, à {n} facteurs de portée"},
    "UI_THREAT_ALL": {"en": "Showing every threatened square", "fr": "Toutes les cases menacées"},
    "CONDITION_FORBIDS_MOVING": {"en": "It cannot move while {condition}.",
                                 "fr": "Impossible de se déplacer en étant {condition}."},
    "PRONE_MUST_STAND": {"en": "It is prone: it must stand up (a move action) or crawl first.",
                         "fr": "À terre : il faut d'abord se relever (action de mouvement) ou ramper."},
    "NO_SPEED": {"en": "It has no speed.", "fr": "Sa vitesse est nulle."},
    "FIVE_FOOT_STEP_SPEED_TOO_LOW": {"en": "A speed of 1.5 m or less allows no 5-ft step.",
                                     "fr": "Avec une vitesse de 1,50 m ou moins, pas de pas de placement."},
    "FIVE_FOOT_STEP_ONE_SQUARE": {"en": "A 5-ft step is exactly one square.",
                                  "fr": "Un pas de placement fait exactement une case."},
    "FIVE_FOOT_STEP_DIFFICULT": {"en": "No 5-ft step into difficult terrain ({square}).",
                                 "fr": "Pas de pas de placement dans un terrain difficile ({square})."},
    "WITHDRAW_BLINDED": {"en": "A blinded creature cannot withdraw.",
                         "fr": "Impossible de faire retraite en étant aveuglé."},
    "CONDITION_FORBIDS_RUNNING": {"en": "It cannot run while {condition}.",
                                  "fr": "Impossible de courir en étant {condition}."},
    "UNKNOWN_MODE": {"en": "Unknown movement mode {mode}.", "fr": "Mode de déplacement inconnu : {mode}."},
    "EMPTY_PATH": {"en": "The path enters no square.", "fr": "Le trajet n'entre dans aucune case."},
    "NOT_ADJACENT": {"en": "{square} is not next to the previous square.",
                     "fr": "{square} n'est pas voisine de la case précédente."},
    "BLOCKED_SQUARE": {"en": "{square} is a wall or off the map.",
                       "fr": "{square} est un mur ou hors de la carte."},
    "CORNER": {"en": "Moving diagonally into {square} cuts a wall's corner.",
               "fr": "Aller en diagonale vers {square} coupe l'angle d'un mur."},
    "ENEMY_IN_THE_WAY": {"en": "An enemy stands in {square}.",
                         "fr": "Un adversaire occupe {square}."},
    "TOO_FAR": {"en": "Not enough movement to reach {square}.",
                "fr": "Pas assez de mouvement pour atteindre {square}."},
    "END_OCCUPIED": {"en": "It cannot end its movement in another creature's space ({square}).",
                     "fr": "Impossible de finir son mouvement dans l'espace d'une autre créature ({square})."},
    "RUN_NOT_STRAIGHT": {"en": "A run goes in a straight line; {square} is off it.",
                         "fr": "On court en ligne droite ; {square} n'est pas sur la ligne."},
    "LANE_CUTS_CORNER": {"en": "The straight line cuts the corner of the wall at {square}.",
                         "fr": "La ligne droite coupe l'angle du mur en {square}."},
    "LANE_BLOCKED_BY_WALL": {"en": "A wall blocks the straight line at {square}.",
                             "fr": "Un mur barre la ligne droite en {square}."},
    "LANE_DIFFICULT_TERRAIN": {"en": "Difficult terrain lies on the straight line at {square}.",
                               "fr": "Un terrain difficile se trouve sur la ligne droite en {square}."},
    "LANE_BLOCKED_BY_CREATURE": {"en": "{creature} stands on the straight line at {square}.",
                                 "fr": "{creature} se trouve sur la ligne droite en {square}."},
    "CHARGE_OK": {"en": "Charge possible, ending in", "fr": "Charge possible, arrivée en"},
    "CHARGE_SELF": {"en": "A creature cannot charge itself.", "fr": "On ne peut pas se charger soi-même."},
    "CONDITION_FORBIDS_CHARGE": {"en": "It cannot charge while {condition}.",
                                 "fr": "Impossible de charger en étant {condition}."},
    "NO_MELEE_WEAPON": {"en": "A charge ends in a melee attack, and {weapon} cannot make one.",
                        "fr": "Une charge se termine par une attaque au corps à corps, impossible avec {weapon}."},
    "NO_LINE_OF_SIGHT": {"en": "No line of sight to the target.", "fr": "Pas de ligne de mire vers la cible."},
    "CHARGE_TOO_CLOSE": {"en": "The closest attack space is {distance_m} m away; a charge moves at least 3 m.",
                         "fr": "L'espace d'attaque le plus proche est à {distance_m} m ; une charge parcourt au moins 3 m."},
    "CHARGE_TOO_FAR": {"en": "The closest attack space is {distance_m} m away, beyond the {limit_m} m of a charge.",
                       "fr": "L'espace d'attaque le plus proche est à {distance_m} m, au-delà des {limit_m} m de la charge."},
    "CHARGE_END_BLOCKED": {"en": "The closest attack space {square} is blocked.",
                           "fr": "L'espace d'attaque le plus proche {square} est bloqué."},
    "CHARGE_END_OCCUPIED": {"en": "The closest attack space {square} is occupied by {creature}.",
                            "fr": "L'espace d'attaque le plus proche {square} est occupé par {creature}."},
    "CHARGE_END_NO_ATTACK": {"en": "From {square} a wall prevents the attack.",
                             "fr": "Depuis {square}, un mur empêche l'attaque."},
    "SPLASH_NEEDS_ONE_AIM": {"en": "Aim at a creature or at an intersection, not both.",
                             "fr": "Visez une créature ou une intersection, pas les deux."},
    "SPLASH_SELF": {"en": "A creature cannot throw at itself.", "fr": "On ne peut pas se viser soi-même."},
    "SPLASH_NEEDS_D8": {"en": "A miss needs a d8 result from 1 to 8.",
                        "fr": "Un raté demande un résultat de d8 entre 1 et 8."},
    "INTERSECTION_OFF_MAP": {"en": "The intersection {intersection} is off the map.",
                             "fr": "L'intersection {intersection} est hors de la carte."},
    "INTERSECTION_INSIDE_CREATURE": {"en": "The intersection {intersection} lies inside {creature}'s space: aim at the creature.",
                                     "fr": "L'intersection {intersection} est dans l'espace de {creature} : visez la créature."},
    "OUT_OF_RANGE": {"en": "Out of range: {increments} range increments, at most {max}.",
                     "fr": "Hors de portée : {increments} facteurs de portée, {max} au plus."},
}


def default_language() -> str:
    """French when the system locale is French, English otherwise."""
    for var in ("CARREAU_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    return "fr" if loc.lower().startswith("fr") else "en"


def _show(value: Any) -> str:
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"[{value[0]}, {value[1]}]"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def sentence(code: str, params: dict[str, Any] | None = None, lang: str | None = None) -> str:
    """The readable sentence for a reason code."""
    lang = lang or default_language()
    entry = _SENTENCES.get(code)
    if entry is None:
        return code
    text = entry.get(lang) or entry["en"]
    values = {k: _show(v) for k, v in (params or {}).items()}
    try:
        return text.format(**values)
    except (KeyError, IndexError):
        return text


def has_sentence(code: str) -> bool:
    return code in _SENTENCES


def catalogue() -> dict[str, dict[str, str]]:
    return {k: dict(v) for k, v in _SENTENCES.items()}
