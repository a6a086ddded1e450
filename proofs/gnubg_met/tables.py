"""gnubg-met: gnubg's printed match equity tables against the exact tables of the same model (docs/match.md).

gnubg prints a loaded table with ``set matchequitytable FILE`` then ``show matchequitytable N``
under ``gnubg -t``: the pre-Crawford table and the two post-Crawford rows, in percent at 4
decimals.  Each printed entry is compared with the exact value of the model the file names
(:mod:`exactcube.match.zadeh`, :mod:`exactcube.match.mec`: balls of radius below 1e-30 around
the exact rationals, the Crawford and post-Crawford rows exact).  A difference is classified
by the one rule (:func:`exactcube.printed.erratum_kind`): ``rounding`` when the printed decimal
is one gnubg's single-precision arithmetic can print from the exact value (within 1e-5 of a
percent of the rounding cell: float32 carries about 7 significant digits), ``substantive``
otherwise, with the cause where an alternative computation reproduces the printed value.

Causes found in gnubg 1.07's ``matchequity.c`` and ``mec.c`` (read with the search tools):

* ``zadeh.xml`` and ``mec.xml`` say ``<length>-1</length>`` ("pure calculated table"), and
  ``InitMatchEquity`` then calls ``ExtendMET(aafMET, -1)``, whose loop starts at score -1: every
  pre-Crawford entry is replaced by David Montgomery's normal-distribution extension
  (:func:`normal_extension`);
* ``mec.c`` adds the 4-away free drop to the trailer (``E[i][1] += fd4``) where it subtracts
  the 2-away one;
* the parameters of a ``<post-crawford-table player="both">`` are stored for player 0 only
  (``met_parser_end_element``), so player 1's post-Crawford row is made from gnubg's built-in
  defaults (gammon rate 0.25 for mec, instead of the file's 0.26).
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile

from flint import arb

from exactcube.algebraic import to_ball
from exactcube.claims import Erratum, claim, erratum, open_, refuted, verified
from exactcube.match import mec_met, read_gnubg_xml, zadeh_met
from exactcube.match.arith import ExactArithmetic, lift
from exactcube.match.mec import mec_post_crawford
from exactcube.numbers import ball_precision, exact_bounds, format_decimal, is_ball, mpq
from exactcube.printed import Arithmetic, erratum_kind, printed
from exactcube.results import computed

GNUBG = os.environ.get("EXACTCUBE_GNUBG", "/usr/games/gnubg")
MET_DIR = os.environ.get("EXACTCUBE_GNUBG_MET", "/usr/share/gnubg/met")
LENGTH = 25
NO_GNUBG = ("not checked: gnubg or its met/ folder is not installed (install the Debian packages gnubg and "
            "gnubg-data, or set EXACTCUBE_GNUBG and EXACTCUBE_GNUBG_MET)")

#: float32 noise bound, in percent: gnubg computes and stores the tables in single precision
FLOAT32_SLACK = mpq(1, 10 ** 5)

GNUBG_FLOAT32 = Arithmetic(
    "gnubg's single-precision (float32) arithmetic printed at 4 decimals of a percent (a value within "
    "1e-5 of a percent of the rounding cell)",
    lambda v, places: (v - mpq(1, 2 * 10 ** places) - FLOAT32_SLACK, v + mpq(1, 2 * 10 ** places) + FLOAT32_SLACK,
                       True, True))

LENGTH_CAUSE = ("the file's <length>-1</length> makes gnubg's ExtendMET(aafMET, -1) replace every pre-Crawford "
                "entry by Montgomery's normal-distribution extension (matchequity.c)")
SIGN_CAUSE = "mec.c adds the 4-away free drop to the trailer (E[i][1] += fd4) instead of subtracting it"
DEFAULTS_CAUSE = ("the file's post-Crawford parameters reach player 0 only (met_parser_end_element), so player 1's "
                  "row is made from gnubg's defaults (mec gammon rate 0.25, not 0.26; the 4-away sign as coded)")

#: the causes by short name, as the details count them
CAUSES = {"4-away sign and player-1 defaults": SIGN_CAUSE + "; and " + DEFAULTS_CAUSE,
          "player-1 defaults": DEFAULTS_CAUSE, "length -1": LENGTH_CAUSE, "4-away sign": SIGN_CAUSE}

_SHOWN: dict = {}


def have_gnubg() -> bool:
    return os.path.isfile(GNUBG) and os.access(GNUBG, os.X_OK) and os.path.isdir(MET_DIR)


def parse_show(text: str) -> dict:
    """``show matchequitytable`` output as ``{"pre": [[str]], "post0": [str], "post1": [str]}``; gnubg
    prints a wide table in blocks of columns, each block's rows labelled again."""
    parts: dict = {"pre": {}, "post0": {}, "post1": {}}
    part = None
    for line in text.splitlines():
        if line.startswith("Pre-Crawford table"):
            part = "pre"
        elif line.startswith("Post-Crawford table for player 0"):
            part = "post0"
        elif line.startswith("Post-Crawford table for player 1"):
            part = "post1"
        m = re.match(r"\s*(\d+)-away\s+(\d[\d.\s]*)$", line)
        if part and m:
            parts[part].setdefault(int(m.group(1)), []).extend(m.group(2).split())
    pre = parts["pre"]
    return {"pre": [pre[k] for k in sorted(pre)], "post0": parts["post0"].get(1, []),
            "post1": parts["post1"].get(1, [])}


