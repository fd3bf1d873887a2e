"""Cinch (Double Pedro, High Five) and its forms: the partnership game, Sixty-three,
Auction Cinch (Razzle-dazzle) and two- or three-handed Cinch.

The laws are Foster's (rules/002 "CINCH, DOUBLE PEDRO, OR HIGH FIVE" and its "CINCH LAWS",
repeated in rules/000 with the four illustrative hands). Fourteen points are made on every
deal; the side that took more scores the difference (scoring by deduction); a side that
fails its bid scores nothing and its adversaries add the bid to what they took.

Everything here is pure: the scoring of one deal is `score_deal`, a function of numbers,
and the games only work out who the sides are and what each side took.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ...fields import PLAYER, PLAYERS, SUIT, Field, cards, integer
from ...model import Record, ScorekeeperError, Session
from .. import sides as _sides
from .. import target as _target
from .. import words
from ..base import Effect, Figure, FinishedGame, Game, Rule, Standings, bool_rule, choice_rule, int_rule

if TYPE_CHECKING:
    from ...cards import Card, Suit

# ---------------------------------------------------------------- the counting cards

# Scoring (rules/002, CINCH LAWS): "1 for High, or the Ace of trumps. 1 for Low, or the
# Deuce of trumps. 1 for the Jack of trumps. 1 for Game, or the Ten of trumps. 5 for Right
# Pedro, or the Five of trumps. 5 for Left Pedro, or Five of the same colour as the trump."
# (Each rank by its name in cards.Rank: the cards are imported only by a hand that names them.)
CINCH_POINTS: Tuple[Tuple[str, str, int], ...] = (
    ("High", "ACE", 1), ("Low", "TWO", 1), ("Jack", "JACK", 1), ("Game", "TEN", 1), ("Right Pedro", "FIVE", 5))
LEFT_PEDRO_POINTS = 5
# Sixty-three (rules/002, VARIATIONS): "King of trumps, 25; trey of trumps, 15; nine of
# trumps, 9", with the usual points: 63 in all.
SIXTY_THREE_EXTRA: Tuple[Tuple[str, str, int], ...] = (("King", "KING", 25), ("Trey", "THREE", 15), ("Nine", "NINE", 9))


def left_pedro(trump: Suit) -> Card:
    """The Five of the other suit of the trump's colour: a trump between the 5 and the 4."""
    from ...cards import Card, Rank

    return Card(Rank.FIVE, trump.same_colour)


def counting_cards(trump: Suit, sixty_three: bool = False) -> Dict[Card, Tuple[str, int]]:
    """Each counting card with its name and points, for this trump."""
    from ...cards import Card, Rank

    table = CINCH_POINTS + (SIXTY_THREE_EXTRA if sixty_three else ())
    found = {Card(Rank[rank], trump): (name, points) for name, rank, points in table}
    found[left_pedro(trump)] = ("Left Pedro", LEFT_PEDRO_POINTS)
    return found


def points_of(taken: Sequence[Card], trump: Suit, sixty_three: bool = False, field: str = "took") -> int:
    """The points in these counting cards; anything that is not a counting card is refused."""
    table = counting_cards(trump, sixty_three)
    total = 0
    for card in taken:
        if card not in table:
            valid = " ".join(str(c) for c in table)
            raise ScorekeeperError(
                f"{field}: {card} is not a counting card with {trump.name.lower()} trumps "
                f"(the counting cards are {valid})", field=field)
        total += table[card][1]
    return total


# ---------------------------------------------------------------- scoring one deal


SCORINGS = ("deduct", "setback", "eight")


class DealScore:
    """What each side scores on one deal (negative only under the old set-back scoring). A
    plain class: only read by name, and cheaper to import than a NamedTuple."""

    __slots__ = ("bidders", "adversaries", "how")

    def __init__(self, bidders: int, adversaries: int, how: str) -> None:
        self.bidders = bidders          # the bidder's side (the maker of the trump's side)
        self.adversaries = adversaries
        self.how = how                  # in words, as the table would say it


