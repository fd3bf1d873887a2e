"""Hearts: the game (game.py) and its ways of settling (settling.py)."""
