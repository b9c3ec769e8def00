"""The esper world of one battle: components and the systems that use the rules."""
