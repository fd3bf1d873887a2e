"""Progressive parties of several tables: the replay of a party's results (replay.py) and the
library the party commands wrap (ledger.py). Nothing here prints."""
