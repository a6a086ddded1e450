r"""Bearoff tables built once into a cache folder and read entry by entry.

A query of a built table reads only its own entries: the one-sided distribution of one
position, or the four stored integers of one pair of the two-sided table
(:mod:`.twosided`).  Nothing is trusted unchecked: every block read is checked against a
digest written with it, and a file of the wrong size is refused at once.

**Folder.**  ``--cache-dir DIR`` if given, else ``$XDG_CACHE_HOME/exactcube``, else
``~/.cache/exactcube`` (the XDG Base Directory convention).  Files:
``bearoff-os-C.bin`` (one side, up to ``C`` checkers) and ``bearoff-ts-C.bin`` (two sides,
up to ``C`` checkers a side; built in chunks, :mod:`.chunked`, its chunks and manifest stay in
``bearoff-ts-C.chunks/``), and ``bearoff-gammon-15.bin`` (the gammon distributions of
:class:`.onesided.GammonOneSided`, in the one-sided format with its own format name).  They
are written through :mod:`exactcube.output` (whole or not at all).

The files' layouts, their writers, readers and digests are in :mod:`.formats`.

A damaged file (wrong size, unreadable header, a digest that fails) raises
:class:`.formats.Damaged`; the command line then rebuilds it with one line of notice.

Reference: XDG Base Directory Specification (``$XDG_CACHE_HOME``); the formats are this
package's own.
"""

from __future__ import annotations

import os

from ...errors import BadInput
from . import formats
# the file formats' names, for the import paths of earlier releases (they live in .formats)
from .formats import (GAMMON_FORMAT, OS_FORMAT, Damaged, OneSidedFile, TwoSidedFile, row_digest,  # noqa: F401
                      verified_sha256, write_one_sided)

__all__ = ["cache_dir", "os_path", "ts_path", "gammon_path", "cached_checkers", "build_one_sided",
           "build_gammons", "build_two_sided", "chunks_path", "build_two_sided_chunked", "one_sided_distribution", "gammon_distribution",
           "two_sided_entry", "two_sided_table"]


def cache_dir(explicit: str | None = None) -> str:
    """The cache folder (module docstring): ``explicit``, ``$XDG_CACHE_HOME/exactcube`` or
    ``~/.cache/exactcube``."""
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "exactcube")


def os_path(folder: str, checkers: int) -> str:
    """Path of the one-sided table for up to ``checkers`` checkers in ``folder``."""
    return os.path.join(folder, f"bearoff-os-{checkers}.bin")


def gammon_path(folder: str) -> str:
    """Path of the gammon table (15 checkers) in ``folder``."""
    return os.path.join(folder, "bearoff-gammon-15.bin")


def ts_path(folder: str, checkers: int) -> str:
    """Path of the two-sided table for up to ``checkers`` checkers a side in ``folder``."""
    return os.path.join(folder, f"bearoff-ts-{checkers}.bin")


def cached_checkers(folder: str, kind: str) -> list[int]:
    """Checker counts of the tables of ``kind`` (``"os"`` or ``"ts"``) present in ``folder``, ascending."""
    out = []
    try:
        names = os.listdir(folder)
    except OSError:
        return out
    for name in names:
        head, _, tail = name.partition(f"bearoff-{kind}-")
        if head == "" and tail.endswith(".bin") and tail[:-4].isdigit():
            out.append(int(tail[:-4]))
    return sorted(out)


# ----------------------------------------------------------------------- build once, then read


def folder_ready(folder: str) -> None:
    """Make the cache folder if it is missing; refuse (BadInput, one line) a name that is a file, a folder that
    cannot be made or written."""
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise BadInput(f"cache folder {folder!r} is a file, not a folder")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"cache folder {folder!r} cannot be made ({exc.strerror})") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise BadInput(f"cache folder {folder!r} is not writable")


def build_one_sided(folder: str, checkers: int = 15, progress=None) -> str:
    """Build the exact one-sided table (:class:`.onesided.OneSided`) for up to ``checkers``
    checkers into ``folder``; ``progress(done, total)`` after each block of positions.
    Returns the file's path."""
    from .onesided import OneSided

    folder_ready(folder)
    t = OneSided(checkers)
    t.build(progress=progress)
    path = os_path(folder, checkers)
    formats.write_one_sided(t, path)
    return path


def build_gammons(folder: str, progress=None) -> str:
    """Build the exact gammon table (:func:`.onesided.gammon_table`, 15 checkers) into ``folder``;
    ``progress(done, total)`` as in :func:`build_one_sided`.  Returns the file's path."""
    from .onesided import gammon_table

    folder_ready(folder)
    t = gammon_table()
    t.build(progress=progress)
    path = gammon_path(folder)
    formats.write_one_sided(t, path, formats.GAMMON_FORMAT)
    return path