def score_deal(scoring: str, bid: int, made: int, against: int, *,
               bidders_penalised: bool = False, adversaries_penalised: bool = False,
               adversary_revoked: bool = False, adversary_foul: str = "score-all") -> DealScore:
    """Score one deal between the bidder's side and its adversaries.

    `bid` 0 means nobody bid (the dealer named the trump): such a side cannot fail.
    A penalised side (revoke, or a foul hand) scores nothing and its adversaries deduct
    nothing. `adversary_revoked`: an adversary of the bidder revoked, so the bidder's side
    scores all it took whatever it bid (CINCH LAWS, The Revoke). `adversary_foul`: a foul hand
    of an adversary when the bid failed: "score-all", the book's SCORING ("If either side has
    incurred a penalty which prevents them from scoring ... the adversaries have nothing to
    deduct, and score all they make"), or "bid-counts" (house rule: the bid must still be made).
    """
    failed = made < bid  # "The number bid and the number actually won must be compared
    #                      before deducting the points made by the adversaries."
    if bidders_penalised and adversaries_penalised:
        return DealScore(0, 0, "both sides penalised: neither scores")
    if bidders_penalised:
        # Our choice: a penalised side that also failed its bid still pays the bid (else a
        # revoke would cost less than an honest failure). Set back by it under `setback`.
        bidders = -bid if (failed and scoring == "setback") else 0
        extra = bid if (failed and scoring != "setback") else 0
        words = "bidder's side penalised: scores nothing; adversaries score all they took"
        if extra:
            words += f" and the {bid} bid"
        return DealScore(bidders, against + extra, words)
    if adversaries_penalised:
        if adversary_revoked or not failed or adversary_foul == "score-all":
            return DealScore(made, 0, "adversaries penalised: bidder's side scores all it took")
        bidders = -bid if scoring == "setback" else 0
        return DealScore(bidders, 0, "adversaries penalised, and the bid failed: nobody scores")
    if scoring == "setback":
        # The old way (SCORING): no deduction; a side that fails is set back the bid.
        if failed:
            return DealScore(-bid, against, f"set back {bid}; adversaries score what they took")
        return DealScore(made, against, "each side scores what it took")
    if failed:
        return DealScore(0, against + bid, f"set: adversaries score {against} taken + {bid} bid")
    if scoring == "eight":
        # VARIATIONS: "if the bidder's side do not make at least 8 points they cannot score
        # anything ... If both sides score 7, neither having bid more than 7, neither scores.
        # If one side bids 6, and makes 8, it scores 8; but the adversaries score the 6 they
        # make." The 8 binds only the bidder's side: the adversaries score what they took in
        # every example, except the 7 each (with blind_draw, bid 6 and 6 against 7: 0 and 7).
        if made >= 8:
            return DealScore(made, against, "8 or more: each side scores what it took")
        if made == against == 7:
            return DealScore(0, 0, "7 each: neither scores")
        return DealScore(0, against, "bidder's side under 8 scores nothing; adversaries score "
                                     "what they took")
    difference = made - against
    if difference > 0:
        return DealScore(difference, 0, f"{made} - {against}")
    if difference < 0:
        return DealScore(0, -difference, f"{against} - {made}")
    return DealScore(0, 0, "a tie: neither side scores")


# ---------------------------------------------------------------- state


class CinchState(Record):  # per player: this game's scores, balances in games; the last deal's bidder_side
    __slots__ = ("scores", "balances", "last_dealer", "bidder_side", "finished")
    def __init__(self, scores: Mapping[str, int], balances: Mapping[str, int], last_dealer: Optional[str],
                 bidder_side: Tuple[str, ...] = (), finished: Sequence[FinishedGame] = ()) -> None:
        self.scores, self.balances, self.last_dealer, self.bidder_side = scores, balances, last_dealer, bidder_side
        self.finished = finished


def _names(who: Any) -> str:
    """One player, or the players of a field that takes several (revoke=A,Y)."""
    return who if isinstance(who, str) else " and ".join(who)


_sides_name = _sides.side_name  # "A-B"


def _trump_name(trump: Optional[Suit]) -> str:
    return f" in {trump.name.lower()}" if trump is not None else ""


# ---------------------------------------------------------------- the partnership game


