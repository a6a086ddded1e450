"""Loads the catalogue: every module under the ``proofs`` package.

Importing a ``proofs`` module registers its claims (:data:`exactcube.claims.REGISTRY`),
tables (:data:`exactcube.tables.TABLES`) and figures (:data:`exactcube.figures.FIGURES`).
Modules are discovered, not listed, so a new document or section is one new file
(``proofs/ju24/stakes.py``).  A module that fails to import is reported, never
allowed to hide the others.

Only the command line calls this; the library itself never imports ``proofs``.
"""

from __future__ import annotations

import importlib
import pkgutil
import traceback
from dataclasses import dataclass

__all__ = ["load", "LoadError"]


@dataclass(frozen=True)
class LoadError:
    module: str
    error: str
    traceback: str


_loaded: list[LoadError] | None = None


def load() -> list[LoadError]:
    """Import every ``proofs`` module once; return the modules that failed to import."""
    global _loaded
    if _loaded is not None:
        return _loaded
    errors: list[LoadError] = []
    import proofs

    names = [m.name for m in pkgutil.walk_packages(proofs.__path__, "proofs.", onerror=lambda n: None)]
    for name in sorted(names):
        try:
            importlib.import_module(name)
        except Exception as exc:
            errors.append(LoadError(name, f"{type(exc).__name__}: {exc}", traceback.format_exc()))
    _loaded = errors
    return errors
