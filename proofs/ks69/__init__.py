"""Keeler & Spencer 1969, "Proper raising points in a generalization of backgammon" (ks69)."""

from exactcube.claims import document

DOCUMENT = document('ks69', 'Keeler & Spencer (1969), Proper raising points in a generalization of backgammon',
                    'Emmett Keeler and Joel Spencer, Proper raising points in a generalization of backgammon, May 1969.',
                    package=__name__)
