"""certcheck's own tests: its imports (standard library only) and values derived by hand or printed in the papers,
never exactcube's output pasted back."""

from __future__ import annotations

import ast
import io
import json
import os
import pathlib
import sys
import tokenize
from fractions import Fraction as F

import pytest

import certcheck
from certcheck import nim, recurrences, smt
from certcheck.core import certified_sentence, check_certificate, check_folder, sha256
from certcheck.numbers import Bad, dyadic, q

PACKAGE = pathlib.Path(certcheck.__file__).parent
ALLOWED = {"__future__", "fractions", "hashlib", "json", "itertools", "subprocess", "os", "sys", "re", "math",
           "shutil", "random", "time"}
FORBIDDEN = {"exactcube", "proofs", "gmpy2", "flint", "z3", "numpy", "sympy", "mpmath", "cvc5"}


def _imports(path):
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            yield from (a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module.split(".")[0]


def test_imports_standard_library_only():
    modules = sorted(PACKAGE.glob("*.py"))
    assert len(modules) >= 5
    for path in modules:
        for name in _imports(path):
            assert name not in FORBIDDEN, f"{path.name} imports {name}"
            assert name in sys.stdlib_module_names and name in ALLOWED, f"{path.name} imports {name}"


def test_the_import_test_fails_on_a_forbidden_import(tmp_path):
    bad = tmp_path / "x.py"
    bad.write_text("import os\nfrom gmpy2 import mpq\n")
    assert "gmpy2" in set(_imports(bad))


def code_lines(path):
    """The lines of a module that hold code: not blank, not only a comment, not part of a docstring."""
    src = path.read_text()
    lines = set()
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
                            tokenize.ENDMARKER):
            lines.update(range(tok.start[0], tok.end[0] + 1))
    for node in ast.walk(ast.parse(src)):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body \
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            lines.difference_update(range(body[0].lineno, body[0].end_lineno + 1))
    return len(lines)


def test_code_lines_count_code_only(tmp_path):
    m = tmp_path / "m.py"
    m.write_text('"""Doc\nstring."""\n\n# a comment\nx = (1 +\n     2)  # trailing\n\n\ndef f():\n    """Doc."""\n    return x\n')
    assert code_lines(m) == 4


def test_size_is_small():
    # issue 41: "at most about 2,000 lines", counted as lines of code (docstrings, comments and blank lines
    # left out): 1,708 of code (2,440 in all) with floyd's program and powers b^P (c41j), 1,616 (2,299) with the papers', the noisy paper's and the chunk kinds (2 December 2026); 1,990 (2,850) with the cube-race kind (3 December 2026); 1,931 (2,791) after refactors, 1,996 (2,887) with the effective-points kind (3 December 2026, third session); 1,997 (2,889) with walk-lemma's edges (ju24.lemma4.2, later that session); 1,999 (2,909) with witnesses of exp, logs of rationals by primes and alternating-doubles' sides and line (ks69.sec5.phi-prime, ju24.fig1; fourth session, h41p), 22 lines added and 20 freed by refactors
    lines = sum(code_lines(p) for p in PACKAGE.glob("*.py"))
    assert lines <= 2000, lines


def test_numbers_refuse_floats_and_junk():
    assert q("-3/4") == F(-3, 4) and q("7") == 7
    assert dyadic([3, -2]) == F(3, 4)
    for bad in ("0.5", "1e3", "3/0", 3, "1/-2", " 1"):
        with pytest.raises(Bad):
            q(bad)
    from certcheck.core import load_json
    with pytest.raises(Bad):
        load_json(b'{"x": 0.5}')
    with pytest.raises(Bad):
        load_json(b'{"x": NaN}')


# ---- the channel and equation (5), by hand -------------------------------------------------------------------

def test_heap_two_by_hand():
    # heap 2 = '10', k = 2, legal words 00 and 01; p(0) = 0, p(1) = 1 (the only move is sent as '0', always legal)
    e = F(3, 10)
    best, moves, v = nim.solve_row(1, e, [F(0)])
    assert (best, moves) == (1, (0,))
    best, moves, v = nim.solve_row(2, e, [F(0), F(1)])
    assert v == [1 - e, e]  # send 00: arrives (1 - e) ; send 01: arrives as 00 with e, leaving p(0) = 0 to the other
    assert moves == (0,)