def gnubg_show(xml: str, n: int = LENGTH, length_override: int | None = None) -> dict:
    """gnubg's printed table from ``xml`` (with ``<length>`` set to ``length_override`` in a copy when
    given), read once per process."""
    key = (xml, n, length_override)
    if key in _SHOWN:
        return _SHOWN[key]
    with tempfile.TemporaryDirectory(prefix="exactcube-met-") as tmp:
        path = xml
        if length_override is not None:
            with open(xml, encoding="utf-8") as f:
                text = f.read()
            path = os.path.join(tmp, os.path.basename(xml))
            with open(path, "w", encoding="utf-8") as f:
                f.write(re.sub(r"<length>\s*-?\d+\s*</length>", f"<length>{length_override}</length>", text))
        cmd = f"set matchequitytable {path}\nshow matchequitytable {n}\n"
        res = subprocess.run([GNUBG, "-t", "-q"], input=cmd, capture_output=True, text=True, timeout=120,
                             cwd=tmp, env={**os.environ, "HOME": tmp})
    shown = parse_show(res.stdout)
    if len(shown["pre"]) != n or any(len(r) != n for r in shown["pre"]):
        raise RuntimeError(f"gnubg printed no {n}x{n} table for {xml}: {res.stdout[-300:]!r}")
    _SHOWN[key] = shown
    return shown


def normal_extension(n: int) -> tuple[tuple, ...]:
    """Montgomery's extension as gnubg's ``ExtendMET`` computes it, in balls: for the trailer
    (i+1)-away against (j+1)-away (i >= j), with s_k from gnubg's table (1.24, 1.27, 1.47, 1.50, 1.60,
    1.61, 1.66, 1.68, 1.70, 1.72 for 1..10-away, 1.77 beyond), sigma = sqrt(s_i^2 + s_j^2) sqrt(games),
    games = (n0 + n1)/2, the area of the normal law N(0, sigma) between n0 - n1 and 6 sigma; the leader
    gets 1 minus it."""
    sd = [None, "1.24", "1.27", "1.47", "1.50", "1.60", "1.61", "1.66", "1.68", "1.70", "1.72", "1.77"]

    def s(k):
        return to_ball(mpq(int(sd[min(k, 11)].replace(".", "")), 100))

    rows = [[None] * n for _ in range(n)]
    with ball_precision(200):
        for i in range(n):
            for j in range(i + 1):
                n0, n1 = i + 1, j + 1
                sigma = (s(n0) ** 2 + s(n1) ** 2).sqrt() * (arb(n0 + n1) / 2).sqrt()
                lo = arb(n0 - n1) / (sigma * arb(2).sqrt())
                v = ((arb(6) / arb(2).sqrt()).erf() - lo.erf()) / 2
                rows[i][j] = v
                if i != j:
                    rows[j][i] = 1 - v
    return tuple(tuple(r) for r in rows)


