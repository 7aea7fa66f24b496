# Breakbox: the two set-up commands are `make play` and `make test`.
# Both create .venv on first use and install what they need.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export PYGAME_HIDE_SUPPORT_PROMPT := 1

.PHONY: play test lint dist bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.play-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[test,build]"
	touch $@ $(VENV)/.play-installed

play: $(VENV)/.play-installed
	$(PY) -m game

test: $(VENV)/.test-installed
	$(VENV)/bin/ruff check .
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

lint: $(VENV)/.test-installed
	$(VENV)/bin/ruff check .

dist: $(VENV)/.test-installed
	$(PY) build/build.py

clean:
	rm -rf dist .pyinstaller-work .pytest_cache .ruff_cache
