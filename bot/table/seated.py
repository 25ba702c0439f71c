"""The open session as the handlers see it: seats, players, names, winds and its standings.

A value: read from the ledger once and kept in the chat's ``ChatState``
(``bot.recording.table`` reads and remembers it); each write returns the new state, so a hand
costs the ledger only its write.
Rendering it is ``bot.replies.table``'s job.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from bot.grammar import Member, Roster
from scoring.tiles import SEAT_ORDER, Seat
from storage import Entry, People, Player, Session, Tally
from storage.names import name_key


@dataclass(frozen=True)
class SeatedTable:
    session: Session
    players: dict[Seat, Player]  # only the occupied seats
    tally: Tally | None = None  # the session's standings, once read
    # Per seat, the names of the seated person's other records (see ``aliases_of``).
    aliases: Mapping[Seat, tuple[str, ...]] = field(default_factory=dict)

    @property
    def roster(self) -> Roster:
        return Roster(
            {
                seat: Member(p.name, p.username, self.aliases.get(seat, ()))
                for seat, p in self.players.items()
            }
        )

    @property
    def full(self) -> bool:
        return len(self.players) == 4

    def player_id(self, seat: Seat) -> int:
        return self.players[seat].id

    def name(self, seat: Seat) -> str:
        player = self.players.get(seat)
        return player.name if player else seat.zh

    def names(self) -> dict[Seat, str]:
        return {seat: self.name(seat) for seat in SEAT_ORDER}

    def seat_of(self, player_id: int) -> Seat | None:
        found = self.session.seat_of(player_id)
        return Seat(found) if found else None

    def seat_wind(self, seat: Seat) -> Seat:
        return Seat(self.session.seat_wind(seat.value))

    @property
    def dealer(self) -> Seat:
        return Seat(self.session.dealer)

    @property
    def round_wind(self) -> Seat:
        return Seat(self.session.round_wind)

    def postings(self, payments: dict[Seat, int]) -> dict[int, int]:
        """Seat deltas as the ledger's postings, keyed by player id."""
        return {self.player_id(seat): amount for seat, amount in payments.items()}

    @property
    def free_seats(self) -> tuple[Seat, ...]:
        return tuple(seat for seat in SEAT_ORDER if seat not in self.players)


def aliases_of(
    players: Mapping[Seat, Player], people: People, by_id: Mapping[int, Player]
) -> dict[Seat, tuple[str, ...]]:
    """Per seat, the names of the seated person's other records (乙 after its member sent
    /iam 乙): a claimed name is accepted wherever a name is. A name a seated player has is
    theirs alone, never another's alias, and a name two seated people once had is neither's."""
    seated = {name_key(player.name) for player in players.values()}
    found = {
        seat: {name_key(by_id[r].name): by_id[r].name for r in people.records(player.id)}
        for seat, player in players.items()
    }
    shared = Counter(name for names in found.values() for name in names)
    return {
        seat: kept
        for seat, names in found.items()
        if (kept := tuple(n for k, n in names.items() if k not in seated and shared[k] == 1))
    }


def after_entries(table: SeatedTable, session: Session, entries: Sequence[Entry]) -> SeatedTable:
    """The table after a write: the session state it returned, the tally moved by its postings
    (the very postings the ledger committed, so the two cannot drift apart)."""
    if table.tally is None:
        return replace(table, session=session)
    return replace(table, session=session, tally=table.tally.after(entries, table.players.values()))
