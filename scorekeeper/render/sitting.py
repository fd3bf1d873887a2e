"""Tables, JSON and CSV for people and programs: values in, strings out. Nothing here prints."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from ..model import printable

if TYPE_CHECKING:  # only for annotations: rendering must not pay for importing the games
    from .terminal import Style
    from ..games import Listed
    from ..games.base import Game, Standings
    from ..model import Session
    from ..settle import Settlement


def number(value: Any) -> str:
    """Scores as people write them: whole numbers plainly, fractions to two places."""
    if type(value) is int:  # by far the most common: every score of every hand
        return str(value)
    from decimal import Decimal  # (only now: its import costs a command ~1%)

    if isinstance(value, Decimal):  # a stake: to the cent, or finer when it is finer
        cents = value.quantize(Decimal("0.01"))
        return f"{cents:.2f}" if cents == value else format(value.normalize(), "f")
    from fractions import Fraction

    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        from decimal import ROUND_HALF_EVEN, Context

        exact = Context(prec=len(str(value.numerator)) + 30)  # no float noise, however large
        shown = exact.divide(Decimal(value.numerator), Decimal(value.denominator))
        return f"{shown.quantize(Decimal('0.01'), rounding=ROUND_HALF_EVEN, context=exact)}"
    return str(value)


def exact_json(value: Any) -> Any:
    """An exact number in JSON, never a binary float: a whole number as a JSON integer; any
    other as a string, its decimal when it has one ("1.6", "-0.125"), else its fraction
    ("13/3"). `Fraction(str(value))` reads every form back exactly."""
    from decimal import Decimal
    from fractions import Fraction

    if isinstance(value, Decimal):
        value = Fraction(value)
    if not isinstance(value, Fraction):
        return value
    if value.denominator == 1:
        return value.numerator
    d = value.denominator
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    if d != 1:
        return f"{value.numerator}/{value.denominator}"
    places = max(twos, fives)
    scaled = value * 10 ** places  # a whole number: the denominator divides 10 ** places
    digits = str(abs(scaled.numerator)).rjust(places + 1, "0")
    sign = "-" if value < 0 else ""
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def json_number(value: Any) -> Any:
    from decimal import Decimal
    from fractions import Fraction

    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    if isinstance(value, Decimal):
        return float(value)
    return value


def text_table(rows: List[List[Any]], headers: Sequence[str], width: Optional[int] = None,
           key: int = 1, below: Optional[int] = None) -> str:
    """tabulate's "simple" table; with a `width` (a terminal's, or COLUMNS), fitted to it
    (terminal.fit_table: cells wrap at spaces, or the columns go in groups, `key` columns
    repeated)."""
    if width is not None:
        from .terminal import fit_table

        return fit_table([[str(c) for c in row] for row in rows], [str(h) for h in headers], width,
                         key=key, below=below)
    from tabulate import tabulate

    one = _as_one_row(rows, headers)
    return tabulate(one or rows, headers=list(headers), tablefmt="simple", disable_numparse=True,
                    preserve_whitespace=one is not None)


# From this many rows a table goes to tabulate as one row of multi-line cells (`_as_one_row`):
# below it, tabulate's multi-line layout costs more than its rows (a table of two rows 1.15M
# instructions against 0.82M; at five rows 1.34M against 1.40M).
ONE_ROW_FROM = 5


def _as_one_row(rows: List[List[Any]], headers: Sequence[str]) -> Optional[List[List[str]]]:
    """The table as one row of multi-line cells, a column's cells one under the other (None for
    fewer than ONE_ROW_FROM rows): tabulate lays it out line by line exactly as it would the rows (each
    cell stripped; a row's lines padded below; a blank row one blank line, or none where some
    cell or header has lines of its own), but types, formats and measures one cell a column
    rather than one a row: a 2,000-hand table in about half the time (docs/speed.md). (A
    cell's own line breaks other than \r and \n would split here where they did not in a row
    of its own; what reaches a table is printable or written escaped: model.printable.)"""
    n = max(map(len, rows), default=0)
    if len(rows) < ONE_ROW_FROM or n == 0:
        return None
    if any(len(row) != n for row in rows):
        rows = [list(row) + [""] * (n - len(row)) for row in rows]
    # column by column: a 2,000-hand table is 12,000 cells, each made text in one map
    columns = [list(map(str, column if None not in column else ["" if c is None else c for c in column]))
               for column in zip(*rows)]
    multiline = any("\n" in h or "\r" in h for h in headers) or any(
        "\r" in text or text.count("\n") >= len(rows) for text in map("\n".join, columns))
    if multiline:
        columns = _lines_of_rows(columns)
        if not columns[0]:
            return None
    else:
        columns = [list(map(str.strip, column)) for column in columns]
    joined = ["\n".join(column) for column in columns]
    if not any(column[-1] for column in columns):
        joined[0] += "\n"  # a blank last line would be lost: splitlines drops one empty end
    return [joined]


def _lines_of_rows(columns: List[List[str]]) -> List[List[str]]:
    """The columns' lines where a cell or header has lines of its own: each row's cells split
    into lines, padded below to the row's height; a blank row no line at all."""
    lines: List[List[str]] = [[] for _ in columns]
    for row in zip(*columns):
        cells = [c.strip() for c in row]
        if any("\n" in c or "\r" in c for c in cells):
            split = [c.splitlines() or [""] for c in cells]
            height = max(map(len, split))
            for column, parts in zip(lines, split):
                column.extend(parts + [""] * (height - len(parts)))
        elif any(cells):
            for column, cell in zip(lines, cells):
                column.append(cell)
    return lines


