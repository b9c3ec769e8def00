"""The bestiary and heroes list of the sandbox filters as one types (issue 13, newcomer
play-test): letters typed into the search entry by posted events leave in the template
drop-down only the templates whose name (in the interface's language) or id holds them,
accents and case aside; the chosen template follows; a search that matches nothing says
so; erasing it brings every template back."""
from __future__ import annotations

import unicodedata

import pygame
import pytest

from game.data import bestiary
from tests.ui.editor_driver import click, click_square, opened, pump, widget

@pytest.fixture
def ed():
    with opened(lang="fr") as editor:
        yield editor


def typed(ed, letters: str) -> None:
    for letter in letters:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
        pump(ed)


def backspace(ed, times: int) -> None:
    for _ in range(times):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
        pump(ed)


def listed(ed) -> list[str]:
    return [tid for _text, tid in widget(ed, "template").options_list]


def plain(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def holding(words: str) -> list[str]:
    """The templates whose French name or id holds every word (worked out apart from the panel)."""
    return [tid for tid, e in bestiary.templates().items()
            if all(w in plain(f"{e.get('name_fr') or e.get('name_en') or tid} {tid}") for w in plain(words).split())]


def test_typing_filters_the_template_list_letter_by_letter(ed):
    every = listed(ed)
    assert len(every) == len(bestiary.templates()) > 20
    click(ed, widget(ed, "search").rect.center)
    typed(ed, "lou")
    assert listed(ed) == holding("lou") and 0 < len(listed(ed)) < len(every)
    assert ed.template in listed(ed)                              # the creature to place is one of them
    typed(ed, "p sanguinaire")
    assert listed(ed) == holding("loup sanguinaire") == ["dire_wolf"]
    assert ed.template == "dire_wolf"
    click(ed, widget(ed, "template").rect.center)                 # opened, the list shows only it
    shown = widget(ed, "template").current_state.options_selection_list
    assert [item["object_id"] for item in shown.item_list] == ["dire_wolf"]
    click(ed, widget(ed, "template").rect.center)
    ed.tool = "place"
    click_square(ed, (10, 5))
    assert any(c.template == "dire_wolf" and c.at == (10, 5) for c in ed.doc.scenario.creatures)


def test_accents_and_case_aside_and_a_search_without_match(ed):
    click(ed, widget(ed, "search").rect.center)
    typed(ed, "SQUELETTE")
    assert listed(ed) == holding("squelette") and listed(ed)
    backspace(ed, 9)
    typed(ed, "zzzq")
    assert listed(ed) == [""] and widget(ed, "template").selected_option[0] == "(aucune créature)"
    kept = ed.template
    backspace(ed, 4)
    assert len(listed(ed)) == len(bestiary.templates()) and ed.template == kept
