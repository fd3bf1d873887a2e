"""The season's statistics as a table for people and as JSON for programs: values in, strings out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Optional

from .sitting import text_table, fit_lines, json_number, money, number

if TYPE_CHECKING:
    from ..stats import NightResult, PlayerSeason, Season, Tally


def money_text(amounts: Dict[str, int]) -> str:
    """Money won or lost in each currency: `+2.25 USD, -1.00 GBP` (a currency that came to
    nothing is left out, unless all did)."""
    shown = {cur: cents for cur, cents in amounts.items() if cents} or amounts
    if not shown:
        return "0.00"
    return ", ".join(_signed(cents, cur) for cur, cents in sorted(shown.items()))


def _signed(cents: int, currency: str) -> str:
    return ("+" if cents > 0 else "") + money(cents, currency)


def night_text(n: Optional["NightResult"]) -> str:
    return f"{n.sitting} ({_signed(n.cents, n.currency)})" if n is not None else ""


def tally_text(t: "Tally") -> str:
    if t.how != "mean":
        return number(t.total)
    text = f"{number(t.value)} over {t.count}"
    if t.expected is not None:
        text += f" (exact expectation {number(t.expected)})"
    return text


def stats_text(season: "Season", folder: str, width: Optional[int] = None) -> str:
    def plural(n: int, word: str) -> str:
        return f"{n} {word}{'' if n == 1 else 's'}"

    parts = [fit_lines(f"season: {plural(season.sittings, 'sitting')}, {plural(season.hands, 'hand')} "
                       f"(in {folder})", width)]
    players = list(season.players.values())
    if players:
        rows = [[p.name, str(p.sittings), str(p.hands), str(p.games_won), money_text(p.money),
                 night_text(p.best), night_text(p.worst)] for p in players]
        parts.append(text_table(rows, ["player", "sittings", "hands", "games won", "money",
                                   "best night", "worst night"], width))
        rows = [[p.name, game, str(g.sittings), str(g.hands), str(g.games_won),
                 f"{_plus(g.net)} {_unit(g.net, g.unit)}"]
                for p in players for game, g in sorted(p.by_game.items())]
        parts.append("by game\n" + text_table(rows, ["player", "game", "sittings", "hands",
                                                 "games won", "net"], width, key=2))
        rows = [[p.name, game, name, tally_text(t)]
                for p in players for game, figures in sorted(p.figures.items())
                for name, t in figures.items()]
        if rows:
            parts.append("figures\n" + text_table(rows, ["player", "game", "figure", "value"], width, key=2))
    else:
        parts.append("no sittings to count")
    if season.failed:
        parts.append(fit_lines("failed to load (not counted)\n" + "\n".join(str(f) for f in season.failed),
                               width))
    if season.parties:
        parts.append(fit_lines("progressive parties (not sittings: scorekeeper party show NAME)\n"
                               + "\n".join(f.file for f in season.parties), width))
    return "\n\n".join(parts)


def _unit(value: Any, unit: str) -> str:
    """`1 game`, `-1 game`, `2 games`, `0.50 points`: the unit as the figure says it."""
    return unit[:-1] if unit.endswith("s") and number(value).lstrip("+-") == "1" else unit


def _plus(value: Any) -> str:
    text = number(value)
    return text if text.startswith("-") or text in ("0", "0.00") else "+" + text


def decimal_money(cents: int) -> str:
    """Money for JSON: a decimal string, "2.25"."""
    return money(cents, "")


def stats_json(season: "Season") -> str:
    data = {
        "sittings": season.sittings,
        "hands": season.hands,
        "players": {p.name: _player_json(p) for p in season.players.values()},
        "failed": [{"file": f.file, "error": f.error, "line": f.line} for f in season.failed],
        "parties": [f.file for f in season.parties],
    }
    import json  # here, not at the top: only --json needs it

    return json.dumps(data, indent=2, ensure_ascii=False)


def _player_json(p: "PlayerSeason") -> Dict[str, Any]:
    return {
        "sittings": p.sittings,
        "hands": p.hands,
        "games_won": p.games_won,
        "money": {cur: decimal_money(cents) for cur, cents in sorted(p.money.items())},
        "by_game": {game: {"sittings": g.sittings, "hands": g.hands, "games_won": g.games_won,
                           "net": json_number(g.net), "unit": g.unit}
                    for game, g in sorted(p.by_game.items())},
        "best_night": _night_json(p.best),
        "worst_night": _night_json(p.worst),
        "figures": {game: {name: _tally_json(t) for name, t in figures.items()}
                    for game, figures in sorted(p.figures.items())},
    }


def _night_json(n: Optional["NightResult"]) -> Optional[Dict[str, Any]]:
    if n is None:
        return None
    return {"sitting": n.sitting, "game": n.game, "money": decimal_money(n.cents),
            "currency": n.currency}


def _tally_json(t: "Tally") -> Dict[str, Any]:
    out: Dict[str, Any] = {"count": t.count}
    if t.how == "mean":
        out["mean"] = json_number(t.value)
        if t.expected is not None:
            out["expected"] = json_number(t.expected)
    else:
        out["total"] = json_number(t.total)
    return out
