"""Computer players: they see the battle only through the engine's faces (``options``,
``views``, ``check``, ``preview``, ``odds``) and tell it with ``act``."""
