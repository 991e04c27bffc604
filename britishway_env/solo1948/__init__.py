"""The solo card game of the 1948 war (solo_1948.txt): numba core, Game
wrapper, Gymnasium environment and batch rollouts."""
