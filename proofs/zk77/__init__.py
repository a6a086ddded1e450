"""Zadeh & Kobliska 1977, "On optimal doubling in backgammon", Management Science 23(8) (zk77).

Modules: ``lemmas`` (Lemma 1, Lemma 2, Theorem 1 (4)-(6), the 4/5 argument), ``race``
(the P(x, n) recursion, Table 1, the Keeler-Spencer comparison), ``cube`` (Tables 2 and 3
against the exact cubeful race, effective doubling points, the take-point range).
"""

from exactcube.claims import document

DOCUMENT = document('zk77', 'Zadeh & Kobliska (1977), On optimal doubling in backgammon',
                    'Norman Zadeh and Gary Kobliska, On optimal doubling in backgammon, Management Science 23(8), 1977.',
                    package=__name__)
