"""Bearoff positions, plays, the gnubg index, and the exact one-sided distributions.

Independent references: hand calculations (stated beside each value), the combinatorial
count of positions, and GNU Backgammon's one-sided file gnubg_os0.bd at its printed
precision (16-bit words over 65535), read when the Debian package gnubg-data is installed.
"""

from __future__ import annotations

import random
from math import comb

import pytest

from exactcube.errors import BadInput
from exactcube.numbers import mpq
from exactcube.race.bearoff import gnubgfiles as gf
from exactcube.race.bearoff import onesided as os_
from exactcube.race.bearoff import positions as P


def K(*counts):
    return P.key_of(counts)


# ------------------------------------------------------------------ index


@pytest.mark.parametrize("C", [1, 2, 6, 15])
def test_index_is_a_bijection_onto_the_binomial_range(C):
    # number of ways to put at most C checkers on 6 points = C(C+6, 6) (stars and bars)
    keys = P.positions(C)
    assert len(keys) == comb(C + 6, 6) and len(set(keys)) == len(keys)
    assert all(P.gnubg_index(P.counts_of(k), C) == i for i, k in enumerate(keys))


@pytest.mark.parametrize("counts, C, index", [
    pytest.param((0, 0, 0, 0, 0, 0), 15, 0, id="empty"),
    # first positions of the combinatorial order: one checker on point 1, then point 2, ...
    pytest.param((1, 0, 0, 0, 0, 0), 15, 1, id="one on 1"),
    pytest.param((0, 1, 0, 0, 0, 0), 15, 2, id="one on 2"),
    pytest.param((0, 0, 0, 0, 0, 1), 15, 6, id="one on 6"),
    pytest.param((2, 0, 0, 0, 0, 0), 15, 7, id="two on 1"),
    # last position: all C checkers on the 6 point
    pytest.param((0, 0, 0, 0, 0, 15), 15, 54263, id="15 on 6"),
    pytest.param((0, 0, 0, 0, 0, 6), 6, 923, id="6 on 6"),
])
def test_index_values(counts, C, index):
    # positions ordered by number of checkers, then colex on the points (hand enumeration)
    assert P.gnubg_index(counts, C) == index


def test_every_play_lowers_the_index():
    assert P.check_index_order(6) == 923 * 21


# ------------------------------------------------------------------ plays


@pytest.mark.parametrize("counts, roll, after", [
    # one checker on 6, 2-1: 6->4->3 or 6->5->3; only the 3 point
    pytest.param((0, 0, 0, 0, 0, 1), (2, 1), [(0, 0, 1, 0, 0, 0)], id="6 with 21"),
    # one checker on 6, 6-5: the 6 bears it off and the 5 cannot be played: game over
    pytest.param((0, 0, 0, 0, 0, 1), (6, 5), [(0,) * 6], id="6 with 65"),
    # one checker on 6, 1-1: four single steps to the 2 point
    pytest.param((0, 0, 0, 0, 0, 1), (1, 1), [(0, 1, 0, 0, 0, 0)], id="6 with 11"),
    # checkers on 1 and 4, roll 6-5: larger dice than the highest point bear off from it
    pytest.param((1, 0, 0, 1, 0, 0), (6, 5), [(0,) * 6], id="14 with 65"),
    # checkers on 2 and 5, roll 4-1.  4 first: 5->1 (the 2 may not bear off with a 4 while
    # the 5 is occupied), then the 1: 1->off or 2->1.  1 first: 5->4 then 4->off; or 2->1
    # then 5->1.  Results: {one on 2} and {two on 1}.
    pytest.param((0, 1, 0, 0, 1, 0), (4, 1), [(0, 1, 0, 0, 0, 0), (2, 0, 0, 0, 0, 0)], id="25 with 41"),
])
def test_plays_by_hand(counts, roll, after):
    got = sorted(P.counts_of(k) for k in P.plays(P.key_of(counts), roll))
    assert got == sorted(after)


def test_larger_die_bears_off_only_from_the_highest_point():
    # checkers on 1 and 3, a 5: only the checker on 3 may be borne off
    assert sorted(P.counts_of(k) for k in P.die_moves(K(1, 0, 1, 0, 0, 0), 5)) == [(1, 0, 0, 0, 0, 0)]


@pytest.mark.parametrize("text", ["0 0 2 3 1", "a b c d e f", "0 0 0 0 0 16", "8 8 0 0 0 0", "-1 0 0 0 0 0"])
def test_parse_position_rejects(text):
    with pytest.raises(BadInput):
        P.parse_position(text)


# ------------------------------------------------------------------ one-sided


