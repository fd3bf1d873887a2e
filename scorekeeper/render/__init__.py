"""Values in, strings out: tables, JSON and CSV of a sitting (sitting.py), the terminal's
style and widths (terminal.py), charts (chart.py), pages (html.py), the season (stats.py),
parties (party.py), and the views of Cinch's trick sheets (cinch.py) and cribbage (crib.py)."""
