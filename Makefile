# Breakbox: the two set-up commands are `make play` and `make test`.
# Both create .venv on first use and install what they need.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export PYGAME_HIDE_SUPPORT_PROMPT := 1

.PHONY: play test lint dist bench clean

# A venv made by a Python too old, or left half made (Debian/Ubuntu without python3-venv),
# would stay in the way of every later run: check first, and remove what a failure leaves.
$(PY):
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
	  echo "Breakbox needs Python 3.11 or newer, and '$(PYTHON)' is older or missing: run 'make play PYTHON=python3.11' (or the name of a newer one)" >&2; exit 1; }
	@echo "$(PYTHON) -m venv $(VENV)"
	@$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); echo "Could not create $(VENV) (on Debian/Ubuntu: sudo apt install python3-venv), then run make again" >&2; exit 1; }
	@echo "$(PY) -m pip install --quiet --upgrade pip"
	@$(PY) -m pip install --quiet --upgrade pip || { rm -rf $(VENV); exit 1; }

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
