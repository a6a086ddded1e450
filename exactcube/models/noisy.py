r"""Games through a noisy channel (``noisy``: Capitelli & Privitelli): 1-pile Nim with bit flips.

The player to move from a heap of :math:`n` chips chooses the heap :math:`m < n` to leave
and sends its binary word of :math:`k(n)` digits; each digit flips with probability
:math:`\varepsilon`, illegal words are resent, so (equation (5))

.. math:: p(n, m) = \sum_{r < n} \mu_n(m, r)\,(1 - p(r)), \qquad p(n) = \max_m p(n, m),

with :math:`\mu_n(m, r) \propto \varepsilon^{d(m, r)}(1 - \varepsilon)^{k - d(m, r)}`.
The channel is a reconstruction of a garbled passage of the source (docs/noisy.md): every
result here rests on that reading.

>>> from exactcube.models import noisy
>>> s = noisy.nim(5, "77/100")
>>> s.p[2], s.optimal[5]
(mpq(77,100), (4,))
"""

from __future__ import annotations

from ..noisy import conjectures as _conjectures
from ..noisy import nim as _nim
from ..noisy.eps import phases as _phases

__all__ = ["nim", "phase_diagram", "check_conjectures"]


def nim(n_max: int, eps) -> _nim.NimSolution:
    r""":math:`p(n)` and every optimal move for heaps :math:`0..n_{max}` at the exact ``eps``
    (equation (5); ``s.move_value(n, m)`` gives :math:`p(n, m)`)."""
    return _nim.solve_nim(n_max, eps)


def phase_diagram(n_max: int, lo=0, hi=1) -> _phases.PhaseDiagram:
    r""":math:`p(n)` for :math:`n \le n_{max}` as exact piecewise rational functions of
    :math:`\varepsilon` on ``(lo, hi)``, every change of optimal move an exact real algebraic number."""
    return _phases.phase_diagram(n_max, lo, hi)


def check_conjectures(eps, n_max: int) -> _conjectures.EpsCheck:
    r"""Conjectures 9 and 10 of the source decided exactly at one ``eps`` for every heap
    :math:`2 \le n \le n_{max}` (each failure with its exact witness)."""
    return _conjectures.check_at(eps, n_max)
