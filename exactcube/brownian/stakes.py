r"""The :math:`(x, y)`-cube (ju24 §1.3, §3, Appendix A).

The state :math:`p \in [0,1]` is A's cubeless chance of winning (a continuous
martingale; the consistency lemma makes state and evaluation equal).  A proposal
of the :math:`(x,y)`-cube at stake :math:`s`: if the opponent *accepts*, the stake
becomes :math:`ys` and the right to propose passes to him; if he *folds*, the game
ends and the proposer receives :math:`xs` (the folder "forfeits :math:`x` times the
current stake"; for :math:`x < 0` the proposer pays).  The ordinary cube is
:math:`(x, y) = (1, 2)`.  At most :math:`k` proposals remain in the game; proposals
at the extreme states 0 and 1 are allowed (ju24 §1.2.1).

**Regions** (ju24 Theorem 1.3 and Theorem 3.1), for :math:`y > 0`:

.. math::

    R_+ = \{0 < x < y,\ y > 1\} \ (\text{raising cube}),\qquad
    R_- = \{0 < -x < y < 1\} \ (\text{reducing cube});

Theorem 3.1: (1) :math:`x \ge y,\ y > 1`: propose at :math:`p = 1`;
(2) :math:`x \ge 0,\ y \le 1`: propose at :math:`p = 0`;
(3) :math:`x < 0` and (:math:`-x > 1` or :math:`y > 1`): never propose;
(4) :math:`-1 \le x \le 0,\ y \le -x`: propose at :math:`p = 0`.
Two lines lie in none of these: :math:`x = 0,\ y > 1` and
:math:`y = 1,\ -1 < x < 0` (see :func:`classify`).

**Thresholds** with :math:`k` proposals left (subjective states).  One proposal,
Lemma 3.2 (3.1): :math:`d_1 = \tfrac12 + \tfrac{x}{2y}`.  Indifference of the
opponent (A.1)/(A.6) gives, for :math:`k \ge 2`, with :math:`a_k = 1 - d_k`,

.. math::

    R_+:\ d_k = 1 - r_+ d_{k-1},\ r_+ = \frac{y - x}{y(1 + x)} \quad (A.2);\qquad
    R_-:\ d_k = r_-(1 - d_{k-1}),\ r_- = \frac{y + x}{y(1 - x)} \quad (A.7).

Fixed points (A.3), (A.8): :math:`d_\infty^+ = \frac{y(1+x)}{2y + xy - x}`,
:math:`d_\infty^- = \frac{y + x}{2y - xy + x}`; closed forms (1.2) = (3.3) = (A.5)
and (1.3) = (3.5) = (A.10):

.. math::

    d_k = d_\infty + c\,(-r)^k,\qquad
    c_+ = \frac{x(1+x)(y-1)}{2(2y + xy - x)},\quad
    c_- = \frac{(-x)(1-x)(1-y)}{2(2y - xy + x)} .

At :math:`k = 0` both closed forms give :math:`(1+x)/2`, the state at which a
dead cube is worth :math:`x`; it is the natural :math:`d_0` (for :math:`(1,2)` it is
ju24's :math:`d_0 = 1`), and with it the recurrences hold from :math:`k = 1`.

**Policy values** (:func:`equity`): A's expected payoff per unit stake when both
players follow ju24's policy (propose at :math:`d_j`; in :math:`R_+` with
:math:`x \ge 1` anywhere at or beyond :math:`d_j`; in :math:`R_-` at or below
:math:`d_j`) and answer proposals optimally; by the consistency lemma the value is
linear between the states where the game effectively ends.  Whether this policy
is *optimal* is decided independently by :mod:`exactcube.brownian.stopping`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..errors import BadInput
from ..numbers import format_exact, mpq, to_mpq
from ..results import Result
from ..owner import ALL, Owner
from .alternating import Cube

__all__ = [
    "Region",
    "Policy",
    "Classification",
    "Thresholds",
    "Equity",
    "classify",
    "ratio",
    "one_proposal_point",
    "limit_point",
    "closed_form_coefficient",
    "doubling_point_recurrence",
    "doubling_point_closed_form",
    "doubling_point",
    "take_point",
    "thresholds",
    "equity",
    "never_equity",
    "owner_equity",
]

_MAX_K = 10**5


class Region(str, Enum):
    """Where (x, y) lies (ju24 Theorems 1.3 and 3.1)."""

    RAISING = "R+"
    REDUCING = "R-"
    T1 = "Theorem 3.1 (1)"
    T2 = "Theorem 3.1 (2)"
    T3 = "Theorem 3.1 (3)"
    T4 = "Theorem 3.1 (4)"
    LINE_X0 = "line x = 0, y > 1"
    LINE_Y1 = "line y = 1, -1 < x < 0"

    @property
    def nontrivial(self) -> bool:
        return self in (Region.RAISING, Region.REDUCING)


class Policy(str, Enum):
    """When to propose, in the proposer's subjective state."""

    AT_THRESHOLD = "at the threshold d_k"
    AT_ONE = "at p = 1"
    AT_ZERO = "at p = 0"
    NEVER = "never"


