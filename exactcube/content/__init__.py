r"""What a verdict says, as data: a sequence of typed parts, printed by one printer per format.

A verdict's details, its witness and an erratum's note are :class:`~.model.Content`: a tuple of parts.

* :class:`~.model.Text`: prose.  Prose holds no mathematics: no ``<=``, ``**``, ``sqrt(``, no Python
  repr (``{'``, ``['``); :func:`~.model.say` refuses them (:data:`~.model.PROSE_FORBIDDEN`).
* :class:`~.model.Math`: mathematics, either a sympy expression (printed by sympy's own printers:
  ``latex``, presentation MathML, and a one-line plain printer) or a string in the one delimited
  syntax below.
* :class:`~.model.Value`: an exact value (int or rational) shown with its decimals: ``3/4 = 0.75``,
  ``1/3 ≈ 0.333333``.
* :class:`~.model.Table`: a small witness table (column names and rows of cells); a long one is shown
  as its first and last rows with a sentence (``brief``) the way a paper would, and whole in JSON.
* :class:`~.model.Ref`: a typed reference: a claim id (typewriter type), an equation ``(18)`` (text, never
  a fraction), a table or figure id, a reading id, or a place in the document (``Theorem 2``).

The delimited syntax.  Inside text given to :func:`~.model.say` (or to a verdict as ``str``), mathematics
stands between dollar signs, ``$p = 3/4$``; ``\$`` is a literal dollar.  Between the dollars one
small LaTeX subset is accepted and checked when the content is built (an unknown command is an
error, never guessed):

* letters (each letter one variable, as in TeX), numbers (``0.0161``), and the characters
  ``+ - = < > ( ) [ ] , ; : / | ! '``;
* ``^`` and ``_`` followed by one character or a ``{group}``;
* Greek letters by name (``\alpha`` ... ``\omega``, ``\varepsilon``, ``\Gamma`` ...);
* relations and operators: ``\le \ge \ne \approx \sim \simeq \equiv \to \mapsto \in \notin
  \subset \cdot \times \pm \ll \gg \infty \partial \ldots \cdots \mid \Rightarrow \iff``;
* big operators and functions: ``\sum \prod \int \lim \max \min \sup \inf \log \ln \exp
  \sin \cos \Pr``; ``\operatorname{name}``;
* ``\frac{a}{b}`` (``\dfrac``, ``\tfrac``), ``\sqrt{x}``, ``\sqrt[n]{x}``, ``\binom{n}{k}``,
  ``\bar{x}``, ``\hat{x}``, ``\tilde{x}``, ``\text{words}``, ``\mathrm{d}``, ``\mathbb{R}``;
* ``\left( ... \right)`` with ``( ) [ ] | . \{ \}``, ``\lfloor \rfloor \lceil \rceil``, spaces
  ``\, \; \quad``.

Constructors (the API a claim uses; a document package takes them from :mod:`exactcube.api`)::

    from exactcube.content.model import say, math, value, table, claim_ref, eq, reading, place

    say("the series cut at", math(sp.Symbol("N")), "gives", value(mpq(3, 4)), "against",
        eq(18), "; see", claim_ref("ks69.sec5.alpha_aa"), ".")
    say("$P(M) \\le 1/2$ for every $M \\ge 2$")

:func:`~.model.say` joins its pieces with one space (none before ``.,;:)`` or after ``(``); strings are
read for ``$...$``; sympy expressions become :class:`~.model.Math`, ints and rationals :class:`~.model.Value`.

Printers (one per format): :func:`~.model.to_plain` (pipes, ``verify --details``, ``str()``),
:func:`~.printers.to_rich` (the terminal), :func:`~.printers.to_latex`, :func:`~.printers.to_html` (MathML),
:func:`~.printers.to_markdown`, and :func:`~.printers.to_json` / :func:`~.printers.from_json` (schema version 3,
exactcube/schema/verdicts.json).  Each is a table of one printer per part type, applied by
:func:`~.model.print_parts` (the one dispatch).

The modules, one idea each:

* :mod:`.model`: the parts, :class:`~.model.Content`, the constructors, the reading of strings for ``$...$``,
  and the plain text (``str()`` of content, which names a table's columns);
* :mod:`.syntax`: the delimited syntax read into a tree (:class:`~.syntax.MathSyntaxError` outside it), and a
  formula's one-line and MathML renderings (of the tree, and of a sympy expression);
* :mod:`.printers`: the printers of the other formats (terminal, LaTeX, HTML, Markdown, JSON) and the JSON reader.
"""
