"""Cribbage: the game (game.py) and its arithmetic, pure functions with no I/O: the show
(count.py), the play (play.py), the exact distribution of show counts (stats.py) and the
discard advisor (discard.py)."""
