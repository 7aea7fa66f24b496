"""Break the Cube shapes: the data file, placements, the enumerator's exact counts (checked
against an independent brute force), notation, answers, answer tables and the samplers
behind determinize."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product
from pathlib import Path

import pytest

from game.paths import level_file
from game.rules.cube import (
    QUESTIONS,
    answer,
    answer_table,
    answers_for,
    check_shape,
    consistent_shapes,
    enumerate_shapes,
    format_shape,
    iter_shapes,
    load_data,
    mask_cubes,
    parse_shape,
    placements,
    positions_mask,
    sample_consistent,
    sample_shape,
    shape_count,
    shape_positions,
    shape_space,
)
from game.rules.cube.answers import filter_shapes
from game.rules.cube.data import DATA
from game.rules.cube.deduce import SolverCandidates, TableCandidates
from game.rules.cube.grid import column_mask
from game.rules.cube.shapes import ShapeError
from game.rules.cube.space import SYMMETRIES, canonical_map, tilings

COUNTS = {3: 19_272, 4: 279_000, 5: 5_155_392}
OPPOSITE = {"A": "I", "B": "H", "C": "G", "D": "L", "E": "K", "F": "J"}


# --- an independent model: cubes as (x, y, z) sets, every signed permutation --------------------

def naive_placements(cubes):
    """Every placement from all 48 signed permutations (rotations and reflections): for
    flat pieces the reflections add nothing, which is what CU-3 says."""
    out = set()
    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        for signs in product((1, -1), repeat=3):
            moved = [tuple(signs[i] * c[perm[i]] for i in range(3)) for c in cubes]
            low = [min(c[i] for c in moved) for i in range(3)]
            moved = [tuple(c[i] - low[i] for i in range(3)) for c in moved]
            for dx, dy, dz in product(range(3), repeat=3):
                shifted = frozenset((x + dx, y + dy, z + dz) for x, y, z in moved)
                if all(max(c) <= 2 for c in shifted):
                    out.add(shifted)
    return out


def naive_legal(occupied):
    """CU-4 items 4 and 5 on a set of (x, y, z) cubes, written the long way."""
    supported = all(z == 0 or (x, y, z - 1) in occupied for x, y, z in occupied)
    return supported and any(z > 0 for _, _, z in occupied)


def to_cubes(shape):
    return {pid: frozenset(mask_cubes(mask)) for pid, mask in shape}


def naive_answer(shape, q):
    """Answers from a 3-D dict of cubes and the letter table, with no height maps."""
    grid = {cube: pid for pid, cubes in to_cubes(shape).items() for cube in cubes}
    xy = lambda cell: ((cell - 1) % 3, (cell - 1) // 3)  # noqa: E731
    if q.isdigit():
        x, y = xy(int(q))
        return next((grid[(x, y, z)] for z in (2, 1, 0) if (x, y, z) in grid), None)
    out = []
    for z in range(3):
        seen = None
        for cell in DATA.letters[q]:
            if (*xy(cell), z) in grid:
                seen = grid[(*xy(cell), z)]
                break
        out.append(seen)
    return out


def brute_force(pieces):
    """Every legal shape of a set, by trying every combination of placements."""
    options = [naive_placements(DATA.pieces[pid].cubes) for pid in pieces]
    found = set()
    for combo in product(*options):
        occupied = frozenset().union(*combo)
        if len(occupied) == sum(len(c) for c in combo) and naive_legal(occupied):
            found.add(tuple(zip(pieces, combo, strict=True)))
    return found


def brute_force_standard():
    """The S M L brute force with bitmasks (a layout of its own: bit 9z + 3y + x)."""
    def mask(cubes):
        return sum(1 << (9 * z + 3 * y + x) for x, y, z in cubes)
    small, medium, large = ([mask(c) for c in naive_placements(DATA.pieces[pid].cubes)] for pid in "SML")
    legal: dict[int, bool] = {}
    found = set()
    for a in small:
        for b in medium:
            if a & b:
                continue
            ab = a | b
            for c in large:
                if ab & c:
                    continue
                occ = ab | c
                ok = legal.get(occ)
                if ok is None:
                    cubes = {(i % 3, i // 3 % 3, i // 9) for i in range(27) if occ >> i & 1}
                    ok = legal[occ] = naive_legal(cubes)
                if ok:
                    found.add((a, b, c))
    return found, mask


# --- data --------------------------------------------------------------------------------------

def test_data_file_matches_cu_3():
    assert DATA.sets == {3: ("S", "M", "L"), 4: ("S", "M", "L", "X"), 5: ("S", "M", "L", "X", "Y")}
    assert [p.colour for p in DATA.pieces.values()] == ["#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#F0E442"]
    assert [p.name for p in DATA.pieces.values()][:3] == ["small", "medium", "large"]
    assert load_data() == DATA


BASE = level_file("cube", "pieces.toml").read_text()


@pytest.mark.parametrize(("old", "new", "problem"), [
    ('colour = "#E69F00"', 'colour = "orange"', 'piece S: colour must look like "#rrggbb"'),
    ("cubes = [[0, 0, 0], [1, 0, 0]]\n", "cubes = [[0, 0, 0], [3, 0, 0]]\n", r"cube \[3, 0, 0\] must be"),
    ("cubes = [[0, 0, 0], [1, 0, 0]]\n", "cubes = [[0, 0, 0], [2, 0, 0]]\n", "not form one connected block"),
    ("cubes = [[0, 0, 0], [1, 0, 0]]\n", "cubes = [[0, 0, 0], [0, 0, 0]]\n", "a cube is listed twice"),
    ('name = "small"\n', "", "piece S is missing name"),
    ('3 = ["S", "M", "L"]', '3 = ["S", "M"]', "sets: 3 must list 3 pieces, not 2"),
    ('4 = ["S", "M", "L", "X"]', '4 = ["S", "M", "L", "Z"]', "sets: 4 names unknown piece"),
    ('3 = ["S", "M", "L"]\n', "", "sets must define 3"),
    ('3 = ["S", "M", "L"]', '"\u00b3" = ["S", "M", "L"]', "sets: key '\u00b3' must be the number of blocks"),
    ("A = [1, 4, 7]", "A = [1, 5, 9]", "letters: A = .* is not one row or column"),
    ("L = [1, 2, 3]", "L = [1, 2]", "letters: L must list 3 cells"),
    ("L = [1, 2, 3]\n", "", "letters is missing L"),
    ("[letters]", "[letterz]", "the file is missing letters"),
    ("[sets]", "shade = 1\n[sets]", "piece Y has unknown key"),
    ("[pieces.S]", "[pieces.S", "not valid TOML"),
])
def test_data_file_errors_name_the_file_and_problem(tmp_path: Path, old, new, problem):
    assert old in BASE
    path = tmp_path / "pieces.toml"
    path.write_text(BASE.replace(old, new, 1))
    with pytest.raises(ValueError, match=problem) as info:
        load_data(path)
    assert str(path) in str(info.value)


def test_missing_data_file_is_a_clear_error(tmp_path: Path):
    with pytest.raises(ValueError, match="cannot read the Break the Cube pieces file"):
        load_data(tmp_path / "none.toml")


# --- placements and enumeration ------------------------------------------------------------------

def test_placements_match_every_rotation_and_reflection():
    for pid, piece in DATA.pieces.items():
        engine = {frozenset(mask_cubes(m)) for m in placements(pid)}
        assert engine == naive_placements(piece.cubes)
    # the builder UI finds a dragged block's placement from its positions
    assert positions_mask([(4, 1), (5, 1), (7, 1)]) in placements("M")
    assert positions_mask([(1, 1), (2, 1), (3, 1)]) not in placements("M")


def test_pairs_of_blocks_count_like_a_brute_force():
    for pieces in (("S", "M"), ("S", "L"), ("M", "L"), ("S", "X")):
        found = brute_force(pieces)
        space = shape_space(pieces)
        assert len(space) == len(found)
        assert {tuple((pid, frozenset(c)) for pid, c in to_cubes(s).items()) for s in space} == found


def test_standard_set_is_exactly_the_brute_force_set():
    shapes = enumerate_shapes()
    assert len(shapes) == COUNTS[3] == shape_count(3) == len(set(shapes))
    found, mask = brute_force_standard()
    assert len(found) == COUNTS[3]
    ours = {tuple(mask(to_cubes(s)[pid]) for pid in "SML") for s in shapes}
    assert ours == found


def test_every_standard_shape_passes_check_shape_and_round_trips():
    for shape in enumerate_shapes():
        assert check_shape(shape, 3) is None
    for shape in enumerate_shapes()[::37]:
        text = format_shape(shape)
        assert parse_shape(text) == shape
        assert parse_shape(text.lower().replace(",", " , "), 3) == shape
        assert format_shape(parse_shape(" ".join(reversed(text.split())))) == text


def test_bigger_sets_count_consistently_and_index_lazily():
    rng = random.Random(5)
    for blocks in (4, 5):
        space = shape_space(blocks)
        assert len(space) == COUNTS[blocks] == sum(space.map_counts)
        # the counting shortcuts (symmetry, identical pieces) agree with labelled tiling
        for m in rng.sample(range(len(space.maps)), 60):
            assert len(space.tilings(m)) == space.map_counts[m]
        for i in [0, len(space) - 1, *rng.sample(range(len(space)), 40)]:
            shape = space[i]
            assert check_shape(shape, blocks) is None and shape in space
            assert space.index(shape) == i
        assert check_shape(sample_shape(blocks, rng), blocks) is None
    with pytest.raises(ValueError, match="5,155,392 shapes"):
        enumerate_shapes(5)
    first = list(zip(range(50), iter_shapes(5), strict=False))
    assert [s for _, s in first] == shape_space(5)[:50]


def test_symmetric_height_maps_have_as_many_shapes():
    space = shape_space(3)
    rng = random.Random(1)
    for m in rng.sample(range(len(space.maps)), 40):
        hmap = space.maps[m]
        for perm in SYMMETRIES:
            image = tuple(hmap[p] for p in perm)
            assert canonical_map(image) == canonical_map(hmap)
            assert len(tilings(space.pieces, column_mask(image))) == space.map_counts[m]


@pytest.mark.parametrize("text", ["", "S", "S:", "S:5", "S:5.", "S:a.1", "S:5.1;5.2", "S:5.1,,5.2", "SM:5.1"])
def test_shape_grammar_errors(text):
    with pytest.raises(ShapeError):
        parse_shape(text)
    assert check_shape(text) is not None


def test_parse_shape_infers_the_set_and_positions_read_back():
    q = parse_shape("S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1 X:7.1,7.2")
    assert [pid for pid, _ in q] == ["S", "M", "L", "X"]
    assert shape_positions(q)["X"] == ((7, 1), (7, 2))
    with pytest.raises(ShapeError, match="missing block L"):
        parse_shape("S:5.1,5.2 M:1.1,2.1,4.1")
    with pytest.raises(ShapeError, match="missing block X"):
        parse_shape("S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1", 4)
    with pytest.raises(ValueError, match="no set of 6 blocks"):
        parse_shape("S:5.1,5.2", 6)


# --- answers ---------------------------------------------------------------------------------------

def test_hand_built_shapes_answer_from_every_side():
    tower = parse_shape("S:9.2,9.3 M:8.1,9.1,6.1 L:1.1,2.1,3.1,4.1")
    assert answer(tower, 9) == "S" and answer(tower, 6) == "M" and answer(tower, 5) is None
    assert answer(tower, "F") == ["M", "S", "S"]  # from the right: 9 is nearest on every level
    assert answer(tower, "D") == ["L", None, None]  # from the right along row 1
    assert answer(tower, "H") == ["M", None, None]  # from the bottom along column 2
    assert answer(tower, "C") == ["L", "S", "S"]  # from the top: 3 hides 6 and 9 on level 1
    stairs = parse_shape("S:1.3,2.3 M:1.2,2.2,4.2 L:1.1,2.1,3.1,4.1")
    assert [answer(stairs, c) for c in "1234"] == ["S", "S", "L", "M"]
    assert answer(stairs, "I") == ["L", "M", "S"]
    assert answer(stairs, "K") == ["L", "M", None]
    with pytest.raises(ValueError, match="ask takes 1-9 or A-L"):
        answer(stairs, "M")


def test_random_shapes_answer_consistently_from_every_side():
    rng = random.Random(11)
    for blocks in (3, 4, 5):
        space = shape_space(blocks)
        for _ in range(150):
            shape = space[rng.randrange(len(space))]
            cubes = {c for cs in to_cubes(shape).values() for c in cs}
            replies = {q: answer(shape, q) for q in QUESTIONS}
            for q in QUESTIONS:
                assert replies[q] == naive_answer(shape, q)
            # the top view sees something exactly where a column is occupied
            for cell in range(1, 10):
                x, y = (cell - 1) % 3, (cell - 1) // 3
                assert (replies[str(cell)] is None) == all((x, y, z) not in cubes for z in range(3))
            # opposite letters look along the same cells: they see something on the same levels
            for a, b in OPPOSITE.items():
                assert [v is None for v in replies[a]] == [v is None for v in replies[b]]
            # a level of a side view is empty exactly when the line holds no cube there
            for q in "ABCDEFGHIJKL":
                line = [((c - 1) % 3, (c - 1) // 3) for c in DATA.letters[q]]
                for z in range(3):
                    assert (replies[q][z] is None) == all((x, y, z) not in cubes for x, y in line)
            # the top view shows the piece of the highest cube
            assert set(filter(None, (replies[str(c)] for c in range(1, 10)))) <= set(space.pieces)


def test_answer_table_agrees_with_answer_and_filters_in_one_step():
    table = answer_table()
    shapes = enumerate_shapes()
    rng = random.Random(3)
    for i in rng.sample(range(len(shapes)), 300):
        for q in QUESTIONS:
            assert table.decode(q, table.column(q)[i]) == answer(shapes[i], q)
    bits = table.matching("5", "S")
    chosen = table.shapes(bits)
    assert chosen == filter_shapes(shapes, "5", "S")
    assert 0 < len(chosen) < len(shapes)
    assert answers_for(chosen[:50], 5) == ["S"] * 50
    e = table.matching("E", ["L", "S", None])
    assert table.shapes(bits & e) == filter_shapes(chosen, "E", ("L", "S", None))
    assert table.matching("5", "Y") == 0


# --- the samplers behind determinize ---------------------------------------------------------------

def facts_of(shape, questions):
    return [(q, answer(shape, q)) for q in questions]


def test_solver_and_table_find_the_same_consistent_shapes():
    rng = random.Random(8)
    shapes = enumerate_shapes()
    for _ in range(12):
        secret = rng.choice(shapes)
        facts = facts_of(secret, rng.sample(QUESTIONS, rng.randint(1, 5)))
        wrong = [(rng.choice(shapes), False) for _ in range(2)]
        table = consistent_shapes(3, facts, wrong, solver=False)
        assert table == consistent_shapes(3, facts, wrong, solver=True)
        assert secret in table
        assert all(s not in table for s, _ in wrong if s != secret)
        assert table == [s for s in shapes if all(answer(s, q) == a for q, a in facts)
                         and all(s != w for w, _ in wrong)]
    assert consistent_shapes(3, [("5", "S")], [(secret, True)]) == [secret]


def test_samplers_are_uniform_over_a_small_consistent_set():
    secret = parse_shape("S:5.2,6.2 M:4.1,5.1,7.1 L:3.1,6.1,8.1,9.1")
    facts = facts_of(secret, ["5", "1", "3", "J", "E"])
    pool = consistent_shapes(3, facts)
    assert 2 <= len(pool) <= 30 and secret in pool
    space = shape_space(3)
    from game.rules.cube.deduce import normalise_facts
    for sampler in (TableCandidates(space, normalise_facts(facts), ()),
                    SolverCandidates(space, normalise_facts(facts), frozenset())):
        rng = random.Random(2)
        drawn = Counter(sampler.sample(rng) for _ in range(60 * len(pool)))
        assert set(drawn) == set(pool)
        assert min(drawn.values()) > 25 and max(drawn.values()) < 100  # expected 60 each
    assert sample_consistent(3, facts, [], random.Random(0)) in pool


def test_solver_rejection_stage_is_unbiased():
    """Few facts: the solver samples by rejection; the share of a property matches the exact one."""
    space = shape_space(3)
    from game.rules.cube.deduce import normalise_facts
    facts = normalise_facts([("5", None)])
    pool = consistent_shapes(3, facts)
    exact = sum(answer(s, "1") == "L" for s in pool) / len(pool)
    sampler = SolverCandidates(space, facts, frozenset())
    rng = random.Random(4)
    n = 3000
    hits = sum(answer(sampler.sample(rng), "1") == "L" for _ in range(n))
    assert sampler._exact is None  # never needed the exhaustive count
    sigma = (exact * (1 - exact) / n) ** 0.5
    assert abs(hits / n - exact) < 4 * sigma


def test_big_set_samples_agree_with_their_facts():
    rng = random.Random(6)
    for blocks in (4, 5):
        secret = sample_shape(blocks, rng)
        facts = facts_of(secret, rng.sample(QUESTIONS, 6))
        for _ in range(5):
            drawn = sample_consistent(blocks, facts, [], rng)
            assert check_shape(drawn, blocks) is None
            assert all(answer(drawn, q) == a for q, a in facts)


def test_parsed_shapes_are_remembered_and_illegal_ones_still_refused():
    from game.rules.cube import ShapeError, parse_shape
    text = "S:5.2,6.2 M:4.1,5.1,7.1 L:3.1,6.1,8.1,9.1"
    first = parse_shape(text, ("S", "M", "L"))
    assert parse_shape(text, ["S", "M", "L"]) is first
    assert parse_shape(text) == first
    for _ in range(2):
        with pytest.raises(ShapeError):
            parse_shape("S:5.3,6.3 M:4.1,5.1,7.1 L:3.1,6.1,8.1,9.1", ("S", "M", "L"))
