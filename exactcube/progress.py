"""The one shape of a progress callback: ``progress(done, total)``.

A long computation of the library takes ``progress=None`` and, after each step, calls ``progress(done, total)``:
``done`` how far it has got, ``total`` where it ends (None when that is not known in advance), both in the
computation's own unit: positions, pairs, pip levels, heaps, count sums, eps values, or, for a cover of an
interval, the point reached and the interval's end.  The bars of the command line
(:func:`exactcube.cli.common.progress`) are such callbacks, so a command passes its bar to the computation as
it is.  :data:`Progress` is the type.
"""

from __future__ import annotations

from typing import Callable, Optional, Union

from .numbers import mpq

__all__ = ["Progress"]

#: ``progress(done, total)``: how far the computation has got, and where it ends (None: not known).
Progress = Callable[[Union[int, float, mpq], Optional[Union[int, float, mpq]]], None]
