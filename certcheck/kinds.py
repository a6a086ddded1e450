"""The certificate kinds: each re-decides its ``asserts`` from its ``data`` (see :mod:`certcheck.core`)."""

from __future__ import annotations

from fractions import Fraction

from . import nim, recurrences, smt, symbolic
from .core import describes, kind
from .numbers import Bad, decimal, judged, need, places, q, spell, z

#: Whether the SMT steps are sent to the second solver (``--no-smt`` turns it off; such certificates are rejected).
SMT_ENABLED = True


def _eps_list(xs) -> list[Fraction]:
    need(isinstance(xs, list) and xs, "eps must be a non-empty list")
    out = [q(x) for x in xs]
    need(all(0 <= e <= 1 for e in out), "every eps must lie in [0, 1]")
    need(len(set(out)) == len(out), "an eps is listed twice")
    return out


def _moves_text(text: str) -> tuple[int, ...]:
    """A printed optimal-move cell: ``"4"``, ``"0, 2"`` or ``"0 - 3"`` (every move 0..3)."""
    t = text.strip()
    if "-" in t:
        lo, hi = (int(x) for x in t.split("-"))
        return tuple(range(lo, hi + 1))
    return tuple(int(x) for x in t.split(","))


def _table(entry, heap: int):
    """One eps of a nim table: (eps, p list, optimal dict, values dict)."""
    e = q(entry["eps"])
    p = [q(x) for x in entry["p"]]
    need(len(p) == heap + 1, f"eps = {e}: p is listed for {len(p)} heaps, the table has heaps 0..{heap}")
    optimal = {int(n): tuple(z(m) for m in ms) for n, ms in entry["optimal"].items()}
    need(set(optimal) == set(range(1, heap + 1)), f"eps = {e}: the optimal moves of every heap 1..{heap} are needed")
    values = {int(n): [q(x) for x in vs] for n, vs in entry.get("values", {}).items()}
    return e, p, optimal, values


@kind("nim-table")
def nim_table(asserts, data):
    """p(n) and the optimal moves of 1-pile Nim at listed eps (equation (5) at every heap), and the printed cells
    compared: a printed p agrees when it is one of the two decimals nearest the exact value (within one unit of
    its last place); a printed optimal move agrees when it is the set of maximisers (at eps = 1, where several
    moves tie, one of them)."""
    heap = z(asserts["heap"])
    need(1 <= heap <= 64, "nim-table: heaps 1..64")
    eps = _eps_list(asserts["eps"])
    tables = data["tables"]
    need(isinstance(tables, list) and [q(t["eps"]) for t in tables] == eps, "one table per asserted eps, in order")
    solved = {}
    for t in tables:
        e, p, optimal, values = _table(t, heap)
        nim.check_heaps(e, p, optimal, values)
        solved[e] = (p[heap], optimal[heap])
    printed = asserts.get("printed", [])
    wrong = []
    for cell in printed:
        e, col, text = q(cell[0]), cell[1], cell[2]
        need(e in solved, f"a printed cell at eps = {e}, which the table does not solve")
        pv, moves = solved[e]
        if col == "p":
            ok = _printed_agrees(text, pv)
        elif col == "opt":
            try:
                shown = _moves_text(text)
            except ValueError:
                shown = ()
            ok = tuple(shown) == moves or (e == 1 and bool(shown) and set(shown) <= set(moves))
        else:
            raise Bad(f"unknown printed column {col!r}")
        if not ok:
            wrong.append([spell(e), col])
    return judged(wrong, sorted([spell(q(a)), b] for a, b in asserts.get("disagree", [])))


@describes("nim-table")
def nim_table_text(asserts) -> str:
    eps, printed, wrong = asserts["eps"], asserts.get("printed", []), asserts.get("disagree", [])
    heap = asserts["heap"]
    return (f"1-pile Nim through the bit-flip channel, heaps 1..{heap}, at {len(eps)} values of eps from "
            f"{eps[0]} to {eps[-1]}: every p(n) is the largest move value of equation (5) and the optimal moves are "
            f"its maximisers; {len(printed) - len(wrong)} of {len(printed)} printed cells of heap {heap} agree (a "
            "probability within one unit of its last printed decimal, an optimal move exactly)"
            + (f"; the others disagree: {', '.join(f'eps = {a} column {b}' for a, b in wrong)}" if wrong else ""))


