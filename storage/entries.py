"""Append-only entries: wins, kongs, 流局, adjustments, reversals.

Every write runs in one transaction: a replayed Telegram update returns what it recorded the
first time; then the input is checked (players of this chat, seated, open session, postings
summing to 0); then postings are inserted before their entry row, so the schema's triggers
check the sum and seal the postings inside the same transaction.

Each trip to aiosqlite's thread costs a thread hand-off, so a write reads what it needs in
one query and writes each entry in one statement (the writer's ``entry_writes`` view).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import aiosqlite

from .bounds import MAX_POSTING_POINTS
from .database import (
    ENTRY_WRITE_COLUMNS,
    Store,
    begin_with,
    commit_with,
    integrity_error,
)
from .errors import ErrorCode, StorageError
from .players import NewMember, upsert_member
from .records import (
    Entry,
    EntryKind,
    KongSpec,
    Postings,
    Recorded,
    SeatName,
    Session,
    Source,
    WinSpec,
)
from .rotation import DealState, after_hand
from .rows import (
    ENTRY_COLUMNS,
    POSTINGS_COLUMN,
    SESSION_COLUMNS,
    entry_from,
    fetch_one,
    load_entries,
    now_text,
    parse_time,
    postings_from,
    session_from,
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
    for delta in postings.values():
        if abs(delta) > MAX_POSTING_POINTS:
            raise StorageError(
                ErrorCode.POINTS_TOO_LARGE, points=f"{delta:,}", limit=f"{MAX_POSTING_POINTS:,}"
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
    if not isinstance(result_json, str):
        raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"result JSON {result_json!r}")
    try:
        json.loads(result_json)
    except (TypeError, ValueError) as error:
        raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"result JSON: {error}") from error
    return result_json


def _state_of(session: Session) -> DealState:
    return DealState(
        session.dealer, session.round_wind, session.hand_number, session.deals_in_round
    )


NEXT_ENTRY_ID = "SELECT coalesce(max(id), 0) + 1 FROM entries"
# The chat's (?1) next entry number, through the (chat_id, number) index.
NEXT_ENTRY_NUMBER = "SELECT coalesce(max(number), 0) + 1 FROM entries WHERE chat_id = ?1"


async def _next_entry_id(conn: aiosqlite.Connection) -> int:
    # Safe: the caller holds the write lock inside BEGIN IMMEDIATE.
    row = await fetch_one(conn, NEXT_ENTRY_ID)
    assert row is not None
    return int(row[0])


@dataclass(frozen=True)
class Draft:
    """An entry about to be written: its kind, its postings and its other columns."""

    kind: EntryKind
    postings: Postings
    fields: Mapping[str, Any]


@dataclass(frozen=True)
class Provenance:
    """Who writes a recording, from which update, and the id its source row gets."""

    chat_id: int
    source: Source | None
    source_id: int | None
    author: int | None


async def insert_entry(
    conn: aiosqlite.Connection,
    chat_id: int,
    draft: Draft,
    entry_id: int | None = None,
    *,
    new_source: Source | None = None,
    deal: DealState | None = None,
    number: int | None = None,
) -> int:
    """One entry in one statement: its source when ``new_source`` (with the id in
    ``draft.fields["source_id"]``), its postings, then its row, whose insert trigger checks
    and seals them; then the session's deal moves to ``deal``.

    ``entry_id`` is the next free id when the caller read it in this transaction already.
    """
    if entry_id is None:
        entry_id = await _next_entry_id(conn)
    row = entry_write(chat_id, draft, entry_id, new_source, deal, number)
    await insert_entries(conn, [row])
    return entry_id


def entry_write(
    chat_id: int,
    draft: Draft,
    entry_id: int,
    new_source: Source | None = None,
    deal: DealState | None = None,
    number: int | None = None,
) -> list[Any]:
    """The values of one row of ``entry_writes`` (see ``insert_entry``), in column order;
    without ``number`` the row gets the chat's next number as it is inserted."""
    row = {"id": entry_id, "chat_id": chat_id, "kind": draft.kind, **draft.fields}
    if number is not None:
        row["number"] = number
    row["postings"] = json.dumps([[player, delta] for player, delta in draft.postings.items()])
    row.setdefault("created_at", now_text())
    if new_source is not None:
        row.update(update_id=new_source.update_id, message_id=new_source.message_id)
    if deal is not None:
        row.update(
            next_dealer=deal.dealer,
            next_round_wind=deal.round_wind,
            next_hand_number=deal.hand_number,
            next_deals_in_round=deal.deals_in_round,
        )
    unknown = set(row) - set(ENTRY_WRITE_COLUMNS)
    if unknown:
        raise TypeError(f"not entry columns: {sorted(unknown)}")
    return [row.get(column) for column in ENTRY_WRITE_COLUMNS]


