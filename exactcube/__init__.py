"""exactcube: the mathematics of the doubling cube, exactly.

The library computes; it never prints.  The command line (``exactcube``) is a thin
layer over it.  Model packages: :mod:`exactcube.brownian` (the continuous game),
:mod:`exactcube.race` (races with real dice), :mod:`exactcube.noisy` (games through
a noisy channel).  Claims of the source documents live in the ``proofs`` package.
"""

__version__ = "0.1.0"

from .errors import BadInput  # noqa: E402
from .numbers import mpq, parse_rational  # noqa: E402

__all__ = ["__version__", "BadInput", "mpq", "parse_rational"]
