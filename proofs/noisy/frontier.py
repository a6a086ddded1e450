r"""noisy §3, Conjecture 9 heap by heap beyond 4096: the reduced frontier by the block recursion (issue 35, item 4).

By Theorems B6 and B7 (``noisy.conjecture9.bound_every_n``, ``noisy.conjecture9.top_moves``, every n) Conjecture 9 at a
heap n = K + t is exactly the low-move inequality p(n, 0) > p(n, m), 1 <= m < K.  The slow claims below prove it on
the whole of [0, 1/2) for every heap up to 8192 and up to 16384, by Taylor models formed through the block recursion
(``noisy.blocks.recursion``, :mod:`exactcube.noisy.interval.block_models`), in sub-ranges of eps on this machine's
cores (the runner ``scripts/run_reduced_frontier.py`` sends the same sub-ranges to Dask).

Lemma B8 (``noisy.conjecture9.block_from_power``, default run) decides a whole block from one inequality at its power
of two, p(K, m) - 1/2 < (1 - 2 eps)(p(K) - 1/2); the slow claim ``noisy.conjecture9.power_k17`` certifies that
inequality at every power of two up to 2^16 on [0, 2/5] (:mod:`exactcube.noisy.interval.power_models`), hence
Conjecture 9 at every heap below 2^17 there.  Each claim is open when a lemma it rests on is not verified, or when a
piece fails.
"""

from __future__ import annotations

import time

import z3

from exactcube.certificates import recorded_cache
from exactcube.claims import Outcome, claim, open_, verified
from exactcube.content.model import claim_ref, say
from exactcube.numbers import format_exact, mpq
from exactcube.results import computed

from .blocks import (BELOW_HALF, BOUND_K, LOW, RECURSION_LOW, WITHIN, block_sum_step, bound_every_k, bound_every_n,
                     exact_solution, linked, low_step, recursion, rests, top_moves, within_block)
from .conjectures import local_workers
from .every_k import chain_open
from .readings import CHANNEL, resting_on
from .smt import Conclusion, EpsRange, cite, establish, export, first_failure, prove

ENCLOSURES = ("no printed number: the statement is the conjecture's own (move 0 and the bound 1/2 are part of it); "
              "the check fails when a lemma it rests on is not verified or a piece cannot be proved")
STATEMENT = (r"For $0 < \varepsilon < 1/2$ and every heap $2 \le n \le {n}$: $p(n) > 1/2$ and the optimal move is to "
             r"send 0 [the whole of $[0, 1/2)$: the low-move inequality by the block recursion]")
#: the lemmas the reduction and the recursion rest on (claim id, its check)
LEMMAS = (("noisy.blocks.recursion", recursion), ("noisy.conjecture9.bound_every_n", bound_every_n),
          ("noisy.conjecture9.top_moves", top_moves))


def _failed_lemma(dep):
    """What an open verdict on a lemma that is not verified cites: the results that lemma rests on (or the failed
    check, when it cites none)."""
    return rests(dep) or computed(False, "a lemma of the reduction, not verified", "noisy §3")


