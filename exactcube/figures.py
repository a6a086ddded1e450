"""Figures: builders registered by id (``ju24.fig1``), drawn with matplotlib.

matplotlib is an optional extra (``pip install 'exactcube[plot]'``); asking for a
figure without it raises :class:`~exactcube.errors.MissingExtra`, which the command
line reports in one line naming the extra.  Builders take keyword parameters
declared with :class:`~exactcube.tables.Param` and return a matplotlib Figure.
"""

from __future__ import annotations

from typing import Sequence

from .errors import BadInput, MissingExtra
from .tables import Builder, Param

__all__ = ["FigureBuilder", "FIGURES", "figure_builder", "pyplot", "save"]


def _writable_folder(path: str) -> bool:
    """Whether ``path`` is (or can be made) a folder this process may write."""
    import os

    try:
        os.makedirs(path, exist_ok=True)
    except OSError:
        return False
    return os.path.isdir(path) and os.access(path, os.W_OK | os.X_OK)


def quiet_matplotlib_folders() -> None:
    """Give matplotlib a writable config and cache folder before it is imported: where the user's own
    (``$XDG_CONFIG_HOME``/``$XDG_CACHE_HOME`` or ``~/.config``, ``~/.cache``) cannot be written, as for an
    unprivileged user without a home, matplotlib makes a temporary one and warns on stderr at every run;
    ``MPLCONFIGDIR`` is then set to one folder of this user's in the temporary folder (mode 0700)."""
    import os
    import tempfile

    if os.environ.get("MPLCONFIGDIR"):
        return
    home = os.path.expanduser("~")
    config = os.path.join(os.environ.get("XDG_CONFIG_HOME") or os.path.join(home, ".config"), "matplotlib")
    cache = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.join(home, ".cache"), "matplotlib")
    if _writable_folder(config) and _writable_folder(cache):
        return
    uid = os.getuid() if hasattr(os, "getuid") else "user"
    own = os.path.join(tempfile.gettempdir(), f"exactcube-matplotlib-{uid}")
    try:
        os.makedirs(own, mode=0o700, exist_ok=True)
    except OSError:
        return  # nowhere better: matplotlib's own fallback (and its warning)
    os.environ["MPLCONFIGDIR"] = own


def pyplot():
    """Import matplotlib with a non-interactive backend, or say which extra installs it."""
    quiet_matplotlib_folders()
    try:
        import matplotlib
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise MissingExtra("plotting", "plot", "matplotlib") from exc
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


class FigureBuilder(Builder):
    """A registered figure: calling it with keyword parameters returns a matplotlib Figure."""

    kind = "figure"


#: Figure builders by id, filled by importing the ``proofs`` modules.
FIGURES: dict[str, FigureBuilder] = {}


def figure_builder(id: str, title: str, params: Sequence[Param] = ()):
    """Decorator registering ``fn(**params) -> matplotlib.figure.Figure`` as the figure ``id``."""

    def deco(fn):
        FIGURES[id] = FigureBuilder(id, title, fn, tuple(params))
        return fn

    return deco


_FORMATS = {".pdf", ".png", ".svg"}


def check_name(path: str) -> str:
    """The format (``.pdf``, ``.png``, ``.svg``) of a figure file name; ``-`` (standard output) is PDF."""
    import os

    suffix = ".pdf" if path == "-" else os.path.splitext(path)[1].lower()
    if suffix not in _FORMATS:
        raise BadInput(f"output {path!r}: use a .pdf, .png or .svg file name")
    return suffix


def save(fig, path: str) -> str:
    """Write ``fig`` to ``path`` (PDF, PNG or SVG by suffix; ``-``: PDF on standard output), whole or not at all.

    Goes through :func:`exactcube.output.output_path` (temporary file + rename,
    regular files only, mode kept).
    """
    from .output import output_path

    suffix = check_name(path)
    with output_path(path, "figure", suffix=suffix) as tmp:
        fig.savefig(tmp, format=suffix[1:], bbox_inches="tight", dpi=150)
    return path
