"""Write the notebooks of this folder from the cells below (run: python notebooks/make_notebooks.py).

The notebooks are stored without outputs; tests/test_notebooks.py executes each one.
Every value a cell asserts is derived by hand in the cell's comment, not pasted from a run.
"""

from __future__ import annotations

import os

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = os.path.dirname(os.path.abspath(__file__))

NOTEBOOKS = {
    "alternating-doubles.ipynb": [
        new_markdown_cell(
            "# Alternating doubles and the 4/5 limit\n\n"
            "In the continuous game (Keeler and Spencer 1969; Ju et al. 2024) A's chance of winning "
            "moves continuously. With $k$ doubles left a player doubles at $d_k$ and the opponent "
            "takes down to $a_k = 1 - d_k$. Indifference gives $d_k = 1 - d_{k-1}/4$ with "
            "$d_0 = 1$ (ju24 (2.3)), so $d_k = 4/5 + (1/5)(-1/4)^k$ (ju24 (1.1)) and $d_k \\to 4/5$."),
        new_code_cell("from fractions import Fraction as F\n"
                      "from exactcube import models\n"
                      "models.cube.thresholds(2)"),
        new_markdown_cell("By hand: with one double left the doubler doubles where the taker is indifferent: "
                          "taking at $p$ is worth $2(2p - 1)$ to the doubler (the cube dead at 2), passing "
                          "is worth 1, so $2(2d - 1) = 1$ and $d_1 = 3/4$; then $d_2 = 1 - d_1/4 = 13/16$."),
        new_code_cell("assert models.cube.thresholds(1).double == F(3, 4)\n"
                      "assert models.cube.thresholds(2).double == F(13, 16)\n"
                      "# the distance to the limit is (1/5) 4^-k, exactly (ju24 Figure 1)\n"
                      "rows = [(k, models.cube.thresholds(k).double) for k in range(8)]\n"
                      "assert all(abs(d - F(4, 5)) == F(1, 5) / 4**k for k, d in rows)\n"
                      "[(k, str(d), float(d)) for k, d in rows]"),
        new_markdown_cell("With the cube centred the game effectively ends at $a_k$ and $d_k$; between "
                          "them the equity is linear (the consistency lemma, ks69 (2)). At $p = 7/10$ with "
                          "2 doubles left: $(2p - 1)/(2d_2 - 1) = (2/5)/(5/8) = 16/25$."),
        new_code_cell("e = models.cube.equity('7/10', doubles_left=2)\n"
                      "assert e.value == F(16, 25)\n"
                      "e"),
        new_markdown_cell("Bad input is refused with one sentence, never guessed: a binary float is not "
                          "an exact number."),
        new_code_cell("from exactcube import BadInput\n"
                      "try:\n"
                      "    models.cube.equity(0.7)\n"
                      "except BadInput as exc:\n"
                      "    print(exc)"),
    ],
    "race-and-bearoff.ipynb": [
        new_markdown_cell(
            "# A race and a bearoff with the cube\n\n"
            "zk77's race model: a count stands for a position, and each turn lowers it by the "
            "dice total (doubles count four times). The chance that the player on roll wins is "
            "$W(x, y) = \\sum_j P(x, j) \\sum_{k \\ge j} P(y, k)$ (zk77 (1))."),
        new_code_cell("from fractions import Fraction as F\n"
                      "from exactcube import models\n"
                      "r = models.race.win_chance(2, 2)\n"
                      "r"),
        new_markdown_cell("By hand: a count of 2 gets off with any roll (the smallest total is 1 + 2 = 3), "
                          "so the player on roll always wins: $W(2, 2) = 1$. With a count of 4 against "
                          "2, only 1-2 (2 of 36) fails, so $W(4, 2) = 34/36 = 17/18$."),
        new_code_cell("assert r.value == 1\n"
                      "assert models.race.win_chance(4, 2).value == F(17, 18)\n"
                      "models.race.cube_decision(8, 10)"),
        new_markdown_cell(
            "A real bearoff: one checker each on the six point, checkers on points 1-6 only, all "
            "plays under the full rules. By hand: the roller gets off with every roll of 6 pips or "
            "more (a non-double moves its two dice one after the other, 2-2 moves 8 pips); the "
            "misses are 1-2, 1-3, 1-4, 2-3 (two ways each) and 1-1 (4 pips), 9 of 36 rolls. After a "
            "miss the checker stands on point 3 or lower, where every roll bears it off, so the "
            "opponent must get off at once: $W = 3/4 + (1/4)(1/4) = 13/16$."),
        new_code_cell("e = models.bearoff.pair((0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 1))\n"
                      "assert e.win == F(13, 16)\n"
                      "e"),
    ],
    "noisy-nim.ipynb": [
        new_markdown_cell(
            "# Noisy Nim: the value of a heap as a function of the noise\n\n"
            "One pile; the player to move names the heap to leave, sent in binary through a "
            "channel that flips each digit with probability $\\varepsilon$ (the source's equation (5), "
            "as reconstructed in docs/noisy.md)."),
        new_code_cell("from fractions import Fraction as F\n"
                      "from exactcube import models\n"
                      "s = models.noisy.nim(5, '77/100')\n"
                      "s"),
        new_markdown_cell(
            "By hand: a heap of 2 is the word 10, so moves are sent with $k = 2$ digits, and the legal "
            "words are 00 and 01. Sending 01 (leave one chip) arrives as 00 with chance "
            "$\\varepsilon(1-\\varepsilon)/((1-\\varepsilon)^2 + \\varepsilon(1-\\varepsilon)) = \\varepsilon$ "
            "(a flip of the last digit, renormalised over the legal words); the player who leaves one "
            "chip loses (the opponent takes it), the one who leaves none wins. So "
            "$p(2, 1) = \\varepsilon$, $p(2, 0) = 1 - \\varepsilon$ and "
            "$p(2) = \\max(\\varepsilon, 1 - \\varepsilon) = 77/100$ at $\\varepsilon = 77/100$, "
            "reached by sending 1."),
        new_code_cell("assert s.p[2] == F(77, 100) and s.optimal[2] == (1,)"),
        new_markdown_cell(
            "The phase diagram: $p(n)$ as exact piecewise rational functions of $\\varepsilon$, every "
            "change of optimal move an exact algebraic number. Heap 4 keeps move 0 (take everything) "
            "below $1/2$ and sends 3 (leave 3) above it, as Conjectures 9 and 10 of the source say."),
        new_code_cell("d = models.noisy.phase_diagram(4)\n"
                      "[(str(lo), str(hi), moves) for lo, hi, moves in d.heap(4).move_intervals()]"),
        new_markdown_cell("Two independent methods agree: the phase's rational function of "
                          "$\\varepsilon$, evaluated at $1/4$, against the exact solution of (5) at "
                          "$\\varepsilon = 1/4$."),
        new_code_cell("phase = d.heap(4).phase_at(F(1, 4))\n"
                      "assert phase.moves == (0,)\n"
                      "print(phase.p)\n"
                      "assert phase.p(F(1, 4)) == models.noisy.nim(4, F(1, 4)).p[4]"),
        new_markdown_cell("$p(n)$ for heaps 1 to 8 on a grid of $\\varepsilon$ (exact values, "
                          "turned into floats only to draw)."),
        new_code_cell("import matplotlib\n"
                      "matplotlib.use('Agg')\n"
                      "import matplotlib.pyplot as plt\n"
                      "grid = [F(i, 40) for i in range(41)]\n"
                      "sols = [models.noisy.nim(8, e) for e in grid]\n"
                      "fig, ax = plt.subplots(figsize=(6, 3.5))\n"
                      "for n in range(2, 9):\n"
                      "    ax.plot([float(e) for e in grid], [float(s.p[n]) for s in sols], label=f'p({n})')\n"
                      "ax.axhline(0.5, color='grey', lw=0.5)\n"
                      "ax.set_xlabel('eps')\n"
                      "ax.legend(ncol=4, fontsize=7)\n"
                      "plt.show()"),
    ],
}


def main() -> None:
    for name, cells in NOTEBOOKS.items():
        nb = new_notebook(cells=cells, metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                                "language": "python"}})
        nbformat.write(nb, os.path.join(HERE, name))


if __name__ == "__main__":
    main()