def frontier_verdict(n: int, parts: int, lemmas=LEMMAS, run=None, eps_from=None):
    """The verdict of the reduced frontier at heaps up to ``n``: open when a lemma of ``lemmas`` is not verified (the
    reduction or the recursion would not hold), else the sub-range run of
    :func:`exactcube.noisy.scale.cluster.prove_distributed` (``run`` replaces it in tests) on [``eps_from``, 1/2)
    (default [0, 1/2))."""
    from exactcube.noisy.scale import cluster

    for cid, check in lemmas:
        dep = check()
        if dep.outcome is not Outcome.VERIFIED:
            return open_(_failed_lemma(dep), say("rests on", claim_ref(cid), ", which is not verified:", dep.details))
    if run is None:
        def run():
            extra = {} if eps_from is None else {"eps_from": eps_from}
            return cluster.prove_distributed(9, n, parts, workers=local_workers(parts), reduced=True, method="blocks",
                                             **extra)
    r = run()
    lo_text = "0" if eps_from is None else format_exact(eps_from)
    pieces = sum(x["pieces"] for x in r.records)
    data = {"statement": r.statement, "sub_ranges": [[x["eps"], x["eps_to"]] for x in r.records], "pieces": pieces,
            "gaps": [[x["eps"], a, b, why] for x in r.records for a, b, why in x["gaps"]],
            "cpu_seconds": r.cpu_seconds, "backend": r.backend, "scope": f"every heap 2..{n}, eps in [{lo_text}, 1/2)"}
    how = say(f"{len(r.records)} closed sub-ranges of $\\varepsilon$ sharing their ends, {pieces} pieces in "
              "$s = 1 - 2 \\varepsilon$, on each the low-move inequality $p(n, 0) > p(n, m)$, $1 \\le m < K$, for every "
              "heap $n = K + t$ by Taylor models of order 7 formed through", claim_ref("noisy.blocks.recursion"),
              "(outward-rounded binary64); the top moves by", claim_ref("noisy.conjecture9.top_moves"),
              ", $p(n) > 1/2$ by", claim_ref("noisy.conjecture9.bound_every_n"),
              "; the piece at $\\varepsilon = 1/2$ decided at second order (", claim_ref("noisy.half.first_order"),
              f"); {r.cpu_seconds:.0f} s of CPU in the sub-ranges ({r.backend})")
    if not r.proved:
        return open_(r, say(f"Conjecture 9, heaps up to {n}, reduced form: not proved ({len(data['gaps'])} "
                                   "piece(s) failed, or a sub-range did not run);", how), data)
    return verified(r, say(f"scope: every heap $2 \\le n \\le {n}$, $\\varepsilon \\in [{lo_text}, 1/2)$.", how), data)


def _frontier_claim(cid: str, n: int, parts: int, measured: str, eps_from=None):
    statement = STATEMENT.replace("{n}", str(n))
    if eps_from is not None:  # the range above eps*, where Theorem N does not reach
        lo = format_exact(eps_from)
        statement = (f"For ${lo} \\le \\varepsilon < 1/2$ (which holds $(\\varepsilon^*, 1/2)$, where Theorem N does "
                     f"not reach) and every heap $2 \\le n \\le {n}$: $p(n) > 1/2$ and the optimal move is to send 0 "
                     "[the low-move inequality by the block recursion]")
    @claim(cid, "§3, Conjecture 9", statement + f" [{measured}]", slow=True,
           unprinted=ENCLOSURES)
    @resting_on(CHANNEL)
    def check():
        return frontier_verdict(n, parts, eps_from=eps_from)

    check.__name__ = cid.replace("noisy.", "").replace(".", "_")
    return check


#: what the run on [41/100, 1/2) to 32768 measured (issue 42 item 3)
FRONTIER_ABOVE_MEASURED = ("run to the end piece by piece: its walk tries 7 pieces on [41/100, 1/2) (the same at 2048 "
                           "and 4096, none failing there); scripts/run_frontier_pieces.py proved all 7 at 32768, none "
                           "failing, 1,680 s of CPU in all (213-283 s a piece; the record is docs/frontier-32768.jsonl); "
                           "the claim's own walk tries exactly these pieces, about 1,820 s of CPU")
#: (claim, heaps, sub-ranges, what was measured on the 2-core development machine[, the lower end of eps])
_FRONTIER = (
    ("noisy.conjecture9.low_moves_n8192", 8192, 2, "14 pieces in 2 sub-ranges: 636 s of CPU measured, 400 s on 2 "
     "cores"),
    ("noisy.conjecture9.low_moves_n16384", 16384, 2, "14 pieces in 2 sub-ranges: 1,796 s of CPU measured, 1,128 s on "
     "2 cores"),
    ("noisy.conjecture9.low_moves_n32768", 32768, 2, "not yet run to the end: one of its 2 sub-ranges took about 40 "
     "minutes of CPU, the other more than 70"),
    # issue 42 item 3: the frontier only where Theorem N does not reach, [41/100, 1/2) holding (eps*, 1/2)
    ("noisy.conjecture9.low_moves_above_eps_star_n32768", 32768, 2, FRONTIER_ABOVE_MEASURED, mpq(41, 100)),
)

FRONTIER_CLAIMS = {_args[0]: _frontier_claim(*_args) for _args in _FRONTIER}


# ---------------------------------------------------------------------------
# Lemma B8: a block decided by its power of two
# ---------------------------------------------------------------------------

