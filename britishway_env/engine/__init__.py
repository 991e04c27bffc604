"""Volume-agnostic machinery: state layouts, the in-state RNG, statistics and
numba cache hygiene. Nothing here knows any game's nouns."""