@kind("nim-refutation")
def nim_refutation(asserts, data):
    """A statement about 1-pile Nim refuted at one heap and one eps: every smaller heap's p re-derived by (5), then
    the heap's move values, which contradict the statement."""
    n, e = z(asserts["heap"]), q(asserts["eps"])
    need(n >= 1 and 0 <= e <= 1, "a heap n >= 1 and eps in [0, 1]")
    p = [q(x) for x in data["p"]]
    need(len(p) == n, f"p(0..{n - 1}) are needed, {len(p)} listed")
    nim.check_heaps(e, p)
    best, moves, v = nim.solve_row(n, e, p)
    stmt = asserts["statement"]
    if stmt == "optimal-move":
        m = z(asserts["move"])
        need(0 <= m < n, f"move {m} is not legal from {n}")
        b = z(asserts["better"])
        need(0 <= b < n and v[b] > v[m], f"move {b} is not worth more than move {m} from {n} at eps = {spell(e)}")
    elif stmt == "p-at-least":
        bound = q(asserts["bound"])
        need(best < bound, f"p({n}) >= {spell(bound)} at eps = {spell(e)}: nothing is refuted")
    else:
        raise Bad(f"unknown statement {stmt!r}")
    listed = data.get("values")
    if listed is not None:
        need([q(x) for x in listed] == v, f"the listed move values of heap {n} are not those of (5)")
    return "refuted"


@describes("nim-refutation")
def nim_refutation_text(asserts) -> str:
    n, e = asserts["heap"], asserts["eps"]
    if asserts["statement"] == "optimal-move":
        m, b = asserts["move"], asserts["better"]
        return (f"at eps = {e}, from a heap of {n} chips, the move {m} is not optimal: move {b} is worth more by "
                f"equation (5), every p(r), r < {n}, re-derived by (5)")
    return f"at eps = {e}, p({n}) < {asserts['bound']} by equation (5), every p(r), r < {n}, re-derived by (5)"


@kind("recurrence")
def recurrence(asserts, data):
    """An exact table whose every entry is re-computed from the others by the recurrence's local equation."""
    table, size = recurrences.family_table(asserts, data), asserts["size"]
    for a, b, val in asserts.get("values", []):
        a, b = z(a), z(b)
        need(1 <= a <= size and 1 <= b <= size, f"({a}, {b}) is outside the table")
        need(table[a - 1][b - 1] == q(val), f"the asserted f({a}, {b}) = {val} is not the table's entry")
    wrong = []  # printed percentages of f(a, b) (0 when b <= 0: the opponent is off), within half a unit
    for k, (a, b, text) in enumerate(asserts.get("printed", [])):
        need(1 <= z(a) <= size and z(b) <= size, f"printed cell ({a}, {b}) is outside the table")
        v = 100 * table[a - 1][b - 1] if b >= 1 else Fraction(0)
        if abs(decimal(text) - v) > Fraction(1, 2 * 10 ** places(text)):
            wrong.append(k)
    return judged(wrong, sorted(asserts.get("disagree", [])))


@describes("recurrence")
def recurrence_text(asserts) -> str:
    size, said = asserts["size"], [f"f({a}, {b}) = {v}" for a, b, v in asserts.get("values", [])]
    return (f"{recurrences.FAMILIES[asserts['family']].sentence}: all {size * size} entries f(A, B), 1 <= A, B <= "
            f"{size}, satisfy the recurrence with its boundary values" + (f"; {'; '.join(said)}" if said else "")
            + ("" if "printed" not in asserts else
               f"; {len(asserts['printed']) - len(asserts['disagree'])} of {len(asserts['printed'])} printed "
               "percentages 100 f(A, B) agree within half a unit of their last place" + "".join(
                   f"; 100 f({a}, {b}) is not {t}" for k, (a, b, t) in enumerate(asserts["printed"])
                   if k in asserts["disagree"])))


@kind("smt")
def smt_steps(asserts, data):
    """Steps "hypotheses imply goal" in SMT-LIB2, each decided by a second solver (cvc5) on hypotheses and not goal."""
    steps = data["steps"]
    need(isinstance(steps, list) and steps, "at least one step")
    need(z(asserts["steps"]) == len(steps), f"{asserts['steps']} steps asserted, {len(steps)} given")
    names = [s["name"] for s in steps]
    need(list(asserts.get("names", names)) == names, "the asserted step names are not the steps given")
    if not SMT_ENABLED:
        raise Bad("the SMT steps were not decided (--no-smt)")
    scripts = [smt.script(s["declarations"], s["hypotheses"], s["goal"]) for s in steps]
    for s, answer in zip(steps, map(smt.decide, scripts), strict=True):
        need(answer == "unsat", f"step {s['name']!r}: the second solver answers {answer!r} on hypotheses and "
                                "not goal (unsat is needed)")
    outcome = asserts.get("outcome")
    need(outcome in ("verified", "refuted", "erratum", "open"), f"unknown outcome {outcome!r}")
    return outcome


