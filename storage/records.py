"""The ledger's result types: plain frozen dataclasses, no database handles inside."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

SeatName = Literal["E", "S", "W", "N"]
SEATS: tuple[SeatName, ...] = ("E", "S", "W", "N")
Rotation = Literal["dealer_stays", "winner_deals"]
EntryKind = Literal["win", "kong", "draw", "adjustment", "reversal"]
Postings = dict[int, int]
"""Integer deltas keyed by player id; every entry's postings sum to 0."""


@dataclass(frozen=True)
class Source:
    """Where an entry came from: the Telegram update (unique per chat) and its message."""

    update_id: int
    message_id: int | None = None


@dataclass(frozen=True)
class Chat:
    """A group chat and its defaults."""

    chat_id: int
    lang: str | None
    ruleset: str | None
    base: int | None
    created_at: datetime
    replies: str | None = None  # /settings: 'compact' or 'full'; None is compact
    pictures: str | None = None  # 'always', 'full_hands' or 'never'; None is always


@dataclass(frozen=True)
class Player:
    """A Telegram user (``user_id`` set) or a named guest (``user_id`` None) of one chat."""

    id: int
    chat_id: int
    name: str
    user_id: int | None = None
    username: str | None = None

    @property
    def is_guest(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True)
class Session:
    """One sitting (一场): ruleset, 底分, four seats and the dealer state after the last hand.

    ``seats`` holds player ids in table order 东南西北 (E S W N), None while empty.
    ``deals_in_round`` counts how often the deal has moved on in the current round wind.
    """

    id: int
    chat_id: int
    ruleset: str
    base: int
    room: str | None
    rotation: Rotation
    seats: tuple[int | None, int | None, int | None, int | None]
    dealer: SeatName
    round_wind: SeatName
    hand_number: int
    deals_in_round: int
    creator: int | None
    is_open: bool
    opened_at: datetime
    closed_at: datetime | None
    # 第 K 场: the chat's own number of this session (per chat from 1, migration 0014).
    number: int = 0

    def seat_of(self, player_id: int) -> SeatName | None:
        """The table seat of a player, or None when not seated."""
        for seat, occupant in zip(SEATS, self.seats, strict=True):
            if occupant == player_id:
                return seat
        return None

    def player_at(self, seat: SeatName) -> int | None:
        """The player id at a table seat."""
        return self.seats[SEATS.index(seat)]

    def seat_wind(self, seat: SeatName) -> SeatName:
        """The seat wind of a table seat: the dealer sits 东, the rest follow in order."""
        return SEATS[(SEATS.index(seat) - SEATS.index(self.dealer)) % 4]

    @property
    def empty_seats(self) -> tuple[SeatName, ...]:
        return tuple(s for s, p in zip(SEATS, self.seats, strict=True) if p is None)


@dataclass(frozen=True)
class Entry:
    """One append-only ledger entry with its postings and the breakdown stored with it."""

    id: int
    chat_id: int
    session_id: int | None
    kind: EntryKind
    postings: Postings
    created_at: datetime
    author: int | None = None
    source: Source | None = None
    winner: int | None = None
    self_draw: bool | None = None
    discarder: int | None = None
    value: int | None = None
    hand_line: str | None = None
    result_json: str | None = None
    note: str | None = None
    hand_number: int | None = None
    reverses: int | None = None
    reversed_by: int | None = None
    # The numbers people read (per chat from 1, migration 0014) of this entry, of the entry it
    # reverses and of its reversal; the ids above are the keys (and what buttons carry).
    number: int = 0
    reverses_number: int | None = None
    reversed_by_number: int | None = None

    @property
    def is_reversed(self) -> bool:
        return self.reversed_by is not None


@dataclass(frozen=True)
class HandSeating:
    """Who sat where when an entry was written (player ids E S W N, None for an empty seat)
    and, for a win or a draw, the deal after it: what a reply about that hand names."""

    seats: tuple[int | None, int | None, int | None, int | None]
    dealer_after: SeatName | None = None
    round_wind_after: SeatName | None = None


@dataclass(frozen=True)
class Recorded:
    """What a write returns: the entries written, or the existing ones when ``replay`` is True
    (the same Telegram update was recorded before), and the session after the write."""

    entries: tuple[Entry, ...]
    replay: bool
    session: Session | None

    @property
    def entry(self) -> Entry:
        """The first (usually only) entry."""
        return self.entries[0]


