r"""The match equity table as an exact object, its checks, and gnubg's XML tables read as printed.

Notation.  A score is given by the points each player still needs, *a*-away for the
player whose chances we state and *b*-away for the opponent.  The match equity

.. math::

    M(a, b) = P[\text{the } a\text{-away player wins the match}], \qquad
    M(a, b) = 1 \ (a \le 0), \quad M(a, b) = 0 \ (b \le 0,\ a > 0),

is read at the start of a game.  When one player first reaches 1-away the next game is the
**Crawford game** (no doubling); the games after it are **post-Crawford**.  A table
therefore holds

* ``pre[a][b]`` for :math:`1 \le a, b \le n`: the equity before a game that is not
  post-Crawford (a row or column with 1-away is the Crawford game; 1-away/1-away is the
  last game, whatever came before);
* ``post[b]``: the *trailer's* equity at b-away against a leader at 1-away after the
  Crawford game (``post[1]`` is 1-away/1-away again).

Checks (each a function of the table, used by the claims of the ``gnubg-met`` document):

* **symmetry**: :math:`M(a, b) + M(b, a) = 1` (the players are interchangeable);
* **monotonicity**: :math:`M(a, b)` decreases in *a* and increases in *b* (needing more
  points never helps); the post-Crawford trailer's equity decreases in *b*;
* **free drops**: post-Crawford the leader may pass the trailer's double at no cost when
  the trailer is at an even away: the trailer goes from 2k-away to (2k-1)-away.  A table
  that applies the free drop fully has ``post[2k] <= post[2k-1]``; the size of the
  difference is what the table's model says the free drop is worth (gnubg's generated
  tables: 0.015 at 2-away and 0.004 at 4-away, taken from the trailer).

Reading gnubg's XML (``met.dtd``, read as gnubg's ``matchequity.c`` reads it): in
``<pre-crawford-table type="explicit">`` the *r*-th ``<row>`` holds the equities of the
player (r+1)-away, its *c*-th ``<me>`` against an opponent (c+1)-away; in
``<post-crawford-table type="explicit">`` the *c*-th ``<me>`` is the trailer's equity at
(c+1)-away (``player="both"``, ``"0"`` or ``"1"``).  Every ``<me>`` is read as the exact
decimal printed in the file, never through a binary float.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Sequence

from ..errors import BadInput
from ..numbers import is_ball, mpq, parse_rational, sign
from ..results import Result
from .arith import ball_precision, minus

__all__ = [
    "MatchEquityTable",
    "MetCheck",
    "read_gnubg_xml",
    "gnubg_xml_parameters",
    "MAX_LENGTH",
]

#: the longest match a table is built or read for (gnubg's MAXSCORE is 64)
MAX_LENGTH = 64


@dataclass(frozen=True)
class MetCheck(Result):
    """One check of a table: its name, whether it holds, and the entries that break it (exact)."""

    name: str
    holds: bool | None  # None: not decided (a ball holds the boundary)
    failures: tuple[tuple[str, str], ...] = ()  # (where, exact values that break it)
    checked: int = 0
    #: the table's evidence: exact rationals, or balls
    evidence: str = field(default="", kw_only=True)
    SOURCE = "match equity table invariants (exactcube.match.met)"


@dataclass(frozen=True)
class MatchEquityTable(Result):
    """An exact match equity table to ``length``-away (see the module docstring for the layout).

    ``pre[a-1][b-1]`` is :math:`M(a, b)` before a game that is not post-Crawford;
    ``post[b-1]`` the post-Crawford trailer's equity at b-away against a leader at 1-away;
    ``post_other`` the same for the other player when a table states two (gnubg's
    ``player="0"``/``"1"``), else None.  ``model`` names the model or file, ``parameters``
    its parameters as exact values, ``exact_model`` says whether the entries are the model's
    exact values (True) or decimals as printed in a file (False)."""

    name: str
    length: int
    pre: tuple[tuple[mpq, ...], ...]
    post: tuple[mpq, ...]
    model: str
    parameters: tuple[tuple[str, mpq], ...] = ()
    source: str = ""
    exact_model: bool = True
    post_other: tuple[mpq, ...] | None = None
    notes: tuple[str, ...] = field(default=())
    method: str = ""

    #: the evidence is read off the entries' arithmetic: exact rationals, or arb balls (issue 40)
    VALUES = ("pre", "post", "post_other")

    @property
    def evidence(self) -> str:
        """``exact`` when every entry is an exact rational, ``rigorous`` when some are balls."""
        return self._evidence().value

    # -- reading --------------------------------------------------------------
    def equity(self, a: int, b: int, post_crawford: bool = False) -> mpq:
        """:math:`M(a, b)`: 1 when a <= 0, 0 when b <= 0; with one player at 1-away, the
        Crawford game unless ``post_crawford`` (then the post-Crawford table)."""
        if a <= 0:
            return mpq(1)
        if b <= 0:
            return mpq(0)
        if a > self.length or b > self.length:
            raise BadInput(f"score {a}-away/{b}-away is beyond this table ({self.length}-away)")
        if post_crawford and (a == 1) != (b == 1):
            return minus(mpq(1), self.post[b - 1]) if a == 1 else self.post[a - 1]
        return self.pre[a - 1][b - 1]

    def parameter(self, name: str) -> mpq:
        """A parameter of the model by name (``gammon-rate-leader``)."""
        return dict(self.parameters)[name]

    def largest_denominator(self) -> int | None:
        """The largest denominator among the entries (a measure of the exact arithmetic's size);
        None for a table of balls."""
        vals = [q for row in self.pre for q in row] + list(self.post)
        if any(is_ball(q) for q in vals):
            return None
        return max(int(q.denominator) for q in vals)

    def denominator_digits(self) -> int | None:
        """Decimal digits of :meth:`largest_denominator` (None for balls)."""
        d = self.largest_denominator()
        if d is None:
            return None
        k = max(1, int(d.bit_length() * 0.30102999566398120))  # within one of the true count
        return k + (d >= 10 ** k)

    # -- checks ---------------------------------------------------------------
    def check_symmetry(self) -> MetCheck:
        """:math:`M(a, b) + M(b, a) = 1` for every pair, :math:`M(a, a) = 1/2`, and 1/2 post-Crawford at
        1-away/1-away (the double match point game, even again)."""
        bad = []
        undecided = 0
        n = self.length
        for a in range(1, n + 1):
            for b in range(a, n + 1):
                total = minus(self.pre[a - 1][b - 1], minus(1, self.pre[b - 1][a - 1]))
                s = sign(total)
                if s is None:
                    undecided += 1
                elif s != 0:
                    bad.append((f"{a}-away/{b}-away", f"M(a,b) + M(b,a) - 1 = {total}"))
        if self.post:  # post-Crawford 1-away/1-away is an even game again
            s = sign(minus(self.post[0], mpq(1, 2)))
            if s is None:
                undecided += 1
            elif s != 0:
                bad.append(("post-Crawford 1-away/1-away", f"the trailer's equity {self.post[0]} is not 1/2"))
        return MetCheck("symmetry", _verdict(bad, undecided), tuple(bad), n * (n + 1) // 2 + bool(self.post),
                        evidence=self.evidence)

    def check_monotonicity(self) -> MetCheck:
        """:math:`M(a, b) \\ge M(a+1, b)` and :math:`M(a, b) \\le M(a, b+1)` (strictly is not
        required: a dead score may tie), and the post-Crawford trailer's equity non-increasing
        in its away."""
        bad = []
        undecided = 0
        n = self.length
        count = 0

        def worse(x, y):  # x > y?  None when undecided
            if x is y:  # one value stored twice (a free drop's tie)
                return False
            s = sign(minus(x, y))
            return None if s is None else s > 0

        for a in range(1, n + 1):
            for b in range(1, n + 1):
                if a < n:
                    count += 1
                    w = worse(self.pre[a][b - 1], self.pre[a - 1][b - 1])
                    undecided += w is None
                    if w:
                        bad.append((f"{a + 1}-away/{b}-away", f"{self.pre[a][b - 1]} > M({a},{b}) = "
                                                              f"{self.pre[a - 1][b - 1]}"))
                if b < n:
                    count += 1
                    w = worse(self.pre[a - 1][b - 1], self.pre[a - 1][b])
                    undecided += w is None
                    if w:
                        bad.append((f"{a}-away/{b + 1}-away", f"{self.pre[a - 1][b]} < M({a},{b}) = "
                                                              f"{self.pre[a - 1][b - 1]}"))
        for row, who in ((self.post, "post-Crawford"), (self.post_other, "post-Crawford (other player)")):
            if row is None:
                continue
            for b in range(1, len(row)):
                count += 1
                w = worse(row[b], row[b - 1])
                undecided += w is None
                if w:
                    bad.append((f"{who} 1-away/{b + 1}-away", f"trailer {row[b]} > {row[b - 1]} at {b}-away"))
        return MetCheck("monotonicity", _verdict(bad, undecided), tuple(bad), count, evidence=self.evidence)

    def free_drops(self) -> tuple[tuple[int, mpq], ...]:
        """The post-Crawford free-drop differences ``post[2k-1] - post[2k]`` (trailer at
        (2k-1)-away minus at 2k-away) for every even away: what the table says the leader's
        free drop takes from the trailer; a negative value breaks monotonicity."""
        return tuple((b, minus(self.post[b - 2], self.post[b - 1])) for b in range(2, len(self.post) + 1, 2))

    def check_free_drops(self, stated: Sequence[tuple[int, mpq]] = ()) -> MetCheck:
        """Every free-drop difference is at least 0; where ``stated`` gives (b, value) for an
        even b, the table's difference at b equals that value exactly."""
        bad = []
        diffs = dict(self.free_drops())
        undecided = 0
        for b, d in diffs.items():
            s = 0 if self.post[b - 2] is self.post[b - 1] else sign(d)
            undecided += s is None
            if s is not None and s < 0:
                bad.append((f"post-Crawford {b}-away", f"trailer gains {-d} over {b - 1}-away"))
        for b, v in stated:
            if b in diffs:
                s = sign(minus(diffs[b], v))
                undecided += s is None
                if s:
                    bad.append((f"post-Crawford {b}-away", f"free drop {diffs[b]}, stated {v}"))
        return MetCheck("free drops", _verdict(bad, undecided), tuple(bad), len(diffs) + len(stated),
                        evidence=self.evidence)

    def checks(self) -> tuple[MetCheck, ...]:
        """Symmetry, monotonicity and the free drops, in that order (balls compared at 1024 bits)."""
        with ball_precision(1024):
            return (self.check_symmetry(), self.check_monotonicity(), self.check_free_drops())

    def truncated(self, length: int) -> "MatchEquityTable":
        """The same table to ``length``-away."""
        if not 1 <= length <= self.length:
            raise BadInput(f"length must be 1..{self.length}, got {length}")
        return MatchEquityTable(
            self.name, length, tuple(tuple(r[:length]) for r in self.pre[:length]), self.post[:length],
            self.model, self.parameters, self.source, self.exact_model,
            None if self.post_other is None else self.post_other[:length], self.notes, self.method)


def _verdict(bad, undecided) -> bool | None:
    """False on a failure, None when some comparison was not decided, else True."""
    if bad:
        return False
    return None if undecided else True


def _read_xml(path: str) -> ET.Element:
    try:
        with open(path, "rb") as f:
            data = f.read(4 * 1024 * 1024 + 1)
    except OSError as exc:
        raise BadInput(f"cannot read {path!r}: {exc.strerror or exc}") from None
    if len(data) > 4 * 1024 * 1024:
        raise BadInput(f"{path!r} is larger than 4 MiB; a match equity table is far smaller")
    if b"<!ENTITY" in data:
        raise BadInput(f"{path!r} declares XML entities; a gnubg match equity table has none")
    try:
        return ET.fromstring(data)
    except ET.ParseError as exc:
        raise BadInput(f"{path!r} is not well-formed XML ({exc})") from None


def gnubg_xml_parameters(path: str) -> dict:
    """The ``<info>`` and model parameters of a gnubg MET file: ``{"name", "description",
    "length", "pre": (type, {param: exact value}), "post": {player: (type, {param: value})}}``.
    Parameter values are read as the exact decimals printed (``0.015`` = 15/1000)."""
    root = _read_xml(path)
    if root.tag != "met":
        raise BadInput(f"{path!r} is not a gnubg match equity table (its root is <{root.tag}>)")
    info = root.find("info")

    def text(tag):
        el = info.find(tag) if info is not None else None
        return (el.text or "").strip() if el is not None else ""

    def params(el):
        out = {}
        for p in el.iter("parameter"):
            out[p.get("name", "")] = parse_rational((p.text or "").strip(), f"parameter {p.get('name')}")
        return out

    pre = root.find("pre-crawford-table")
    posts = {}
    for el in root.findall("post-crawford-table"):
        posts[el.get("player", "both")] = (el.get("type", "explicit"), params(el))
    length_text = text("length")
    return {
        "name": text("name"), "description": text("description"),
        "length": int(length_text) if length_text.lstrip("-").isdigit() else None,
        "pre": (pre.get("type", "explicit"), params(pre)) if pre is not None else None,
        "post": posts,
    }


def read_gnubg_xml(path: str, read=None) -> MatchEquityTable:
    """An explicit gnubg MET file (``type="explicit"``) as printed: every entry the exact
    decimal of its ``<me>``; rows as gnubg's ``matchequity.c`` reads them (row r = player
    (r+1)-away).  A parametric file (``zadeh.xml``, ``mec.xml``) is refused here: its table is
    generated (:func:`exactcube.match.zadeh.zadeh_met`, :func:`exactcube.match.mec.mec_met`).
    ``read(where, text)``, when given, sees every entry's text first and returns the text to use
    (a check reads the entries through it as printed items, so that they can be perturbed)."""
    def entry(where: str, me) -> mpq:
        text = (me.text or "").strip()
        return parse_rational(read(where, text) if read else text, where)

    root = _read_xml(path)
    meta = gnubg_xml_parameters(path)
    pre_el = root.find("pre-crawford-table")
    if pre_el is None or pre_el.get("type", "explicit") != "explicit":
        raise BadInput(f"{path!r} states a model ({pre_el.get('type') if pre_el is not None else 'none'}), "
                       "not a table; generate it with --model")
    rows = []
    for r, row in enumerate(pre_el.findall("row")):
        rows.append(tuple(entry(f"pre-Crawford row {r + 1} entry {c + 1}", me)
                          for c, me in enumerate(row.findall("me"))))
    n = meta["length"] or len(rows)
    n = min(n, len(rows), MAX_LENGTH)
    if n < 1 or any(len(rows[r]) < n for r in range(n)):
        raise BadInput(f"{path!r}: the pre-Crawford table is not square to {n}-away")
    pre = tuple(tuple(rows[r][:n]) for r in range(n))
    posts = {}
    for el in root.findall("post-crawford-table"):
        if el.get("type", "explicit") != "explicit":
            continue
        vals = [entry(f"post-Crawford (player {el.get('player', 'both')}) entry {k + 1}", me)
                for k, me in enumerate(el.iter("me"))]
        posts[el.get("player", "both")] = tuple(vals)
    first = posts.get("both") or posts.get("0")
    other = posts.get("1") if "both" not in posts else None
    if first is None:
        raise BadInput(f"{path!r} has no explicit post-Crawford table")
    # a table to n-away need not state post-Crawford n-away: after the Crawford game the trailer has won
    # a game, so he is at most (n-1)-away; a shorter post-Crawford row cuts the table to what both cover
    m = n if len(first) >= n - 1 else len(first)
    return MatchEquityTable(
        name=meta["name"] or path, length=m, pre=tuple(tuple(r[:m]) for r in pre[:m]), post=tuple(first[:m]),
        model="gnubg XML (as printed)", source=f"{path}: {meta['description']}", exact_model=False,
        post_other=None if other is None else tuple(other[:m]))
