"""The British Way: Palestine 1945-47 (palestine_rules.md).

Status: board, pieces, setup (2.1) and deck construction are encoded and
tested; the Initiative Track, Operations, Special Activities, Propaganda
Round and events are not yet (see docs/palestine.md). No Game or env is
offered for this volume until they are.
"""
