r"""noisy §3, Conjectures 9 and 10 for *every* heap: the ends of the noise range, proved for all n.

A chain of lemmas (docs/noisy.md, "Every heap, every power of two: the ends of the noise range"), each a claim
of its own, checked on its base cases and instances (exact rationals); the general steps are decided by z3
(:mod:`proofs.noisy.smt`: the case analyses of Lemma 1 and Theorem 2 in linear integer arithmetic for every
K = 2^(k-1) from the stated start, the inequalities of Theorem 7 over the reals, the classes of the neighbours
in Lemma 5, the sign of the gap in Conjecture 10) or computed in sympy (the sums and series of Lemma 5 and
Theorems 6 and 8), so that a false step fails its claim; the steps that stay in words are named in each
claim's details and in docs/noisy.md. Then the theorems:

* ``noisy.ends.channel_at_one`` (Lemma 1), ``noisy.ends.values_at_one`` (Theorem 2, Corollary 3): the game at
  eps = 1 for every heap;
* ``noisy.ends.power_channel`` (Lemma 4), ``noisy.ends.germ_at_one`` (Lemma 5): the moves from n = 2^j near
  eps = 1 as closed forms in j;
* ``noisy.conjecture10.every_k``: Conjecture 10 is false for every n = 2^k >= 256 (move n - 4 beats n - 1 on
  an interval (1 - delta_k, 1)); near eps = 1 move n - 1 is the unique optimum for every 2 <= n = 2^k <= 128;
* ``noisy.ends.half`` (Theorem 6) and ``noisy.conjecture9.ends`` (Theorem 7 with Theorem 6): Conjecture 9 near
  eps = 0 for every n >= 2, and p(n) > 1/2 with only even optimal moves near eps = 1/2.

The theorems re-use the lemma verdicts of the same run (computed once) and are never stronger than the
weakest of them.
"""

from __future__ import annotations


import numpy as np
import sympy as sp
import z3

from exactcube.certificates import recorded_cache
from exactcube.claims import Outcome, claim, open_, refuted, verified
from exactcube.content.model import claim_ref, math, say, table, value
from exactcube.noisy.eps import ends as E
from exactcube.noisy.nim import channel_weights, solve_nim
from exactcube.numbers import format_exact, mpq
from exactcube.results import cited, computed

from ..linked import Formula, cite, establish, export, holds, unlinked
from ..linked import Step as SympyStep
from .readings import CHANNEL, resting_on
from .smt import Conclusion, EpsRange, first_failure, prove
from .smt import cite as cite_z3
from .smt import establish as establish_z3
from .smt import export as export_z3

DERIVED = ("a lemma derived here for every heap, not a printed statement: the check fails when the closed form "
           "disagrees with the exact solver on an instance, z3 finds a counterexample to a general step, or a "
           "sympy computation does not come out as stated")
STATEMENT = ("the conjecture's own statement (the move $n - 1$, the bound $1/2$): the check fails when a lemma of the "
             "chain fails or the sign of the decisive coefficient is not the one stated")
#: the same for Conjecture 9, whose move is 0 (issue 45, row 18: it was given Conjecture 10's words)
STATEMENT9 = ("the conjecture's own statement (the move 0, the bound $1/2$): the check fails when a lemma of the "
              "chain fails or the sign of the decisive coefficient is not the one stated")

#: Theorem 2's induction step is proved for every K = 2^(k-1) >= 2 * T2_HALF_K0 (the base below it is computed)
T2_HALF_K0 = 4


def chain_open(what, *basis):
    """The verdict of a step of an every-heap chain that does not hold: open, with the reason (content,
    :func:`exactcube.content.model.say`), citing ``basis`` (the step that failed, the instance computed, the results a
    lemma that is not verified rests on); with nothing to cite, the failed check itself as a computed result."""
    if not cited(list(basis)):
        basis = (computed(False, "the check of an every-heap step, which failed", "noisy §3"),)
    return open_(list(basis), what, assumptions=(CHANNEL.id,))


def chain_lemma(cid: str, location: str, statement: str, check, unprinted: str = DERIVED):
    """Register a lemma of an every-heap chain as a claim of its own (its check is the cached one the theorems
    reuse)."""
    def run():
        return check()

    run.__name__ = run.__qualname__ = cid.replace(".", "_")
    return claim(cid, location, statement, unprinted=unprinted)(resting_on(CHANNEL)(run))


_fail = chain_open
_lemma_claim = chain_lemma


def _ints(xs) -> str:
    """Integers (moves, heaps, received words) as a list in words: ``3, 5 and 7`` (``none`` when empty)."""
    xs = [str(x) for x in xs]
    return "none" if not xs else xs[0] if len(xs) == 1 else ", ".join(xs[:-1]) + " and " + xs[-1]


def _step_failed(what: str, step):
    """An open verdict for a general step z3 did not prove (its name in the delimited syntax, the counterexample)."""
    return _fail(say(what, step.sentence()) if what else say(step.sentence()), step)


def rests(*verdicts):
    """The provenances the verdicts of cited lemmas rest on (a dependent cites them with its own results)."""
    return [p for v in verdicts for p in v.rests_on]


def _rests_on(what: str, dep):
    """An open verdict for a theorem whose lemma ``dep`` (a verdict) is not verified, with the lemma's reason."""
    return _fail(say(f"rests on {what}, which is not verified:", dep.details), rests(dep))


def _steps_table(steps):
    """The general steps decided by z3, one per row (their names are in the delimited syntax)."""
    return table(["step decided by z3 for every case"], [[say(st.name)] for st in steps])


# ---------------------------------------------------------------------------
# Lemma 1: where a move arrives at eps = 1
# ---------------------------------------------------------------------------

def _farthest_legal(n: int) -> list[tuple[int, ...]]:
    """For every move m < n, the legal words at maximal Hamming distance (the definition of the channel at
    eps = 1 as the limit eps -> 1), by brute force over all pairs."""
    w = np.arange(n, dtype=np.int64)
    x = w[:, None] ^ w[None, :]
    d = np.zeros_like(x)
    for b in range(max(1, n.bit_length())):
        d += (x >> b) & 1
    dm = d.max(axis=1)
    return [tuple(np.nonzero(d[m] == dm[m])[0].tolist()) for m in range(n)]


#: Lemma 1's statement, as its exported step takes it, is checked against the closed form for every heap n <= this
_STATEMENT_N = 40


@recorded_cache
def lemma1_verdict():
    # (a) the solver's channel at eps = 1, every move of every heap up to 160
    """The verdict of claim ``noisy.ends.channel_at_one``, cached for the run.

    The claims resting on it share it; a test re-runs it after ``lemma1_verdict.cache_clear()``."""
    for n in range(1, 161):
        ch = channel_weights(n, 1)
        for m in range(n):
            got = tuple(r for r, x in enumerate(ch.weights(m)) if x)
            if got != E.received_at_one(n, m):
                return _fail(say(f"Lemma 1 fails at $n = {n}$, $m = {m}$: the channel gives the words {_ints(got)}, "
                                 f"the lemma {_ints(E.received_at_one(n, m))}"))
    # (b) the definition (farthest legal words) by brute force, around every power of two up to 2^11
    heaps = sorted({n for i in range(3, 12) for n in ((1 << i) + s for s in (-3, -2, -1, 0, 1, 2, 3, 5))}
                   | set(range(161, 300)))
    for n in heaps:
        far = _farthest_legal(n)
        for m in range(n):
            if far[m] != E.received_at_one(n, m):
                return _fail(say(f"Lemma 1 fails at $n = {n}$, $m = {m}$: the farthest legal words are "
                                 f"{_ints(far[m])}, the lemma's {_ints(E.received_at_one(n, m))}"))
    # (c) the general step: the case analysis of the proof in linear integer arithmetic (z3), every heap
    steps = lemma1_steps()
    bad = first_failure(steps)
    if bad is not None:
        return _step_failed("Lemma 1:", bad)
    off = _statement_instances(_STATEMENT_N)
    if off is not None:
        return _fail(say(f"Lemma 1 as the exported step states it does not hold at $n = {off}$"))
    steps = [*steps, arrival_step()]
    if not steps[-1].proved:
        return _step_failed("Lemma 1:", steps[-1])
    inst = computed({"heaps to 160": 160, "more heaps": len(heaps)}, "the channel at eps = 1 against the lemma, "
                    "every move", "noisy §3, (5)")
    return verified([steps, inst], say(f"Lemma 1 for every heap (proof in docs/noisy.md): its {len(steps)} integer steps "
                               "decided by z3 for every $K \\ge 1$, $0 \\le t < K$ (in words only: the one word at "
                               "distance $k - 1$ from a $(k - 1)$-bit word is its complement, and changing one bit of $c$ "
                               "gives $c \\pm 2^b$); checked against the solver's channel at $\\varepsilon = 1$ for every "
                               "move of every heap $n \\le 160$ and against the farthest legal words by brute force for "
                               f"every move of {len(heaps)} more heaps ($161, \\ldots, 299$ and $2^i - 3, \\ldots, "
                               "2^i + 5$, $i \\le 11$)"),
                    _steps_table(steps), assumptions=(CHANNEL.id,))


def lemma1_steps():
    """The integer steps of Lemma 1's proof, for every K >= 1 and 0 <= t < K (z3, linear integer arithmetic)."""
    K, t, m, c, P = z3.Ints("K t m c P")
    blk = [K >= 1, t >= 0, t < K]
    return [
        prove("the complement $2K - 1 - m$ is legal exactly when $m \\ge K - t$", blk + [m >= 0, m < K + t],
              (2 * K - 1 - m < K + t) == (m >= K - t)),
        prove("a move $m < K - t$ has $c = K - 1 - m \\ge t$ (so $c$ itself is legal)", blk + [m >= 0, m < K - t],
              z3.And(K - 1 - m >= t, K - 1 - m < K)),
        prove("a top word $K + s$ at distance $k - 1$ has $s = c - 2^b$ ($c + 2^b \\ge t$ is not below $t$)",
              blk + [c >= t, P >= 1, c + P < t], False),
        prove("each extra word $K + c - 2^b$ with $c - 2^b < t$ is legal with top bit 1",
              blk + [c >= t, c < K, P >= 1, c - P >= 0, c - P < t], z3.And(K + c - P >= K, K + c - P < K + t)),
    ]


