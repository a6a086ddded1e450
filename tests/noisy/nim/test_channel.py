"""The channel kernel of (5) (exactcube.noisy.nim.channel) against brute force: distances by counting the
differing digits one by one, grades by listing the words, the Kronecker transform against the explicit
2^k x 2^k matrix of Example 3's weights."""

from itertools import product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exactcube.noisy.nim import channel as ch
from exactcube.numbers import mpq


def _d(m, r):
    # the digits that differ, counted one at a time (independent of popcounts and int.bit_count)
    d = 0
    while m or r:
        d += (m & 1) != (r & 1)
        m, r = m >> 1, r >> 1
    return d


@settings(max_examples=80, deadline=None)
@given(n=st.integers(1, 5000), data=st.data())
def test_distances_and_grades_against_brute_force(n, data):
    m = data.draw(st.integers(0, n - 1))
    ds = [_d(m, r) for r in range(n)]
    assert ch.distances_from(m, n).tolist() == ds
    assert ch.distance(m, n - 1) == _d(m, n - 1)
    k = ch.word_length(n)
    assert ch.grade_counts(n, m) == [ds.count(d) for d in range(k + 1)]
    vals = [mpq(r + 1, 7) for r in range(n)]
    G, c = ch.grade_sums(n, m, vals, mpq(0))
    assert c == [ds.count(d) for d in range(k + 1)]
    assert G == [sum((vals[r] for r in range(n) if ds[r] == d), mpq(0)) for d in range(k + 1)]


@pytest.mark.parametrize("n", [1, 2, 3, 7, 8, 33])
def test_distance_matrix(n):
    assert ch.distance_matrix(n).tolist() == [[_d(m, r) for r in range(n)] for m in range(n)]


@pytest.mark.parametrize("k", [1, 2, 3, 5])
def test_kronecker_transform_is_the_weight_matrix(k):
    # W(m, r) = a^d c^(k - d) (Example 3 with eps = a/b, c = b - a), written out entry by entry
    a, c = 3, 7
    W = np.array([[a ** _d(m, r) * c ** (k - _d(m, r)) for r in range(1 << k)] for m in range(1 << k)])
    x = np.array([r * r + 1 for r in range(1 << k)], dtype=np.int64)
    assert ch.kron_apply(x, k, c, a).tolist() == (W @ x).tolist()
    assert ch.kron_apply_seq(x.tolist(), k, c, a) == (W @ x).tolist()


def test_farthest_words_at_eps_one():
    # the legal words at the largest distance from m, by search over every word
    for n, m in product(range(1, 40), range(0, 40)):
        if m >= n:
            continue
        words, far = ch.farthest_words(n, np.array([m]), ch.popcounts(64))
        dmax = max(_d(m, r) for r in range(n))
        assert sorted(int(w) for w in words[far[:, 0], 0]) == [r for r in range(n) if _d(m, r) == dmax]
