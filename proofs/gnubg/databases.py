"""gnubg: every stored entry of gnubg's bearoff databases against the exact values (docs/gnubg.md).

The "printed values" are gnubg's stored 16-bit words: per position of ``gnubg_os0.bd`` its 32
words of the bear-off distribution and its 32 gammon words (a word ``u`` at roll ``k`` stands
for P(N = k) ~ u/65535), and the four words per pair of the two-sided table that
``makebearoff -t 6x6`` writes (``u/32767.5 - 1``), from which gnubg's cube actions follow.
Each position's words (each two-sided table) are read through :func:`exactcube.printed.printed`,
so ``verify --mutate`` can perturb them.  The exact values are those of
:mod:`exactcube.race.bearoff.onesided` and :mod:`exactcube.race.bearoff.twosided`.
"""

from __future__ import annotations

import os
import subprocess
import tempfile

from exactcube.claims import Erratum, ErratumKind, claim, erratum, open_, verified
from exactcube.content.model import table as witness_table, value
from exactcube.numbers import format_decimal, format_exact, mpq
from exactcube.printed import Arithmetic, erratum_kind, printed
from exactcube.race.bearoff import gnubgfiles as gf
from exactcube.race.bearoff import onesided as os_
from exactcube.race.bearoff.positions import MAX_CHECKERS, checkers, counts_of, n_positions
from exactcube.results import computed

QUANTUM = gf.QUANTUM

#: What to install when a database is missing (one line, the verdict's scope).
NO_GNUBG_DATA = ("not checked: gnubg-data not installed (gnubg_os0.bd not found; install the Debian package "
                 "gnubg-data, or set EXACTCUBE_GNUBG_OS to the file)")
NO_MAKEBEAROFF = ("not checked: gnubg's makebearoff not installed (install the Debian package gnubg, which puts "
                  "it in /usr/games)")

#: gnubg's stated arithmetic for the one-sided file (makebearoff.c): it can put a word on either quantum
#: next to the exact value, so it prints the word w from every value less than one quantum from it (its
#: cell, in quanta: (w - 1, w + 1)); it is passed to the rule only where replaying gnubg's build on the
#: file's own words gives that word.
GNUBG_BUILD = Arithmetic("gnubg's 16-bit integer build (successors' words added, divided by 36 rounding to nearest, "
                         "the surplus put on the most likely roll), whose replay on the file's stored successors "
                         "reproduces this position's words",
                         lambda w, places: (w - mpq(1, 10 ** places), w + mpq(1, 10 ** places), False, False))

#: The cause of a deviation (:class:`exactcube.race.bearoff.gnubgfiles.Deviation`), in words.
CAUSES = {
    "rounding": "16-bit rounding carried through gnubg's integer build (every play below is exactly optimal)",
    "gnubg play": "a play gnubg chose on its rounded 16-bit means at this position",
    "play below": "a play gnubg chose on its rounded 16-bit means below this position",
    "stored": "a stored word that gnubg's build does not compute (P = 1 at 0 rolls: the empty position, and for "
              "gammons a position with a checker off)",
    # words that replaying gnubg's build does not give, with no play to blame: no stated cause (the rule decides)
    "unexplained": "",
}
NO_CAUSE = "none known: replaying gnubg's build does not give these words"


def _counts(c) -> str:
    """Counts on points 1..6 as docs/bearoff.md writes them: ``"1 0 4 1 3 0"``."""
    return " ".join(str(x) for x in c)


def position_where(table, i: int, gammon: bool) -> str:
    """The place of a position's words in gnubg_os0.bd: its counts (points 1..6) and gnubg index."""
    return f"gnubg_os0.bd {'gammon' if gammon else 'bear-off'} words, position {_counts(counts_of(table.keys[i]))} " \
           f"(index {i})"


def nearest_quantum(p: mpq) -> int:
    """The word nearest 65535 p (halves up)."""
    t = QUANTUM * mpq(p)
    return (2 * t.numerator + t.denominator) // (2 * t.denominator)


