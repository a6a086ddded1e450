r"""Tornberg's match equity calculator (mec), exactly, as GNU Backgammon states it.

C. Tornberg, *mec - match equity calculator for backgammon* (1996), as included in
gnubg's ``mec.c`` (``post_crawford``, ``crawford``, ``pre_crawford``, ``dpt``), with the
parameters of gnubg's ``met/mec.xml`` read as exact decimals: gammon rate
:math:`g = 0.26`, the favourite's game winning chance :math:`w = 0.5`, free drops
:math:`f_2 = 0.015`, :math:`f_4 = 0.004`.  :math:`E_{p,o}` is the equity of the player
p-away against o-away (the favourite's when :math:`w > 1/2`), :math:`E_{0,o} = 1`,
:math:`E_{p,0} = 0`, :math:`(x)^+ = \max(x, 0)`.

**Post-Crawford** (leader 1-away): :math:`E_{1,1} = w`; for even :math:`i` the free drop
makes :math:`E_{i,1} = E_{i-1,1}`, less :math:`f_2` at 2-away and :math:`f_4` at 4-away
(the trailer loses what the leader's free drop is worth); for odd :math:`i`

.. math::

    E_{i,1} = (1-w) E_{i,0} + w(1-g) E_{(i-2)^+,1} + w g E_{(i-4)^+,1}.

**Crawford game**: :math:`E_{1,i} = w E_{0,i} + (1-w)(1-g) E_{1,i-1} + (1-w) g E_{1,i-2}`
with post-Crawford values on the right, and :math:`E_{i,1}` likewise.

**Pre-Crawford**: the point where p doubles o to a cube *c* (``dpt``), as a pair
(equity, winning chance) for p: no double when :math:`p \le c/2`, :math:`(1, 1)`;
otherwise with o's own redoubling point :math:`(e_o, w_o) = \mathrm{dpt}(o, p, 2c)`,

.. math::

    e_0 = E_{o,(p-c)^+}(1-g) + E_{o,(p-2c)^+}\,g, \qquad e_{dp} = E_{o,(p-c/2)^+}, \qquad
    w_{dp} = \frac{(e_{dp} - e_0)\, w_o}{e_o - e_0},

(o's equities; with :math:`w > 1/2` for p, :math:`1 - E_{x,o}` replaces :math:`E_{o,x}`),
and p's point is :math:`(1 - e_{dp}, 1 - w_{dp})`.  With p's and o's points
:math:`(e_f, w_f)`, :math:`(e_u, w_u)` (o's turned to p's side),

.. math::

    E_{i,j} = e_u + (e_f - e_u)\,\frac{w - w_u}{w_f - w_u}.

**The 4-away free drop.**  gnubg's ``mec.c`` *adds* :math:`f_4` to the trailer's
4-away equity (``E[i][1] += fd4``) where it subtracts :math:`f_2` at 2-away; the rule it
states (the leader's free drop is worth :math:`f_4` to the leader) and Zadeh's
``initPostCrawfordMET`` subtract both.  :func:`mec_met` follows the stated rule;
``four_away_as_coded=True`` gives gnubg's sign, and ``leader_post_gammon_rate=1/4`` the
1-away player's post-Crawford row that gnubg builds from its defaults (the file's parameters
reach player 0 only), so that gnubg's printed table can be traced to its causes.
"""

from __future__ import annotations

from ..errors import BadInput
from ..numbers import mpq
from .arith import ExactArithmetic, solve_table
from .met import MAX_LENGTH, MatchEquityTable

__all__ = ["MEC_GNUBG", "EXACT_LENGTH", "MAX_EXACT_LENGTH", "EXACT_SECONDS", "mec_met", "mec_post_crawford"]

#: the parameters of gnubg's ``met/mec.xml`` as exact decimals
MEC_GNUBG = {
    "gammon-rate": mpq(13, 50),
    "win-rate": mpq(1, 2),
    "free-drop-2-away": mpq(3, 200),
    "free-drop-4-away": mpq(1, 250),
}

#: the longest mec table computed in exact rationals by default and served to queries at a score
EXACT_LENGTH = 8
#: the longest exact mec table given on request (``exact=True``, ``match met --exact``)
MAX_EXACT_LENGTH = 9
#: CPU seconds of the exact table beyond :data:`EXACT_LENGTH`, measured here (issue 45): 9-away 8.3 s (942,786
#: digits); the command line says them before it starts
EXACT_SECONDS = {9: 8.3}


def mec_post_crawford(n: int, g, w, fd2, fd4, ar, four_away_as_coded: bool = False) -> tuple:
    """The trailer's post-Crawford equities at 1..n-away (mec ``post_crawford``)."""
    g, w, fd2, fd4 = ar.q(g), ar.q(w), ar.q(fd2), ar.q(fd4)
    one = ar.q(1)
    E = {0: one, 1: w}  # E[i] = E_{i,1}; E_{0,1} = 1

    for i in range(2, n + 1):
        if i % 2 == 0:
            E[i] = E[i - 1]
            if i == 2:
                E[i] = E[i] - fd2
            elif i == 4:
                E[i] = E[i] + fd4 if four_away_as_coded else E[i] - fd4
        else:  # E_{i,0} = 0: the trailer loses
            E[i] = w * (1 - g) * E[max(i - 2, 0)] + w * g * E[max(i - 4, 0)]
    return tuple(E[i] for i in range(1, n + 1))


