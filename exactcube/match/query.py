r"""A race or bearoff query at a match score: the score read and reconciled, the table chosen, the engine run.

The commands ``exactcube bearoff|race ... --match N --score A-B`` and ``exactcube match
bearoff|race`` only parse and render; this module decides:

- **the score** (:func:`match_score`): the match length, each side's points (the roller's
  first) and the kind of game, from the options and from an ID's own fields (a gnubg match
  ID or an XGID with a score), refusing any contradiction between the two.  At a score where
  one side is 1-away the game is the Crawford game unless told it is post-Crawford (an ID
  says which by its Crawford flag);
- **the table** (:func:`exact_table`): a gnubg file as printed, or a model's exact table
  (the models' exact tables reach 7-away for Zadeh, 8 for mec, 9 for the continuous game;
  the exact match recursion needs exact entries);
- **the engine**: :func:`results.bearoff_match` (the whole bearoff solved with match payoffs,
  the cube action at the score) and :func:`results.race_cube_match` (zk77's race solved the
  same way).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import BadInput
from ..numbers import parse_int
from ..owner import Owner
from . import MODELS, generate
from .met import MAX_LENGTH, MatchEquityTable, read_gnubg_xml
from .results import CRAWFORD, NORMAL, POST_CRAWFORD, MatchBearoff, MatchRace, bearoff_match, race_cube_match

__all__ = ["MatchScore", "match_score", "parse_score", "exact_table", "bearoff_at_score", "race_at_score",
           "DEFAULT_MET", "EXACT_LENGTHS", "EXACT_DIGITS"]

#: the table used when none is named
DEFAULT_MET = "zadeh"


def _exact_lengths() -> dict:
    from . import continuous, mec, zadeh

    return {"zadeh": zadeh.EXACT_LENGTH, "mec": mec.EXACT_LENGTH, "continuous": continuous.EXACT_LENGTH}


#: the longest match each model's exact table serves
EXACT_LENGTHS = _exact_lengths()

#: the decimal digits of the largest denominator of each model's exact table at :data:`EXACT_LENGTHS` (fractions in
#: lowest terms, ``MatchEquityTable.denominator_digits``; docs/match.md), recorded so that a summary line need not
#: build the exact table to print them (mec's takes 0.5 s); tests/test_cli_third_trial.py recomputes them
EXACT_DIGITS = {"zadeh": 10_378, "mec": 107_736, "continuous": 10_099}


@dataclass(frozen=True)
class MatchScore:
    """A match score from the roller's side: the length, the points each side has, the game's kind."""

    length: int
    mine: int
    theirs: int
    kind: str

    @property
    def aways(self) -> tuple[int, int]:
        """(the roller's away, the opponent's away)."""
        return self.length - self.mine, self.length - self.theirs

    def text(self) -> str:
        a, b = self.aways
        return f"match to {self.length} at {self.mine}-{self.theirs} ({a}-away/{b}-away, {self.kind} game)"


def parse_score(text: str, length: int) -> tuple[int, int]:
    """``"4-2"``: the points each side has (the roller's first), each 0..length-1."""
    parts = str(text).split("-")
    if len(parts) != 2:
        raise BadInput(f"--score: write the points each side has, yours first, like 4-2 (got {text!r})")
    mine, theirs = (parse_int(p.strip(), "--score", 0, length - 1) for p in parts)
    return mine, theirs


def match_score(length: int | None, score: str | None, crawford: bool = False, post_crawford: bool = False,
                fields: dict | None = None) -> MatchScore | None:
    """The score of a query from its options (``length``, ``score`` text, the Crawford flags) and an
    ID's ``fields`` (``match_length``, ``score``, ``crawford``); None for a money game.  BadInput when
    they contradict each other or are incomplete (module docstring)."""
    fields = fields or {}
    fmt = fields.get("format", "ID")
    id_length = fields.get("match_length", 0)
    if id_length:
        if length is not None and length != id_length:
            raise BadInput(f"--match {length}: the {fmt} is a {id_length}-point match")
        mine, theirs = fields["score"]
        if score is not None and parse_score(score, id_length) != (mine, theirs):
            raise BadInput(f"--score {score}: the {fmt} says {mine}-{theirs} (the side on roll first)")
        at_one = (id_length - mine == 1) != (id_length - theirs == 1)
        if crawford and not fields["crawford"]:
            raise BadInput(f"--crawford: the {fmt} says this is not the Crawford game")
        if post_crawford and (fields["crawford"] or not at_one):
            raise BadInput(f"--post-crawford: the {fmt} says "
                           + ("this is the Crawford game" if fields["crawford"] else "no side is 1-away"))
        kind = (CRAWFORD if fields["crawford"] else POST_CRAWFORD) if at_one else NORMAL
        if fields["crawford"] and not at_one:
            raise BadInput(f"the {fmt} marks the Crawford game at {mine}-{theirs} to {id_length}, where no "
                           "side is 1-away")
        return MatchScore(id_length, mine, theirs, kind)
    if "match_length" in fields and length is not None:
        raise BadInput(f"--match {length}: the {fmt} is a money game (match length 0)")
    if length is None:
        if score is not None or crawford or post_crawford:
            raise BadInput("--score, --crawford and --post-crawford go with --match N")
        return None
    if not 1 <= length <= MAX_LENGTH:
        raise BadInput(f"--match must be 1..{MAX_LENGTH}, got {length}")
    if score is None:
        raise BadInput("--match N needs --score A-B, the points each side has (yours first), e.g. --score 0-0")
    mine, theirs = parse_score(score, length)
    at_one = (length - mine == 1) != (length - theirs == 1)
    if (crawford or post_crawford) and not at_one:
        raise BadInput(f"--{'crawford' if crawford else 'post-crawford'}: at {mine}-{theirs} to {length} no side "
                       "is 1-away (only then is there a Crawford game)")
    kind = (POST_CRAWFORD if post_crawford else CRAWFORD) if at_one else NORMAL
    return MatchScore(length, mine, theirs, kind)


def exact_table(spec: str | None, length: int) -> MatchEquityTable:
    """The exact table a match query is answered through: ``spec`` a model name (default
    :data:`DEFAULT_MET`) whose exact table reaches ``length``, or a gnubg MET file read as printed."""
    spec = spec or DEFAULT_MET
    if spec in MODELS:
        if length > EXACT_LENGTHS[spec]:
            raise BadInput(f"a {length}-point match: the {spec} model's exact table reaches {EXACT_LENGTHS[spec]}-away; "
                           "use --met FILE, a gnubg MET file read exactly as printed (docs/match.md)")
        return generate(spec, length, exact=True)
    met = read_gnubg_xml(spec)
    if length > met.length:
        raise BadInput(f"{spec!r} holds a table to {met.length}-away, not {length}")
    return met.truncated(length)


def _check_cube(score: MatchScore, cube: int, owner: str) -> str:
    """The owner's canonical spelling; BadInput for a cube in the Crawford game (it is played without one)."""
    owner = Owner.parse(owner).value
    if score.kind == CRAWFORD and (cube, owner) != (1, "centred"):
        raise BadInput(f"the Crawford game is played without the cube: cube 1 centred, not {cube} {owner}")
    return owner


def bearoff_at_score(x, y, score: MatchScore, met: MatchEquityTable, cube: int = 1,
                     owner: str = "centred", notice=None, estimate=None) -> MatchBearoff:
    """The bearoff ``x`` (on roll) against ``y`` at ``score``: :func:`results.bearoff_match`, exact
    (``estimate(seconds, how)``, or else ``notice(text)``, told the estimated time of a long solve first)."""
    a, b = score.aways
    owner = _check_cube(score, cube, owner)
    return bearoff_match(x, y, met, a, b, cube, owner, score.kind == CRAWFORD, score.kind == POST_CRAWFORD,
                         notice=notice, estimate=estimate)


def race_at_score(x: int, y: int, score: MatchScore, met: MatchEquityTable, cube: int = 1,
                  owner: str = "centred") -> MatchRace:
    """The race ``x`` (on roll) against ``y`` pips at ``score``: :func:`results.race_cube_match`, exact."""
    a, b = score.aways
    owner = _check_cube(score, cube, owner)
    return race_cube_match(x, y, met, a, b, cube, owner, score.kind == CRAWFORD, score.kind == POST_CRAWFORD)