_K1, _t1, _m1, _x1 = z3.Ints("K t m x")
_a1 = z3.Bool("a")


def arrival_formula(K, t, m, x, a):
    """Lemma 1's exported conclusion over z3 terms: ``a`` says that the word ``x`` is one on which move ``m`` from
    the heap ``K + t`` arrives at eps = 1 (K = 2^(k-1) <= K + t < 2K).  A move m >= K - t arrives surely as its
    complement 2K - 1 - m; a move m < K - t arrives on c = K - 1 - m and otherwise only on words of [K, K + t);
    for c = 3 (m = K - 4) those are exactly K + 2 when t > 2 and K + 1 when t > 1 (the binary digits of 3)."""
    c = K - 1 - m
    return z3.And(
        z3.Implies(m >= K - t, a == (x == 2 * K - 1 - m)),
        z3.Implies(m < K - t, z3.And(z3.Implies(x == c, a), z3.Implies(a, z3.Or(x == c, z3.And(x >= K, x < K + t))))),
        z3.Implies(z3.And(m < K - t, m == K - 4),
                   a == z3.Or(x == 3, z3.And(x == K + 2, t > 2), z3.And(x == K + 1, t > 1))))


#: Lemma 1's exported conclusion (proofs.noisy.smt): where a move arrives at eps = 1, in the linear integer terms
#: Theorem 2's step and the bound of Conjecture 10 at eps = 1 take (the sure complement, the centre and the extra
#: words of [K, K + t), the received words of c = 3)
ARRIVAL = export_z3(Conclusion(
    "noisy.ends.channel_at_one", (_K1, _t1, _m1, _x1, _a1), None,
    (_K1 >= 1, _t1 >= 0, _t1 < _K1, _m1 >= 0, _m1 < _K1 + _t1), arrival_formula(_K1, _t1, _m1, _x1, _a1),
    "K = 2^(k-1), n = K + t a heap, m a move, x a word, a: m arrives on x at eps = 1"))


def arrival_statement(K, t, m, x, a, e):
    """Lemma 1 as stated (z3 terms), with ``e`` for "x is an extra word K + c - 2^b, bit b of c set,
    c - 2^b < t" of a move m < K - t: the premises from which :func:`arrival_step` proves the exported formula.
    The first two are the statement; the third is the goal of Lemma 1's fourth step (K + c - 2^b lies in
    [K, K + t)); the fourth the binary digits of c = 3 (its extra words K + 3 - 1 and K + 3 - 2, in words)."""
    return [z3.Implies(m >= K - t, a == (x == 2 * K - 1 - m)),
            z3.Implies(m < K - t, a == z3.Or(x == K - 1 - m, e)),
            z3.Implies(e, z3.And(x >= K, x < K + t)),
            z3.Implies(z3.And(m < K - t, m == K - 4), e == z3.Or(z3.And(x == K + 2, t > 2), z3.And(x == K + 1, t > 1)))]


def arrival_step():
    """The last step of Lemma 1: its exported formula (:data:`ARRIVAL`) from the statement as
    :func:`arrival_statement` gives it."""
    K, t, m, x, a = ARRIVAL.variables
    premises = arrival_statement(K, t, m, x, a, z3.Bool("e"))
    return establish_z3(cite_z3(ARRIVAL.id), "the statement gives the exported arrivals (the sure complement, "
                        "the centre and the words of $[K, K + t)$, the received words of $c = 3$)", premises)


def _statement_instances(n_max: int) -> int | None:
    """The first heap n <= n_max at which the premises of :func:`arrival_step` (Lemma 1 as stated) do not hold
    for the words :func:`exactcube.noisy.eps.ends.received_at_one` gives, with ``e`` the words other than the
    centre of a move m < K - t; None when they hold at every move and every word x < n + 3 (one z3 query a heap:
    the received words as a table, every move and word at once)."""
    m, x = z3.Ints("m x")
    for n in range(1, n_max + 1):
        K = 1 << (n.bit_length() - 1)
        t = n - K
        got = [(mm, r) for mm in range(n) for r in E.received_at_one(n, mm)]
        a = z3.Or([z3.And(m == mm, x == r) for mm, r in got])
        e = z3.Or([z3.And(m == mm, x == r) for mm, r in got if mm < K - t and r != K - 1 - mm] or [False])
        q = z3.Solver()
        q.add(m >= 0, m < n, x >= 0, x < n + 3, z3.Not(z3.And(*arrival_statement(K, t, m, x, a, e))))
        if q.check() != z3.unsat:
            return n
    return None


def channel_at_one_verdict():
    """The verdict of Lemma 1 (computed once per run): other claim modules rest on it through this name."""
    return lemma1_verdict()


channel_at_one = _lemma_claim("noisy.ends.channel_at_one", "§3, (5) at $\\varepsilon = 1$",
    "Lemma 1: from a heap $n = K + t$ ($K = 2^{k-1} \\le n < 2K$) a move $m \\ge K - t$ arrives at "
    "$\\varepsilon = 1$ surely as $2K - 1 - m$; a move $m < K - t$ arrives uniformly on $c$ and the words "
    "$K + c - 2^b$ (bit $b$ of $c$ set, $c - 2^b < t$), $c = K - 1 - m$",
    lemma1_verdict)


# ---------------------------------------------------------------------------
# Theorem 2 and Corollary 3: the game at eps = 1
# ---------------------------------------------------------------------------

_VALUES_N = 2100
_OPTIMAL_N = 600
#: the exported closed form is checked against the solver's values at eps = 1 for every heap r <= _CLOSED_N
_CLOSED_N = 200


@recorded_cache
def theorem2_verdict():
    """The verdict of claim ``noisy.ends.values_at_one``, cached for the run.

    The claims resting on it share it; a test re-runs it after ``theorem2_verdict.cache_clear()``."""
    if lemma1_verdict().outcome is not Outcome.VERIFIED:
        return _rests_on("Lemma 1", lemma1_verdict())
    # the inductive step for r >= K0: its case analysis in linear integer arithmetic, decided by z3 for every K >= K0
    K0 = 2 * T2_HALF_K0
    steps = theorem2_steps(T2_HALF_K0)
    bad = first_failure(steps)
    if bad is not None:
        return _step_failed("Theorem 2:", bad)
    s = solve_nim(_VALUES_N, 1)
    # base cases r < K0 and the whole pattern up to 2100 against the exact solver
    bad = [r for r in range(_VALUES_N + 1) if s.p[r] != E.value_at_one(r)]
    if bad:
        r = bad[0]
        return _fail(say(f"Theorem 2 fails at $r = {r}$: the solver gives", value(s.p[r], name="p"), ", the theorem",
                         value(E.value_at_one(r))))
    bad = [n for n in range(1, _OPTIMAL_N + 1) if tuple(s.optimal[n]) != E.optimal_at_one(n)]
    if bad:
        n = bad[0]
        return _fail(say(f"Corollary 3 fails at $n = {n}$: the solver's optimal moves are {_ints(s.optimal[n])}, the "
                         f"corollary's {_ints(E.optimal_at_one(n))}"))
    powers = [j for j in range(2, 12) if tuple(s.optimal[1 << j]) != ((1 << j) - 4, (1 << j) - 1)]
    if powers:
        return _fail(say(f"from $n = 2^{{{powers[0]}}}$ the optimal moves at $\\varepsilon = 1$ are "
                         f"{_ints(s.optimal[1 << powers[0]])}"))
    if not all(s.p[r] == E.value_at_one(r) for r in range(K0)):
        return _fail(say(f"Theorem 2: the base $r < {K0}$ is not computed as stated"))
    # the exported closed form: proved from the induction on every block, and admitting every value the solver gives
    closed = theorem2_closed_form_step(T2_HALF_K0)
    if not closed.proved:
        return _step_failed("Theorem 2:", closed)
    off = _closed_form_instances(s.p, _CLOSED_N)
    if off is not None:
        return _fail(say(f"Theorem 2's exported closed form does not admit the solver's value at $r = {off}$:",
                         value(s.p[off], name="p")))
    steps = [*steps, closed]
    scope = f"every heap $r$ (base $r < {K0}$ computed, step for every $K = 2^{{k-1}} \\ge {K0}$)"
    return verified([steps, s, rests(lemma1_verdict())], say(f"Theorem 2 for {scope}, by induction (docs/noisy.md): the step's {len(steps)} cases "
                               f"decided by z3 in linear integer arithmetic for every even $K \\ge {K0}$, "
                               "$0 \\le t < K$ (in words only: a move's value is the average of $1 - p$ over its "
                               "received words, Lemma 1, and $p(r)$ is the largest; the powers of two other than $K$ "
                               "and $2K$ are at most $K/2$ or at least $4K$); the closed form against the exact solver "
                               f"at $\\varepsilon = 1$ for every $r \\le {_VALUES_N}$. Corollary 3 (the optimal moves) "
                               f"against the solver for every $n \\le {_OPTIMAL_N}$; from $n = 2^j$, $j = 2, \\ldots, "
                               "11$, exactly $n - 4$ and $n - 1$"),
                    _steps_table(steps), assumptions=(CHANNEL.id,))


def in_z(x):
    """Membership of the set Z of Theorem 2's step (where q = 2, :func:`theorem2_steps`) as a z3 condition: x is 0 or 3."""
    return z3.Or(x == 0, x == 3)


