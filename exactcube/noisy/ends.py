"""Old import path of :mod:`exactcube.noisy.eps.ends`, kept for one release (CHANGELOG.md, 0.2.0).

The name resolves to that very module (stored results, pickled tasks and ``module:function`` strings
keep working); new code imports ``exactcube.noisy.eps.ends``.
"""

import sys

from .eps import ends as _moved

sys.modules[__name__] = _moved
