"""Exact identities of rational functions (with exponentials and logarithms as formal atoms), over ``Fraction``.

An expression is a JSON tree::

    ["num", "3/4"]        a rational            ["var", "a"]          a variable
    ["+", e1, e2, ...]    a sum                 ["*", e1, e2, ...]    a product
    ["^", e, k]           e to the integer k (k a JSON integer, negative allowed)
    ["exp", e]            exp(e), e a polynomial (no exp inside)
    ["log", e]            log(e), a new atom named by e's normal form (a positive rational: by its primes)
    ["pow", b, P]         b^P, P a polynomial whose variables take integer values: for a nonzero rational b,
                          exp(P (e_1 log p_1 + ... + [b < 0] log(-1))) by b's prime factors; for any other b,
                          exp(P log b), log b an atom named by b's normal form; an integer constant term c of P
                          taken out first (b^c); b^P b^Q = b^(P+Q) holds for integer exponents whatever b's sign

Every expression is brought to a quotient N / D of *exponential polynomials*: finite sums of terms
c * x1^k1 ... xn^kn * exp(P), c rational, P a polynomial of the variables, kept as a dict from (monomial, P) to
c.  The rules used are those of a commutative ring (sums and products expand), x^-k = 1/x^k, exp(P) exp(Q) =
exp(P + Q) and exp(0) = 1; a logarithm is an opaque atom (its argument's normal form names it).  An identity
L = R with L = N1/D1 and R = N2/D2 holds when D1 and D2 are not the zero expression and N1 D2 - N2 D1 expands
to the zero expression: every rule is an identity of functions, so the two sides agree wherever both are
defined, for every value of the variables (and of the log atoms).  No sampling: the check is by expansion.

A logarithm of a positive rational (up to 10^9) is the sum e_1 log p_1 + ... over its prime factors, the logs of
the primes being atoms (the same atoms as b^P's).

An identity that fails is shown to fail by a *witness*: rational values of the variables (no log in either side)
at which both sides are defined and shown to differ, evaluated exactly; with exp, each side's value is r e^a (r,
a rational), and two such values are shown to differ when exactly one r is 0, or they share r and not a (exp is
strictly increasing), or share a and not r.
"""

from __future__ import annotations

from fractions import Fraction
from math import prod

from .numbers import Bad, need, q, z

#: the largest degree, number of terms and exponent allowed (a certificate cannot make the checker expand forever)
MAX_TERMS = 20000
MAX_POWER = 64

ONE_KEY = ((), ())


def _mono_mul(m1, m2):
    d = dict(m1)
    for v, k in m2:
        d[v] = d.get(v, 0) + k
    return tuple(sorted((v, k) for v, k in d.items() if k))


def padd(p, r, sign=1):
    out = dict(p)
    for key, c in r.items():
        out[key] = out.get(key, 0) + sign * c
        if out[key] == 0:
            del out[key]
    return out


def pmul(p, r):
    out: dict = {}
    for (m1, e1), c1 in p.items():
        for (m2, e2), c2 in r.items():
            key = (_mono_mul(m1, m2), _canon(padd(dict(e1), dict(e2))))
            out[key] = out.get(key, 0) + c1 * c2
            if out[key] == 0:
                del out[key]
    need(len(out) <= MAX_TERMS, f"an expansion of more than {MAX_TERMS} terms")
    return out


def _canon(poly_items: dict):
    """The normal form of an exponent polynomial (a dict monomial -> coefficient) as a sorted tuple."""
    return tuple(sorted(((m, c) for m, c in poly_items.items() if c), key=lambda t: (t[0], t[1])))


def const(c) -> dict:
    return {ONE_KEY: Fraction(c)} if c else {}


def _exp_argument(p) -> dict:
    """A polynomial (no exp) as a dict monomial -> coefficient, for exp()."""
    out = {}
    for (m, e), c in p.items():
        need(e == (), "exp of an expression holding exp is not supported")
        out[m] = c
    return out