class Cinch(Game[CinchState]):
    """Four players, 1st and 3rd against 2nd and 4th (Foster's A Y B Z: A-B against Y-Z)."""

    name = "cinch"
    description = ("Players in seating order: the 1st and 3rd are partners against the 2nd and "
                   "4th. Each deal give the bidder and bid (bid=0: nobody bid, the dealer named "
                   "the trump) and the points the bidder's side took (made=N; against= defaults "
                   "to the rest of the 14), or the counting cards it took (took=AH,2H,5D with "
                   "trump=H). Scoring by deduction; a side that fails its bid scores nothing and "
                   "the adversaries add the bid. Game is 51. Settlement: each player of the "
                   "losing side pays a player of the winning side the stake per game.")
    deal_points = 14
    max_bid = 14
    sixty_three = False
    default_game = 51
    scorings: Tuple[str, ...] = SCORINGS
    scoring_help = ("deduct: the lower total is deducted from the higher (the book's way); "
                    "setback: the old way, each side scores what it takes and a side that fails "
                    "is set back the bid; eight: the bidder's side must take at least 8 to score")

    @property
    def rules(self) -> Tuple[Rule, ...]:  # type: ignore[override]
        return (
            choice_rule("scoring", self.scorings[0], self.scoring_help, *self.scorings),
            int_rule("game", self.default_game, "points that win a game", low=1),
            bool_rule("blind_draw", False,
                      "the dealer draws from the top; counting cards left in the pack count "
                      "for nobody (made + against may be under the deal's points)"),
            choice_rule("adversary_foul", "score-all",
                        "a foul hand of an adversary when the bid failed: score-all (the book's "
                        "SCORING: the bidder's side, having nothing to deduct, scores all it "
                        "made) or bid-counts (it scores nothing, as if the bid still had to be "
                        "made)", "score-all", "bid-counts"),
            choice_rule("display", "score",
                        "score: points and points to go; pullup: also the pull-up counter "
                        "(start at 10 up, peg out at the game hole, 10 + game)",
                        "score", "pullup"),
        )

    # -- fields

    def bid_fields(self) -> List[Field]:
        return [
            Field("bidder", PLAYER, "who made the highest bid and named the trump"),
            Field("bid", integer(0, self.max_bid),
                  "points bid (0: nobody bid and the dealer named the trump)", required=True),
        ]

    def fields(self, session: Session) -> List[Field]:
        n = self.deal_points
        return self.bid_fields() + self.side_fields(session) + [
            Field("made", integer(0, n), "points the bidder's side took"),
            Field("against", integer(0, n), f"points the other side took (default {n} - made)"),
            Field("took", cards(), "instead of made/against: the counting cards the bidder's "
                                   "side took, e.g. AH,2H,5D (needs trump=)"),
            Field("discards", cards(), "counting trumps found in the discards (they count for "
                                       "the side that made the trump)"),
            Field("pack", cards(), "with blind_draw=on: counting cards left in the pack "
                                   "(they count for nobody)"),
            Field("trump", SUIT, "the trump suit named"),
            Field("dealer", PLAYER, "who dealt, when not the next in turn (after a misdeal)"),
            Field("revoke", PLAYERS, "the player(s) whose revoke was claimed: his side scores "
                                     "nothing (revoke=A,Y: both sides revoked, neither scores)"),
            Field("foul", PLAYER, "a player found with too many cards: his side scores nothing"),
        ]

    def side_fields(self, session: Session) -> List[Field]:
        return []

    def score_sides(self, session: Session) -> Optional[Tuple[Tuple[str, ...], ...]]:
        found = self.fixed_sides(session)
        return found if any(len(side) > 1 for side in found) else None

    def prompt_fields(self, session: Session, answers: Optional[Mapping[str, str]] = None) -> Sequence[str]:
        # a plain hand is bidder, bid and made; against, took and the rest are exceptions
        return ("bidder", "made") + tuple(super().prompt_fields(session))

    # -- sides and who wins a game

    def sides(self, session: Session, maker: str, hand: Mapping[str, Any]) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
        """(the maker's side, the adversaries)."""
        first, second = _sides.partnerships(session.players)
        return (first, second) if maker in first else (second, first)

    def fixed_sides(self, session: Session) -> Tuple[Tuple[str, ...], ...]:
        return _sides.partnerships(session.players)  # A-B against Y-Z: partners opposite

    def game_winners(self, scores: Mapping[str, int], target: int,
                     bidder_side: Sequence[str], maker: str,
                     rules: Optional[Mapping[str, Any]] = None) -> Tuple[str, ...]:
        """The side that reached the game. If both did on one deal (only possible when both
        sides score on a deal: setback or eight), the bidder's side goes out first."""
        reached = _target.reached(scores, target)
        if not reached:
            return ()
        if any(p in bidder_side for p in reached):
            return tuple(bidder_side)
        return tuple(p for p in scores if p not in bidder_side)

    def won_note(self, winners: Sequence[str], session: Session) -> str:
        return f"{_sides_name(winners)} win the game; a new game starts"

    def game_payments(self, winners: Sequence[str], session: Session) -> Dict[str, int]:
        """Partnerships: each loser pays one winner the stake for the game."""
        return {p: (1 if p in winners else -1) for p in session.players}

    def end_of_deal(self, state: CinchState, index: int, dealer: str, summary: str,
                    changes: Mapping[str, int], scores: Mapping[str, int], winners: Sequence[str],
                    bidder_side: Sequence[str], session: Session) -> Tuple[CinchState, Effect]:
        """How every form of Cinch ends a deal: a game won (`winners`, the players it credits)
        is paid, reported with every side's final score and noted, and a new game starts."""
        notes: Tuple[str, ...] = ()
        balances, finished = dict(state.balances), state.finished
        if winners:
            for p, paid in self.game_payments(winners, session).items():
                balances[p] += paid
            finished = _target.game_over(finished, index, scores, winners, self.fixed_sides(session))
            notes = (self.won_note(winners, session),)
        effect = Effect(summary, dict(changes), dict(scores), dealer, notes)
        if winners:
            scores = {p: 0 for p in session.players}
        return CinchState(dict(scores), balances, dealer, tuple(bidder_side), finished), effect

    # -- replay

    def start(self, session: Session) -> CinchState:
        zero = {p: 0 for p in session.players}
        return CinchState(zero, zero, None)

    def next_dealer(self, state: CinchState, session: Session) -> str:
        players = session.players
        if state.last_dealer is None:
            return session.rules.get("first_dealer") or players[0]
        return players[(players.index(state.last_dealer) + 1) % len(players)]

    def apply(self, state: CinchState, hand: Dict[str, Any], session: Session,
              index: int) -> Tuple[CinchState, Effect]:
        rules = session.rules
        dealer, bid, maker = self.deal_opened(state, hand, session)
        bidder_side, adversaries = self.sides(session, maker, hand)
        made, against = self.points_taken(hand, rules)
        penalised = self.penalised(hand, bidder_side, adversaries)
        result = score_deal(rules["scoring"], bid, made, against,
                            bidders_penalised=penalised["bidders"],
                            adversaries_penalised=penalised["adversaries"],
                            adversary_revoked=any(p in adversaries for p in hand.get("revoke", ())),
                            adversary_foul=rules.get("adversary_foul", "score-all"))
        changes = {p: (result.bidders if p in bidder_side else result.adversaries)
                   for p in session.players}
        scores = {p: state.scores[p] + changes[p] for p in session.players}
        summary = self.summary(hand, maker, bid, bidder_side, adversaries, made, against, result)
        winners = self.game_winners(scores, rules["game"], bidder_side, maker, rules)
        return self.end_of_deal(state, index, dealer, summary, changes, scores, winners,
                                bidder_side, session)

    def deal_opened(self, state: CinchState, hand: Mapping[str, Any],
                    session: Session) -> Tuple[str, int, str]:
        """Who dealt, the bid, and who named the trump: how every form of Cinch opens a deal."""
        dealer = hand.get("dealer") or self.next_dealer(state, session)
        return dealer, hand["bid"], self.maker(hand, dealer)

    def maker(self, hand: Mapping[str, Any], dealer: str) -> str:
        """Who named the trump: the bidder, or with no bid the dealer ("If no bid is made,
        the dealer may name any trump he pleases, without bidding")."""
        bid, bidder = hand["bid"], hand.get("bidder")
        if bid == 0:
            if bidder is not None and bidder != dealer:
                raise ScorekeeperError(
                    f"bidder: bid=0 means nobody bid and the dealer ({dealer}) named the trump, "
                    f"got bidder={bidder}; leave bidder out or give the bid", field="bidder")
            return dealer
        if bidder is None:
            raise ScorekeeperError(f"bidder is missing: who bid {bid}? (a player's name)", field="bidder")
        return str(bidder)

    def points_taken(self, hand: Mapping[str, Any], rules: Mapping[str, Any]) -> Tuple[int, int]:
        """(made, against): given as numbers, or worked out from the counting cards taken."""
        n, blind = self.deal_points, rules["blind_draw"]
        if "pack" in hand and not blind:
            raise ScorekeeperError("pack: counting cards are left in the pack only with "
                                   "--rule blind_draw=on; otherwise give them to a side", field="pack")
        if "took" in hand or "discards" in hand or "pack" in hand:
            return self.points_from_cards(hand, rules)
        if "made" not in hand:
            raise ScorekeeperError(f"made is missing: the points the bidder's side took "
                                   f"(0 to {n}; made=0 if it took none), or took=CARDS with "
                                   f"trump=", field="made")
        made = hand["made"]
        if "against" not in hand:
            if blind:
                raise ScorekeeperError("against is missing: with blind_draw=on give the points "
                                       "the other side took (cards left in the pack count "
                                       "for nobody)", field="against")
            return made, n - made
        against = hand["against"]
        if made + against > n:
            raise ScorekeeperError(f"against: made {made} + against {against} = {made + against}, "
                                   f"more than the {n} points of a deal", field="against")
        if made + against < n and not blind:
            raise ScorekeeperError(
                f"against: made {made} + against {against} = {made + against}, but all {n} points "
                f"are made on every deal (leave against out, or --rule blind_draw=on)",
                field="against")
        return made, against

    def points_from_cards(self, hand: Mapping[str, Any], rules: Mapping[str, Any]) -> Tuple[int, int]:
        for name in ("made", "against"):
            if name in hand:
                raise ScorekeeperError(f"{name}: give either made/against or the cards "
                                       f"(took, discards, pack), not both", field=name)
        trump = hand.get("trump")
        if trump is None:
            raise ScorekeeperError("trump is missing: the counting cards depend on the trump "
                                   "suit (trump=H)", field="trump")
        seen: Dict[Card, str] = {}
        totals = {}
        for name in ("took", "discards", "pack"):
            for card in hand.get(name, ()):
                if card in seen:
                    raise ScorekeeperError(f"{name}: {card} is also in {seen[card]}", field=name)
                seen[card] = name
            totals[name] = points_of(hand.get(name, ()), trump, self.sixty_three, name)
        # "Any trumps found among the discards at the end of the hand count for the side
        # that made the trump." Counting cards not listed were taken by the adversaries.
        made = totals["took"] + totals["discards"]
        against = self.deal_points - made - totals["pack"]
        return made, against

    def penalised(self, hand: Mapping[str, Any], bidder_side: Sequence[str],
                  adversaries: Sequence[str]) -> Dict[str, bool]:
        culprits = list(hand.get("revoke", ())) + ([hand["foul"]] if "foul" in hand else [])
        return {"bidders": any(p in bidder_side for p in culprits),
                "adversaries": any(p in adversaries for p in culprits)}

    def summary(self, hand: Mapping[str, Any], maker: str, bid: int, bidder_side: Sequence[str],
                adversaries: Sequence[str], made: int, against: int, result: DealScore) -> str:
        trump = _trump_name(hand.get("trump"))
        opening = (f"{maker} bid {bid}{trump}" if bid else f"no bid, {maker} named the trump{trump}")
        ours, theirs = self.side_label(bidder_side), self.side_label(adversaries)
        penalties = "".join(f", {_names(hand[k])} {'revoked' if k == 'revoke' else 'foul hand'}"
                            for k in ("revoke", "foul") if k in hand)
        scored = []
        for label, points in ((ours, result.bidders), (theirs, result.adversaries)):
            if points:
                scored.append(f"{label} {points:+d}")
        outcome = ", ".join(scored) or "nobody scores"
        return (f"{opening}; {ours} took {made}, {theirs} {against}{penalties}: "
                f"{outcome} ({result.how})")

    def side_label(self, side: Sequence[str]) -> str:
        return _sides_name(side)

    def race_target(self, session: Session) -> Optional[int]:
        target: Optional[int] = session.rules["game"]  # "Game is 51" (or the house's `game`)
        return target

    def describe(self, values: Mapping[str, Any], session: Session) -> str:
        """"Bob bid 7 in spades and made 9"; "nobody bid, the dealer named clubs; his side made
        7"; each for himself, "Ann bid 7 in hearts; Ann took 8, Bob 4, Cid 2"."""
        trump = values.get("trump")
        if values["bid"]:
            opening = f"{values.get('bidder')} bid {values['bid']}{_trump_name(trump)}"
            side = "the bidder's side"
        else:
            opening = f"nobody bid, the dealer named {words.suit(trump) if trump else 'the trump'}"
            side = "the dealer's side"
        if "partner" in values:
            opening += f" with {values['partner']} as partner"
        if "made" in values:
            opening += f" and made {values['made']}" if values["bid"] else f"; {side} made {values['made']}"
        took = words.each(values, session.players, "took")
        return words.sentence(
            opening, took,
            f"the others took {values['against']}" if "against" in values else "",
            f"{side} took {words.cards(values['took'])}" if "took" in values else "",
            f"in the discards {words.cards(values['discards'])}" if "discards" in values else "",
            f"left in the pack {words.cards(values['pack'])}" if "pack" in values else "",
            f"{values['dealer']} dealt" if "dealer" in values else "",
            f"{words.names(values['revoke'])} revoked" if "revoke" in values else "",
            f"{values['foul']} held a foul hand" if "foul" in values else "")

    # -- season statistics

    def figures(self, values: Mapping[str, Any], before: CinchState, after: CinchState,
                effect: Effect, session: Session) -> Sequence[Figure]:
        """Bids made and set, by bid, for the bidder (a deal with no bid has neither)."""
        bid = values["bid"]
        if not bid:
            return ()
        bidder = self.maker(values, effect.dealer or "")
        made = self.bidders_points(values, session, bidder)
        # "The number bid and the number actually won must be compared" (as score_deal does)
        outcome = "made" if made >= bid else "set"
        return (Figure(bidder, f"bids {outcome}"), Figure(bidder, f"bid {bid} {outcome}"))

    def bidders_points(self, values: Mapping[str, Any], session: Session, bidder: str) -> int:
        """The points the bidder's side took on a deal (compared with the bid)."""
        return self.points_taken(values, session.rules)[0]

    # -- standings

    def finish(self, state: CinchState, effects: Tuple[Effect, ...], session: Session) -> Standings:
        target = session.rules["game"]
        scores = dict(state.scores)
        columns: Dict[str, Dict[str, Any]] = {"to go": {p: target - scores[p] for p in scores}}
        if session.rules.get("display") == "pullup":
            # SCORING: "When the game is counted on a pull-up cribbage marker, it is usual to
            # start with ten up, and peg out to the game-hole, or 61."
            columns["pull-up"] = {p: 10 + scores[p] for p in scores}
        lines = self.remarks(state, session)
        next_dealer = self.next_dealer(state, session)
        return Standings(
            game=self.name, players=session.players, scores=scores, effects=effects,
            unit=self.unit, balances=dict(state.balances), next_dealer=next_dealer,
            games_won=self.games_won(state, session), columns=columns, lines=lines,
            extra_json=self.extra_json(state, session), settle_lines=self.settle_remarks(state, session),
            in_progress=any(scores.values()), finished_games=state.finished)

    def games_won(self, state: CinchState, session: Session) -> Dict[str, int]:
        return _target.games_won(state.finished, session.players)

    def remarks(self, state: CinchState, session: Session) -> Tuple[str, ...]:
        target, won = session.rules["game"], self.games_won(state, session)
        parts = []
        for side in self.fixed_sides(session):
            s = state.scores[side[0]]
            parts.append(f"{_sides_name(side)} {s} ({target - s} to go, "
                         f"{won[side[0]]} game{'s' if won[side[0]] != 1 else ''} won)")
        lines = ["; ".join(parts)]
        if session.rules.get("display") == "pullup":
            lines.append(f"pull-up counter: start at 10 up, game hole {10 + target}")
        return tuple(lines)

    def extra_json(self, state: CinchState, session: Session) -> Dict[str, Any]:
        target, won = session.rules["game"], self.games_won(state, session)
        return {"sides": {_sides_name(side): {"players": list(side), "score": state.scores[side[0]],
                                              "to_go": target - state.scores[side[0]],
                                              "games_won": won[side[0]]}
                          for side in self.fixed_sides(session)}}

    def settle_remarks(self, state: CinchState, session: Session) -> Tuple[str, ...]:
        a, b = self.fixed_sides(session)
        won = self.games_won(state, session)
        wa, wb = won[a[0]], won[b[0]]
        return (f"games won: {_sides_name(a)} {wa}, {_sides_name(b)} {wb}; balance of games: "
                f"{_sides_name(a)} {wa - wb:+d}, {_sides_name(b)} {wb - wa:+d} "
                f"(each player of the losing side pays one of the winning side per game)",)


