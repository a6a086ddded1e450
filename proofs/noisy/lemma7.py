r"""noisy §2: Lemma 7, Corollary 8 (n-pile Nim with equiprobable noise) and the remark that
Chomp! does not satisfy Lemma 7's hypothesis.

Lemma 7 (reconstructed in docs/noisy.md; the reading ``noisy.lemma7-hypothesis``): if :math:`\mu_x(y, z) = 1/\deg^+(x)` for all
:math:`y, z \in F(x)` (equiprobable) and every position that is neither P nor N
has as many P-followers as N-followers, then :math:`p(x) = 1/2` at every
position that is neither P nor N.  Proof idea: by (4),
:math:`p(x) = \frac{1}{\deg^+ x}\sum_z (1 - p(z))`, the P- and N-followers
contribute 1 and 0 in equal numbers, the chance followers 1/2 by induction.
"""

from __future__ import annotations

from itertools import combinations_with_replacement, product

from exactcube.claims import claim, refuted, verified
from exactcube.content.model import say, table, value
from exactcube.noisy.games.chomp import chomp_followers
from exactcube.noisy.games.game import EQUIPROBABLE, Game, classify, solve
from exactcube.noisy.games.multipile import multipile_followers
from exactcube.numbers import mpq
from exactcube.results import computed

from .readings import LEMMA7, NOTHING_PRINTED, resting_on

HALF = mpq(1, 2)


def lemma7_report(game: Game, starts):
    """Solve ``game`` from each start; return (positions, hypothesis violations, conclusion violations).

    A hypothesis violation is a chance position whose numbers of P- and N-followers differ; a
    conclusion violation is a chance position with p != 1/2.
    """
    p = {}
    for s in starts:
        sol = solve(game, s)
        p.update(sol.p)
    hyp, concl = [], []
    for x, v in p.items():
        if classify(v) != "chance":
            continue
        fol = tuple(dict.fromkeys(game.followers(x)))
        nP = sum(1 for z in fol if p[z] == 0)
        nN = sum(1 for z in fol if p[z] == 1)
        if nP != nN:
            hyp.append((x, nP, nN))
        if v != HALF:
            concl.append((x, v))
    return p, hyp, concl


def _ordered_followers(x):
    return tuple(x[:i] + (h,) + x[i + 1:] for i in range(len(x)) for h in range(x[i]))


def _nim_starts(heaps: int, chips: int, ordered: bool):
    if ordered:
        return [t for t in product(range(chips + 1), repeat=heaps)]
    return [tuple(h for h in c if h) for c in combinations_with_replacement(range(chips + 1), heaps)]


@claim("noisy.lemma7", "§2, Lemma 7",
       "With the equiprobable mu, if every position that is neither P nor N has as many P-followers as "
       "N-followers, then p = 1/2 at every such position (checked on every game below satisfying the hypothesis).",
       unprinted=NOTHING_PRINTED)
@resting_on(LEMMA7)
def lemma7():
    # games that satisfy the hypothesis: n-pile Nim (both as multisets and as ordered heaps), 1-pile Nim
    done, ran = [], []
    for name, game, starts in (
        ("n-pile Nim, heaps as multisets", Game(multipile_followers, EQUIPROBABLE), _nim_starts(4, 7, False)),
        ("n-pile Nim, ordered heaps", Game(_ordered_followers, EQUIPROBABLE), [(7, 7, 7, 7)]),
        ("1-pile Nim", Game(lambda n: tuple(range(n)), EQUIPROBABLE), [80]),
    ):
        p, hyp, concl = lemma7_report(game, starts)
        ran.append(computed(p, f"p by (4) at every position of {name}", "noisy §2, Lemma 7"))
        if hyp:
            return refuted(ran, say(f"{name}: the hypothesis fails at ${hyp[0][0]}$"), say(f"position ${hyp[0][0]}$"))
        if concl:
            return refuted(ran, say(f"{name}: the hypothesis holds but", value(concl[0][1], name="p"),
                                      f"at ${concl[0][0]}$"), say(f"position ${concl[0][0]}$"))
        n_chance = sum(1 for v in p.values() if classify(v) == "chance")
        done.append([name, len(p), n_chance])
    # and the conclusion really needs the hypothesis: equiprobable Chomp! violates both
    p, hyp, concl = lemma7_report(Game(chomp_followers, EQUIPROBABLE), [(3, 3, 3)])
    ran.append(computed(p, "p by (4) at every position of equiprobable 3x3 Chomp!", "noisy §2, after Corollary 8"))
    if not concl:
        return refuted(ran, say("equiprobable $3 \\times 3$ Chomp! has $p = 1/2$ at every chance position"), None)
    games = table(["game", "positions", "chance positions"], done)
    return verified(ran, say("$p = 1/2$ at every chance position of these games, which satisfy the hypothesis:", games,
                               f"Control: equiprobable $3 \\times 3$ Chomp! fails the hypothesis at {len(hyp)} positions "
                               f"and has $p \\ne 1/2$ at {len(concl)} chance positions (e.g.",
                               value(concl[0][1], name=f"p{concl[0][0]}"), ")."))


