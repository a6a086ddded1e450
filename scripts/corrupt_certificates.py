"""Corrupt certificates and check that certcheck rejects every corrupted one (issue 41, item 5).

    python scripts/corrupt_certificates.py DIR        # DIR written by: exactcube verify --certificates DIR

For every certificate of DIR, each corruption of its kind is applied to a copy in a fresh folder; the copy's
manifest is re-hashed (as a forger would), except for the corruptions of the hash itself, so that only the
checker's re-derivation can catch it.  The corruptions: one value, one bound, one move, one move value, one
printed cell, one interval end, a dropped piece, a swapped witness, a goal made stronger, a statement edited to a
stronger one (its sentence re-written to match), the sentence edited alone, the verdict's outcome, one hash, a
file edited without re-hashing.  Prints one line per corruption that survived and the rejection rate; exit 0
only when every corruption is rejected.
"""

from __future__ import annotations

import copy
import json
import os
import sys
import tempfile
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from certcheck.core import MANIFEST, certified_sentence, check_folder, sha256  # noqa: E402


def _bump(text: str, by=Fraction(1, 10 ** 20)) -> str:
    x = Fraction(text) + by
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _resay(doc):
    doc["certifies"] = certified_sentence(doc)
    return doc


def _nim_table(doc):
    t = doc["data"]["tables"]
    mid = t[len(t) // 2]
    heap = doc["asserts"]["heap"]
    d = copy.deepcopy(doc)
    d["data"]["tables"][len(t) // 2]["p"][heap - 1] = _bump(mid["p"][heap - 1])
    yield "one value (p of a smaller heap)", d
    d = copy.deepcopy(doc)
    opt = d["data"]["tables"][len(t) // 2]["optimal"][str(heap)]
    d["data"]["tables"][len(t) // 2]["optimal"][str(heap)] = [m for m in range(heap) if m not in opt][:1] or [0, 1]
    yield "one move", d
    d = copy.deepcopy(doc)
    vals = d["data"]["tables"][len(t) // 2]["values"][str(heap)]
    vals[-1] = _bump(vals[-1])
    yield "one move value", d
    d = copy.deepcopy(doc)
    cell = next(c for c in d["asserts"]["printed"] if c[1] == "p")
    cell[2] = _moved(cell[2], 5)
    yield "one bound (a printed cell moved 5 units)", _resay(d)
    d = copy.deepcopy(doc)
    del d["data"]["tables"][-1]
    yield "a dropped piece (one eps)", d
    d = copy.deepcopy(doc)
    d["asserts"]["heap"] = heap + 1
    yield "a stronger statement (one more heap)", _resay(d)


def _nim_refutation(doc):
    d = copy.deepcopy(doc)
    d["data"]["p"][-1] = _bump(d["data"]["p"][-1])
    yield "one value (p of a smaller heap)", d
    d = copy.deepcopy(doc)
    a = d["asserts"]
    if a["statement"] == "optimal-move":
        a["move"], a["better"] = a["better"], a["move"]
        yield "a swapped witness", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"] = {"heap": doc["asserts"]["heap"], "eps": doc["asserts"]["eps"], "statement": "p-at-least",
                    "bound": "1/2"}
    yield "a stronger statement (p below 1/2)", _resay(d)
    d = copy.deepcopy(doc)
    del d["data"]["p"][-1]
    yield "a dropped piece (one heap)", d


def _recurrence(doc):
    d = copy.deepcopy(doc)
    row = d["data"]["table"][-1]
    row[-1] = _bump(row[-1])
    yield "one value (the last entry)", d
    d = copy.deepcopy(doc)
    size = doc["asserts"]["size"]
    d["data"]["table"][size // 2][size // 3] = _bump(d["data"]["table"][size // 2][size // 3], Fraction(-1, 10 ** 9))
    yield "one value (an inner entry)", d
    if doc["asserts"].get("values"):
        d = copy.deepcopy(doc)
        d["asserts"]["values"][0][2] = _bump(d["asserts"]["values"][0][2], Fraction(1, 10 ** 6))
        yield "one bound (the asserted value)", _resay(d)
    if doc["asserts"].get("printed"):
        d = copy.deepcopy(doc)
        ok = next(c for k, c in enumerate(d["asserts"]["printed"]) if k not in doc["asserts"]["disagree"])
        ok[2] = _moved(ok[2], 3)
        yield "one printed cell (moved 3 units)", _resay(d)
        if doc["asserts"]["disagree"]:
            d = copy.deepcopy(doc)
            d["asserts"]["disagree"] = []
            d["verdict"]["outcome"] = "verified"
            yield "a stronger statement (every printed cell said to agree)", _resay(d)
    d = copy.deepcopy(doc)
    del d["data"]["table"][-1]
    yield "a dropped piece (one row)", d
    d = copy.deepcopy(doc)
    d["asserts"]["size"] = size + 1
    yield "a stronger statement (a larger table)", _resay(d)


def _smt(doc):
    d = copy.deepcopy(doc)
    s = d["data"]["steps"][0]
    s["goal"] = f"(and {s['goal']} false)"
    yield "a stronger goal (goal and false)", d
    d = copy.deepcopy(doc)
    s = d["data"]["steps"][-1]
    s["goal"] = f"(not {s['goal']})"
    yield "one value (the goal negated)", d
    d = copy.deepcopy(doc)
    del d["data"]["steps"][-1]
    yield "a dropped piece (one step)", d


def _interval(doc):
    pieces = doc["data"]["pieces"]
    d = copy.deepcopy(doc)
    lo = d["data"]["pieces"][len(pieces) // 2]["value"][0]
    lo[0] += 1  # the lower end raised by one unit of its last binary place
    yield "one interval end", d
    d = copy.deepcopy(doc)
    del d["data"]["pieces"][len(pieces) // 2]
    yield "a dropped piece", d
    d = copy.deepcopy(doc)
    d["asserts"]["bound"] = _bump(d["asserts"]["bound"], Fraction(1, 2 ** 20))
    yield "a stronger statement (a tighter bound)", _resay(d)


def _bearoff(doc):
    entries = doc["data"]["entries"]
    d = copy.deepcopy(doc)
    e = d["data"]["entries"][len(entries) // 2]
    e["value"] = _bump(e["value"], Fraction(1, 10 ** 12))
    yield "one value (an audited entry)", d
    d = copy.deepcopy(doc)
    e = next(e for e in d["data"]["entries"] if e["successors"])
    # the best play of a roll (the least value for the opponent), lowered: the roller's value must change
    k = min(e["successors"], key=lambda s: Fraction(e["successors"][s]))
    e["successors"][k] = _bump(e["successors"][k], Fraction(-1, 10 ** 12))
    yield "one value (a best play's successor value)", d
    d = copy.deepcopy(doc)
    e = d["data"]["entries"][-1]
    e["plays"] = e["plays"][1:]
    yield "a dropped piece (one roll's plays)", d
    d = copy.deepcopy(doc)
    e = next(e for e in d["data"]["entries"] if any(len(ss) > 1 for _, ss in e["plays"]))
    roll = next(r for r in e["plays"] if len(r[1]) > 1)
    roll[1] = roll[1][1:]
    yield "one move (a play left out of a roll)", d
    d = copy.deepcopy(doc)
    del d["data"]["entries"][0]
    d["asserts"]["audited"] -= 1
    yield "a dropped piece (one entry, the count lowered to match)", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"]["seed"] += 1
    yield "a swapped witness (another seed claimed for the same entries)", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"]["audited"] = doc["asserts"]["audited"] + 1
    yield "a stronger statement (one more entry audited)", _resay(d)


def _doubling(doc):
    d = copy.deepcopy(doc)
    d["data"]["alpha"][3][4] = _bump(d["data"]["alpha"][3][4])
    yield "one value (alpha(3, 4))", d
    d = copy.deepcopy(doc)
    d["data"]["beta"][-1][-1] = _bump(d["data"]["beta"][-1][-1], Fraction(-1, 10 ** 9))
    yield "one value (the last beta)", d
    d = copy.deepcopy(doc)
    cells = d["asserts"]["printed"] or d["asserts"]["printed_values"]
    cell = cells[min(len(cells) // 2 + 1, len(cells) - 1)]
    if [cell[0], cell[1]] in doc["asserts"].get("disagree", []):  # a wrong cell: printed as the table's value
        places = len(cell[2].partition(".")[2])
        x = round(Fraction(d["data"]["alpha"][cell[0]][cell[1]]) * 10 ** places)
        cell[2] = "." + str(x).rjust(places, "0") if x < 10 ** places else "1." + "0" * places
        yield "one bound (a wrong printed cell replaced by the right one, still listed wrong)", _resay(d)
    else:
        cell[2] = _moved(cell[2], 3)
        yield "one bound (a printed cell moved 3 units)", _resay(d)
    if "values" in doc["data"]:
        d = copy.deepcopy(doc)
        d["data"]["values"][2][5] = _bump(d["data"]["values"][2][5])
        yield "one value (an expected gain)", d
    d = copy.deepcopy(doc)
    del d["data"]["alpha"][-1]
    yield "a dropped piece (one row)", d
    d = copy.deepcopy(doc)
    d["asserts"]["a"] = "3"
    yield "a stronger statement (another raise factor)", _resay(d)


def _moved(text: str, units: int) -> str:
    """A printed decimal moved by ``units`` in its last place, printed with as many places."""
    places = len(text.partition(".")[2])
    digits = str(int(Fraction(text) * 10 ** places) + units).rjust(places + 1, "0")
    return digits[:len(digits) - places] + ("." + digits[len(digits) - places:] if places else "")


def _alternating(doc):
    d = copy.deepcopy(doc)
    d["data"]["d"][7] = _bump(d["data"]["d"][7])
    yield "one value (d_7)", d
    d = copy.deepcopy(doc)
    d["asserts"]["closed_form"]["r"] = "-1/5"
    yield "a stronger statement (another closed form)", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"]["closed_form"]["a"] = _bump(d["asserts"]["closed_form"]["a"], Fraction(1, 100))
    yield "one bound (the limit)", _resay(d)
    d = copy.deepcopy(doc)
    del d["data"]["d"][-1]
    yield "a dropped piece (the last d_k)", d
    if "sides" in doc["asserts"]:  # ju24 Figure 1: the sides of 4/5 and the printed line
        d = copy.deepcopy(doc)
        d["asserts"]["sides"] = {"odd": "above", "even": "below"}
        yield "a stronger statement (the sides of the limit swapped)", _resay(d)
        d = copy.deepcopy(doc)
        d["asserts"]["sides"]["odd"] = "above"
        yield "a stronger statement (odd k above the limit too)", _resay(d)
        d = copy.deepcopy(doc)
        d["asserts"]["log_line"] = ["+", d["asserts"]["log_line"], ["var", "k"]]
        yield "one bound (the printed line's slope moved by 1)", _resay(d)
        d = copy.deepcopy(doc)
        _first_num(d["asserts"]["log_line"])[1] = "1"  # -log 5 - k log 4 -> log 5 - k log 4
        yield "one value (the printed line's intercept, log 5 for log(1/5))", _resay(d)


def _first_num(tree):
    """The first ``["num", ...]`` node of an expression tree (depth first), or None."""
    if isinstance(tree, list) and tree:
        if tree[0] == "num":
            return tree
        for t in tree[1:]:
            found = _first_num(t)
            if found is not None:
                return found
    return None


def _identities(doc):
    said, given = doc["asserts"]["identities"], doc["data"]["identities"]
    held = [k for k, (_, h) in enumerate(said) if h]
    if held:
        d = copy.deepcopy(doc)
        k = held[0]
        e = d["data"]["identities"][k]
        side = e["solution"] if "unknown" in e else e["lhs"]
        node = _first_num(side)
        if node is None:  # no number in the side: add one
            if "unknown" in e:
                e["solution"] = ["+", side, ["num", "1/1000"]]
            else:
                e["lhs"] = ["+", side, ["num", "1/1000"]]
        else:
            node[1] = _bump(node[1], Fraction(1, 1000))
        yield "one value (a number of an identity, or of a solution, moved)", d
        d = copy.deepcopy(doc)
        d["asserts"]["identities"][k][1] = False
        yield "a swapped witness (a holding identity asserted to fail, with no witness)", _resay(d)
    failed = [k for k, (_, h) in enumerate(said) if not h]
    if failed:
        d = copy.deepcopy(doc)
        d["asserts"]["identities"][failed[0]][1] = True
        if all(h for _, h in d["asserts"]["identities"]):
            d["asserts"]["outcome"] = "verified"
            d["verdict"]["outcome"] = "verified"
        yield "a stronger statement (a failing identity asserted to hold)", _resay(d)
        d = copy.deepcopy(doc)
        e = d["data"]["identities"][failed[0]]
        e["rhs"] = copy.deepcopy(e["lhs"])
        yield "one bound (a failing identity's right side made the left: the witness must differ)", d
        if "exp" in json.dumps(doc["data"]["identities"][failed[0]]):  # a witness of exponentials (ks69 Phi')
            d = copy.deepcopy(doc)
            w = d["data"]["identities"][failed[0]]["witness"]
            w.update({v: "0" for v in w})
            yield "a swapped witness (every variable 0: both sides 0)", d
            d = copy.deepcopy(doc)
            e = d["data"]["identities"][failed[0]]
            e["rhs"] = ["*", ["num", "2"], e["rhs"]]  # r e^a against 2r e^b: neither r nor a shared, not decided
            yield "a swapped witness (the sides share neither r nor a: exp alone does not decide)", d
            d = copy.deepcopy(doc)
            e = d["data"]["identities"][failed[0]]
            e["lhs"] = ["+", e["lhs"], e["rhs"]]  # a sum of two exponentials: not evaluated exactly
            yield "one value (a sum of exponentials of different arguments)", d
    d = copy.deepcopy(doc)
    del d["data"]["identities"][-1]
    yield "a dropped piece (one identity)", d
    plain = [k for k, e in enumerate(given) if "unknown" not in e and said[k][1]]
    pair = next(((i, j) for i in plain for j in plain if i < j and given[i]["lhs"] != given[j]["lhs"]
                 and given[i]["rhs"] != given[j]["rhs"]), None)
    if pair:
        i, j = pair
        d = copy.deepcopy(doc)
        e = d["data"]["identities"]
        e[i]["lhs"], e[j]["lhs"] = e[j]["lhs"], e[i]["lhs"]
        yield "a swapped piece (two identities' left sides exchanged)", d


def _grids_corruptions(doc):
    d = copy.deepcopy(doc)
    g = d["data"]["grids"][-1]
    g["alpha"][2][3] = _bump(g["alpha"][2][3])
    yield "one value (alpha(2, 3) of a grid)", d
    d = copy.deepcopy(doc)
    g = d["data"]["grids"][0]
    g["beta"][-1][-1] = _bump(g["beta"][-1][-1], Fraction(-1, 10 ** 9))
    yield "one value (the last beta of a grid)", d
    d = copy.deepcopy(doc)
    del d["data"]["grids"][-1]
    yield "a dropped piece (one grid)", d
    d = copy.deepcopy(doc)
    d["asserts"]["size"] = doc["asserts"]["size"] + 1
    yield "a stronger statement (a larger grid)", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"]["factors"] = [[a, b] for a, b in doc["asserts"]["factors"]] + [["5", "7"]]
    yield "a stronger statement (one more pair of raise factors)", _resay(d)
    d = copy.deepcopy(doc)
    d["data"]["grids"][0]["a"] = _bump(d["data"]["grids"][0]["a"], Fraction(1, 7))
    yield "a swapped witness (a grid of other raise factors)", d


def _walk(doc):
    d = copy.deepcopy(doc)
    key = sorted(d["data"]["chances"])[len(d["data"]["chances"]) // 2]
    d["data"]["chances"][key][0] = _bump(d["data"]["chances"][key][0])
    yield "one value (a hitting chance)", d
    d = copy.deepcopy(doc)
    del d["data"]["chances"][key]
    yield "a dropped piece (one interval)", d
    d = copy.deepcopy(doc)
    d["asserts"]["n"] = doc["asserts"]["n"] + 1
    yield "a stronger statement (a longer walk)", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"]["answer"] = ["*", doc["asserts"]["answer"], ["num", "1001/1000"]]
    yield "one bound (the printed answer scaled)", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"]["identity"] = ["+", doc["asserts"]["identity"], ["num", "1/1000"]]
    yield "one bound (the printed identity shifted)", _resay(d)
    if doc["asserts"].get("edges") is True:  # ju24's Lemma 4.2: the walks on 0..m alone, said of every interval
        d = copy.deepcopy(doc)
        del d["asserts"]["edges"]
        yield "a stronger statement (every interval, not [0, m] alone)", _resay(d)


def _race_bet(doc):
    d = copy.deepcopy(doc)
    d["data"]["table"][-1][-1] = _bump(d["data"]["table"][-1][-1])
    yield "one value (f(n, n))", d
    d = copy.deepcopy(doc)
    d["data"]["table"][3][7] = _bump(d["data"]["table"][3][7], Fraction(-1, 10 ** 9))
    yield "one value (an inner entry)", d
    d = copy.deepcopy(doc)
    d["asserts"]["threshold"] = "3/10"
    yield "one bound (another break-even chance)", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"]["decision"] = "decline" if doc["asserts"]["decision"] == "accept" else "accept"
    yield "a stronger statement (the other decision)", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"]["chance"] = _bump(d["asserts"]["chance"], Fraction(1, 100))
    yield "a swapped witness (another chance)", _resay(d)
    d = copy.deepcopy(doc)
    del d["data"]["table"][-1]
    yield "a dropped piece (one row)", d


def _toss_split(doc):
    d = copy.deepcopy(doc)
    d["data"]["by_split"] = _bump(d["data"]["by_split"])
    yield "one value (the split's value)", d
    d = copy.deepcopy(doc)
    sp_ = d["asserts"]["split"]
    sp_["tails"], sp_["heads"] = sp_["heads"], sp_["tails"]
    yield "a swapped witness (the split read the other way, which holds)", _resay(d)
    d = copy.deepcopy(doc)
    d["data"]["true"] = d["data"]["by_split"]
    yield "one bound (the true value made the split's)", d


def _doubling_cells(doc):
    d = copy.deepcopy(doc)
    ok = next((k for k in range(len(doc["asserts"]["cells"])) if k not in doc["asserts"]["disagree"]), None)
    if ok is not None:
        d["asserts"]["cells"][ok][5] = _bump(d["asserts"]["cells"][ok][5], Fraction(1, 1000))
        yield "one bound (an agreeing printed cell moved)", _resay(d)
    else:  # every cell wrong: one listed wrong cell set to the grid's value (it then agrees, still listed wrong)
        c = d["asserts"]["cells"][0]
        g = next(g for g in d["data"]["grids"] if (g["a"], g["b"]) == (c[0], c[1]))
        c[5] = g[c[2]][c[3]][c[4]]
        yield "one bound (a wrong printed cell replaced by the grid's value, still listed wrong)", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"]["disagree"] = []
    if doc["asserts"]["disagree"]:
        d["verdict"]["outcome"] = "verified"
        yield "a stronger statement (every printed cell said to agree)", _resay(d)
    d = copy.deepcopy(doc)
    d["data"]["grids"][-1]["beta"][1][1] = _bump(d["data"]["grids"][-1]["beta"][1][1])
    yield "one value (beta(1, 1) of a grid)", d
    d = copy.deepcopy(doc)
    del d["data"]["grids"][-1]
    yield "a dropped piece (one grid)", d


def _poisson(doc):
    logs = doc["data"]["half_logs"]
    key = next(k for k, (lo, hi) in logs.items() if lo != hi)
    d = copy.deepcopy(doc)
    d["data"]["half_logs"][key][0] = logs[key][1]
    yield "one interval end (log(a)/2's lower end raised to its upper)", d
    d = copy.deepcopy(doc)
    d["data"]["half_logs"][key][1] = logs[key][0]
    yield "one bound (log(a)/2's upper end lowered to its lower)", d
    d = copy.deepcopy(doc)
    cell = next(c for k, c in enumerate(d["asserts"]["cells"]) if c[2] != "dominates" and k not in doc["asserts"]["disagree"])
    cell[3] = _moved(cell[3], 5)
    yield "one value (a printed cell moved 5 units)", _resay(d)
    d = copy.deepcopy(doc)
    k = max(k for k in range(len(doc["asserts"]["cells"])) if k not in doc["asserts"]["disagree"])
    cell = d["asserts"]["cells"][k]
    cell[3] = ({"A": "none", "B": "none", "none": "A"}[cell[3]] if cell[2] == "dominates" else
               _bump(cell[3], Fraction(1)) if cell[2] == "gain-at-least" else cell[3] + "0000007")
    yield ("a stronger statement (the last agreeing cell claimed to more places, a larger lower bound, or another "
           "player dominating)"), _resay(d)
    if doc["asserts"]["disagree"]:
        d = copy.deepcopy(doc)
        d["asserts"]["disagree"], d["verdict"]["outcome"] = [], "verified"
        yield "a stronger statement (every printed cell said to agree)", _resay(d)
    d = copy.deepcopy(doc)
    del d["data"]["half_logs"][key]
    yield "a dropped piece (one enclosure of log(a)/2)", d


def _cube_race(doc):
    """zk77's cube races: equities (integer numerators over the table's scale), thresholds, printed cells."""
    tab, a = doc["data"]["tables"][0], doc["asserts"]
    for key, i, j, by, where in (("nd_c", 40, 45, 1, "an inner ND_C"), ("nd_t", -1, -1, -1, "the last ND_T")):
        d = copy.deepcopy(doc)
        d["data"]["tables"][0][key][i][j] = str(int(tab[key][i][j]) + by)
        yield f"one value ({where} entry, its numerator moved by {by})", d
    d = copy.deepcopy(doc)
    d["data"]["tables"][0]["scale"] = str(2 * int(tab["scale"]))
    yield "one value (another scale, the numerators kept)", d
    d = copy.deepcopy(doc)
    d["asserts"]["thresholds"][0][1][2] += 1
    yield "one bound (the redouble threshold at 40 moved a pip)", _resay(d)
    d = copy.deepcopy(doc)
    del d["data"]["tables"][0]["nd_o"][-1]
    yield "a dropped piece (one row of ND_O)", d
    d = copy.deepcopy(doc)
    d["asserts"]["size"] += 1
    yield "a stronger statement (a larger table)", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"]["dice"][0] = {"5": "11/24", "10": "11/24", "20": "1/12"} if a["dice"][0] == "race" else "race"
    yield "another dice model claimed", _resay(d)
    if "printed" in a:
        k = next(k for k in range(len(a["printed"])) if k not in a["disagree"])
        d = copy.deepcopy(doc)
        row, x, _ = a["printed"][k]
        exact = next(t for t in a["thresholds"][0] if t[0] == x)[{"double": 1, "redouble": 2, "minimum take": 3}[row]]
        d["asserts"]["printed"][k][2] = f"{exact + 2:+d}"
        yield "one printed cell (an agreeing threshold moved 2 pips)", _resay(d)
        d = copy.deepcopy(doc)
        d["asserts"]["disagree"], d["verdict"]["outcome"] = [], "verified"
        yield "a stronger statement (every printed threshold said to agree)", _resay(d)
    else:
        d = copy.deepcopy(doc)
        d["asserts"]["differ"] += 1
        yield "a swapped witness (another number of differing thresholds)", _resay(d)
        d = copy.deepcopy(doc)
        del d["data"]["tables"][-1]
        yield "a dropped piece (the second model's table)", d


def _effective_points(doc):
    """zk77's effective doubling points: the race tables (equities and cubeless chances), the inversions of Lemma 2
    listed, the printed values and the trend's breaks."""
    a, tab = doc["asserts"], doc["data"]
    for key, i, j in (("p", 10, 12), ("nd_o", -1, -1)):
        d = copy.deepcopy(doc)
        d["data"][key][i][j] = str(int(tab[key][i][j]) + 1)
        yield f"one value ({'an inner cubeless chance' if key == 'p' else 'the last ND_O'} entry, its numerator + 1)", d
    d = copy.deepcopy(doc)
    d["data"]["scale"] = str(2 * int(tab["scale"]))
    yield "one value (another scale, the numerators kept)", d
    d = copy.deepcopy(doc)
    d["asserts"]["points"][0][3] = _bump(a["points"][0][3], Fraction(1, 10 ** 6))
    yield "one inversion's value moved by 10^-6", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"]["points"][0][2] = next(n for n in a["inversions"] + ["D_A by (3) with D_B by (2)"]
                                        if n != a["points"][0][2] and n[:3] == a["points"][0][2][:3])
    yield "one inversion named as another", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"]["points"][0][0] += 1
    yield "one inversion moved to another position", _resay(d)
    d = copy.deepcopy(doc)
    del d["asserts"]["points"][-1]
    yield "a dropped piece (one inversion listed)", _resay(d)
    d = copy.deepcopy(doc)
    del d["data"]["p"][-1]
    yield "a dropped piece (one row of the cubeless chances)", d
    d = copy.deepcopy(doc)
    d["asserts"]["size"] += 1
    yield "a stronger statement (a larger table)", _resay(d)
    if a["reading"] == "trend":
        d = copy.deepcopy(doc)
        d["asserts"]["printed"] = "decrease" if a["printed"] == "increase" else "increase"
        yield "one printed value (the direction reversed)", _resay(d)
        d = copy.deepcopy(doc)
        d["asserts"]["breaks"] = [b for b in a["breaks"] if b[0] != a["inversions"][0]]
        d["verdict"]["outcome"] = "open"
        yield "a weaker refutation claimed (one inversion's breaks dropped, open)", _resay(d)
        d = copy.deepcopy(doc)
        d["asserts"]["breaks"], d["verdict"]["outcome"] = [], "verified"
        yield "a stronger statement (no break, verified)", _resay(d)
        return
    k = next(k for k in range(len(a["printed"])) if k not in a["disagree"])
    d = copy.deepcopy(doc)
    d["asserts"]["printed"][k][2] = "0.50"
    yield "one printed value (an agreeing one made 0.50)", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"]["disagree"], d["verdict"]["outcome"] = [], "verified"
    yield "a stronger statement (every printed value said to agree)", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"]["disagree"] = a["disagree"][1:]
    yield "a wrong printed value said to agree", _resay(d)


KIND_CORRUPTIONS = {"effective-points": _effective_points, "cube-race": _cube_race, "poisson-raises": _poisson, "binomial-laws": _grids_corruptions, "toss-split": _toss_split, "doubling-cells": _doubling_cells, "race-bet": _race_bet, "identities": _identities, "doubling-lemma": _grids_corruptions,
                    "doubling-symmetry": _grids_corruptions, "walk-lemma": _walk, "alternating-doubles": _alternating, "doubling-points": _doubling, "nim-table": _nim_table, "nim-refutation": _nim_refutation, "recurrence": _recurrence,
                    "smt": _smt, "interval-cover": _interval, "bearoff-audit": _bearoff}
KIND_CORRUPTIONS.update(__import__("corrupt_noisy").CORRUPTIONS)  # the noisy paper's interval kinds
KIND_CORRUPTIONS.update(__import__("corrupt_ju24").CORRUPTIONS)  # floyd-program


def _generic(doc):
    d = copy.deepcopy(doc)
    d["certifies"] = doc["certifies"] + " for every heap"
    yield "the sentence edited alone", d
    d = copy.deepcopy(doc)
    d["verdict"]["outcome"] = "refuted" if doc["verdict"]["outcome"] != "refuted" else "verified"
    yield "the verdict's outcome", d


def corruptions(doc):
    """(label, corrupted certificate) for a certificate: the generic ones and its kind's."""
    yield from _generic(doc)
    yield from KIND_CORRUPTIONS.get(doc["kind"], lambda d: iter(()))(doc)


def _check_one(name: str, doc, *, rehash: bool = True, manifest_hash: str | None = None) -> str | None:
    with tempfile.TemporaryDirectory() as tmp:
        raw = (json.dumps(doc, indent=1, sort_keys=True) + "\n").encode()
        with open(os.path.join(tmp, name + ".json"), "wb") as f:
            f.write(raw if rehash or manifest_hash else raw + b" ")
        h = manifest_hash or sha256(raw)
        with open(os.path.join(tmp, MANIFEST), "w") as f:
            json.dump({"format": "exactcube-certificates-manifest", "version": 1, "files": {name + ".json": h}}, f)
        out = check_folder(tmp)
        return next((r for _, r in out if r is not None), None)


def run(folder: str, *, kinds=None, verbose: bool = False):
    """[(certificate, kind, corruption, reason or None)] over every certificate of ``folder``."""
    rows = []
    for f in sorted(os.listdir(folder)):
        if not f.endswith(".json") or f == MANIFEST:
            continue
        name = f[:-5]
        with open(os.path.join(folder, f), "rb") as fh:
            raw = fh.read()
        doc = json.loads(raw)
        if kinds and doc.get("kind") not in kinds:
            continue
        assert _check_one(name, doc) is None, f"{name} does not pass before corruption"
        cases = list(corruptions(doc))
        for label, bad in cases:
            if bad is None:  # no corruption of this certificate (see the kind's generator)
                continue
            rows.append((name, doc["kind"], label, _check_one(name, bad)))
        flipped = sha256(raw)
        flipped = ("0" if flipped[0] != "0" else "1") + flipped[1:]
        rows.append((name, doc["kind"], "one hash (the manifest's)", _check_one(name, doc, manifest_hash=flipped)))
        rows.append((name, doc["kind"], "a byte added without re-hashing", _check_one(name, doc, rehash=False)))
        if verbose:
            print(f"{name}: {len(cases) + 2} corruptions", file=sys.stderr)
    return rows


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    if len(args) != 1 or not os.path.isfile(os.path.join(args[0], MANIFEST)):
        why = "" if len(args) != 1 else f"corrupt_certificates: {args[0]!r} holds no {MANIFEST}\n"
        print(why + "usage: " + __doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    rows = run(args[0], verbose=True)
    by_kind: dict = {}
    for name, kind, label, reason in rows:
        by_kind.setdefault(kind, [0, 0])
        by_kind[kind][0] += 1
        by_kind[kind][1] += reason is not None
        if reason is None:
            print(f"SURVIVED {name}: {label}")
    for kind, (n, r) in sorted(by_kind.items()):
        print(f"{kind}: {r} of {n} corrupted certificates rejected")
    total, rejected = len(rows), sum(r is not None for *_, r in rows)
    print(f"rejection rate: {rejected} of {total} ({100 * rejected / max(total, 1):.1f}%)")
    return 0 if rows and rejected == total else 1


if __name__ == "__main__":
    sys.exit(main())
