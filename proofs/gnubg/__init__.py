"""GNU Backgammon 1.07's bearoff databases (gnubg) as a document: its "printed values" are the
entries gnubg stores (docs/gnubg.md).  Opt-in: its claims are slow and run when the document is
named (``exactcube verify --paper gnubg``), never in the default run."""

from exactcube.claims import document

DOCUMENT = document('gnubg', 'GNU Backgammon 1.07 bearoff databases',
                    'GNU Backgammon 1.07 (gnubg-data): the one-sided bearoff database gnubg_os0.bd, with gammon '
                    'distributions, and the two-sided 6x6 database written by makebearoff -t 6x6.',
                    package=__name__, opt_in=True,
                    cost="the whole document takes about 65 s of CPU and 1.3 GB of memory (docs/gnubg.md); its "
                         "first run also builds the exact two-sided table into the cache folder (about 25 s); "
                         "a user-built table (gnubg.twosided-user) adds about 22 s for 6x8, "
                         "510 s and 1 GB for 6x10")