async def insert_entries(
    conn: aiosqlite.Connection, rows: Sequence[list[Any]], *, commit: bool = False
) -> None:
    """Rows of ``entry_writes`` in one statement, which SQLite applies whole or not at all;
    with ``commit`` the transaction's COMMIT goes to the thread with it (``commit_with``:
    the caller wrote nothing else in this transaction, so a refused statement leaves an
    empty transaction to commit)."""
    marks = ", ".join(["(" + ", ".join("?" * len(ENTRY_WRITE_COLUMNS)) + ")"] * len(rows))
    sql = f"INSERT INTO temp.entry_writes ({', '.join(ENTRY_WRITE_COLUMNS)}) VALUES {marks}"
    params = [value for row in rows for value in row]
    try:
        if commit:
            await commit_with(conn, sql, params)
        else:
            await conn.execute(sql, params)
    except sqlite3.IntegrityError as error:
        raise integrity_error(error) from error


def source_id_for(source: Source | None, before: Before) -> int | None:
    """The id this recording's source row gets (inserted with its first entry)."""
    if source is None:
        return None
    if not _is_int(source.update_id):
        raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"update id {source.update_id!r}")
    return before.next_source_id


@dataclass(frozen=True)
class Before:
    """What a write must know before it writes, read in one query inside its transaction."""

    replay: Recorded | None
    players: frozenset[int]
    next_id: int
    next_source_id: int
    session: Session | None
    # The chat's next entry number (migration 0014), free like ``next_id``.
    next_number: int


# Who writes an entry: a player's id, a Telegram user to record (never seen, or renamed on
# Telegram since) inside the write, or nobody (an anonymous admin, a tool).
Author = int | NewMember | None


async def recorded_author(
    conn: aiosqlite.Connection, chat_id: int, author: Author, before: Before
) -> tuple[int | None, Before]:
    """The author's player id, a Telegram user's recorded (or renamed) now: inside the write's
    transaction, after its replay check and before its other checks, so a refusal records
    nobody (the ROLLBACK takes the row back with the rest)."""
    if not isinstance(author, NewMember):
        return author, before
    player = await upsert_member(conn, chat_id, author)
    return player.id, replace(before, players=before.players | {player.id})


_LOOK = (
    "SELECT (SELECT json_group_array(e.id) FROM sources AS s JOIN entries AS e "
    "ON e.source_id = s.id WHERE s.chat_id = ?1 AND s.update_id = ?2) AS replays, "
    "(SELECT json_group_array(id) FROM players "
    "WHERE chat_id = ?1 AND id IN (SELECT value FROM json_each(?3))) AS known, "
    f"({NEXT_ENTRY_ID}) AS next_id, (SELECT coalesce(max(id), 0) + 1 FROM sources) AS next_source, "
    f"({NEXT_ENTRY_NUMBER}) AS next_number, "
    f"{SESSION_COLUMNS} FROM (SELECT 1) LEFT JOIN sessions "
    "ON chat_id = ?1 AND (id = ?4 OR (?4 IS NULL AND ?5 AND is_open = 1))"
)


async def look(
    conn: aiosqlite.Connection,
    chat_id: int,
    source: Source | None,
    players: Iterable[object],
    session_id: int | None = None,
    *,
    or_open: bool = False,
) -> Before:
    """Open the write transaction (``_write(begin=False)``) and, in the same trip, read the
    entries this update recorded before, which of ``players`` belong to this chat, the next
    entry and source ids (free until this transaction writes: it holds the write lock inside
    BEGIN IMMEDIATE), and the session ``session_id`` (this chat's only; with ``or_open`` and
    no id, the chat's open session). A replayed update costs more trips, to load its record;
    the caller returns ``replay`` then."""
    update_id = source.update_id if source is not None and _is_int(source.update_id) else None
    asked = sorted({p for p in players if isinstance(p, int) and not isinstance(p, bool)})
    rows = await begin_with(
        conn, _LOOK, [chat_id, update_id, json.dumps(asked), session_id, or_open]
    )
    row = rows[0]
    return Before(
        replay=await _replay_of(conn, chat_id, sorted(json.loads(row["replays"]))),
        players=frozenset(json.loads(row["known"])),
        next_id=int(row["next_id"]),
        next_source_id=int(row["next_source"]),
        session=session_from(row) if row["id"] is not None else None,
        next_number=int(row["next_number"]),
    )


