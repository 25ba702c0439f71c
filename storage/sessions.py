"""Sessions (一场): one open per chat, four seats, and the dealer state between hands."""

from __future__ import annotations

import aiosqlite

from .chats import check_ruleset_and_base, ensure_chat_row
from .database import Store
from .errors import ErrorCode, StorageError
from .names import name_key
from .people import seating_rule
from .players import NewGuest, NewMember, seated_id
from .records import SEATS, Rotation, SeatName, Session, SessionTerms
from .rows import (
    SESSION_COLUMNS,
    fetch_all,
    fetch_one,
    now_text,
    open_session_row,
    player_row,
    require_players,
    seat_name,
    session_from,
    session_row,
)

ROTATIONS: tuple[Rotation, ...] = ("dealer_stays", "winner_deals")
# Who a seat is given to: a player's id, a guest or member to record with the seating, or nobody.
Seated = int | NewGuest | NewMember | None


async def require_open_session(conn: aiosqlite.Connection, chat_id: int) -> Session:
    session = await open_session_row(conn, chat_id)
    if session is None:
        raise StorageError(ErrorCode.NO_OPEN_SESSION)
    return session


def _known(who: int | NewMember | None) -> int | None:
    """A player id the ledger must already hold (a new member is recorded by the write)."""
    return who if isinstance(who, int) else None


