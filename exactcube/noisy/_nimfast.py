"""Old import path of :mod:`exactcube.noisy.nim.exact`, kept for one release (CHANGELOG.md, 0.2.0).

The name resolves to that very module (stored results, pickled tasks and ``module:function`` strings
keep working); new code imports ``exactcube.noisy.nim.exact``.
"""

import sys

from .nim import exact as _moved

sys.modules[__name__] = _moved
