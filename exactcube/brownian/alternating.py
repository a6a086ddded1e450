r"""The continuous game with alternating doubles (ks69 §2, ju24 §1-2).

The state :math:`p \in [0,1]` is A's cubeless chance of winning; it moves as a
continuous martingale.  **Consistency lemma** (ks69 Lemma, ju24 §1.2.2): from
:math:`x`, the chance to reach :math:`x+b` before :math:`x-a` is
:math:`a/(a+b)`, because :math:`x = P(E)(x+b) + (1-P(E))(x-a)` (ks69 (1)-(2)).

**Limited doubles** (ju24 §2.2).  With :math:`k` doubles left in the game, a
player doubles at the (subjective) state :math:`d_k` and the opponent takes iff
his own state is at least :math:`a_k = 1 - d_k` (Theorem 1.1: the doubling point
is the opponent's point of indifference).  Indifference (2.1) with
:math:`d_0 = 1` gives the recurrence (2.3) and the closed form (1.1), (2.5):

.. math::

    d_k = 1 - \frac{d_{k-1}}{4}, \qquad
    d_k = \frac45 + \frac15\left(-\frac14\right)^k .

ks69 §2 states the same as :math:`\alpha(n) = 4/5 + (-1)^n/(4^n \cdot 5)`.
With unlimited doubles the point is :math:`4/5` (ks69 (3)-(5)).

**Equities** (per unit of the current stake, from A's side), by the consistency
lemma applied between the points where the game effectively ends (zk77 Lemma 2
with :math:`D_A = d`, :math:`D_B = 1 - d`):

* A owns the cube: :math:`E = 2p/d - 1` for :math:`p \le d`, else :math:`1`;
* B owns the cube: :math:`E = 2(p - (1-d))/d - 1` for :math:`p \ge 1-d`, else :math:`-1`;
* cube centred: :math:`E = (2p - 1)/(2d - 1)` on :math:`[1-d, d]`, :math:`\pm 1` outside;
* dead cube (no doubles left): :math:`E = 2p - 1`.

Here :math:`d = d_k` with :math:`k` doubles left, or :math:`4/5` when unlimited.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import BadInput
from ..owner import ALL, Owner
from ..numbers import check_whole, mpq, to_mpq
from ..results import Result

__all__ = [
    "UNLIMITED_DOUBLING_POINT",
    "ONE_DOUBLE_POINT",
    "Cube",
    "Thresholds",
    "Equity",
    "doubling_point",
    "doubling_point_recurrence",
    "doubling_point_closed_form",
    "take_point",
    "thresholds",
    "equity",
    "hit_probability",
]

#: ks69 (5): with unlimited alternating doubles, double (and fold) at 4/5.
UNLIMITED_DOUBLING_POINT = mpq(4, 5)
#: ju24 §2.1: with one double in the game, double at 3/4.
ONE_DOUBLE_POINT = mpq(3, 4)

#: Above this many doubles the closed form is used even when the recurrence is asked
#: for implicitly (the two agree exactly; see tests and proofs/ju24).
_MAX_DOUBLES = 10**6


#: Where the cube is, from A's side (mine: A owns it; theirs: B owns it; dead: no doubling possible): the one
#: vocabulary :class:`exactcube.owner.Owner`, read with ``Owner.parse(text, ALL)``.  The name ``Cube`` stays for one
#: release (CHANGELOG.md); its old member ``CENTRE`` is ``Owner.CENTRED``.
Cube = Owner


def _check_k(k) -> int:
    return check_whole(k, "number of doubles", 0, _MAX_DOUBLES, "d_k -> 4/5 as k grows")


def doubling_point_recurrence(k: int) -> mpq:
    """:math:`d_k` by ju24 (2.3), :math:`d_k = 1 - d_{k-1}/4` from :math:`d_0 = 1`."""
    k = _check_k(k)
    d = mpq(1)
    for _ in range(k):
        d = 1 - d / 4
    return d


def doubling_point_closed_form(k: int) -> mpq:
    """:math:`d_k = 4/5 + (1/5)(-1/4)^k`, ju24 (1.1) (= ks69 §2 :math:`\\alpha(k)`)."""
    k = _check_k(k)
    return mpq(4, 5) + mpq(1, 5) * mpq(-1, 4) ** k


def doubling_point(k: int | None) -> mpq:
    """The doubling point with ``k`` doubles left in the game, or 4/5 when ``k`` is None (unlimited)."""
    if k is None:
        return UNLIMITED_DOUBLING_POINT
    return doubling_point_closed_form(k)


def take_point(k: int | None) -> mpq:
    """:math:`a_k = 1 - d_k`: the least own state at which to take the k-th-to-last double (ju24 §2.2)."""
    return 1 - doubling_point(k)


@dataclass(frozen=True)
class Thresholds(Result):
    """Doubling and take points with ``k`` doubles left (``k`` None: unlimited)."""

    SOURCE = 'ju24 (1.1), (2.3); ks69 (5)'
    VALUES = ("double", "take")

    k: int | None
    double: mpq
    take: mpq
    method: str

    @property
    def distance_from_limit(self) -> mpq:
        """:math:`|d_k - 4/5|`, which is :math:`(1/5)4^{-k}` (ju24 Figure 1)."""
        return abs(self.double - UNLIMITED_DOUBLING_POINT)


def thresholds(k: int | None, method: str = "closed form") -> Thresholds:
    """:math:`(d_k, a_k)` by ``"closed form"`` (ju24 (1.1)) or ``"recurrence"`` (ju24 (2.3))."""
    if k is None:
        d = UNLIMITED_DOUBLING_POINT
        return Thresholds(None, d, 1 - d, "ks69 (5): unlimited doubles")
    if method == "closed form":
        d = doubling_point_closed_form(k)
    elif method == "recurrence":
        d = doubling_point_recurrence(k)
    else:
        raise BadInput(f"method {method!r}: use 'closed form' or 'recurrence'")
    return Thresholds(k, d, 1 - d, f"ju24 {'(1.1)' if method == 'closed form' else '(2.3)'}")


def hit_probability(x, low, high) -> mpq:
    """Consistency lemma (ks69 (2)): chance that the state reaches ``high`` before ``low`` from ``x``."""
    x, low, high = to_mpq(x), to_mpq(low), to_mpq(high)
    if not (low <= x <= high) or low == high:
        raise BadInput(f"need low <= x <= high with low < high, got {low}, {x}, {high}")
    return (x - low) / (high - low)


@dataclass(frozen=True)
class Equity(Result):
    """A's expected payoff per unit of the current stake, and how it was obtained."""

    SOURCE = 'ks69 §2; zk77 Lemma 2'
    VALUES = ("value", "window")

    p: mpq
    cube: Cube
    doubles_left: int | None
    value: mpq
    window: tuple[mpq, mpq]  # where the game effectively ends (low, high)
    method: str