def standings_rows(st: Standings) -> Tuple[List[str], List[List[str]]]:
    """The standings' headers and rows (for the text table and the HTML report alike)."""
    headers = ["player", "score"] + list(st.columns)
    if st.games_won is not None:
        headers.append("games")
    rows = []
    for p in st.players:
        row = [p, number(st.scores[p])] + [number(col.get(p, "")) for col in st.columns.values()]
        if st.games_won is not None:
            row.append(str(st.games_won.get(p, 0)))
        rows.append(row)
    return headers, rows


def standings_table(st: Standings, style: "Optional[Style]" = None) -> str:
    headers, rows = standings_rows(st)
    if style is None or not style.color:
        return text_table(rows, headers, _width(style))
    from . import terminal

    best = leading_players(st)

    def paint(i: int, text: str) -> str:
        if i == 0:
            return terminal.leader(text, style) if text in best else text
        return terminal.figure(text, style)

    return terminal.table(rows, headers, style, paint=paint)


def leading_players(st: Standings) -> Sequence[str]:
    """Who leads (or has won): the best balance; in a game to a target with nothing settled
    yet, the best score. Nobody when all are level."""
    figures = st.balances if st.balances and any(st.balances.values()) else st.scores
    try:
        top = max(figures[p] for p in st.players)
    except (TypeError, KeyError, ValueError):
        return ()
    best = [p for p in st.players if figures[p] == top]
    return best if len(best) < len(st.players) else ()


def _width(style: "Optional[Style]") -> Optional[int]:
    return style.width if style is not None else None


def _fit(text: str, style: "Optional[Style]") -> str:
    """Lines of text wrapped at spaces to the style's width (none: as they are)."""
    return fit_lines(text, _width(style))


def fit_lines(text: str, width: Optional[int], hang: str = "    ") -> str:
    """terminal.fit_lines, imported only when there is a width to fit."""
    if not width:
        return text
    from .terminal import fit_lines as fit

    return fit(text, width, hang)


def _heading(session: Session, st: Standings) -> str:
    return f"{session.name} ({st.game}, {len(session.hands)} hand{'s' if len(session.hands) != 1 else ''})"


FINISHED_SHOWN = 5  # the latest finished games named under the standings


def finished_lines(st: Standings) -> List[str]:
    """The latest finished games under the standings, winner first: `game 1: Ann-Cid 56,
    Bob-Dee 0` (the earlier ones counted in one line)."""
    games = st.finished_games
    lines = [f"game {g.game}: " + ", ".join(f"{name} {number(score)}" for name, score in g.scores.items())
             for g in games[-FINISHED_SHOWN:]]
    if len(games) > FINISHED_SHOWN:
        earlier = len(games) - FINISHED_SHOWN
        lines.insert(0, f"({earlier} earlier game{'s' if earlier != 1 else ''} finished)")
    return lines


def finished_json(st: Standings) -> List[Dict[str, Any]]:
    """`show --json`'s finished_games: each game's number, its winner (a player, or a side
    named as sides.py names it; a game shared names them all: "Ann and Cid", and `winners`
    lists them), every side's final score and the hand that ended it."""
    return [{"game": g.game, "winner": _and(g.winners),
             "scores": {name: json_number(score) for name, score in g.scores.items()}, "hand": g.hand,
             "winners": list(g.winners)}
            for g in st.finished_games]


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def standings_text(session: Session, st: Standings, style: "Optional[Style]" = None,
                   table: Optional[str] = None) -> str:
    """The heading, the standings' table (`table`, when the caller has it made already) and the
    remarks under it."""
    parts = [_fit(_heading(session, st), style), table if table is not None else standings_table(st, style)]
    extra = list(st.lines) + finished_lines(st)
    if st.pool is not None:
        extra.append(f"pool: {st.pool} {st.unit if st.pool != 1 else st.unit.rstrip('s')}")
    if st.next_dealer:
        extra.append(f"next dealer: {st.next_dealer}")
    if extra:
        remarks = "\n".join(extra)
        if style is not None:
            from .terminal import fit_lines

            remarks = fit_lines(remarks, style.width)
        parts.append(remarks)
    return "\n\n".join(parts)


