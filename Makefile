# Two commands on a fresh machine: `make play` and `make test`.
# Both create .venv and install the project on first use; later runs reuse it.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test lint bench simulate-check simulate-balance clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,bench]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m game play

test: lint
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

# The house's habits (design/architecture.md): imports point down (the contracts in
# pyproject.toml), ruff's pycodestyle/pyflakes/bugbear rules, the pure rules typed strictly.
lint: $(STAMP)
	$(VENV)/bin/lint-imports
	$(VENV)/bin/ruff check game tests
	$(VENV)/bin/mypy

# The speed figures the README records (each prints JSON).
bench: $(STAMP)
	$(PY) -m game bench geometry
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m game bench ui
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m game bench engine
	$(PY) -m game bench ai

# The computer players' long run (issue 12): 200 seeded battles a match-up over every
# shipped map, in two processes; prints JSON and fails when a target is missed.
simulate-check: $(STAMP)
	$(PY) -m game.simulate.check --battles 200 --workers 2

# A map maker's question: is each shipped map fair? 20 seeded battles a map, the scripted
# player on every side; prints each map's wins by side (JSON).
simulate-balance: $(STAMP)
	$(PY) -m game.simulate.check --balance scripted --battles 20 --workers 2

clean:
	rm -rf $(VENV)
