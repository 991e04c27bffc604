"""Map boards shared by more than one volume."""