@pytest.mark.parametrize("counts, probs", [
    # one checker on the 1 point: off in one roll
    pytest.param((1, 0, 0, 0, 0, 0), [0, 1], id="1"),
    # one on 6: misses only with 1-1, 2-1, 3-1, 4-1, 3-2 (9 of 36), then is on 1..3 and gets off
    pytest.param((0, 0, 0, 0, 0, 1), [0, mpq(27, 36), mpq(9, 36)], id="6"),
    # two on 1: every roll bears both off
    pytest.param((2, 0, 0, 0, 0, 0), [0, 1], id="11"),
    # one on 2: every roll gets it off
    pytest.param((0, 1, 0, 0, 0, 0), [0, 1], id="2"),
    # two on 6: only 3-3, 4-4, 5-5, 6-6 (4/36) move 12 pips with both off; every other roll
    # leaves checkers that the next roll bears off except ... (sum checked below)
])
def test_one_sided_by_hand(counts, probs):
    d = os_.distribution(counts)
    assert [d.probability(k) for k in range(len(probs))] == [mpq(p) for p in probs]
    assert sum(d.probabilities) == 1


def test_two_on_six_first_roll():
    # doubles 3-3..6-6 only: 4/36
    assert os_.distribution((0, 0, 0, 0, 0, 2)).probability(1) == mpq(4, 36)


def test_mean_matches_distribution_and_sums_to_one():
    t = os_.one_sided(6).build()
    for i in range(1, len(t.keys), 37):
        d = t.num[i]
        probs = [mpq(a, 36**k) for k, a in enumerate(d)]
        assert sum(probs) == 1
        # the mean is propagated by its own recurrence; it must equal sum k P(N = k)
        assert sum(k * p for k, p in enumerate(probs)) == t.mean[i]


def test_small_table_agrees_with_fifteen_checker_table():
    small = os_.one_sided(6).build()
    big = os_.OneSided(15).build(200)
    for i in range(1, 200):
        k = big.keys[i]
        assert big.num[i] == small.num[small.index[k]]


def _index_order(table):
    """Reference: every position solved one by one in index order by the plain recursion
    (OneSided._solve, the build before the vectorised one)."""
    for i in range(1, len(table.keys)):
        if table.num[i] is None:
            table._solve(i)
    return table


def _same_tables(fast, ref):
    assert fast.choice == ref.choice
    assert fast.num == ref.num
    assert fast.mean == ref.mean
    assert fast.ties == ref.ties


@pytest.mark.parametrize("C", [4, 7])
def test_build_by_pips_equals_the_recursion_in_index_order(C):
    """The vectorised build (all positions of one pip count at once, float-screened minima)
    gives the same distributions, exact means, chosen plays and tie count as the plain
    recursion in index order."""
    _same_tables(os_.OneSided(C).build_by_pips(), _index_order(os_.OneSided(C)))


def test_build_by_pips_after_some_positions_were_solved_one_by_one():
    """Positions solved first by a query (solve_from, index order) are kept, and the rest is
    built around them: still the same tables."""
    t = os_.OneSided(7)
    t.solve_from(K(0, 1, 2, 0, 1, 1))
    t.solve_from(K(3, 0, 0, 0, 0, 2))
    assert 1 < sum(n is not None for n in t.num) < len(t.keys) // 4
    _same_tables(t.build_by_pips(), _index_order(os_.OneSided(7)))


def test_build_by_pips_decided_exactly_when_the_screen_keeps_every_play(monkeypatch):
    """With a float screen that drops nothing, every minimum over different distributions is
    decided by the exact means (and the smallest index on exact ties): the same tables."""
    monkeypatch.setattr(os_, "_SCREEN", 100.0)
    _same_tables(os_.OneSided(5).build_by_pips(), _index_order(os_.OneSided(5)))


def test_build_by_pips_screened_in_small_chunks(monkeypatch):
    """Screening the candidates a few columns at a time (the memory bound of the 15-checker build)
    changes nothing: the same tables as the plain recursion."""
    monkeypatch.setattr(os_, "_CHUNK", 5)
    _same_tables(os_.OneSided(6).build_by_pips(), _index_order(os_.OneSided(6)))


def test_packed_numerators_are_read_back_checked():
    """A distribution is packed as sum_k a_k 2^(k w) (w = SLOT_BITS) and read back only when every
    a_k fits its slot.  By hand: a side that surely needs exactly k rolls has a_k = 36^k and nothing
    else; 36^16 < 2^83 fits an 84-bit slot, 36^17 > 2^87 does not, and its carry must be caught,
    not read as another distribution."""
    w = os_.SLOT_BITS
    assert w == 84
    assert os_.unpack(36**16 << (16 * w)) == (0,) * 16 + (36**16,)
    assert os_.unpack((35 << w) + (36 << (2 * w))) == (0, 35, 36)  # 35/36 + 36/36^2 = 1
    with pytest.raises(AssertionError, match="overflowed"):
        os_.unpack(36**17 << (17 * w))