_r, _P = z3.Ints("r P")
_v = z3.Real("v")
#: Theorem 2's exported conclusion (proofs.noisy.smt): the value v = p(r) at eps = 1 of a heap r, seen from any
#: power of two P >= 8: 0 on Z = {0, 3}; 1 on W (1, 2, 4 and the block [P - 3, P + 1]); 1/2 strictly between the
#: blocks of P and 2P.  Lemma 5 and the forcing term's ends take the values of W and of the fair heaps from it.
VALUES_AT_ONE = export_z3(Conclusion(
    "noisy.ends.values_at_one", (_r, _P, _v), None, (_r >= 0, _P >= 8),
    z3.And(z3.Implies(in_z(_r), _v == 0),
           z3.Implies(z3.Or(_r == 1, _r == 2, _r == 4, z3.And(_P - 3 <= _r, _r <= _P + 1)), _v == 1),
           z3.Implies(z3.And(_P + 1 < _r, _r < 2 * _P - 3), _v == z3.Q(1, 2))),
    "r a heap, P any power of two >= 8, v = p(r) at eps = 1"))


def at_one(r, P, hypotheses=()):
    """p(r) at eps = 1 as Theorem 2 exports it (:data:`VALUES_AT_ONE`), for the z3 terms r and P (a power of two
    >= 8) under the dependent's ``hypotheses``: (the value, or None when the cited conclusion does not determine
    it; the z3 steps that decided it)."""
    c = cite_z3(VALUES_AT_ONE.id)
    v = z3.Real("p")
    return c.value(v, r, P, v, hypotheses=hypotheses)


def theorem2_closed_form_step(half_k0: int):
    """The last step of Theorem 2: the induction's conclusion on a block (p(K + t) = 1 exactly on W meets [K, 2K),
    which the first step shows is K, K + 1 and [2K - 3, 2K - 1], and 1/2 elsewhere) is the exported closed form at
    every heap r = K + t and every power of two P >= 8 (at most K/2, K, 2K or at least 4K, seen from K)."""
    K, H, t, P = z3.Ints("K H t P")
    r, v = z3.Int("r"), z3.Real("v")
    w = z3.Or(r == K, r == K + 1, z3.And(r >= 2 * K - 3, r <= 2 * K - 1))
    prem = [K == 2 * H, H >= half_k0, t >= 0, t < K, r == K + t, z3.Or(P <= H, P == K, P == 2 * K, P >= 4 * K),
            v == z3.If(w, 1, z3.Q(1, 2))]
    return establish_z3(cite_z3(VALUES_AT_ONE.id), "the values on the block $[K, 2K)$ are the closed form of $p$ at "
                        "$\\varepsilon = 1$, seen from every power of two $P \\ge 8$", prem, (r, P, v))


def _closed_form_instances(p, n: int) -> int | None:
    """The first heap r <= n whose value p[r] (the solver's at eps = 1) the exported closed form does not admit,
    seen from the powers of two P >= 8 whose clauses speak of r (the largest P with P - 3 <= r, and 2P: every other
    power leaves r out of its block and of its gap); None when it admits every one."""
    c = cite_z3(VALUES_AT_ONE.id)
    for r in range(n + 1):
        x = z3.Q(int(p[r].numerator), int(p[r].denominator))
        P0 = max(8, 1 << ((r + 3).bit_length() - 1))
        for P in (P0, 2 * P0):
            if not z3.is_true(z3.simplify(c.at(r, P, x))):
                return r
    return None


def theorem2_steps(half_k0: int):
    """The cases of Theorem 2's step for r = K + t, every even K >= 2 * half_k0 and 0 <= t < K (z3, linear integer
    arithmetic). ``q(x)`` = 2 (1 - p(x)) by the induction hypothesis: 2 on Z, 0 on W, 1 elsewhere; W_K is
    W meets [K, 2K) as the first step proves it."""
    K, H, t, x, P = z3.Ints("K H t x P")
    blk = [K == 2 * H, H >= half_k0, t >= 0, t < K]

    def w_block(v):
        return z3.Or(v == K, v == K + 1, z3.And(v >= 2 * K - 3, v <= 2 * K - 1))

    def q(v):  # 2 (1 - p(v)) for v = 3 or v in [K, 2K)
        return z3.If(in_z(v), 2, z3.If(w_block(v), 0, 1))

    other_power = [P >= 8, z3.Or(P <= H, P == K, P == 2 * K, P >= 4 * K)]
    # where the moves arrive: Lemma 1's exported conclusion at the dependent's terms (a_i: "move mv arrives on w")
    arr = cite_z3(ARRIVAL.id)

    def arrives(mv, w, name):
        a = z3.Bool(name)
        return a, arr.at(K, t, mv, w, a)

    m = z3.Int("m")
    # the sure wins (every received word in Z): the complement 3 of the move 2K - 4 is legal (K - t <= 3), or the
    # move K - 1 aims at c = 0 with no extra word (t = 0), or the move K - 4 at c = 3 with none (t <= 1)
    wins = [(z3.And(K - t <= 3, 3 <= K + t - 1), 2 * K - 4, "$2K - 4$ arrives only on its complement 3"),
            (t <= 0, K - 1, "$K - 1$ arrives only on its centre 0"),
            (z3.And(3 >= t, z3.Not(2 < t), z3.Not(1 < t)), K - 4, "$K - 4$ arrives only on its centre 3 (no extra word)")]
    sure = z3.Or(*(w for w, _, _ in wins))
    fair = blk + [t >= 2, t <= K - 4]
    sure_steps = []
    for cond, mv, what in wins:
        a, fact = arrives(mv, x, "a")
        sure_steps.append(prove(f"a sure win: the move {what} (Lemma 1)",
                                blk + [cond, fact, a], z3.And(mv >= 0, mv < K + t, in_z(x)), cites=[arr]))
    outs = [(2 * K - 1 - m, "a1"), (K - 1 - m, "a2"), (K + 1, "a3"), (K + 2, "a4")]
    facts = [arrives(m, w, nm) for w, nm in outs]
    a_k3, f_k3 = arrives(K - 3, x, "a")
    b_k3, g_k3 = arrives(K - 3, K + 2, "b")
    c3 = [arrives(K - 4, w, nm) for w, nm in [(x, "a"), (3, "r3"), (K + 1, "r1"), (K + 2, "r2")]]
    got3 = [(a3, v) for (a3, _), v in zip(c3[1:], (3, K + 1, K + 2))]
    sum3 = sum((z3.If(a3, q(v), 0) for a3, v in got3), z3.IntVal(0))
    size3 = sum((z3.If(a3, 1, 0) for a3, _ in got3), z3.IntVal(0))
    a_m, f_m = arrives(m, x, "a")
    return [
        prove("$W$ meets $[K, 2K)$ in $K$, $K + 1$ and $[2K - 3, 2K - 1]$ (inside some $[2^i - 3, 2^i + 1]$, never 1, "
              "2 or 4)",
              blk + [x >= K, x < 2 * K] + other_power,
              z3.And(z3.Implies(z3.And(P - 3 <= x, x <= P + 1), w_block(x)),
                     z3.Implies(w_block(x), z3.Or(z3.And(K - 3 <= x, x <= K + 1),
                                                  z3.And(2 * K - 3 <= x, x <= 2 * K + 1))),
                     z3.And(x != 1, x != 2, x != 4))),
        *sure_steps,
        prove("otherwise every move arrives on a word outside $Z$ (Lemma 1)",
              blk + [m >= 0, m < K + t, z3.Not(sure)] + [f for _, f in facts],
              z3.Or(*(z3.And(a, z3.Not(in_z(w))) for (a, _), (w, _) in zip(facts, outs))), cites=[arr]),
        prove("$p(K + t) = 1$ (some move arrives surely in $Z$) exactly when $K + t \\in W$", blk,
              sure == w_block(K + t)),
        prove("otherwise $2 \\le t \\le K - 4$", blk + [z3.Not(w_block(K + t))], z3.And(t >= 2, t <= K - 4)),
        prove("then a move arrives on a word of $Z$ only if it aims at $c = 3$ (the move $K - 4$), on 3 (Lemma 1)",
              fair + [m >= 0, m < K + t, f_m, a_m, in_z(x)], z3.And(m == K - 4, x == 3), cites=[arr]),
        prove("the move aimed at $c = 3$ ($t = 2$ or 3) is worth exactly $1/2$: $q$ sums to the number of its "
              "received words (Lemma 1)",
              fair + [3 >= t] + [f for _, f in c3],
              z3.And(z3.Or(t == 2, t == 3), z3.Implies(c3[0][0], z3.Or(x == 3, x == K + 1, x == K + 2)),
                     sum3 == size3), cites=[arr]),
        prove("for $t \\ge 4$ the move $K - 3$ arrives surely on $K + 2$, a word worth $1/2$ (Lemma 1)",
              fair + [t >= 4, f_k3, g_k3],
              z3.And(K - 3 >= 0, K - 3 < K + t, b_k3, z3.Implies(a_k3, x == K + 2), q(K + 2) == 1), cites=[arr]),
    ]


values_at_one = _lemma_claim("noisy.ends.values_at_one", "§3, (5) at $\\varepsilon = 1$",
    "Theorem 2: at $\\varepsilon = 1$, $p(r) = 0$ for $r \\in Z = \\left\\{0, 3\\right\\}$, $p(r) = 1$ for $r$ in "
    "$W$, made of 1, 2, 4 and every $[2^i - 3, 2^i + 1]$, $i \\ge 3$, and $p(r) = 1/2$ for every other heap; "
    "Corollary 3: the optimal moves are those arriving in $Z$ surely ($p = 1$), every move from 3 ($p = 0$), else "
    "those whose received words meet $Z$ and $W$ equally often",
    theorem2_verdict)


# ---------------------------------------------------------------------------
# Lemma 4 and Lemma 5: from n = 2^j near eps = 1
# ---------------------------------------------------------------------------

