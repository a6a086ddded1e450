"""Old import path of :mod:`exactcube.noisy.games.chomp`, kept for one release (CHANGELOG.md, 0.2.0).

The name resolves to that very module (stored results, pickled tasks and ``module:function`` strings
keep working); new code imports ``exactcube.noisy.games.chomp``.
"""

import sys

from .games import chomp as _moved

sys.modules[__name__] = _moved
