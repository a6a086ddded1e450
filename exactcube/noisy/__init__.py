r"""Combinatorial games played through a noisy channel (the ``noisy`` document): the map.

The model: a player sends a move, the channel :math:`\mu` delivers a possibly different one, and
:math:`p(x)` is the chance that the player to move at :math:`x` wins (equation (4)).  For 1-pile Nim the
channel flips each binary digit of the move with chance :math:`\varepsilon` (Example 3) and (4) becomes

.. math::  p(0) = 0, \qquad p(n) = \max_{m < n} \sum_{r < n} \mu_n(m, r)\,(1 - p(r)) \qquad (5).

The package is laid out by the question asked; each row names the method, its cost and its evidence.

**The game at one eps** (:mod:`.nim`; the channel's combinatorics, once, in :mod:`.nim.channel`)

=====================================  ==============================================  =========  ==========
question                               method                                          cost       evidence
=====================================  ==============================================  =========  ==========
p(n) and every optimal move, n <= N    :func:`.nim.solve_nim` (``fast``: float         ~1 s at    exact
                                       screening via the Kronecker transform,          N = 1024
                                       certified over one integer denominator,
                                       :mod:`.nim.exact`; ``plain``: the O(N^3)
                                       rational recursion, N <= 600)
which move is optimal, p(n) vs 1/2     :func:`.nim.decide_nim` (one float recursion    ~N^2 k     rigorous
                                       with an a priori radius, :mod:`.nim.ball`;      flops
                                       gives up where two moves overlap)
=====================================  ==============================================  =========  ==========

**The game as a function of eps** (:mod:`.eps`)

=====================================  ==============================================  =========  ==========
p(n) as a piecewise rational function  :func:`.eps.phases.phase_diagram` (envelopes of  n = 32:    exact
on [0, 1], every breakpoint            integer polynomials, roots isolated exactly     2 min
                                       by :mod:`exactcube.algebraic`)
near an end point (0, 1/2, 1)          :func:`.eps.phases.germ` (exact germ);          seconds    exact
                                       :mod:`.eps.ends`: closed forms for every heap,
                                       exact Taylor series, the first order at 1/2
where a heap's optimal move changes    :mod:`.eps.crossing`: brackets by the exact     n <= 512   exact or
                                       solver, certified brackets, the root as an      (exact);   rigorous
                                       algebraic number or an arb ball                 1024+ ball
eps\*(2^k) of Conjecture 10, 2^k up    :mod:`.eps.star`: one float run of (5) with     154 s at   rigorous
to 16384                               the a priori radius, certified at two           k = 14
                                       rationals around the screened root
=====================================  ==============================================  =========  ==========

**Statements on whole intervals of eps** (:mod:`.interval`; arithmetic rounded outwards in
:mod:`.interval.arith`, the piece-by-piece walk and its result in :mod:`.interval.cover`)

=====================================  ==============================================  =========  ==========
Conjecture 9/10 away from 1/2, the     :mod:`.interval.firstorder` (first-order        0.2 s a    rigorous
failure region, a crossing piece       enclosures in u with exact fixed-point grade    piece at
                                       sums)                                           n = 256
Conjecture 9/10 up to eps = 1/2 and    :mod:`.interval.taylor` (Taylor models in       47 s a     rigorous
near eps = 1                           s = |1 - 2 eps|, exact ends)                    piece at
                                                                                       n = 4096
Conjecture 9 reduced to the low moves  :mod:`.interval.low_moves` (the Taylor covers   0.67x the  rigorous
(move 0 against 1..K-1)                comparing move 0 with the low moves only)       full form
the same statements, independently     :mod:`.interval.crosscheck` (the first          n <= 1024  rigorous /
(the cross-check)                      generation: arb balls, exact germs, Descartes)             exact
Conjecture 9's low-move inequality     :mod:`.interval.block_models` (the block        n up to    rigorous
by blocks; Lemma B8's power            recursion in Taylor models),                    2^k by
inequality at every power of two       :mod:`.interval.power_models` (the power        blocks
                                       inequality up to a bound)
=====================================  ==============================================  =========  ==========

The Taylor models themselves are :mod:`.interval.taylor_model`: the one model type (``TM``), its sums, the one
quotient by the series recurrence (``tm_div``, used by the Taylor covers, the block recursion and the powers of two)
and the moves' models of a piece; which targets ask for the reduced form and which moves are low,
:mod:`.interval.low_targets`.

**Scale-out** (:mod:`.scale`): exact grid sweeps over eps, resumable, on a process pool or Dask
(:mod:`.scale.sweep`); Taylor covers cut into sub-ranges (:mod:`.scale.cluster`, 11,312 s of CPU for the
region at n = 4096); Parquet data sets of decided moves (:mod:`.scale.dataset`).  What ``exactcube conjecture``
runs, as library calls with their estimates: the grid and the crossing (:mod:`.scale.checks`), the proofs on
whole intervals (:mod:`.scale.whole_intervals`).

**Games that are not 1-pile Nim** (:mod:`.games`): any finite game with a channel, solved exactly by
(4) (:mod:`.games.game`); Chomp! (:mod:`.games.chomp`); n-pile Nim with the equiprobable channel
(:mod:`.games.multipile`).

**The conjectures** (:mod:`.conjectures`): Conjectures 9 and 10 decided exactly at one eps, on grids
and on the germs, using the rows above.

References: ``noisy`` §1-§3, Examples 2-4, equation (5), Conjectures 9 and 10; docs/noisy.md.
"""
