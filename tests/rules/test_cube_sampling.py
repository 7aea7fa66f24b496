"""The cube sampler for big block sets (4 or 5 blocks): tilings counted without listing
them agree with the listing, and samples stay uniform draws of agreeing shapes."""

from __future__ import annotations

import random

from game.rules.cube import answer, sample_consistent, sample_shape
from game.rules.cube.deduce import bad_masks, candidates, constrained_tilings, count_tilings, normalise_facts
from game.rules.cube.grid import column_mask
from game.rules.cube.shapes import resolve_pieces

FIVE = resolve_pieces(("S", "M", "L", "X", "Y"))


def test_counting_tilings_agrees_with_listing_them():
    rng = random.Random(3)
    secret = sample_shape(FIVE, rng)
    facts = normalise_facts([("H", answer(secret, "H"))])
    sampler = candidates(FIVE, facts, ())
    checked = 0
    for k in rng.sample(range(len(sampler.maps)), 60):
        region = column_mask(sampler.space.maps[sampler.maps[k]])
        bad = bad_masks(sampler.forced[k], len(FIVE))
        assert count_tilings(FIVE, region, bad) == len(constrained_tilings(FIVE, region, bad))
        checked += count_tilings(FIVE, region, bad) > 0
    assert checked, "some maps hold agreeing shapes"


def test_samples_after_a_narrow_answer_agree_with_it():
    rng = random.Random(1)
    secret = sample_shape(FIVE, rng)
    facts = [("H", answer(secret, "H"))]
    for _ in range(5):
        shape = sample_consistent(FIVE, facts, (), rng)
        assert answer(shape, "H") == answer(secret, "H")
