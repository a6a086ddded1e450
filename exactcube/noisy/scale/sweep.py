r"""Parallel, resumable sweeps over eps of the exact checks of Conjectures 9 and 10.

A sweep evaluates :func:`exactcube.noisy.conjectures.check_at` (the whole game
solved exactly at one rational :math:`\varepsilon`, every heap :math:`n \le N`
decided) for every :math:`\varepsilon` of a grid, in parallel:

* a local process pool by default (``workers``; ``workers=1`` runs in this process);
* a Dask cluster when given a scheduler address (``dask="tcp://host:port"``, or a
  ``dask.distributed.Client``), or ``dask="local:W"`` for a LocalCluster of W worker processes
  started for the run; Dask is the optional extra ``exactcube[dask]``.

Results file (JSON lines).  The first line is a header naming the task and its
parameters (heap bound, grid); each finished :math:`\varepsilon` appends one line
holding its exact verdicts, written with a single ``write`` on a file opened for
appending and flushed to disk, so an interrupted run loses at most the
computations in flight.  Resuming reads the file, drops a torn last line, checks
that the header matches, and computes only the missing points.  When every point
is done the file is rewritten atomically (temporary file + rename) in canonical
order (sorted by :math:`\varepsilon`), so a killed-then-resumed run ends with a
file byte-identical to an uninterrupted one.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Callable, Iterable

from ...errors import BadInput, MissingExtra
from ...numbers import format_exact, parse_rational, to_mpq
from ...results import Evidence, Result
from ...output import check_destination, write_text
from ...processes import sigint_held, stop_pool, worker_init

__all__ = ["SweepResult", "run_sweep", "grid_task", "read_results", "HEADER_KIND"]

HEADER_KIND = "exactcube.noisy.conjectures.grid"


def grid_task(eps_text: str, n_max: int, method: str = "exact") -> dict:
    """One sweep point: both conjectures decided at eps for heaps <= n_max (JSON-ready); ``method`` as in
    :func:`exactcube.noisy.conjectures.check_at` ('exact', or 'ball': certified floating point first)."""
    from ..conjectures import check_at

    return check_at(parse_rational(eps_text, "eps"), n_max, method=method).as_json()


@dataclass(frozen=True)
class SweepResult(Result):
    """A finished (or interrupted) sweep: ``records`` by eps (exact), how many were computed by this call
    and how many were found already done in the results file; ``evidence`` is the weakest of the records'
    (:func:`exactcube.noisy.conjectures.record_evidence`), or for another task the evidence of its one arithmetic
    (:func:`run_sweep`'s ``evidence``)."""

    SOURCE = 'noisy §3, Conjectures 9 and 10 on a grid of eps'
    METHOD = "exact checks at every eps of the grid"
    #: the method when some record was decided in certified floating point (method 'ball')
    METHOD_BALL = "checks at every eps of the grid in certified floating point, exact where it cannot decide"

    n_max: int
    eps: tuple
    records: dict
    computed: int
    resumed: int
    path: str | None
    backend: str
    evidence: str = field(kw_only=True)

    def __post_init__(self):
        object.__setattr__(self, "method", self.METHOD if self.evidence == "exact" else self.METHOD_BALL)

    @property
    def complete(self) -> bool:
        return len(self.records) == len(self.eps)


def _header(n_max: int, eps: list, method: str = "exact") -> dict:
    h = {"kind": HEADER_KIND, "n_max": n_max, "eps": [format_exact(e) for e in eps]}
    if method != "exact":  # exact sweeps keep the original header
        h["method"] = method
    return h


def _write_atomic(path: str, text: str) -> None:
    write_text(path, text, "results file")


def _line(obj) -> str:
    return json.dumps(obj, separators=(",", ":"), sort_keys=True) + "\n"


def read_results(path: str, kind: str = HEADER_KIND) -> tuple[dict | None, dict]:
    """(header, records by exact eps) of a results file of the given ``kind`` (a grid sweep by default, or
    another task run through :func:`run_sweep`); a torn last line is ignored.

    A file that is not one of ours (no header line, not text, not JSON lines) is
    refused with BadInput, never overwritten; an empty file counts as absent.
    """
    check_destination(path, "results file")
    if not os.path.exists(path):
        return None, {}
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (UnicodeDecodeError, OSError) as exc:
        raise BadInput(f"results file {path!r} cannot be read as a sweep results file ({type(exc).__name__})") from None
    if not text.strip():
        return None, {}
    lines = text.split("\n")
    header, records = None, {}
    for i, ln in enumerate(lines):
        if not ln.strip():
            continue
        try:
            obj = json.loads(ln)
        except json.JSONDecodeError:
            if i >= len(lines) - 2:  # the last, torn line of an interrupted append
                break
            raise BadInput(f"results file {path!r}: line {i + 1} is not JSON (not a sweep results file?)") from None
        if header is None:
            if not isinstance(obj, dict) or obj.get("kind") != kind:
                raise BadInput(f"results file {path!r} is not an exactcube sweep results file")
            header = obj
        elif not isinstance(obj, dict) or not isinstance(obj.get("eps"), str):
            raise BadInput(f"results file {path!r}: line {i + 1} is not a sweep record")
        else:
            records[parse_rational(obj["eps"], "eps")] = obj
    if header is None:  # text, but not a header line first: someone else's file
        raise BadInput(f"results file {path!r} is not an exactcube sweep results file; use a new file name")
    return header, records


def _prepare(path: str, header: dict) -> dict:
    """Open (or create) the results file for appending; returns the records already done."""
    old, records = read_results(path, header["kind"])
    if old is None:
        _write_atomic(path, _line(header))
        return {}
    if old != header:
        if header["kind"] != HEADER_KIND:
            raise BadInput(f"results file {path!r} belongs to another run (its heap bound or sub-ranges differ); "
                           "use a new file or the same parameters")
        raise BadInput(f"results file {path!r} belongs to another sweep (heap bound or grid differ); "
                       "use a new file or the same --n-max and --eps-step")
    # rewrite without a torn tail, so that appends start on a fresh line
    _write_atomic(path, _line(old) + "".join(_line(records[e]) for e in sorted(records)))
    return records


def _append(path: str, obj) -> None:
    data = _line(obj).encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


#: ``--dask local`` or ``local:W``: a LocalCluster of W worker processes (default 2, at most this many)
MAX_LOCAL_WORKERS = 64


def _dask_client(dask):
    """(client, close): a Client for a scheduler address, for ``local[:W]`` (a LocalCluster of W single-threaded
    worker processes started here and closed at the end), or the given Client (``close`` is then a no-op)."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise MissingExtra("Dask sweeps (--dask)", "dask", "dask.distributed") from exc
    if isinstance(dask, str) and (dask == "local" or dask.startswith("local:")):
        from ...numbers import parse_int

        w = 2 if dask == "local" else parse_int(dask[6:], "--dask local:W", minimum=1, maximum=MAX_LOCAL_WORKERS)
        cluster = LocalCluster(n_workers=w, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)

        def close():
            client.close()
            cluster.close()

        return client, close
    if isinstance(dask, str):
        try:
            client = Client(dask, timeout="10s")
        except (OSError, ValueError, TypeError) as exc:  # unreachable, or not an address at all
            raise BadInput(f"cannot reach the Dask scheduler at {dask!r}: {exc}") from None
        return client, client.close
    return dask, lambda: None


def run_sweep(n_max: int, eps: Iterable, results: str | None = None, workers: int = 1, dask=None,
              on_record: Callable[[dict], None] | None = None, task: Callable = grid_task,
              method: str = "exact", kind: str = HEADER_KIND, task_args: dict | None = None,
              evidence: str | None = None) -> SweepResult:
    r"""Run :func:`grid_task` for every eps (exact rationals), in parallel, appending each finished point to
    ``results`` (JSON lines) and skipping points already there.  ``workers`` > 1: a local process pool;
    ``dask``: a scheduler address or a ``dask.distributed.Client``.  ``on_record`` is called with every new
    record (progress bars).  Interrupting (KeyboardInterrupt) keeps every finished point on disk.
    ``method`` is passed to the task ('exact' or 'ball', see :func:`grid_task`) and recorded in the header.
    Another ``task`` (called as ``task(eps_text, n_max, **task_args)``) names its results ``kind``; its
    ``task_args`` are recorded in the header, so a resume with other arguments is refused.  The result's evidence
    is read off a grid sweep's records (:func:`exactcube.noisy.conjectures.record_evidence`); another task names
    the ``evidence`` of the one arithmetic it runs."""
    if (kind == HEADER_KIND) == (evidence is not None):
        raise ValueError("a grid sweep reads its evidence off its records; another task must name its evidence")
    eps = sorted({to_mpq(e) for e in eps})
    if not eps:
        raise BadInput("the eps grid is empty")
    if workers < 1:
        raise BadInput(f"workers must be at least 1, got {workers}")
    if method not in ("exact", "ball"):
        raise BadInput(f"method: expected 'exact' or 'ball', got {method!r}")
    header = _header(n_max, eps, method)
    extra = {} if method == "exact" else {"method": method}
    if kind != HEADER_KIND or task_args:
        header.update(task_args or {})
        header["kind"] = kind
        extra.update(task_args or {})
    # the Dask client first: a missing extra or an unreachable scheduler leaves no results file behind
    client, close = _dask_client(dask) if dask is not None else (None, None)
    try:
        done = _prepare(results, header) if results else {}
    except BaseException:
        if close:
            close()
        raise
    records = dict(done)
    todo = [e for e in eps if e not in records]

    def finish(rec):
        e = parse_rational(rec["eps"], "eps")
        records[e] = rec
        if results:
            _append(results, rec)
        if on_record:
            on_record(rec)

    backend = "serial"
    if dask is not None:
        backend = "dask"
        try:
            from dask.distributed import as_completed

            futs = client.map(task, [format_exact(e) for e in todo], n_max=n_max, pure=True, **extra)
            try:
                for fut in as_completed(futs):
                    finish(fut.result())
            except BaseException:
                client.cancel(futs)
                raise
        finally:
            close()
    elif workers > 1 and len(todo) > 1:
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures import as_completed as done_first

        workers = min(workers, len(todo))
        backend = f"process pool ({workers} workers)"
        # workers die with this process (prctl + watchdog) and leave Ctrl-C to it (exactcube.processes)
        pool = ProcessPoolExecutor(max_workers=workers, initializer=worker_init, initargs=(os.getpid(),))
        try:
            with sigint_held():  # the workers are forked at the first submit (exactcube.processes)
                futs = [pool.submit(task, format_exact(e), n_max, **extra) for e in todo]
            for fut in done_first(futs):
                finish(fut.result())
        except BaseException:
            stop_pool(pool)  # finished points are on disk already; the ones in flight are dropped
            raise
        else:
            pool.shutdown()
    else:
        for e in todo:
            finish(task(format_exact(e), n_max, **extra))
    if results and len(records) == len(eps):
        _write_atomic(results, _line(header) + "".join(_line(records[e]) for e in eps))
    if evidence is None:
        from ..conjectures import record_evidence

        ev = Evidence.weakest(Evidence.EXACT, *(record_evidence(r) for r in records.values()))
    else:
        ev = Evidence(evidence)
    return SweepResult(n_max, tuple(eps), records, len(records) - len(done), len(done), results, backend,
                       evidence=ev.value)
