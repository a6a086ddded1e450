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


def pyplot():
    """Import matplotlib with a non-interactive backend, or say which extra installs it."""
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


def save(fig, path: str) -> str:
    """Write ``fig`` to ``path`` (PDF, PNG or SVG by suffix), atomically."""
    import os
    import tempfile

    suffix = os.path.splitext(path)[1].lower()
    if suffix not in _FORMATS:
        raise BadInput(f"output {path!r}: use a .pdf, .png or .svg file name")
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(suffix=suffix, dir=d)
    os.close(fd)
    try:
        fig.savefig(tmp, bbox_inches="tight", dpi=150)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return path
