"""zk77 §3 on real positions: the effective doubling points against exact bearoff databases.

zk77's effective points (D_A ≈ 0.90, D_B ≈ 0.10 at 20 pips) came from simulations of real
positions; ``zk77.effective`` tests them in the pip-count race model.  Here they are tested
on real positions: every pair of bearoff positions with at most six checkers a side on
points 1-6 and 20 pips each, with exact cubeless chances and exact cubeful money equities
(:mod:`exactcube.race.bearoff.twosided`), Lemma 2 inverted at each pair
(:func:`exactcube.race.bearoff.realcube.effective_points`).  The 40-pip values cannot be
tested this way: six checkers hold at most 36 pips.
"""

from __future__ import annotations

from exactcube.claims import claim, erratum, verified
from exactcube.numbers import format_decimal, parse_printed, printed_places
from exactcube.printed import printed
from exactcube.results import Erratum, ErratumKind, assumption

BEAROFF6 = assumption(
    "zk77.bearoff-6",
    "zk77's race positions with n pips a side are represented by all pairs of bearoff positions with at most six "
    "checkers a side on points 1-6 and n pips each, every pair counted once.")
RANGE = assumption(
    "zk77.real-range",
    "A printed effective point stands for the positions with that pip count as a group: it is wrong only if its "
    "rounding interval lies outside the range of the values the real positions imply.")
MEDIAN = assumption(
    "zk77.real-median",
    "A printed effective point stands for a typical position: it is wrong if it does not round the median of the "
    "values the real positions imply.")

PIPS = 20
REAL_PRINTED = {"D_A": printed(f"zk77 §3, D_A at {PIPS} vs {PIPS} (real positions)", "0.90"),
                "D_B": printed(f"zk77 §3, D_B at {PIPS} vs {PIPS} (real positions)", "0.10")}


def _real_points():
    from exactcube.race.bearoff import realcube, twosided

    return realcube.effective_points(twosided.build(6), PIPS)


@claim("zk77.effective.real", "§3, Effective doubling point",
       "With 20 pips to go and the cube in the middle, D_A ≈ 0.90 and D_B ≈ 0.10 (on real positions).", slow=True)
def effective_real(points=None):
    pts = points or _real_points()
    # D_A by Lemma 2 (1) (the owner's equity), D_B by (2) (the opponent's); the symmetric inversion (3) divides by
    # the centred equity, which is near 0 at many of these pairs, and gives no usable range (-24 to 2 here)
    groups = {"D_A": [pts.da_owner], "D_B": [pts.db_opponent]}
    range_errs, median_errs, lines = [], [], []
    for name, stats in groups.items():
        item = REAL_PRINTED[name]
        shown = item.value
        v, places = parse_printed(shown), printed_places(shown)
        half = type(v)(1, 2 * 10 ** places)
        lo = min(s[0] for s in stats)
        hi = max(s[2] for s in stats)
        med = stats[0][1]
        lines.append(f"{name}: real positions give {format_decimal(lo, 4)} to {format_decimal(hi, 4)}, median "
                     f"{format_decimal(med, 4)} (printed {shown})")
        if v + half < lo or v - half > hi:
            range_errs.append(Erratum(item.where, shown, f"{format_decimal(lo, 4)} to {format_decimal(hi, 4)}",
                                      format_decimal(med, places), kind=ErratumKind.SUBSTANTIVE,
                                      note="outside the range of every real position with these pip counts"))
        if abs(med - v) > half:
            median_errs.append(Erratum(item.where, shown, f"median {format_decimal(med, 6)}",
                                       format_decimal(med, places), kind=ErratumKind.SUBSTANTIVE,
                                       note=f"the median over {pts.pairs} real pairs"))
    scope = (f"{pts.pairs} pairs of bearoff positions (at most six checkers a side) with {PIPS} pips each, exact "
             "equities, Lemma 2 inverted at each pair. ")
    under_median = (erratum("exact", scope + "; ".join(lines), median_errs, assumptions=(BEAROFF6.id, MEDIAN.id))
                    if median_errs else
                    verified("exact", scope + "; ".join(lines), assumptions=(BEAROFF6.id, MEDIAN.id)))
    if range_errs:
        return erratum("exact", scope + "; ".join(lines), range_errs, assumptions=(BEAROFF6.id, RANGE.id),
                       alternatives=(under_median,))
    return verified("exact", scope + "; ".join(lines) + ". The 40-pip values cannot be tested on these positions "
                    "(six checkers hold at most 36 pips).", assumptions=(BEAROFF6.id, RANGE.id),
                    alternatives=(under_median,))
