"""The British Way: Palestine 1945-47 (palestine_rules.md).

Every rule (1.0-7.0) and all 32 events (P1-P32) are encoded as numba kernels
over one state row (layout.py): the Initiative Track and Operations in
turns.py and operations.py, events in events.py, the Propaganda Round in
propaganda.py and resources.py. ``Game("palestine")`` (game.py) and the
PettingZoo AEC env ``palestine_v0`` are the entry points; docs/palestine.md
describes the volume.
"""