def hands_table(session: Session, st: Standings, style: "Optional[Style]" = None,
                sides: "Optional[Sequence[Sequence[str]]]" = None, first: int = 1) -> str:
    """Every hand (from hand `first` on): its number, dealer, fields, effect, and the scores
    after it: one column per player, or per side where partners share a score (Ann-Cid | Bob-Dee)."""
    columns = [tuple(side) for side in sides] if sides else [(p,) for p in st.players]
    headers = ["#", "dealer", "hand", "effect"] + ["-".join(side) for side in columns]
    rows = []
    listed = zip(session.hands[first - 1:], st.effects[first - 1:])
    keys = [side[0] for side in columns]
    for i, (hand, effect) in enumerate(listed, start=first):
        fields = hand_text(hand.fields)
        if "corrected" in hand.fields:
            fields += " (corrected)"
        summary = "; ".join((effect.summary, *effect.notes))  # notes read once: a cribbage deal words them
        scores = effect.scores
        row = [str(i), effect.dealer or "", fields, summary]
        for key in keys:
            score = scores.get(key, "")
            row.append(str(score) if type(score) is int else number(score))
        rows.append(row)
    if not rows:
        return "no hands yet"
    if style is None:
        return text_table(rows, headers)
    from . import terminal

    def paint(i: int, text: str) -> str:
        return terminal.cards(text, style) if i in (2, 3) else terminal.figure(text, style)

    return terminal.table(rows, headers, style, wrappable=(2, 3), paint=paint)


def correction_text(number: int, before_session: Session, before: Standings,
                    after_session: Session, after: Standings, limit: int = 6,
                    style: "Optional[Style]" = None,
                    money: "Optional[Callable[[], Tuple[Settlement, Settlement]]]" = None) -> str:
    """`edit`: the hand's effect before and after, which later hands changed, and the
    standings before -> after (a game won by someone else shows in the games column; what each
    player is owed, and the money at the stake, where they are not the score: `money`, the
    settlements before and after, made only when they are shown: settle.py is not imported
    for a score that says it all)."""
    old, new = before_session.hands[number - 1], after_session.hands[number - 1]
    was, now = before.effects[number - 1], after.effects[number - 1]
    lines = [f"corrected hand {number}",
             f"  before: {hand_text(old.fields)}  ->  {_effect_line(was)}",
             f"  after:  {hand_text(new.fields)}  ->  {_effect_line(now)}"]
    return _later_and_standings(lines, number, 0, before_session, before, after_session, after, limit,
                                style, money)


def moved_text(kind: str, number: int, before_session: Session, before: Standings,
               after_session: Session, after: Standings, limit: int = 6,
               style: "Optional[Style]" = None,
               money: "Optional[Callable[[], Tuple[Settlement, Settlement]]]" = None) -> str:
    """`insert` and `delete` (`kind`): the hand put in or taken out with its effect, every later
    hand whose effect or dealer changed (numbered as they are now), and the standings before ->
    after, as `edit` shows them."""
    if kind == "insert":
        hand, effect, shift = after_session.hands[number - 1], after.effects[number - 1], 1
        lines = [f"inserted hand {number}: {hand_text(hand.fields)}  ->  {_effect_line(effect)}"]
    else:
        hand, effect, shift = before_session.hands[number - 1], before.effects[number - 1], -1
        lines = [f"deleted hand {number}: {hand_text(hand.fields)}  (was: {_effect_line(effect)})"]
    return _later_and_standings(lines, number if shift > 0 else number - 1, shift, before_session, before,
                                after_session, after, limit, style, money)


