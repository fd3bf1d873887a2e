"""scorekeeper: keep the score of real card games by the laws of the game, and settle up."""

__version__ = "0.1.0"
