"""ju24 §1.3 and §3.1: the regions of the (x, y)-cube; Theorem 3.1 (the trivial regions' policies) and the lines no region covers.

Policies are judged by the independent solver :mod:`exactcube.brownian.stopping` (every option of the rules).
"""

from __future__ import annotations

from exactcube.brownian import stakes as st
from exactcube.brownian import stopping as solver
from exactcube.claims import Erratum, ErratumKind, claim, erratum, refuted, verified
from exactcube.content.model import claim_ref, say, value
from exactcube.numbers import format_exact, mpq
from exactcube.printed import printed
from exactcube.results import computed


#: the constants in the inequalities of Theorem 3.1 and of Theorem 1.3 (R+, R-) as printed
THM31_BOUNDS = printed("§3.1 Theorem 3.1: the constants of its regions' inequalities",
                       {"3.1(1): y >": 1, "3.1(2): y <=": 1, "3.1(3): -x >": 1, "3.1(3): y >": 1, "3.1(4): x >=": -1})
R_BOUNDS = printed("§1.3 Theorem 1.3: the constants of R+ and R-", {"R+: y >": 1, "R-: y <": 1})


def printed_regions(bounds=None, which=("3.1", "R")):
    """Theorem 3.1's four regions and R+, R- as predicates on exact (x, y), y > 0, built from the printed constants
    (``THM31_BOUNDS``, ``R_BOUNDS``; or ``bounds``, one dict with all seven): (1) x ≥ y ≥ 0, y > 1; (2) x ≥ 0,
    y ≤ 1; (3) x < 0 and (-x > 1 or y > 1); (4) -1 ≤ x ≤ 0, y ≤ -x; R+: 0 < x < y, y > 1; R-: 0 < -x < y < 1.
    ``which`` names the printed items to read ("3.1", "R")."""
    out = {}
    if "3.1" in which:
        c = THM31_BOUNDS.value if bounds is None else bounds
        out.update({
            "3.1(1)": lambda a, b: a >= b >= 0 and b > c["3.1(1): y >"],
            "3.1(2)": lambda a, b: a >= 0 and b <= c["3.1(2): y <="],
            "3.1(3)": lambda a, b: a < 0 and (-a > c["3.1(3): -x >"] or b > c["3.1(3): y >"]),
            "3.1(4)": lambda a, b: c["3.1(4): x >="] <= a <= 0 and b <= -a,
        })
    if "R" in which:
        d = R_BOUNDS.value if bounds is None else bounds
        out.update({
            "R+": lambda a, b: 0 < a < b and b > d["R+: y >"],
            "R-": lambda a, b: 0 < -a < b < d["R-: y <"],
        })
    return out


#: the regions with the constants as printed (for the tests and the figure)
PRINTED_REGIONS = printed_regions({**THM31_BOUNDS.original, **R_BOUNDS.original})


def region_grid(n=8, span=3):
    """Exact (x, y) with y > 0 on a grid that contains the boundary lines x = 0, y = 1, y = ±x, x = -1."""
    xs = sorted({mpq(i, n) for i in range(-span * n, span * n + 1)})
    ys = [mpq(i, n) for i in range(1, span * n + 1)]
    return [(a, b) for a in xs for b in ys]


def check_regions(regions=None, n=8):
    regions = printed_regions() if regions is None else regions
    overlaps, gaps = [], []
    for a, b in region_grid(n):
        hit = [name for name, f in regions.items() if f(a, b)]
        if len(hit) > 1:
            overlaps.append((a, b, hit))
        if not hit:
            gaps.append((a, b))
    return overlaps, gaps


@claim("ju24.regions", "§1.3 Theorem 1.3; §3.1 Theorem 3.1; §3.2 first sentence; Figure 4",
       "The four trivial regions of Theorem 3.1 and R+, R- of Theorem 1.3 are 'the remaining nontrivial values of "
       "(x, y)': together they cover y > 0 (Figure 4).")
