"""Old import path of :mod:`exactcube.noisy.nim.ball`, kept for one release (CHANGELOG.md, 0.2.0).

The name resolves to that very module (stored results, pickled tasks and ``module:function`` strings
keep working); new code imports ``exactcube.noisy.nim.ball``.
"""

import sys

from .nim import ball as _moved

sys.modules[__name__] = _moved
