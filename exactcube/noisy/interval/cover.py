r"""The cover: a statement proved on a closed interval piece by piece (``noisy`` §3, Conjectures 9-10).

A statement is proved on a closed interval piece by piece (:class:`Piece`); :func:`cover` walks an
interval from left to right, doubling the width after a proved piece and halving it after a failure
(:class:`ProofFailure`), and records a gap where a piece below the minimal width still fails.
:class:`exactcube.results.IntervalProof` is the result: the statement, the pieces that cover it, the gaps
(none when proved), with its provenance.  The tests on a piece are the methods' own (:mod:`exactcube.noisy.interval.firstorder`,
:mod:`exactcube.noisy.interval.taylor`); the walk is shared.

References: ``noisy`` §3, equation (5), Conjectures 9 and 10.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import TooLarge
from ...results import Result

__all__ = ["Piece", "ProofFailure", "cover", "SOURCE"]

#: what every whole-interval proof of 1-pile Nim implements (the ``source`` of its :class:`IntervalProof`)
SOURCE = "noisy §3, (5), Conjectures 9-10: whole intervals of eps"


class ProofFailure(Exception):
    """A piece on which a statement could not be proved (the message says which test failed)."""


@dataclass(frozen=True)
class Piece(Result):
    """One closed interval [ul, uh] of the proof's variable and the test that proved the statement on it:
    'centred', 'end' (a tie at an end point, excluded from the statement), 'crossing' (the unique crossing of two
    moves inside), 'taylor', 'end-one' (Taylor models; see :mod:`exactcube.noisy.interval.taylor`).  Every test is
    decided on outward-rounded enclosures, so a piece is rigorous (its float ends are the ends of the interval
    proved, not approximations)."""

    SOURCE = SOURCE
    EVIDENCE = "rigorous"
    METHOD = "outward-rounded enclosures on a closed piece (the test named by ``test``)"

    ul: float
    uh: float
    test: str


def cover(lo, hi, width, prove, *, min_width, max_pieces: int, tries: int = 0, stop_at_gap: bool = False,
          on_piece=None):
    """Cover [lo, hi] from left to right: ``prove(a, b)`` returns the piece proved on [a, b] or raises
    :class:`ProofFailure` (or :class:`exactcube.errors.TooLarge`); the width starts at ``width``, doubles after a
    proved piece and halves after a failure.  A piece that fails below ``min_width``, or after ``max_pieces`` tries
    in all (``tries`` already made), is a gap (a, b, reason): the walk goes on past it, or stops there with
    ``stop_at_gap``.  ``on_piece(piece, count)`` sees each proved piece.  Returns (pieces, gaps, tries); works for
    float and rational end points alike."""
    pieces, gaps = [], []
    a, w = lo, width
    while a < hi:
        b = min(a + w, hi)
        tries += 1
        try:
            if tries > max_pieces:
                raise ProofFailure("too many pieces")
            piece = prove(a, b)
        except (ProofFailure, TooLarge) as exc:
            if b - a < min_width or tries > max_pieces:
                gaps.append((a, b, str(exc)))
                if stop_at_gap:
                    break
                a = b
                continue
            w = (b - a) / 2
            continue
        pieces.append(piece)
        if on_piece is not None:
            on_piece(piece, len(pieces))
        a = b
        w = 2 * w
    return pieces, gaps, tries
