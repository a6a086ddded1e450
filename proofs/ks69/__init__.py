"""Keeler & Spencer 1969, "Proper raising points in a generalization of backgammon" (ks69)."""
