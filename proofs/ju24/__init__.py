"""Ju, Leifer, Miller et al. 2024, "Optimal doubling thresholds in backgammon-like stochastic games" (ju24)."""

from exactcube.claims import document

DOCUMENT = document('ju24', 'Ju, Leifer, Miller et al. (2024), Optimal doubling thresholds in backgammon-like stochastic games',
                    'Haoru Ju, Daniel Leifer, Steven J. Miller, Sooraj A. Padmanabhan, Chenyang Sun, Luke Tichi, Benjamin Tocher and Kiley Wallace, Optimal doubling thresholds in backgammon-like stochastic games, 2024.',
                    package=__name__)