def test_heap_three_is_fair_at_one_half_by_hand():
    # the paper (Example 2, Section 1): 1-pile Nim of three chips is a fair chance game at eps = 1/2
    e = F(1, 2)
    p = [F(0), F(1)]
    p.append(nim.solve_row(2, e, p)[0])
    assert p[2] == F(1, 2)
    assert nim.solve_row(3, e, p)[0] == F(1, 2)


def _solve(n, e):
    p = [F(0)]
    for h in range(1, n + 1):
        p.append(nim.solve_row(h, e, p)[0])
    return p


def test_printed_appendix_cells():
    # NOTES and the Appendix: 4 chips at eps = 0.10: 0.820727272727273; 5 chips at 0.77: 0.458703309461914, move 4
    assert abs(_solve(4, F(1, 10))[4] - F("0.820727272727273")) < F(1, 10 ** 15)
    p = _solve(4, F(77, 100))
    best, moves, _ = nim.solve_row(5, F(77, 100), p)
    assert abs(best - F("0.458703309461914")) < F(1, 10 ** 15) and moves == (4,)


def test_eps_one_is_the_limit():
    # at eps = 1 from 4 = '100' every word is complemented: 000 -> 111 (illegal); the limit channel sends move 0 to
    # the legal word farthest from 000, which is 011 = 3
    p = _solve(3, F(1))
    v = nim.move_values(4, F(1), p)
    assert v[0] == 1 - p[3]
    close = nim.move_values(4, F(10 ** 9 - 1, 10 ** 9), _solve(3, F(10 ** 9 - 1, 10 ** 9)))
    assert all(abs(a - b) < F(1, 10 ** 6) for a, b in zip(v, close, strict=True))


def test_check_heaps_rejects_a_wrong_value():
    e = F(1, 5)
    p = _solve(6, e)
    nim.check_heaps(e, p)
    p[4] += F(1, 10 ** 30)
    with pytest.raises(Bad):
        nim.check_heaps(e, p)


# ---- the recurrences, by hand --------------------------------------------------------------------------------

def test_floyd_by_hand():
    # A <= 2: any roll (at least 2) finishes, f = 1; f(3, 1) = f(3, 2) = 35/36 (only 1-1 fails, then the
    # opponent needing at most 2 finishes); f(3, 3) = 35/36 + (1/36)(1 - f(3, 1)) = 1261/1296
    t = [[F(1)] * 3, [F(1)] * 3, [F(35, 36), F(35, 36), F(1261, 1296)]]
    recurrences.FAMILIES["floyd"].check(t)
    t[2][2] = F(1260, 1296)
    with pytest.raises(Bad):
        recurrences.FAMILIES["floyd"].check(t)


def test_backgammon_race_by_hand():
    # the smallest roll is 3 (1-2 or 2-1, 2/36): a <= 3 finishes, f = 1; f(4, b) = 34/36 for b <= 3;
    # f(4, 4) = 34/36 + (2/36)(1 - f(4, 1)) = 307/324
    t = [[F(1)] * 4 for _ in range(3)] + [[F(17, 18)] * 3 + [F(307, 324)]]
    recurrences.FAMILIES["race"].check(t)
    t[3][0] = F(1)
    with pytest.raises(Bad):
        recurrences.FAMILIES["race"].check(t)


# ---- the SMT mode (cvc5 in a subprocess) ---------------------------------------------------------------------

def _cvc5_available():
    try:
        return smt.decide("(set-logic ALL)\n(check-sat)\n") == "sat"
    except Exception:
        return False


needs_cvc5 = pytest.mark.skipif(not _cvc5_available(), reason="no cvc5 program or package")


@needs_cvc5
def test_smt_true_and_false_steps():
    decl = "(declare-fun x () Int)"
    assert smt.decide(smt.script(decl, ["(> x 2)"], "(> x 1)")) == "unsat"
    assert smt.decide(smt.script(decl, ["(> x 1)"], "(> x 2)")) == "sat"
    r = "(declare-fun e () Real)"
    assert smt.decide(smt.script(r, ["(>= e 0.0)", "(< e (/ 1.0 2.0))"], "(> (* (- 1.0 e) (- 1.0 e)) (/ 1.0 4.0))")) \
        == "unsat"