def _later_and_standings(lines: List[str], number: int, shift: int, before_session: Session,
                         before: Standings, after_session: Session, after: Standings, limit: int,
                         style: "Optional[Style]", money: "Optional[Callable[[], Tuple[Settlement, Settlement]]]") -> str:
    """The later hands whose effect or dealer changed (hand i now was hand i - `shift`), then
    the standings before -> after."""
    pairs = [(i, before.effects[i - 1 - shift], after.effects[i - 1])
             for i in range(number + 1, len(after.effects) + 1) if 0 <= i - 1 - shift < len(before.effects)]
    # who dealt first: a hand dealt by another has changed without its words compared (a
    # cribbage deal's are worded only when read: an insert or delete moves every later deal)
    later = [(i, a, b) for i, a, b in pairs if a.dealer != b.dealer or not _same_words(a, b)]
    if later:
        lines.append(f"later hands that changed ({len(later)}):")
        lines += [_later_line(i, a, b) for i, a, b in later[:limit]]
        if len(later) > limit:
            lines.append(f"  ... and {len(later) - limit} more (scorekeeper show {after_session.name})")
    elif number < len(after_session.hands):
        lines.append("later hands: no effect changed")
    text = "\n".join(lines)
    if style is not None:
        from .terminal import cards, fit_lines

        text = cards(fit_lines(text, style.width), style)
    return text + "\n\n" + _before_after(after_session, before, after, style, money)


def _later_line(i: int, was: Any, now: Any) -> str:
    """A later hand that changed: its effect before -> after, or only who dealt it."""
    if _effect_line(was) == _effect_line(now):
        return f"  hand {i}: dealt by {now.dealer}, not {was.dealer}"
    if was.dealer != now.dealer:
        return f"  hand {i}: ({was.dealer} deals) {_effect_line(was)}  ->  ({now.dealer} deals) {_effect_line(now)}"
    return f"  hand {i}: {_effect_line(was)}  ->  {_effect_line(now)}"


def _effect_line(effect: Any) -> str:
    return "; ".join((effect.summary,) + tuple(effect.notes))


def _same_words(a: Any, b: Any) -> bool:
    """The two effects' lines are the same; notes made of the same (`Notes.made_of`: a later
    cribbage hand's cards, unchanged by a correction) are not worded to be compared."""
    return (a.summary == b.summary and a.notes == b.notes) or _effect_line(a) == _effect_line(b)


def _before_after(session: Session, before: Standings, after: Standings,
                  style: "Optional[Style]" = None,
                  money: "Optional[Callable[[], Tuple[Settlement, Settlement]]]" = None) -> str:
    """The standings before -> after: the score, games won, and what each player is owed (the
    balance in the unit: rubber points, the pool's shares) and the money at the stake, each
    where it says more than the score (a single made a double shows, though the game's score
    is 0 -> 0 for everyone)."""
    headers = ["player", "before", "after"]
    columns: List[Callable[[Standings, str], str]] = [lambda st, p: number(st.scores[p])]
    won_before, won_after = before.games_won, after.games_won
    if won_before is not None and won_after is not None:
        headers += ["games before", "games after"]
        columns.append(lambda st, p: str((st.games_won or {}).get(p, 0)))
    owed = not (_follows_the_score(before) and _follows_the_score(after))
    if owed:
        headers += [f"{after.unit} before", f"{after.unit} after"]
        columns.append(lambda st, p: number(st.balances[p]))
    settled = money() if owed and money is not None else None
    in_money = settled is not None and settled[0].stake is not None and settled[0].stake != 1
    rows = []
    for p in after.players:
        row = [p]
        for column in columns:
            row += [column(before, p), column(after, p)]
        if in_money:
            assert settled is not None
            row += [money_json(settled[0].money_cents[p]), money_json(settled[1].money_cents[p])]
        rows.append(row)
    if in_money:
        assert settled is not None
        currency = f" ({printable(settled[1].currency)})" if settled[1].currency else ""
        headers += [f"money before{currency}", f"money after{currency}"]
    parts = [_fit(_heading(session, after), style), text_table(rows, headers, _width(style))]
    if before.pool != after.pool and after.pool is not None:
        parts.append(f"pool: {before.pool} -> {after.pool} {after.unit}")
    if after.next_dealer:
        parts.append(f"next dealer: {after.next_dealer}")
    return "\n\n".join(parts)


def _follows_the_score(st: Standings) -> bool:
    """Each player's balance is the score against the average, times one factor for all (a
    tally: 1, -1 with low_wins, the players with settle=difference): the score says it all.
    Exact and without division: each balance against one player's, as his distance from the
    average against that player's (each distance times the number of players, a whole number)."""
    n, total = len(st.players), sum(st.scores[p] for p in st.players)
    apart = {p: n * st.scores[p] - total for p in st.players}
    key = next((p for p in st.players if apart[p]), None)
    if key is None:
        return all(st.balances[p] == 0 for p in st.players)
    return all(st.balances[p] * apart[key] == st.balances[key] * apart[p] for p in st.players)


