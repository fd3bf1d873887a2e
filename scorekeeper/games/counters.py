"""Games played with a stack of counters to lose (Slobberhannes, Polignac; rules/001).

Each player starts a game with the same counters; what a deal costs him he puts into the
pool. The player who first loses all his counters loses the game (Polignac: he is decavé)
and pays: by default each other player a counter for each counter that player still holds
("a counter for each point they have still to go"), or with `pay=game` the stake once each.
Then a new game starts. The counters are markers: only the game's payment is money.

Score: the counters each holds in the game under way; their sum plus the pool is always
the players times the counters. At seven the dealer takes no cards and pays nothing.
"""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ..model import Record, Session
from . import target as _target
from .base import Effect, Figure, FinishedGame, Game, Rule, Standings, choice_rule, int_rule
from .history import History
from .seating import in_the_deal, refuse_the_dealer

Loss = Tuple[str, str, int]  # (what, who pays, counters), in the order they are paid


class CountersState(Record):  # counters held this game; games lost; finished games' pay; games; deals (not misdeals)
    __slots__ = ("held", "games_lost", "balances", "games", "deals", "finished")
    def __init__(self, held: Mapping[str, int], games_lost: Mapping[str, int], balances: Mapping[str, int],
                 games: int = 0, deals: int = 0, finished: History[FinishedGame] = History()) -> None:
        self.held, self.games_lost, self.balances, self.games, self.deals = held, games_lost, balances, games, deals
        self.finished = finished


def pay_rule() -> Any:
    return choice_rule("pay", "to-go", "what the loser of a game pays: to-go (each other player "
                       "a counter for each counter he still holds) or game (the stake once to "
                       "each)", "to-go", "game")


