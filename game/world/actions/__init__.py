"""The actions of ``act``: one module per action family, the shared parts below them
(``common``, ``gates``, ``contests``), and the dispatcher above them all (``dispatch``)."""
from __future__ import annotations

from .dispatch import ACTIONS, ON_FOOT, act, end_refusal, ends_bound, instead_refusal, play, preconditions, unconditioned

__all__ = ["ACTIONS", "ON_FOOT", "act", "end_refusal", "ends_bound", "instead_refusal", "play", "preconditions", "unconditioned"]
