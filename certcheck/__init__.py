"""certcheck: an independent checker of exactcube's certificates, in the Python standard library alone.

``python -m certcheck DIR`` checks the manifest's SHA-256 of every file of DIR, then re-decides each certificate
from its data by the definitions (the game rules, the recurrences, the channel), printing ``CERTIFIED <name>`` or
``REJECTED <name>: <reason>``; it exits 0 only when every certificate passes.  Its trust base: certcheck/README.md.
"""

from .core import check_folder

__all__ = ["check_folder"]
