"""Combinatorial games played through a noisy channel."""
