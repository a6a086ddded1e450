"""Claims of ``noisy``: "Playing through a noisy channel (and knowing it)".

Combinatorial games whose moves pass through a noisy channel: the general
solver of equation (4) (:mod:`exactcube.noisy.game`), 1-pile Nim under
bit-flip noise (:mod:`exactcube.noisy.nim`), Chomp! (:mod:`exactcube.noisy.chomp`),
Lemma 7 and Corollary 8, and the Appendix tables.  The extracted text lost
every formula; the model is the reconstruction in ``docs/noisy.md`` (section "Reconstruction"),
registered as readings in :mod:`proofs.noisy.readings` (docs/noisy.md, "Readings the verdicts rest on").
"""

from exactcube.claims import document

DOCUMENT = document('noisy', 'Capitelli & Privitelli, Playing through a noisy channel (and knowing it)',
                    'Capitelli and Privitelli, Playing through a noisy channel (and knowing it): combinatorial games under noise.',
                    package=__name__)