# ---------------------------------------------------------------- Sixty-three


class SixtyThree(Cinch):
    """Sixty-three (VARIATIONS): the partnership game with King 25, trey 15, nine 9."""

    name = "sixty-three"
    description = ("Cinch in partnerships (1st and 3rd against 2nd and 4th) with three more "
                   "counting trumps: King 25, trey 15, nine 9, so 63 points are made on every "
                   "deal. Several rounds of bidding (log only the final bid, up to 63). "
                   "Game is 150. Fields as in cinch.")
    deal_points = 63
    max_bid = 63
    sixty_three = True
    default_game = 150
    # The 8-point variation is a rule about 14 points; it has no meaning for 63.
    scorings = ("deduct", "setback")
    scoring_help = ("deduct: the lower total is deducted from the higher; setback: each side "
                    "scores what it takes and a side that fails is set back the bid")


# ---------------------------------------------------------------- Auction Cinch


class AuctionCinch(Cinch):
    """Auction Cinch or Razzle-dazzle: five or six, each for himself; the bidder calls a
    partner by naming a card, and the two play against the rest (VARIATIONS)."""

    name = "cinch-auction"
    description = ("Each for himself. The bidder calls the holder of a card as his partner "
                   "(partner=NAME; leave it out if the card was his own or not in play: he plays "
                   "alone); the two play against the rest, and each member of a side scores the "
                   "side's result. made/took are the points of the bidder's side. The first "
                   "player to 51 wins the game; each other player pays him the stake.")

    def side_fields(self, session: Session) -> List[Field]:
        return [Field("partner", PLAYER, "the holder of the card the bidder called")]

    def sides(self, session: Session, maker: str, hand: Mapping[str, Any]) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
        partner = hand.get("partner")
        side = (maker,) if partner is None or partner == maker else (maker, partner)
        return side, tuple(p for p in session.players if p not in side)

    def fixed_sides(self, session: Session) -> Tuple[Tuple[str, ...], ...]:
        return tuple((p,) for p in session.players)

    def side_label(self, side: Sequence[str]) -> str:
        return _sides_name(side) if len(side) <= 2 else "the rest"

    @property
    def rules(self) -> Tuple[Rule, ...]:  # type: ignore[override]
        return super().rules + (
            choice_rule("side_out", "higher",
                        "two of one side pass the game on the same deal (the bidder and his "
                        "partner, or adversaries of the bidder): higher (each for himself: the "
                        "higher score wins the game, level scores share it) or share (they go "
                        "out as the side they played in and share it)", "higher", "share"),
        )

    def game_winners(self, scores: Mapping[str, int], target: int,
                     bidder_side: Sequence[str], maker: str,
                     rules: Optional[Mapping[str, Any]] = None) -> Tuple[str, ...]:
        return _one_winner(scores, target, bidder_side, maker,
                           as_a_side=(rules or {}).get("side_out") == "share")

    def game_payments(self, winners: Sequence[str], session: Session) -> Dict[str, int]:
        return _each_pays_winner(winners, session.players)

    def won_note(self, winners: Sequence[str], session: Session) -> str:
        return _won_note(winners)

    def settle_remarks(self, state: CinchState, session: Session) -> Tuple[str, ...]:
        return _solo_settle_remarks(state, session)

    def remarks(self, state: CinchState, session: Session) -> Tuple[str, ...]:
        return _solo_remarks(state, session)

    def extra_json(self, state: CinchState, session: Session) -> Dict[str, Any]:
        return {}


