"""The rules sandbox and the map editor (``SBX_``, ``EDIT_``). (``game.i18n`` merges them into one catalogue.)"""

SENTENCES: dict[str, dict[str, str]] = {
    # --- issue 13: sandbox, finishing touches ---
    "EDIT_PAUSED_LEFT_BEHIND": {"en": "Paused. Not carried into the sandbox (the battle keeps them): {what}.",
                                "fr": "En pause. Non repris dans le bac à sable (la bataille les garde) : {what}."},
    "EDIT_LEFT_timed": {"en": "how long timed conditions last (here they stay on)",
                        "fr": "la durée des états temporaires (ici, ils restent)"},
    "EDIT_LEFT_spell": {"en": "spells kept up or held", "fr": "les sorts maintenus ou en attente"},
    "EDIT_LEFT_area": {"en": "grease and webs on the map", "fr": "la graisse et les toiles sur la carte"},
    "EDIT_LEFT_ground": {"en": "items lying on the ground", "fr": "les objets au sol"},
    "EDIT_LEFT_pending": {"en": "poison and aid still to come", "fr": "le poison et l'aide encore à venir"},
    "EDIT_TOOL_ruler": {"en": "Tool: ruler (1-2-1)", "fr": "Outil : règle (1-2-1)"},
    "EDIT_SEARCH": {"en": "Search creatures…", "fr": "Chercher…"},
    "EDIT_NO_MATCH": {"en": "(no creature matches)", "fr": "(aucune créature)"},
    "EDIT_PLACE_SIDE_SHORT": {"en": "Place on side:", "fr": "Camp des ajouts :"},
    "EDIT_WHO_human": {"en": "a player", "fr": "un joueur"},
    "EDIT_WHO_easy": {"en": "AI easy", "fr": "IA facile"},
    "EDIT_WHO_normal": {"en": "AI normal", "fr": "IA normale"},
    "EDIT_WHO_hard": {"en": "AI hard", "fr": "IA difficile"},
    "EDIT_ON_FOOT": {"en": "On foot", "fr": "À pied"},
    "EDIT_RIDING": {"en": "Riding {name}", "fr": "En selle sur {name}"},
    "SBX_HELP": {"en": "Click a creature · click a square: why (E: the hovered one) · T threat · R reach · A where it can go · "
                       "L charge lanes · C charge · F flanking · S flask · U ruler · M mode",
                 "fr": "Clic : créature · clic sur une case : pourquoi (E : celle survolée) · T menace · R allonge · "
                       "A où aller · L couloirs de charge · C charge · F tenaille · S flasque · U règle · M mode"},
    "SBX_HELP_VARIANTS": {"en": "1 charge lane · 2 scatter order · 3 10-ft diagonal: switch the reading · Backspace clear · "
                                "wheel zoom · arrows/drag pan · Esc quit",
                          "fr": "1 couloir de charge · 2 ordre de dispersion · 3 diagonale à 3 m : changer de lecture · "
                                "Retour arrière : effacer · molette : zoom · flèches/glisser : déplacer · Échap : quitter"},
    "SBX_NOTE": {"en": "Sandbox: the odds are asked as if the selected creature's turn began now; nothing is played.",
                 "fr": "Bac à sable : les chances sont calculées comme si le tour de la créature choisie commençait ; "
                       "rien n'est joué."},
    "SBX_THREATENED_BY": {"en": "{square} threatened by {names}", "fr": "{square} menacée par {names}"},
    "SBX_COSTS": {"en": "To get here: {costs}", "fr": "Pour venir ici : {costs}"},
    "SBX_ACTION_attack": {"en": "Attack", "fr": "Attaque"},
    "SBX_ACTION_full_attack": {"en": "Full attack", "fr": "Attaque à outrance"},
    "SBX_ACTION_charge": {"en": "Charge", "fr": "Charge"},
    "SBX_ACTION_trip": {"en": "Trip", "fr": "Croc-en-jambe"},
    "SBX_ACTION_bull_rush": {"en": "Bull rush", "fr": "Bousculade"},
    "SBX_ACTION_grapple": {"en": "Grapple", "fr": "Lutte"},
    "SBX_ACTION_disarm": {"en": "Disarm", "fr": "Désarmement"},
    "SBX_ODDS_ATTACK": {"en": "{action}: hit {hit} (d20 ≥ {needs}: {bonus} against AC {ac}) · critical {crit} · "
                              "expected damage {damage}",
                        "fr": "{action} : touche {hit} (d20 ≥ {needs} : {bonus} contre CA {ac}) · critique {crit} · "
                              "dégâts moyens {damage}"},
    "SBX_ODDS_MISS_CHANCE": {"en": " · then a {percent}% miss chance (concealment)",
                             "fr": " · puis {percent} % de chances de rater (camouflage)"},
    "SBX_ODDS_REFUSED": {"en": "{action}: {reason}", "fr": "{action} : {reason}"},
    "SBX_ODDS_MANEUVER": {"en": "{action}: success {success}", "fr": "{action} : réussite {success}"},
    "SBX_ODDS_MANEUVER_TOUCH": {"en": "{action}: touch attack {touch}, then the check {check}: {overall} in all",
                                "fr": "{action} : attaque de contact {touch}, puis le test {check} : {overall} en tout"},
    "SBX_AOO_DAMAGE": {"en": "Attacks of opportunity on this path: {each} (expected damage, total {total})",
                       "fr": "Attaques d'opportunité sur ce trajet : {each} (dégâts moyens, total {total})"},
    "SBX_SPLASH_HIT": {"en": "{item}: hits the aim {hit}; a miss scatters to the eight points (heat map: landing chances)",
                       "fr": "{item} : touche le point visé {hit} ; un raté retombe sur l'un des huit points "
                             "(carte de chaleur : chances de chute)"},
    "SBX_SPLASH_NO_FLASK": {"en": "No flask carried: the heat map shows a miss's eight points, 1 in 8 each",
                            "fr": "Aucune flasque portée : la carte montre les huit points d'un raté, 1 chance sur 8 chacun"},
    "SBX_RULER": {"en": "Ruler: {straight} straight + {diag} {diag|diagonal|diagonals} counted 1-2-1 ({diag_cost}) = {squares} {squares|square|squares} = {metres} ft",
                  "fr": "Règle : {straight} {straight|droite|droites} + {diag} {diag|diagonale comptée|diagonales comptées} 1-2-1 ({diag_cost}) = {squares} {squares|case|cases} = {metres} m"},
    # each variant said by what changes on the board (play-test: "the 3.5 exception to 1-2-1"
    # meant nothing to a newcomer); the start menu shows them under its switches
    "SBX_VARIANT_charge_lane_center": {"en": "Charge lane (1): centre line — a charge may graze a corner: only the "
                                             "squares its centre line crosses must be clear",
                                       "fr": "Couloir de charge (1) : ligne des centres — une charge peut frôler un "
                                             "coin : seules les cases que traverse sa ligne centrale doivent être libres"},
    "SBX_VARIANT_charge_lane_swept": {"en": "Charge lane (1): swept, whole width — the charger's whole width must pass "
                                            "clear: a corner it would graze stops the charge",
                                      "fr": "Couloir de charge (1) : balayé, toute la largeur — toute la largeur du "
                                            "chargeur doit passer libre : un coin frôlé arrête la charge"},
    "SBX_VARIANT_scatter_order_seed": {"en": "Scatter order (2): French rules — a missed flask lands by a d8: 1 short, "
                                             "2 to 4 to the thrower's right, 5 long, 6 to 8 to its left",
                                       "fr": "Ordre de dispersion (2) : règles françaises — une fiole ratée tombe selon "
                                             "un d8 : 1 trop court, 2 à 4 à droite du lanceur, 5 trop long, 6 à 8 à sa "
                                             "gauche"},
    "SBX_VARIANT_scatter_order_srd": {"en": "Scatter order (2): English SRD — the other way round: 1 short, 2 to 4 to "
                                            "the thrower's left, 5 long, 6 to 8 to its right",
                                      "fr": "Ordre de dispersion (2) : SRD anglais — dans l'autre sens : 1 trop court, "
                                            "2 à 4 à gauche du lanceur, 5 trop long, 6 à 8 à sa droite"},
    "SBX_VARIANT_reach_diagonal_exception_True": {"en": "10-ft reach (3): 3.5 exception — a 10-ft reach also strikes a "
                                                        "foe two squares away on a diagonal",
                                                  "fr": "Allonge de 3 m (3) : exception 3.5 — une allonge de 3 m "
                                                        "atteint aussi un ennemi à deux cases en diagonale"},
    "SBX_VARIANT_reach_diagonal_exception_False": {"en": "10-ft reach (3): plain 1-2-1 — two squares away on a diagonal "
                                                         "are 15 ft, out of a 10-ft reach",
                                                   "fr": "Allonge de 3 m (3) : 1-2-1 strict — deux cases en diagonale "
                                                         "font 4,5 m, hors d'une allonge de 3 m"},
    "SBX_SHAPE_tall": {"en": "tall", "fr": "grande"},
    "SBX_SHAPE_long": {"en": "long", "fr": "longue"},
    "SBX_DIAGONAL_EXCEPTION": {"en": " (two diagonals: 15 ft by 1-2-1, within 10 ft by the 3.5 exception)",
                               "fr": " (deux diagonales : 4,5 m en 1-2-1, dans les 3 m par l'exception 3.5)"},
    "SBX_WHY_THREAT": {"en": "{metres} ft ({squares} × 5 ft) from {name}'s nearest square{exception}; "
                             "{name} reaches {reach} ft ({shape}): the square is threatened by {name}",
                       "fr": "À {metres} m ({squares} × 1,5 m) de la case la plus proche de {name}{exception} ; "
                             "allonge de {name} {reach} m ({shape}) : la case est menacée par {name}"},
    "SBX_TERRAIN_EXTRA": {"en": " + {metres} ft for difficult terrain", "fr": " + {metres} m de terrain difficile"},
    "SBX_WHY_PATH": {"en": "{mode}: {straight_m} ft straight ({straight} × 5 ft) + {diag_m} ft for {diag} {diag|diagonal|diagonals} "
                           "counted 1-2-1 ({sequence}){extra} = {metres} ft",
                     "fr": "{mode} : {straight_m} m en ligne droite ({straight} × 1,5 m) + {diag_m} m pour {diag} "
                           "{diag|diagonale comptée|diagonales comptées} 1-2-1 ({sequence}){extra} = {metres} m"},
    "SBX_WHY_AOO": {"en": "Leaving {square}, a square {name} threatens: {name} gets an attack of opportunity "
                          "(expected damage {damage})",
                    "fr": "En quittant {square}, case menacée par {name} : {name} a droit à une attaque d'opportunité "
                          "(dégâts moyens {damage})"},
    "SBX_ATTACK_melee": {"en": "melee", "fr": "corps à corps"},
    "SBX_ATTACK_ranged": {"en": "ranged", "fr": "à distance"},
    "SBX_WHY_COVER": {"en": "{target} against a {kind} attack: {cover} ({blocked} of {lines} corner lines blocked)",
                      "fr": "{target} contre une attaque {kind} : {cover} ({blocked} lignes de coin bloquées sur {lines})"},
    "SBX_WHY_FLANK": {"en": "{target} is flanked with {allies}: +2 on melee attacks",
                      "fr": "{target} est pris en tenaille avec {allies} : +2 aux attaques au corps à corps"},
    "SBX_LANE_OK": {"en": "clear lane", "fr": "passage dégagé"},
    "SBX_WHY_LANE": {"en": "Charge at {target} ({variant}): {verdict}", "fr": "Charge sur {target} ({variant}) : {verdict}"},
    "SBX_LANE_READING_center": {"en": "centre-line reading", "fr": "lecture par la ligne centrale"},
    "SBX_LANE_READING_swept": {"en": "swept reading", "fr": "lecture balayée"},
    "SBX_WHY_OPPOSED": {"en": "{action}: the opposed check {a} ({a_parts}) against {d} ({d_parts}), a d20 each, a tie to the higher bonus: won {win}% of the time",
                        "fr": "{action} : le test opposé {a} ({a_parts}) contre {d} ({d_parts}), un d20 chacun, l'égalité au plus fort bonus : gagné {win} % du temps"},
    "SBX_WHY_ATTACK": {"en": "{action}: attack {bonus} ({bonus_parts}) against AC {ac} ({ac_parts}): d20 ≥ {needs} "
                             "hits ({hit}%); a natural {threat}+ threatens a critical",
                       "fr": "{action} : attaque {bonus} ({bonus_parts}) contre CA {ac} ({ac_parts}) : d20 ≥ {needs} "
                             "touche ({hit} %) ; un {threat} naturel ou plus menace d'un critique"},
    "SBX_WHY_SPLASH": {"en": "Lands here {chance}% of throws (at {n} range {n|increment|increments}) — {order}",
                       "fr": "Retombe ici dans {chance} % des lancers (à {n} {n|facteur|facteurs} de portée) — {order}"},
    # --- issue 13: the sandbox editor ---
    "EDIT_TITLE": {"en": "Carreau — rules sandbox", "fr": "Carreau — bac à sable des règles"},
    "EDIT_TOOL_select": {"en": "Tool: select / drag", "fr": "Outil : choisir / glisser"},
    "EDIT_TOOL_brush": {"en": "Tool: brush", "fr": "Outil : pinceau"},
    "EDIT_TOOL_rect": {"en": "Tool: rectangle", "fr": "Outil : rectangle"},
    "EDIT_TOOL_place": {"en": "Tool: place a creature", "fr": "Outil : poser une créature"},
    "EDIT_TERRAIN_floor": {"en": ". floor", "fr": ". sol"},
    "EDIT_TERRAIN_wall": {"en": "# wall", "fr": "# mur"},
    "EDIT_TERRAIN_difficult": {"en": "~ difficult terrain", "fr": "~ terrain difficile"},
    "EDIT_TERRAIN_tree": {"en": "T massive tree", "fr": "T arbre massif"},
    "EDIT_TERRAIN_door": {"en": "+ closed door", "fr": "+ porte fermée"},
    "EDIT_TERRAIN_open_door": {"en": "/ open door", "fr": "/ porte ouverte"},
    "EDIT_TERRAIN_low_wall": {"en": "= low wall", "fr": "= muret"},
    "EDIT_TERRAIN_cliff": {"en": "^ cliff", "fr": "^ falaise"},
    "EDIT_TERRAIN_deep_water": {"en": "w deep water", "fr": "w eau profonde"},
    "EDIT_TERRAIN_pit": {"en": "O pit", "fr": "O fosse"},
    "EDIT_TERRAIN_darkness": {"en": ": darkness", "fr": ": ténèbres"},
    "EDIT_TERRAIN_web_sheet": {"en": "% web sheet", "fr": "% nappe de toile"},
    "EDIT_TERRAIN_crate": {"en": "b heavy crate", "fr": "b caisse lourde"},
    "EDIT_PLACE_SIDE": {"en": "Side of new creatures:", "fr": "Camp des nouvelles créatures :"},
    "EDIT_NO_CREATURE": {"en": "Click a creature to edit it.", "fr": "Cliquez une créature pour la modifier."},
    "EDIT_CREATURE": {"en": "{name} ({id})", "fr": "{name} ({id})"},
    "EDIT_SIDE": {"en": "Side", "fr": "Camp"},
    "EDIT_SIZE": {"en": "Size {size}", "fr": "Taille {size}"},
    "EDIT_REACH_tall": {"en": "Reach: tall", "fr": "Allonge : grand"},
    "EDIT_REACH_long": {"en": "Reach: long", "fr": "Allonge : long"},
    "EDIT_HP": {"en": "HP", "fr": "PV"},
    "EDIT_WEAPON": {"en": "Weapon: {name}", "fr": "Arme : {name}"},
    "EDIT_OFF_HAND": {"en": "Off hand: {name}", "fr": "Main non dir. : {name}"},
    "EDIT_ARMOR": {"en": "Armour: {name}", "fr": "Armure : {name}"},
    "EDIT_NOTHING": {"en": "none", "fr": "aucune"},
    "EDIT_CONDITIONS": {"en": "Conditions (click to switch):", "fr": "États (cliquer pour changer) :"},
    "EDIT_FEATS": {"en": "Feats (click to switch):", "fr": "Dons (cliquer pour changer) :"},
    "EDIT_DELETE": {"en": "Delete", "fr": "Supprimer"},
    "EDIT_UNDO": {"en": "Undo", "fr": "Annuler"},
    "EDIT_REDO": {"en": "Redo", "fr": "Rétablir"},
    "EDIT_SAVE": {"en": "Save", "fr": "Enregistrer"},
    "EDIT_OPEN": {"en": "Open", "fr": "Ouvrir"},
    "EDIT_RESIZE": {"en": "Apply", "fr": "Appliquer"},
    "EDIT_MAP_SIZE": {"en": "Map (w × h):", "fr": "Carte (l × h) :"},
    "EDIT_PLAY": {"en": "Play from here", "fr": "Jouer d'ici"},
    "EDIT_BACK": {"en": "Resume battle", "fr": "Reprendre"},
    "EDIT_THREAT": {"en": "Threat", "fr": "Menace"},
    "EDIT_REACH_SHOW": {"en": "Reach", "fr": "Allonge"},
    "EDIT_CHARGE": {"en": "Charge", "fr": "Charge"},
    "EDIT_MODE": {"en": "Move: {mode}", "fr": "Dépl. : {mode}"},
    "EDIT_PLAYER": {"en": "{side}: {who}", "fr": "{side} : {who}"},
    "EDIT_SAVED": {"en": "Saved: {path}", "fr": "Enregistré : {path}"},
    "EDIT_OPENED": {"en": "Opened: {path}", "fr": "Ouvert : {path}"},
    "EDIT_NOTHING_TO_UNDO": {"en": "Nothing to undo.", "fr": "Rien à annuler."},
    "EDIT_NOTHING_TO_REDO": {"en": "Nothing to redo.", "fr": "Rien à rétablir."},
    "EDIT_PAUSED": {"en": "The battle is paused here: edit, play from here, or go back to it.",
                    "fr": "La bataille est en pause ici : modifiez, jouez d'ici ou revenez-y."},
    "EDIT_NEED_TWO_SIDES": {"en": "A battle needs creatures on two sides.", "fr": "Une bataille demande des créatures de deux camps."},
    "EDIT_HELP": {"en": "Left: use the tool · drag a creature to move it · click a square: its rule · Del delete · "
                        "Ctrl+Z/Y undo/redo · Ctrl+S save · T R C M A L F S overlays · 1 2 3 variants · U ruler · "
                        "E explain · Backspace clear · right-drag pan · wheel zoom · Esc quit",
                  "fr": "Clic : outil · glisser une créature : la déplacer · clic sur une case : sa règle · Suppr : supprimer · "
                        "Ctrl+Z/Y : annuler/rétablir · Ctrl+S : enregistrer · T R C M A L F S : calques · 1 2 3 : variantes · "
                        "U : règle graduée · E : expliquer · Retour arrière : effacer · clic droit glissé : déplacer · "
                        "molette : zoom · Échap : quitter"},
    "EDIT_PAUSE_REFUSED": {"en": "This battle cannot be paused into the sandbox: {reason}",
                           "fr": "Impossible de mettre cette bataille en pause dans le bac à sable : {reason}"},
    "EDIT_BAD_SIZE": {"en": "Map size: {w} × {h} is not a size (whole numbers of squares, 1 to {max}).",
                      "fr": "Taille de carte : {w} × {h} n'est pas une taille (nombres entiers de cases, de 1 à {max})."},
    "EDIT_SAVE_AS_TOML": {"en": "{path}: a situation is saved as a .toml file (type its name in the box).",
                          "fr": "{path} : une situation s'enregistre dans un fichier .toml (tapez son nom dans la case)."},
    "EDIT_SHOW_AREA": {"en": "Moves", "fr": "Déplacements"},
    "EDIT_SHOW_LANES": {"en": "Lanes", "fr": "Couloirs"},
    "EDIT_SHOW_FLANKING": {"en": "Flanks", "fr": "Tenailles"},
    "EDIT_SHOW_SPLASH": {"en": "Splash", "fr": "Projection"},
    "EDIT_BATTLE_PAUSE_HINT": {"en": "F6: pause into the sandbox", "fr": "F6 : pause dans le bac à sable"},
    "EDIT_MENU_SANDBOX": {"en": "Open in the sandbox", "fr": "Ouvrir dans le bac à sable"},
    "EDIT_MENU_EMPTY": {"en": "An empty sandbox", "fr": "Un bac à sable vide"},
    "SBX_THREATENED_BY_HERE": {"en": "Square threatened by {names}", "fr": "Case menacée par {names}"},
    "SBX_WHY_AOO_HERE": {"en": "Leaving a square {name} threatens: {name} gets an attack of opportunity (expected damage {damage})",
                         "fr": "En quittant une case menacée par {name} : {name} a droit à une attaque d'opportunité (dégâts moyens {damage})"},
}
