"""Cribbage arithmetic: the show (count.py), the play (play.py), the exact distribution of
show counts (stats.py) and the discard advisor (discard.py). Pure functions, no I/O."""