def judge(where: str, shown: str, value, causes) -> Erratum | None:
    """The erratum of one printed entry (percent), or None when it agrees.  ``causes``: (cause, value)
    pairs; the first whose value gnubg's arithmetic prints as ``shown`` is named as the cause."""
    with ball_precision(200):
        pct = lift(value) * 100 if is_ball(value) else value * 100
        cause = ""
        for said, alt in causes:
            if alt is None:
                continue
            a = lift(alt) * 100 if is_ball(alt) else alt * 100
            if erratum_kind(shown, a, arithmetic=GNUBG_FLOAT32) is None or \
                    erratum_kind(shown, a, arithmetic=GNUBG_FLOAT32).kind.value == "rounding":
                cause = said
                break
        ruling = erratum_kind(shown, pct, arithmetic=None if cause else GNUBG_FLOAT32, method=cause)
        if ruling is None:
            return None
        lo, hi = exact_bounds(pct)
        true = format_decimal((lo + hi) / 2, 8)
    # the entries one cause explains are one mistake (docs/design.md, "Erratum kinds"): named by its short name
    name = next((k for k, said in CAUSES.items() if said == cause), cause)
    return Erratum(where, shown, true, format_decimal((lo + hi) / 2, 4), note=ruling.reason, kind=ruling.kind,
                   cause=name)


#: The printed entries, one object per place and text: a mutation run substitutes an item by its identity,
#: so the same entry must be the same object in every run of a check (exactcube.printed.Printed).
_ITEMS: dict = {}


def _item(where: str, text: str):
    """The printed entry ``text`` at ``where``, made once per process."""
    item = _ITEMS.get((where, text))
    if item is None:
        item = _ITEMS[(where, text)] = printed(where, text)
    return item


def compare_shown(shown: dict, met, label: str, alt_pre=(), alt_post0=(), alt_post1=()) -> list[Erratum]:
    """Every printed entry of ``shown`` against ``met``; ``alt_*``: (cause, table rows / row) pairs."""
    errata = []
    n = len(shown["pre"])
    for i in range(n):
        for j in range(n):
            item = _item(f"{label}, pre-Crawford {i + 1}-away/{j + 1}-away", shown["pre"][i][j])
            e = judge(item.where, item.value, met.pre[i][j], [(c, rows[i][j]) for c, rows in alt_pre])
            if e:
                errata.append(e)
    for key, row, alts in (("post0", met.post, alt_post0), ("post1", met.post, alt_post1)):
        for k, text in enumerate(shown[key][:n]):
            item = _item(f"{label}, post-Crawford (player {key[-1]}) 1-away/{k + 1}-away", text)
            e = judge(item.where, item.value, row[k], [(c, r[k]) for c, r in alts])
            if e:
                errata.append(e)
    return errata


def shown_asymmetry(shown: dict) -> list[tuple[int, int, mpq]]:
    """The pairs (a, b), a < b (1-based aways), of gnubg's printed pre-Crawford table whose two entries do not sum
    to 100 within their printing (each printed to 4 decimals of a percent: the sum is within 1/10^4 of the sum of
    the values), with the printed sum's excess over 100."""
    from exactcube.numbers import parse_rational

    pre, out = shown["pre"], []
    for i in range(len(pre)):
        for j in range(i + 1, len(pre)):
            excess = parse_rational(pre[i][j]) + parse_rational(pre[j][i]) - 100
            if abs(excess) > mpq(1, 10 ** 4):
                out.append((i + 1, j + 1, excess))
    return out


def symmetry_words(shown: dict, model_pre, why: str) -> str:
    """gnubg's printed table judged for symmetry: where it is not symmetric, whether ``model_pre`` (the model as
    gnubg codes it, the cause ``why``) is asymmetric there by the same amount (within the printing and float32)."""
    pairs = shown_asymmetry(shown)
    if not pairs:
        return "; its printed pre-Crawford table is symmetric within its rounding"
    top = max(abs(e) for _, _, e in pairs)
    rows = sorted({a for a, _, _ in pairs})
    explained = 0
    for a, b, excess in pairs:
        x, y = model_pre[a - 1][b - 1], model_pre[b - 1][a - 1]
        s = (lift(x) + lift(y)) * 100 - 100 if is_ball(x) or is_ball(y) else (x + y) * 100 - 100
        lo, hi = exact_bounds(s)
        slack = mpq(1, 10 ** 4) + 2 * FLOAT32_SLACK
        explained += lo - slack <= excess <= hi + slack
    where = "its 1-away row and column" if rows == [1] else f"the rows {', '.join(map(str, rows))}-away"
    judged = (f"all {len(pairs)} are the model as gnubg codes it ({why})" if explained == len(pairs) else
              f"{len(pairs) - explained} of them are not explained by the model as gnubg codes it ({why})")
    return (f"; its printed pre-Crawford table is not symmetric at {len(pairs)} pairs of scores, in {where}, by up "
            f"to {format_decimal(top, 4)} points (M(a, b) + M(b, a) - 100): {judged}")