#: the values of eps below 1/2 of the block lemmas' exact instances (the solutions are shared with them)
_GRID = tuple(mpq(a, b) for a, b in ((0, 1), (1, 20), (1, 7), (1, 4), (1, 3), (2, 5), (49, 100)))
_HEAPS = 512


_e, _a, _A0, _Am, _V0, _Vm = z3.Reals("eps a A0 Am V0 Vm")
#: Lemma B8's exported conclusion: at every heap K + t of block K, move 0 is worth at least (1 - 2 eps) a, and a
#: low move m with A_m < (1 - 2 eps) a less than that
BLOCK_FROM_POWER = export(Conclusion(
    "noisy.conjecture9.block_from_power", (_e, _a, _A0, _Am, _V0, _Vm), BELOW_HALF, (_a > 0, _A0 == _a),
    z3.And(_V0 >= (1 - 2 * _e) * _a, z3.Implies(_Am < (1 - 2 * _e) * _a, _Vm < (1 - 2 * _e) * _a)),
    "a = p(K) - 1/2, A0 and Am = p(K, 0) - 1/2 and p(K, m) - 1/2, V0 and Vm = p(K + t, 0) - 1/2 and "
    "p(K + t, m) - 1/2 at a heap of block K"))


def block_bounds_step(source: str, rng: EpsRange = BELOW_HALF):
    """Every heap of block K is worth between 1/2 + (1 - 2 eps) a and 1/2 + a (K itself: a; the others by the
    exported formulas of Lemmas B2 and B4), so the block sums satisfy (1 - 2 eps) W a <= B <= W a."""
    wb, lw = cite(WITHIN.id), cite(LOW.id)
    return block_sum_step("the block sums of heaps worth between $1/2 + (1 - 2 \\varepsilon) a$ and $1/2 + a$ "
                          "satisfy $(1 - 2 \\varepsilon) W a \\le B \\le W a$", source,
                          lambda e, a, beta: [z3.Or(beta == a, z3.And(wb.at(e, a, beta), lw.at(e, a, beta)))],
                          lambda e: 1 - 2 * e, lambda e: 1, rng, cites=[wb, lw])


def power_test_steps(rng: EpsRange = BELOW_HALF, factor=None):
    r"""The steps of Lemma B8, over the reals, from the exported formulas of Lemmas B1, B2 and B4: with
    a = p(K) - 1/2 > 0 and every heap of the block worth between 1/2 + (1 - 2 eps) a and 1/2 + a, so that
    (1 - 2 eps) W a <= B <= W a, move 0 is worth at least (1 - 2 eps) a at every heap K + t, and a low move m with
    A_m < (1 - 2 eps) a less than that.  ``factor`` replaces the hypothesis' factor 1 - 2 eps (tests: a weaker one
    must fail)."""
    e, W, a, A, B, V = z3.Reals("eps W a A B V")
    A0, Am, V0, Vm = _A0, _Am, _V0, _Vm
    low, b8 = cite(RECURSION_LOW.id), cite(BLOCK_FROM_POWER.id)
    f = (1 - 2 * e) if factor is None else factor(e)
    sums = block_bounds_step(BLOCK_FROM_POWER.lemma, rng)
    base = rng.hypotheses(e) + [W >= 0, W <= 1, a > 0, B <= W * a, B >= (1 - 2 * e) * W * a]
    s1 = prove("at every heap of the block, move 0 is worth at least $(1 - 2 \\varepsilon)(p(K) - 1/2)$",
               base + [A0 == a, low.at(e, A0, B, W, V0)], V0 >= (1 - 2 * e) * a, source=b8.lemma, cites=[low])
    s2 = prove("a low move $m$ with $p(K, m) - 1/2 < (1 - 2 \\varepsilon)(p(K) - 1/2)$ is worth less than that at "
               "every heap of the block", base + [low.at(e, Am, B, W, Vm)], z3.Implies(Am < f * a, Vm < (1 - 2 * e) * a),
               source=b8.lemma, cites=[low])
    end = establish(b8, "Lemma B8's conclusion from its two steps", [s1.goal, s2.goal], rng=rng)
    return [sums, s1, s2, end]


def power_inequality(sol, K: int, e) -> bool:
    """The hypothesis of Lemma B8 at K, exactly: p(K, m) - 1/2 < (1 - 2 eps)(p(K) - 1/2) for every 1 <= m < K."""
    a = sol.p[K] - mpq(1, 2)
    return all(sol.move_value(K, m) - mpq(1, 2) < (1 - 2 * e) * a for m in range(1, K))


