"""The one way exactcube writes an output file: whole or not at all, onto a regular file only.

Every command that writes a file (``verify --json``, ``table -o``, ``plot -o``,
``report -o``, ``noisy --json``, ``triangle --json`` and ``--checkpoint``, the
``conjecture --resume`` results file) goes through this module:

* :func:`check_destination` is run *before* the work starts: the name is valid
  (not empty, not a folder name such as ``..``, each component within the file
  system's length limit, no NUL byte), its folder exists and a file can be
  created in it (tried: a temporary file is made and removed, since /proc and
  /sys pass ``os.access`` for root yet refuse new files), and what is there now
  is a regular file or nothing.  Devices, FIFOs, sockets and
  folders are refused.  A symbolic link is followed: the file it points to is
  the one written (a dangling link creates its target).  ``-`` means standard
  output.
* :func:`open_output` (text or bytes) and :func:`output_path` (for writers that
  want a file name, such as matplotlib) write to a temporary file in the
  target's folder and rename it into place only when the block finishes without
  an exception; an interrupted or failed write leaves the old file as it was and
  removes the temporary file.
* The new file keeps the mode of the file it replaces (and, as root, its owner);
  a new file gets ``0666`` less the umask, as ``open()`` would give it.

All refusals are :class:`~exactcube.errors.BadInput` (one line, exit status 2 on
the command line).  No maintained library does all of this: ``atomicwrites`` is
archived and none refuses devices or follows links, so the helper is kept here,
small and tested (tests/test_output.py).
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
import sys
import tempfile
from contextlib import contextmanager

from .errors import BadInput

__all__ = ["STDOUT", "check_destination", "open_output", "output_path", "write_text", "write_json",
           "is_stdout", "path_error"]

#: The file name that means standard output.
STDOUT = "-"

_TMP_PREFIX = ".exactcube-"


def is_stdout(path) -> bool:
    """Whether ``path`` is ``-`` (standard output)."""
    return path == STDOUT


def _show(path) -> str:
    """The name for a message: quoted, cut in the middle when long."""
    s = str(path)
    return repr(s) if len(s) <= 60 else repr(s[:30] + "..." + s[-20:]) + f" ({len(s)} characters)"


def path_error(what: str, path, reason: str) -> BadInput:
    """The one wording of a refused file or folder name, ``--json 'out/x.json': the folder 'out' does not
    exist``: the option (or role), the name as given, then why.  Raise what it returns."""
    return BadInput(f"{what} {_show(path)}: {reason}")


def _name_max(folder: str) -> int:
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):  # pragma: no cover - platform without pathconf
        return 255


def check_destination(path, what: str = "output") -> str:
    """Check that ``path`` may be written and return the real file to write (``-`` stays ``-``).

    Refuses (BadInput, one line): an empty name, a NUL byte, a name that is a
    folder (``.``, ``..``, a trailing ``/``), a component longer than the file
    system allows, a missing or unwritable folder, a symbolic-link loop, and an
    existing target that is not a regular file (folder, device, FIFO, socket) or
    that may not be written.
    """
    if not isinstance(path, str) or not path:
        raise path_error(what, "", "the file name is empty")
    if path == STDOUT:
        return STDOUT
    if "\0" in path:
        raise path_error(what, path, "a file name cannot contain a NUL character")
    try:
        path.encode(sys.getfilesystemencoding(), "surrogateescape")
    except UnicodeEncodeError:
        raise path_error(what, path, "the name cannot be encoded for this file system") from None
    try:
        real = os.path.realpath(path)
        os.stat(path)
    except FileNotFoundError:
        pass  # absent (or a dangling link): created below
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise path_error(what, path, "symbolic links loop") from None
        if exc.errno == errno.ENAMETOOLONG:
            raise path_error(what, path, "the name is too long") from None
        if exc.errno == errno.ENOTDIR:
            raise path_error(what, path, "a part of the path is not a folder") from None
        if exc.errno != errno.EACCES:
            raise path_error(what, path, f"cannot use it ({exc.strerror})") from None
    base = os.path.basename(path)
    if path.endswith(os.sep) or (os.altsep and path.endswith(os.altsep)) or base in ("", ".", ".."):
        raise path_error(what, path, "it names a folder; give a file name")
    folder = os.path.dirname(real) or "."
    name = os.path.basename(real)
    if not name or name in (".", ".."):
        raise path_error(what, path, "it names a folder; give a file name")
    if len(os.fsencode(name)) > _name_max(folder if os.path.isdir(folder) else "."):
        raise path_error(what, path, "the file name is too long for this file system")
    if not os.path.isdir(folder):
        kind = "is not a folder" if os.path.exists(folder) else "does not exist"
        raise path_error(what, path, f"the folder {folder!r} {kind}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise path_error(what, path, f"the folder {folder!r} is not writable")
    _probe_folder(folder, what, path)
    try:
        st = os.stat(real)
    except FileNotFoundError:
        return real
    except OSError as exc:
        raise path_error(what, path, f"cannot use it ({exc.strerror})") from None
    if stat.S_ISDIR(st.st_mode):
        raise path_error(what, path, "it is a folder; give a file name")
    if not stat.S_ISREG(st.st_mode):
        kind = ("a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode)
                else "a FIFO" if stat.S_ISFIFO(st.st_mode)
                else "a socket" if stat.S_ISSOCK(st.st_mode) else "not a regular file")
        raise path_error(what, path, f"it is {kind}; exactcube writes only regular files (or '-' for standard output)")
    if not os.access(real, os.W_OK):
        raise path_error(what, path, "it is read-only")
    return real


def _probe_folder(folder: str, what: str, path) -> None:
    """Create and remove a temporary file in ``folder``, as the writers will: ``os.access`` says yes to
    root for /proc and /sys, where no file can be created, so only trying tells."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=_TMP_PREFIX, suffix=".tmp", dir=folder)
    except OSError as exc:
        why = "" if exc.errno == errno.ENOENT else f" ({exc.strerror or exc})"
        raise path_error(what, path, f"no file can be created in the folder {folder!r}{why}") from None
    os.close(fd)
    os.unlink(tmp)