def _prime_logs(r: Fraction) -> list:
    """log r = e_1 log p_1 + ... (r > 0 rational, p_i its primes, e_i their exponents), as terms e_i pow-log(p_i);
    the logs of distinct primes are kept as distinct atoms (they are linearly independent over the rationals)."""
    need(max(r.numerator, r.denominator) <= 10 ** 9, "a logarithm of a rational up to 10^9")
    logs = []
    for m, sign in ((r.numerator, 1), (r.denominator, -1)):
        p = 2
        while m > 1:
            p = p if m % p == 0 else (p + 1 if p * p <= m else m)
            if m % p == 0:
                m //= p
                logs.append(["*", ["num", str(sign)], ["var", f"pow-log({p})"]])
    return logs


def parse(tree):
    """The normal form (N, D) of an expression tree."""
    need(isinstance(tree, list) and tree and isinstance(tree[0], str), f"not an expression: {tree!r}")
    op, args = tree[0], tree[1:]
    if op == "num":
        need(len(args) == 1, "num takes one rational")
        return const(q(args[0])), const(1)
    if op == "var":
        need(len(args) == 1 and isinstance(args[0], str) and args[0], "var takes one name")
        return {(((args[0], 1),), ()): Fraction(1)}, const(1)
    if op == "+":
        need(args, "an empty sum")
        n, d = parse(args[0])
        for a in args[1:]:
            n2, d2 = parse(a)
            n, d = padd(pmul(n, d2), pmul(n2, d)), pmul(d, d2)
        return n, d
    if op == "*":
        need(args, "an empty product")
        n, d = parse(args[0])
        for a in args[1:]:
            n2, d2 = parse(a)
            n, d = pmul(n, n2), pmul(d, d2)
        return n, d
    if op == "^":
        need(len(args) == 2, "^ takes a base and an integer")
        n, d = parse(args[0])
        k = z(args[1])
        need(abs(k) <= MAX_POWER, f"an exponent above {MAX_POWER}")
        if k < 0:
            need(bool(n), "a negative power of zero")
            n, d, k = d, n, -k
        rn, rd = const(1), const(1)
        for _ in range(k):
            rn, rd = pmul(rn, n), pmul(rd, d)
        return rn, rd
    if op == "exp":
        need(len(args) == 1, "exp takes one argument")
        n, d = parse(args[0])
        need(len(d) == 1 and ONE_KEY in d, "exp of a quotient: bring its argument to a polynomial (a constant "
                                          "denominator) first")
        c = d[ONE_KEY]
        arg = {m: v / c for m, v in _exp_argument(n).items()}
        return {((), _canon(arg)): Fraction(1)}, const(1)
    if op == "pow":  # r^P = exp(P (log|r| + [r < 0] log(-1))), log|r| by r's prime factors
        need(len(args) == 2, "pow takes a rational base and an exponent")
        if args[0][:1] != ["num"]:  # a base b not a number: log b an atom named by b's normal form
            bn, bd = parse(args[0])
            need(bool(bn), "pow: a zero base")
            r, logs = Fraction(1), [["var", "pow-log" + repr(sorted(bn.items())) + "/" + repr(sorted(bd.items()))]]
        else:
            r = q(args[0][1])
            need(r != 0 and max(abs(r.numerator), r.denominator) <= 10 ** 9, "pow: a nonzero base up to 10^9")
            logs = [["var", "pow-log(-1)"]] if r < 0 else []
        logs += _prime_logs(abs(r))
        n, d = parse(args[1])
        need(set(d) == {ONE_KEY}, "pow: the exponent must be a polynomial")
        c = n.get(ONE_KEY, Fraction(0)) / d[ONE_KEY]  # an integer constant term is r^c, exactly
        c = c if c.denominator == 1 and abs(c) <= MAX_POWER else Fraction(0)
        rest = ["+", args[1], ["num", str(-c)]]
        head = ["num", str(r ** int(c))] if args[0][:1] == ["num"] else ["^", args[0], int(c)]
        return parse(["*", head, ["exp", ["*", rest, ["+", ["num", "0"], *logs]]]])
    if op == "log":
        need(len(args) == 1, "log takes one argument")
        n, d = parse(args[0])
        need(len(d) == 1 and ONE_KEY in d, "log of a quotient is not supported")
        c = d[ONE_KEY]
        if set(n) <= {ONE_KEY} and n.get(ONE_KEY, 0) / c > 0:  # log of a positive rational: by its prime factors
            return parse(["+", ["num", "0"], *_prime_logs(n[ONE_KEY] / c)])
        name = "log(" + repr(sorted(((m, e, v / c) for (m, e), v in n.items()), key=repr)) + ")"
        return {(((name, 1),), ()): Fraction(1)}, const(1)
    raise Bad(f"unknown operation {op!r}")