class SessionStore(Store):
    async def open(
        self,
        chat_id: int,
        terms: SessionTerms,
        seats: tuple[Seated, Seated, Seated, Seated],
        creator: int | NewMember | None,
    ) -> Session:
        """Open the chat's one session; seats are player ids 东南西北 (None until /join), or
        new guests and members, recorded (as is a new ``creator``) once every check has
        passed."""
        ruleset, base, rotation = terms.ruleset, terms.base, terms.rotation
        room, dealer = terms.room, terms.dealer
        check_ruleset_and_base(ruleset, base)
        if rotation not in ROTATIONS:
            raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"rotation {rotation!r}")
        seat_name(dealer)
        if len(seats) != 4:
            raise StorageError(ErrorCode.INVALID_ARGUMENT, detail="seats must be 4 (E S W N)")
        taken = [player for player in seats if isinstance(player, int)]
        guests = [name_key(player.name) for player in seats if isinstance(player, NewGuest)]
        members = [player.user_id for player in seats if isinstance(player, NewMember)]
        if any(len(set(group)) != len(group) for group in (taken, guests, members)):
            raise StorageError(ErrorCode.INVALID_ARGUMENT, detail="one player in two seats")
        async with self._write() as conn:
            await ensure_chat_row(conn, chat_id)
            await require_players(conn, chat_id, [*taken, _known(creator)])
            current = await open_session_row(conn, chat_id)
            if current is not None:
                raise StorageError(ErrorCode.SESSION_ALREADY_OPEN, session_id=current.number)
            ids = [None if p is None else await seated_id(conn, chat_id, p) for p in seats]
            opener = None if creator is None else await seated_id(conn, chat_id, creator)
            async with seating_rule(conn, chat_id) as table:
                cursor = await conn.execute(
                    "INSERT INTO sessions (chat_id, ruleset, base, room, rotation, dealer, "
                    "round_wind, hand_number, deals_in_round, creator, is_open, opened_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, 'E', 1, 0, ?, 1, ?)",
                    [chat_id, ruleset, base, room, rotation, dealer, opener, now_text()],
                )
                assert cursor.lastrowid is not None
                await table.seat(cursor.lastrowid, ids)
            return await session_row(conn, chat_id, cursor.lastrowid)

    async def current(self, chat_id: int) -> Session | None:
        """The chat's open session, or None."""
        async with self._read() as conn:
            return await open_session_row(conn, chat_id)

    async def get(self, chat_id: int, session_id: int) -> Session:
        """A session of this chat by id, open or closed."""
        async with self._read() as conn:
            return await session_row(conn, chat_id, session_id)

    async def latest(self, chat_id: int) -> Session | None:
        """The chat's newest session, open or closed (what 「和上次一样」 repeats), or None."""
        async with self._read() as conn:
            row = await fetch_one(
                conn,
                f"SELECT {SESSION_COLUMNS} FROM sessions WHERE chat_id = ?"
                " ORDER BY id DESC LIMIT 1",
                [chat_id],
            )
        return session_from(row) if row is not None else None

    async def all(self, chat_id: int) -> list[Session]:
        """Every session of this chat, newest first."""
        async with self._read() as conn:
            rows = await fetch_all(
                conn,
                f"SELECT {SESSION_COLUMNS} FROM sessions WHERE chat_id = ? ORDER BY id DESC",
                [chat_id],
            )
        return [session_from(row) for row in rows]

    async def join_seat(
        self, chat_id: int, player: int | NewGuest | NewMember, seat: SeatName | None = None
    ) -> Session:
        """Seat a player (or a new guest or member, recorded only once seated) in the open
        session: at ``seat``, or the first empty one.

        Joining the seat one already holds (or any seat, when ``seat`` is None) is a no-op.
        """
        if seat is not None:
            seat_name(seat)
        async with self._write() as conn:
            session = await require_open_session(conn, chat_id)
            if isinstance(player, int):
                await player_row(conn, chat_id, player)
            # A member recorded now (or renamed: a known one whose Telegram name changed) may
            # already sit: their seat is theirs, whoever they were given as.
            player_id = await seated_id(conn, chat_id, player)
            held = session.seat_of(player_id)
            if held is not None:
                if seat is None or seat == held:
                    return session
                raise StorageError(ErrorCode.ALREADY_SEATED, seat=held)
            if seat is None:
                if not session.empty_seats:
                    raise StorageError(ErrorCode.TABLE_FULL)
                seat = session.empty_seats[0]
            elif session.player_at(seat) is not None:
                raise StorageError(ErrorCode.SEAT_TAKEN, seat=seat)
            seats = list(session.seats)
            seats[SEATS.index(seat)] = player_id
            async with seating_rule(conn, chat_id) as table:
                await table.seat(session.id, seats)
            return await session_row(conn, chat_id, session.id)

    async def set_seat(self, chat_id: int, seat: SeatName, player: Seated) -> Session:
        """Put a player (or a new guest or member, recorded only once seated) at, or with None
        clear, a seat of the open session.

        A player already seated elsewhere moves; whoever sat at ``seat`` leaves the table.
        """
        seat_name(seat)
        async with self._write() as conn:
            session = await require_open_session(conn, chat_id)
            seats = list(session.seats)
            player_id = None if player is None else await seated_id(conn, chat_id, player)
            if player_id is not None:
                await player_row(conn, chat_id, player_id)
                seats = [None if occupant == player_id else occupant for occupant in seats]
            seats[SEATS.index(seat)] = player_id
            async with seating_rule(conn, chat_id) as table:
                await table.seat(session.id, seats)
            return await session_row(conn, chat_id, session.id)

    async def swap_seats(self, chat_id: int, a: SeatName, b: SeatName) -> Session:
        """Exchange whoever sits at two seats of the open session (either may be empty).

        The deal goes with the dealer: a dealer who changes seats still deals (a 换人 with
        ``set_seat`` leaves it with the seat instead)."""
        seat_name(a)
        seat_name(b)
        async with self._write() as conn:
            session = await require_open_session(conn, chat_id)
            seats = list(session.seats)
            i, j = SEATS.index(a), SEATS.index(b)
            seats[i], seats[j] = seats[j], seats[i]
            async with seating_rule(conn, chat_id) as table:
                await table.seat(session.id, seats)
            moved = {a: b, b: a}.get(session.dealer)
            if moved is not None and session.player_at(session.dealer) is not None:
                await conn.execute(
                    "UPDATE sessions SET dealer = ? WHERE id = ?", [moved, session.id]
                )
            return await session_row(conn, chat_id, session.id)

    async def set_state(
        self,
        chat_id: int,
        dealer: SeatName | None = None,
        round_wind: SeatName | None = None,
        hand_number: int | None = None,
    ) -> Session:
        """Correct the open session's dealer, round wind or hand number by hand.

        A round wind given restarts the count of the round's deals from this deal (the table
        says where the round stands), even when it names the current round."""
        if dealer is not None:
            seat_name(dealer)
        if round_wind is not None:
            seat_name(round_wind)
        if hand_number is not None and (
            isinstance(hand_number, bool) or not isinstance(hand_number, int) or hand_number < 1
        ):
            raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"hand number {hand_number!r}")
        async with self._write() as conn:
            session = await require_open_session(conn, chat_id)
            await conn.execute(
                "UPDATE sessions SET dealer = ?, round_wind = ?, hand_number = ?, "
                "deals_in_round = CASE WHEN ? THEN 0 ELSE deals_in_round END WHERE id = ?",
                [
                    dealer or session.dealer,
                    round_wind or session.round_wind,
                    hand_number or session.hand_number,
                    round_wind is not None,
                    session.id,
                ],
            )
            return await session_row(conn, chat_id, session.id)

    async def discard_if_empty(self, chat_id: int) -> Session | None:
        """The chat's open session taken back as if never opened, when nothing was written in
        it (no entry, no identity event): a table opened by mistake is no session, so it
        neither shows in lists nor takes a number. Returns it as it was; None (nothing done)
        when anything was written, for ``close`` to close it as usual."""
        async with self._write() as conn:
            session = await require_open_session(conn, chat_id)
            used = await fetch_one(
                conn,
                "SELECT EXISTS (SELECT 1 FROM entries WHERE session_id = ?1) OR EXISTS ("
                "SELECT 1 FROM identity_events WHERE chat_id = ?2 AND session_id = ?1"
                " AND created_at >= (SELECT opened_at FROM sessions WHERE id = ?1))",
                [session.id, chat_id],
            )
            if used is None or used[0]:
                return None
            await conn.execute("DELETE FROM sessions WHERE id = ?", [session.id])
            return session

    async def close(self, chat_id: int) -> Session:
        """Close the chat's open session."""
        async with self._write() as conn:
            session = await require_open_session(conn, chat_id)
            await conn.execute(
                "UPDATE sessions SET is_open = 0, closed_at = ? WHERE id = ?",
                [now_text(), session.id],
            )
            return await session_row(conn, chat_id, session.id)
