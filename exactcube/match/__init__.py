r"""Match play, exactly: match equity tables (METs) and the cube at a score.

A map of the package (which method answers what, with which evidence):

| question | function | evidence |
|---|---|---|
| Zadeh's 1977 model, as gnubg states it (``met/zadeh.xml``) | :func:`zadeh.zadeh_met` | exact rationals to 7-away; rigorous balls (any accuracy) to 64-away |
| Tornberg's mec model (``met/mec.xml``) | :func:`mec.mec_met` | exact to 8-away; rigorous balls beyond |
| the continuous game (ks69) at match scores, no gammons, perfectly efficient cube | :func:`continuous.continuous_met` | exact to 9-away; rigorous balls beyond |
| a table as printed in a gnubg XML file (rollout tables) | :func:`met.read_gnubg_xml` | exact decimals as printed |
| take points, cash points and the doubling window at a score and cube level | :func:`continuous.cube_points` | exact |
| double / take / pass on the last roll at every score | :func:`lastroll.last_roll_action` | exact, for any table |
| a race or a bearoff's outcome chances through a table | :func:`results.cubeless_mwc`, :func:`results.race_match` | exact, for an exact table |
| a bearoff (or a race, :func:`results.race_cube_match`) solved with match payoffs: cubeful MWC and the cube action at the score | :func:`results.bearoff_match` | exact, for an exact table (about 2.6x the money query's CPU, scripts/bench_match_bearoff.py) |
| a command's query at a score: the score read from the options and an ID, the table chosen, the engine run | :func:`query.match_score`, :func:`query.exact_table` | exact |

The generated tables' denominators grow exponentially with the score (each entry is a
ratio of expressions in the entries before it: the Zadeh table has 29 digits in its
largest denominator at 4-away, 10,378 at 7-away), so a 25-away table is computed in ball
arithmetic: the same recurrence on python-flint ``arb`` balls, each containing the exact
rational, the precision raised until every radius is below the asked accuracy
(:func:`arith.solve_table`).  Every table is a :class:`met.MatchEquityTable`, with its
checks (symmetry, monotonicity, post-Crawford free drops).
"""

from .continuous import ContinuousMatch, CubePoints, continuous_met, cube_points
from .lastroll import LastRoll, last_roll_action, last_roll_grid
from .mec import MEC_GNUBG, mec_met
from .met import MatchEquityTable, MetCheck, gnubg_xml_parameters, read_gnubg_xml
from .zadeh import ZADEH_GNUBG, zadeh_met

__all__ = [
    "MatchEquityTable", "MetCheck", "read_gnubg_xml", "gnubg_xml_parameters",
    "zadeh_met", "ZADEH_GNUBG", "mec_met", "MEC_GNUBG",
    "continuous_met", "cube_points", "ContinuousMatch", "CubePoints",
    "last_roll_action", "last_roll_grid", "LastRoll", "generate",
    "MODELS",
]

#: the generated models by name (``exactcube match met --model NAME``)
MODELS = ("zadeh", "mec", "continuous")


def generate(model: str, length: int = 25, exact: bool | None = False, digits: int = 30) -> MatchEquityTable:
    """The table of a named model (:data:`MODELS`) to ``length``-away; ``exact=None``: exact rationals
    when the model gives them at that length (its ``EXACT_LENGTH``), else balls."""
    from ..errors import BadInput
    from . import continuous, mec, zadeh

    mod = {"zadeh": zadeh, "mec": mec, "continuous": continuous}.get(model)
    if mod is None:
        raise BadInput(f"unknown model {model!r} (use one of {', '.join(MODELS)})")
    if exact is None:
        exact = length <= mod.EXACT_LENGTH
    fn = {"zadeh": zadeh_met, "mec": mec_met, "continuous": continuous_met}[model]
    return fn(length, exact=exact, digits=digits)
