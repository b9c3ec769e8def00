# Two commands on a fresh machine: `make play` and `make test`.
# Both create .venv and install the project on first use; later runs reuse it.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,bench]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m game play

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

bench: $(STAMP)
	$(PY) -m game bench geometry

clean:
	rm -rf $(VENV)
