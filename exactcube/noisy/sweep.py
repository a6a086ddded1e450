"""Old import path of :mod:`exactcube.noisy.scale.sweep`, kept for one release (CHANGELOG.md, 0.2.0).

The name resolves to that very module (stored results, pickled tasks and ``module:function`` strings
keep working); new code imports ``exactcube.noisy.scale.sweep``.
"""

import sys

from .scale import sweep as _moved

sys.modules[__name__] = _moved
