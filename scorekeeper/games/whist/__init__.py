"""Whist: Short and Long Whist (game.py), Scotch and French Whist (scotch.py)."""
