"""Hearts: the game (game.py), its methods of settling, one class each by name (methods.py),
and the arithmetic of their payments (settling.py)."""
