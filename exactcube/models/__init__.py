r"""The model facade: one stable entry to exactcube's mathematics from Python.

``from exactcube import models`` gives five families, one module each, in the way
Nashpy's ``Game`` fronts one module per algorithm:

========================  ==============================================================
family                    what it answers
========================  ==============================================================
:mod:`~.cube`             the continuous game of ks69 and ju24: doubling and take points
                          with :math:`k` doubles left (:math:`d_k \to 4/5`), equities, the
                          :math:`(x, y)`-cube of ju24 §1.3, non-alternating raises (ks69 §3)
:mod:`~.race`             races in zk77's pip-count model with any dice: turn distributions,
                          exact winning chances, the money-game cube decision
:mod:`~.bearoff`          real bearoffs (checkers on points 1-6, all plays under the full
                          rules): rolls to bear off, winning and gammon chances of a pair
:mod:`~.noisy`            games through a noisy channel: 1-pile Nim's :math:`p(n)` and every
                          optimal move at an :math:`\varepsilon`, as a function of
                          :math:`\varepsilon` (the phase diagram), the conjecture checks
:mod:`~.match`            match play: match equity tables (Zadeh's, Tornberg's, the continuous
                          game's, gnubg's files), the cube at a score, races and bearoffs in
                          match winning chances
========================  ==============================================================

The promise (version :data:`MODELS_API_VERSION`): names may be added; none of the names
below changes meaning within a major version.  The modules behind the facade
(``exactcube.brownian``, ``exactcube.race``, ``exactcube.noisy``) carry no such promise:
they may move, and the facade follows them.

Every function

* takes exact input (``int``, ``Fraction``, ``mpq``, sympy rationals, or text such as
  ``"7/10"``: binary floats are refused, since ``0.7`` is not ``7/10``);
* refuses bad input at the door with :class:`exactcube.BadInput` (one sentence, no traceback
  in the command line);
* returns the library's :class:`exactcube.results.Result` objects: exact values with their
  provenance (``provenance_of(r)``: method, evidence, source equation), shown as
  fractions and decimals in a notebook;
* never prints.

>>> from exactcube import models
>>> models.cube.thresholds(2).double
mpq(13,16)
>>> models.race.win_chance(8, 10).value
mpq(10193,11664)
"""

from __future__ import annotations

from . import bearoff, cube, match, noisy, race

#: The version of the facade; a change of meaning raises the first number.
MODELS_API_VERSION = "1.0"

__all__ = ["MODELS_API_VERSION", "cube", "race", "bearoff", "noisy", "match"]