def _mec_edges(n: int, p: dict, ar, four_away_as_coded: bool, leader_post_gammon_rate=None):
    """The 0-away entries, the post-Crawford row and the Crawford game (no division: exact at any length).
    ``leader_post_gammon_rate``: the 1-away player's side of the post-Crawford table made with this gammon
    rate instead (gnubg builds player 1's side from its defaults, 0.25)."""
    q = ar.q
    g, w = q(p["gammon-rate"]), q(p["win-rate"])
    one, zero = q(1), q(0)
    post = mec_post_crawford(n, p["gammon-rate"], p["win-rate"], p["free-drop-2-away"], p["free-drop-4-away"], ar,
                             four_away_as_coded)
    E = {}
    for i in range(1, n + 1):
        E[(0, i)], E[(i, 0)] = one, zero
    E[(0, 0)] = zero
    other = post if leader_post_gammon_rate is None else mec_post_crawford(
        n, leader_post_gammon_rate, p["win-rate"], p["free-drop-2-away"], p["free-drop-4-away"], ar, four_away_as_coded)
    for i in range(1, n + 1):  # post-Crawford, both sides (the table is symmetric in the players at w = 1/2)
        E[(i, 1)] = post[i - 1]
        E[(1, i)] = 1 - other[i - 1]
    for i in range(n, 1, -1):  # the Crawford game, overwriting backwards as mec does
        E[(1, i)] = E[(0, i)] * w + E[(1, i - 1)] * (1 - w) * (1 - g) + E[(1, i - 2)] * (1 - w) * g
        E[(i, 1)] = E[(i, 0)] * (1 - w) + E[(i - 1, 1)] * w * (1 - g) + E[(i - 2, 1)] * w * g
    return E, post


def _mec(n: int, p: dict, ar, four_away_as_coded: bool, leader_post_gammon_rate=None):
    q = ar.q
    g, w = q(p["gammon-rate"]), q(p["win-rate"])
    w_exact = mpq(p["win-rate"])
    one = q(1)
    E, post = _mec_edges(n, p, ar, four_away_as_coded, leader_post_gammon_rate)

    def dpt(pp, o, c, wpp):
        """(equity, winning chance) of pp at the point where pp doubles o to c (mec ``dpt``)."""
        if pp <= c // 2:
            return one, one
        eo, wo = dpt(o, pp, 2 * c, 1 - wpp)
        if wpp > mpq(1, 2):
            e0 = (1 - E[(max(pp - c, 0), o)]) * (1 - g) + (1 - E[(max(pp - 2 * c, 0), o)]) * g
            edp = 1 - E[(max(pp - c // 2, 0), o)]
        else:
            e0 = E[(o, max(pp - c, 0))] * (1 - g) + E[(o, max(pp - 2 * c, 0))] * g
            edp = E[(o, max(pp - c // 2, 0))]
        wdp = (edp - e0) * wo / (eo - e0)
        return 1 - edp, 1 - wdp

    for s in range(4, 2 * n + 1):  # by i + j: every entry dpt reads has a smaller sum
        for i in range(max(2, s - n), min(n, s - 2) + 1):
            j = s - i
            ef, wf = dpt(i, j, 2, w_exact)
            eu, wu = dpt(j, i, 2, 1 - w_exact)
            eu, wu = 1 - eu, 1 - wu
            E[(i, j)] = eu + (ef - eu) * (w - wu) / (wf - wu)
    pre = tuple(tuple(E[(i, j)] for j in range(1, n + 1)) for i in range(1, n + 1))
    return pre, post


def mec_met(length: int = 25, params: dict | None = None, exact: bool = False, digits: int = 30,
            four_away_as_coded: bool = False, leader_post_gammon_rate=None) -> MatchEquityTable:
    """Tornberg's mec table to ``length``-away with gnubg's ``mec.xml`` parameters (or ``params``),
    by the recurrences of the module docstring: exact rationals (``exact=True``, at most
    :data:`EXACT_LENGTH`-away) or balls of radius below ``10**-digits`` around them."""
    if not 1 <= length <= MAX_LENGTH:
        raise BadInput(f"length must be 1..{MAX_LENGTH}, got {length}")
    if exact and length > MAX_EXACT_LENGTH:
        raise BadInput(f"the exact mec table is given to {MAX_EXACT_LENGTH}-away at most (its denominators grow about "
                       "ninefold an away: 942,786 digits at 9-away); leave out --exact for balls of any accuracy")
    p = dict(MEC_GNUBG)
    p.update({k: mpq(v) for k, v in (params or {}).items()})
    if p["win-rate"] != mpq(1, 2):
        raise BadInput("only the even game (win-rate 1/2) is supported: with a favourite the table is not symmetric")
    lead = None if leader_post_gammon_rate is None else mpq(leader_post_gammon_rate)
    pre, post, how = solve_table(lambda ar: _mec(length, p, ar, four_away_as_coded, lead), exact, digits)
    if not exact:  # the edges exactly (no division there)
        E, post = _mec_edges(length, p, ExactArithmetic(), four_away_as_coded, lead)
        rows = [list(r) for r in pre]
        for i in range(1, length + 1):
            rows[0][i - 1], rows[i - 1][0] = E[(1, i)], E[(i, 1)]
        pre = tuple(tuple(r) for r in rows)
    sign = (" (4-away free drop with gnubg's coded sign)" if four_away_as_coded else "") + (
        f" (the 1-away side's post-Crawford row at gammon rate {lead})" if lead is not None else "")
    return MatchEquityTable(
        name="mec (Tornberg), gnubg's parameters" + sign, length=length, pre=pre, post=post, model="mec",
        parameters=tuple(sorted(p.items())), method=how,
        source="C. Tornberg, mec (1996), as gnubg mec.c states it; parameters of gnubg met/mec.xml as exact "
               "decimals" + sign)
