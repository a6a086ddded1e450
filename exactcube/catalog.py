"""Loads the catalogue: every document package registered in the entry-point group
``exactcube.documents``.

A document package (the five built-in ones in ``proofs/``, or a plugin someone else
installed) declares itself in its ``pyproject.toml``::

    [project.entry-points."exactcube.documents"]
    demo = "exactcube_demo"

The entry point's name is the document id; its value is the package.  Loading imports
the package (whose ``__init__`` calls :func:`exactcube.claims.document`) and every
module under it, which registers its claims (:data:`exactcube.claims.REGISTRY`), tables
(:data:`exactcube.tables.TABLES`) and figures (:data:`exactcube.figures.FIGURES`).
Modules are discovered, not listed, so a new section is one new file.  A package or
module that fails to import is reported as one :class:`LoadError`, never allowed to
hide the others; two packages claiming the same document id are both refused.

Only the command line (and tests) call this; the library itself never imports ``proofs``.
"""

from __future__ import annotations

import importlib
import pkgutil
import traceback
from dataclasses import dataclass
from importlib.metadata import entry_points

__all__ = ["load", "LoadError", "GROUP", "document_packages"]

#: The entry-point group that document packages register in.
GROUP = "exactcube.documents"

#: The built-in documents, used only when exactcube's own distribution metadata is missing
#: (running from a source tree that was never installed).
_BUILT_IN = {"ks69": "proofs.ks69", "ju24": "proofs.ju24", "zk77": "proofs.zk77", "floyd": "proofs.floyd",
             "noisy": "proofs.noisy", "gnubg": "proofs.gnubg"}


@dataclass(frozen=True)
class LoadError:
    module: str
    error: str
    traceback: str = ""


_loaded: list[LoadError] | None = None


def document_packages() -> tuple[dict[str, str], list[LoadError]]:
    """``{document id: package}`` from the entry points, and the clashes refused."""
    found: dict[str, set[str]] = {}
    for ep in entry_points(group=GROUP):
        found.setdefault(ep.name, set()).add(ep.value)
    if not any(v == f"proofs.{k}" for k, vs in found.items() for v in vs):
        for k, v in _BUILT_IN.items():  # exactcube itself is not installed: its own documents still load
            found.setdefault(k, set()).add(v)
    packages, errors = {}, []
    for doc_id, values in sorted(found.items()):
        if len(values) > 1:
            errors.append(LoadError(", ".join(sorted(values)),
                                    f"document id {doc_id!r} is claimed by {len(values)} packages "
                                    f"({', '.join(sorted(values))}); none of them is loaded"))
        else:
            packages[doc_id] = next(iter(values))
    return packages, errors


def registered_ids() -> set[str]:
    """Every document id that exactcube itself or an installed package declares, loaded or not (a clash
    included): an id a new package must not take (:func:`document_packages` unloads both of a clash)."""
    packages, _ = document_packages()
    return set(packages) | {ep.name for ep in entry_points(group=GROUP)}


def _import(name: str, errors: list[LoadError]) -> object | None:
    try:
        return importlib.import_module(name)
    except Exception as exc:
        errors.append(LoadError(name, f"{type(exc).__name__}: {exc}", traceback.format_exc()))
        return None


def load() -> list[LoadError]:
    """Import every document package once; return what failed to load (one entry each)."""
    global _loaded
    if _loaded is not None:
        return _loaded
    from .claims import DOCUMENTS

    packages, errors = document_packages()
    for doc_id, pkg_name in packages.items():
        pkg = _import(pkg_name, errors)
        if pkg is None:
            continue
        if doc_id not in DOCUMENTS:
            errors.append(LoadError(pkg_name, f"package {pkg_name!r} is registered as document {doc_id!r} but "
                                              "does not call exactcube.api.document() with that id"))
            continue
        if hasattr(pkg, "__path__"):
            names = [m.name for m in pkgutil.walk_packages(pkg.__path__, pkg_name + ".", onerror=lambda n: None)]
            for name in sorted(names):
                _import(name, errors)
    _loaded = errors
    return errors
