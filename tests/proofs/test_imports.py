"""The proofs modules import one way: no module of a document package imports, even lazily inside a function,
a module that imports it back (issue 22 item 7: proofs/ks69/continuous.py <-> proofs/ks69/raises.py); nor does
any module of the library (issue 31: exactcube.race.bearoff.cache <-> twosided was the last circle)."""

import ast
import pathlib

import pytest

PROOFS = pathlib.Path(__file__).resolve().parents[2] / "proofs"
LIBRARY = PROOFS.parent / "exactcube"


def _graph(root=PROOFS):
    """module name -> the modules of ``root`` it imports anywhere in its text (top level or inside functions)."""
    names = {".".join(p.relative_to(root.parent).with_suffix("").parts): p for p in root.rglob("*.py")}
    graph = {}
    for name, path in names.items():
        pkg = name.rsplit(".", 1)[0] if not name.endswith("__init__") else name.rsplit(".", 1)[0]
        deps = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = pkg.split(".")
                mod = node.module or ""
                if node.level:
                    base = base[: len(base) - (node.level - 1)]
                    full = ".".join(base + ([mod] if mod else []))
                else:
                    full = mod
                targets = [full] + [f"{full}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            deps |= {t for t in targets if t in names and t != name}
        graph[name] = deps
    return graph


def _cycles(graph):
    out = []
    for a, deps in graph.items():
        for b in deps:
            if a in _reach(graph, b):
                out.append(tuple(sorted((a, b))))
    return sorted(set(out))


def _reach(graph, start):
    seen, todo = set(), [start]
    while todo:
        for d in graph.get(todo.pop(), ()):
            if d not in seen:
                seen.add(d)
                todo.append(d)
    return seen


def test_the_graph_sees_the_known_edge():
    # continuous reads Theorem 2's law from raises: the scan must see that edge, or the cycle test proves nothing
    assert "proofs.ks69.raises" in _graph()["proofs.ks69.continuous"]


def test_no_import_cycle_between_proofs_modules():
    assert _cycles(_graph()) == []


def test_no_import_cycle_between_library_modules():
    graph = _graph(LIBRARY)
    # the scan sees the library's lazy imports too: the CLI reaches the noisy checks inside a function
    assert "exactcube.noisy.scale.whole_intervals" in graph["exactcube.cli.conjecture"]
    assert _cycles(graph) == []


@pytest.mark.parametrize("lo, hi, shown, agrees", [
    ("0.49376", "0.49384", ".4938", True),    # inside [.49375, .49385]
    ("0.49380", "0.49386", ".4938", False),   # reaches past .49385
    ("0.49365", "0.49374", ".4938", False),   # wholly below
    ("0.49366", "0.49374", ".4937", True),
    ("0.49375", "0.49384", ".4938", False),   # an end on the boundary, which a binary ball cannot certify
])
def test_a_ball_agrees_with_printed_only_inside(lo, hi, shown, agrees):
    from flint import arb, fmpq

    from exactcube.numbers import parse_printed
    from exactcube.printed import agrees_with_printed

    lo, hi = (parse_printed(x) for x in (lo, hi))
    ball = arb(fmpq(int(lo.numerator), int(lo.denominator))).union(arb(fmpq(int(hi.numerator), int(hi.denominator))))
    assert agrees_with_printed(ball, shown) is agrees