def _check_deal_total(taken: Mapping[str, int], points: int, blind: bool, what: str,
                      fields: Sequence[str] = ()) -> None:
    """The points taken add up to the deal's (at most, with blind_draw: some left in the pack)."""
    total = sum(taken.values())
    if total > points or (total < points and not blind):
        given = " + ".join(f"{p} {v}" for p, v in taken.items())
        raise ScorekeeperError(f"points: {what} ({given} = {total}) must add up to {points}"
                               + ("" if total > points else " (or --rule blind_draw=on)"), fields=fields)


def _opening(maker: str, bid: int, trump: Optional[Suit]) -> str:
    return (f"{maker} bid {bid}{_trump_name(trump)}" if bid
            else f"no bid, {maker} named the trump{_trump_name(trump)}")


def _one_winner(scores: Mapping[str, int], target: int, bidder_side: Sequence[str],
                maker: str, as_a_side: bool = False) -> Tuple[str, ...]:
    """Each for himself: who wins the game on this deal. Of those who reached it on the same
    deal, the bidder's side goes out first, then, one rule for either side, the higher score
    (as_a_side: all of the side who reached it). Players still level after that (the
    adversaries of a set bidder score alike, so they often are) share the game: the book is
    silent, and playing on would let a later arrival win a game they had already reached."""
    # Auction Cinch: "Five or six players, each for himself": a game is one player's, the
    # side he played in ("The partnership thus formed plays against the combined forces of
    # the other players") lasting one deal; with side_out=share it goes out together.
    return _target.winners(scores, target,
                           rank=lambda p: (p in bidder_side, 0 if as_a_side else scores[p]))