async def _replay_of(
    conn: aiosqlite.Connection, chat_id: int, replay_ids: list[int]
) -> Recorded | None:
    """What this update recorded before (entries ``replay_ids``), if it was recorded before."""
    if not replay_ids:
        return None
    entries = await load_entries(conn, chat_id, replay_ids)
    session_id = entries[0].session_id
    session = await session_row(conn, chat_id, session_id) if session_id is not None else None
    return Recorded(tuple(entries), replay=True, session=session)


def check_players(before: Before, player_ids: Iterable[int | None]) -> None:
    """Every id (None skipped) is a player of this chat, else UNKNOWN_PLAYER (as looked up)."""
    wanted = {p for p in player_ids if p is not None}
    for player in wanted:
        if not _is_int(player):
            raise StorageError(ErrorCode.UNKNOWN_PLAYER, player=repr(player))
    missing = sorted(wanted - before.players)
    if missing:
        raise StorageError(ErrorCode.UNKNOWN_PLAYER, player=f"#{missing[0]}")


async def insert_recording(
    conn: aiosqlite.Connection,
    chat_id: int,
    draft: Draft,
    source: Source | None,
    before: Before,
    deal: DealState | None = None,
) -> Entry:
    """Insert a recording's one entry with its source (ids as ``before`` looked them up) and
    return it as written."""
    draft = replace(draft, fields={**draft.fields, "source_id": source_id_for(source, before)})
    entry_id = await insert_entry(
        conn, chat_id, draft, before.next_id, new_source=source, deal=deal,
        number=before.next_number,
    )  # fmt: skip
    return written(entry_id, chat_id, draft, source, before.next_number)


def _ids_in(postings: object) -> list[Any]:
    return list(postings) if isinstance(postings, Mapping) else []


def written(
    entry_id: int,
    chat_id: int,
    draft: Draft,
    source: Source | None,
    number: int,
    reverses_number: int | None = None,
) -> Entry:
    """The entry just inserted, as ``load_entries`` would read it back (not reversed yet)."""
    fields = draft.fields
    self_draw = fields.get("self_draw")
    return Entry(
        id=entry_id,
        chat_id=chat_id,
        session_id=fields.get("session_id"),
        kind=draft.kind,
        postings=dict(draft.postings),
        created_at=parse_time(fields["created_at"]),
        author=fields.get("author"),
        source=Source(source.update_id, source.message_id) if source is not None else None,
        winner=fields.get("winner"),
        self_draw=None if self_draw is None else bool(self_draw),
        discarder=fields.get("discarder"),
        value=fields.get("value"),
        hand_line=fields.get("hand_line"),
        result_json=fields.get("result_json"),
        note=fields.get("note"),
        hand_number=fields.get("hand_number"),
        reverses=fields.get("reverses"),
        number=number,
        reverses_number=reverses_number,
    )


def _text(value: object, what: str) -> str | None:
    if value is not None and not isinstance(value, str):
        raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"{what} {value!r} (text only)")
    return value


def _dealt(session: Session, state: DealState) -> Session:
    return replace(
        session,
        dealer=state.dealer,
        round_wind=state.round_wind,
        hand_number=state.hand_number,
        deals_in_round=state.deals_in_round,
    )


def _seat(session: Session, player: int) -> SeatName:
    seat = session.seat_of(player)
    if seat is None:
        raise StorageError(ErrorCode.NOT_SEATED, player=f"#{player}")
    return seat


def open_session_of(session: Session | None, session_id: int) -> Session:
    """A session of this chat that is open."""
    if session is None:
        raise StorageError(ErrorCode.UNKNOWN_SESSION, session_id=session_id)
    if not session.is_open:
        raise StorageError(ErrorCode.SESSION_CLOSED, session_id=session_id)
    return session


def playing(session: Session | None, session_id: int) -> Session:
    """A session of this chat that is open and has all four seats filled."""
    session = open_session_of(session, session_id)
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


