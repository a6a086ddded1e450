"""The corruptions of the noisy paper's interval kinds (``nim-rational``, ``nim-grid``), for
:mod:`corrupt_certificates` (which registers them in its ``KIND_CORRUPTIONS``)."""

from __future__ import annotations

import copy
import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from certcheck.core import certified_sentence  # noqa: E402


def _resay(doc):
    doc["certifies"] = certified_sentence(doc)
    return doc


def _nim_rational(doc):
    heap = doc["asserts"]["heap"]
    d = copy.deepcopy(doc)
    num = d["data"]["p"][heap][0]
    num[0] = str(int(num[0]) + 1)
    yield "one value (a coefficient of p(heap))", d
    d = copy.deepcopy(doc)
    den = d["data"]["p"][max(heap - 1, 1)][1]
    den[-1] = str(int(den[-1]) * 2)
    yield "one value (a coefficient of a smaller heap's denominator)", d
    d = copy.deepcopy(doc)
    ms = d["asserts"]["moves"][str(heap)]
    d["asserts"]["moves"][str(heap)] = [m for m in range(heap) if m not in ms][:1]
    yield "one move", _resay(d)
    lo, hi = Fraction(doc["asserts"]["lo"]), Fraction(doc["asserts"]["hi"])
    d = copy.deepcopy(doc)
    wider = hi + (1 - hi) / 2 if hi < 1 else hi
    if lo > 0:
        d["asserts"]["lo"] = "0"
    else:
        d["asserts"]["hi"] = f"{wider.numerator}/{wider.denominator}"
    yield "one interval end (the interval widened)", _resay(d)
    d = copy.deepcopy(doc)
    del d["data"]["p"][-1]
    yield "a dropped piece (one heap)", d
    d = copy.deepcopy(doc)
    mid = (lo + hi) / 2  # the common denominator given a root inside the interval (a pole of p)
    M = [int(c) for c in d["data"]["common_denominator"]]
    root = [-mid.numerator, mid.denominator]
    d["data"]["common_denominator"] = [str(sum(M[i] * root[j - i] for i in range(len(M)) if 0 <= j - i < 2))
                                       for j in range(len(M) + 1)]
    yield "a wrong common denominator (a root inside)", d
    d = copy.deepcopy(doc)
    d["asserts"]["heap"] = heap + 1
    d["asserts"]["moves"][str(heap + 1)] = [0]
    yield "a stronger statement (one more heap)", _resay(d)
    if doc["asserts"].get("formulas"):
        d = copy.deepcopy(doc)
        f = d["asserts"]["formulas"][0]
        f[1][0] = str(int(f[1][0]) + 1)
        yield "a swapped witness (a formula edited)", _resay(d)