def _each_pays_winner(winners: Sequence[str], players: Sequence[str]) -> Dict[str, int]:
    """Each for himself: every other player pays each winner the stake for the game (one
    winner: he receives the stake from each of the others)."""
    losers = len(players) - len(winners)
    return {p: (losers if p in winners else -len(winners)) for p in players}


def _won_note(winners: Sequence[str]) -> str:
    if len(winners) == 1:
        return f"{winners[0]} wins the game; a new game starts"
    return f"{', '.join(winners)} reach the game together and share it; a new game starts"


def _solo_remarks(state: CinchState, session: Session) -> Tuple[str, ...]:
    return ()


def _solo_settle_remarks(state: CinchState, session: Session) -> Tuple[str, ...]:
    games_won = _target.games_won(state.finished, session.players)
    won = ", ".join(f"{p} {games_won[p]}" for p in session.players)
    return (f"games won: {won} (each other player pays the winner of a game the stake; "
            f"players who reach it together share it)",)


# ---------------------------------------------------------------- two- and three-handed


SOLO_SCORINGS = ("each", "deduct", "setback")


def score_solo(scoring: str, bid: int, bidder: str, taken: Mapping[str, int], *,
               penalised: Sequence[str] = (), revoked: Sequence[str] = ()) -> Tuple[Dict[str, int], str]:
    """Two- or three-handed, each for himself: what each player scores on one deal.

    each (default with three): each scores what he took; a bidder who fails scores nothing
    and every other player adds the bid. deduct (default with two): when the bid is made, only
    the best scores, the difference between his total and the next best; when it fails there is
    nothing to deduct (as in the partnership law, "The number bid and the number actually won
    must be compared before deducting"): the bidder scores nothing and every other player
    scores what he took and the bid. With two players this is exactly the partnership law.
    setback: each scores what he took, a bidder who fails is set back the
    bid. A penalised player scores nothing, and there is no deduction against anyone that
    deal; if an adversary of the bidder revoked, the bidder scores all he took whatever he bid.
    """
    players = list(taken)
    adversary_revoke = any(p != bidder for p in revoked)
    failed = taken[bidder] < bid and not adversary_revoke
    totals = dict(taken)
    if failed:
        totals[bidder] = -bid if scoring == "setback" else 0
        for p in players:
            if p != bidder and scoring != "setback":
                totals[p] += bid
    for p in penalised:
        totals[p] = min(totals[p], 0) if scoring == "setback" else 0
    if failed and scoring == "deduct":
        # A set bidder never comes out free: with three, deducting the two adversaries' equal
        # totals from each other would leave nobody scoring (bid 10, took 0 against 7 and 7).
        return totals, f"set: each other player scores what he took + {bid} bid"
    if scoring != "deduct" or penalised:
        return totals, ("each scores what he took" + ("; bid failed" if failed else ""))
    ranked = sorted(players, key=lambda p: totals[p], reverse=True)
    best, second = totals[ranked[0]], totals[ranked[1]]
    result = {p: 0 for p in players}
    if best == second:
        return result, "a tie for the most: nobody scores"
    result[ranked[0]] = best - second
    return result, f"{ranked[0]} {best} - {second}"


