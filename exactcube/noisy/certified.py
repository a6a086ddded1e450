"""Old import path of :mod:`exactcube.noisy.interval.arith` (outward-rounded arithmetic) and
:mod:`exactcube.noisy.interval.cover` (the piece-by-piece cover), kept for one release (CHANGELOG.md, 0.2.0)."""

from .interval.arith import *  # noqa: F401,F403
from .interval.arith import __all__ as _arith
from .interval.cover import *  # noqa: F401,F403
from .interval.cover import __all__ as _cover
from ..errors import TooLarge  # noqa: F401  (importable from here before 0.2.0)

__all__ = [*_arith, *_cover]
