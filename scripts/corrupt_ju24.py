"""The corruptions of the ``floyd-program`` kind (floyd.order, floyd.exercise, floyd.algorithm), for
:mod:`corrupt_certificates` (which registers them in its ``KIND_CORRUPTIONS``).  The kind holds no data: every
corruption edits what is asserted (its sentence re-written to match, as a forger would)."""

from __future__ import annotations

import copy
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from certcheck.core import certified_sentence  # noqa: E402


def _resay(doc):
    doc["certifies"] = certified_sentence(doc)
    return doc


def _edit(doc, fn):
    d = copy.deepcopy(doc)
    fn(d["asserts"])
    return _resay(d)


def _floyd_program(doc):
    st = doc["asserts"]["statement"]
    if st == "order":
        yield "one value (a pair of row 3 moved)", _edit(doc, lambda a: a["rows"][2].__setitem__(0, [3, 3]))
        yield "a swapped witness (two pairs of row 4 exchanged)", _edit(
            doc, lambda a: a["rows"][3].__setitem__(slice(0, 2), a["rows"][3][1::-1]))
        yield "a dropped piece (row 2 left out)", _edit(doc, lambda a: a["rows"].pop(1))
        yield "a stronger statement (a fifth printed row, not the loop's)", _edit(
            doc, lambda a: a["rows"].append([[s - b, b] for s in [6] for b in range(1, 6)] + [[5, 5]] * 4))
        yield "one bound (the read range f(B, A-2) .. f(B, A-13))", _edit(doc, lambda a: a["reads"].__setitem__(1, 13))
    elif st == "exercise":
        yield "one value (the rectangle's last column 1, not 0)", _edit(doc, lambda a: a["initialise"][1].__setitem__(1, 1))
        yield "a stronger statement (a smaller rectangle: K >= -10)", _edit(
            doc, lambda a: a["initialise"][1].__setitem__(0, -10))
        yield "one bound (the second subscript from -12)", _edit(doc, lambda a: a["bounds"][1].__setitem__(0, -12))
        yield "a dropped piece (the first subscript's range left out)", _edit(doc, lambda a: a["bounds"].pop(0))
    else:
        yield "one value (the corrected bound 24)", _edit(doc, lambda a: a.__setitem__("corrected", "24"))
        yield "a dropped piece (no corrected bound)", _edit(doc, lambda a: a.__setitem__("corrected", None))
        yield "a stronger statement (the bound as printed is 25)", _edit(doc, lambda a: a.__setitem__("bound", "25"))
        yield "a swapped witness (the written entry F[25, 24])", _edit(doc, lambda a: a.__setitem__("written", [25, 24]))


CORRUPTIONS = {"floyd-program": _floyd_program}