def block_holds(sol, K: int) -> bool:
    """The conclusion of Lemma B8 in block K, exactly: p(K + t, 0) > p(K + t, m), 0 <= t < K, 1 <= m < K."""
    return all(sol.move_value(n, 0) > sol.move_value(n, m) for n in range(K, 2 * K) for m in range(1, K))


@recorded_cache
def block_from_power_verdict():
    """The verdict of claim ``noisy.conjecture9.block_from_power``, cached for the run.

    The claims resting on it share it; a test re-runs it after ``block_from_power_verdict.cache_clear()``."""
    steps = power_test_steps()
    bad = first_failure(steps)
    if bad is not None:
        return chain_open(say(bad.sentence()), bad)
    deps = []
    for cid, check in (("noisy.blocks.recursion", recursion), ("noisy.blocks.within_block", within_block),
                       ("noisy.blocks.low_step", low_step), ("noisy.conjecture10.bound_every_k", bound_every_k)):
        dep = check()
        if dep.outcome is not Outcome.VERIFIED:
            return chain_open(say("rests on", claim_ref(cid), ", which is not verified:", dep.details), rests(dep))
        deps.append(dep)
    held, blocks = 0, 0
    for e in _GRID:
        sol = exact_solution(e)
        for k in range(2, 8):  # blocks K = 2..64, heaps up to 127
            K = 1 << (k - 1)
            blocks += 1
            if power_inequality(sol, K, e):
                held += 1
                if not block_holds(sol, K):
                    return chain_open(say(f"the hypothesis holds at $K = {K}$, $\\varepsilon = {format_exact(e)}$, "
                                          "and a low move of the block is not below move 0"),
                                      computed((K, e), "an exact instance"))
    if held == 0:
        return chain_open(say("the hypothesis held in no block of the instances: nothing was checked"),
                          computed(held, "exact instances"))
    inst = computed({"blocks": blocks, "hypothesis held": held}, "the lemma on exact blocks", "noisy §3, (5)")
    scope = f"every $K = 2^{{k-1}} \\ge 2$, $\\varepsilon \\in {BELOW_HALF.text()}$"
    return verified([steps, inst, rests(*deps)],
                    say(f"scope: {scope}. By", claim_ref("noisy.blocks.within_block"), "and",
                        claim_ref("noisy.blocks.low_step"), "every heap of the block is worth between "
                        "$1/2 + (1 - 2 \\varepsilon) a$ and $1/2 + a$, $a = p(K) - 1/2 > 0$ (",
                        claim_ref("noisy.conjecture10.bound_every_k"), "), so "
                        "$(1 - 2 \\varepsilon) W_m a \\le B_m \\le W_m a$ in", claim_ref("noisy.blocks.recursion"),
                        f"; its {len(steps)} steps decided by z3 from the cited lemmas' exported formulas for every "
                        f"$\\varepsilon \\in {BELOW_HALF.text()}$, $W \\in [0, 1]$, $a > 0$ and real $A$, $B$; "
                        f"exactly on the blocks $K = 2, \\ldots, 64$ at {len(_GRID)} values of "
                        f"$\\varepsilon$: the hypothesis held in {held} of {blocks}, and the conclusion in each"),
                    {"scope": scope, "steps": [x.name for x in steps],
                     "instances": {"blocks": blocks, "hypothesis held": held}, **linked(steps, [BLOCK_FROM_POWER])},
                    assumptions=(CHANNEL.id,))


@claim("noisy.conjecture9.block_from_power", "§3, Conjecture 9",
       "For every $K = 2^{k-1} \\ge 2$ and $\\varepsilon \\in [0, 1/2)$: if $p(K, m) - 1/2 < (1 - 2 \\varepsilon)"
       "(p(K) - 1/2)$ for every $1 \\le m < K$, then $p(K + t, 0) > p(K + t, m)$ for every $0 \\le t < K$ and "
       "$1 \\le m < K$ (Lemma B8: the low-move inequality of a whole block follows from one inequality at its power "
       "of two)", unprinted=ENCLOSURES)
def block_from_power():
    return block_from_power_verdict()


# ---------------------------------------------------------------------------
# the power inequality at every power of two up to 2^16: every heap below 2^17 on [0, 2/5]
# ---------------------------------------------------------------------------