def test_smt_script_refuses_commands():
    with pytest.raises(Bad):
        smt.script("(declare-fun x () Int) (assert false)", [], "true")
    with pytest.raises(Bad):
        smt.script("(declare-fun x () Int)", ["(> x 1)) (assert (= x 0)"], "true")
    with pytest.raises(Bad):
        smt.script("", [], "true) (check-sat")


# ---- a folder ------------------------------------------------------------------------------------------------

def _write(folder, docs):
    files = {}
    for d in docs:
        d["certifies"] = certified_sentence(d)
        raw = (json.dumps(d) + "\n").encode()
        (folder / f"{d['name']}.json").write_bytes(raw)
        files[f"{d['name']}.json"] = sha256(raw)
    (folder / "MANIFEST.json").write_text(json.dumps({"format": "exactcube-certificates-manifest", "version": 1,
                                                      "files": files}))


def _floyd_doc():
    t = [["1"] * 3, ["1"] * 3, ["35/36", "35/36", "1261/1296"]]
    return {"format": "exactcube-certificate", "version": 1, "name": "hand.floyd3", "kind": "recurrence",
            "claim": {"id": "hand.floyd3", "statement": "f(3, 3) = 1261/1296"},
            "verdict": {"outcome": "verified", "evidence": "exact"},
            "asserts": {"family": "floyd", "size": 3, "values": [[3, 3, "1261/1296"]]}, "data": {"table": t}}


def test_folder_by_hand(tmp_path):
    _write(tmp_path, [_floyd_doc()])
    assert check_folder(str(tmp_path)) == [("hand.floyd3", None)]
    # a stronger statement: f(3, 3) = 1 is rejected
    d = _floyd_doc()
    d["asserts"]["values"] = [[3, 3, "1"]]
    _write(tmp_path, [d])
    assert check_folder(str(tmp_path))[0][1] is not None
    # the sentence edited alone
    d = _floyd_doc()
    d["certifies"] = certified_sentence(d).replace("1261/1296", "1")
    with pytest.raises(Bad):
        check_certificate(d, "hand.floyd3")
    # an unlisted file, a changed byte
    _write(tmp_path, [_floyd_doc()])
    (tmp_path / "extra.json").write_text("{}")
    assert ("extra", "the file is not listed in the manifest") in check_folder(str(tmp_path))
    os.unlink(tmp_path / "extra.json")
    raw = (tmp_path / "hand.floyd3.json").read_bytes().replace(b"1261/1296", b"1262/1296", 1)
    (tmp_path / "hand.floyd3.json").write_bytes(raw)
    assert check_folder(str(tmp_path))[0][1] == "SHA-256 differs from the manifest"


def test_main_exit_status(tmp_path, capsys):
    from certcheck.__main__ import main

    _write(tmp_path, [_floyd_doc()])
    assert main([str(tmp_path)]) == 0
    assert capsys.readouterr().out == "CERTIFIED hand.floyd3\n"
    (tmp_path / "MANIFEST.json").unlink()
    assert main([str(tmp_path)]) == 1
    assert main([]) == 2


def _theorem2(m, n, a, b):
    """ks69 Theorem 2 (closed form, not the recurrence): alpha = P[K_a <= K_b], beta = P[K_a < K_b], K_a ~
    Binomial(m, (a - 1)/(2a)), K_b ~ Binomial(n, (b - 1)/(2b))."""
    from math import comb

    pa, pb = (a - 1) / (2 * a), (b - 1) / (2 * b)
    A = [comb(m, k) * pa ** k * (1 - pa) ** (m - k) for k in range(m + 1)]
    B = [comb(n, k) * pb ** k * (1 - pb) ** (n - k) for k in range(n + 1)]
    le = sum(A[x] * B[y] for x in range(m + 1) for y in range(n + 1) if x <= y)
    lt = sum(A[x] * B[y] for x in range(m + 1) for y in range(n + 1) if x < y)
    return le, lt