def undone_text(name: str, removed: Any, session: Session, st: Standings, folder: Optional[str] = None,
                style: "Optional[Style]" = None) -> str:
    """`undo`: the hand removed, how to put it back (redo), and the command that logs it again
    once other hands are logged (broken into ` \\` continuation lines to fit a terminal)."""
    from .shell import continued

    again = put_back_command(name, removed.fields, folder)
    width = _width(style)
    command = continued(again, width - 2) if width else [again]
    lines = [_fit(f"removed hand {len(session.hands) + 1}: {hand_text(removed.fields)}", style),
             _fit(f"to put it back: {command_line(name, 'redo', folder)}", style),
             "or, once other hands are logged:"] + [f"  {line}" for line in command]
    return "\n".join(lines) + "\n\n" + standings_text(session, st, style)


def put_back_command(name: str, fields: Mapping[str, Any], folder: Optional[str] = None) -> str:
    """The command line that logs a removed hand again, as it was (its time included); with the
    `--dir` the sitting was found by, else it would log into another folder's sitting or none."""
    words = ["scorekeeper", *(["--dir", folder] if folder else []), "hand", name]
    words += [f"{k}={field_text(v)}" for k, v in fields.items() if k != "corrected"]
    return " ".join(_shell_word(w) for w in words)


def command_line(name: str, command: str, folder: Optional[str] = None) -> str:
    """`scorekeeper [--dir FOLDER] COMMAND NAME`, quoted for a POSIX shell."""
    return shell_words(["scorekeeper", *(["--dir", folder] if folder else []), command, name])


def shell_words(words: Sequence[str]) -> str:
    """Words as one command line, each quoted as a person would type it in a POSIX shell."""
    return " ".join(_shell_word(w) for w in words)


def _shell_word(word: str) -> str:
    """A word as a person would type it in a POSIX shell: bare, "double-quoted" or 'single'."""
    import shlex

    quoted = shlex.quote(word)
    if quoted == word or "'" not in word:
        return quoted
    if not any(c in word for c in '"$`\\!'):
        return f'"{word}"'
    return quoted


def field_text(value: Any) -> str:
    """A logged value as it is typed: yes/no for flags, lists joined by commas."""
    if type(value) is str:
        return printable(value)  # a note holding an escape sequence is shown, never obeyed
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return printable(",".join(str(v) for v in value))
    return printable(str(value))


def hand_text(fields: Mapping[str, Any]) -> str:
    """A hand as FIELD=VALUE words, as it would be typed (the time logged left out)."""
    words = []
    for k, v in fields.items():
        if k == "at" or k == "corrected":
            continue
        kind = type(v)
        # the most common by far, written as field_text writes them, without its call:
        # `show` words every field of every hand of the sitting
        if kind is int or (kind is str and v.isprintable()):
            words.append(f"{k}={v}")
        else:
            words.append(f"{k}={field_text(v)}")
    return " ".join(words)


SHARED = 2  # a remark in this many hands or more (and in at least half) is said once, not on each


