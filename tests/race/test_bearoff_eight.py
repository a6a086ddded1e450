"""Two-sided tables beyond six checkers: pairs of seven and eight checkers against the
independent brute force (tests/race/brute_bearoff.py) on seeded samples, and (slow) the table of
up to eight checkers a side checked against the brute force and against the six-checker table
on every pair they share."""

from __future__ import annotations

import random

import pytest

from exactcube.race.bearoff import twosided as ts
from exactcube.race.bearoff.positions import key_of

from . import brute_bearoff as brute


def _sample(checkers, max_pips, k, seed):
    """``k`` seeded pairs of positions with exactly ``checkers`` checkers and at most ``max_pips`` pips
    (small enough for the brute force's memoised recursion)."""
    ps = [p for p in brute.all_positions(checkers) if sum(p) == checkers
          and sum((i + 1) * c for i, c in enumerate(p)) <= max_pips]
    rng = random.Random(seed)
    return [(rng.choice(ps), rng.choice(ps)) for _ in range(k)]


def _agree(e, x, y):
    assert e.win == brute.win(x, y), (x, y)
    for cube in ("centred", "mine", "theirs"):
        assert e.equity(cube) == brute.cubeful(x, y, cube), (x, y, cube)


@pytest.mark.parametrize("checkers", [7, 8])
def test_seven_and_eight_checkers_against_brute_force(checkers):
    for x, y in _sample(checkers, 12, 6, seed=23 + checkers):
        _agree(ts.build(keys=[key_of(x), key_of(y)]).entry(x, y), x, y)


def test_full_tables_go_up_to_eight_checkers():
    with pytest.raises(Exception, match="1 to 8"):
        ts.build(9)


@pytest.mark.slow
def test_eight_checker_table_against_brute_force_and_six_checker_table():
    """The cached eight-checker table (built once if absent: minutes of CPU) against the brute force
    on seeded samples of 7 and 8 checkers, and equal to the six-checker table on all its pairs."""
    import numpy as np

    from exactcube.race.bearoff import cache

    folder = cache.cache_dir()
    eight = cache.two_sided_table(folder, 8)
    for c in (7, 8):
        for x, y in _sample(c, 14, 10, seed=c):
            _agree(eight.entry(x, y), x, y)
    six = ts.build(6)
    rows = np.array([eight.index[k] for k in six.keys])
    part = ts.TwoSided(six.keys, eight.tau, {name: eight.fields[name][:, rows][:, :, rows] for name in eight.fields})
    for name in ("P", "NC", "NO", "NT"):  # equal values: v8 * 36^tau8 * 36^tau6 == v6 * 36^tau6 * 36^tau8
        assert (part.objects(name) * six.scale == six.objects(name) * eight.scale).all(), name