def nearest_words(numerators) -> tuple[int, ...]:
    """The 32 words nearest 65535 P(N = k) = 65535 a_k / 36^k: what a correctly rounded file stores
    (the words then need not sum to 65535)."""
    a = list(numerators) + [0] * (32 - len(numerators))
    return tuple(nearest_quantum(mpq(a[k], 36**k)) for k in range(32))


def word_mutants(table, i: int):
    """Mutants of position ``i``'s words (:mod:`exactcube.mutate`): for words all within half a quantum of
    the exact values, its largest word one quantum up and one down; otherwise (an erratum, whose mutants
    must be corrections) the words corrected to the nearest quanta."""

    def mutants(words):
        right = nearest_words(table.num[i])
        exact_ok = all(abs(2 * (u * 36**k - QUANTUM * (table.num[i][k] if k < len(table.num[i]) else 0)))
                       <= 36**k for k, u in enumerate(words))
        if not exact_ok:
            return [("words corrected to the nearest quanta", right)]
        k = max(range(32), key=lambda j: (words[j], -j))
        return [(f"{k} rolls: {words[k]} -> {words[k] + d}", words[:k] + (words[k] + d,) + words[k + 1:])
                for d in (1, -1)]

    return mutants


_ITEMS: dict = {}


def stored_items(path: str, gammon: bool, table) -> list:
    """One printed item per position of gnubg_os0.bd (its 32 words), read once per process."""
    key = (path, gammon)
    if key not in _ITEMS:
        words = gf.read_gnubg_os(path, gammon=gammon)
        _ITEMS[key] = [printed(position_where(table, i, gammon), tuple(w), word_mutants(table, i))
                       for i, w in enumerate(words)]
    return _ITEMS[key]


def deviation_erratum(table, dev, gammon: bool, play: dict | None = None) -> Erratum:
    """The erratum of one deviating position (its worst word), its kind from the one rule
    (:func:`exactcube.printed.erratum_kind`): rounding when the word is one of the two quanta next to
    the exact value and gnubg's build, replayed, gives it; otherwise substantive, explained by its cause
    (a play chosen on rounded means is one slip, shared by every position it reaches).  ``play``:
    :func:`exactcube.race.bearoff.gnubgfiles.explain_play` of a position whose own play is worse."""
    tag = "gammon " if gammon else ""
    cause = "unexplained" if dev.cause == "rounding" and not dev.reproduced else dev.cause
    ruling = erratum_kind(str(dev.word), dev.exact, scale=QUANTUM,
                          arithmetic=GNUBG_BUILD if dev.reproduced else None, method=CAUSES[cause])
    if ruling is None:  # pragma: no cover - a Deviation has a word off by more than half a quantum
        raise AssertionError("a deviation that the rule finds correctly rounded")
    if dev.origin is not None:
        slip = f"{tag}play chosen on rounded means at {_counts(counts_of(table.keys[dev.origin]))}"
    elif cause == "rounding" and ruling.kind is not ErratumKind.ROUNDING:
        slip = f"{tag}rounding carried through gnubg's 16-bit build"
    else:
        slip = ""
    t = QUANTUM * dev.exact
    lo, hi = t.numerator // t.denominator, -((-t.numerator) // t.denominator)
    return Erratum(position_where(table, dev.index, gammon), f"{dev.word}/65535 at {dev.rolls} rolls",
                   f"{format_exact(dev.exact)} = {format_decimal(t, 2)}/65535",
                   f"{nearest_quantum(dev.exact)}/65535",
                   note=f"{ruling.reason} (a unit is one quantum, $1/65535$); {dev.words_off} of the position's 32 words "
                        f"off by more than half a quantum; nearest quanta {lo} and {hi}"
                        + ("" if CAUSES[cause] in ruling.reason else
                           f"; cause: {CAUSES[cause] or NO_CAUSE}")
                        + (f" (the play at {_counts(counts_of(table.keys[dev.origin]))})"
                           if dev.cause == "play below" else "")
                        + (f"; with {play['roll'][0]}-{play['roll'][1]} gnubg leaves {_counts(play['gnubg_play'])} "
                           f"(exact mean {format_decimal(play['gnubg_play_mean'], 7)} rolls), the best play leaves "
                           f"{_counts(play['exact_play'])} ({format_decimal(play['exact_play_mean'], 7)})"
                           if play and "roll" in play else ""),
                   kind=ruling.kind, cause=slip)


