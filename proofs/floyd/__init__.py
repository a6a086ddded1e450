"""R. W. Floyd, "More dynamic programming" (Stanford teaching note, 1983) (floyd): a two-dice race to 25."""

from exactcube.claims import document

DOCUMENT = document('floyd', 'R. W. Floyd, a dice race solved by dynamic programming',
                    'R. W. Floyd, More dynamic programming (Stanford teaching note, 1983): a two-dice race to 25.',
                    package=__name__)