_j = sp.Symbol("j", integer=True, positive=True)
_tau, _d, _w = sp.Symbol("tau", positive=True), sp.Symbol("d", integer=True, nonnegative=True), sp.Symbol("w")
#: Lemma 4's exported conclusion (proofs.linked): the chance w that a move from n = 2^j arrives at a word at Hamming
#: distance d from its complement c, tau = 1 - eps; the one Lemma 5's first-order expansion takes
POWER_CHANNEL = export(Formula("noisy.ends.power_channel", _w, (_tau, _d, _j),
                               sp.Eq(_w, _tau ** _d * (1 - _tau) ** (_j - _d)), scope="every j >= 1, 0 <= d <= j"))


@recorded_cache
def lemma4_verdict():
    """The verdict of claim ``noisy.ends.power_channel``, cached for the run.

    The claims resting on it share it; a test re-runs it after ``lemma4_verdict.cache_clear()``."""
    x = sp.symbols("x")
    c = cite(POWER_CHANNEL.id)
    proved = []
    for j in range(1, 13):
        total = sp.expand(sum(sp.binomial(j, d) * x ** (j - d) * (1 - x) ** d for d in range(j + 1)))
        if total != 1:
            return _fail(say(f"Lemma 4: the binomial sum is not 1 for $j = {j}$"))
        # every word of 2^j is legal: the weight (1 - eps)^d eps^(j - d) of (5) over the row sum, at eps = 1 - tau
        proved.append(establish(c, _tau ** _d * (1 - _tau) ** (j - _d) / total, f"the chance from $n = 2^{{{j}}}$",
                                values=(_tau, _d, j)))
        if not proved[-1]:
            return _fail(say(f"Lemma 4: the normalised weight of (5) from $n = 2^{{{j}}}$ is not", math(c.formula)),
                         proved[-1])
    for j in range(1, 9):
        n = 1 << j
        for eps in (mpq(1, 3), mpq(3, 4), mpq(99, 100), mpq(1)):
            ch = channel_weights(n, eps)
            # the exported formula admits each chance the row has (one per distance d)
            tau = sp.Rational(int((1 - eps).numerator), int((1 - eps).denominator))
            for d in range(j + 1):
                w = ((1 - eps) ** d) * (eps ** (j - d))
                if c.at(tau, d, j).xreplace({c.target: sp.Rational(int(w.numerator), int(w.denominator))}) is not sp.true:
                    return _fail(say(f"Lemma 4: the exported chance is not the channel's at $n = {n}$, $d = {d}$,",
                                     value(eps, name="\\varepsilon")))
            for m in range(n):
                c0 = n - 1 - m
                want = tuple(((1 - eps) ** bin(c0 ^ r).count("1")) * (eps ** (j - bin(c0 ^ r).count("1")))
                             for r in range(n))
                if ch.row(m) != want:
                    return _fail(say(f"Lemma 4 fails at $n = {n}$, $m = {m}$,", value(eps, name="\\varepsilon")))
    return verified([computed(True, "sympy: the binomial sum is 1 (j <= 12); every channel row from n = 2^j <= 256 "
                              "equals the closed form exactly", "noisy §3, (5)"), proved],
                    say("Lemma 4 for every $j$ (in words only: the binomial theorem, docs/noisy.md); the "
                        "binomial sum is 1 symbolically for $j \\le 12$, where the normalised weight of (5) is the "
                        "exported chance identically in $\\tau$ and $d$, and every row of the channel from "
                        "$n = 2^j \\le 256$ at $\\varepsilon = 1/3, 3/4, 99/100, 1$ is the closed form exactly"),
                    assumptions=(CHANNEL.id,))


power_channel = _lemma_claim("noisy.ends.power_channel", "§3, (5) from a power of two",
    "Lemma 4: from $n = 2^j$, move $m$ arrives as $r < n$ with chance $\\tau^d (1 - \\tau)^{j - d}$, "
    "$\\tau = 1 - \\varepsilon$, $d$ the Hamming distance of $r$ from $c = n - 1 - m$: the binary symmetric "
    "channel on the low $j$ bits centred at $c$",
    lemma4_verdict)


_SERIES_N = 256
_EXPANSION_J = 12

_rate = sp.Symbol("rate")
#: Lemma 5's exported conclusions (proofs.linked): the first-order loss rates of the moves n - 1 and n - 4 from
#: n = 2^j, as sympy formulas in j (p(n, m) = 1 - rate tau + O(tau^2)), the ones Conjecture 10's every-k step takes
RATE_TOP = export(Formula("noisy.ends.germ_at_one", _rate, (_j,), sp.Eq(_rate, _j), part="n-1", scope="every j >= 3"))
RATE_FOUR = export(Formula("noisy.ends.germ_at_one", _rate, (_j,), sp.Eq(_rate, (_j + 7) / 2), part="n-4",
                           scope="every j >= 3"))


@recorded_cache
def _series():
    return E.series_at_one(_SERIES_N, 2)


#: Lemma 5 splits the neighbours c xor 2^b of a centre c < 8 at b = SPLIT_B: below it they are computed, from it
#: on they are classed for every b by z3
SPLIT_B = 3


def neighbour_values():
    """The values at eps = 1 that Lemma 5's sums take, all from Theorem 2's exported closed form
    (:data:`VALUES_AT_ONE`, by :func:`at_one`): of the neighbours 2^b (of c = 0) and 2^b + 3 (of c = 3) for every
    P = 2^b >= 2^SPLIT_B (z3, linear arithmetic: 2^b is in W, 2^b + 3 strictly between the blocks of 2^b and
    2^(b+1)), and of the centres and the neighbours with b < SPLIT_B (seen from P = 8).  Returns ({"W": p(2^b),
    "fair": p(2^b + 3), r: p(r)}, the z3 steps); a value is None when the cited conclusion does not give it."""
    P, H = z3.Ints("P H")
    pw = [P == 2 * H, H >= 1 << (SPLIT_B - 1)]
    out, steps = {}, []
    for name, r, hyp in [("W", P, pw), ("fair", P + 3, pw)] + [
            (x, x, []) for x in sorted({0, 3} | {c ^ (1 << b) for c in (0, 3) for b in range(SPLIT_B)})]:
        out[name], st = at_one(r, P if hyp else 8, hyp)
        steps += st
    return out, steps


def neighbour_steps():
    """The z3 steps of :func:`neighbour_values` (the values Lemma 5 takes from Theorem 2's exported conclusion)."""
    return neighbour_values()[1]


def _first_order(c):
    """The first-order chances from n = 2^j that Lemma 4 exports (``c``, :data:`POWER_CHANNEL`) as tau -> 0: the
    centre 1 + a0 tau, each of the j neighbours a1 tau, every word at distance d >= 2 o(tau); (a0, a1), or None
    when the cited conclusion gives no chance or another germ."""
    e = sp.Symbol("e", integer=True, nonnegative=True)
    w0, w1, w2 = c.value(_tau, 0, _j), c.value(_tau, 1, _j), c.value(_tau, 2 + e, _j)
    if w0 is None or w1 is None or w2 is None:
        return None
    if sp.simplify(w0.subs(_tau, 0) - 1) != 0 or sp.simplify(w1.subs(_tau, 0)) != 0 or sp.limit(w2 / _tau, _tau, 0) != 0:
        return None
    return sp.simplify(sp.diff(w0, _tau).subs(_tau, 0)), sp.simplify(sp.diff(w1, _tau).subs(_tau, 0))


def _rate_symbolic() -> tuple:
    """The loss rates as sympy expressions in j >= SPLIT_B, summed term by term as Lemma 5's proof does:
    p(n, m) = sum_r w_r (1 - p(r)) to first order in tau, the chances w_r from Lemma 4's exported conclusion
    (:func:`_first_order`), the values p(r) from Theorem 2's (:func:`neighbour_values`: the neighbours
    c xor 2^b with b < SPLIT_B one by one, the j - SPLIT_B others by their class for every b).  None (and why) when
    a cited conclusion does not give what the sum needs."""
    vals, steps = neighbour_values()
    if first_failure(steps) is not None or any(x is None for x in vals.values()):
        return None, "Theorem 2's exported closed form does not give the values of the neighbours"
    germ = _first_order(cite(POWER_CHANNEL.id))
    if germ is None:
        return None, "Lemma 4's exported chance does not give the first-order chances"
    a0, a1 = germ
    j = _j
    tau = sp.symbols("tau")
    e = 1 - tau
    p3 = e * (1 - e ** 2) / (1 - e + e ** 2)  # noisy (2), eps > 1/2 (claim noisy.eq2)
    q3 = sp.series(p3, tau, 0, 2).removeO().coeff(tau, 1)
    v = lambda r: sp.Rational(str(vals[r]))  # noqa: E731
    low = range(SPLIT_B)

    def rate(c, q, high):
        # minus the tau coefficient of (1 + a0 tau)(1 - p(c) - q tau) + a1 tau sum_nb (1 - p(nb))
        nbs = sum(1 - v(c ^ (1 << b)) for b in low) + (j - SPLIT_B) * (1 - v(high))
        return -(a0 * (1 - v(c)) - q + a1 * nbs)

    # move n - 1: centre 0 (p = 0 identically, q(0) = 0), the high neighbours 2^b in W; move n - 4: centre 3 (q(3)
    # from p(3) of noisy (2)), the high neighbours 2^b + 3 fair
    return (j, sp.expand(rate(0, 0, "W")), sp.expand(rate(3, q3, "fair")), q3), ""