def _check_win(
    session: Session, win: WinSpec, cleaned: Postings, wins: Sequence[WinSpec]
) -> SeatName:
    """Refuse a win that cannot stand in this hand; return the winner's seat."""
    seat = _seat(session, win.winner)
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
    return seat


def _checked_wins(
    session: Session, wins: Sequence[WinSpec], before: Before, author: int | None
) -> tuple[list[Postings], list[SeatName]]:
    """The wins' cleaned postings and their winners' seats, once every check passed."""
    if not wins:
        raise StorageError(ErrorCode.INVALID_ARGUMENT, detail="no win to record")
    all_postings = [clean_postings(win.postings) for win in wins]
    named = [author, *(w.winner for w in wins), *(w.discarder for w in wins)] + [
        player for postings in all_postings for player in postings
    ]
    check_players(before, named)
    winners = [
        _check_win(session, win, cleaned, wins)
        for win, cleaned in zip(wins, all_postings, strict=True)
    ]
    discarders = {win.discarder for win in wins}
    if len(wins) > 1 and (len(discarders) != 1 or None in discarders):
        raise StorageError(
            ErrorCode.INVALID_ARGUMENT, detail="several winners need one shared discarder"
        )
    return all_postings, winners


def _in_hand(session: Session, past_hand: aiosqlite.Row) -> Session:
    """The session as it sat for ``past_hand`` (an entry row of an earlier hand)."""
    seats = tuple(past_hand[column] for column in ("seat_e", "seat_s", "seat_w", "seat_n"))
    return replace(session, seats=seats, hand_number=past_hand["hand_number"])


def _win_fields(hand: Mapping[str, Any], by: Provenance, win: WinSpec) -> dict[str, Any]:
    return {
        **hand,
        "author": by.author,
        "source_id": by.source_id,
        "winner": win.winner,
        "self_draw": win.self_draw,
        "discarder": win.discarder,
        "value": win.value,
        "hand_line": _text(win.hand_line, "hand line"),
        "result_json": _json_text(win.result_json),
        "created_at": now_text(),
    }


def _win_drafts(
    by: Provenance,
    session: Session,
    wins: Sequence[WinSpec],
    before: Before,
    past_hand: aiosqlite.Row | None = None,
) -> tuple[list[Draft], DealState]:
    """The checked entries of one hand's wins and the deal after that hand. With
    ``past_hand`` (an entry row of an earlier hand) they belong to that hand: its seats, its
    number, its deal states. ``before`` holds the players, as this transaction looked them up.
    """
    if past_hand is not None:
        session = _in_hand(session, past_hand)
    all_postings, winners = _checked_wins(session, wins, before, by.author)
    discarder = wins[0].discarder
    discarder_seat = session.seat_of(discarder) if discarder is not None else None
    after = after_hand(_state_of(session), session.rotation, winners, discarder_seat)
    hand = _hand_fields(session, after)
    if past_hand is not None:
        hand["state_before"] = past_hand["state_before"]
        hand["state_after"] = past_hand["state_after"]
    return [
        Draft("win", cleaned, _win_fields(hand, by, win))
        for win, cleaned in zip(wins, all_postings, strict=True)
    ], after


def _writes(
    by: Provenance,
    drafts: Sequence[Draft],
    first: tuple[int, int],
    new_source: Source | None,
    deal: DealState | None,
) -> tuple[list[list[Any]], list[Entry]]:
    """The ``entry_writes`` rows of ``drafts`` (ids and numbers from ``first``; ``new_source``
    goes with the first, ``deal`` with the last) and the entries they write."""
    writes, entries = [], []
    last = len(drafts) - 1
    first_id, first_number = first
    for offset, draft in enumerate(drafts):
        entry_id, number = first_id + offset, first_number + offset
        writes.append(
            entry_write(
                by.chat_id, draft, entry_id,
                new_source if offset == 0 else None, deal if offset == last else None, number,
            )
        )  # fmt: skip
        entries.append(written(entry_id, by.chat_id, draft, by.source, number))
    return writes, entries