def _umask() -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    old = os.umask(0o22)  # pragma: no cover - no /proc: read the umask by setting it back at once
    os.umask(old)
    return old


def _settle(tmp: str, real: str) -> None:
    """Give the temporary file the mode (and, as root, the owner) the target has, or 0666 & ~umask."""
    try:
        st = os.stat(real)
    except FileNotFoundError:
        os.chmod(tmp, 0o666 & ~_umask())
        return
    os.chmod(tmp, stat.S_IMODE(st.st_mode))
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        try:
            os.chown(tmp, st.st_uid, st.st_gid)
        except OSError:  # pragma: no cover - e.g. a file system without owners
            pass


@contextmanager
def output_path(path, what: str = "output", suffix: str = ""):
    """Yield a temporary file name to write; on success it becomes ``path`` (copied to stdout for ``-``).

    For writers that need a file name (matplotlib's ``savefig``).  ``suffix`` is
    given to the temporary name (some writers choose a format by it).
    """
    real = check_destination(path, what)
    folder = tempfile.gettempdir() if real == STDOUT else os.path.dirname(real)
    fd, tmp = tempfile.mkstemp(prefix=_TMP_PREFIX, suffix=suffix or ".tmp", dir=folder)
    os.close(fd)
    try:
        yield tmp
        if real == STDOUT:
            sys.stdout.flush()
            with open(tmp, "rb") as f:
                shutil.copyfileobj(f, sys.stdout.buffer)
            sys.stdout.buffer.flush()
        else:
            with open(tmp, "rb+") as f:
                os.fsync(f.fileno())
            _settle(tmp, real)
            os.replace(tmp, real)
    finally:
        if os.path.lexists(tmp):
            os.unlink(tmp)


@contextmanager
def open_output(path, what: str = "output", binary: bool = False):
    """Yield an open file for ``path``: written to a temporary file and renamed into place on success.

    ``-`` yields standard output (not closed).  An exception inside the block
    leaves any existing file untouched and removes the temporary file.
    """
    real = check_destination(path, what)
    if real == STDOUT:
        stream = sys.stdout.buffer if binary else sys.stdout
        yield stream
        stream.flush()
        return
    fd, tmp = tempfile.mkstemp(prefix=_TMP_PREFIX, suffix=".tmp", dir=os.path.dirname(real))
    try:
        with (os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8")) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        _settle(tmp, real)
        os.replace(tmp, real)
    finally:
        if os.path.lexists(tmp):
            os.unlink(tmp)


def write_text(path, text: str, what: str = "output") -> None:
    """Write ``text`` (a final newline added if missing) to ``path`` safely (see :func:`open_output`)."""
    with open_output(path, what) as f:
        f.write(text if text.endswith("\n") else text + "\n")


def write_json(path, obj, what: str = "output") -> None:
    """Write ``obj`` as indented JSON to ``path`` safely."""
    write_text(path, json.dumps(obj, indent=2, sort_keys=False) + "\n", what)
