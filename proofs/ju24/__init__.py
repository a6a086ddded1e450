"""Ju, Leifer, Miller et al. 2024, "Optimal doubling thresholds in backgammon-like stochastic games" (ju24)."""