class CountersGame(Game[CountersState]):
    """Subclasses give `fields` and `losses(hand, session, dealer, seated)`."""

    default_counters = 10

    @property
    def rules(self) -> Tuple[Rule, ...]:  # type: ignore[override]
        return (int_rule("counters", self.default_counters,
                         "counters each player starts a game with", low=1), pay_rule())

    def losses(self, hand: Mapping[str, Any], session: Session, dealer: str,
               seated: Sequence[str]) -> List[Loss]:
        raise NotImplementedError

    def unit_of(self, session: Session) -> str:
        return "games" if session.rules["pay"] == "game" else "counters"

    # ---------------------------------------------------------------- replay

    def start(self, session: Session) -> CountersState:
        full = {p: session.rules["counters"] for p in session.players}
        zero = {p: 0 for p in session.players}
        return CountersState(full, zero, zero)

    def apply(self, state: CountersState, hand: Dict[str, Any], session: Session,
              index: int) -> Tuple[CountersState, Effect]:
        players = session.players
        dealer = self.dealer(session, state.deals)
        refuse_the_dealer(hand, players, dealer)
        seated = in_the_deal(players, dealer)
        counters = session.rules["counters"]
        # A race to lose every counter (Slobberhannes: "The player who first loses his ten
        # counters also loses the game"; Polignac: "player first losing his counters loses the
        # game"): no one puts in more than he has, and the first to put in his last loses (a
        # target.Race to lose `counters`, capped there, counted here as what each still holds).
        rest_counts = self.rest_of_deal_counts(session)
        held = dict(state.held)
        loser: Optional[str] = None
        paid: List[str] = []
        dropped = 0  # what the others would still have paid after the game was lost
        for what, who, n in self.losses(hand, session, dealer, seated):
            if loser is not None and not rest_counts:
                if who != loser:
                    dropped += n
                continue
            counted = min(n, held[who])
            if counted:
                held[who] -= counted
                paid.append(f"{who} -{counted} ({what})")
                if loser is None and counted > 0 and held[who] <= 0:
                    loser = who
        changes = {p: held[p] - state.held[p] for p in players}
        summary = ", ".join(paid) or "nobody pays"
        summary += f"; pool {len(players) * counters - sum(held.values())}"  # what nobody holds
        notes: Tuple[str, ...] = ()
        # unchanged mappings are shared by the states: no state is ever changed once made
        games_lost, balances, games = state.games_lost, state.balances, state.games
        finished = state.finished
        if loser is not None:
            # the game is lost by one; every other player is paid: the game credits them all
            finished = finished.plus(_target.finished_game(
                len(finished) + 1, index, held, [p for p in players if p != loser]))
            payments = self.payments(loser, held, session)
            balances = dict(balances)
            for p, amount in payments.items():
                balances[p] += amount
            games_lost = dict(games_lost)
            games_lost[loser] += 1
            games += 1
            owed = ", ".join(f"{p} {amount}" for p, amount in payments.items() if p != loser and amount)
            rest = (f"; the rest of the deal does not count ({dropped} counter"
                    f"{'s' if dropped > 1 else ''})" if dropped else "")
            notes = (f"{loser} has lost all his counters and loses the game: pays "
                     f"{owed or 'nobody anything'}{rest}; a new game starts",)
        effect = Effect(summary, changes, held, dealer, notes)  # held is never changed again
        if loser is not None:
            held = {p: counters for p in players}
        deals = state.deals + (0 if self.dealt_again(hand) else 1)
        return CountersState(held, games_lost, balances, games, deals, finished), effect

    def dealt_again(self, hand: Mapping[str, Any]) -> bool:
        """Whether the same dealer deals again (Slobberhannes: after a misdeal)."""
        return False

    def rest_of_deal_counts(self, session: Session) -> bool:
        """Whether the rest of the deal is paid after a player has lost his last counter (and
        the others are paid for what they hold at the end of the deal), or the game ends the
        moment he goes out. Polignac: the deal is paid to its end (the order in which its
        Jacks were taken is not logged)."""
        return True

    def figures(self, values: Mapping[str, Any], before: CountersState, after: CountersState,
                effect: Effect, session: Session) -> Sequence[Figure]:
        """Counters paid each deal played (not at seven by the dealer sitting out), games lost."""
        seated = in_the_deal(session.players, effect.dealer or "")
        found = [] if self.dealt_again(values) else \
            [Figure(p, "counters paid per deal", -effect.changes[p], "mean") for p in seated]
        return found + [Figure(p, "games lost") for p in session.players
                        if after.games_lost[p] > before.games_lost[p]]

    def in_pool(self, state: CountersState, session: Session) -> int:
        counters: int = session.rules["counters"]
        return len(session.players) * counters - sum(state.held.values())

    def payments(self, loser: str, held: Mapping[str, int], session: Session) -> Dict[str, int]:
        """What the loser of the game pays each other player (and so loses)."""
        if session.rules["pay"] == "game":
            owed = {p: (1 if p != loser else 0) for p in session.players}
        else:
            owed = {p: (held[p] if p != loser else 0) for p in session.players}
        owed[loser] = -sum(owed.values())
        return owed

    def finish(self, state: CountersState, effects: Tuple[Effect, ...], session: Session) -> Standings:
        players, counters = session.players, session.rules["counters"]
        pool = self.in_pool(state, session)
        lost = ", ".join(f"{p} {state.games_lost[p]}" for p in players)
        return Standings(
            game=self.name, players=players, scores=dict(state.held), effects=effects,
            unit=self.unit_of(session), balances=dict(state.balances),
            next_dealer=self.dealer(session, state.deals),
            columns={"lost": dict(state.games_lost)},
            # only a finished game is paid; a fresh game (everyone's stack whole) is not under way
            in_progress=any(state.held[p] != counters for p in players), finished_games=state.finished.values(),
            lines=(f"each starts a game with {counters} counters; {pool} in the pool this game",),
            extra_json={"counters_in_pool": pool, "games_lost": dict(state.games_lost),
                        "games_finished": state.games},
            settle_lines=(f"games lost: {lost} ("
                          + ("the loser pays each other player the stake"
                             if session.rules["pay"] == "game" else
                             "the loser pays each other player a counter for each counter he "
                             "still holds") + ")",))