def shipped_pre_same() -> str:
    """Whether gnubg prints the same pre-Crawford table for met/zadeh.xml and met/mec.xml as shipped, in words."""
    a = gnubg_show(os.path.join(MET_DIR, "zadeh.xml"), LENGTH)["pre"]
    b = gnubg_show(os.path.join(MET_DIR, "mec.xml"), LENGTH)["pre"]
    same = sum(x == y for ra, rb in zip(a, b, strict=True) for x, y in zip(ra, rb, strict=True))
    if same == LENGTH * LENGTH:
        return (f"; gnubg prints the same pre-Crawford table for zadeh.xml and mec.xml as shipped (all {same} "
                "entries): both files say <length>-1</length>, so the normal-distribution extension replaces either "
                "model there")
    return f"; zadeh.xml and mec.xml as shipped print {same} of {LENGTH * LENGTH} pre-Crawford entries alike"


def _verdict(errata, what: str, basis):
    """The verdict on the printed entries' ``errata``, resting on ``basis`` (the model table they were judged
    against: its entries' arithmetic is the evidence)."""
    kinds: dict = {}
    causes: dict = {}
    for e in errata:
        kinds[e.kind.value] = kinds.get(e.kind.value, 0) + 1
        c = next((name for name, said in CAUSES.items() if said in e.note),
                 "float32 noise" if e.kind.value == "rounding" else "no cause found")
        causes[c] = causes.get(c, 0) + 1
    details = (f"{what}; {len(errata)} printed entries differ from the exact model beyond their rounding"
               + (": " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) + "; by cause: "
                  + ", ".join(f"{k} {v}" for k, v in sorted(causes.items())) if errata else "")
               + "".join(f". {name}: {CAUSES[name]}" for name in sorted(causes) if name in CAUSES))
    witness = {"differences": len(errata), "kinds": kinds, "causes": causes}
    if not errata:
        return verified(basis, details, witness)
    return erratum(basis, details, errata, witness)


@claim("gnubg-met.zadeh.generated", "met/zadeh.xml, Zadeh's recurrences in float32",
       "gnubg's own generation of Zadeh's table (matchequity.c initMETZadeh, with the file's parameters; the "
       "file's length set to 64 so that nothing overwrites it) prints, to 25-away at 4 decimals of a percent, "
       "the exact values of the model up to float32 noise.", slow=True)
def zadeh_generated():
    return _judged("zadeh.xml", zadeh_met, "Zadeh", length_override=64)


def _judged(name: str, model, what: str, length_override: int | None = None, words=None, **alts):
    """The verdict on gnubg's print of ``met/name`` against the exact ``model`` table to 25-away
    (``alts``: the alternative computations that name causes, as :func:`compare_shown` takes them; ``words(shown)``:
    more to say about the print, appended to the details)."""
    if not have_gnubg():
        return open_(computed(False, "looked for gnubg and its met folder"), NO_GNUBG, {"scope": NO_GNUBG})
    shown = gnubg_show(os.path.join(MET_DIR, name), LENGTH, length_override)
    label = name + (f" (length {length_override})" if length_override else "")
    met = model(LENGTH)
    return _verdict(compare_shown(shown, met, label, **alts),
                    f"{LENGTH * LENGTH + 2 * LENGTH} printed entries compared with the exact {what} table"
                    + (words(shown) if words else ""), met)


@claim("gnubg-met.zadeh", "met/zadeh.xml as shipped",
       "The table gnubg uses and prints after 'set matchequitytable met/zadeh.xml' is Zadeh's (1977) table "
       "with the file's parameters.", slow=True)
def zadeh_shipped():
    return _judged("zadeh.xml", zadeh_met, "Zadeh", alt_pre=[(LENGTH_CAUSE, normal_extension(LENGTH))],
                   words=lambda shown: shipped_pre_same())


@claim("gnubg-met.mec", "met/mec.xml as shipped",
       "The table gnubg uses and prints after 'set matchequitytable met/mec.xml' is Tornberg's mec table with "
       "the file's parameters (gammon rate 0.26, free drops 0.015 at 2-away and 0.004 at 4-away).", slow=True)
