"""Reading and validating data files and scenarios: the only layer that touches files."""
