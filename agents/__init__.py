"""Bots for britishway-env: trained-policy loading and shipped checkpoints.

The random and scripted heuristic bots live in the compiled core
(``britishway_env.<volume>.policies``) so batch rollouts can run them.
"""
