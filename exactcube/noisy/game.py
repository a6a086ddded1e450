"""Old import path of :mod:`exactcube.noisy.games.game`, kept for one release (CHANGELOG.md, 0.2.0).

The name resolves to that very module (stored results, pickled tasks and ``module:function`` strings
keep working); new code imports ``exactcube.noisy.games.game``.
"""

import sys

from .games import game as _moved

sys.modules[__name__] = _moved
