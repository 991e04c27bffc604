"""PettingZoo environments: one generic AEC class serves every two-player volume."""