def _kinds(errata) -> dict:
    """Errata by kind (docs/design.md, "Erratum kinds"): ``{"rounding": n, "substantive": m}``."""
    kinds: dict[str, int] = {}
    for e in errata:
        kinds[e.kind.value] = kinds.get(e.kind.value, 0) + 1
    return kinds


def one_sided_verdict(gammon: bool = False, indices=None):
    """The verdict on gnubg_os0.bd's bear-off (or gammon) words at the gnubg ``indices`` (all by default:
    the 54,263 positions with a checker, the empty one checked to store P(N = 0) = 1; for gammons the 15,504
    with 15 checkers, the others checked to store P(G = 0) = 1): :func:`exactcube.race.bearoff.gnubgfiles.compare_one_sided` (or
    :func:`~exactcube.race.bearoff.gnubgfiles.compare_gammons`), each deviating position an
    erratum (:func:`deviation_erratum`), the outcome by :func:`exactcube.claims.errata_outcome`."""
    path = gf.find_gnubg_os()
    if path is None:
        return open_(computed(False, "looked for gnubg_os0.bd (gnubgfiles.find_gnubg_os)"), NO_GNUBG_DATA,
                     {"scope": NO_GNUBG_DATA})
    table = os_.gammon_table() if gammon else os_.one_sided()
    stored = [item.value for item in stored_items(path, gammon, table)]
    # the positions gnubg stores as P = 1 at 0 rolls without building them: the empty position, and for
    # gammons every position with a checker off
    ends = [i for i, k in enumerate(table.keys) if (checkers(k) < MAX_CHECKERS if gammon else i == 0)
            and (indices is None or i in set(indices))]
    errata = []
    for i in ends:
        u = stored[i]
        off = [k for k in range(32) if 2 * abs(u[k] - (QUANTUM if k == 0 else 0)) > 1]
        if off:
            k = max(off, key=lambda j: abs(u[j] - (QUANTUM if j == 0 else 0)))
            dev = gf.Deviation(i, counts_of(table.keys[i]), k, u[k], mpq(1 if k == 0 else 0), len(off),
                                "stored", None, False)
            errata.append(deviation_erratum(table, dev, gammon))
    built = None if indices is None else [i for i in indices if i not in set(ends)]  # gnubg's build made these
    if gammon:
        res = gf.compare_gammons(stored, built)
        what = (f"{res.entries:,} gammon words of the {res.entries // 32:,} positions with 15 checkers, and the "
                f"{len(ends):,} positions with a checker off ($P(G = 0) = 1$)")
    else:
        res = gf.compare_one_sided(table, stored, built)
        what = (f"{res.entries:,} bear-off words of {res.entries // 32:,} positions"
                + (", and the empty position ($P(N = 0) = 1$)" if ends else ""))
    errata = [deviation_erratum(table, d, gammon,
                                gf.explain_play(table, stored, d.index) if d.cause == "gnubg play" else None)
              for d in res.deviations] + errata
    kinds = _kinds(errata)
    details = (f"{what} compared with the exact distributions: {res.beyond:,} words in {res.positions_beyond:,} "
               f"positions off by more than half a quantum ($1/65535$), the largest "
               f"{format_decimal(res.max_dev, 2)} quanta (position {_counts(res.max_at[0]) if res.max_at else '-'}, "
               f"{res.max_at[1] if res.max_at else '-'} rolls); by cause (positions): "
               + ", ".join(f"{c} {n:,}" for c, n in sorted(res.causes.items()))
               + "; by kind of the position's worst word: " + ", ".join(f"{k} {n:,}" for k, n in sorted(kinds.items()))
               + f". Replaying gnubg's integer step on its stored successors reproduces {res.replay_matches:,} of "
                 f"{res.replay_checked:,} positions; at {res.ties_resolved:,} with tied candidate plays the stored "
                 "words fix which play gnubg took.")
    witness = witness_table(["", "count"],
                    [["words", res.entries], ["words off by more than half a quantum", res.beyond],
                     ["positions off", res.positions_beyond], ["largest deviation (quanta)", value(res.max_dev, 2)]]
                    + [[f"positions by cause: {c}", n] for c, n in sorted(res.causes.items())]
                    + [[f"positions by kind: {k}", n] for k, n in sorted(kinds.items())]
                    + [["replays reproducing gnubg's step", f"{res.replay_matches:,} of {res.replay_checked:,}"],
                       ["ties resolved by the stored words", res.ties_resolved]])
    checked = [res, computed(tuple(stored[i] for i in ends), "the stored end-position words against P = 1 at 0 rolls")]
    if not errata:
        return verified(checked, details, witness)
    return erratum(checked, details, errata, witness)


