r"""Sweep results of 1-pile Nim as a columnar data set (Parquet), and its loader.

One row per (heap n, rational eps) of a grid, n = 1..n_max (``noisy`` (5)):

========== ============ ==============================================================
column     type         meaning
========== ============ ==============================================================
n          int32        heap size (chips)
eps        string       the bit-flip probability, exact (``"39/40"``)
eps_value  float64      the same, rounded to binary64 (for plotting and filtering)
moves      list<int32>  every optimal move (heap left), ascending
p          float64      p(n), the first player's winning probability
p_radius   float64      proved bound on abs(p(n) - p); 0 where p(n) is exact (rounded)
margin     float64      value of the optimal move minus the best other move; 0 where every
                        move is optimal (within 2 * p_radius of the true difference); NaN
                        where not computed (eps = 1 and n > 64)
evidence   string       ``rigorous`` (certified floating point) or ``exact`` (rationals)
========== ============ ==============================================================

Each eps is solved with :func:`exactcube.noisy.nim.decide_nim` (certified floating
point, :mod:`exactcube.noisy.nim.ball`); where it cannot separate two moves (and at
eps = 1/2, 1) the exact solver decides the moves and p, and the margins come from a
floating-point run that plays the exact optimal moves.  The file is written whole or not
at all (temporary file in the target directory, then rename).  Writing and reading the
file needs ``pyarrow`` (``pip install 'exactcube[dask]'``); :func:`dataset_columns` gives
the same columns computed in memory, without it.
"""

from __future__ import annotations

import os
import tempfile

import numpy as np

from ...errors import BadInput, MissingExtra
from ...output import path_error
from ...numbers import format_exact, mpq, to_mpq

__all__ = ["COLUMNS", "eps_rows", "dataset_rows", "dataset_columns", "check_target", "require_pyarrow", "write_dataset",
           "read_dataset"]

COLUMNS = ("n", "eps", "eps_value", "moves", "p", "p_radius", "margin", "evidence")


def require_pyarrow():
    """(pyarrow, pyarrow.parquet), or MissingExtra naming the extra that installs them (Parquet data sets)."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as exc:
        raise MissingExtra("Parquet data sets", "dask", "pyarrow") from exc
    return pa, pq


def eps_rows(n_max: int, eps) -> list[dict]:
    """The data set's rows for one eps, heaps 1..n_max (see the module docstring)."""
    from ..nim.ball import gap_above, run_ball
    from ..nim import decide_nim, solve_nim

    e = to_mpq(eps)
    margins: dict = {}

    def record(choice):
        def choose(n, ratio, rho):
            best = choice(n, ratio)
            opt = exact.optimal[n] if exact is not None else (best,)
            margins[n] = gap_above(ratio, opt) if len(opt) < n else 0.0
            return best
        return choose

    exact = None
    b = decide_nim(n_max, e)
    if b is not None and b.stopped is None:
        run_ball(n_max, e, record(lambda n, ratio: b.optimal[n][0]))
        return [_row(n, e, b.optimal[n], b.mid[n], b.rad[n], margins[n], "rigorous") for n in range(1, n_max + 1)]
    exact = solve_nim(n_max, e)
    if e not in (mpq(1, 2), 1) and run_ball(n_max, e, record(lambda n, ratio: exact.optimal[n][0])) is not None:
        marg = margins
    else:  # every move ties at 1/2; at 1 the channel is the continuous extension: margins from exact values
        marg = {}
        for n in range(1, n_max + 1):
            vals = exact.move_values(n) if n <= 64 else None
            others = [v for m, v in enumerate(vals or ()) if m not in exact.optimal[n]]
            marg[n] = float(exact.p[n] - max(others)) if others else (0.0 if vals is not None else float("nan"))
    return [_row(n, e, exact.optimal[n], float(exact.p[n]), 0.0, marg[n], "exact") for n in range(1, n_max + 1)]


def _row(n, e, moves, p, rad, margin, evidence) -> dict:
    return {"n": n, "eps": format_exact(e), "eps_value": float(e), "moves": [int(m) for m in moves],
            "p": float(p), "p_radius": float(rad), "margin": float(margin), "evidence": evidence}


def dataset_rows(n_max: int, eps_values, progress=None) -> list[dict]:
    """The data set's rows (see the module docstring) for every eps of ``eps_values`` (ascending, each once),
    heaps 1..n_max; ``progress(done, total)`` (:mod:`exactcube.progress`) after each eps.  Needs no pyarrow."""
    eps_values = sorted({to_mpq(e) for e in eps_values})
    if not eps_values:
        raise BadInput("the eps grid is empty")
    rows: list[dict] = []
    for i, e in enumerate(eps_values, 1):
        rows.extend(eps_rows(n_max, e))
        if progress:
            progress(i, len(eps_values))
    return rows


def _as_columns(cols: dict) -> dict:
    """Columns as lists (``COLUMNS``) to what :func:`read_dataset` returns: numpy arrays, ``moves`` tuples,
    ``eps`` exact rationals."""
    out = {c: np.asarray(cols[c]) for c in ("n", "eps_value", "p", "p_radius", "margin")}
    out["eps"] = [to_mpq(x) for x in cols["eps"]]
    out["moves"] = [tuple(m) for m in cols["moves"]]
    out["evidence"] = list(cols["evidence"])
    return out


def dataset_columns(n_max: int, eps_values, progress=None) -> dict:
    """The columns that :func:`read_dataset` would load from a data set written by
    ``write_dataset(path, n_max, eps_values)``, computed in memory (no file, no pyarrow)."""
    rows = dataset_rows(n_max, eps_values, progress)
    return _as_columns({c: [r[c] for r in rows] for c in COLUMNS})


def check_target(path: str) -> str:
    """The directory the data set will be written to; BadInput if it does not exist or the path is a directory."""
    d = os.path.dirname(os.path.abspath(path)) or "."
    if not os.path.isdir(d):
        raise path_error("data set", path, f"the folder {d!r} does not exist")
    if os.path.isdir(path):
        raise path_error("data set", path, "it is a folder; give a file name")
    return d


def write_dataset(path: str, n_max: int, eps_values, progress=None) -> int:
    """Compute the rows for every eps (heaps 1..n_max) and write them as one Parquet file; returns the row count.
    ``progress`` is called after each eps."""
    pa, pq = require_pyarrow()
    d = check_target(path)
    rows = dataset_rows(n_max, eps_values, progress)
    schema = pa.schema([("n", pa.int32()), ("eps", pa.string()), ("eps_value", pa.float64()),
                        ("moves", pa.list_(pa.int32())), ("p", pa.float64()), ("p_radius", pa.float64()),
                        ("margin", pa.float64()), ("evidence", pa.string())])
    table = pa.Table.from_pylist(rows, schema=schema)
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".exactcube-", suffix=".parquet")
    os.close(fd)
    try:
        pq.write_table(table, tmp)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return len(rows)


def read_dataset(path: str) -> dict:
    """Load a data set written by :func:`write_dataset`: a dict of columns (numpy arrays; ``moves`` a list of
    tuples, ``eps`` exact rationals).  Raises BadInput for a file that is not such a data set."""
    pa, pq = require_pyarrow()
    try:
        table = pq.read_table(path)
    except (OSError, pa.ArrowInvalid) as exc:
        raise BadInput(f"cannot read the data set {path!r}: {exc}") from None
    if tuple(table.column_names) != COLUMNS:
        raise BadInput(f"{path!r} is not an exactcube noisy data set (columns {table.column_names})")
    return _as_columns(table.to_pydict())