@recorded_cache
def lemma5_verdict():
    """The verdict of claim ``noisy.ends.germ_at_one``, cached for the run.

    The claims resting on it share it; a test re-runs it after ``lemma5_verdict.cache_clear()``."""
    for dep in (theorem2_verdict(), lemma4_verdict()):
        if dep.outcome is not Outcome.VERIFIED:
            return _rests_on("a lemma", dep)
    rates, why = _rate_symbolic()
    if rates is None:
        bad = first_failure(neighbour_steps())
        if bad is not None:
            return _step_failed("Lemma 5:", bad)
        return unlinked(cite(POWER_CHANNEL.id), "Lemma 5's first-order rates", rests(lemma4_verdict()),
                        assumptions=(CHANNEL.id,)) if "Lemma 4" in why else _fail(say("Lemma 5:", why))
    j, r1, r4, q3 = rates
    linked = [establish(cite(RATE_TOP.id), r1, "the rate of n - 1 summed from the neighbours' classes"),
              establish(cite(RATE_FOUR.id), r4, "the rate of n - 4 summed from the neighbours' classes")]
    if not all(linked):
        return _fail(say("Lemma 5: the summed rates are", math(r1), "and", math(r4), "(with", math(q3), "for $q(3)$),"
                         " not $j$ and $(j + 7)/2$"))
    # instances: the exact first-order expansions from the solver at eps = 1 (crossing.expansion_at_one),
    # and the power series of every heap <= 256 computed from (5) alone
    from exactcube.noisy.eps.crossing import expansion_at_one

    at1 = solve_nim((1 << (_EXPANSION_J - 1)) + 3, 1)
    rows = []
    for jj in range(3, _EXPANSION_J + 1):
        n = 1 << jj
        a, b = expansion_at_one(n, n - 1, at1), expansion_at_one(n, n - 4, at1)
        if (a.value, b.value, a.slope, b.slope) != (1, 1, E.power_move_rate(jj, "n-1"), E.power_move_rate(jj, "n-4")):
            return _fail(say(f"Lemma 5 fails at $n = 2^{{{jj}}}$: the expansions give the rates", value(a.slope), "and",
                             value(b.slope)))
        others = [m for m in range(n) if m not in (n - 1, n - 4) and E.value_at_one(n - 1 - m) < mpq(1, 2)]
        if others:
            return _fail(say(f"from $n = 2^{{{jj}}}$ move {others[0]} tends to more than $1/2$"))
        rows.append((jj, a.slope, b.slope))
    S = _series()
    # Lemma 0b (continuity at 1, proved in words): the limits of p(r) as eps -> 1- (the constant terms of the
    # series from (5)) are the values of the game solved with the limit channel at eps = 1
    off = [r for r in range(_SERIES_N + 1) if S.p[r][0] != at1.p[r]]
    if off:
        return _fail(say(f"Lemma 0b fails at $r = {off[0]}$: the limit of $p(r)$ is", value(S.p[off[0]][0]),
                         ", the game at $\\varepsilon = 1$ gives", value(at1.p[off[0]])))
    for jj in range(2, 9):
        n = 1 << jj
        a, b = S.move(n, n - 1), S.move(n, n - 4)
        want_b = E.power_move_rate(jj, "n-4") if jj >= 3 else mpq(4)
        if (a[0], b[0], -a[1], -b[1]) != (1, 1, E.power_move_rate(jj, "n-1"), want_b):
            return _fail(say(f"Lemma 5 fails at $n = 2^{{{jj}}}$ against the series: the first coefficients are",
                             value(a[0]), ",", value(a[1]), "and", value(b[0]), ",", value(b[1])))
        lim = [m for m in range(n) if m not in (n - 1, n - 4) and S.move(n, m)[0] > mpq(1, 2)]
        if lim:
            return _fail(say(f"from $n = 2^{{{jj}}}$ move {lim[0]} tends to", value(S.move(n, lim[0])[0]),
                             ", more than $1/2$"))
    steps = neighbour_steps()
    return verified([steps, linked, at1, computed(rows, "the first-order rates from the exact expansions", "noisy §3, (5)"),
                     rests(theorem2_verdict(), lemma4_verdict())], say(f"Lemma 5 for every $j \\ge {SPLIT_B}$: the rates $j$ and $(j + 7)/2$ summed in sympy "
                               f"from the neighbours' classes ($b < {SPLIT_B}$ from Theorem 2's closed form, "
                               f"$b \\ge {SPLIT_B}$ by {len(steps)} z3 steps for every $b$; $q(3) = 2$ from $p(3)$ of "
                               "noisy (2)); in words only: the first-order expansion of (5) through Lemma 4's channel, "
                               "Lemma 0 (germs) and Lemma 0b (the limits at 1 are the values of the game at "
                               f"$\\varepsilon = 1$, checked for every heap $r \\le {_SERIES_N}$); checked against the "
                               f"exact first-order expansions at $\\varepsilon = 1$ for $n = 2^3, \\ldots, "
                               f"2^{{{_EXPANSION_J}}}$ and against the exact power series of every heap "
                               f"$r \\le {_SERIES_N}$ computed from (5) alone; every other move tends to at most $1/2$"),
                    table(["scope", "first-order rates of $n - 1$ and $n - 4$ from $n = 2^j$"],
                          [[say(f"every $n = 2^j$, $j \\ge {SPLIT_B}$"),
                            say("; ".join(f"$j = {jj}$: {format_exact(a)} and {format_exact(b)}" for jj, a, b in rows))]]),
                    assumptions=(CHANNEL.id,))


germ_at_one = _lemma_claim("noisy.ends.germ_at_one", "§3, Conjecture 10 near $\\varepsilon = 1$",
    "Lemma 5: from $n = 2^j$, $j \\ge 3$, $p(n, n - 1) = 1 - j \\tau + O(\\tau^2)$ and "
    "$p(n, n - 4) = 1 - \\frac{j + 7}{2} \\tau + O(\\tau^2)$ as $\\tau = 1 - \\varepsilon$ decreases to 0, and every "
    "other move tends to at most $1/2$",
    lemma5_verdict)


# ---------------------------------------------------------------------------
# Conjecture 10 for every power of two
# ---------------------------------------------------------------------------

@claim("noisy.conjecture10.every_k", "§3, Conjecture 10",
       "Conjecture 10 for every $n = 2^k$: from $n = 256$ on, move $n - 4$ is strictly better than $n - 1$ on an "
       "interval $(1 - \\delta_k, 1)$, so the conjecture fails for every $n = 2^k \\ge 256$; for "
       "$2 \\le n = 2^k \\le 128$ move $n - 1$ is the unique optimum on an interval $(1 - \\delta_k, 1)$",
       unprinted=STATEMENT)
@resting_on(CHANNEL)
def conjecture10_every_k():
    dep = lemma5_verdict()
    if dep.outcome is not Outcome.VERIFIED:
        return _rests_on("Lemma 5", dep)
    # the rates as Lemma 5 exports them (proofs.linked), not summed again here
    j = _j
    top, four = cite(RATE_TOP.id), cite(RATE_FOUR.id)
    r1, r4 = top.value(j), four.value(j)
    for c, r in ((top, r1), (four, r4)):
        if r is None:
            return unlinked(c, "the first-order gap of the moves n - 4 and n - 1", rests(dep), assumptions=(CHANNEL.id,))
    gap = sp.expand(r1 - r4)  # p(n, n-4) - p(n, n-1) = gap * tau + O(tau^2), linear in j
    if sp.simplify(gap - (j - 7) / 2) != 0:
        return _fail(say("the first-order gap is", math(gap), ", not $(j - 7)/2$"))
    j0 = next((jj for jj in range(SPLIT_B, 65) if gap.subs(j, jj) > 0), None)
    if j0 is None:
        return _fail(say("the first-order gap", math(gap), "is not positive for any $j \\le 64$"))
    steps = gap_sign_steps(gap, j, j0)
    bad = first_failure(steps)
    if bad is not None:
        return _step_failed("", bad)
    tie = j0 - 1
    if gap.subs(j, tie) != 0 or tie != 7:
        return _fail(say("the first-order gap", math(gap), f"does not vanish at $j = 7$ alone (first positive at "
                         f"$j = {j0}$)"))
    # n = 128: the second order, and the small powers of two, from the exact series
    S = _series()
    a, b = S.move(128, 127), S.move(128, 124)
    d2 = b[2] - a[2]
    if not (b[0] == a[0] == 1 and b[1] == a[1] and d2 < 0):
        return _fail(say("at $n = 128$ the coefficients of $p(128, 124) - p(128, 127)$ in powers of $\\tau$ are",
                         _ints(format_exact(y - x) for x, y in zip(a, b))))
    small = [(1 << i, S.best[1 << i]) for i in range(1, j0)]
    if any(best != (n - 1,) for n, best in small):
        return _fail(say("near $\\varepsilon = 1$ the optimal moves from the small powers of two are not $n - 1$:",
                         "; ".join(f"from {n}: {_ints(best)}" for n, best in small)))
    big = [(1 << i, S.best[1 << i]) for i in range(j0, 9)]
    if any(best != (n - 4,) for n, best in big):
        return _fail(say("near $\\varepsilon = 1$ the optimal moves from the powers of two from 256 on are not "
                         "$n - 4$:", "; ".join(f"from {n}: {_ints(best)}" for n, best in big)))
    scope = f"every $n = 2^k \\ge {1 << j0}$"
    return refuted([steps, computed(d2, "the second-order gap at n = 128 in the exact series", "noisy §3, (5)"),
                    rests(dep)], say(f"scope: {scope} (and, for $2 \\le n \\le {1 << tie}$, move $n - 1$ the unique optimum "
                              "on an interval $(1 - \\delta_k, 1)$). The sign of the gap decided by z3 for every "
                              "integer $k$. By Lemmas 4 and 5 (", claim_ref("noisy.ends.power_channel"), ",",
                              claim_ref("noisy.ends.germ_at_one"), ", on Theorem 2",
                              claim_ref("noisy.ends.values_at_one"), "), $p(n, n - 4) - p(n, n - 1) = "
                              "\\frac{k - 7}{2} \\tau + O(\\tau^2)$ with $\\tau = 1 - \\varepsilon$, both moves "
                              "analytic at 1 on a left neighbourhood (docs/noisy.md, Lemma 0), and every other move "
                              "tends to at most $1/2$: for $k \\ge 8$ move $n - 4$ is strictly better than $n - 1$ on "
                              "some $(1 - \\delta_k, 1)$ with $\\varepsilon > 1/2$ there, so $n - 1$ is not optimal and "
                              "Conjecture 10 fails ($p(n) \\to 1 > 1/2$, so the bound part holds there); for "
                              "$k \\le 6$ the gap is negative; at $k = 7$ it is 0 and the exact second order is",
                              math(sp.Rational(int(d2.numerator), int(d2.denominator)) * sp.Symbol("tau") ** 2),
                              "$< 0$ (series of every heap $r \\le 128$ at $\\varepsilon = 1$), so $n - 1$ is the "
                              "unique optimum near 1 for every $2 \\le n \\le 128$. $\\delta_k$ is not computed for "
                              "every $k$: the crossings of the moves $n - 1$ and $n - 4$ certified for $n = 2^k$, "
                              "$k = 8, \\ldots, 12$, are "
                              "the claims", claim_ref("noisy.conjecture10.crossing_n256"), "to",
                              claim_ref("noisy.conjecture10.crossing_n4096")),
                   table(["scope", "first-order gap $p(n, n - 4) - p(n, n - 1)$", "second-order gap at $n = 128$"],
                         [[say(scope), say("$\\frac{k - 7}{2} \\tau$"), say(value(d2), "$\\tau^2$")]],
                         caption=say("Conjecture 10 near $\\varepsilon = 1$, with $\\tau = 1 - \\varepsilon$:")),
                   assumptions=(CHANNEL.id,))