class EntryStore(Store):
    """Writes of entries. Every write opens with BEGIN IMMEDIATE and one query for everything
    it checks (``look``), sent to the writer's thread together; each entry is one row of
    ``entry_writes`` (source, postings, entry and deal). A recording of wins is then one
    statement for all its entries with the COMMIT behind it: two trips in all. What a write
    returns is built from what it wrote, not read back."""

    async def record_win(
        self,
        chat_id: int,
        session_id: int,
        win: WinSpec,
        source: Source | None,
        author: Author,
    ) -> Recorded:
        """Record one win and advance the dealer; a replayed source returns the first record."""
        return await self.record_wins(chat_id, session_id, [win], source, author)

    async def record_wins(
        self,
        chat_id: int,
        session_id: int,
        wins: list[WinSpec],
        source: Source | None,
        author: Author,
    ) -> Recorded:
        """Record several wins of one hand (一炮多响) atomically, sharing one source: one
        statement for all its entries, with the COMMIT behind it."""
        named = [author]
        for win in wins:
            named += [win.winner, win.discarder, *_ids_in(win.postings)]
        async with self._write(begin=False, commit=False) as conn:
            before = await look(conn, chat_id, source, named, session_id)
            if before.replay is not None:
                return before.replay
            author_id, before = await recorded_author(conn, chat_id, author, before)
            session = playing(before.session, session_id)
            by = Provenance(chat_id, source, source_id_for(source, before), author_id)
            drafts, after = _win_drafts(by, session, wins, before)
            writes, entries = _writes(
                by, drafts, (before.next_id, before.next_number), source, after
            )
            await insert_entries(conn, writes, commit=True)
            return Recorded(tuple(entries), replay=False, session=_dealt(session, after))

    async def record_kong(
        self,
        chat_id: int,
        session_id: int,
        kong: KongSpec,
        source: Source | None,
        author: Author,
    ) -> Recorded:
        """Record a kong payment (settled at once; the dealer does not move).

        The entry's ``winner`` field holds the kong's owner.
        """
        owner, postings = kong.owner, kong.postings
        async with self._write(begin=False) as conn:
            before = await look(
                conn, chat_id, source, [owner, author, *_ids_in(postings)], session_id
            )
            if before.replay is not None:
                return before.replay
            author_id, before = await recorded_author(conn, chat_id, author, before)
            session = playing(before.session, session_id)
            cleaned = clean_postings(postings)
            check_players(before, [owner, *cleaned, author_id])
            for player in [owner, *cleaned]:
                _seat(session, player)
            if cleaned.get(owner, 0) <= 0:
                raise StorageError(ErrorCode.INVALID_ARGUMENT, detail="the kong's owner must gain")
            fields = {
                **_table_fields(session),
                "author": author_id,
                "winner": owner,
                "note": _text(kong.note, "note"),
                "result_json": _json_text(kong.result_json),
                "created_at": now_text(),
            }
            entry = await insert_recording(
                conn, chat_id, Draft("kong", cleaned, fields), source, before
            )
            return Recorded((entry,), replay=False, session=session)

    async def record_draw(
        self,
        chat_id: int,
        session_id: int,
        source: Source | None,
        author: Author,
        postings: Postings | None = None,
        note: str | None = None,
    ) -> Recorded:
        """Record a 流局 (drawn hand) and advance the dealer by the session's rotation."""
        async with self._write(begin=False) as conn:
            named = [author, *_ids_in(postings)]
            before = await look(conn, chat_id, source, named, session_id)
            if before.replay is not None:
                return before.replay
            author_id, before = await recorded_author(conn, chat_id, author, before)
            session = playing(before.session, session_id)
            cleaned = clean_postings(postings or {}, allow_empty=True)
            check_players(before, [*cleaned, author_id])
            for player in cleaned:
                _seat(session, player)
            after = after_hand(_state_of(session), session.rotation, [], None)
            fields = {
                **_hand_fields(session, after),
                "author": author_id,
                "note": _text(note, "note"),
                "created_at": now_text(),
            }
            entry = await insert_recording(
                conn, chat_id, Draft("draw", cleaned, fields), source, before, deal=after
            )
            return Recorded((entry,), replay=False, session=_dealt(session, after))

    async def record_adjustment(
        self,
        chat_id: int,
        postings: Postings,
        source: Source | None,
        author: Author,
        note: str | None = None,
        session_id: int | None = None,
    ) -> Recorded:
        """Record a manual adjustment among this chat's players (in an open session or not)."""
        async with self._write(begin=False) as conn:
            named = [author, *_ids_in(postings)]
            before = await look(conn, chat_id, source, named, session_id)
            if before.replay is not None:
                return before.replay
            author_id, before = await recorded_author(conn, chat_id, author, before)
            if session_id is not None:
                open_session_of(before.session, session_id)
            cleaned = clean_postings(postings)
            check_players(before, [*cleaned, author_id])
            fields = {
                "session_id": session_id,
                "author": author_id,
                "note": _text(note, "note"),
                "created_at": now_text(),
            }
            entry = await insert_recording(
                conn, chat_id, Draft("adjustment", cleaned, fields), source, before
            )
            return Recorded((entry,), replay=False, session=before.session)

    async def reverse(
        self,
        chat_id: int,
        entry_id: int | None = None,
        *,
        author: Author,
        source: Source | None,
        session_id: int | None = None,
    ) -> Recorded:
        """Reverse an entry (default: the open session's last unreversed entry); once only."""
        async with self._write(begin=False) as conn:
            before = await look(conn, chat_id, source, [author], session_id, or_open=True)
            if before.replay is not None:
                return before.replay
            author_id, before = await recorded_author(conn, chat_id, author, before)
            by = Provenance(chat_id, source, source_id_for(source, before), author_id)
            reversal, session = await _insert_reversal(
                conn, by, before, entry_id, session_id, new_source=source
            )
            return Recorded((reversal,), replay=False, session=session)

    async def reverse_many(
        self,
        chat_id: int,
        entry_ids: Sequence[int],
        *,
        author: Author,
        source: Source | None,
    ) -> Recorded:
        """Reverse several entries (e.g. both wins of a 一炮多响) atomically, sharing one source."""
        if not entry_ids or len(set(entry_ids)) != len(entry_ids):
            raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"entries {list(entry_ids)}")
        async with self._write(begin=False) as conn:
            before = await look(conn, chat_id, source, [author])
            if before.replay is not None:
                return before.replay
            author_id, before = await recorded_author(conn, chat_id, author, before)
            by = Provenance(chat_id, source, source_id_for(source, before), author_id)
            reversals: list[Entry] = []
            session = None
            for offset, entry_id in enumerate(entry_ids):
                reversal, session = await _insert_reversal(
                    conn, by,
                    replace(
                        before,
                        next_id=before.next_id + offset,
                        next_number=before.next_number + offset,
                    ),
                    entry_id,
                    new_source=source if offset == 0 else None,
                )  # fmt: skip
                reversals.append(reversal)
            return Recorded(tuple(reversals), replay=False, session=session)

    async def edit_win(
        self,
        chat_id: int,
        entry_id: int,
        win: WinSpec,
        *,
        author: Author,
        source: Source | None,
    ) -> Recorded:
        """Replace a win: its reversal plus a new win, in one transaction (both returned).

        Editing the latest hand re-deals from the corrected result; editing an earlier hand
        (or one win of a 一炮多响) puts the corrected win into that hand and keeps the deal.
        """
        named = [author, win.winner, win.discarder, *_ids_in(win.postings)]
        async with self._write(begin=False) as conn:
            before = await look(conn, chat_id, source, named)
            if before.replay is not None:
                return before.replay
            author_id, before = await recorded_author(conn, chat_id, author, before)
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
            by = Provenance(chat_id, source, source_id_for(source, before), author_id)
            reversal, after_undo = await _insert_reversal(
                conn, by, before, entry_id, new_source=source
            )
            assert reversal.session_id is not None
            session = playing(after_undo, reversal.session_id)
            dealt_again = session.hand_number == target["hand_number"] and json.loads(
                state_json(session)
            ) == json.loads(target["state_before"])
            past_hand = None if dealt_again else target
            drafts, after = _win_drafts(by, session, [win], before, past_hand)
            deal = after if past_hand is None else None
            writes, entries = _writes(
                by, drafts, (before.next_id + 1, before.next_number + 1), None, deal
            )
            await insert_entries(conn, writes)
            session = _dealt(session, deal) if deal is not None else session
            return Recorded((reversal, *entries), replay=False, session=session)


