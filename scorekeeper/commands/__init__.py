"""Typer sub-apps for commands that belong to one game (crib count, cinch tricks, ...)."""
