"""The settings screen (issue 14, item 7), from the start menu and the pause menu: language,
animation speed, volume and mute, the menus' text size, full screen. Every change is saved
at once (``settings.Store``) and applied to the screen behind (``apply_change``); a
settings file that was refused is named on the page until the first change replaces it."""
from __future__ import annotations

import pygame_gui
from pygame_gui import elements as E

from ..i18n import LANGUAGES, sentence
from . import window
from .gui_page import Page
from .settings import SCALES, SPEEDS, Store, apply

# Each language by its own name, whatever the interface's language.
LANGUAGE_NAMES = {"en": "English", "fr": "français"}   # a French language name takes no capital (the menu's too)
# Changes after which the page is made again (its words, its size, the window's size).
REBUILD = ("language", "ui_scale", "fullscreen")


class SettingsPage(Page):
    def __init__(self, size: tuple[int, int], store: Store, lang: str, sides: list[tuple[str, str]] | None = None):
        """``lang``: the interface's language now (``--lang`` may differ from the file's);
        ``sides``: the battle's sides (id, name), each with its "always make their attacks of
        opportunity" switch (none from the start menu)."""
        self.store = store
        s = store.current
        self.lang = lang
        self.sides = list(sides or [])
        super().__init__(size, s.ui_scale, 560, 540 + 48 * len(self.sides))
        t = self._t
        self.label(t("SET_TITLE"), 14, "@title", height=36)
        self.button("language", t("SET_LANGUAGE", value=LANGUAGE_NAMES[lang]), 64)
        self.button("animation_speed", t("SET_ANIMATION", value=t(f"SET_SPEED_{s.animation_speed}")), 112)
        self.add("volume_label", self.label(t("SET_VOLUME", percent=round(s.volume * 100)), 160))
        self.add("volume", E.UIHorizontalSlider(self.cell(192, 30), round(s.volume * 100), (0, 100),
                                                manager=self.manager, container=self.panel, click_increment=5))
        self.button("muted", t("SET_MUTED" if s.muted else "SET_SOUND_ON"), 234)
        self.button("ui_scale", t("SET_SCALE", percent=round(s.ui_scale * 100)), 282)
        self.button("fullscreen", t("SET_FULLSCREEN", value=t("UI_YES" if s.fullscreen else "UI_NO")), 330)
        for i, (side, _name) in enumerate(self.sides):
            self.button(f"aoo:{side}", self._aoo_text(side), 378 + 48 * i)
        y = 380 + 48 * len(self.sides)
        note = t("SET_REFUSED", line=store.error.line(lang)) if store.error else t("SET_WHERE", path=str(store.path))
        self.add("note", E.UITextBox(note, self.cell(y, 86), manager=self.manager, container=self.panel))
        self.button("back", t("SET_BACK"), y + 96)

    def _t(self, code: str, **params) -> str:
        return sentence(code, params, self.lang)

    def _aoo_text(self, side: str) -> str:
        name = dict(self.sides).get(side, side)
        on = side in self.store.current.always_take_aoo
        return self._t("SET_AOO", side=name, value=self._t("UI_YES" if on else "UI_NO"))

    def handle(self, event) -> str | None:
        """The setting just changed (saved), "back", or None."""
        role = super().handle(event)
        s = self.store.current
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.widgets["volume"]:
            return self._change("volume", round(self.widgets["volume"].get_current_value()) / 100)
        if role == "language":
            self.lang = LANGUAGES[(LANGUAGES.index(self.lang) + 1) % len(LANGUAGES)]
            return self._change(role, self.lang)
        if role == "animation_speed":
            return self._change(role, SPEEDS[(SPEEDS.index(s.animation_speed) + 1) % len(SPEEDS)])
        if role == "ui_scale":
            return self._change(role, SCALES[(SCALES.index(s.ui_scale) + 1) % len(SCALES)] if s.ui_scale in SCALES
                                else SCALES[0])
        if role in ("muted", "fullscreen"):
            return self._change(role, not getattr(s, role))
        if role is not None and role.startswith("aoo:"):
            side = role.partition(":")[2]
            taken = tuple(x for x in s.always_take_aoo if x != side) if side in s.always_take_aoo else \
                (*s.always_take_aoo, side)
            self._change("always_take_aoo", taken)
            self.widgets[role].set_text(self._aoo_text(side))
            return "always_take_aoo"
        return role

    def _change(self, key: str, value) -> str:
        failed = self.store.change(**{key: value})
        s = self.store.current
        if key == "volume":
            self.widgets["volume_label"].set_text(self._t("SET_VOLUME", percent=round(s.volume * 100)))
        elif key == "muted":
            self.widgets["muted"].set_text(self._t("SET_MUTED" if s.muted else "SET_SOUND_ON"))
        elif key == "animation_speed":
            self.widgets["animation_speed"].set_text(
                self._t("SET_ANIMATION", value=self._t(f"SET_SPEED_{s.animation_speed}")))
        self.widgets["note"].set_text(self._t("SET_NOT_SAVED", line=failed.line(self.lang)) if failed
                                      else self._t("SET_SAVED", path=str(self.store.path)))
        return key


def apply_change(key: str, store: Store, thing) -> None:
    """A changed setting on the screen behind (the start menu or a battle): its language
    at once (a battle's names, its whole log, the lines made from now on), full screen,
    the animation speed and the sound where the screen has them."""
    s = store.current
    if key == "language" and hasattr(thing, "lang"):
        thing.lang = s.language
        names = getattr(thing, "names", None)
        if names is not None and hasattr(names, "lang"):
            names.lang = s.language
        if hasattr(thing, "relog"):              # the whole log in the new language (play-test)
            thing.relog()
        if hasattr(thing, "refresh") and hasattr(thing, "battle"):
            thing.refresh()
    if key == "fullscreen":
        window.set_fullscreen(s.fullscreen)
    apply(s, thing)