@claim("noisy.cor8", "§2, Corollary 8 and the paragraph before it",
       "n-pile Nim with the equiprobable mu satisfies Lemma 7's hypothesis: the N-positions are those made only "
       "of an odd number of 1-chip piles, the P-positions those made only of an even number (including none); "
       "a chance position has a P- or N-follower only if it is (1, ..., 1, m) with m ≥ 2, and then exactly one of "
       "each; hence it is a fair chance game from any start that is neither P nor N (all positions of up to 4 "
       "heaps of up to 7 chips).",
       unprinted=NOTHING_PRINTED)
@resting_on(LEMMA7)
def cor8():
    game = Game(multipile_followers, EQUIPROBABLE)
    p, hyp, concl = lemma7_report(game, _nim_starts(4, 7, False))
    ran = computed(p, "p by (4) at every position of up to 4 heaps of up to 7 chips", "noisy §2, Corollary 8")
    for x, v in p.items():
        ones_only = all(h == 1 for h in x)
        want = ("N" if len(x) % 2 else "P") if ones_only else "chance"
        if classify(v) != want:
            return refuted(ran, say(f"${x}$:", value(v, name="p"), f"is {classify(v)}, expected {want}"),
                           say(f"position ${x}$"))
        if want != "chance":
            continue
        fol = multipile_followers(x)
        nP = sum(1 for z in fol if p[z] == 0)
        nN = sum(1 for z in fol if p[z] == 1)
        special = sum(1 for h in x if h >= 2) == 1
        if (nP, nN) != ((1, 1) if special else (0, 0)):
            return refuted(ran, say(f"${x}$: {nP} P-followers and {nN} N-followers"), say(f"position ${x}$"))
        if v != HALF:
            return refuted(ran, say(f"${x}$:", value(v, name="p")), say(f"position ${x}$"))
    n_chance = sum(1 for v in p.values() if classify(v) == "chance")
    return verified(ran, say(f"All {len(p)} positions of up to 4 heaps of up to 7 chips: P/N exactly the 1-chip-pile "
                               f"positions with even/odd count; each of the {n_chance} chance positions has one P- and "
                               "one N-follower if it is $(1, \\ldots, 1, m)$, $m \\ge 2$, and none otherwise; $p = 1/2$ "
                               "exactly at every chance position. (The extracted text lost which of 'odd'/'even' goes "
                               "with P: under normal play a single 1-chip pile is an N-position.)"))


@claim("noisy.chomp-not-lemma7", "§2, after Corollary 8",
       "Chomp! does not fulfil the hypothesis of Lemma 7 (the paper names a position; its symbols were lost).",
       unprinted=NOTHING_PRINTED)
@resting_on(LEMMA7)
def chomp_not_lemma7():
    best, ran = None, []
    for r in range(1, 4):
        for c in range(1, 5):
            p, hyp, concl = lemma7_report(Game(chomp_followers, EQUIPROBABLE), [(c,) * r])
            ran.append(computed(p, f"p by (4) at every position of equiprobable {r}x{c} Chomp!", "noisy §2"))
            for x, nP, nN in hyp:
                key = (sum(x), x)
                if best is None or key < best[0]:
                    best = (key, x, nP, nN, p[x])
    if best is None:
        return refuted(ran, say("no Chomp! position up to $3 \\times 4$ violates the hypothesis"), None)
    _, x, nP, nN, v = best
    rows = say("rows of lengths", ", ".join(map(str, x)))
    return verified(ran, say("Smallest chance position (fewest squares) violating the hypothesis, with", rows,
                               f"(poison at the start of the first row): {nP} P-followers and {nN} N-followers; there",
                               value(v, name="p"), "."), rows)