def test_doubling_points_recurrence_against_theorem2_and_the_papers_example():
    a, b = F(2), F(3)  # the paper's example: A has two raises of 2, B one raise of 3
    size = 4
    alpha = [[_theorem2(i, j, a, b)[0] for j in range(size)] for i in range(size)]
    beta = [[_theorem2(i, j, a, b)[1] for j in range(size)] for i in range(size)]
    recurrences.check_doubling_points(alpha, beta, a, b)
    # printed in the example: beta(0,1) = 1/3, alpha(1,1) = 5/6, alpha(1,0) = 3/4, beta(1,1) = 1/4, alpha(2,1) = 11/16
    assert (beta[0][1], alpha[1][1], alpha[1][0], beta[1][1], alpha[2][1]) == (F(1, 3), F(5, 6), F(3, 4), F(1, 4),
                                                                                 F(11, 16))
    alpha[2][1] = F(2, 3)
    with pytest.raises(Bad):
        recurrences.check_doubling_points(alpha, beta, a, b)


def test_table_one_printed_cells():
    # ks69 Table I, row i = 1: .7500 .8125 .8594 (a = b = 2)
    for j, printed in enumerate((".7500", ".8125", ".8594")):
        assert abs(_theorem2(1, j, F(2), F(2))[0] - F(printed)) <= F(1, 2 * 10 ** 4)


# ---- bearoffs, by hand ---------------------------------------------------------------------------------------

def test_bearoff_plays_by_hand():
    from certcheck import bearoff

    six = (0, 0, 0, 0, 0, 1)
    assert bearoff.plays(six, (1, 2)) == {(0, 0, 1, 0, 0, 0)}
    # checkers on the 1 and 6 points, roll 6-5: the 6 bears off the 6 and the 5 the ace; or 5 first (6 -> 1),
    # then the 6 bears off from the highest point, the 1 point
    assert bearoff.plays((1, 0, 0, 0, 0, 1), (6, 5)) == {(0,) * 6, (1, 0, 0, 0, 0, 0)}
    # two checkers on the 2 point hold 4 pips and a 1-1 plays four pips: every order bears both off
    assert bearoff.plays((0, 2, 0, 0, 0, 0), (1, 1)) == {(0,) * 6}
    # one checker on the 3 point, 1-1: 3 -> 2 -> 1 -> off, and the fourth 1 is not needed
    assert bearoff.plays((0, 0, 1, 0, 0, 0), (1, 1)) == {(0,) * 6}
    # checkers on the 4 and 6 points, 1-1: a pips to the 6-checker and 4 - a to the 4-checker (a = 0: it is off)
    assert bearoff.plays((0, 0, 0, 1, 0, 1), (1, 1)) == {(0, 0, 0, 0, 0, 1), (1, 0, 0, 0, 1, 0), (0, 1, 0, 1, 0, 0),
                                                         (0, 0, 2, 0, 0, 0)}


def test_bearoff_bellman_by_hand():
    from certcheck import bearoff

    # one checker on the 6 point misses only with 1-2, 1-3, 1-4, 2-3 (each 2/36) and 1-1: 9/36; the opponent, one
    # checker on the ace, then bears off surely: P = 3/4
    assert bearoff.bellman((0, 0, 0, 0, 0, 1), (1, 0, 0, 0, 0, 0), lambda s: F(1)) == F(3, 4)


def test_alternating_doubles_by_hand():
    # ju24 §2.1: one double allowed, 2p - 2(1 - p) = 1 gives p = 3/4; two: 1 - (3/4)/4 = 13/16
    recurrences.check_alternating([F(1), F(3, 4), F(13, 16)])
    with pytest.raises(Bad):
        recurrences.check_alternating([F(1), F(3, 4), F(4, 5)])
    recurrences.closed_form_solves_alternating(F(4, 5), F(1, 5), F(-1, 4))
    for wrong in ((F(4, 5), F(1, 5), F(1, 4)), (F(3, 4), F(1, 4), F(-1, 4)), (F(4, 5), F(1, 4), F(-1, 4))):
        with pytest.raises(Bad):
            recurrences.closed_form_solves_alternating(*wrong)


def test_even_game_gain_by_hand():
    # A with one double, B none: alpha = 3/4, beta = 0, so (19) gives (1 - 0 - 3/4)/(3/4) = 1/3 (Table II: .333);
    # a dominating player gains 1
    assert recurrences.even_game_gain(F(3, 4), F(0)) == F(1, 3)
    assert recurrences.even_game_gain(F(1, 2), F(1, 4)) == 1 and recurrences.even_game_gain(F(3, 4), F(1, 2)) == -1