def power_test_is_the_inequality_steps(rng: EpsRange = BELOW_HALF):
    """The models test s A_0 - A_m > 0 (s = 1 - 2 eps, A_m = p(K, m) - 1/2) for every m >= 1, not the power
    inequality A_m < s a (a = p(K) - 1/2) itself: they are the same because a >= 0 (Theorem B5's exported formula):
    if the best move were some m >= 1, a = A_m < s A_0 <= s a would make a < 0; so move 0 is optimal, A_0 = a."""
    e, x, a, A0, Am = z3.Reals("eps x a A0 Am")
    bk = cite(BOUND_K.id)
    s = 1 - 2 * e
    return [prove("the tests $s A_0 - A_m > 0$ are the power inequality: $A_0 = a$ and $A_m < s a$, because $a \\ge 0$",
                  rng.hypotheses(e) + [x > 0, bk.at(e, x, a), z3.Or(a == A0, a == Am), A0 <= a, Am <= a,
                                       s * A0 - Am > 0], z3.And(A0 == a, Am < s * a),
                  source="noisy.conjecture9.power_k17", cites=[bk])]


def power_verdict(k_max: int, eps_to=mpq(2, 5), lemmas=None, run=None):
    """The verdict of the power inequality at every K = 2^(k-1) <= 2^(k_max-1) on [0, eps_to], and with Lemma B8 and
    Theorems B6, B7 Conjecture 9 at every heap below 2^k_max on that range: open when a lemma is not verified or a
    piece fails (``run`` replaces the proof in tests)."""
    from exactcube.noisy.interval.power_models import prove_power_inequality

    lemmas = LEMMAS + (("noisy.conjecture9.block_from_power", block_from_power),) if lemmas is None else lemmas
    steps = power_test_is_the_inequality_steps()
    bad = first_failure(steps)
    if bad is not None:
        return open_(bad, say(bad.sentence()))
    for cid, check in lemmas:
        dep = check()
        if dep.outcome is not Outcome.VERIFIED:
            return open_(_failed_lemma(dep), say("rests on", claim_ref(cid), ", which is not verified:", dep.details))
    t0 = time.process_time()
    r = prove_power_inequality(k_max, eps_to=eps_to) if run is None else run()
    cpu = time.process_time() - t0
    top = (1 << k_max) - 1
    scope = f"every heap $2 \\le n \\le {top}$, $\\varepsilon \\in [0, {format_exact(eps_to)}]$"
    data = {"statement": r.statement, "pieces": len(r.pieces), "gaps": [list(g) for g in r.gaps],
            "cpu_seconds": round(cpu, 1), "scope": scope}
    how = say(f"{len(r.pieces)} pieces in $s = 1 - 2 \\varepsilon$, on each the power inequality "
              "$p(K, m) - 1/2 < (1 - 2 \\varepsilon)(p(K) - 1/2)$ at every $K = 2^{k-1}$, $2 \\le K \\le "
              f"{1 << (k_max - 1)}$, by Taylor models of order 7 (outward-rounded binary64), the heaps between by",
              claim_ref("noisy.blocks.recursion"), "; every heap of each block by", claim_ref("noisy.conjecture9.block_from_power"),
              ", the top moves by", claim_ref("noisy.conjecture9.top_moves"), f"; {cpu:.0f} s of CPU")
    if not r.proved:
        return open_([r, steps], say(f"the power inequality up to $2^{{{k_max - 1}}}$ is not proved:", how), data)
    return verified([r, steps], say(f"scope: {scope}.", how, "The models test $s A_0 - A_m > 0$; with $p(K) - 1/2 \\ge 0$ ("
                                    "Theorem B5) that is the power inequality (a z3 step)."), data)


@claim("noisy.conjecture9.power_k17", "§3, Conjecture 9",
       r"For $0 \le \varepsilon \le 2/5$ and every heap $2 \le n \le 131071$: $p(n) > 1/2$ and the optimal move is to "
       r"send 0 [by the power inequality at every $K = 2^{k-1} \le 65536$ and Lemma B8: 10 pieces, 941 s of CPU measured on one core]", slow=True,
       unprinted=ENCLOSURES)
@resting_on(CHANNEL)
def power_k17():
    return power_verdict(17)