def _nim_grid(doc):
    a = doc["asserts"]
    mid = len(doc["data"]["tables"]) // 2
    d = copy.deepcopy(doc)
    p = d["data"]["tables"][mid]["p"]
    x = Fraction(p[-1]) + Fraction(1, 10 ** 20)
    p[-1] = f"{x.numerator}/{x.denominator}"
    yield "one value (p of the largest heap)", d
    d = copy.deepcopy(doc)
    del d["data"]["tables"][mid]
    yield "a dropped piece (one eps)", d
    if a.get("optimal"):
        d = copy.deepcopy(doc)
        cell = d["asserts"]["optimal"][len(a["optimal"]) // 2]
        cell[2] = [m for m in range(cell[1]) if m not in cell[2]][:1] or [0, 1]
        yield "one move", _resay(d)
    if a.get("side"):
        d = copy.deepcopy(doc)
        cell = d["asserts"]["side"][len(a["side"]) // 2]
        cell[2] = "below" if cell[2] != "below" else "above"
        yield "one bound (a side of 1/2)", _resay(d)
    if a.get("values"):
        d = copy.deepcopy(doc)
        cell = d["asserts"]["values"][-1]
        x = Fraction(cell[2]) + Fraction(1, 10 ** 20)
        cell[2] = f"{x.numerator}/{x.denominator}"
        yield "a swapped witness (an asserted value)", _resay(d)
    if a.get("above"):
        d = copy.deepcopy(doc)
        cell = d["asserts"]["above"][len(a["above"]) // 2]
        cell[2] = "1"
        yield "a stronger statement (a lower bound raised to 1)", _resay(d)
    if a.get("outcome") == "open":
        d = copy.deepcopy(doc)
        d["asserts"]["outcome"] = "verified"
        yield "the outcome (an open verdict's values said to verify)", _resay(d)
    if a.get("power"):
        d = copy.deepcopy(doc)
        cell = d["asserts"]["power"][-1]
        cell[2] = not cell[2]
        yield "one bound (the power inequality's answer flipped)", _resay(d)
    if a.get("below"):
        d = copy.deepcopy(doc)
        cell = d["asserts"]["below"][len(a["below"]) // 2]
        cell[2] = "0"
        yield "a stronger statement (an upper bound lowered to 0)", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"]["heap"] = a["heap"] + 1
    yield "a stronger statement (one more heap)", _resay(d)


CORRUPTIONS = {"nim-rational": _nim_rational, "nim-grid": _nim_grid}


def _bearoff_table(doc):
    import hashlib

    def rehash(d):
        h = hashlib.sha256()
        for row in d["data"]["rows"]:
            h.update((",".join(map(str, row)) + "\n").encode())
        d["asserts"]["table_sha256"] = h.hexdigest()
        return _resay(d)

    n = len(doc["data"]["rows"])
    d = copy.deepcopy(doc)
    d["data"]["rows"][n // 2][n // 3] += 1
    yield "one value (an entry, the table's hash re-computed)", rehash(d)
    d = copy.deepcopy(doc)
    d["data"]["rows"][n // 2][n // 3] += 1
    yield "one value (an entry, the hash left)", d
    d = copy.deepcopy(doc)
    del d["data"]["rows"][-1]
    del d["data"]["positions"][-1]
    for row in d["data"]["rows"]:
        del row[-1]
    yield "a dropped piece (one position)", rehash(d)
    d = copy.deepcopy(doc)
    pos = d["data"]["positions"]
    pos[1], pos[-1] = pos[-1], pos[1]
    yield "a swapped witness (two positions' labels)", d
    d = copy.deepcopy(doc)
    d["asserts"]["table_sha256"] = "0" * 64
    yield "one hash (the table's, asserted)", _resay(d)


CORRUPTIONS["bearoff-table"] = _bearoff_table


def _channel_lemmas(doc):
    d = copy.deepcopy(doc)
    d["asserts"]["lemma1_heaps_to"] = 10 ** 6
    yield "a stronger statement (Lemma 1 to a million heaps, beyond what certcheck decides)", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"]["lemma4_powers_to"] = 40
    yield "a stronger statement (Lemma 4 to 2^40)", _resay(d)


CORRUPTIONS["channel-lemmas"] = _channel_lemmas


def _channel_rows(doc):
    first = doc["asserts"]["eps"][0]
    d = copy.deepcopy(doc)
    row = d["data"]["rows"][first][-1][1]
    row[0], row[1] = _moved_mass(row[0], row[1])
    yield "one value (mass moved between two words of a row: the row still sums to 1)", d
    d = copy.deepcopy(doc)
    row = d["data"]["rows"][first][-1][0]
    row[0], row[-1] = row[-1], row[0]
    yield "two words of a row swapped", d
    d = copy.deepcopy(doc)
    d["data"]["rows"][first][-1].pop()
    yield "a dropped piece (the last move's row of the largest heap)", d
    d = copy.deepcopy(doc)
    d["data"]["rows"][first].pop()
    yield "a dropped piece (the largest heap)", d
    d = copy.deepcopy(doc)
    d["asserts"]["heaps_to"] += 1
    yield "a stronger statement (one heap more than listed)", _resay(d)
    d = copy.deepcopy(doc)
    e = doc["asserts"]["eps"][1]
    d["data"]["rows"][first], d["data"]["rows"][e] = d["data"]["rows"][e], d["data"]["rows"][first]
    yield "a swapped witness (the rows of two values of eps exchanged)", d
    d = copy.deepcopy(doc)
    d["asserts"]["eps"] = d["asserts"]["eps"][:-1]
    yield "a value of eps listed in the data and not in the statement", _resay(d)


def _moved_mass(a: str, b: str) -> tuple[str, str]:
    x, y = Fraction(a), Fraction(b)
    h = min(x, y) / 2 if min(x, y) else Fraction(1, 10 ** 6)
    return str(x + h), str(y - h)


CORRUPTIONS["channel-rows"] = _channel_rows


def _half_first_order(doc):
    d = copy.deepcopy(doc)
    d["asserts"]["heap"] = 10 ** 4
    yield "a stronger statement (heaps beyond what certcheck decides)", _resay(d)


CORRUPTIONS["half-first-order"] = _half_first_order


def _nim_equiprobable(doc):
    d = copy.deepcopy(doc)
    d["asserts"]["heap"] = 10 ** 5
    yield "a stronger statement (heaps beyond what certcheck decides)", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"]["heap"] = 1
    yield "a weaker statement out of range (heap 1)", _resay(d)
    if "piles" in doc["asserts"]:
        d = copy.deepcopy(doc)
        d["asserts"]["piles"] = 40
        yield "a stronger statement (40 piles, beyond what certcheck decides)", _resay(d)


CORRUPTIONS["nim-equiprobable"] = _nim_equiprobable


def _nim_noiseless(doc):
    d = copy.deepcopy(doc)
    d["asserts"]["games"].append([4, 40])
    yield "a stronger statement (a game beyond what certcheck decides)", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"]["games"][0][0] = 0
    yield "one value (a game of no piles)", _resay(d)


CORRUPTIONS["nim-noiseless"] = _nim_noiseless
