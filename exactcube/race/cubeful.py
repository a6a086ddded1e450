r"""The money game with the doubling cube in the race model, solved exactly (zk77 §5, Tables 2-3).

State: the player on roll has count :math:`x`, the opponent :math:`y` (both :math:`\ge 1`),
and the cube is centred (C), owned by the roller (O) or owned by the opponent (T).
Gammons do not exist in a race (zk77 §1), redoubles are unlimited, so every equity is
proportional to the cube value; we work per unit of the current cube, from the roller's
side.  With :math:`f(r) = w_r / D` (:mod:`exactcube.race.dice`):

.. math::

    \mathrm{ND}_C(x,y) &= \sum_r f(r)\,\bigl([x \le r] - [x > r]\,E_C(y, x-r)\bigr),\\
    \mathrm{ND}_O(x,y) &= \sum_r f(r)\,\bigl([x \le r] - [x > r]\,E_T(y, x-r)\bigr),\\
    \mathrm{ND}_T(x,y) &= \sum_r f(r)\,\bigl([x \le r] - [x > r]\,E_O(y, x-r)\bigr),\\
    \mathrm{DB}(x,y) &= \min\bigl(1,\; 2\,\mathrm{ND}_T(x,y)\bigr)
        \quad\text{(double: the opponent passes (+1) or takes and owns a cube of twice the value)},\\
    E_C &= \max(\mathrm{ND}_C, \mathrm{DB}),\quad E_O = \max(\mathrm{ND}_O, \mathrm{DB}),\quad
    E_T = \mathrm{ND}_T .

These are the Bellman equations of the game.  The opponent takes iff
:math:`2\,\mathrm{ND}_T \le 1`; the roller doubles (from C) or redoubles (from O) iff
:math:`\mathrm{DB} > \mathrm{ND}` (ties are reported as such and resolved as "no double",
"take").  Every dependency :math:`(y, x - r)` has a strictly smaller count sum, so one pass
in order of increasing :math:`x + y` solves the system exactly.

**Exact integer arithmetic.**  With :math:`m` the smallest total, every value at
:math:`(x, y)` is an integer over :math:`D^{\lceil (x+y)/m \rceil}` (each turn divides by
:math:`D` once, and doubling multiplies by 2).  So all values are stored as integers
:math:`V \cdot D^K` for one :math:`K \ge \lceil 2N/m \rceil`, and each Bellman step is an
exact integer division by :math:`D` (checked).

**Second moments** (for the standard error of zk77's 10,000-game simulations): under the
optimal policy, with the same recursion on squared payoffs (a take multiplies the square
by 4).

Reference: zk77 = Zadeh & Kobliska (1977), Management Science 23(8), §"Results of computer
simulation", Tables 2 and 3 (which were simulated; here they are solved).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from ..cubeaction import Action, CubeAction
from ..cubeaction import decide as decide_action
from ..errors import BadInput, TooLarge
from ..numbers import mpq
from ..owner import Owner
from ..results import Result
from .cubeless import check_count
from .dice import BACKGAMMON, Dice
from .dice import parse as parse_dice

__all__ = [
    "Cube",
    "Action",
    "CubefulTable",
    "solve",
    "Decision",
    "decide",
    "decision",
    "Thresholds",
    "thresholds",
    "MAX_CUBEFUL",
]

#: Largest square solved (300 x 300 takes about a second, 600 x 600 about ten).
MAX_CUBEFUL = 600


#: Where the cube is, from the side of the player on roll: the one vocabulary of :mod:`exactcube.owner`.
Cube = Owner


def _dice(dice) -> Dice:
    return dice if isinstance(dice, Dice) else parse_dice(dice)


@dataclass(frozen=True)
class CubefulTable(Result):
    """Exact cubeful equities for all :math:`1 \\le x, y \\le N` (roller's side, per unit cube).

    Values are integers over ``D**K`` in the lists ``nd_c``, ``nd_o``, ``nd_t`` (no-double
    equities) indexed ``[x][y]``; use the accessor methods for ``mpq`` values.
    """

    SOURCE = 'money-game Bellman equations (zk77 §2)'
    VALUES = ("nd_c", "nd_o", "nd_t", "scale")

    size: int
    dice: str
    scale: int = field(repr=False)  # D**K
    nd_c: list = field(repr=False)
    nd_o: list = field(repr=False)
    nd_t: list = field(repr=False)
    m2: dict | None = field(repr=False, default=None)  # second moments (optional)
    method: str = "Bellman equations solved exactly in order of increasing x + y (integers over D^K)"

    def _check(self, x, y):
        x, y = check_count(x, "your count"), check_count(y, "opponent's count")
        if x > self.size or y > self.size:
            raise BadInput(f"({x}, {y}) lies outside this table (counts 1..{self.size})")
        return x, y

    def _q(self, v) -> mpq:
        return mpq(v, self.scale)

    # no-double values
    def no_double(self, x, y, cube="centred") -> mpq:
        """:math:`\\mathrm{ND}` (hold the cube for at least one roll; zk77 Table 2 "not doubling")."""
        x, y = self._check(x, y)
        c = Cube.parse(cube)
        arr = {Cube.CENTRED: self.nd_c, Cube.MINE: self.nd_o, Cube.THEIRS: self.nd_t}[c]
        return self._q(arr[x][y])

    def double_take(self, x, y) -> mpq:
        """:math:`2\\,\\mathrm{ND}_T(x, y)`: the roller doubles and the opponent takes."""
        x, y = self._check(x, y)
        return self._q(2 * self.nd_t[x][y])

    def double(self, x, y) -> mpq:
        """:math:`\\mathrm{DB} = \\min(1, 2\\,\\mathrm{ND}_T)`: double, opponent replies optimally (zk77 Table 2 "doubling")."""
        x, y = self._check(x, y)
        return self._q(min(self.scale, 2 * self.nd_t[x][y]))

    def equity(self, x, y, cube="centred") -> mpq:
        """:math:`E_C, E_O, E_T`: the roller's exact cubeful equity with optimal play by both."""
        x, y = self._check(x, y)
        c = Cube.parse(cube)
        if c is Cube.THEIRS:
            return self._q(self.nd_t[x][y])
        nd = (self.nd_c if c is Cube.CENTRED else self.nd_o)[x][y]
        return self._q(max(nd, min(self.scale, 2 * self.nd_t[x][y])))

    def equities(self, cube="centred") -> list[list[mpq]]:
        """The whole table :math:`E(x, y)` as reduced mpq, ``equities()[x-1][y-1]`` (bulk, fast)."""
        from gmpy2 import mpz

        c = Cube.parse(cube)
        one = self.scale
        d = mpz(one)
        N = self.size
        if c is Cube.THEIRS:
            return [[mpq(self.nd_t[x][y], d) for y in range(1, N + 1)] for x in range(1, N + 1)]
        nd = self.nd_c if c is Cube.CENTRED else self.nd_o
        out = []
        for x in range(1, N + 1):
            ndx, ntx = nd[x], self.nd_t[x]
            out.append([mpq(max(ndx[y], min(one, 2 * ntx[y])), d) for y in range(1, N + 1)])
        return out

    # decisions as integers (fast, for sweeps)
    def should_double(self, x: int, y: int, cube="centred") -> bool:
        """True iff doubling is strictly better than holding (ties: hold)."""
        c = Cube.parse(cube)
        if c is Cube.THEIRS:
            return False
        nd = (self.nd_c if c is Cube.CENTRED else self.nd_o)[x][y]
        return min(self.scale, 2 * self.nd_t[x][y]) > nd

    def should_take(self, x: int, y: int) -> bool:
        """True iff the opponent of the roller should take a double at (x, y) (ties: take)."""
        return 2 * self.nd_t[x][y] <= self.scale

    def second_moment(self, x, y, cube="centred") -> mpq:
        """:math:`E[\\text{payoff}^2]` per unit cube under the optimal policy (ties: no double, take)."""
        if self.m2 is None:
            raise BadInput("this table was solved without second moments (use solve(..., moments=True))")
        x, y = self._check(x, y)
        return self._q(self.m2[Cube.parse(cube)][x][y])

    def second_moment_no_double(self, x, y, cube="centred") -> mpq:
        """Second moment when the roller holds for one roll (then optimal play)."""
        if self.m2 is None:
            raise BadInput("this table was solved without second moments")
        x, y = self._check(x, y)
        return self._q(self.m2["nd_" + Cube.parse(cube).value][x][y])

    def second_moment_double_take(self, x, y) -> mpq:
        """Second moment when the roller doubles and the opponent takes: 4 E_T[payoff^2]."""
        if self.m2 is None:
            raise BadInput("this table was solved without second moments")
        x, y = self._check(x, y)
        return self._q(4 * self.m2[Cube.THEIRS][x][y])


def solve(size: int, dice=BACKGAMMON, moments: bool = False, progress=None) -> CubefulTable:
    """Solve the cubeful money game exactly for all counts up to ``size`` (zk77 Tables 2-3 model).

    ``progress(done, total)`` (:mod:`exactcube.progress`, optional) after each count sum.
    """
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise BadInput(f"table size must be a whole number >= 1, got {size!r}")
    if size > MAX_CUBEFUL:
        raise TooLarge(f"cubeful table size {size} is too large (at most {MAX_CUBEFUL})")
    dice = _dice(dice)
    return _solve_cells(size, dice, moments, progress)


def _scale(size: int, dice: Dice) -> int:
    r""":math:`D^K` with :math:`K = \lceil 2N/m \rceil + 1`: every value times it is an integer."""
    return dice.denominator ** (-(-2 * size // dice.min_total) + 1)


def _solve_cells(size: int, dice: Dice, moments: bool, progress=None) -> CubefulTable:
    """The Bellman sweep cell by cell, in order of increasing x + y, with optional second moments.

    (A numpy object-array version vectorised along anti-diagonals was tried and was no faster.)
    """
    D = dice.denominator
    one = _scale(size, dice)
    items = dice.items()  # increasing totals
    N = size
    z = [[0] * (N + 1) for _ in range(N + 1)]
    nd_c = [row[:] for row in z]
    nd_o = [row[:] for row in z]
    nd_t = [row[:] for row in z]
    e_c = [row[:] for row in z]
    e_o = [row[:] for row in z]
    if moments:
        m_c = [row[:] for row in z]
        m_o = [row[:] for row in z]
        m_t = [row[:] for row in z]
        mnd_c = [row[:] for row in z]
        mnd_o = [row[:] for row in z]
    # for each count x: the totals that do not finish (as (x - r, w)) and the weight of those that do
    cont = [[(x - r, w) for r, w in items if r < x] for x in range(N + 1)]
    fin = [sum(w for r, w in items if r >= x) for x in range(N + 1)]
    for s in range(2, 2 * N + 1):
        for x in range(max(1, s - N), min(N, s - 1) + 1):
            y = s - x
            ec_y = e_c[y]
            eo_y = e_o[y]
            et_y = nd_t[y]
            win = fin[x]
            ac = ao = at = 0
            for c, w in cont[x]:
                ac += w * ec_y[c]
                ao += w * et_y[c]
                at += w * eo_y[c]
            base = win * one
            vc, rc = divmod(base - ac, D)
            vo, ro = divmod(base - ao, D)
            vt, rt = divmod(base - at, D)
            if rc or ro or rt:  # pragma: no cover - would mean K is too small
                raise ArithmeticError("inexact division: scale exponent too small")
            db = min(one, 2 * vt)
            nd_c[x][y], nd_o[x][y], nd_t[x][y] = vc, vo, vt
            e_c[x][y] = db if db > vc else vc
            e_o[x][y] = db if db > vo else vo
            if moments:
                mwin = win * one
                sc = so = st = 0
                mc_y, mo_y, mt_y = m_c[y], m_o[y], m_t[y]
                for c, w in cont[x]:
                    sc += w * mc_y[c]
                    so += w * mt_y[c]
                    st += w * mo_y[c]
                qc, qo, qt = (mwin + sc) // D, (mwin + so) // D, (mwin + st) // D
                mnd_c[x][y], mnd_o[x][y], m_t[x][y] = qc, qo, qt
                take = 2 * vt <= one
                mdb = 4 * qt if take else one
                m_c[x][y] = mdb if db > vc else qc
                m_o[x][y] = mdb if db > vo else qo
        if progress is not None:
            progress(s - 1, 2 * N - 1)
    m2 = None
    if moments:
        m2 = {Cube.CENTRED: m_c, Cube.MINE: m_o, Cube.THEIRS: m_t, "nd_centred": mnd_c, "nd_mine": mnd_o,
              "nd_theirs": m_t}
    return CubefulTable(N, dice.name, one, nd_c, nd_o, nd_t, m2)


@dataclass(frozen=True)
class Decision(Result):
    """The cube decision at one position, with every equity it compares (roller's side, per unit cube).

    ``mine``/``theirs`` are the two sides' positions: pip counts in the race model, the counts on
    points 1..6 for a real bearoff (:mod:`.bearoff`, whose method names its recursion).  Built by
    :func:`decide`, the one rule."""

    SOURCE = 'money-game Bellman equations (zk77 §2): the race model, or a real bearoff'
    VALUES = ("cubeless_win", "no_double", "double_take", "double_pass", "equity")

    mine: int | tuple
    theirs: int | tuple
    cube: Cube
    dice: str
    cubeless_win: mpq
    no_double: mpq
    double_take: mpq | None
    double_pass: mpq | None
    equity: mpq
    action: Action
    take: bool | None  # the opponent's right reply to a double (None if the roller cannot double)
    tie: bool  # tie_double or tie_take
    method: str
    tie_double: bool = False  # doubling and holding are exactly equal
    tie_take: bool = False  # the opponent's take and pass are exactly equal

    @property
    def cube_action(self) -> CubeAction:
        """The decision as :func:`exactcube.cubeaction.decide` gives it (typed: action, reply, ties, owner, value 1)."""
        if self.action is Action.CANNOT_DOUBLE:
            return CubeAction(Action.CANNOT_DOUBLE, None, False, False, self.cube, 1, "opponent owns the cube")
        if self.take is None:  # the game is over
            return CubeAction(Action.NO_DOUBLE, None, False, False, self.cube, 1, "the game is over")
        return CubeAction(self.action, self.take, self.tie_double, self.tie_take, self.cube, 1)

    @property
    def too_good(self) -> bool:
        """Playing on beats a pass (no double although the opponent would pass): no-double equity above 1."""
        return self.double_pass is not None and self.no_double > self.double_pass

    def as_dict(self) -> dict:
        """The fields (:meth:`exactcube.results.Result.as_dict`) and :attr:`too_good`."""
        return {**super().as_dict(), "too_good": self.too_good}

    def advice(self) -> tuple[str, str, str, str]:
        """The decision in words: ``(verb, action, reply, tie)``; ``verb`` is "redouble" when the roller
        owns the cube; ``reply`` the opponent's right answer to a (re)double; ``tie`` says when doubling
        and holding are exactly equal (else "").  ``action`` is "" when the roller cannot double."""
        verb = "redouble" if self.cube is Cube.MINE else "double"
        if self.action is Action.CANNOT_DOUBLE:
            return verb, "", "", ""
        if self.action is Action.NO_DOUBLE:
            act = f"no {verb}" + (" (too good: playing on beats a pass)" if self.too_good else "")
        else:
            act = f"{verb}, take or pass (exactly equal)" if self.tie_take else self.action.value.replace("double", verb)
        reply = "take or pass, exactly equal" if self.tie_take else ("take" if self.take else "pass")
        return verb, act, reply, f"{verb} and no {verb} are exactly equal" if self.tie_double else ""


def decide(mine, theirs, cube, cubeless_win, no_double, nd_theirs, method: str, dice: str = "backgammon",
           kind: type = Decision, over: bool = False) -> Decision:
    r"""The roller's cube decision from his no-double equity ``no_double`` in cube state ``cube``
    and the no-double equity ``nd_theirs`` of the state a take hands him (the opponent owns a
    cube of twice the value): double/take :math:`2\,\mathrm{ND}_T`, double/pass 1,
    :math:`\mathrm{DB} = \min(1, 2\,\mathrm{ND}_T)`; (re)double iff :math:`\mathrm{DB} > \mathrm{ND}`,
    take iff :math:`2\,\mathrm{ND}_T \le 1` (module docstring; ties reported, resolved as "no
    double" and "take"): :func:`exactcube.cubeaction.decide`, the one rule of every cube decision, money and match,
    with a pass worth 1 (the race model here, real bearoffs in :mod:`.bearoff`).  ``nd_theirs`` None: the roller
    cannot double; ``over``: the game has ended (no double, no reply).  ``kind`` a :class:`Decision` subclass
    naming further readings."""
    c = Cube.parse(cube)
    if over or c is Cube.THEIRS or nd_theirs is None:
        a = decide_action(no_double, owner=c, over=over, cannot="opponent owns the cube")
        return kind(mine, theirs, c, dice, cubeless_win, no_double, None, None, no_double, a.action,
                    None, False, method)
    dt = 2 * nd_theirs
    a = decide_action(no_double, dt, mpq(1), c)  # the one rule: double/pass is worth 1 (a unit cube)
    return kind(mine, theirs, c, dice, cubeless_win, no_double, dt, mpq(1), max(no_double, min(dt, mpq(1))),
                a.action, a.take, a.tie, method, a.tie_double, a.tie_take)


def decision(x: int, y: int, cube="centred", dice=BACKGAMMON, table: CubefulTable | None = None) -> Decision:
    """Optimal cube action at (x, y) with the cube ``centred|mine|theirs`` (zk77 Table 3's question),
    by :func:`decide`.

    Solves only the sub-table the position needs (counts up to max(x, y)).
    """
    from .cubeless import win_probability

    x, y = check_count(x, "your count"), check_count(y, "opponent's count")
    c = Cube.parse(cube)
    dice = _dice(dice)
    n = max(x, y)
    if table is None or table.size < n or table.dice != dice.name:
        if n > MAX_CUBEFUL:
            raise TooLarge(f"cubeful counts up to {MAX_CUBEFUL} pips are offered (got {n})")
        table = solve(n, dice)
    p = win_probability(x, y, dice).value
    nd = table.no_double(x, y, c)
    nt = None if c is Cube.THEIRS else table.no_double(x, y, Cube.THEIRS)
    return decide(x, y, c, p, nd, nt, table.method, dice.name)


@dataclass(frozen=True)
class Thresholds(Result):
    """zk77 Table 3 for one count ``x``: opponent's count relative to yours (:math:`\\delta = y - x`).

    ``double_from``/``redouble_from``: the least :math:`\\delta` at which (re)doubling is right;
    ``take_to``: the largest :math:`\\delta` at which the opponent should take.  ``monotone``
    says whether each decision switches exactly once over the scanned range (if not, the
    thresholds are the first switch and the flag is False).  Positions already won for
    certain (no-double equity exactly 1) count as doubles: doubling and holding both give +1.
    """

    SOURCE = 'money-game Bellman equations (zk77 §2)'
    #: the thresholds are read off exact comparisons of the table's values
    VALUES = ("double_from", "redouble_from", "take_to")

    count: int
    double_from: int | None
    redouble_from: int | None
    take_to: int | None
    monotone: bool
    scanned: tuple[int, int]
    dice: str


def thresholds(x: int, table: CubefulTable) -> Thresholds:
    """Exact zk77 Table 3 thresholds for your count ``x`` from a solved table (scans y = 1..N)."""
    x = check_count(x)
    N = table.size
    if x > N:
        raise BadInput(f"count {x} is outside the table (1..{N})")
    ys = range(1, N + 1)
    one = table.scale
    # a position already won with certainty (no-double equity 1) counts as a double: both give +1
    dbl = [table.should_double(x, y, Cube.CENTRED) or table.nd_c[x][y] == one for y in ys]
    rdb = [table.should_double(x, y, Cube.MINE) or table.nd_o[x][y] == one for y in ys]
    tk = [table.should_take(x, y) for y in ys]

    def first_true(seq):
        for i, v in enumerate(seq):
            if v:
                return i + 1 - x
        return None

    def last_true(seq):
        last = None
        for i, v in enumerate(seq):
            if v:
                last = i + 1 - x
        return last

    def switches(seq):
        return sum(1 for a, b in zip(seq, seq[1:], strict=False) if a != b)

    # double/redouble sets must be up-sets in y, the take set a down-set
    monotone = (all(switches(s) <= 1 for s in (dbl, rdb, tk)) and (tk[0] or not any(tk))
                and all(s[-1] or not any(s) for s in (dbl, rdb)))
    return Thresholds(x, first_true(dbl), first_true(rdb), last_true(tk), monotone, (1 - x, N - x), table.dice)
