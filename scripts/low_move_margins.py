"""Screen the relative margins of Conjecture 9's low-move inequality block by block (binary64, numeric: a screen,
not a proof).

For a heap n = K + t (K = 2^(k-1)) the low-move inequality is p(n, 0) > p(n, m) for 1 <= m < K (docs/noisy.md, "The
block recursion").  This script computes every p(n, m) of the low moves by the block recursion (Lemma B1,
``noisy.blocks.recursion``) in binary64 and prints, for each block k and each eps of a grid, the least relative
margin

    r_k(eps) = min over 0 <= t < K, 1 <= m < K of (p(K + t, 0) - p(K + t, m)) / (p(K) - 1/2)

with the heap and move where it is attained, and the ratio at the power of two alone,

    rho_k(eps) = min over 1 <= m < K of (p(K) - p(K, m)) / (p(K) - 1/2),

which Lemma B8 (``noisy.conjecture9.block_from_power``) compares with 2 eps: where rho_k(eps) > 2 eps the whole block
K..2K - 1 satisfies the inequality.  An invariant carried from K to 2K that proves the inequality for every
n would have to give r_k(eps) > 0 for every k; the table shows how r_k behaves as k grows (docs/noisy.md, "What the
invariant attempt showed").  Floating point only: the rigorous statements are the slow claims
``noisy.conjecture9.low_moves_n8192`` and ``noisy.conjecture9.low_moves_n16384``.

    python scripts/low_move_margins.py [--k-max 14] [--eps 1/20,1/10,1/5,3/10,2/5,9/20,49/100]
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

sys.path.insert(0, ".")

from exactcube.noisy.nim.channel import popcounts  # noqa: E402
from exactcube.numbers import parse_rational  # noqa: E402


def margins(eps: float, k_max: int):
    """[(k, r_k, n, m, rho_k)] for the blocks k = 2..k_max at eps (binary64)."""
    e, f = eps, 1.0 - eps
    N = 1 << (k_max - 1)
    beta = np.zeros(2 * N)
    beta[0], beta[1] = -0.5, 0.5
    pop = popcounts(2 * N)
    out = []
    for k in range(2, k_max + 1):
        K = 1 << (k - 1)
        x = 0.5 - beta[:K]  # y_s = 1 - p(s), through the kernel bit by bit: p(K, m)
        for b in range(k - 1):
            x = x.reshape(K >> (b + 1), 2, 1 << b)
            x = np.stack([f * x[:, 0] + e * x[:, 1], e * x[:, 0] + f * x[:, 1]], axis=1).reshape(K)
        A = x - 0.5
        rho = float((A[0] - A[1:]).min() / A[0])
        wd = np.array([e ** d * f ** (k - 1 - d) for d in range(k)])
        B = np.zeros(K)
        W = np.zeros(K)
        best = (np.inf, 0, 0)
        for t in range(K):
            low = (f * A - e * B) / (f + e * W)  # p(n, m) - 1/2 for every low move m
            b = low[0]
            gap = b - low[1:]
            i = int(np.argmin(gap))
            if gap[i] / A[0] < best[0]:
                best = (gap[i] / A[0], K + t, i + 1)
            beta[K + t] = b
            w = wd[pop[np.arange(K) ^ t]]
            B += w * b
            W += w
        out.append((k, *best, rho))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--k-max", default="14", help="the last block (heaps up to 2^k - 1), at most 15")
    ap.add_argument("--eps", default="1/20,1/10,1/5,3/10,2/5,21/50,9/20,49/100", help="values of eps in (0, 1/2)")
    a = ap.parse_args(argv)
    try:
        k_max = int(a.k_max)
        if not 2 <= k_max <= 15:
            raise ValueError
        grid = [parse_rational(x, "--eps") for x in a.eps.split(",")]
        if not all(0 < x < parse_rational("1/2", "") for x in grid):
            raise ValueError
    except ValueError:
        print("low_move_margins: --k-max must be in 2..15 and every --eps in (0, 1/2)", file=sys.stderr)
        return 2
    rows = {x: margins(float(x), k_max) for x in grid}
    print("block k | " + " | ".join(f"eps = {x}" for x in grid))
    for i, k in enumerate(range(2, k_max + 1)):
        print(f"{k:7d} | " + " | ".join(f"{rows[x][i][1]:.4g} (n {rows[x][i][2]}, m {rows[x][i][3]})" for x in grid))
    print("\nrho_k at the power of two against 2 eps (Lemma B8 applies where rho_k > 2 eps)")
    print("block k | " + " | ".join(f"eps = {x} (2 eps = {float(2 * x):.3g})" for x in grid))
    for i, k in enumerate(range(2, k_max + 1)):
        print(f"{k:7d} | " + " | ".join(f"{rows[x][i][4]:.4g}" for x in grid))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
