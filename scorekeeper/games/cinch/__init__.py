"""Cinch (Double Pedro) and its forms: the game (game.py: cinch, sixty-three, auction, solo,
widow), the trick-by-trick engine (tricks.py), Foster's trick sheets (sheet.py) and the
book's printed layouts of them (printed.py)."""
