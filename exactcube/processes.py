"""Worker processes that never outlive their parent, and a bound on how many are started.

:func:`worker_init` is the initializer of every local process pool exactcube
starts (``concurrent.futures.ProcessPoolExecutor(initializer=worker_init,
initargs=(os.getpid(),))``):

* on Linux it asks the kernel to send the worker SIGTERM when its parent dies
  (``prctl(PR_SET_PDEATHSIG)``, through ctypes);
* everywhere it also starts a daemon thread that checks once a second whether
  the parent is still the one that started it, and ends the worker otherwise
  (the portable fallback; it also covers a parent that died before the prctl);
* it ignores SIGINT: Ctrl-C reaches the whole process group, and the parent
  alone decides what to keep (it records finished points and stops the pool),
  so workers do not print tracebacks of their own.

:func:`cap_workers` bounds a requested worker count by the number of cores.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

__all__ = ["worker_init", "cap_workers", "cores", "stop_pool", "sigint_held"]

_PR_SET_PDEATHSIG = 1


def cores() -> int:
    """Cores this process may run on (the affinity mask where the platform has one)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # pragma: no cover - macOS, Windows
        return os.cpu_count() or 1


def cap_workers(requested: int, force: bool = False) -> tuple[int, str | None]:
    """(workers to start, a note or None): more workers than cores are cut to the cores unless ``force``."""
    n = cores()
    if requested <= n or force:
        return requested, None
    return n, f"--workers {requested} cut to {n}, the number of cores here (add --force to start {requested})"


def _set_pdeathsig() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0) == 0
    except (OSError, AttributeError):  # pragma: no cover - no libc prctl
        return False


def _watch_parent(parent: int, interval: float) -> None:
    while True:
        if os.getppid() != parent:
            os._exit(1)  # the parent is gone: stop at once, nothing of ours to clean up
        time.sleep(interval)


def worker_init(parent: int, interval: float = 1.0) -> None:
    """Initializer of a pool worker: die with ``parent`` (prctl and a watchdog thread); ignore Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the parent's handler raises to clean up its files: not here
    if hasattr(signal, "pthread_sigmask"):  # forked under sigint_held: ignored now, so it may be unblocked
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _set_pdeathsig()
    if os.getppid() != parent:  # the parent died before the prctl took effect
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent, interval), daemon=True,
                     name="exactcube-parent-watchdog").start()


class sigint_held:
    """Hold Ctrl-C (block SIGINT in this thread) while a pool forks its workers.

    A forked worker inherits the signal mask, so a Ctrl-C that reaches the process group while a worker is
    still starting, before :func:`worker_init` ignores it, cannot interrupt the worker's bootstrap (which
    printed a traceback of its own); this process gets the held Ctrl-C as soon as the block ends.  Threads
    started inside (the pool's manager) keep SIGINT blocked, which leaves it to the main thread.
    """

    def __enter__(self):
        self._old = (signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
                     if hasattr(signal, "pthread_sigmask") else None)
        return self

    def __exit__(self, *exc):
        if self._old is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, self._old)
        return False


def stop_pool(pool, grace: float = 2.0) -> None:
    """Stop a ProcessPoolExecutor now: cancel waiting tasks and end the running workers.

    Each worker gets SIGTERM, then SIGKILL if it is still alive after ``grace``
    seconds.  The escalation is needed: a worker forked from a process that runs
    other threads can inherit a Python-level SIGTERM handler or a held lock, and
    then defers SIGTERM indefinitely.  On return no worker of the pool is alive.
    """
    procs = list((getattr(pool, "_processes", None) or {}).values())  # private, but the only handle on them
    manager = getattr(pool, "_executor_manager_thread", None)  # shutdown() forgets it: taken first
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        if p.is_alive():
            p.terminate()
    deadline = time.monotonic() + grace
    for p in procs:
        p.join(timeout=max(0.0, deadline - time.monotonic()))
    for p in procs:
        if p.is_alive():
            p.kill()
            p.join()
    # The pool's manager thread joins the same workers; two threads waiting on one child race in waitpid, and the
    # loser sees ECHILD and leaves the exit code unset until the winner stores it.  Let that thread finish, so that
    # every worker is recorded as ended (multiprocessing.active_children() is then empty) when this returns.
    if manager is not None:
        manager.join(timeout=5 * grace)
        if not manager.is_alive():  # still running (a loaded machine): leave it where the exit wakes and joins it
            _forget_wakeup(manager)


def _forget_wakeup(manager) -> None:
    """Keep the interpreter's exit away from a stopped pool's wake-up pipe.

    At exit, ``concurrent.futures`` (CPython 3.11) writes a byte to the wake-up pipe of every
    pool it knows, while the pool's own manager thread may be closing that pipe: the check
    and the write are not atomic, and the exit then prints an ``OSError: [Errno 9] Bad file
    descriptor`` traceback after ``exactcube: interrupted`` (seen with 64 workers and Ctrl-C).
    A stopped pool needs no wake-up, so it is taken off that list (a private one, as above;
    the thread itself is still joined at exit, being non-daemon).
    """
    try:
        from concurrent.futures import process

        process._threads_wakeups.pop(manager, None)
    except (ImportError, AttributeError, TypeError):  # pragma: no cover - another Python's internals
        pass
