"""The British Way: Arab Revolt 1936-39 (rules in ../shared/rules/arab_revolt_rules.md).

The board is :mod:`britishway_env.volumes.boards.palestine` with its four
Foreign Countries in play; the rules run as numba kernels over one int64
state row (:mod:`layout`), on the COIN header and kernels the volumes share
(engine/coin/). What the rulebook leaves open is settled in
docs/design/arab_revolt_decisions.md.
"""