async def _insert_reversal(
    conn: aiosqlite.Connection,
    by: Provenance,
    before: Before,
    entry_id: int | None,
    session_id: int | None = None,
    *,
    new_source: Source | None,
) -> tuple[Entry, Session | None]:
    """Insert the reversal of ``entry_id`` (default: the last unreversed entry of the
    session, default the open one) and put the deal back when it undoes the latest hand.

    ``before`` was looked up in this transaction; its ``next_id`` is still free;
    ``new_source`` is inserted with the reversal. Returns the reversal and the target's
    session as it stands afterwards.
    """
    check_players(before, [by.author])
    row = await fetch_one(conn, _TARGET, [by.chat_id, session_id, entry_id])
    assert row is not None
    target = _reversible(row, entry_id)
    session = await _reversal_session(conn, by.chat_id, target, before)
    fields = {
        "session_id": target.session_id,
        "hand_number": target.hand_number,
        "author": by.author,
        "source_id": by.source_id,
        "reverses": target.id,
        "created_at": now_text(),
    }
    deal = _deal_back(row, target, session)
    negated = {player: -delta for player, delta in target.postings.items()}
    draft = Draft("reversal", negated, fields)
    reversal_id = await insert_entry(
        conn, by.chat_id, draft, before.next_id, new_source=new_source, deal=deal,
        number=before.next_number,
    )  # fmt: skip
    reversal = written(reversal_id, by.chat_id, draft, by.source, before.next_number, target.number)
    if session is not None and deal is not None:
        session = _dealt(session, deal)
    return reversal, session


