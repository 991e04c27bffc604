"""The COIN machinery the three volumes of the multipack share.

Every kernel here takes a volume's state row and reads only the COIN header
(:mod:`.header`) at fixed offsets, plus what the volume hands in as data
(tables, offsets of its own fields, small integer codes). Nothing here names a
volume, a faction, a piece or a card: see docs/architecture.md.
"""
