"""The window: pygame-ce drawing and input. Nothing below imports from here."""
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
