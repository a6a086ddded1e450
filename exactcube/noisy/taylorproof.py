"""Old import path of :mod:`exactcube.noisy.interval.taylor`, kept for one release (CHANGELOG.md, 0.2.0).

The name resolves to that very module (stored results, pickled tasks and ``module:function`` strings
keep working); new code imports ``exactcube.noisy.interval.taylor``.
"""

import sys

from .interval import taylor as _moved

sys.modules[__name__] = _moved
