"""GNU Backgammon 1.07's match equity tables (``met/*.xml``) as a document: its "printed values" are
the tables gnubg prints with ``show matchequitytable N`` (4 decimals of a percent) and the entries of
its XML files (docs/match.md).  Opt-in: it runs gnubg, and runs when named
(``exactcube verify --paper gnubg-met``)."""

from exactcube.claims import document

DOCUMENT = document('gnubg-met', 'GNU Backgammon 1.07 match equity tables',
                    'GNU Backgammon 1.07 (gnubg, gnubg-data): the tables gnubg generates from met/zadeh.xml and '
                    'met/mec.xml and prints with show matchequitytable, and the rollout tables met/*.xml.',
                    package=__name__, opt_in=True,
                    cost="a few seconds: four runs of gnubg -t and the exact tables to 25-away")
