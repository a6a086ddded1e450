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
REMARK1 = assumption(
    "noisy.remark1-statement",
    "The lost condition of Remark 1 is: a move error distribution is a stochastic matrix over the arrows that "
    "vanishes on every pair of arrows with different tails (each row is a probability vector on the followers of "
    "its tail).")
NOISELESS_READING = assumption(
    "noisy.example2-noiseless",
    r"The lost formula of Example 2 is the noiseless channel $\mu_x(y, z) = 1$ if $z = y$ and 0 otherwise (the move sent "
    "is the move played).")
EQUIPROBABLE_READING = assumption(
    "noisy.equiprobable",
    r"The 'equiprobable error move distribution' of Example 4 is $\mu_x(y, z) = 1/|F(x)|$ for every pair of "
    "followers $y, z$ of $x$ (the move played is uniform over the followers whatever is sent).")
REMARK5 = assumption(
    "noisy.remark5-statement",
    "The lost formulas of Remark 5 are: p(x) = 0 iff every follower received with positive chance (after any sent "
    "move) has p = 1, and p(x) = 1 iff some sent move is received only as followers with p = 0.")
PROP6 = assumption(
    "noisy.prop6-statement",
    "The lost formulas of Proposition 6 are (1) mu'_x(y, z) > 0 for every pair of arrows sharing a tail and "
    "(2) |p'(x) - p(x)| < delta at every position x (p' the winning chance under mu').")
PROP6_INCLUSION = assumption(
    "noisy.prop6-inclusion",
    "(3) of Proposition 6 is read as: every optimal move under mu' is optimal under mu, and a unique optimal move "
    "under mu stays the unique one (the text says the two sets of optimal moves coincide).")
PROP6_COINCIDE = assumption(
    "noisy.prop6-coincide",
    "(3) of Proposition 6 is read literally: at every position the sets of optimal moves under mu and mu' "
    "coincide.")

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
