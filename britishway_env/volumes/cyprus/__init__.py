"""The British Way: Cyprus 1955-59 (rules in ../shared/rules/cyprus_rules.md).

The board is :mod:`britishway_env.volumes.boards.cyprus`; the rules run as
numba kernels over one int64 state row (:mod:`layout`), with the COIN
header and its kernels shared with the other volumes (engine/coin/).
"""
