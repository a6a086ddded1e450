"""The three-player game of ju24 §4 on the triangle: a model of its own.

``board``: positions, moves and the exact value recursion on the triangular grid;
``doubling``: the doubling game on the board (equilibria, regions, ejection rules);
``sim``: seeded simulations of the game (Figures 8-10).  It shares nothing with the
two-player Brownian models of :mod:`exactcube.brownian`.
"""
