"""The Boston payment tables, as data: the one place the figures live.

Transcribed from Foster's Complete Hoyle, "Boston", Payments, as recovered in
/work/shared/rules/boston-payments.md (the seed text 003_7c90169007266f58.txt stops at
"The various payments are shown in this table:--"). All amounts are white counters paid
by each adversary (success) or to each adversary (failure). A cell the surviving copies
do not have is simply absent: the program never invents it (a hand needing it must carry
`pay=N`, or the sitting a house table `--rule table=FILE.yaml`).

tests/games/test_boston_tables.py checks every cell here against the Markdown tables.
"""

from __future__ import annotations

from typing import Dict

# The calls to win tricks, and the number of tricks each undertakes.
TRICK_CALLS: Dict[str, int] = {
    "boston": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "grand-slam": 13,
}

# Success: bid -> tricks taken (over-tricks included) -> paid to the caller by each adversary.
# Bid ten taken 11-13 and bids eleven, twelve, thirteen are cut off in every copy.
FOSTER_SUCCESS: Dict[int, Dict[int, int]] = {
    5: {5: 12, 6: 12, 7: 13, 8: 13, 9: 14, 10: 14, 11: 14, 12: 15, 13: 15},
    6: {6: 15, 7: 16, 8: 16, 9: 17, 10: 18, 11: 19, 12: 20, 13: 20},
    7: {7: 18, 8: 20, 9: 21, 10: 22, 11: 23, 12: 24, 13: 26},
    8: {8: 23, 9: 24, 10: 26, 11: 28, 12: 29, 13: 31},
    9: {9: 32, 10: 34, 11: 36, 12: 39, 13: 41},
    10: {10: 42},
    11: {},
    12: {},
    13: {},
}

# Failure: bid -> tricks short -> paid by the caller to each adversary (the first table).
FOSTER_FAILURE: Dict[int, Dict[int, int]] = {
    5: {1: 11, 2: 21, 3: 31, 4: 41, 5: 50},
    6: {1: 15, 2: 24, 3: 35, 4: 45, 5: 55, 6: 66},
    7: {1: 19, 2: 29, 3: 40, 4: 50, 5: 60, 6: 72, 7: 82},
    8: {1: 23, 2: 34, 3: 46, 4: 56, 5: 67, 6: 78, 7: 89, 8: 110},
    9: {1: 33, 2: 44, 3: 57, 4: 68, 5: 82, 6: 92, 7: 103, 8: 115, 9: 127},
    10: {1: 44, 2: 56, 3: 70, 4: 82, 5: 94, 6: 107, 7: 119, 8: 132, 9: 145, 10: 157},
    11: {1: 67, 2: 80, 3: 95, 4: 109, 5: 123, 6: 138, 7: 151, 8: 165, 9: 180, 10: 194,
         11: 208},
    12: {1: 113, 2: 130, 3: 148, 4: 165, 5: 182, 6: 200, 7: 217, 8: 234, 9: 252, 10: 270,
         11: 286, 12: 304},
    13: {1: 177, 2: 198, 3: 222, 4: 241, 5: 262, 6: 284, 7: 305, 8: 326, 9: 348, 10: 369,
         11: 390, 12: 412, 13: 433},
}

# Failure, "the same table reduced to the American decimal system" used by the clubs.
DECIMAL_FAILURE: Dict[int, Dict[int, int]] = {
    5: {1: 10, 2: 20, 3: 30, 4: 40, 5: 50},
    6: {1: 15, 2: 25, 3: 35, 4: 45, 5: 55, 6: 65},
    7: {1: 20, 2: 30, 3: 40, 4: 50, 5: 60, 6: 70, 7: 80},
    8: {1: 25, 2: 35, 3: 45, 4: 55, 5: 70, 6: 85, 7: 100, 8: 115},
    9: {1: 35, 2: 45, 3: 55, 4: 65, 5: 80, 6: 95, 7: 110, 8: 125, 9: 140},
    10: {1: 45, 2: 55, 3: 70, 4: 80, 5: 95, 6: 110, 7: 125, 8: 140, 9: 155, 10: 170},
    11: {1: 70, 2: 80, 3: 95, 4: 110, 5: 125, 6: 140, 7: 155, 8: 170, 9: 185, 10: 200,
         11: 220},
    12: {1: 120, 2: 130, 3: 145, 4: 160, 5: 180, 6: 200, 7: 220, 8: 240, 9: 260, 10: 280,
         11: 300, 12: 320},
    13: {1: 180, 2: 200, 3: 220, 4: 240, 5: 260, 6: 280, 7: 300, 8: 320, 9: 340, 10: 360,
         11: 390, 12: 420, 13: 450},
}

# Misères: won from or lost to each adversary, "there being no over-tricks".
MISERE: Dict[str, int] = {
    "little-misere": 20, "grand-misere": 40, "little-spread": 80, "grand-spread": 160,
}

# The named tables a sitting may choose with --rule table=NAME. The decimal table is a
# failure table only: success is paid by the first table in both.
NAMED_TABLES = {
    "foster": {"success": FOSTER_SUCCESS, "failure": FOSTER_FAILURE, "misere": MISERE},
    "decimal": {"success": FOSTER_SUCCESS, "failure": DECIMAL_FAILURE, "misere": MISERE},
}


# ---------------------------------------------------------------- house tables
#
# A house table (--rule table=FILE.yaml) has the same shape as the data above:
#
#   base: foster            # optional: foster (default) or decimal; cells not given come from it
#   success: {10: {11: 45, 12: 48, 13: 51}, 11: {11: 60, 12: 65, 13: 70}}
#   failure: {5: {1: 10}}   # optional
#   misere: {grand-misere: 50}   # optional
#
# The file is read once, by the store, when the rule is resolved (`scorekeeper new`); the checked table
# is written into the sitting's log as the rule's value: the log stays the whole truth, a
# later edit of the file cannot change an old sitting, and replay never touches the disk.

