"""Typed commands (issue 10, item 1): ``base`` holds the machinery and the parser,
``catalogue`` one frozen dataclass per action."""
from .base import (COMMANDS, PLAN_MANEUVERS, BadArgument, Command, ManeuverStep, MoveOn, OffHand, PlanStep, StepTo,
                   Strike, UnknownAction, legacy_arguments, parse)
from .catalogue import *  # noqa: F401,F403  (every command class)
from . import catalogue as _catalogue

__all__ = ["COMMANDS", "PLAN_MANEUVERS", "BadArgument", "Command", "ManeuverStep", "MoveOn", "OffHand", "PlanStep",
           "StepTo", "Strike", "UnknownAction", "legacy_arguments", "parse",
           *sorted(cls.__name__ for cls in COMMANDS.values())]
del _catalogue
