"""The sandbox and the battle, back and forth (issue 13, item 6): the editor's "Play from
here" starts its situation as a battle (each side played by a person or the computer, as
the sandbox's player buttons — the scenario's ``[sides]`` — say); in any battle F6 pauses
into the sandbox with the creatures as they stand (``Document.from_battle``), and the
sandbox's "Resume battle" returns to it. When a played battle ends, the sandbox it
came from is shown again."""
from __future__ import annotations

from contextlib import nullcontext

import pygame

from ...content.errors import ContentError
from ...engine import Battle
from ...i18n import sentence
from ..pause_menu import paused
from ..window import set_title
from .document import Document
from .screen import EditorScreen

PAUSE_KEY = pygame.K_F6


class Session:
    """One window's loop over editors and battles. ``frames``: stop after that many frames
    (tests); ``make_game(battle, control)``: the battle screen (the window's saves with it)."""

    def __init__(self, screen: pygame.Surface, lang: str, make_game, frames: int | None = None, guard=None):
        self.screen = screen
        self.guard = guard           # the window's crash guard (``app.CrashGuard``): a failing frame is logged, not fatal
        self.lang = lang
        self.make_game = make_game
        self.frames = frames
        self.drawn = 0
        self.quit = False
        self.clock = pygame.time.Clock()
        self.current = None          # the screen being shown (tests read it)

    def out_of_frames(self) -> bool:
        return self.frames is not None and self.drawn >= self.frames

    def run(self, thing) -> str | None:
        """Show ``thing`` until it stops or wants something: "play", "back", or "pause" (F6
        in a battle)."""
        self.current = thing
        thing.screen = self.screen
        if isinstance(thing, EditorScreen):
            set_title("editor", self.lang)          # a battle screen sets its own (its map, its victory)
        else:
            thing.sandbox_key = True                # F6 pauses it into the sandbox: its hint says so
        while thing.running and not self.out_of_frames():
            with self._guarded(thing):
                for event in pygame.event.get():
                    if event.type == pygame.QUIT:
                        self.quit = True
                    if event.type == pygame.VIDEORESIZE:
                        self.screen = thing.screen = pygame.display.get_surface()
                    if event.type == pygame.KEYDOWN and event.key == PAUSE_KEY and not isinstance(thing, EditorScreen):
                        return "pause"
                    thing.handle(event)
                want = getattr(thing, "want", None)
                if want:
                    thing.want = None
                    return want
                thing.draw()
                pygame.display.flip()
            self.drawn += 1
            elapsed = self.clock.tick(60)
            if hasattr(thing, "update") and not paused(thing):      # the pause menu holds the battle
                with self._guarded(thing):
                    thing.update(elapsed)
        return None

    def _guarded(self, thing):
        return self.guard.around(thing) if self.guard is not None else nullcontext()

    def battle(self, game) -> None:
        """A battle screen until it ends; F6 pauses it into a sandbox, from which one may
        come back to it."""
        while not self.quit and not self.out_of_frames():
            if self.run(game) != "pause":
                return
            try:
                doc = Document.from_battle(game.battle)
            except ContentError as exc:       # a state the scenario format cannot say
                game.log.append((sentence("EDIT_PAUSE_REFUSED", {"reason": exc.line()}, self.lang), (240, 160, 120)))
                continue
            if self.edit(doc, paused=True) != "back":
                return

    def edit(self, doc: Document, paused: bool = False) -> str | None:
        """The sandbox on ``doc`` until it is closed ("back": return to the paused battle)."""
        editor = EditorScreen(doc, self.screen, self.lang, paused=paused)
        try:
            while not self.quit and not self.out_of_frames():
                want = self.run(editor)
                if want == "back":
                    return "back"
                if want != "play":
                    return None
                scenario = editor.play_scenario()
                if scenario is None:
                    continue
                battle = Battle(scenario)
                game = None
                try:
                    game = self.make_game(battle, scenario.controllers())
                    self.battle(game)
                finally:
                    battle.close()
                    if game is not None:
                        game.battle.close()      # a quick load in it may have replaced the battle
                editor.running = True
            return None
        finally:
            editor.close()