def _reversible(row: aiosqlite.Row, entry_id: int | None) -> Entry:
    """The entry ``_TARGET`` picked, refused when there is none or it cannot be reversed."""
    if entry_id is None:
        if row["scope_id"] is None:
            raise StorageError(ErrorCode.NO_OPEN_SESSION)
        if row["pick_id"] is None:
            raise StorageError(ErrorCode.NOTHING_TO_REVERSE)
    if row["id"] is None:
        raise StorageError(ErrorCode.UNKNOWN_ENTRY, entry_id=row["pick_id"])
    target = entry_from(row, postings_from(row["postings"]))
    if target.kind == "reversal":
        raise StorageError(ErrorCode.REVERSAL_OF_REVERSAL, entry_id=target.number)
    if target.reversed_by is not None:
        raise StorageError(ErrorCode.ALREADY_REVERSED, entry_id=target.number)
    return target


async def _reversal_session(
    conn: aiosqlite.Connection, chat_id: int, target: Entry, before: Before
) -> Session | None:
    """The target's session (None: outside any), which must still be open."""
    if target.session_id is None:
        return None
    known = before.session
    session = (
        known
        if known is not None and known.id == target.session_id
        else await session_row(conn, chat_id, target.session_id)
    )
    if not session.is_open:
        raise StorageError(ErrorCode.SESSION_CLOSED, session_id=session.number)
    return session


def _deal_back(row: aiosqlite.Row, target: Entry, session: Session | None) -> DealState | None:
    """The deal to put back, or None to leave it: put the dealer back when the reversed hand
    was the session's latest hand and none of its wins (一炮多响) still stands; older hands
    leave the deal alone."""
    if session is None or target.kind not in HAND_KINDS:
        return None
    latest = json.loads(row["state_after"]) == json.loads(state_json(session))
    if latest and not row["standing"]:
        return DealState(**json.loads(row["state_before"]))
    return None


# The entry to reverse (?3, else the last unreversed one of session ?2, else of the open
# session, walked back on the session's index: ``+o.chat_id`` keeps the planner off the
# chat's), whole, with whether another win of its hand still stands (一炮多响).
_TARGET = f"""
WITH scope AS (
    SELECT coalesce(?2, (SELECT id FROM sessions WHERE chat_id = ?1 AND is_open = 1)) AS id
), pick AS (
    SELECT coalesce(?3, (
        SELECT o.id FROM entries AS o, scope
        WHERE +o.chat_id = ?1 AND o.session_id = scope.id AND o.kind <> 'reversal'
          AND NOT EXISTS (SELECT 1 FROM entries AS x WHERE x.reverses = o.id)
        ORDER BY o.id DESC LIMIT 1
    )) AS id
)
SELECT scope.id AS scope_id, pick.id AS pick_id, {ENTRY_COLUMNS}, {POSTINGS_COLUMN},
    e.state_before, e.state_after,
    EXISTS (
        SELECT 1 FROM entries AS o
        WHERE o.session_id = e.session_id AND o.hand_number = e.hand_number
          AND o.kind IN ('win', 'draw') AND o.state_after = e.state_after AND o.id <> e.id
          AND NOT EXISTS (SELECT 1 FROM entries AS x WHERE x.reverses = o.id)
    ) AS standing
FROM scope, pick
LEFT JOIN entries AS e ON e.id = pick.id AND e.chat_id = ?1
LEFT JOIN sources AS s ON s.id = e.source_id
LEFT JOIN entries AS r ON r.reverses = e.id
LEFT JOIN entries AS t ON t.id = e.reverses
"""