def gap_sign_steps(gap, j, j0: int):
    """The sign of the first-order gap (a linear polynomial in j from :func:`_rate_symbolic`) for every integer j:
    > 0 for j >= j0 and <= 0 for SPLIT_B <= j < j0 (z3, linear integer arithmetic)."""
    c1, c0 = (sp.Rational(x) for x in sp.Poly(gap, j).all_coeffs())
    J = z3.Int("j")
    g = z3.Q(int(c1.p), int(c1.q)) * J + z3.Q(int(c0.p), int(c0.q))
    return [prove(f"the gap is positive for every $j \\ge {j0}$", [J >= j0], g > 0),
            prove(f"the gap is not positive for ${SPLIT_B} \\le j < {j0}$", [J >= SPLIT_B, J < j0], g <= 0)]


# ---------------------------------------------------------------------------
# Theorem 6 (eps = 1/2) and Theorem 7 (eps = 0): Conjecture 9 at both ends
# ---------------------------------------------------------------------------

_HALF_N = 256

_n, _slope = sp.Symbol("n", integer=True, positive=True), sp.Symbol("slope")
#: Theorem 6's exported conclusion (proofs.linked): the one-sided slope |d p(n) / d eps| at 1/2, for every n >= 2
HALF_SLOPE = export(Formula("noisy.ends.half", _slope, (_n,), sp.Eq(_slope, 2 / (_n * (_n - 1))),
                            scope="every n >= 2"))


def half_bound_step():
    """The step the ends take from Theorem 6's exported slope: it is positive for every n >= 2 (n = m + 2, m >= 0),
    so p(n) > 1/2 on both sides of 1/2 near it; None when the cited conclusion gives no slope."""
    c = cite(HALF_SLOPE.id)
    m = sp.Symbol("m", integer=True, nonnegative=True)
    s = c.value(m + 2)
    if s is None:
        return None
    return SympyStep("the slope of Theorem 6 is positive for every n >= 2", holds(sp.simplify(s) > 0), s > 0,
                     "noisy.ends.half", (c.id,))


@recorded_cache
def theorem6_verdict():
    """The verdict of claim ``noisy.ends.half``, cached for the run.

    The claims resting on it share it; a test re-runs it after ``theorem6_verdict.cache_clear()``."""
    from exactcube.noisy.eps.ends import first_order_at_half

    n, r = sp.symbols("n r", integer=True, positive=True)
    total = sp.summation(2 / (r * (r - 1)), (r, 2, n - 1))
    step = sp.simplify(2 / n - total / n - 2 / (n * (n - 1)))
    if step != 0:
        return _fail(say("Theorem 6: the inductive step leaves", math(step)))
    proved = establish(cite(HALF_SLOPE.id), sp.simplify(2 / n - total / n), "the slope at n from the telescoping step",
                       values=(n,))
    if not proved:
        return _fail(say("Theorem 6: the telescoping step does not give", math(proved.formula)), proved)
    s = solve_nim(60, mpq(1, 2))
    if any(s.p[x] != (0 if x == 0 else 1 if x == 1 else mpq(1, 2)) for x in range(61)):
        return _fail(say("Theorem 6: the values at $\\varepsilon = 1/2$ are not $0, 1, 1/2, 1/2, \\ldots$"))
    for side in ("left", "right"):
        F = first_order_at_half(_HALF_N, side)
        for x in range(2, _HALF_N + 1):
            parity = 0 if side == "left" else 1
            if F.slope[x] != E.half_slope(x, side) or F.best[x] != tuple(m for m in range(x) if m % 2 == parity):
                return _fail(say(f"Theorem 6 fails at $n = {x}$ ({side} of $1/2$): the slope is", value(F.slope[x]),
                                 f", the best moves {_ints(F.best[x][:4])}"))
    return verified([s, computed(step, "sympy: the telescoping step", "noisy §3, (5)"), proved],
                    say("Theorem 6 for every $n \\ge 2$: $p(n) - 1/2 = \\frac{2|\\varepsilon - 1/2|}{n(n - 1)} + "
                               "O((\\varepsilon - 1/2)^2)$, with exactly the even moves optimal to first order below "
                               "$1/2$ and the odd ones above; the telescoping step is exact in sympy (in words only: the "
                               "derivative of the channel at $1/2$ and the sign of a move's term by its last bit), and "
                               "the closed form equals the general sum of the module noisy.half's first_order on both "
                               f"sides for every $n \\le {_HALF_N}$"), assumptions=(CHANNEL.id,))


ends_half = _lemma_claim("noisy.ends.half", "§3, Conjectures 9 and 10 near $\\varepsilon = 1/2$",
    "Theorem 6: for every $n \\ge 2$, the one-sided derivatives of $p(n)$ at $\\varepsilon = 1/2$ are "
    "$\\pm \\frac{2}{n(n - 1)}$, so $p(n) > 1/2$ on both sides of $1/2$ near it; to first order the even moves are "
    "the optimal ones below $1/2$ and the odd ones above",
    theorem6_verdict)


_HALF2_N = 48

_gap2, _h1, _h2 = sp.Symbol("D"), sp.Symbol("h", nonnegative=True), sp.Symbol("h2", nonnegative=True)
#: Theorem 8's exported conclusions (proofs.linked): the difference D of the second-order coefficients of p(n, m)
#: and p(n, m') (moves of one parity) in s = |1 - 2 eps|, with h = H_n(m), h2 = H_n(m'), below and above 1/2
SECOND_BELOW = export(Formula("noisy.ends.half_second_order", _gap2, (_n, _h1, _h2),
                              sp.Eq(_gap2, -4 * (_h1 - _h2) / _n), part="below", scope="every n >= 2, even moves"))
SECOND_ABOVE = export(Formula("noisy.ends.half_second_order", _gap2, (_n, _h1, _h2),
                              sp.Eq(_gap2, 4 * (_h1 - _h2) / _n), part="above", scope="every n >= 2, odd moves"))