#: Two-sided builds of at least this many checkers a side are checkpointed (``<table>.partial`` beside the
#: table, so that an interrupted build resumes: 7 checkers take minutes, 8 hours); smaller ones take seconds
#: and are not, so a stopped build leaves no file (a 6-checker checkpoint held 219 MB).
CHECKPOINT_CHECKERS = 7


def build_two_sided(folder: str, checkers: int = 6, progress=None) -> str:
    """Build the exact two-sided table (:func:`.twosided.build`) for up to ``checkers``
    checkers a side into ``folder`` (from :data:`CHECKPOINT_CHECKERS` on checkpointed beside it, so an
    interrupted build resumes); ``progress`` as in :func:`.twosided.build`.  Returns the file's path."""
    from . import twosided

    folder_ready(folder)
    path = ts_path(folder, checkers)
    t = twosided.build(checkers, progress=progress,
                       checkpoint=path + ".partial" if checkers >= CHECKPOINT_CHECKERS else None)
    formats.save(t, path)
    return path


def chunks_path(folder: str, checkers: int) -> str:
    """The build folder of the chunked two-sided table for ``checkers`` in ``folder``."""
    return os.path.join(folder, f"bearoff-ts-{checkers}.chunks")


def build_two_sided_chunked(folder: str, checkers: int = 6, *, workers: int = 1, dask=None, resume: bool = False,
                            chunk_pairs: int | None = None, notice=None, progress=None):
    """Build the two-sided table for ``checkers`` in chunks (:func:`.chunked.build_chunked`) in
    :func:`chunks_path` and assemble it at :func:`ts_path` (the file :func:`build_two_sided`
    writes, byte for byte); returns the :class:`.chunked.ChunkedBuild`."""
    from . import chunked

    folder_ready(folder)
    return chunked.build_chunked(chunks_path(folder, checkers), checkers, ts_path(folder, checkers),
                                 chunk_pairs=chunk_pairs or chunked.DEFAULT_CHUNK_PAIRS, workers=workers, dask=dask,
                                 resume=resume, notice=notice, progress=progress)


def _open_or_build(path: str, opener, builder, notice):
    if os.path.exists(path):
        try:
            return opener()
        except BadInput as exc:  # Damaged, or formats.load's checksum mismatch
            if notice is not None:
                notice(f"{exc}; rebuilding it")
    builder()
    return opener()


def _read(path: str, opener, builder, read, notice):
    """``read(opened file)``, the file built first if absent; a damaged file, found on opening
    or on reading, is rebuilt once (``notice(text)`` says so)."""
    for attempt in (0, 1):
        f = _open_or_build(path, opener, builder, notice)
        try:
            return read(f)
        except Damaged as exc:
            if attempt:
                raise
            if notice is not None:
                notice(f"{exc}; rebuilding it")
            builder()
        finally:
            f.close()


def one_sided_distribution(folder: str, checkers: int, counts, notice=None, progress=None):
    """The exact distribution of ``counts`` from the cached one-sided table for ``checkers``,
    built first if absent; a damaged table is rebuilt (``notice(text)`` says so once)."""
    path = os_path(folder, checkers)
    return _read(path, lambda: formats.OneSidedFile(path), lambda: build_one_sided(folder, checkers, progress),
                 lambda f: f.distribution(counts), notice)


def gammon_distribution(folder: str, counts, notice=None, progress=None):
    """The exact gammon distribution of ``counts`` (15 checkers) from the cached gammon table,
    built first if absent; a damaged table is rebuilt (``notice(text)`` says so once)."""
    path = gammon_path(folder)
    return _read(path, lambda: formats.OneSidedFile(path, formats.GAMMON_FORMAT), lambda: build_gammons(folder, progress),
                 lambda f: f.distribution(counts), notice)


def two_sided_entry(folder: str, checkers: int, x, y, notice=None, progress=None):
    """The exact :class:`.twosided.Entry` of ``x`` on roll against ``y`` from the cached
    two-sided table for ``checkers``, built first if absent; a damaged table is rebuilt
    (``notice(text)`` says so once)."""
    path = ts_path(folder, checkers)
    return _read(path, lambda: formats.TwoSidedFile(path, folder), lambda: build_two_sided(folder, checkers, progress),
                 lambda f: f.entry(x, y), notice)


def two_sided_table(folder: str, checkers: int = 6, notice=None, progress=None):
    """The whole exact two-sided table for ``checkers`` (:class:`.twosided.TwoSided`, every
    field in memory) from the cache folder, built first if absent; a file that fails its
    checksum is rebuilt (``notice(text)`` says so)."""
    path = ts_path(folder, checkers)
    return _open_or_build(path, lambda: formats.load(path), lambda: build_two_sided(folder, checkers, progress),
                          notice)
