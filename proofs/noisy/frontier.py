r"""noisy §3, Conjecture 9 heap by heap beyond 4096: the reduced frontier by the block recursion (issue 35, item 4).

By Theorems B6 and B7 (``noisy.conjecture9.bound_every_n``, ``noisy.conjecture9.top_moves``, every n) Conjecture 9 at a
heap n = K + t is exactly the low-move inequality p(n, 0) > p(n, m), 1 <= m < K.  The slow claims below prove it on
the whole of [0, 1/2) for every heap up to 8192 and up to 16384, by Taylor models formed through the block recursion
(``noisy.blocks.recursion``, :mod:`exactcube.noisy.interval.block_models`), in sub-ranges of eps on this machine's
cores (the runner ``scripts/run_reduced_frontier.py`` sends the same sub-ranges to Dask).  Each claim is open when a
lemma it rests on is not verified, or when a piece fails.
"""

from __future__ import annotations

from exactcube.claims import Evidence, claim, open_, verified
from exactcube.content import claim_ref, say

from .blocks import bound_every_n, recursion, top_moves
from .readings import CHANNEL, resting_on

RIGOROUS = Evidence.RIGOROUS
ENCLOSURES = ("no printed number: the statement is the conjecture's own (move 0 and the bound 1/2 are part of it); "
              "the check fails when a lemma it rests on is not verified or a piece cannot be proved")
STATEMENT = (r"For $0 < \varepsilon < 1/2$ and every heap $2 \le n \le {n}$: $p(n) > 1/2$ and the optimal move is to "
             r"send 0 [the whole of $[0, 1/2)$: the low-move inequality by the block recursion]")
#: the lemmas the reduction and the recursion rest on (claim id, its check)
LEMMAS = (("noisy.blocks.recursion", recursion), ("noisy.conjecture9.bound_every_n", bound_every_n),
          ("noisy.conjecture9.top_moves", top_moves))


def _workers(parts: int) -> int:
    from exactcube.processes import cap_workers

    return cap_workers(parts)[0]


def frontier_verdict(n: int, parts: int, lemmas=LEMMAS, prove=None):
    """The verdict of the reduced frontier at heaps up to ``n``: open when a lemma of ``lemmas`` is not verified (the
    reduction or the recursion would not hold), else the sub-range run of
    :func:`exactcube.noisy.scale.cluster.prove_distributed` (``prove`` replaces it in tests)."""
    from exactcube.claims import Outcome
    from exactcube.noisy.scale import cluster

    for cid, check in lemmas:
        dep = check()
        if dep.outcome is not Outcome.VERIFIED:
            return open_(RIGOROUS, say("rests on", claim_ref(cid), ", which is not verified:", dep.details))
    if prove is None:
        def prove():
            return cluster.prove_distributed(9, n, parts, workers=_workers(parts), reduced=True, method="blocks")
    r = prove()
    pieces = sum(x["pieces"] for x in r.records)
    data = {"statement": r.statement, "sub_ranges": [[x["eps"], x["eps_to"]] for x in r.records], "pieces": pieces,
            "gaps": [[x["eps"], a, b, why] for x in r.records for a, b, why in x["gaps"]],
            "cpu_seconds": r.cpu_seconds, "backend": r.backend, "scope": f"every heap 2..{n}, eps in [0, 1/2)"}
    how = say(f"{len(r.records)} closed sub-ranges of $\\varepsilon$ sharing their ends, {pieces} pieces in "
              "$s = 1 - 2 \\varepsilon$, on each the low-move inequality $p(n, 0) > p(n, m)$, $1 \\le m < K$, for every "
              "heap $n = K + t$ by Taylor models of order 7 formed through", claim_ref("noisy.blocks.recursion"),
              "(outward-rounded binary64); the top moves by", claim_ref("noisy.conjecture9.top_moves"),
              ", $p(n) > 1/2$ by", claim_ref("noisy.conjecture9.bound_every_n"),
              "; the piece at $\\varepsilon = 1/2$ decided at second order (", claim_ref("noisy.half.first_order"),
              f"); {r.cpu_seconds:.0f} s of CPU in the sub-ranges ({r.backend})")
    if not r.proved:
        return open_(RIGOROUS, say(f"Conjecture 9, heaps up to {n}, reduced form: not proved ({len(data['gaps'])} "
                                   "piece(s) failed, or a sub-range did not run);", how), data)
    return verified(RIGOROUS, say(f"scope: every heap $2 \\le n \\le {n}$, $\\varepsilon \\in [0, 1/2)$.", how), data)


def _frontier_claim(cid: str, n: int, parts: int, measured: str):
    @claim(cid, "§3, Conjecture 9", STATEMENT.replace("{n}", str(n)) + f" [{measured}]", slow=True,
           unprinted=ENCLOSURES)
    @resting_on(CHANNEL)
    def check():
        return frontier_verdict(n, parts)

    check.__name__ = cid.replace("noisy.", "").replace(".", "_")
    return check


#: (claim, heaps, sub-ranges, what was measured on the 2-core development machine)
_FRONTIER = (
    ("noisy.conjecture9.low_moves_n8192", 8192, 2, "2 sub-ranges on 2 cores"),
    ("noisy.conjecture9.low_moves_n16384", 16384, 2, "2 sub-ranges on 2 cores"),
)

FRONTIER_CLAIMS = {_args[0]: _frontier_claim(*_args) for _args in _FRONTIER}
