"""The readings the noisy verdicts rest on (registered assumptions, issue 12).

The extracted text of the note lost every formula, so some conclusions rest on a
reconstruction as well as on exact arithmetic; each reconstruction is registered here
once with one sentence and named by the verdicts that use it.  The bit-flip channel
is no guess in the dark: it reproduces every optimal move of the Appendix and every
printed probability to within one unit of its 15th decimal (1402 cells).
"""

import dataclasses
import functools

from exactcube.results import assumption

CHANNEL = assumption(
    "noisy.bitflip-channel",
    "The lost formula of Example 3 and (5) is the bit-flip channel: the move is sent as the k-digit binary word of "
    "the heap left (k the digits of the current heap), each bit flips with chance eps, and a received word that is "
    "not a legal move is sent again (mu renormalised over the legal words).")
CHOMP_CHANNEL = assumption(
    "noisy.chomp-neighbour",
    "The Chomp! channel of §1 (Figure 1, top left) chops the targeted square with chance 1 - eps and each square "
    "of the bar sharing an edge or a vertex with it with an equal share of eps, renormalised over the squares "
    "still legal (the poison square and squares already eaten are never received).")
SEC3_PROSE = assumption(
    "noisy.sec3-prose",
    "The numbers lost from the sentences of §3 (the eps ranges of each optimal move, of p(n) < 1/2, and of the "
    "nearly fair 10-chip game) are the runs of the Appendix tables that the sentences describe.")
LEMMA7 = assumption(
    "noisy.lemma7-hypothesis",
    "The lost hypothesis of Lemma 7 is: the channel is equiprobable and every position that is neither P nor N has "
    "as many P-followers as N-followers (the reading under which the printed proof goes through).")

#: why a claim of §1-§2 compares against no printed item (``claim(..., unprinted=...)``)
NOTHING_PRINTED = ("the statement is qualitative (its formulas were lost in the extraction and it prints no "
                   "number): the check decides it on every position of a finite family, and can fail by a "
                   "counterexample, not by a printed value")


def resting_on(*readings):
    """Decorator for a check whose every verdict rests on ``readings``: they are added to the
    verdict's assumptions (so the output shows "under: ..." beside the outcome)."""
    ids = tuple(r.id for r in readings)

    def deco(check):
        @functools.wraps(check)
        def wrapped():
            v = check()
            return dataclasses.replace(v, assumptions=tuple(v.assumptions) + ids)
        return wrapped
    return deco