@recorded_cache
def theorem8_verdict():
    """The verdict of claim ``noisy.ends.half_second_order``, cached for the run.

    The claims resting on it share it; a test re-runs it after ``theorem8_verdict.cache_clear()``."""
    dep = theorem6_verdict()
    if dep.outcome is not Outcome.VERIFIED:
        return _rests_on("Theorem 6", dep)
    # the first-order slopes |p'(r)| at 1/2 that the second-order terms take, from Theorem 6's exported conclusion
    # (not retyped): their half-sum over 2 <= r < n is the sum whose closed form step (iv) needs
    n_, r_ = sp.symbols("n r", integer=True, positive=True)
    half = cite(HALF_SLOPE.id)
    slope = half.value(r_)
    if slope is None:
        return unlinked(half, "Theorem 8's sum of the slopes at 1/2", rests(dep), assumptions=(CHANNEL.id,))
    s_, d_, k_ = sp.symbols("s d k")
    # (i) the log-weight of a word at distance d has one s^2 coefficient, -k/2, for every d (both sides)
    for sig in (1, -1):
        lw = sp.series(d_ * sp.log(1 - sig * s_) + (k_ - d_) * sp.log(1 + sig * s_), s_, 0, 3).removeO()
        if sp.simplify(lw.coeff(s_, 2) + k_ / 2) != 0:
            return _fail(say(f"Theorem 8: the $s^2$ coefficient of the log-weight depends on $d$ ({'below' if sig == 1 else 'above'} $1/2$)"))
    # (ii) the softmax to second order, on a generic row of three words: mu_r = (1 + x_r s + (x_r^2 - <x^2>) s^2/2)/n
    x = sp.symbols("x0:3")
    xm = sum(x) / 3
    xc = [xi - xm for xi in x]
    mu0 = sp.series(sp.exp(x[0] * s_) / sum(sp.exp(xi * s_) for xi in x), s_, 0, 3).removeO()
    want = (1 + xc[0] * s_ + (xc[0] ** 2 - sum(c ** 2 for c in xc) / 3) * s_ ** 2 / 2) / 3
    if sp.simplify(sp.expand(mu0 - want)) != 0:
        return _fail(say("Theorem 8: the second-order expansion of the softmax does not hold"))
    # (iii) one bit: a xor b = a + b - 2ab; (iv) sum_{r=2}^{n-1} 1/(r(r-1)) = (n-2)/(n-1)
    a_, b_ = sp.symbols("a b")
    if any((ai ^ bi) != sp.expand(a_ + b_ - 2 * a_ * b_).subs({a_: ai, b_: bi}) for ai in (0, 1) for bi in (0, 1)):
        return _fail(say("Theorem 8: the bit identity fails"))
    sum_step = SympyStep("the half-sum of Theorem 6's slopes over $2 \\le r < n$ is $(n - 2)/(n - 1)$",
                         sp.simplify(sp.summation(slope / 2, (r_, 2, n_ - 1)) - (n_ - 2) / (n_ - 1)) == 0,
                         sp.Eq(sp.Sum(slope / 2, (r_, 2, n_ - 1)), (n_ - 2) / (n_ - 1)), "noisy.ends.half_second_order",
                         (half.id,))
    if not sum_step.proved:
        return _fail(say("Theorem 8: the half-sum of Theorem 6's slopes is not $(n - 2)/(n - 1)$"), sum_step)
    # instances: the exact series on both sides of 1/2, every pair of moves of one parity, heaps 2..48
    pairs = 0
    for side, c, parity in (("left", cite(SECOND_BELOW.id), 0), ("right", cite(SECOND_ABOVE.id), 1)):
        admits = c.admitter()  # the exported formula, solved once a side and evaluated exactly at each pair
        first = half.admitter()  # Theorem 6's slope: every move of the side's parity has it to first order in s
        T = E.series_at_half(_HALF2_N, side, 2)
        for n in range(2, _HALF2_N + 1):
            cls = [m for m in range(n) if m % 2 == parity]
            rows = {m: T.move(n, m) for m in cls}
            h = {m: E.half_second_order_key(n, m) for m in cls}
            m0 = cls[0]
            if not all(first(2 * rows[m][1], n) for m in cls):
                return _fail(say(f"Theorem 8 fails at $n = {n}$ ({side} of $1/2$): a move of its parity does not have "
                                 "Theorem 6's slope to first order"))
            for m in cls[1:]:
                pairs += 1
                if not admits(rows[m][2] - rows[m0][2], n, h[m], h[m0]):
                    return _fail(say(f"Theorem 8 fails at $n = {n}$, moves {m0} and {m} ({side} of $1/2$)"))
            if side == "left" and T.best[n] != (0,):
                return _fail(say(f"below $1/2$ the optimal moves of heap {n} are {_ints(T.best[n])}"))
            if side == "right" and n & (n - 1) == 0 and T.best[n] != (n - 1,):
                return _fail(say(f"above $1/2$ the optimal moves of heap {n} are {_ints(T.best[n])}"))
    return verified([computed(pairs, "pairs of moves compared in the exact series at 1/2", "noisy §3, (5)"), sum_step,
                     rests(dep)],
                    say("Theorem 8 for every $n \\ge 2$: among moves of one parity the second-order "
                               "coefficients at $1/2$ differ by $-\\frac{4}{n} \\cdot (H_n(m) - H_n(m'))$ below $1/2$ and by "
                               "$\\frac{4}{n} \\cdot (H_n(m) - H_n(m'))$ above it, where "
                               "$H_n(m) = \\sum_{r=2}^{n-1} \\frac{b(m, r)}{r(r - 1)} + \\frac{A_n(m)}{n - 1} \\ge 0$ "
                               "($b(m, r)$ the number of binary digits 1 that $m$ and $r$ share) is zero only at "
                               "$m = 0$ and increasing in the bits of $m$: "
                               "move 0 is the unique optimum just below $1/2$ for every $n$, move $n - 1$ just above it "
                               "for every $n = 2^k$. Symbolic (sympy): the common $s^2$ term of the log-weights, the "
                               "softmax to second order, the bit identity and the half-sum of Theorem 6's exported slopes",
                               claim_ref("noisy.ends.half"), "($\\sum_{r=2}^{n-1} \\frac{1}{r(r - 1)} = "
                               "\\frac{n - 2}{n - 1}$), which also gives every move of the side's parity its first-order "
                               "coefficient on the instances; in words only: collecting the terms that depend on $m$ into $H_n(m)$, and its monotonicity in the bits "
                               "of $m$; instances: the exact series on both sides of $1/2$ from (5) alone, "
                               f"{pairs} pairs of moves of heaps $2, \\ldots, {_HALF2_N}$"), assumptions=(CHANNEL.id,))


ends_half_second_order = _lemma_claim(
    "noisy.ends.half_second_order", "§3, Conjectures 9 and 10 near $\\varepsilon = 1/2$",
    "Theorem 8: for every $n \\ge 2$, among moves of one parity the second-order coefficients of $p(n, m)$ in "
    "$s = |1 - 2 \\varepsilon|$ differ by $-\\frac{4}{n} \\cdot (H_n(m) - H_n(m'))$ below $1/2$ and by "
    "$\\frac{4}{n} \\cdot (H_n(m) - H_n(m'))$ above, with $H_n(m) = \\sum_{r=2}^{n-1} \\frac{b(m, r)}{r(r - 1)} + "
    "\\frac{1}{n(n - 1)} \\sum_{r < n} b(m, r)$, $b(m, r)$ the number of binary digits 1 that $m$ and $r$ share",
    theorem8_verdict)


@recorded_cache
def theorem7_verdict():
    """The verdict of claim ``noisy.ends.near_zero``, cached for the run.

    The claims resting on it share it; a test re-runs it after ``theorem7_verdict.cache_clear()``."""
    steps = theorem7_steps(T7_K0) + [theorem7_conclusion_step()]
    bad = first_failure(steps)
    if bad is not None:
        return _step_failed("Theorem 7:", bad)
    # instances: the exact solver at the end point eps = 1/(3k) of every heap 2..64
    for n in range(2, 65):
        e = E.near_zero_width(n)
        s = solve_nim(n, e)
        if s.optimal[n] != (0,) or not s.p[n] >= (1 - e) ** n.bit_length() > mpq(2, 3):
            return _fail(say(f"Theorem 7 fails at $n = {n}$,", value(e, name="\\varepsilon"), ": the optimal moves are "
                             f"{_ints(s.optimal[n])} and", value(s.p[n], name="p")))
    scope = f"every $n \\ge {1 << (T7_K0 - 1)}$"
    return verified([steps, computed(64, "the exact solver at eps = 1/(3k), heaps 2..64", "noisy §3, (5)")],
                    say(f"Theorem 7 for {scope}: its {len(steps)} inequalities decided by z3 over the reals for "
                               f"every $k \\ge {T7_K0}$ (Bernoulli's inequality strictly, by its induction step; "
                               "$1 - k \\varepsilon \\ge 2/3$; $\\mu(m, m) \\ge a$; $p(n, m) \\le 1 - a^2$; "
                               "$a > 1 - a^2$); in words only: the row sum over the legal words is at most the binomial "
                               "sum 1, and a move $m < n$ has no more binary digits than $n$, so "
                               "$p(m) \\ge (1 - \\varepsilon)^{k(m)} \\ge a$; the exact solver at "
                               "$\\varepsilon = 1/(3k)$ for every heap $2, \\ldots, 64$"),
                    _steps_table(steps), assumptions=(CHANNEL.id,))


#: Theorem 7 is proved for heaps of k >= T7_K0 binary digits
T7_K0 = 2

_e7, _k7, _v0, _vm = z3.Reals("eps k v0 vm")
#: Theorem 7's exported conclusion (proofs.noisy.smt): for a heap of k binary digits and 0 < eps <= 1/(3k), move 0
#: is worth more than 2/3 and more than every other move; the ends of Conjectures 9 and 10 near 0 take it
NEAR_ZERO = export_z3(Conclusion(
    "noisy.ends.near_zero", (_e7, _k7, _v0, _vm), EpsRange(mpq(0), mpq(1, 2), False, False),
    (_k7 >= T7_K0, 3 * _k7 * _e7 <= 1), z3.And(_v0 > z3.Q(2, 3), _v0 > _vm),
    "k the binary digits of n, v0 = p(n, 0), vm = p(n, m) for any move m >= 1"))


def theorem7_conclusion_step():
    """The last step of Theorem 7: its exported conclusion from the goals of its steps at a = (1 - eps)^k (Bernoulli
    by induction: a > 1 - k eps; 1 - k eps >= 2/3; move 0 worth at least mu(0, 0) >= a, as p(0) = 0; every other
    move at most 1 - a^2)."""
    a = z3.Real("a")
    prem = [a > 1 - _k7 * _e7, 1 - _k7 * _e7 >= z3.Q(2, 3), _v0 >= a, _vm <= 1 - a * a]
    return establish_z3(cite_z3(NEAR_ZERO.id), "move 0 is worth at least $a > 2/3$ and every other move at most "
                        "$1 - a^2 < a$", prem)


def near_zero_end_step(goal, what: str, source: str):
    """A step of the ends near 0 from Theorem 7's exported conclusion (at the conclusion's own terms): ``goal`` over
    v0 = p(n, 0) and vm = p(n, m), m >= 1, for every heap with k >= T7_K0 digits and 0 < eps <= 1/(3k)."""
    c = cite_z3(NEAR_ZERO.id)
    args = (_e7, _k7, _v0, _vm)
    return prove(what, c.holds_under(*args) + [c.at(*args)], goal(_v0, _vm), source=source, cites=(c,))


def theorem7_steps(k0: int):
    """The inequalities of Theorem 7 for every real k >= k0 and 0 < eps <= 1/(3k) (z3, real arithmetic): x = eps,
    y = (1 - eps)^k, a = (1 - eps)^k(n), mu = mu(m, m), P = p(m) >= a, S = a row sum."""
    x, y, k, a, mu, P, S, w, v = z3.Reals("eps y k a mu P S w v")
    near0 = [k >= k0, x > 0, 3 * k * x <= 1]
    return [
        prove(f"Bernoulli at the start: $(1 - \\varepsilon)^{{{k0}}} > 1 - {k0} \\varepsilon$", near0 + [k == k0],
              z3.And(*[(1 - x) ** k0 > 1 - k0 * x])),
        prove("Bernoulli's step: $(1 - \\varepsilon)^k > 1 - k \\varepsilon$ gives $(1 - \\varepsilon)^{k+1} > "
              "1 - (k + 1) \\varepsilon$", near0 + [y > 1 - k * x], (1 - x) * y > 1 - (k + 1) * x),
        prove("$1 - k \\varepsilon \\ge 2/3$ for $\\varepsilon \\le 1/(3k)$", near0, 1 - k * x >= z3.Q(2, 3)),
        prove("$\\mu(m, m) \\ge a$: a weight over a row sum $S \\le 1$", [w >= 0, S > 0, S <= 1], w / S >= w),
        prove("$p(n, m) \\le \\mu (1 - p(m)) + (1 - \\mu) \\le 1 - a^2$ for $m \\ge 1$",
              [a >= 0, mu >= a, mu <= 1, P >= a, P <= 1, v <= mu * (1 - P) + (1 - mu)], v <= 1 - a * a),
        prove("$a > 2/3$ gives $a > 1 - a^2$, so move 0 (worth at least $a$) beats every other move", [a > z3.Q(2, 3)],
              a > 1 - a * a),
    ]