def identity_holds(lhs, rhs) -> bool:
    """Whether lhs = rhs holds as an identity (the denominators must not be the zero expression)."""
    n1, d1 = parse(lhs)
    n2, d2 = parse(rhs)
    need(bool(d1) and bool(d2), "a side's denominator is the zero expression")
    return not padd(pmul(n1, d2), pmul(n2, d1), -1)


def evaluate(tree, point: dict) -> tuple:
    """The exact value of an expression without log at rational values of its variables, as (r, a): the number
    r e^a, r and a rational (a = 0 without exp); the terms of a sum that are not 0 must share their a."""
    op, args = tree[0], tree[1:]
    if op == "num":
        return q(args[0]), Fraction(0)
    if op == "var":
        need(args[0] in point, f"the witness gives no value of {args[0]}")
        return point[args[0]], Fraction(0)
    if op == "+":
        terms = [t for t in (evaluate(a, point) for a in args) if t[0]]
        need(len({a for _r, a in terms}) <= 1, "a witness cannot add exponentials of different arguments exactly")
        return sum((r for r, _a in terms), Fraction(0)), terms[0][1] if terms else Fraction(0)
    if op == "*":
        vals = [evaluate(a, point) for a in args]
        return prod((r for r, _a in vals), start=Fraction(1)), sum((a for _r, a in vals), Fraction(0))
    if op == "^":
        (b, a), k = evaluate(args[0], point), z(args[1])
        need(abs(k) <= MAX_POWER, f"an exponent above {MAX_POWER}")
        need(b != 0 or k >= 0, "the witness divides by zero")
        return b ** k, a * k
    if op == "exp":
        r, a = evaluate(args[0], point)
        need(a == 0, "a witness cannot evaluate exp of an exponential")
        return Fraction(1), r
    raise Bad(f"a witness cannot evaluate {op!r} exactly")


def fails_at(lhs, rhs, point: dict) -> bool:
    """Whether both sides are defined at ``point`` and shown to differ there (division by zero is rejected): r1 e^a1
    and r2 e^a2 differ when exactly one of r1, r2 is 0, or neither is and they share r but not a (exp is
    strictly increasing) or a but not r; two values sharing neither are not decided (False)."""
    try:
        (r1, a1), (r2, a2) = evaluate(lhs, point), evaluate(rhs, point)
    except ZeroDivisionError:
        raise Bad("the witness divides by zero") from None
    return (r1 == 0) != (r2 == 0) or (r1 != 0 and (r1 == r2) != (a1 == a2))


def substitute(tree, name: str, value):
    """The tree with every ``["var", name]`` replaced by ``value``."""
    need(isinstance(tree, list) and tree, f"not an expression: {tree!r}")
    if tree[0] == "var":
        return value if tree[1:] == [name] else tree
    if tree[0] in ("num",):
        return tree
    if tree[0] == "^":
        return ["^", substitute(tree[1], name, value), tree[2]]
    return [tree[0], *(substitute(t, name, value) for t in tree[1:])]


def degree_in(tree, name: str) -> int:
    """The degree in the variable ``name`` of the numerator of tree's normal form N / D."""
    n, _ = parse(tree)
    return max((dict(m).get(name, 0) for (m, _e) in n), default=0)


def unique_solution(lhs, rhs, name: str, value) -> bool:
    """Whether ``value`` is the only solution for ``name`` of lhs = rhs: the equation cleared of its denominators
    is of degree exactly 1 in ``name`` (and ``name`` occurs in no exp or log), and ``value`` satisfies it
    identically (in the other variables)."""
    diff = ["+", lhs, ["*", ["num", "-1"], rhs]]
    n, _ = parse(diff)
    need(all(name not in repr(e) for (_m, e) in n), f"{name} occurs inside an exp")
    need(all(not (v.startswith("log(") and name in v) for (m, _e) in n for v, _k in m), f"{name} occurs inside a log")
    if degree_in(diff, name) != 1:
        return False
    return identity_holds(substitute(lhs, name, value), substitute(rhs, name, value))