class SoloCinch(Cinch):
    """Two- or three-handed Cinch, each for himself (PLAYERS: "Any number from two to six
    can play")."""

    name = "cinch-solo"
    description = ("Each for himself: each hand give the bidder and bid and the points each "
                   "player took (Ann=9 Bob=5; a player left out took 0; they add up to 14). "
                   "scoring=each (default): each scores what he took, a bidder who fails scores "
                   "nothing and the others add the bid; deduct: only the best total scores, less "
                   "the next best. First to 51 wins; each other player pays him the stake.")
    scorings = SOLO_SCORINGS
    scoring_help = ("each (the default with three): each scores what he took, a bidder who fails "
                    "scores nothing and each other player adds the bid; deduct (the default with "
                    "two: the book's law of deduction): only the best total scores, less the next "
                    "best, and a bidder who fails scores nothing while each other player scores "
                    "what he took and the bid; setback: a bidder who fails is set back the bid")

    def resolve_rules(self, given: Mapping[str, Any], players: Sequence[str]) -> Dict[str, Any]:
        """Two-handed, the default scoring is the book's law of deduction (the two players are
        the two sides of the partnership law); three-handed the book gives none, and each
        scores what he took."""
        if "scoring" not in given and len(players) == 2:
            given = {**given, "scoring": "deduct"}
        return super().resolve_rules(given, players)

    def fields(self, session: Session) -> List[Field]:
        n = self.deal_points
        points = [Field(p, integer(0, n), f"points {p} took (default 0)") for p in session.players]
        return self.bid_fields() + points + [
            Field("trump", SUIT, "the trump suit named"),
            Field("dealer", PLAYER, "who dealt, when not the next in turn (after a misdeal)"),
            Field("revoke", PLAYERS, "the player(s) whose revoke was claimed: each scores nothing"),
            Field("foul", PLAYER, "a player found with too many cards: he scores nothing"),
        ]

    def fixed_sides(self, session: Session) -> Tuple[Tuple[str, ...], ...]:
        return tuple((p,) for p in session.players)

    def apply(self, state: CinchState, hand: Dict[str, Any], session: Session,
              index: int) -> Tuple[CinchState, Effect]:
        rules = session.rules
        dealer, bid, maker = self.deal_opened(state, hand, session)
        taken = {p: hand.get(p, 0) for p in session.players}
        _check_deal_total(taken, self.deal_points, rules["blind_draw"], "the points taken", session.players)
        revoked = tuple(hand.get("revoke", ()))
        culprits = revoked + ((hand["foul"],) if "foul" in hand else ())
        changes, how = score_solo(rules["scoring"], bid, maker, taken,
                                  penalised=culprits, revoked=revoked)
        scores = {p: state.scores[p] + changes[p] for p in session.players}
        opening = _opening(maker, bid, hand.get("trump"))
        scored = ", ".join(f"{p} {v:+d}" for p, v in changes.items() if v) or "nobody scores"
        took = ", ".join(f"{p} {v}" for p, v in taken.items())
        faults = "".join(f"; {_names(hand[k])} {word}: scores nothing" for k, word in
                         (("revoke", "revoked"), ("foul", "held too many cards")) if k in hand)
        summary = f"{opening}; took {took}{faults}: {scored} ({how})"
        winners = _one_winner(scores, rules["game"], (maker,), maker)
        return self.end_of_deal(state, index, dealer, summary, changes, scores, winners, (maker,),
                                session)

    def game_payments(self, winners: Sequence[str], session: Session) -> Dict[str, int]:
        return _each_pays_winner(winners, session.players)

    def won_note(self, winners: Sequence[str], session: Session) -> str:
        return _won_note(winners)

    def remarks(self, state: CinchState, session: Session) -> Tuple[str, ...]:
        return ()

    def extra_json(self, state: CinchState, session: Session) -> Dict[str, Any]:
        return {}

    def settle_remarks(self, state: CinchState, session: Session) -> Tuple[str, ...]:
        return _solo_settle_remarks(state, session)

    def bidders_points(self, values: Mapping[str, Any], session: Session, bidder: str) -> int:
        """Each for himself: the points the bidder's own tricks held."""
        points: int = values.get(bidder, 0)
        return points