@describes("smt")
def smt_text(asserts) -> str:
    return (f"{asserts['steps']} steps, each 'hypotheses imply goal', have hypotheses and not goal unsatisfiable "
            f"for cvc5 (steps of a verdict {asserts.get('outcome')}; the outcome follows from them by an argument in "
            "words, not checked here)")


def _printed_agrees(text: str, exact: Fraction) -> bool:
    """A printed decimal agrees when it is one of the two decimals nearest the exact value (within one unit of
    its last place)."""
    return abs(decimal(text) - exact) < Fraction(1, 10 ** places(text))


@kind("doubling-points")
def doubling_points(asserts, data):
    """Keeler and Spencer's alpha(i, j), beta(i, j) by (8)-(9) from their predecessors; the printed alpha cells."""
    size, a, b = z(asserts["size"]), q(asserts["a"]), q(asserts["b"])
    need(1 <= size <= 200, "a table of size 1..200")
    alpha = [[q(x) for x in r] for r in data["alpha"]]
    beta = [[q(x) for x in r] for r in data["beta"]]
    need(len(alpha) == size, f"a {size} x {size} table")
    recurrences.check_doubling_points(alpha, beta, a, b)
    wrong = []
    for i, j, text in asserts.get("printed", []):
        need(0 <= z(i) < size and 0 <= z(j) < size, f"printed cell ({i}, {j}) is outside the table")
        if not _printed_agrees(text, alpha[i][j]):
            wrong.append([i, j])
    outcome = judged(wrong, sorted(asserts.get("disagree", [])))
    if "printed_values" in asserts:  # Table II: A's expected gain at an even game, (19)
        values = [[q(x) for x in r] for r in data["values"]]
        need(len(values) == size and all(len(r) == size for r in values), f"a {size} x {size} table of values")
        for i in range(size):
            for j in range(size):
                need(values[i][j] == recurrences.even_game_gain(alpha[i][j], beta[i][j]),
                     f"the expected gain at ({i}, {j}) is not what (19) gives")
        wrong_v = [[i, j] for i, j, text in asserts["printed_values"] if not _printed_agrees(text, values[i][j])]
        if judged(wrong_v, sorted(asserts.get("disagree_values", []))) == "erratum":
            outcome = "erratum"
    return outcome


@describes("doubling-points")
def doubling_points_text(asserts) -> str:
    size, printed, wrong = asserts["size"], asserts.get("printed", []), asserts.get("disagree", [])
    return (f"Keeler and Spencer's doubling points alpha(i, j), beta(i, j), 0 <= i, j < {size}, raise factors "
            f"a = {asserts['a']}, b = {asserts['b']}: every entry is what (8)-(9) give from its predecessors "
            f"(alpha(0, j) = 1, beta(i, 0) = 0); {len(printed) - len(wrong)} of {len(printed)} printed alpha cells "
            "agree (within one unit of the last printed decimal)"
            + (f"; the others disagree: {', '.join(f'({i}, {j})' for i, j in wrong)}" if wrong else "")
            + ("" if "printed_values" not in asserts else
               f"; A's expected gain at an even game by (19) (+1 or -1 where a player dominates): "
               f"{len(asserts['printed_values']) - len(asserts.get('disagree_values', []))} of "
               f"{len(asserts['printed_values'])} printed gains agree"))