@dataclass(frozen=True)
class Classification(Result):
    """The region of (x, y), the policy stated for it, and why."""

    SOURCE = 'ju24 §3.1, Figure 4'
    VALUES = ("x", "y")

    x: mpq
    y: mpq
    region: Region
    policy: Policy
    reason: str
    source: str


def _xy(x, y) -> tuple[mpq, mpq]:
    x, y = to_mpq(x, "x"), to_mpq(y, "y")
    if y <= 0:
        raise BadInput(f"y must be positive (the stake is multiplied by y on acceptance), got y = {format_exact(y)}")
    return x, y


def classify(x, y) -> Classification:
    """The region of ju24 Theorems 1.3/3.1 containing (x, y), with its stated policy.

    ``y <= 0`` is not a region of the game: :class:`BadInput`.  The two lines
    that neither theorem covers (:math:`x = 0, y > 1` and :math:`y = 1, -1 < x < 0`)
    get the policy *never* (proposing cannot gain there; the claim
    ``ju24.thm3.1.gaps`` checks this with the exact solver).
    """
    x, y = _xy(x, y)
    if 0 < x < y and y > 1:
        return Classification(x, y, Region.RAISING, Policy.AT_THRESHOLD,
                              "raising cube: 0 < x < y and y > 1; propose at d_k, the opponent's indifference point",
                              "ju24 Theorems 1.3, 1.4")
    if 0 < -x < y < 1:
        return Classification(x, y, Region.REDUCING, Policy.AT_THRESHOLD,
                              "reducing cube: 0 < -x < y < 1; ju24 says reduce at d_k (but see ju24.thm1.5: "
                              "the exact optimum is to reduce only at p = 0)",
                              "ju24 Theorems 1.3, 1.5")
    if x >= y and y > 1:
        return Classification(x, y, Region.T1, Policy.AT_ONE,
                              "x >= y > 1: the opponent never folds (folding costs x >= y), so raise only when the "
                              "game is won, at p = 1", "ju24 Theorem 3.1 (1)")
    if x >= 0 and y <= 1:
        return Classification(x, y, Region.T2, Policy.AT_ZERO,
                              "x >= 0, y <= 1: accepting shrinks the stake and folding pays x >= 0, so reduce only "
                              "when the game is lost, at p = 0", "ju24 Theorem 3.1 (2)")
    if x < 0 and (-x > 1 or y > 1):
        return Classification(x, y, Region.T3, Policy.NEVER,
                              "x < 0 and (-x > 1 or y > 1): the opponent folds and collects -x when you lead, and "
                              "accepts a larger stake when you trail", "ju24 Theorem 3.1 (3)")
    if -1 <= x <= 0 and y <= -x:
        return Classification(x, y, Region.T4, Policy.AT_ZERO,
                              "-1 <= x <= 0, y <= -x: the opponent always folds, so propose at p = 0 and pay -x "
                              "instead of 1", "ju24 Theorem 3.1 (4)")
    if x == 0 and y > 1:
        return Classification(x, y, Region.LINE_X0, Policy.NEVER,
                              "x = 0, y > 1: in neither Theorem 3.1 nor R+ (its boundary); a fold pays 0, so "
                              "proposing never gains", "not covered by ju24; exact solver (ju24.thm3.1.gaps)")
    # remaining: y == 1 and -1 < x < 0
    return Classification(x, y, Region.LINE_Y1, Policy.NEVER,
                           "y = 1, -1 < x < 0: in neither Theorem 3.1 nor R- (its boundary); an accepted proposal "
                           "leaves the stake unchanged and a fold costs the proposer -x, so proposing never gains",
                           "not covered by ju24; exact solver (ju24.thm3.1.gaps)")


def _nontrivial(x, y) -> tuple[mpq, mpq, Region]:
    c = classify(x, y)
    if not c.region.nontrivial:
        raise BadInput(
            f"(x, y) = ({format_exact(c.x)}, {format_exact(c.y)}) lies in {c.region.value}, where the policy is "
            f"'{c.policy.value}'; d_k is defined only in R+ (0 < x < y, y > 1) and R- (0 < -x < y < 1)"
        )
    return c.x, c.y, c.region


def _check_k(k, minimum=0) -> int:
    if isinstance(k, bool) or not isinstance(k, int):
        raise BadInput(f"number of proposals left must be a whole number, got {k!r}")
    if k < minimum:
        raise BadInput(f"number of proposals left must be >= {minimum}, got {k}")
    if k > _MAX_K:
        raise BadInput(f"number of proposals {k} is too large (at most {_MAX_K}); use limit_point for k -> infinity")
    return k


