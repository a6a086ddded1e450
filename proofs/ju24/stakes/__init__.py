"""ju24 §1.3, §3 and Appendix A: the (x, y)-cube; Theorems 1.3-1.5, 3.1; Lemmas 3.2-3.4; (3.4), (3.6); the d_k table.

The printed formulas are typed in as sympy expressions and every check takes the printed item as an argument, so
that the tests can feed it a wrong one and see the check fail.  Optimality is decided by the independent solver
:mod:`exactcube.brownian.stopping` (no indifference principle, no recurrence).

The claims follow the paper's ideas:

* :mod:`.formulas`: the printed formulas for the proposal points d_k (typed in, read through
  :func:`.formulas.printed_formula`), their regions' exact parametrisations and the sample points; Lemmas
  3.2-3.4, (3.4), (3.6) and the sentences of §3.2 around them;
* :mod:`.regions`: Theorem 1.3's regions R+, R- and Theorem 3.1's four trivial regions, their policies, and the
  lines no region covers;
* :mod:`.optimality`: Theorems 1.3-1.5 (the printed d_k are the exact optimum), the standard cube, the text on
  Figures 2 and 3;
* :mod:`.tables`: the table ``ju24.dk``.

The model is :mod:`exactcube.brownian.stakes`.
"""