@dataclass(frozen=True)
class WinSpec:
    """One win for ``record_wins`` (一炮多响 records several in one transaction)."""

    winner: int
    postings: Postings
    hand_line: str | None = None
    result_json: str | None = None
    self_draw: bool = False
    discarder: int | None = None
    value: int | None = None


@dataclass(frozen=True)
class SessionTerms:
    """What a session is played by: its ruleset, base stake and rotation, the room it is
    played in, and the first dealer."""

    ruleset: str
    base: int
    rotation: Rotation
    room: str | None = None
    dealer: SeatName = "E"


@dataclass(frozen=True)
class PageKey:
    """A page of history by key: the page older than entry ``before`` or the page newer than
    entry ``after`` (one of the two)."""

    before: int | None = None
    after: int | None = None


@dataclass(frozen=True)
class KongSpec:
    """A kong for ``record_kong``: its owner, what each player pays or gets, a note and the
    scoring result as JSON."""

    owner: int
    postings: Postings
    note: str | None = None
    result_json: str | None = None


@dataclass(frozen=True)
class TallyRow:
    """A player's balance (derived from postings)."""

    player: Player
    balance: int


@dataclass(frozen=True)
class Tally:
    """Balances of a session (``session_id`` set) or of the whole chat, highest first."""

    chat_id: int
    session_id: int | None
    rows: tuple[TallyRow, ...]

    @classmethod
    def ranked(cls, chat_id: int, session_id: int | None, rows: Iterable[TallyRow]) -> Tally:
        """The rows in standings order: highest balance first, ties by name, then by id."""
        ordered = sorted(rows, key=lambda row: (-row.balance, row.player.name, row.player.id))
        return cls(chat_id, session_id, tuple(ordered))

    @property
    def balances(self) -> dict[int, int]:
        return {row.player.id: row.balance for row in self.rows}

    def after(self, entries: Iterable[Entry], players: Iterable[Player]) -> Tally:
        """The tally once ``entries`` are committed: their postings added, so a copy kept
        beside the ledger moves exactly as the ledger's sums do. ``players`` name the rows
        (newer copies than the tally's, and whoever has no row yet)."""
        people = {row.player.id: row.player for row in self.rows}
        people.update({player.id: player for player in players})
        balances = self.balances
        for entry in entries:
            for player_id, amount in entry.postings.items():
                if amount:
                    balances[player_id] = balances.get(player_id, 0) + amount
        rows = (TallyRow(people[pid], balance) for pid, balance in balances.items())
        return Tally.ranked(self.chat_id, self.session_id, rows)


@dataclass(frozen=True)
class HistoryPage:
    """One page of entries, newest first; ``page`` counts from 1."""

    entries: tuple[Entry, ...]
    page: int
    page_size: int
    total: int

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.page_size))


@dataclass(frozen=True)
class RunningTotals:
    """A session's balances hand by hand, for its chart: ``hands`` are the hand counts
    (1 = the first hand) at which ``balances[player]`` are taken; the last is the last hand."""

    players: tuple[int, ...]
    hands: tuple[int, ...]
    balances: dict[int, tuple[int, ...]]


@dataclass(frozen=True)
class Transfer:
    """``payer`` pays ``amount`` (> 0) to ``payee``."""

    payer: int
    payee: int
    amount: int


@dataclass(frozen=True)
class PlayerStats:
    """A player's record over a date range (reversed entries and reversals excluded)."""

    player: Player
    hands: int
    wins: int
    self_draws: int
    dealt_in: int
    biggest_win: int
    biggest_win_entry: int | None
    net: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0

    @property
    def self_draw_rate(self) -> float:
        return self.self_draws / self.wins if self.wins else 0.0


@dataclass(frozen=True)
class HeadToHead:
    """Two players over the hands they sat in together.

    ``a_from_b`` is what B paid A in A's wins; ``a_dealt_in_to_b`` counts A's discards B won on.
    """

    a: Player
    b: Player
    hands_together: int
    a_wins: int
    b_wins: int
    a_dealt_in_to_b: int
    b_dealt_in_to_a: int
    a_from_b: int
    b_from_a: int
    a_net: int
    b_net: int