def equity(p, cube: Cube | str = Cube.CENTRED, doubles_left: int | None = None) -> Equity:
    """A's equity at state ``p`` with optimal play (ks69 §2; zk77 Lemma 2 with D_A = d, D_B = 1 - d).

    ``doubles_left`` is the number of doubles still allowed in the game (None:
    unlimited).  The game effectively ends where the next double would be
    dropped; between those points the equity is linear (consistency lemma).
    """
    p = to_mpq(p, "p")
    if not 0 <= p <= 1:
        raise BadInput(f"p must lie in [0, 1], got {p}")
    cube = Owner.parse(cube, ALL)
    if doubles_left is not None:
        _check_k(doubles_left)
    if cube is Cube.DEAD or doubles_left == 0:
        return Equity(p, cube, doubles_left, 2 * p - 1, (mpq(0), mpq(1)), "no doubles left: 2p - 1")
    d = doubling_point(doubles_left)
    low, high = {
        Cube.MINE: (mpq(0), d),
        Cube.THEIRS: (1 - d, mpq(1)),
        Cube.CENTRED: (1 - d, d),
    }[cube]
    if p >= high:
        value = mpq(1)
    elif p <= low:
        value = mpq(-1)
    else:
        value = 2 * hit_probability(p, low, high) - 1
    return Equity(p, cube, doubles_left, value, (low, high), "consistency lemma between the effective ends")


def value_of_first_double_at(t, doubles_left: int | None = None, p0=mpq(1, 2)) -> mpq:
    """A's equity from ``p0`` (cube centred) if A doubles first when the state reaches ``t``.

    B plays optimally: B doubles at :math:`1 - d` and, at A's double, takes or
    folds, whichever is better for B; later play is optimal.  By the consistency
    lemma the value is :math:`h\\,v(t) - (1 - h)` with
    :math:`h = (p_0 - (1-d))/(t - (1-d))` and
    :math:`v(t) = \\min(1, 2E_{\\mathrm{theirs}}(t))`.  ks69 Theorem 1 / ju24
    Theorem 1.1 say this is largest at :math:`t = d` (the opponent's fold point).
    """
    t, p0 = to_mpq(t, "t"), to_mpq(p0, "p0")
    k = doubles_left
    if k == 0:
        raise BadInput("with no doubles left nobody can double")
    d = doubling_point(k)
    low = 1 - d
    if not (low < p0 <= t <= 1):
        raise BadInput(f"need 1 - d < p0 <= t <= 1 (here 1 - d = {low}), got p0 = {p0}, t = {t}")
    after = None if k is None else k - 1
    take_value = 2 * equity(t, Cube.THEIRS, after).value
    v = min(mpq(1), take_value)
    h = (p0 - low) / (t - low)
    return h * v - (1 - h)
