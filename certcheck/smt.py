"""The SMT mode: a step "hypotheses imply goal" decided by a second solver, cvc5, on hypotheses and not goal.

The certificate gives the step's declarations, hypotheses and goal as SMT-LIB2 text; the checker itself writes
the script (the negation of the goal is put in here, not by the producer) and sends it to cvc5 in a separate
process, reading one answer: ``unsat`` (the step holds), ``sat`` or ``unknown``.  cvc5 is an external program
and part of the trust base (certcheck/README.md); it is found as

* the program named by the environment variable ``CERTCHECK_CVC5`` (a path), else
* a ``cvc5`` program on the PATH, else
* the Python interpreter running a short driver that imports the ``cvc5`` package (its SMT-LIB2 parser and
  solver) in the child process only; certcheck itself imports no solver.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

from .numbers import Bad

TIMEOUT_SECONDS = 120

_DRIVER = r"""
import sys
import cvc5
text = sys.stdin.read()
tm = cvc5.TermManager()
solver = cvc5.Solver(tm)
sm = cvc5.SymbolManager(tm)
parser = cvc5.InputParser(solver, sm)
parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, text, "certificate")
while True:
    cmd = parser.nextCommand()
    if cmd.isNull():
        break
    out = cmd.invoke(solver, sm)
    if out.strip():
        print(out.strip())
"""

#: The only commands a step's declarations may hold.
_DECLARE = ("declare-fun", "declare-const")


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if depth < 0:
            return False
    return depth == 0


def _one_term(text: str, what: str) -> str:
    t = text.strip()
    if not t or not _balanced(t) or ";" in t or '"' in t or "|" in t:
        raise Bad(f"{what} is not one SMT-LIB2 term")
    if t.startswith("(") and not (t.endswith(")") and _balanced(t[1:-1])):  # the first "(" closes at the end
        raise Bad(f"{what} is more than one SMT-LIB2 term")
    if not t.startswith("(") and not re.fullmatch(r"[A-Za-z0-9_.!?~+*/<>=-]+", t):
        raise Bad(f"{what} is not one SMT-LIB2 term")
    return t


def _top_level(text: str) -> list[str]:
    """The top-level s-expressions of ``text`` (balanced)."""
    out, depth, start = [], 0, None
    for i, ch in enumerate(text):
        if ch == "(":
            if depth == 0:
                start = i
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                out.append(text[start:i + 1])
        elif depth == 0 and not ch.isspace():
            raise Bad("the declarations hold text outside a command")
    return out


def script(declarations: str, hypotheses: list, goal: str) -> str:
    """The SMT-LIB2 script: the declarations, each hypothesis asserted, the goal asserted negated, check-sat."""
    if not isinstance(declarations, str) or not _balanced(declarations) or ";" in declarations or '"' in declarations:
        raise Bad("the declarations are not SMT-LIB2 declarations")
    for decl in _top_level(declarations):
        head = decl[1:].split(None, 1)[0] if decl.startswith("(") and len(decl) > 2 else decl
        if head not in _DECLARE:
            raise Bad(f"the declarations hold {decl[:40]!r}, not a declaration")
    if not isinstance(hypotheses, list):
        raise Bad("hypotheses must be a list of terms")
    lines = ["(set-logic ALL)", declarations.strip()]
    lines += [f"(assert {_one_term(h, 'a hypothesis')})" for h in hypotheses]
    lines += [f"(assert (not {_one_term(goal, 'the goal')}))", "(check-sat)"]
    return "\n".join(lines) + "\n"


def command() -> list[str]:
    found = os.environ.get("CERTCHECK_CVC5") or shutil.which("cvc5")
    if found:
        return [found, "--lang=smt2", "--tlimit-per=" + str(TIMEOUT_SECONDS * 1000)]
    return [sys.executable, "-c", _DRIVER]


#: The first try's time limit: cvc5's default procedure for nonlinear arithmetic (incremental linearisation) is
#: fast but incomplete; when it gives no answer in this time the script is run again with cylindrical algebraic
#: coverings (``nl-cov``, complete for nonlinear real arithmetic, slower on some steps: 13 s against 0.6 s).
FIRST_TRY_SECONDS = 10


#: the answers given in this run, by script (a lemma's step recurs in the certificates of the claims resting on it)
_ANSWERS: dict = {}


def decide(text: str) -> str:
    """cvc5's answer to the script: ``unsat``, ``sat``, ``unknown``, or a sentence saying why there is none; tried
    with cvc5's default options, then (no answer) with ``nl-cov``.  One process per try; a script met again is
    answered from the first time."""
    if text not in _ANSWERS:
        _ANSWERS[text] = _decide(text)
    return _ANSWERS[text]


def _decide(text: str) -> str:
    first = _run(text, FIRST_TRY_SECONDS)
    if first in ("sat", "unsat"):
        return first
    return _run("(set-option :nl-cov true)\n" + text, TIMEOUT_SECONDS)


def _run(text: str, seconds: int) -> str:
    try:
        r = subprocess.run(command(), input=text, capture_output=True, text=True, timeout=seconds)
    except subprocess.TimeoutExpired:
        return f"no answer within {seconds} s"
    except OSError as exc:
        return f"cvc5 could not be run ({exc})"
    words = r.stdout.split()
    if r.returncode != 0 or len(words) != 1 or words[0] not in ("sat", "unsat", "unknown"):
        err = (r.stderr.strip().splitlines() or [""])[-1]
        return f"no answer (exit {r.returncode}: {err or r.stdout.strip()[:200]})"
    return words[0]