def ratio(x, y) -> mpq:
    r""":math:`r_+ = (y-x)/(y(1+x))` in :math:`R_+` (A.2), :math:`r_- = (y+x)/(y(1-x))` in :math:`R_-` (A.7).

    The error :math:`\epsilon_k = d_k - d_\infty` satisfies :math:`\epsilon_k = -r\,\epsilon_{k-1}` ((A.4), (A.9))."""
    x, y, region = _nontrivial(x, y)
    return (y - x) / (y * (1 + x)) if region is Region.RAISING else (y + x) / (y * (1 - x))


def one_proposal_point(x, y) -> mpq:
    r""":math:`d_1 = 1/2 + x/(2y)`, ju24 Lemma 3.2 (3.1): the opponent is indifferent when one proposal is left."""
    x, y, _ = _nontrivial(x, y)
    return mpq(1, 2) + x / (2 * y)


def limit_point(x, y) -> mpq:
    r""":math:`d_\infty`: ju24 (A.3) :math:`y(1+x)/(2y+xy-x)` in :math:`R_+`, (A.8) :math:`(y+x)/(2y-xy+x)` in :math:`R_-`."""
    x, y, region = _nontrivial(x, y)
    if region is Region.RAISING:
        return y * (1 + x) / (2 * y + x * y - x)
    return (y + x) / (2 * y - x * y + x)


def closed_form_coefficient(x, y) -> mpq:
    r""":math:`c` in :math:`d_k = d_\infty + c(-r)^k`: ju24 (1.2) :math:`x(1+x)(y-1)/(2(2y+xy-x))`, (1.3) :math:`(-x)(1-x)(1-y)/(2(2y-xy+x))`."""
    x, y, region = _nontrivial(x, y)
    if region is Region.RAISING:
        return x * (1 + x) * (y - 1) / (2 * (2 * y + x * y - x))
    return (-x) * (1 - x) * (1 - y) / (2 * (2 * y - x * y + x))


def doubling_point_recurrence(x, y, k: int) -> mpq:
    r""":math:`d_k` by the recurrence (A.2) (:math:`R_+`) or (A.7) (:math:`R_-`) from :math:`d_1` of Lemma 3.2 (3.1).

    ``k = 0`` gives :math:`(1+x)/2` (see the module docstring)."""
    x, y, region = _nontrivial(x, y)
    k = _check_k(k)
    if k == 0:
        return (1 + x) / 2
    r = ratio(x, y)
    d = mpq(1, 2) + x / (2 * y)
    for _ in range(k - 1):
        d = 1 - r * d if region is Region.RAISING else r * (1 - d)
    return d


def doubling_point_closed_form(x, y, k: int) -> mpq:
    r""":math:`d_k = d_\infty + c(-r)^k`, ju24 (1.2)/(3.3)/(A.5) in :math:`R_+` and (1.3)/(3.5)/(A.10) in :math:`R_-`."""
    k = _check_k(k)
    return limit_point(x, y) + closed_form_coefficient(x, y) * (-ratio(x, y)) ** k


def doubling_point(x, y, k: int | None) -> mpq:
    """The proposal threshold with ``k`` proposals left (None: the limit k -> infinity)."""
    if k is None:
        return limit_point(x, y)
    return doubling_point_closed_form(x, y, k)


def take_point(x, y, k: int | None) -> mpq:
    """:math:`a_k = 1 - d_k`: the least own state at which to accept the k-th-to-last proposal (ju24 App. A)."""
    return 1 - doubling_point(x, y, k)


@dataclass(frozen=True)
class Thresholds(Result):
    """Proposal point d_k, take point a_k and the limit, for (x, y) in R+ or R-."""

    SOURCE = 'ju24 (1.2), (1.3), (A.2), (A.7)'
    VALUES = ("double", "take", "limit", "one_proposal")

    x: mpq
    y: mpq
    k: int | None
    region: Region
    double: mpq
    take: mpq
    limit: mpq
    one_proposal: mpq
    method: str

    @property
    def distance_from_limit(self) -> mpq:
        return abs(self.double - self.limit)


def thresholds(x, y, k: int | None, method: str = "closed form") -> Thresholds:
    """:math:`(d_k, a_k, d_\\infty, d_1)` by ``"closed form"`` ((1.2)/(1.3)) or ``"recurrence"`` ((A.2)/(A.7))."""
    x, y, region = _nontrivial(x, y)
    eqs = {"closed form": ("(1.2)", "(1.3)"), "recurrence": ("(A.2)", "(A.7)")}
    if method not in eqs:
        raise BadInput(f"method {method!r}: use 'closed form' or 'recurrence'")
    if k is None:
        d = limit_point(x, y)
        how = "ju24 " + ("(A.3)" if region is Region.RAISING else "(A.8)") + ": limit k -> infinity"
    else:
        d = doubling_point_closed_form(x, y, k) if method == "closed form" else doubling_point_recurrence(x, y, k)
        how = "ju24 " + eqs[method][0 if region is Region.RAISING else 1]
    return Thresholds(x, y, k, region, d, 1 - d, limit_point(x, y), one_proposal_point(x, y), how)