@claim("gnubg.onesided", "gnubg_os0.bd, bear-off distributions",
       "For every position of up to 15 checkers on the six home points, the 32 stored words u_k are the "
       "probabilities P(N = k) of bearing off in exactly k rolls (each roll played for the least expected "
       "number of rolls), as u_k/65535.", slow=True)
def onesided():
    return one_sided_verdict(gammon=False)


@claim("gnubg.gammons", "gnubg_os0.bd, gammon distributions",
       "For every position with all 15 checkers on the board, the 32 stored gammon words u_k are the "
       "probabilities that the first checker comes off in exactly k rolls (each roll played for the least "
       "expected such number), as u_k/65535; a position with a checker off stores P(G = 0) = 1.", slow=True)
def gammons():
    return one_sided_verdict(gammon=True)


# ----------------------------------------------------------------------- two sides

def behind_pair(checkers: int = 6) -> tuple:
    """A pair the roller is far behind in: all ``checkers`` on the 6-point against one checker on the
    1-point, which comes off at the opponent's first roll (no double, take in every cube state)."""
    return (0, 0, 0, 0, 0, checkers), (1, 0, 0, 0, 0, 0)


_TS: dict = {}


def ts_where(checkers: int) -> str:
    """The place of gnubg's two-sided words (one printed item: the whole table)."""
    n = n_positions(checkers)
    return f"makebearoff -t 6x{checkers} words ({n} x {n} pairs, 4 words each)"


def two_sided_words(makebearoff: str, checkers: int = 6):
    """gnubg's two-sided words for up to ``checkers`` a side, built once per process with
    ``makebearoff -t 6xC`` (about 23 s of CPU for 6) in a temporary folder: an ``(n, n, 4)`` uint16 array
    (:func:`exactcube.race.bearoff.gnubgfiles.read_gnubg_ts`)."""
    if ("words", checkers) not in _TS:
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, f"ts6{checkers}.bd")
            subprocess.run([makebearoff, "-t", f"6x{checkers}", "-f", path], check=True, capture_output=True, cwd=d)
            _TS["words", checkers] = gf.read_gnubg_ts(path).copy()
    return _TS["words", checkers]


def two_sided_item(makebearoff: str, checkers: int = 6):
    """gnubg's two-sided words as one printed item (:func:`exactcube.printed.printed`), made once per
    process so that mutation runs substitute the item the check reads."""
    if ("item", checkers) not in _TS:
        _TS["item", checkers] = printed(ts_where(checkers), two_sided_words(makebearoff, checkers),
                                        ts_mutants(checkers))
    return _TS["item", checkers]


def exact_two_sided(checkers: int = 6):
    """The exact two-sided table for up to ``checkers`` a side, from the cache folder (built there once
    if absent: about 25 s of CPU for 6)."""
    if ("exact", checkers) not in _TS:
        from exactcube.race.bearoff.cache import cache_dir, two_sided_table

        _TS["exact", checkers] = two_sided_table(cache_dir(), checkers)
    return _TS["exact", checkers]