def regions_claim():
    overlaps, gaps = check_regions()
    ran = computed((region_grid(), overlaps, gaps), "the regions holding each point of an exact grid",
                   "ju24 Theorems 1.3, 3.1")
    if overlaps:
        a, b, names = overlaps[0]
        at = say(f"$(x, y) = ({format_exact(a)}, {format_exact(b)})$ lies in", ", ".join(names))
        return refuted(ran, say("the regions overlap, e.g.", at), at)
    on_x0 = all(a == 0 and b > 1 for a, b in gaps if a == 0)
    on_y1 = all(b == 1 and -1 < a < 0 for a, b in gaps if a != 0)
    if not gaps:
        return verified(ran, say("the regions partition the sampled half-plane"))
    if not (on_x0 and on_y1):
        at = say(f"$(x, y) = ({format_exact(gaps[0][0])}, {format_exact(gaps[0][1])})$")
        return refuted(ran, say("uncovered points off the two lines, e.g.", at), at)
    ex = ", ".join(f"$({format_exact(a)}, {format_exact(b)})$" for a, b in gaps[:3])
    return erratum(
        ran,
        say(f"On an exact grid of {len(region_grid())} points (step $1/8$, containing every boundary line) the six "
            f"regions never overlap, but {len(gaps)} points lie in none, all on two lines (e.g. {ex}): the boundary "
            "$x = 0$, $y > 1$ of $R^+$ and the boundary $y = 1$, $-1 < x < 0$ of $R^-$. (Reading the regions' "
            "inequalities shows these lines are exactly what is missed.) On both lines never proposing is optimal: "
            "claim", claim_ref("ju24.thm3.1.gaps"), "."),
        [Erratum("§3.2, first sentence (and Figure 4)",
                 "the remaining nontrivial values of (x, y) are those in R+ or R-",
                 "the remaining values are R+, R- and the two lines {x = 0, y > 1} and {y = 1, -1 < x < 0}; on these "
                 "lines one should never double (exact solver)", kind=ErratumKind.SUBSTANTIVE)],
        witness=say("uncovered points, e.g.", ex),
    )


def restricted_equals_optimal(a, b, policy: st.Policy, kmax=3, ran: list | None = None):
    """Whether restricting every proposal to the policy's states loses nothing, at every level and cube position
    (None, or the first difference); the two solutions compared are appended to ``ran`` when given."""
    allow = {st.Policy.AT_ONE: lambda j, pl, t: t == 1, st.Policy.AT_ZERO: lambda j, pl, t: t == 0,
             st.Policy.NEVER: lambda j, pl, t: False}[policy]
    opt, res = solver.solve(a, b, kmax), solver.solve(a, b, kmax, allow=allow)
    if ran is not None:
        ran += [opt, res]
    for j in range(1, kmax + 1):
        for o in solver.OWNERS:
            f, g = opt.level(j, o).value, res.level(j, o).value
            for t in sorted(set(f.xs) | set(g.xs)):
                if f(t) != g(t):
                    return (j, o, t, f(t), g(t))
    return None


#: Theorem 3.1 as printed: the optimal time to double in each trivial region
THM31_POLICIES = printed("§3.1 Theorem 3.1: when to double", {"3.1(1)": "p = 1", "3.1(2)": "p = 0",
                                                               "3.1(3)": "never", "3.1(4)": "p = 0"})
_POLICY_WORDS = {"p = 1": st.Policy.AT_ONE, "p = 0": st.Policy.AT_ZERO, "never": st.Policy.NEVER}


@claim("ju24.thm3.1", "§3.1, Theorem 3.1",
       "(1) x ≥ y ≥ 0, y > 1: double at p = 1; (2) x ≥ 0, y ≤ 1: double at p = 0; (3) x < 0 and (-x > 1 or y > 1): "
       "never double; (4) -1 ≤ x ≤ 0, y ≤ -x: double at p = 0.")