# -- values of positions under ju24's policy ------------------------------------------


@dataclass(frozen=True)
class Equity(Result):
    """A's expected payoff per unit of the current stake, and the policy it assumes."""

    SOURCE = 'ju24 (3.1)'
    VALUES = ("value",)

    x: mpq
    y: mpq
    k: int
    p: mpq
    cube: Cube
    value: mpq
    policy: str


def _check_p(p) -> mpq:
    p = to_mpq(p, "p")
    if not 0 <= p <= 1:
        raise BadInput(f"p must lie in [0, 1], got {format_exact(p)}")
    return p


def never_equity(p) -> mpq:
    """:math:`2p - 1`: the owner never proposes (the cube is dead); ju24 §3.2.1 "not doubling"."""
    return 2 * _check_p(p) - 1


def owner_equity(x, y, k: int, p) -> mpq:
    r"""A's value when A holds the right to propose (k proposals left) and follows ju24's policy.

    :math:`R_+`: wait for :math:`d_k` (consistency lemma between 0 and :math:`d_k`),
    :math:`-1 + (1+x)p/d_k` for :math:`p \le d_k`; above :math:`d_k` the opponent folds:
    :math:`x` if :math:`x \ge 1` (propose at once), else wait for 1 or :math:`d_k`,
    :math:`x + (1-x)(p-d_k)/(1-d_k)` (ju24 Theorem 1.3, Case 1).

    :math:`R_-`: for :math:`p \ge d_k`, reduce when the state falls to :math:`d_k`:
    :math:`x + (1-x)(p-d_k)/(1-d_k)`; below :math:`d_k` reduce at once, the opponent
    accepts: :math:`y\,V_B(p)` with :math:`V_B(p) = -V^{owner}_{k-1}(1-p)` (``k = 1``: dead cube).
    """
    x, y, region = _nontrivial(x, y)
    k = _check_k(k)
    p = _check_p(p)
    if k == 0:
        return 2 * p - 1
    d = doubling_point_closed_form(x, y, k)
    if region is Region.RAISING:
        if p <= d:
            return -1 + (1 + x) * p / d
        if x >= 1:
            return x
        return x + (1 - x) * (p - d) / (1 - d)
    if p >= d:
        return x + (1 - x) * (p - d) / (1 - d)
    return -y * owner_equity(x, y, k - 1, 1 - p)


def equity(x, y, k: int, p, cube: Cube | str = Cube.CENTRED) -> Equity:
    r"""A's value at state ``p`` with ``k`` proposals left under ju24's policy (Theorems 1.4, 1.5).

    ``cube``: ``mine`` (A holds the right to propose), ``theirs`` (B does; by symmetry
    :math:`-V^{owner}(1-p)`), ``centre`` (either may propose first: between the two
    proposal points the value is linear from :math:`-x` to :math:`x`), ``dead``
    (:math:`2p - 1`).  Whether this policy is optimal: :mod:`exactcube.brownian.stopping`.
    """
    x, y, region = _nontrivial(x, y)
    k = _check_k(k)
    p = _check_p(p)
    cube = Owner.parse(cube, ALL)
    policy = "ju24 policy: propose at d_j, answer optimally"
    if cube is Cube.DEAD or k == 0:
        return Equity(x, y, k, p, cube, 2 * p - 1, "dead cube: 2p - 1")
    if cube is Cube.MINE:
        v = owner_equity(x, y, k, p)
    elif cube is Cube.THEIRS:
        v = -owner_equity(x, y, k, 1 - p)
    else:
        d = doubling_point_closed_form(x, y, k)
        lo, hi = min(d, 1 - d), max(d, 1 - d)
        if lo <= p <= hi:
            # between the two proposal points: linear from the value at one end to the other
            vlo = owner_equity(x, y, k, lo) if region is Region.REDUCING else -owner_equity(x, y, k, 1 - lo)
            vhi = -owner_equity(x, y, k, 1 - hi) if region is Region.REDUCING else owner_equity(x, y, k, hi)
            v = vlo + (vhi - vlo) * (p - lo) / (hi - lo) if hi > lo else vlo
        elif (p > hi) == (region is Region.RAISING):
            v = owner_equity(x, y, k, p)
        else:
            v = -owner_equity(x, y, k, 1 - p)
    return Equity(x, y, k, p, cube, v, policy)
