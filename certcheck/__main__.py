"""``python -m certcheck DIR [--no-smt]``: one line per certificate; exit 0 only when all pass."""

from __future__ import annotations

import sys

from .core import check_folder


def main(argv=None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    smt = "--no-smt" not in args
    args = [a for a in args if a != "--no-smt"]
    if len(args) != 1 or args[0].startswith("-"):
        print("usage: python -m certcheck DIR [--no-smt]", file=sys.stderr)
        return 2
    results = check_folder(args[0], smt=smt)
    for name, reason in results:
        print(f"CERTIFIED {name}" if reason is None else f"REJECTED {name}: {reason}")
    bad = sum(1 for _, r in results if r is not None)
    print(f"{len(results) - bad} of {len(results)} certificates certified", file=sys.stderr)
    return 0 if results and not bad else 1


if __name__ == "__main__":
    sys.exit(main())
