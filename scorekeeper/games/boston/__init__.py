"""Boston: the game (game.py) and the payment tables, as data (tables.py)."""