near_zero = _lemma_claim("noisy.ends.near_zero", "§3, Conjecture 9 near $\\varepsilon = 0$",
    "Theorem 7: for every $n \\ge 2$ with $k$ binary digits and $0 < \\varepsilon \\le 1/(3k)$, move 0 is the "
    "unique optimum and $p(n) > 2/3$",
    theorem7_verdict)


def second_order_step(part: str):
    """The step the ends take from Theorem 8's exported second-order gap (n = m + 2 >= 2): below 1/2 a move with
    H_n = h > 0 against move 0 (H_n(0) = 0) has a negative gap, so move 0 is ahead of every other even move; above
    1/2 a move whose H_n exceeds another's by delta > 0 (n - 1 against any other odd move, Theorem 8) has a positive
    one.  None when the cited conclusion gives no gap."""
    c = cite(SECOND_BELOW.id if part == "below" else SECOND_ABOVE.id)
    m = sp.Symbol("m", integer=True, nonnegative=True)
    h, delta = sp.Symbol("h", positive=True), sp.Symbol("delta", positive=True)
    gap = c.value(m + 2, h, 0) if part == "below" else c.value(m + 2, h + delta, h)
    if gap is None:
        return None
    goal = gap < 0 if part == "below" else gap > 0
    what = ("move 0 is ahead of every other even move at second order below 1/2" if part == "below" else
            "the move with the larger H_n is ahead at second order above 1/2")
    return SympyStep(what, holds(goal), goal, c.lemma, (c.id,))


def _ends_steps(cid: str, near0_goal, near0_what: str, part: str):
    """The steps of an ends claim from its cited conclusions: near 0 from Theorem 7's (z3), near 1/2 from
    Theorem 6's slope and Theorem 8's second order (sympy).  Returns (steps, the first cited conclusion that gives
    no value or None)."""
    half = half_bound_step()
    if half is None:
        return [], cite(HALF_SLOPE.id)
    second = second_order_step(part)
    if second is None:
        return [], cite(SECOND_BELOW.id if part == "below" else SECOND_ABOVE.id)
    return [near_zero_end_step(near0_goal, near0_what, cid), half, second], None


def conjecture9_end_steps():
    """Conjecture 9 at the ends from its cited conclusions (:func:`_ends_steps`): near 0 move 0 the unique optimum
    with p(n) > 1/2, near 1/2 the slope and move 0 ahead at second order below 1/2."""
    return _ends_steps("noisy.conjecture9.ends", lambda v0, vm: z3.And(v0 > z3.Q(1, 2), v0 > vm),
                       "move 0 is the unique optimum and $p(n) > 1/2$ near 0 (Theorem 7's conclusion)", "below")


def near_one_steps():
    """Near 1, p(n) tends to its value at eps = 1 (Lemma 0b, in words), which Theorem 2's exported closed form gives
    for every n = 2^k >= 2 (:func:`at_one`: 2 and 4, and every 2^k >= 8 in its own block): each is 1 > 1/2 (z3)."""
    P, H = z3.Ints("P H")
    steps = []
    for r, Pr, hyp, name in ((2, 8, [], "2"), (4, 8, [], "4"), (P, P, [P == 2 * H, H >= 4], "2^k \\ge 8")):
        v, st = at_one(r, Pr, hyp)
        steps += st
        if v is not None:
            steps.append(prove(f"$p({name}) = {format_exact(mpq(v))} > 1/2$ at $\\varepsilon = 1$", [],
                               z3.Q(int(mpq(v).numerator), int(mpq(v).denominator)) > z3.Q(1, 2),
                               source="noisy.conjecture10.ends", cites=(VALUES_AT_ONE.id,)))
    return steps


def conjecture10_end_steps():
    """Conjecture 10 at the ends from its cited conclusions (:func:`_ends_steps`): near 0 p(n) > 1/2, near 1/2 the
    slope and the move with the larger H_n ahead at second order above 1/2, near 1 the values of Theorem 2
    (:func:`near_one_steps`)."""
    steps, off = _ends_steps("noisy.conjecture10.ends", lambda v0, vm: v0 > z3.Q(1, 2),
                             "$p(n) > 1/2$ near 0 (Theorem 7's conclusion)", "above")
    return (steps + near_one_steps() if off is None else steps), off


@claim("noisy.conjecture9.ends", "§3, Conjecture 9",
       "Conjecture 9 at both ends for every $n \\ge 2$: move 0 is the unique optimum and $p(n) > 2/3$ for "
       "$0 < \\varepsilon \\le 1/(3k)$, $k$ the binary digits of $n$ (Theorem 7), and move 0 is the unique optimum "
       "with $p(n) > 1/2$ on an interval $(1/2 - \\delta_n, 1/2)$ (Theorems 6 and 8)", unprinted=STATEMENT9)
@resting_on(CHANNEL)
def conjecture9_ends():
    for dep in (theorem6_verdict(), theorem7_verdict(), theorem8_verdict()):
        if dep.outcome is not Outcome.VERIFIED:
            return _rests_on("a theorem", dep)
    steps, off = conjecture9_end_steps()
    if off is not None:
        return unlinked(off, "Conjecture 9 at the ends", rests(theorem6_verdict(), theorem8_verdict()),
                        assumptions=(CHANNEL.id,))
    bad = first_failure(steps)
    if bad is not None:
        return _step_failed("", bad)
    scope = f"every $n \\ge {max(1 << (T7_K0 - 1), 2)}$ near 0 and near $1/2$"
    return verified([steps, rests(theorem6_verdict(), theorem7_verdict(), theorem8_verdict())], say(f"scope: {scope}: near $\\varepsilon = 0$ (on $(0, 1/(3k)]$, Theorem 7) and just below "
                               "$1/2$ (Theorem 6: $p(n) - 1/2 = \\frac{s}{n(n - 1)} + O(s^2)$, $s = 1 - 2 \\varepsilon$, "
                               "the even moves ahead to first order; Theorem 8: move 0 ahead of every other even move "
                               "at second order). $\\delta_n$ near $1/2$ is not computed for every $n$; in the middle of "
                               "$(0, 1/2)$ the bound $p(n) > 1/2$ holds for every $n$ (",
                               claim_ref("noisy.conjecture9.bound_every_n"), ") and the top moves are never optimal (",
                               claim_ref("noisy.conjecture9.top_moves"), "), while move 0 against the low moves is open "
                               "beyond the heaps of the interval proofs (every heap $n \\le 128$ by default, "
                               "$n \\le 2048$ with --slow).", theorem7_verdict().details, ";", theorem8_verdict().details),
                    table(["scope", "width near 0"], [[say(scope), say("$1/(3k)$")]]),
                    assumptions=(CHANNEL.id,))


@claim("noisy.conjecture10.ends", "§3, Conjecture 10",
       "Conjecture 10 at the ends for every $n = 2^k \\ge 2$: $p(n) > 1/2$ near 0, on both sides of $1/2$ and near "
       "1, and move $n - 1$ is the unique optimum on an interval $(1/2, 1/2 + \\delta_k)$", unprinted=STATEMENT)
@resting_on(CHANNEL)
def conjecture10_ends():
    for dep in (theorem6_verdict(), theorem7_verdict(), theorem8_verdict(), theorem2_verdict()):
        if dep.outcome is not Outcome.VERIFIED:
            return _rests_on("a theorem", dep)
    steps, off = conjecture10_end_steps()
    if off is not None:
        return unlinked(off, "Conjecture 10 at the ends", rests(theorem6_verdict(), theorem8_verdict()),
                        assumptions=(CHANNEL.id,))
    bad = first_failure(steps)
    if bad is not None:
        return _step_failed("", bad)
    scope = f"every $n = 2^k \\ge {max(1 << (T7_K0 - 1), 2)}$ near 0, $1/2$ and 1"
    return verified([steps, rests(theorem6_verdict(), theorem7_verdict(), theorem8_verdict(), theorem2_verdict())],
                    say(f"scope: {scope}. Near 0: $p(n) > 2/3$ (Theorem 7). Near $1/2$: $p(n) - 1/2 = "
                               "\\frac{|1 - 2 \\varepsilon|}{n(n - 1)} + O((1 - 2 \\varepsilon)^2)$ (Theorem 6), and "
                               "just above $1/2$ the odd moves lead to first order and among them $n - 1$ (all bits 1) "
                               "maximises $H_n$ at second order, strictly (Theorem 8: $H_n$ grows with the bits of $m$, "
                               "and every odd $m < n - 1$ misses a bit $b \\ge 1$, seen by $r = 2^b$). Near 1: "
                               "$p(n) \\to 1$, the value of the game at $\\varepsilon = 1$ (Theorem 2). That $n - 1$ "
                               "stays optimal up to 1 is false from $n = 256$ on (", claim_ref("noisy.conjecture10.every_k"),
                               "); in the middle of $[0, 1]$ the bound $p(n) \\ge 1/2$ holds for every $k$ (",
                               claim_ref("noisy.conjecture10.bound_every_k"), ") and the optimal moves are proved heap "
                               "by heap only"),
                    table(["scope"], [[say(scope)]]), assumptions=(CHANNEL.id,))