def exact_words(e) -> tuple[int, ...]:
    """An exact :class:`~exactcube.race.bearoff.twosided.Entry` as gnubg's four words, each value v
    (cubeless 2 P(win) - 1, no double owned, centred, opponent owns) rounded to the nearest (v + 1) 32767.5."""
    return tuple(int((2 * (v + 1) * QUANTUM + 2) // 4)
                 for v in (2 * e.win - 1, e.nd_owned, e.nd_centred, e.nd_theirs))


def ts_mutants(checkers: int):
    """Mutants of gnubg's two-sided words: the pair :func:`behind_pair` given the words of a won one
    (opponent-owned equity +1: gnubg would double and the opponent pass), and the first pair where
    gnubg's cube action differs from the exact one by the widest margin (:func:`near_tie`) given the exact
    values rounded to gnubg's step (a narrower near-tie can stay on the wrong side of gnubg's rule)."""

    def mutants(words):
        from exactcube.race.bearoff.positions import key_of

        table = exact_two_sided(checkers)
        index = {k: n for n, k in enumerate(table.keys)}
        behind = behind_pair(checkers)
        i, j = (index[key_of(c)] for c in behind)
        lost = words.copy()
        lost[i, j] = (0, 0, 0, QUANTUM)
        out = [(f"pair {_counts(behind[0])} vs {_counts(behind[1])} given the words of a won pair", lost)]
        found = gf.compare_two_sided(table, words).disagreements
        for d in sorted(found, key=lambda d: -near_tie(d)[0])[:1]:  # the widest margin: rounding resolves it
            i, j = index[key_of(d["mine"])], index[key_of(d["theirs"])]
            fixed = words.copy()
            fixed[i, j] = exact_words(table.entry(d["mine"], d["theirs"]))
            out.append((f"pair {_counts(d['mine'])} vs {_counts(d['theirs'])} given the exact values rounded", fixed))
        return out

    return mutants


_STEP = mpq(2, QUANTUM)  # gnubg's two-sided step, 1/32767.5
_CUBE = {"centred": "cube centred", "mine": "cube owned by the roller"}


def near_tie(d: dict) -> tuple:
    """The exact margin of a disagreeing cube action (:func:`exactcube.race.bearoff.gnubgfiles.compare_two_sided`)
    and what it separates: |no double - min(double/take, 1)| when gnubg's double differs, else
    |double/take - 1| (take against pass)."""
    nd, dt = d["exact_no_double"], d["exact_double_take"]
    if d["gnubg"].split(",")[0] != d["exact"].split(",")[0]:
        return abs(nd - min(dt, 1)), "no double against double"
    return abs(dt - 1), "double/take against 1 (take against pass)"


def action_erratum(d: dict) -> Erratum:
    """A pair and cube state where the action gnubg's rule takes on its words differs from the exact
    action: judged substantive (a wrong decision, not a rounded number), with the exact margin in steps."""
    nd, dt = d["exact_no_double"], d["exact_double_take"]
    margin, what = near_tie(d)
    return Erratum(f"two-sided pair {_counts(d['mine'])} on roll vs {_counts(d['theirs'])}, {_CUBE[d['cube']]}",
                   f"{d['gnubg']} (no double {format_decimal(d['gnubg_no_double'], 5)}, double/take "
                   f"{format_decimal(d['gnubg_double_take'], 5)})",
                   f"{d['exact']} (no double {format_exact(nd)}, double/take {format_exact(dt)})", d["exact"],
                   note=f"substantive (judged: a cube action is a decision, not a rounded number): gnubg's own rule on "
                        f"its stored words takes another action than the exact values; a near-tie, {what} differing by "
                        f"{format_decimal(margin / _STEP, 2)} steps of $1/32767.5$ in the exact values, within the "
                        "drift of gnubg's 16-bit build (truncating division by 36)",
                   kind=ErratumKind.SUBSTANTIVE)


@claim("gnubg.twosided", "makebearoff -t 6x6, cube actions",
       "For every pair of positions with up to 6 checkers a side and the cube centred or owned by the roller, "
       "the double/take action gnubg takes on its stored words (cubeless equity and no-double equities as "
       "u/32767.5 - 1) is the optimal money-game action (no gammons with at most 6 checkers).", slow=True)
def twosided():
    return two_sided_verdict(6)


def two_sided_verdict(checkers: int = 6):
    """The verdict on gnubg's two-sided table for up to ``checkers`` a side (6 for the claim):
    :func:`exactcube.race.bearoff.gnubgfiles.compare_two_sided`, each disagreeing cube action an erratum
    (:func:`action_erratum`), the outcome by :func:`exactcube.claims.errata_outcome`."""
    makebearoff = gf.find_makebearoff()
    if makebearoff is None:
        return open_(computed(False, "looked for gnubg's makebearoff (gnubgfiles.find_makebearoff)"), NO_MAKEBEAROFF,
                     {"scope": NO_MAKEBEAROFF})
    res = gf.compare_two_sided(exact_two_sided(checkers), two_sided_item(makebearoff, checkers).value)
    return _ts_verdict(res)


#: The opt-in judging of a user-built gnubg table: the two files, named by the environment.
USER_TS = ("not checked: set EXACTCUBE_GNUBG_TS to a table written by makebearoff -t 6xC -f FILE and "
           "EXACTCUBE_BEAROFF_TS to the exact table of the same C (exactcube bearoff --build --checkers C "
           "--workers 1 --cache-dir DIR writes DIR/bearoff-ts-C.bin)")


@claim("gnubg.twosided-user", "makebearoff -t 6xC built by the user, every entry",
       "For every pair of positions with up to C checkers a side in a two-sided table the user built with "
       "makebearoff -t 6xC, and the cube centred or owned by the roller, the double/take action gnubg takes on "
       "its stored words is the optimal money-game action (no gammons with fewer than 15 checkers).", slow=True)
def twosided_user():
    """The opt-in judging of a user-built gnubg two-sided table (``EXACTCUBE_GNUBG_TS``) against the exact
    finished file ``EXACTCUBE_BEAROFF_TS`` of the same size, read row block by row block
    (:func:`exactcube.race.bearoff.gnubgfiles.compare_two_sided_file`)."""
    g, e = os.environ.get("EXACTCUBE_GNUBG_TS"), os.environ.get("EXACTCUBE_BEAROFF_TS")
    if not g or not e:
        return open_(computed(False, "looked for EXACTCUBE_GNUBG_TS and EXACTCUBE_BEAROFF_TS"), USER_TS,
                     {"scope": USER_TS})
    return _ts_verdict(gf.compare_two_sided_file(e, gf.read_gnubg_ts(g)))


def _ts_verdict(res):
    """The verdict of a two-sided comparison (:class:`exactcube.race.bearoff.gnubgfiles.TSComparison`): each
    disagreeing cube action an erratum (:func:`action_erratum`), the stored words' deviations as witness."""
    errata = [action_erratum(d) for d in res.disagreements]
    kinds: dict[str, int] = {}
    for d in res.disagreements:
        k = f"gnubg '{d['gnubg']}' where exact '{d['exact']}'"
        kinds[k] = kinds.get(k, 0) + 1
    details = (f"{res.pairs:,} pairs, 2 cube states each: gnubg's action "
               + (f"differs from the exact one in {len(res.disagreements)} (pair, cube) cases (exact ties not "
                  "counted): " + "; ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
                  if kinds else "is the exact one in every case (exact ties not counted)")
               + ". The stored words themselves: "
               + "; ".join(f"{name} largest deviation {format_decimal(dev / _STEP, 2)} steps of $1/32767.5$, "
                           f"{res.beyond[name]:,} words off by more than half a step"
                           for name, (dev, _at) in res.max_dev.items())
               + " (gnubg's 16-bit build divides by 36 with truncation; the words are not judged one by one).")
    witness = witness_table(["", "count"],
                    [["pairs", res.pairs], ["(pair, cube) cases where the action differs", len(res.disagreements)]]
                    + [[k, n] for k, n in sorted(kinds.items())]
                    + [[f"{name}: largest deviation (steps of $1/32767.5$)", value(dev / _STEP, 2)]
                       for name, (dev, _at) in res.max_dev.items()]
                    + [[f"{name}: words off by more than half a step", n] for name, n in res.beyond.items()])
    if not errata:
        return verified(res, details, witness)
    return erratum(res, details, errata, witness)
