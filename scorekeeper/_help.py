"""The app's own `scorekeeper --help` at the full width, for start.py (written by
`python tests/test_start.py`; tests/test_start.py checks it), and the checksum of
the sources it was made from (start.sources_checksum)."""

SOURCES = 162007652

HELP = (
    'Usage: scorekeeper [OPTIONS] COMMAND [ARGS]...\n'
    '\n'
    '  Keep the score of a card night by the laws of the game, and settle up.\n'
    '\n'
    'Options:\n'
    '  --dir <path>          sessions folder (default: $SCOREKEEPER_DIR, else\n'
    '                        ./sessions if it exists, else\n'
    '                        $XDG_DATA_HOME/scorekeeper/sessions)\n'
    '  --version             print the version and exit\n'
    '  --show-completion     print the completion script for this shell (bash, zsh,\n'
    '                        fish): eval "$(scorekeeper --show-completion)"\n'
    '  --install-completion  install completion for this shell (bash, zsh, fish)\n'
    '  --no-color            no colour even on a terminal (as NO_COLOR=1 does)\n'
    '  --no-pager            print long output as it is, not through the pager\n'
    '                        ($PAGER, else less -FRX) a terminal gets\n'
    '  -h, --help            Show this message and exit.\n'
    '\n'
    'Commands:\n'
    '  new     Start a sitting.\n'
    '  hand    Log one hand, then show its effect and the standings.\n'
    '  show    Standings (with the next dealer), then every hand with its...\n'
    '  undo    Remove the last hand (scorekeeper redo puts it back).\n'
    '  redo    Put back the hand the last undo removed, as it was, if nothing...\n'
    '  edit    Correct hand N; show what it changed (everything after it is...\n'
    '  settle  Who pays whom at the end of the sitting (the fewest payments).\n'
    '  check   Every mistake in the sittings at once, one `file:line: message`...\n'
    '  list    The sittings in the sessions folder, and which folder.\n'
    "  games   The games, or one game's house rules and hand fields.\n"
    '  export  Every hand with its effect and the scores after it, as CSV; of...\n'
    '  stats   Statistics over every sitting in the folder: per player and per...\n'
    "  chart   Each player's (or side's) score after every hand, as a chart...\n"
    '  report  One self-contained HTML page to share: standings, chart, every...\n'
    '  board   Serve a live page of the standings (a party: the tables, the...\n'
    '  cinch   Cinch: play out a hand trick by trick and score it.\n'
    '  crib    Cribbage: count a hand, the play, exact statistics, discard...\n'
    '  party   Progressive Hearts or Cinch: many tables, players moving up,...\n'
    '\n'
    '  Example:\n'
    '    scorekeeper new friday --game tally --players \\\n'
    '      Ann,Bob,Cid\n'
    '    scorekeeper hand friday Ann=12 Bob=-3\n'
    '    scorekeeper settle friday\n'
)
