"""Append-only entries: wins, kongs, 流局, adjustments, reversals.

Every write runs in one transaction: a replayed Telegram update returns what it recorded the
first time; then the input is checked (players of this chat, seated, open session, postings
summing to 0); then postings are inserted before their entry row, so the schema's triggers
check the sum and seal the postings inside the same transaction.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import aiosqlite

from .database import Database, integrity_error
from .errors import ErrorCode, StorageError
from .records import EntryKind, Postings, Recorded, SeatName, Session, Source, WinSpec
from .rotation import DealState, after_hand
from .rows import (
    fetch_all,
    fetch_one,
    load_entries,
    now_text,
    open_session_row,
    require_players,
    session_row,
    state_json,
)

HAND_KINDS = ("win", "draw")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def clean_postings(postings: Mapping[int, int], *, allow_empty: bool = False) -> Postings:
    """Integer deltas per player, zeros dropped; refuse anything that does not sum to 0."""
    if not isinstance(postings, Mapping):
        raise StorageError(ErrorCode.INVALID_ARGUMENT, detail="postings must map player → delta")
    for player, delta in postings.items():
        if not _is_int(player) or not _is_int(delta):
            raise StorageError(
                ErrorCode.INVALID_ARGUMENT, detail=f"posting {player!r}: {delta!r} (integers only)"
            )
    total = sum(postings.values())
    if total != 0:
        raise StorageError(ErrorCode.UNBALANCED_POSTINGS, total=total)
    cleaned = {player: delta for player, delta in sorted(postings.items()) if delta != 0}
    if not cleaned and not allow_empty:
        raise StorageError(ErrorCode.INVALID_ARGUMENT, detail="no postings (nobody pays)")
    return cleaned


def _json_text(result_json: str | None) -> str | None:
    if result_json is None:
        return None
    try:
        json.loads(result_json)
    except (TypeError, ValueError) as error:
        raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"result JSON: {error}") from error
    return result_json


def _state_of(session: Session) -> DealState:
    return DealState(
        session.dealer, session.round_wind, session.hand_number, session.deals_in_round
    )


async def _next_entry_id(conn: aiosqlite.Connection) -> int:
    # Safe: the caller holds the write lock inside BEGIN IMMEDIATE.
    row = await fetch_one(conn, "SELECT coalesce(max(id), 0) + 1 FROM entries")
    assert row is not None
    return int(row[0])


async def insert_entry(
    conn: aiosqlite.Connection,
    chat_id: int,
    kind: EntryKind,
    postings: Postings,
    fields: Mapping[str, Any],
) -> int:
    """Postings first, then the entry row whose insert trigger checks and seals them."""
    entry_id = await _next_entry_id(conn)
    columns = {"id": entry_id, "chat_id": chat_id, "kind": kind, **fields}
    columns.setdefault("created_at", now_text())
    try:
        await conn.executemany(
            "INSERT INTO postings (entry_id, player_id, delta) VALUES (?, ?, ?)",
            [(entry_id, player, delta) for player, delta in postings.items()],
        )
        names = ", ".join(columns)
        marks = ", ".join("?" * len(columns))
        await conn.execute(
            f"INSERT INTO entries ({names}) VALUES ({marks})", list(columns.values())
        )
    except sqlite3.IntegrityError as error:
        raise integrity_error(error) from error
    return entry_id


async def insert_source(
    conn: aiosqlite.Connection, chat_id: int, source: Source | None
) -> int | None:
    if source is None:
        return None
    if not _is_int(source.update_id):
        raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"update id {source.update_id!r}")
    cursor = await conn.execute(
        "INSERT INTO sources (chat_id, update_id, message_id) VALUES (?, ?, ?)",
        [chat_id, source.update_id, source.message_id],
    )
    return cursor.lastrowid


async def replayed(
    conn: aiosqlite.Connection, chat_id: int, source: Source | None
) -> Recorded | None:
    """What this update recorded before, if it was recorded before."""
    if source is None:
        return None
    rows = await fetch_all(
        conn,
        "SELECT e.id, e.session_id FROM sources AS s JOIN entries AS e ON e.source_id = s.id "
        "WHERE s.chat_id = ? AND s.update_id = ? ORDER BY e.id",
        [chat_id, source.update_id],
    )
    if not rows:
        return None
    entries = await load_entries(conn, chat_id, [row["id"] for row in rows])
    session_id = rows[0]["session_id"]
    session = await session_row(conn, chat_id, session_id) if session_id is not None else None
    return Recorded(tuple(entries), replay=True, session=session)


def _seat(session: Session, player: int) -> SeatName:
    seat = session.seat_of(player)
    if seat is None:
        raise StorageError(ErrorCode.NOT_SEATED, player=f"#{player}")
    return seat


async def playing_session(conn: aiosqlite.Connection, chat_id: int, session_id: int) -> Session:
    """A session of this chat that is open and has all four seats filled."""
    session = await session_row(conn, chat_id, session_id)
    if not session.is_open:
        raise StorageError(ErrorCode.SESSION_CLOSED, session_id=session_id)
    if session.empty_seats:
        raise StorageError(ErrorCode.SEATS_INCOMPLETE, seats=" ".join(session.empty_seats))
    return session


def _table_fields(session: Session) -> dict[str, Any]:
    """Which hand of which session, and who sat where (statistics read these)."""
    return {
        "session_id": session.id,
        "hand_number": session.hand_number,
        "seat_e": session.seats[0],
        "seat_s": session.seats[1],
        "seat_w": session.seats[2],
        "seat_n": session.seats[3],
    }


def _hand_fields(session: Session, after: DealState) -> dict[str, Any]:
    return {
        **_table_fields(session),
        "state_before": state_json(session),
        "state_after": json.dumps(after.__dict__, sort_keys=True),
    }


async def _write_state(conn: aiosqlite.Connection, session_id: int, state: DealState) -> None:
    await conn.execute(
        "UPDATE sessions SET dealer = ?, round_wind = ?, hand_number = ?, deals_in_round = ? "
        "WHERE id = ?",
        [state.dealer, state.round_wind, state.hand_number, state.deals_in_round, session_id],
    )


class EntryStore(Database):
    async def record_win(
        self,
        chat_id: int,
        session_id: int,
        winner: int,
        postings: Postings,
        hand_line: str | None,
        result_json: str | None,
        source: Source | None,
        author: int | None,
        self_draw: bool = False,
        discarder: int | None = None,
        value: int | None = None,
    ) -> Recorded:
        """Record one win and advance the dealer; a replayed source returns the first record."""
        win = WinSpec(winner, postings, hand_line, result_json, self_draw, discarder, value)
        return await self.record_wins(chat_id, session_id, [win], source, author)

    async def record_wins(
        self,
        chat_id: int,
        session_id: int,
        wins: list[WinSpec],
        source: Source | None,
        author: int | None,
    ) -> Recorded:
        """Record several wins of one hand (一炮多响) atomically, sharing one source."""
        async with self._write() as conn:
            again = await replayed(conn, chat_id, source)
            if again:
                return again
            session = await playing_session(conn, chat_id, session_id)
            source_id = await insert_source(conn, chat_id, source)
            ids = await self._insert_wins(conn, chat_id, session, wins, source_id, author)
            return await self._recorded(conn, chat_id, ids, session.id)

    async def _insert_wins(
        self,
        conn: aiosqlite.Connection,
        chat_id: int,
        session: Session,
        wins: Sequence[WinSpec],
        source_id: int | None,
        author: int | None,
        past_hand: aiosqlite.Row | None = None,
    ) -> list[int]:
        """Insert the wins of one hand and move the deal on; with ``past_hand`` (an entry row
        of an earlier hand) insert them into that hand instead and leave the deal alone."""
        if not wins:
            raise StorageError(ErrorCode.INVALID_ARGUMENT, detail="no win to record")
        if past_hand is not None:
            seats = tuple(past_hand[column] for column in ("seat_e", "seat_s", "seat_w", "seat_n"))
            session = replace(session, seats=seats, hand_number=past_hand["hand_number"])
        all_postings = [clean_postings(win.postings) for win in wins]
        await require_players(
            conn,
            chat_id,
            [author, *(w.winner for w in wins), *(w.discarder for w in wins)]
            + [player for postings in all_postings for player in postings],
        )
        winners: list[SeatName] = []
        discarders = {win.discarder for win in wins}
        for win, cleaned in zip(wins, all_postings, strict=True):
            winners.append(_seat(session, win.winner))
            if win.winner in [w.winner for w in wins if w is not win]:
                raise StorageError(ErrorCode.INVALID_ARGUMENT, detail="one winner twice in a hand")
            if win.self_draw == (win.discarder is not None):
                raise StorageError(
                    ErrorCode.INVALID_ARGUMENT, detail="a win is either 自摸 or has a discarder"
                )
            if win.discarder is not None:
                _seat(session, win.discarder)
                if win.discarder == win.winner:
                    raise StorageError(ErrorCode.INVALID_ARGUMENT, detail="winner discarded")
            if win.value is not None and not _is_int(win.value):
                raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"value {win.value!r}")
            for player in cleaned:
                _seat(session, player)
            if cleaned.get(win.winner, 0) <= 0:
                raise StorageError(ErrorCode.INVALID_ARGUMENT, detail="the winner must gain")
        if len(wins) > 1 and (len(discarders) != 1 or None in discarders):
            raise StorageError(
                ErrorCode.INVALID_ARGUMENT, detail="several winners need one shared discarder"
            )
        discarder = wins[0].discarder
        discarder_seat = session.seat_of(discarder) if discarder is not None else None
        after = after_hand(_state_of(session), session.rotation, winners, discarder_seat)
        hand = _hand_fields(session, after)
        if past_hand is not None:
            hand["state_before"] = past_hand["state_before"]
            hand["state_after"] = past_hand["state_after"]
        ids = []
        for win, cleaned in zip(wins, all_postings, strict=True):
            fields = {
                **hand,
                "author": author,
                "source_id": source_id,
                "winner": win.winner,
                "self_draw": win.self_draw,
                "discarder": win.discarder,
                "value": win.value,
                "hand_line": win.hand_line,
                "result_json": _json_text(win.result_json),
            }
            ids.append(await insert_entry(conn, chat_id, "win", cleaned, fields))
        if past_hand is None:
            await _write_state(conn, session.id, after)
        return ids

    async def record_kong(
        self,
        chat_id: int,
        session_id: int,
        owner: int,
        postings: Postings,
        source: Source | None,
        author: int | None,
        note: str | None = None,
        result_json: str | None = None,
    ) -> Recorded:
        """Record a kong payment (settled at once; the dealer does not move).

        The entry's ``winner`` field holds the kong's owner.
        """
        async with self._write() as conn:
            again = await replayed(conn, chat_id, source)
            if again:
                return again
            session = await playing_session(conn, chat_id, session_id)
            cleaned = clean_postings(postings)
            await require_players(conn, chat_id, [owner, *cleaned, author])
            for player in [owner, *cleaned]:
                _seat(session, player)
            if cleaned.get(owner, 0) <= 0:
                raise StorageError(ErrorCode.INVALID_ARGUMENT, detail="the kong's owner must gain")
            fields = {
                **_table_fields(session),
                "author": author,
                "source_id": await insert_source(conn, chat_id, source),
                "winner": owner,
                "note": note,
                "result_json": _json_text(result_json),
            }
            entry_id = await insert_entry(conn, chat_id, "kong", cleaned, fields)
            return await self._recorded(conn, chat_id, [entry_id], session.id)

    async def record_draw(
        self,
        chat_id: int,
        session_id: int,
        source: Source | None,
        author: int | None,
        postings: Postings | None = None,
        note: str | None = None,
    ) -> Recorded:
        """Record a 流局 (drawn hand) and advance the dealer by the session's rotation."""
        async with self._write() as conn:
            again = await replayed(conn, chat_id, source)
            if again:
                return again
            session = await playing_session(conn, chat_id, session_id)
            cleaned = clean_postings(postings or {}, allow_empty=True)
            await require_players(conn, chat_id, [*cleaned, author])
            for player in cleaned:
                _seat(session, player)
            after = after_hand(_state_of(session), session.rotation, [], None)
            fields = {
                **_hand_fields(session, after),
                "author": author,
                "source_id": await insert_source(conn, chat_id, source),
                "note": note,
            }
            entry_id = await insert_entry(conn, chat_id, "draw", cleaned, fields)
            await _write_state(conn, session.id, after)
            return await self._recorded(conn, chat_id, [entry_id], session.id)

    async def record_adjustment(
        self,
        chat_id: int,
        postings: Postings,
        source: Source | None,
        author: int | None,
        note: str | None = None,
        session_id: int | None = None,
    ) -> Recorded:
        """Record a manual adjustment among this chat's players (in an open session or not)."""
        async with self._write() as conn:
            again = await replayed(conn, chat_id, source)
            if again:
                return again
            if session_id is not None:
                session = await session_row(conn, chat_id, session_id)
                if not session.is_open:
                    raise StorageError(ErrorCode.SESSION_CLOSED, session_id=session_id)
            cleaned = clean_postings(postings)
            await require_players(conn, chat_id, [*cleaned, author])
            fields = {
                "session_id": session_id,
                "author": author,
                "source_id": await insert_source(conn, chat_id, source),
                "note": note,
            }
            entry_id = await insert_entry(conn, chat_id, "adjustment", cleaned, fields)
            return await self._recorded(conn, chat_id, [entry_id], session_id)

    async def reverse(
        self,
        chat_id: int,
        entry_id: int | None = None,
        *,
        author: int | None,
        source: Source | None,
        session_id: int | None = None,
    ) -> Recorded:
        """Reverse an entry (default: the open session's last unreversed entry); once only."""
        async with self._write() as conn:
            again = await replayed(conn, chat_id, source)
            if again:
                return again
            source_id = await insert_source(conn, chat_id, source)
            reversal_id, target_session = await self._insert_reversal(
                conn, chat_id, entry_id, session_id, author, source_id
            )
            return await self._recorded(conn, chat_id, [reversal_id], target_session)

    async def reverse_many(
        self,
        chat_id: int,
        entry_ids: Sequence[int],
        *,
        author: int | None,
        source: Source | None,
    ) -> Recorded:
        """Reverse several entries (e.g. both wins of a 一炮多响) atomically, sharing one source."""
        if not entry_ids or len(set(entry_ids)) != len(entry_ids):
            raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"entries {list(entry_ids)}")
        async with self._write() as conn:
            again = await replayed(conn, chat_id, source)
            if again:
                return again
            source_id = await insert_source(conn, chat_id, source)
            ids: list[int] = []
            session_id = None
            for entry_id in entry_ids:
                reversal_id, session_id = await self._insert_reversal(
                    conn, chat_id, entry_id, None, author, source_id
                )
                ids.append(reversal_id)
            return await self._recorded(conn, chat_id, ids, session_id)

    async def edit_win(
        self,
        chat_id: int,
        entry_id: int,
        win: WinSpec,
        *,
        author: int | None,
        source: Source | None,
    ) -> Recorded:
        """Replace a win: its reversal plus a new win, in one transaction (both returned).

        Editing the latest hand re-deals from the corrected result; editing an earlier hand
        (or one win of a 一炮多响) puts the corrected win into that hand and keeps the deal.
        """
        async with self._write() as conn:
            again = await replayed(conn, chat_id, source)
            if again:
                return again
            target = await fetch_one(
                conn,
                "SELECT kind, hand_number, seat_e, seat_s, seat_w, seat_n, state_before, "
                "state_after FROM entries WHERE id = ? AND chat_id = ?",
                [entry_id, chat_id],
            )
            if target is None:
                raise StorageError(ErrorCode.UNKNOWN_ENTRY, entry_id=entry_id)
            if target["kind"] != "win":
                raise StorageError(
                    ErrorCode.INVALID_ARGUMENT, detail=f"entry #{entry_id} is no win"
                )
            source_id = await insert_source(conn, chat_id, source)
            reversal_id, session_id = await self._insert_reversal(
                conn, chat_id, entry_id, None, author, source_id
            )
            assert session_id is not None
            session = await playing_session(conn, chat_id, session_id)
            dealt_again = session.hand_number == target["hand_number"] and json.loads(
                state_json(session)
            ) == json.loads(target["state_before"])
            ids = await self._insert_wins(
                conn, chat_id, session, [win], source_id, author,
                past_hand=None if dealt_again else target,
            )  # fmt: skip
            return await self._recorded(conn, chat_id, [reversal_id, *ids], session_id)

    async def _insert_reversal(
        self,
        conn: aiosqlite.Connection,
        chat_id: int,
        entry_id: int | None,
        session_id: int | None,
        author: int | None,
        source_id: int | None,
    ) -> tuple[int, int | None]:
        await require_players(conn, chat_id, [author])
        if entry_id is None:
            if session_id is None:
                session = await open_session_row(conn, chat_id)
                if session is None:
                    raise StorageError(ErrorCode.NO_OPEN_SESSION)
                session_id = session.id
            row = await fetch_one(
                conn,
                "SELECT e.id FROM entries AS e WHERE e.chat_id = ? AND e.session_id = ? "
                "AND e.kind <> 'reversal' "
                "AND NOT EXISTS (SELECT 1 FROM entries AS r WHERE r.reverses = e.id) "
                "ORDER BY e.id DESC LIMIT 1",
                [chat_id, session_id],
            )
            if row is None:
                raise StorageError(ErrorCode.NOTHING_TO_REVERSE)
            entry_id = int(row["id"])
        found = await load_entries(conn, chat_id, [entry_id])
        if not found:
            raise StorageError(ErrorCode.UNKNOWN_ENTRY, entry_id=entry_id)
        target = found[0]
        if target.kind == "reversal":
            raise StorageError(ErrorCode.REVERSAL_OF_REVERSAL, entry_id=entry_id)
        if target.reversed_by is not None:
            raise StorageError(ErrorCode.ALREADY_REVERSED, entry_id=entry_id)
        session = None
        if target.session_id is not None:
            session = await session_row(conn, chat_id, target.session_id)
            if not session.is_open:
                raise StorageError(ErrorCode.SESSION_CLOSED, session_id=session.id)
        fields = {
            "session_id": target.session_id,
            "hand_number": target.hand_number,
            "author": author,
            "source_id": source_id,
            "reverses": target.id,
        }
        negated = {player: -delta for player, delta in target.postings.items()}
        reversal_id = await insert_entry(conn, chat_id, "reversal", negated, fields)
        if session is not None and target.kind in HAND_KINDS:
            await self._undo_deal(conn, session, target.id)
        return reversal_id, target.session_id

    @staticmethod
    async def _undo_deal(conn: aiosqlite.Connection, session: Session, entry_id: int) -> None:
        """Put the dealer back when the reversed hand was the session's latest hand and none
        of its wins (一炮多响) still stands; older hands leave the current deal alone."""
        row = await fetch_one(
            conn,
            "SELECT hand_number, state_before, state_after FROM entries WHERE id = ?",
            [entry_id],
        )
        assert row is not None
        if json.loads(row["state_after"]) != json.loads(state_json(session)):
            return
        standing = await fetch_one(
            conn,
            "SELECT 1 FROM entries AS e WHERE e.session_id = ? AND e.hand_number = ? "
            "AND e.kind IN ('win', 'draw') AND e.state_after = ? AND e.id <> ? "
            "AND NOT EXISTS (SELECT 1 FROM entries AS r WHERE r.reverses = e.id)",
            [session.id, row["hand_number"], row["state_after"], entry_id],
        )
        if standing is None:
            await _write_state(conn, session.id, DealState(**json.loads(row["state_before"])))

    @staticmethod
    async def _recorded(
        conn: aiosqlite.Connection, chat_id: int, ids: Sequence[int], session_id: int | None
    ) -> Recorded:
        entries = await load_entries(conn, chat_id, ids)
        session = await session_row(conn, chat_id, session_id) if session_id is not None else None
        return Recorded(tuple(entries), replay=False, session=session)
