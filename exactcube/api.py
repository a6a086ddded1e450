r"""The public, stable API for checking a document with exactcube.

Everything a document package needs is importable from here (the five built-in documents, in
``proofs/``, import the same names from their home modules); names may be added, but none of these changes meaning within a
major version.  A document package registers itself in the entry-point group
``exactcube.documents`` (see :mod:`exactcube.catalog` and docs/extending.md).

Registering
    :func:`document` (id, title, citation), :func:`claim` (a check function, with its
    location and statement), :func:`table_builder` / :func:`figure_builder` with
    :class:`Param` (tables and figures with parameters).

Verdicts (a check returns one)
    :func:`verified`, :func:`refuted` (a false statement: give the witness),
    :func:`erratum` (wrong printed values: :class:`Erratum` with an :class:`ErratumKind`),
    :func:`open_` (undecided: say why).  The first argument is what the verdict rests on: the results its check
    computed (a model's result, :func:`computed` for the check's own computation, :func:`identity` for a symbolic
    identity, a :class:`Table`), one or a list; the verdict's evidence is the weakest of theirs (``evidence=``
    lowers it, never raises it), and the claim runner refuses a verdict that cites nothing its check built
    (docs/design.md, "The spine").  :func:`part` states what a verdict also says at another strength;
    ``assumptions=`` names the readings the verdict rests on
    (registered with :func:`assumption`), ``alternatives=`` gives the verdicts under
    other readings.

What a verdict says (docs/design.md, "Verdict content")
    details, witness and an erratum's note are :class:`Content`, built with :func:`say`
    (strings with mathematics between dollars, ``"$p \\le 1/4$"``, in one checked LaTeX subset),
    :func:`math` (a sympy expression or a string of the subset; :func:`formula` is the same
    under a name that does not shadow the ``math`` module), :func:`value` (an exact value with
    its decimals), :func:`decimal` (a program's decimal, ``1.2e-5``), :func:`table` (a witness
    table) and the references :func:`claim_ref`, :func:`eq`, :func:`table_ref`,
    :func:`figure_ref`, :func:`reading`, :func:`place`.

Printed values
    :func:`printed` wraps what the document prints (read it as ``.value`` inside the
    check) so that ``exactcube verify --mutate`` can show the check fails when the value
    changes; :meth:`Table.publish` does the same for table cells, compared by
    :meth:`Table.errata`.  One judge reads every printed number once, at registration
    (:func:`read_printed`, refusing a text it cannot read with :class:`BadInput`), into a
    :class:`PrintedNumber` that knows its :class:`Form`: a decimal at its printed places, a
    fraction or mixed number (exact: right only when equal), a percentage, scientific
    notation, an interval, "≈" before a decimal.  :func:`agrees_with_printed` compares one
    true value with one printed number; :func:`erratum_kind` is the one rule deciding
    whether a printed number is wrong and of what kind (the true value exact, a ball, or a
    :class:`Sampled` interval such as a Monte Carlo estimate; docs/design.md, "Erratum kinds").
    A test feeds a check another printed value with ``substituting(item, value)``.

Numbers and errors
    :class:`BadInput` (a user mistake: one line, exit status 2), :func:`mpq` (exact rationals), :func:`parse_rational`, :func:`format_exact`,
    :func:`format_decimal` (correct rounding), :func:`parse_int` (a bounded integer option);
    :func:`pyplot` (matplotlib, for a figure builder).
"""

from __future__ import annotations

from .claims import (DOCUMENTS, REGISTRY, Claim, Document, Outcome, Verdict, claim, document, erratum, open_, part,
                     refuted, verified)
from .content.model import (Content, claim_ref, decimal, eq, figure_ref, formula, math, place, reading, say, table,
                            table_ref, value)
from .errors import BadInput
from .figures import FIGURES, figure_builder, pyplot
from .numbers import format_decimal, format_exact, mpq, parse_int, parse_rational
from .printed import (Form, Printed, PrintedNumber, Sampled, agrees_with_printed, erratum_kind, printed, read_printed,
                      substituting)
from .results import (ASSUMPTIONS, Assumption, Erratum, ErratumKind, Evidence, Provenance, Result, assumption,
                      computed, provenance_of, sample_test)
from .symbolic import identity
from .tables import TABLES, Param, Table, table_builder

#: The version of this API; a change that breaks a document package raises the first number.  2: a verdict cites
#: the results it rests on (an Evidence constant as its first argument is refused by the claim runner).
API_VERSION = "2.0"

__all__ = [
    "API_VERSION",
    # registering
    "document", "Document", "DOCUMENTS", "claim", "Claim", "REGISTRY",
    "table_builder", "Table", "TABLES", "figure_builder", "FIGURES", "Param", "pyplot",
    # verdicts
    "verified", "refuted", "erratum", "open_", "part", "Verdict", "Outcome", "Erratum", "ErratumKind",
    # what a verdict rests on
    "computed", "identity", "sample_test",
    # what a verdict says
    "Content", "say", "math", "formula", "value", "decimal", "table", "claim_ref", "eq", "table_ref", "figure_ref",
    "reading", "place",
    # provenance and readings
    "Evidence", "Provenance", "Result", "provenance_of", "assumption", "Assumption", "ASSUMPTIONS",
    # printed values
    "printed", "Printed", "read_printed", "PrintedNumber", "Form", "agrees_with_printed", "erratum_kind", "Sampled",
    "substituting",
    # numbers and errors
    "BadInput", "mpq", "parse_rational", "parse_int", "format_exact", "format_decimal",
]