@pytest.mark.slow
def test_gammon_table_by_pips_equals_the_recursion():
    """The gammon table (15-checker positions solved, the rest end states) built vectorised
    equals the plain recursion on every one of its 15,504 positions."""
    ref = _index_order(os_.GammonOneSided())
    fast = os_.GammonOneSided().build()
    assert sum(1 for c in fast.choice if c) == comb(21, 6) - comb(20, 6) == 15504
    _same_tables(fast, ref)


def test_a_large_query_builds_everything_by_pips():
    """A query reaching more than VECTOR_FROM unsolved positions solves the whole table at once;
    its distribution sums to 1 and its mean (its own integer recurrence) is sum k P(N = k)."""
    t = os_.OneSided(15)
    i = t.solve_from(K(0, 0, 0, 0, 0, 15))
    assert t.built_upto == len(t.keys) and all(n is not None for n in t.num)
    probs = [mpq(a, 36**k) for k, a in enumerate(t.num[i])]
    assert sum(probs) == 1 and sum(k * p for k, p in enumerate(probs)) == t.mean[i]


# ------------------------------------------------------------------ gnubg's file


@pytest.fixture(scope="module")
def gnubg_os():
    path = gf.find_gnubg_os()
    if path is None:
        pytest.skip("gnubg_os0.bd not installed (Debian package gnubg-data)")
    return gf.read_gnubg_os(path)


def test_gnubg_file_sampled(gnubg_os):
    """A sample of gnubg's entries: every word near the exact value, and gnubg's integer step
    replayed on its own stored successors reproduces the stored words."""
    table = os_.one_sided()
    rng = random.Random(16)
    idx = list(range(1, 400)) + rng.sample(range(400, 3000), 100)
    res = gf.compare_one_sided(table, gnubg_os, idx)
    assert res.entries == 32 * len(idx)
    assert res.replay_checked > 0.9 * len(idx)
    assert res.replay_matches == res.replay_checked
    # 16-bit words: the exact value is within a few quanta (rounding carried up the build)
    assert res.max_dev < 40


@pytest.mark.slow
def test_gnubg_file_every_entry(gnubg_os):
    res = gf.compare_one_sided(os_.one_sided(), gnubg_os)
    assert res.entries == 32 * 54263
    assert res.replay_matches == res.replay_checked
    assert res.positions_beyond == sum(res.causes.values())
    print(res.max_dev, res.max_at, res.beyond, res.positions_beyond, res.causes)


def test_nested_minimum_chooses_the_least_mean_play_of_the_whole_list():
    """The build finds a roll's best play as a nested minimum over the first die's moves; it must be
    the least (mean, index) over the full list of the roll's plays (positions.plays), for every
    position of up to seven checkers and every roll."""
    t = os_.OneSided(7).build()
    for i, key in enumerate(t.keys):
        if key == 0:
            continue
        for r, (roll, _w) in enumerate(P.ROLLS):
            best = min(P.plays(key, roll), key=lambda s: (t.mean[t.index[s]], t.index[s]))
            assert t.choice[i][r] == t.index[best], (P.counts_of(key), roll)


def test_cause_label_uses_the_play_the_file_proves(gnubg_os):
    """``0 5 2 2 0 2`` with 2-1: gnubg's rounded means tie the exact best play (``1 3 2 2 0 2``)
    with a worse one (``0 4 2 2 1 1``), and only the worse one, replayed through gnubg's
    integer step, reproduces the stored words of the position: the file itself proves gnubg
    took it.  The position must be labelled "gnubg play", not "rounding"."""
    table = os_.one_sided()
    i = table.solve_from(K(0, 5, 2, 2, 0, 2))
    words, picks = gf.gnubg_replay(table, gnubg_os, i)
    assert words is None  # a tie between plays with different words
    r = [roll for roll, _w in P.ROLLS].index((2, 1))
    assert sorted(P.counts_of(table.keys[j]) for j in picks[r]) == [(0, 4, 2, 2, 1, 1), (1, 3, 2, 2, 0, 2)]
    plays_, resolved = gf.file_plays(table, gnubg_os, i)
    assert resolved and [P.counts_of(table.keys[j]) for j in plays_[r]] == [(0, 4, 2, 2, 1, 1)]
    # exact means: the file's play is worse (it needs more rolls on average)
    assert table.mean[plays_[r][0]] > table.mean[table.index[K(1, 3, 2, 2, 0, 2)]]
    res = gf.compare_one_sided(table, gnubg_os, [i])
    assert res.causes == {"gnubg play": 1} and res.ties_resolved == 1
    ex = res.own_play_examples[0]
    assert ex["roll"] == (2, 1) and ex["gnubg_play"] == (0, 4, 2, 2, 1, 1)