# ---------------------------------------------------------------- Widow Cinch


class WidowCinch(SoloCinch):
    """Widow Cinch (VARIATIONS): "Six players cut for partners, two on a side. Each player has
    two adversaries between himself and his partner." So the 1st and 4th, 2nd and 5th, 3rd and
    6th are partners: three sides, each for itself, scored as three-handed Cinch is, side by
    side. The widow (four cards the bidder may take before naming the trump) changes the play,
    not the score."""

    name = "cinch-widow"
    description = ("Six players in seating order: the 1st and 4th, 2nd and 5th, 3rd and 6th are "
                   "partners (two adversaries between each player and his partner). Each deal "
                   "give the bidder and bid and the points each player's tricks held (A=5 D=3; "
                   "left out: 0); a side's points are its two players'. Scored as three-handed "
                   "Cinch, with the sides for the players (scoring=each, deduct, setback). The "
                   "first side to 51 wins; each player of the other sides pays one of the "
                   "winners the stake.")

    def resolve_rules(self, given: Mapping[str, Any], players: Sequence[str]) -> Dict[str, Any]:
        return Cinch.resolve_rules(self, given, players)

    def fixed_sides(self, session: Session) -> Tuple[Tuple[str, ...], ...]:
        return _sides.partnerships(session.players, 3)  # 1st and 4th, 2nd and 5th, 3rd and 6th

    def side_of(self, session: Session, player: str) -> Tuple[str, ...]:
        return next(side for side in self.fixed_sides(session) if player in side)

    def bidders_points(self, values: Mapping[str, Any], session: Session, bidder: str) -> int:
        """The points the tricks of the bidder and his partner held."""
        return sum(values.get(p, 0) for p in self.side_of(session, bidder))

    def fields(self, session: Session) -> List[Field]:
        fields = super().fields(session)
        for i, f in enumerate(fields):
            if f.name in session.players:
                partner = next(q for q in self.side_of(session, f.name) if q != f.name)
                fields[i] = Field(f.name, f.kind, f"points in the tricks {f.name} took (his side: "
                                                  f"{f.name} + {partner}; default 0)", f.required)
        return fields

    def apply(self, state: CinchState, hand: Dict[str, Any], session: Session,
              index: int) -> Tuple[CinchState, Effect]:
        rules = session.rules
        dealer, bid, maker = self.deal_opened(state, hand, session)
        sides = self.fixed_sides(session)
        label = {side: _sides_name(side) for side in sides}
        taken = {label[side]: sum(hand.get(p, 0) for p in side) for side in sides}
        _check_deal_total(taken, self.deal_points, rules["blind_draw"], "the points the sides took",
                          session.players)
        revoked = tuple(dict.fromkeys(label[self.side_of(session, p)] for p in hand.get("revoke", ())))
        culprits = revoked + ((label[self.side_of(session, hand["foul"])],) if "foul" in hand else ())
        bidder_side = label[self.side_of(session, maker)]
        by_side, how = score_solo(rules["scoring"], bid, bidder_side, taken,
                                  penalised=culprits, revoked=revoked)
        changes = {p: by_side[label[self.side_of(session, p)]] for p in session.players}
        scores = {p: state.scores[p] + changes[p] for p in session.players}
        opening = _opening(maker, bid, hand.get("trump"))
        scored = ", ".join(f"{s} {v:+d}" for s, v in by_side.items() if v) or "nobody scores"
        took = ", ".join(f"{s} {v}" for s, v in taken.items())
        faults = "".join(f"; {_names(hand[k])} {word}: their side scores nothing"
                         for k, word in (("revoke", "revoked"), ("foul", "held too many cards"))
                         if k in hand)
        summary = f"{opening}; took {took}{faults}: {scored} ({how})"
        side_scores = {label[side]: scores[side[0]] for side in sides}
        won = _one_winner(side_scores, rules["game"], (bidder_side,), bidder_side)
        winners = [p for side in sides if label[side] in won for p in side]
        return self.end_of_deal(state, index, dealer, summary, changes, scores, winners,
                                self.side_of(session, maker), session)

    def winning_sides(self, winners: Sequence[str], session: Session) -> List[str]:
        return [_sides_name(side) for side in self.fixed_sides(session) if side[0] in winners]

    def game_payments(self, winners: Sequence[str], session: Session) -> Dict[str, int]:
        # each player of a losing side pays one player of a winning side the stake
        labels = [_sides_name(side) for side in self.fixed_sides(session)]
        paid = _each_pays_winner(self.winning_sides(winners, session), labels)
        return {p: paid[_sides_name(self.side_of(session, p))] for p in session.players}

    def won_note(self, winners: Sequence[str], session: Session) -> str:
        won = self.winning_sides(winners, session)
        return f"{' and '.join(won)} win{'' if len(won) == 1 else ' together'} the game; a new game starts"

    def remarks(self, state: CinchState, session: Session) -> Tuple[str, ...]:
        target = session.rules["game"]
        return ("; ".join(f"{_sides_name(side)} {state.scores[side[0]]} "
                          f"({target - state.scores[side[0]]} to go)"
                          for side in self.fixed_sides(session)),)

    def settle_remarks(self, state: CinchState, session: Session) -> Tuple[str, ...]:
        games_won = self.games_won(state, session)
        won = ", ".join(f"{_sides_name(side)} {games_won[side[0]]}"
                        for side in self.fixed_sides(session))
        return (f"games won: {won} (each player of the other two sides pays one player of the "
                f"winning side the stake per game)",)