def short_hands(session: Session, st: Standings, style: "Optional[Style]" = None,
                sides: "Optional[Sequence[Sequence[str]]]" = None, first: int = 1) -> str:
    """`show --short`: one line a hand (its number, dealer and effect, then the scores),
    cut with `…` to the width; the remarks many hands share (`before the deal each put 1 red in
    the pool`) said once under the table, with the hands they belong to."""
    columns = [tuple(side) for side in sides] if sides else [(p,) for p in st.players]
    effects = st.effects[first - 1:]
    pieces = [[p for piece in (e.summary, *e.notes) for p in piece.split("; ") if p] for e in effects]
    count: Dict[str, List[int]] = {}
    for i, said in enumerate(pieces, start=first):
        for piece in dict.fromkeys(said):
            count.setdefault(piece, []).append(i)
    shared = {p for p, where in count.items() if len(where) >= max(SHARED, (len(effects) + 1) // 2)}
    rows = []
    for i, said in enumerate(pieces, start=first):
        effect = st.effects[i - 1]
        words = "; ".join(p for p in said if p not in shared)  # the effect says what was played
        rows.append([str(i), effect.dealer or "", words]
                    + [number(effect.scores.get(side[0], "")) for side in columns])
    if not rows:
        return "no hands yet"
    headers = ["#", "dealer", "effect"] + ["-".join(side) for side in columns]
    width = _width(style)
    if width is not None:
        from .terminal import visible_width

        # as fit_table lays them out: each column its widest cell, a header two wider, 2 between
        others = sum(max([visible_width(h) + 2] + [visible_width(r[c]) for r in rows])
                     for c, h in enumerate(headers) if c != 2) + 2 * (len(headers) - 1)
        room = max(width - others, len(headers[2]) + 2)
        for row in rows:
            if visible_width(row[2]) > room:
                row[2] = row[2][:room - 1] + "…"
    table = text_table(rows, headers, width)
    if style is not None:
        from .terminal import cards

        table = cards(table, style)
    notes = [f"{_hands_named(count[p])}: {p}" for p in count if p in shared]
    return table + ("\n\n" + _fit("\n".join(notes), style) if notes else "")


def _hands_named(numbers: Sequence[int]) -> str:
    """`hands 1-13`, `hands 1, 5, 9`."""
    if list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return f"hands {numbers[0]}-{numbers[-1]}"
    return "hands " + ", ".join(map(str, numbers))


REPEAT_AFTER = 20  # lines of hands after which the standings are shown again at the end


def show_text(session: Session, st: Standings, style: "Optional[Style]" = None,
              sides: "Optional[Sequence[Sequence[str]]]" = None, last: Optional[int] = None,
              short: bool = False) -> str:
    """`show`: the standings, the hands (the `last` N only, if given), and when the hands take
    more than REPEAT_AFTER lines the standings again, so that they are at hand at both ends.
    `short`: one line a hand (short_hands)."""
    count = len(session.hands)
    first = max(count - last, 0) + 1 if last is not None else 1
    table = standings_table(st, style)
    parts = [standings_text(session, st, style, table)]
    if first > 1:
        parts.append(_fit(f"hands {first}-{count} of {count} (the last {last}; without --last, "
                          f"every hand)", style))
    hands = (short_hands if short else hands_table)(session, st, style, sides, first)
    parts.append(hands)
    if hands.count("\n") + 1 > REPEAT_AFTER:
        parts.append(_fit(f"standings after hand {count}", style) + "\n" + table)
    return "\n\n".join(parts)


def effect_text(session: Session, st: Standings, style: "Optional[Style]" = None) -> str:
    effect = st.effects[-1]
    lines = "\n".join([f"hand {len(session.hands)}: {effect.summary}"] + list(effect.notes))
    if style is not None:
        from .terminal import cards, fit_lines

        lines = cards(fit_lines(lines, style.width), style)
    return lines + "\n\n" + standings_text(session, st, style)


def hand_json(session: Session, st: Standings) -> str:
    """`hand --json`: the hand as logged (its fields, `at` with its UTC offset), its effect, and
    the standings after it."""
    e = st.effects[-1]
    data: Dict[str, Any] = {
        "name": session.name, "game": st.game, "hand": len(session.hands),
        "fields": dict(session.hands[-1].fields),
        "summary": e.summary, "notes": list(e.notes), "dealer": e.dealer,
        "changes": {p: exact_json(v) for p, v in e.changes.items()},
        "scores": {p: exact_json(st.scores[p]) for p in st.players},
        "next_dealer": st.next_dealer,
    }
    if st.pool is not None:
        data["pool"] = st.pool
    if st.games_won is not None:
        data["games_won"] = dict(st.games_won)
    return _json(data)


def show_json(session: Session, st: Standings, last: Optional[int] = None) -> str:
    data: Dict[str, Any] = {
        "name": session.name,
        "game": st.game,
        "players": list(st.players),
        "hands": len(session.hands),
        "scores": {p: exact_json(st.scores[p]) for p in st.players},
        "next_dealer": st.next_dealer,
        "rules": dict(session.rules),
        "effects": [
            {"hand": i, "summary": e.summary, "notes": list(e.notes), "dealer": e.dealer,
             "changes": {p: exact_json(v) for p, v in e.changes.items()},
             "scores": {p: exact_json(v) for p, v in e.scores.items()}}
            for i, e in enumerate(st.effects, start=1) if last is None or i > len(st.effects) - last
        ],
    }
    if st.pool is not None:
        data["pool"] = st.pool
    if st.games_won is not None:
        data["games_won"] = dict(st.games_won)
    data["finished_games"] = finished_json(st)
    for name, col in st.columns.items():
        data.setdefault("columns", {})[name] = {p: exact_json(v) for p, v in col.items()}
    data.update(st.extra_json)
    import json

    return json.dumps(data, indent=2, ensure_ascii=False, default=str)


def money(cents: int, currency: str) -> str:
    sign = "-" if cents < 0 else ""
    text = f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"
    return f"{text} {printable(currency)}".strip()


def paid(cents: int, s: Settlement) -> str:
    """What a payment is: money at the stake (`2.25 USD`), or with no stake the game's own
    unit (`155 counters`, `4.34 points`): no money nobody asked for."""
    if s.stake is not None:
        return money(cents, s.currency)
    text = money(cents, "")
    text = text[:-3] if text.endswith(".00") else text
    one = abs(cents) == 100
    return f"{text} {s.unit[:-1] if one and s.unit.endswith('s') else s.unit}"


def stake_words(s: Settlement) -> str:
    """`stake 0.25 USD per counter`, or `no stake: in counters`."""
    if s.stake is None:
        return f"no stake: in {s.unit}"
    return f"stake {number(s.stake)} {s.currency}".rstrip() + f" per {s.unit.rstrip('s')}"


def settle_text(session: Session, st: Standings, s: Settlement, style: "Optional[Style]" = None) -> str:
    headers = ["player", f"balance ({s.unit})", "money"]
    rows = [[p, number(s.balances[p]), money(s.money_cents[p], s.currency)] for p in st.players]
    if s.stake is None:  # the balance is what is paid
        headers.pop()
        for row in rows:
            row.pop()
    shares = st.pool_shares
    if shares:  # the score `show` gives, plus the pool's share, is the balance: visibly
        headers[1:1] = ["score", "pool share"]
        for row, p in zip(rows, st.players):
            row[1:1] = [number(st.scores[p]), number(shares[p])]
    stake = stake_words(s)
    if style is not None and style.color:
        from . import terminal

        top = max(s.balances[p] for p in st.players)
        winners = [p for p in st.players if s.balances[p] == top]
        winners = winners if len(winners) < len(st.players) else []  # all level: nobody won

        def paint(i: int, text: str) -> str:  # the winner marked, as show marks the leader
            if i == 0:
                return terminal.leader(text, style) if text in winners else text
            return terminal.figure(text, style)

        table = terminal.table(rows, headers, style, paint=paint)
    else:
        table = text_table(rows, headers, _width(style))
    parts = [_fit(f"{session.name}: settlement ({stake})", style), table]
    remarks = list(st.settle_lines) + _unfinished_game(st)
    if remarks:
        parts.append(_fit("\n".join(remarks), style))
    if s.transfers:
        parts.append(_fit("\n".join(f"{t.payer} pays {t.payee} {paid(t.cents, s)}"
                                    for t in s.transfers), style))
    else:
        parts.append("nobody owes anything")
    return "\n\n".join(parts)


def _unfinished_game(st: "Standings") -> List[str]:
    """Games settled per game pay only finished games: say so when one is under way."""
    if not st.in_progress:
        return []
    scores = ", ".join(f"{p} {number(st.scores[p])}" for p in st.players)
    return [f"the game in progress ({scores}) is not settled: only finished games are paid"]


def money_json(cents: int) -> str:
    """Money in JSON: a decimal string to the cent ("2.25", "-0.07"), never a float."""
    return money(cents, "")


def settle_json(s: Settlement, st: Standings) -> str:
    data = {
        "unit": s.unit,
        "balances": {p: exact_json(s.balances[p]) for p in st.players},
        "stake": number(s.stake) if s.stake is not None else None,
        "currency": s.currency,
        # with no stake there is no money: the amounts paid are in the unit
        "money": {p: money_json(s.money_cents[p]) for p in st.players} if s.stake is not None else None,
        "transfers": [{"from": t.payer, "to": t.payee, "amount": money_json(t.cents)}
                      for t in s.transfers],
    }
    shares = st.pool_shares
    if shares:  # as the table shows them: the score plus the pool's share is the balance
        data["scores"] = {p: exact_json(st.scores[p]) for p in st.players}
        data["pool_shares"] = {p: exact_json(shares[p]) for p in st.players}
    return _json(data)


def _json(data: Any) -> str:
    import json

    return json.dumps(data, indent=2, ensure_ascii=False, default=str)


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


class SafeCsv:
    """csv.writer's rows, as a spreadsheet will not run them: a text cell starting with = + - @
    (a formula such as =HYPERLINK(...) in a note) is written after a ' (as OWASP advises);
    numbers stay numbers."""

    def __init__(self, out: Any) -> None:
        import csv

        self.writer = csv.writer(out, lineterminator="\n")

    def writerow(self, row: Sequence[Any]) -> None:
        self.writer.writerow([f"'{cell}" if isinstance(cell, str) and cell.startswith(_FORMULA_START)
                              and not _is_number(cell) else cell for cell in row])


def _is_number(text: str) -> bool:
    """A signed number, left unquoted: float's syntax, a digit after the sign (no nan, no
    inf). Stray underscores ("-1_", "-1__0", which Decimal read before ffbf6f7) make it text."""
    try:
        float(text)
    except ValueError:
        return False
    return text.strip() == text and text.lstrip("+-")[:1].isdigit()


def export_csv(session: Session, st: Standings, field_order: Sequence[str] = ()) -> str:
    """Every hand as a row: its fields (in `field_order`, the game's own order, then any
    others, note and at last), its effect and the scores after it."""
    import io

    out = io.StringIO()
    used = {k for hand in session.hands for k in hand.fields}
    last = ("note", "at", "corrected")
    names: List[str] = [n for n in field_order if n in used and n not in last]
    for hand in session.hands:
        names.extend(k for k in hand.fields if k not in names and k not in last)
    names.extend(n for n in last if n in used)
    writer = SafeCsv(out)
    writer.writerow(["hand", "dealer"] + names + ["effect"] + [f"score:{p}" for p in st.players])
    for i, (hand, e) in enumerate(zip(session.hands, st.effects), start=1):
        writer.writerow([i, e.dealer or ""] + [field_text(hand.fields.get(n, "")) for n in names]
                        + ["; ".join((e.summary,) + tuple(e.notes))]
                        + [number(e.scores.get(p, "")) for p in st.players])
    return out.getvalue()


def sessions_text(folder: Any, why: str, rows: Sequence[Mapping[str, Any]],
                  width: Optional[int] = None) -> str:
    """`list`: the folder used (and why that one), then one line per sitting."""
    if not rows:
        return fit_lines(f"no sessions in {printable(str(folder))} ({why})", width)
    table = []
    for r in rows:
        if "error" in r:
            table.append([r["name"], "?", f"unreadable: {r['error']}", "", ""])
        elif r.get("kind") == "party":  # a progressive party: its game marked, its players counted
            table.append([r["name"], f"{r['game']} (party)", f"{len(r['players'])} players",
                          str(r["hands"]), _when(r["created"])])
        else:
            game = r["game"] if r["known_game"] else f"{r['game']} (unknown game)"
            table.append([r["name"], game, ", ".join(r["players"]), str(r["hands"]), _when(r["created"])])
    table = [[printable(str(cell)) for cell in row] for row in table]  # a file's name and header, as they are
    return (fit_lines(f"sessions in {printable(str(folder))} ({why})", width) + "\n\n"
            + text_table(table, ["name", "game", "players", "hands", "created"], width))


def _when(created: str) -> str:
    """A sitting's start as people read it in a list, the local time it was written in:
    `2026-11-29 19:31` (the file and --json keep the full ISO 8601 time with its offset)."""
    import re

    found = re.match(r"(\d{4}-\d\d-\d\d)T(\d\d:\d\d)", created)
    return f"{found.group(1)} {found.group(2)}" if found else created


def sessions_json(folder: Any, why: str, rows: Sequence[Mapping[str, Any]]) -> str:
    return _json({"folder": str(folder), "chosen_by": why, "sessions": list(rows)})


def games_json(games: Mapping[str, Listed]) -> str:
    return _json([{"name": name, "title": g.title, "min_players": g.min_players,
                   "max_players": g.max_players, "unit": g.unit} for name, g in games.items()])


def game_help_json(game: Game[Any], fields: Sequence[Any]) -> str:
    return _json({
        "name": game.name, "title": game.title, "description": game.description,
        "min_players": game.min_players, "max_players": game.max_players, "unit": game.unit,
        "rules": [{"name": r.name, "default": r.dump(r.default) if r.default is not None else None,
                   "values": r.values, "help": r.help} for r in game.all_rules()],
        "fields": [{"name": f.name, "required": f.required, "value": f.kind.describe, "help": f.help}
                   for f in fields],
    })


def games_list(games: Mapping[str, Listed], width: Optional[int] = None) -> str:
    rows = [[name, g.title, _players(g), g.unit] for name, g in games.items()]
    return text_table(rows, ["game", "what", "players", "settles in"], width)


def _players(game: Game[Any] | Listed) -> str:
    """`2-4`, or `4` where the game seats exactly four (not `4-4`)."""
    if game.min_players == game.max_players:
        return str(game.min_players)
    return f"{game.min_players}-{game.max_players}"


def game_help(game: Game[Any], fields: Sequence[Any], width: Optional[int] = None) -> str:
    parts = [fit_lines(f"{game.name}: {game.title}", width), fit_lines(game.description, width, hang=""),
             fit_lines(f"players: {_players(game)}; settles in {game.unit}", width)]
    rule_rows = [[r.name, _rule_value(r.default), r.values, r.help] for r in game.all_rules()]
    parts.append("house rules (--rule NAME=VALUE)\n"
                 + text_table(rule_rows, ["rule", "default", "values", "what"], width, below=3))
    field_rows = [[f.name + (" *" if f.required else ""), f.kind.describe, f.help] for f in fields]
    parts.append("hand fields (FIELD=VALUE; * required)\n"
                 + text_table(field_rows, ["field", "value", "what"], width, below=2))
    return "\n\n".join(p for p in parts if p)


def _rule_value(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)
