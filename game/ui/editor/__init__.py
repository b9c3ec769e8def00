"""The rules sandbox's editor (issue 13): build a situation, see the rules on it, save it
as a scenario, play it. ``document`` is the pure model (edits, undo, TOML); ``screen`` the
window; ``panel`` its pygame_gui side panel; ``flow`` the editor-battle round trip."""
