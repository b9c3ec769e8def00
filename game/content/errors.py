"""A file that cannot be read, named with where and what (``game.data.errors``, shared
with the data tables)."""
from ..data.errors import ContentError

__all__ = ["ContentError"]