@kind("bearoff-audit")
def bearoff_audit(asserts, data):
    """Audited entries of a two-sided bearoff table: each entry's cubeless win chance re-derived from its
    successors' values by the Bellman equation, the plays of every roll generated by the rules and compared
    with the listed ones; a successor that is itself audited must carry the audited value."""
    from . import bearoff

    _counts = bearoff.counts
    entries = data["entries"]
    need(isinstance(entries, list) and len(entries) == z(asserts["audited"]),
         f"{asserts['audited']} entries asserted, {len(entries) if isinstance(entries, list) else 0} given")
    cap = z(asserts["max_checkers"])
    audited = {}
    for e in entries:
        x, y = _counts(e["x"]), _counts(e["y"])
        need(sum(x) <= cap and sum(y) <= cap, f"entry {e['x']} / {e['y']} exceeds {cap} checkers a side")
        audited[(x, y)] = q(e["value"])
    need(len(audited) == len(entries), "an entry is audited twice")
    drawn = bearoff.sample(cap, len(entries), z(asserts["seed"]))
    need([(_counts(e["x"]), _counts(e["y"])) for e in entries] == drawn,
         f"the entries are not the {len(entries)} pairs that seed {asserts['seed']} draws")
    for e in entries:
        x, y = _counts(e["x"]), _counts(e["y"])
        succ = {_counts(k): q(v) for k, v in e["successors"].items()}
        listed = {tuple(r): {_counts(s) for s in ss} for r, ss in e["plays"]}
        need(set(listed) == set(bearoff.ROLLS), f"entry {e['x']} / {e['y']}: the plays of all 21 rolls are needed")
        for roll in bearoff.ROLLS:
            need(listed[roll] == bearoff.plays(x, roll), f"entry {e['x']} / {e['y']}: the plays listed for roll "
                                                         f"{roll[0]}-{roll[1]} are not those of the rules")
        for s, v in succ.items():
            need((y, s) not in audited or audited[(y, s)] == v,
                 f"entry {e['x']} / {e['y']}: a successor's value differs from its audited entry")

        def value_of(s, succ=succ, e=e):
            need(s in succ, f"entry {e['x']} / {e['y']}: the value of successor {s} is not given")
            return succ[s]

        need(bearoff.bellman(x, y, value_of) == audited[(x, y)],
             f"entry {e['x']} / {e['y']}: the value is not what the Bellman equation gives from its successors")
    return "verified"


@describes("bearoff-audit")
def bearoff_audit_text(asserts) -> str:
    return (f"{asserts['audited']} entries (seed {asserts['seed']}) of the two-sided bearoff table of up to "
            f"{asserts['max_checkers']} checkers a side (table SHA-256 {asserts['table_sha256'][:16]}): each "
            "cubeless win chance is what the Bellman equation gives from its successors' listed values, the plays "
            "of every roll generated by the rules")


@kind("alternating-doubles")
def alternating_doubles(asserts, data):
    """d_k of the alternating cube by its recurrence, and the closed form a + c r^k for every k; with ``sides`` and
    ``log_line`` (ju24's Figure 1) the sides of a at odd and even k (d_k - a = c r^k has c r's sign at odd k, c's
    at even k) and the printed line against log|d_k - a| = log|c| + k log|r|, an identity in k."""
    a, c, r = (q(asserts["closed_form"][x]) for x in ("a", "c", "r"))
    d = [q(x) for x in data["d"]]
    need(len(d) == z(asserts["table_to"]) + 1, f"d_0..d_{asserts['table_to']} are needed")
    recurrences.check_alternating(d)
    recurrences.closed_form_solves_alternating(a, c, r)
    for k, x in enumerate(d):
        need(x == a + c * r ** k, f"d_{k} differs from the closed form")
    if "sides" in asserts:  # ju24 Figure 1: d_k - a = c r^k, so of c r's sign at odd k and of c's at even k
        need(asserts["sides"] == {"odd": _side(c * r), "even": _side(c)}, "the sides of a are not c r's and c's")
        mine = ["+", ["log", ["num", spell(abs(c))]], ["*", ["var", "k"], ["log", ["num", spell(abs(r))]]]]
        need(symbolic.identity_holds(mine, asserts["log_line"]), "log|d_k - a| = log|c| + k log|r| is not the line")
    return "verified"


def _side(x: Fraction) -> str:
    return "below" if x < 0 else "above"


@describes("alternating-doubles")
def alternating_doubles_text(asserts) -> str:
    f = asserts["closed_form"]
    return (f"the first doubling point with k doubles left, the cube alternating: d_0 = 1 and d_k = 1 - d_(k-1)/4 "
            f"(the taker's redouble point 1 - d_(k-1) and the chance 3/4 of reaching 1 first) are solved for every "
            f"k >= 0 by d_k = {f['a']} + ({f['c']}) ({f['r']})^k; the table d_0..d_{asserts['table_to']} agrees"
            + ("" if "sides" not in asserts else f"; d_k is {asserts['sides']['odd']} {f['a']} at odd k and "
               f"{asserts['sides']['even']} at even k, and log|d_k - {f['a']}| = log|c| + k log|r| is the line "
               f"{asserts['log_line']} (logarithms of rationals by their primes)"))


from . import bearoff_table, noisy_kinds  # noqa: E402,F401  (registers nim-rational, nim-grid, bearoff-table)
from . import papers  # noqa: E402,F401  (the papers' kinds: identities, ...)
from . import series  # noqa: E402,F401  (ks69's continuous raises in rational intervals)
from . import floyd  # noqa: E402,F401  (floyd-program)