def thm3_1(n=4, kmax=3, policies=None):
    if policies is None:
        said = THM31_POLICIES.value
        policies = {r: _POLICY_WORDS.get(w) for r, w in said.items()}
        unknown = [r for r, pol in policies.items() if pol is None]
        if unknown:
            # a printed policy that names no time to double is a wrong printed item; what is true there is the
            # set of the three policies the exact solver finds optimal at every grid point of the region
            regions = printed_regions(which=("3.1",))
            errs, ran = [], [computed(said, "Theorem 3.1's policies as read", "ju24 Theorem 3.1")]
            for r in unknown:
                pts = [(a, b) for a, b in region_grid(n) if regions[r](a, b)]
                good = [w for w, pol in _POLICY_WORDS.items()
                        if all(restricted_equals_optimal(a, b, pol, kmax, ran) is None for a, b in pts)]
                true = " or ".join(f"'{w}'" for w in good) if good else "none of 'p = 1', 'p = 0', 'never'"
                errs.append(Erratum(f"{THM31_POLICIES.where}, {r}", said[r], true, kind=ErratumKind.SUBSTANTIVE,
                                    note=say("the printed words name no time to double (one of 'p = 1', 'p = 0', "
                                             f"'never'); the exact solver at the {len(pts)} grid points of {r}, "
                                             f"$k = 1, \\ldots, {kmax}$, says which of them are optimal at every one")))
            return erratum(ran, say("Theorem 3.1 as printed names no policy in", ", ".join(unknown), "; the exact "
                                      "solver (every option of the rules) says which policies are optimal there."),
                           errs)
    counts = {r: 0 for r in policies}
    ran = []
    regions = printed_regions(which=("3.1",))
    for a, b in region_grid(n):
        for name, pol in policies.items():
            if regions[name](a, b):
                counts[name] += 1
                bad = restricted_equals_optimal(a, b, pol, kmax, ran)
                if bad:
                    at = say(f"$(x, y) = ({a}, {b})$ in {name}, with $j = {bad[0]}$ proposals left, cube {bad[1]}, "
                             f"$p = {bad[2]}$")
                    return refuted(ran, say(at, f": proposing only '{pol.value}' is worth", value(bad[4]),
                                              ", less than the optimum", value(bad[3])), at)
    # strictness: in (1), (2), (4) the stated proposal gains something over never proposing
    gains = []
    for name, (a, b) in (("3.1(1)", (mpq(3), mpq(2))), ("3.1(2)", (mpq(1, 2), mpq(1, 2))),
                         ("3.1(4)", (mpq(-1, 2), mpq(1, 4)))):
        if restricted_equals_optimal(a, b, st.Policy.NEVER, 1, ran) is None:
            at = say(f"$(x, y) = ({a}, {b})$")
            return refuted(ran, say(f"in {name} at", at, "proposing gains nothing over never"), at)
        gains.append(name)
    return verified(ran, say("brute force with the exact solver (every option of the rules, proposals at 0 and 1 "
                               f"included), $k = 1, \\ldots, {kmax}$, every cube position, on the exact grid of step "
                               f"$1/{n}$ in $[-3, 3] \\times (0, 3]$ (",
                               "; ".join(f"{r}: {c} points" for r, c in counts.items()), "): allowing proposals only "
                               "where the theorem says gives exactly the optimal value function; in", ", ".join(gains),
                               "the stated proposal beats never proposing. (The stated point need not be the only "
                               "optimal one: e.g. in (1) with the cube centred and $k = 1$ every $p$ is.)"))


@claim("ju24.thm3.1.gaps", "§3.1-3.2 (not covered by the paper)",
       "On the lines x = 0, y > 1 and y = 1, -1 < x < 0, which no region of ju24 covers, never proposing is optimal.",
       unprinted="not a statement of the paper: the lines it leaves out (ju24.regions)")
def thm3_1_gaps(kmax=3):
    pts = [(mpq(0), b) for b in (mpq(5, 4), mpq(2), mpq(7, 2), mpq(10))] + \
          [(a, mpq(1)) for a in (mpq(-99, 100), mpq(-1, 2), mpq(-1, 8), mpq(-1, 1000))]
    ran = []
    for a, b in pts:
        bad = restricted_equals_optimal(a, b, st.Policy.NEVER, kmax, ran)
        if bad:
            at = say(f"$(x, y) = ({a}, {b})$")
            return refuted(ran, say("at", at, f"proposing gains, with $j = {bad[0]}$ proposals left, cube {bad[1]}, "
                                      f"$p = {bad[2]}$"), at)
    return verified(ran, say(f"exact solver, $k = 1, \\ldots, {kmax}$, all cube positions, at {len(pts)} exact points "
                               "of the two lines: forbidding every proposal leaves the value function unchanged "
                               "($2p - 1$)."))