def mec_shipped():
    return _judged("mec.xml", mec_met, "mec", alt_pre=[(LENGTH_CAUSE, normal_extension(LENGTH))],
                   words=lambda shown: shipped_pre_same(), **_mec_post_causes())


def _mec_post_causes() -> dict:
    """The post-Crawford rows gnubg's mec code gives (the 4-away sign as coded; player 1 from gnubg's
    default gammon rate 0.25), as :func:`compare_shown` takes alternatives."""
    ar = ExactArithmetic()
    coded = mec_post_crawford(LENGTH, mpq(13, 50), mpq(1, 2), mpq(3, 200), mpq(1, 250), ar, four_away_as_coded=True)
    defaults = mec_post_crawford(LENGTH, mpq(1, 4), mpq(1, 2), mpq(3, 200), mpq(1, 250), ar, four_away_as_coded=True)
    return {"alt_post0": [(SIGN_CAUSE, coded)], "alt_post1": [(SIGN_CAUSE, coded), (DEFAULTS_CAUSE, defaults)]}


#: tables that are asymmetric by design (their <name>): symmetry is not asked of them
ASYMMETRIC = {"jac050.xml": "player 0 a 50 Elo favourite", "jac100.xml": "player 0 a 100 Elo favourite"}


@claim("gnubg-met.mec.generated", "met/mec.xml, Tornberg's recurrences in gnubg",
       "gnubg's own generation of the mec table (mec.c with the file's parameters; the file's length set to 64 "
       "so that nothing overwrites it) prints, to 25-away at 4 decimals of a percent, the exact values of the "
       "model up to float32 noise.", slow=True)
def mec_generated():
    as_coded = mec_met(LENGTH, four_away_as_coded=True, leader_post_gammon_rate=mpq(1, 4))
    return _judged("mec.xml", mec_met, "mec", length_override=64,
                   alt_pre=[(SIGN_CAUSE + "; and " + DEFAULTS_CAUSE, as_coded.pre)],
                   words=lambda shown: symmetry_words(shown, as_coded.pre, "4-away sign and player-1 defaults"),
                   **_mec_post_causes())


ROLLOUT_FILES = ("Kazaross-XG2.xml", "Rockwell-Kazaross.xml", "g11.xml", "jacobs.xml", "mec26.xml", "woolsey.xml",
                 "snowie.xml", "ortega.xml", "jac050.xml", "jac100.xml")


def _rollout_claim(name: str):
    """The claim on one explicit table of gnubg's met/ folder (one claim per file, so that a perturbed
    entry of one table changes that table's verdict)."""
    asked = ("monotone (needing more points never helps, post-Crawford too) and gives the leader's free drops a "
             "non-negative value (post-Crawford, the trailer at 2k-away has no more than at (2k-1)-away)")
    statement = (f"met/{name} is " + (f"{asked} (symmetry is not asked: {ASYMMETRIC[name]})" if name in ASYMMETRIC
                                      else f"symmetric (M(a,b) + M(b,a) = 1), {asked}"))

    @claim(f"gnubg-met.rollouts.{name[:-4]}", f"met/{name}, an explicit table", statement, slow=True)
    def check():
        path = os.path.join(MET_DIR, name)
        if not os.path.isfile(path):
            return open_(computed(False, f"looked for met/{name}"), NO_GNUBG, {"scope": NO_GNUBG})
        met = read_gnubg_xml(path, read=lambda where, text: _item(f"{name}, {where}", text).value)
        checks = [c for c in met.checks() if not (name in ASYMMETRIC and c.name == "symmetry")]
        bad = [c for c in checks if c.holds is False]
        details = (f"checked exactly on the entries as printed ({met.length}-away): "
                   + ("; ".join(f"{c.name} holds ({c.checked} comparisons)" for c in checks) if not bad else "; ".join(
                       f"{c.name} fails at {len(c.failures)} (" + ", ".join(f"{w}: {why}" for w, why in c.failures[:5])
                       + (", ..." if len(c.failures) > 5 else "") + ")" for c in bad)))
        failures = [(c.name, where, why) for c in bad for where, why in c.failures]
        witness = {"failures": [list(f) for f in failures[:50]], "count": len(failures)}
        return refuted(checks, details, witness) if failures else verified(checks, details, witness)

    return check


ROLLOUT_CLAIMS = {name: _rollout_claim(name) for name in ROLLOUT_FILES}
