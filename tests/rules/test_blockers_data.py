"""Blockers! board data (levels/blockers/board.toml): the bundled file and every validation error."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from game.rules.blockers import BOARD, load_board, parse_board

GOOD = {
    "rows": ["A", "B", "C", "D", "E", "F", "G", "H", "I"],
    "columns": 9,
    "sections": [["triangle", "cross", "star"], ["clover", "circle", "diamond"], ["moon", "heart", "square"]],
    "colours": ["red", "blue", "green", "yellow", "purple"],
    "advanced_colours": [["red", "green"], ["blue", "yellow"]],
    "rack_size": 5,
}
PATH = Path("board.toml")


def test_bundled_board_is_exactly_the_spec_data():
    assert parse_board(GOOD, PATH) == BOARD
    assert BOARD.symbols == ("triangle", "cross", "star", "clover", "circle", "diamond", "moon", "heart", "square")


def test_a_corrected_layout_is_accepted():
    data = copy.deepcopy(GOOD)
    data["sections"][0][0], data["sections"][2][2] = "square", "triangle"
    assert parse_board(data, PATH).symbols[0] == "square"


def _set(key, value):
    def mutate(data):
        data[key] = value
    return mutate


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d.pop("rack_size"), "missing key"),
    (_set("tiles", []), "unknown key"),
    (_set("rows", ["A", "B"]), "rows must be exactly"),
    (_set("columns", 8), "columns must be 9"),
    (_set("sections", [["moon"]]), "sections must be 3 lists of 3"),
    (lambda d: d["sections"][1].__setitem__(1, "moon"), "sections name moon more than once"),
    (lambda d: d["sections"][1].__setitem__(1, "Circle"), "one lower-case word"),
    (lambda d: d["sections"][1].__setitem__(1, "wild"), "a word the notation already uses"),
    (_set("colours", ["red", "blue"]), "colours must list 5"),
    (_set("colours", ["red", "red", "green", "yellow", "purple"]), "same colour twice"),
    (_set("colours", ["red", "blue", "green", "yellow", "moon"]), "both a colour and a symbol"),
    (_set("advanced_colours", [["red", "green"]]), "two lists"),
    (_set("advanced_colours", [["red", "pink"], ["blue", "yellow"]]), "'pink', which is not in colours"),
    (_set("advanced_colours", [["red", "green"], ["red", "yellow"]]), "four different colours"),
    (_set("rack_size", 0), "rack_size must be a whole number from 1 to 28"),
    (_set("rack_size", True), "rack_size"),
])
def test_bad_board_data_raises_naming_file_and_problem(mutate, message):
    data = copy.deepcopy(GOOD)
    mutate(data)
    with pytest.raises(ValueError, match=message) as info:
        parse_board(data, PATH)
    assert str(info.value).startswith("board.toml: ")


def test_unreadable_or_invalid_files_name_the_file(tmp_path):
    with pytest.raises(ValueError, match="cannot read the Blockers! board file"):
        load_board(tmp_path / "missing.toml")
    bad = tmp_path / "board.toml"
    bad.write_text("rows = [", encoding="utf-8")
    with pytest.raises(ValueError, match=f"{bad}: not valid TOML"):
        load_board(bad)
