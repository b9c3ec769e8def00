# Two commands on a fresh machine: `make play` and `make test`.
# Both create .venv and install the project on first use; later runs reuse it.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test lint bench clean

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

clean:
	rm -rf $(VENV)
