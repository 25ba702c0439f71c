"""One person, one record: identity links between a chat's player records, folded at read time.

The ledger keeps every entry and posting under the player id it was written with. An identity
link (migration 0005, ``identity_events`` / ``person_links``) says that one record is another
record's person from now on: a guest written down at /new and the member who later sent
/join or /iam, or two records an admin merged. Links are append-only events, cut again by an
'undo' event; nothing already written changes.

**The one place that folds records into people** is ``People`` (read with ``read_people``):
``person(id)`` follows the links to the person's record (its *root*, a record that is linked
to nothing), ``records(person)`` lists every record of a person, and ``fold`` / ``fold_sums``
turn any per-record mapping (totals, balances, series) into a per-person one. A chat holds a
handful of links (one per record that ever had a double), so a fold costs the same at any
ledger length: readers fold the kept totals (``player_totals``, ``pair_totals``) and session
sums after reading them, never the history. ``stats``, ``tally``, ``head_to_head`` and
``running_totals`` fold; any new reader of per-player numbers (/top, periods) folds the same
way: ``people = await read_people(conn, chat_id)`` then ``people.fold(rows, combine)``.

Refused (``StorageError``, nothing written): a record linked to itself, two records already
one person (a link that would close a cycle), two records that sat at one table in one hand
(``pair_totals``: one person cannot hold two seats; also both seated at the open table), a
record of another chat, renaming a member (their name is their Telegram name), a name taken,
undoing a link while a later link of the same person holds (undo that first: an undo
restores exactly the people before its event).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from itertools import combinations
from typing import Final, Literal, TypeVar, cast

import aiosqlite

from .database import Store
from .errors import ErrorCode, StorageError
from .names import name_key
from .players import NewMember, clean_name, players_named, recorded_id, seated_id
from .records import SEATS, Player, SeatName, Session
from .rows import (
    fetch_all,
    fetch_one,
    now_text,
    open_session_row,
    parse_time,
    player_from,
    player_row,
    session_row,
    time_text,
)

T = TypeVar("T")
LinkHow = Literal["join", "iam", "merge"]
IdentityKind = Literal["link", "rename", "undo"]
# Who sent an identity command: their player's id, a Telegram user the write records (or
# whose new Telegram name it records) once its checks pass, or nobody.
Sender = int | NewMember | None
_EVENT_COLUMNS: Final = (
    "i.id, i.chat_id, i.kind, i.how, i.player_id, i.person_id, i.old_name, i.new_name, "
    "i.undoes, i.author, i.update_id, i.created_at, i.session_id, i.seat, u.id AS undone_by, "
    "i.number, d.number AS undoes_number"
)
_SEAT_ZH: Final = ("东", "南", "西", "北")  # SEATS as a Chinese refusal names them
_EVENT_FROM: Final = (
    "identity_events AS i LEFT JOIN identity_events AS u ON u.undoes = i.id "
    "LEFT JOIN identity_events AS d ON d.id = i.undoes"
)


@dataclass(frozen=True)
class People:
    """Which records of one chat are one person: ``links`` maps each linked record to the
    record it was linked to (one step; ``person`` follows the chain to its root)."""

    links: Mapping[int, int]

    @cached_property
    def _roots(self) -> dict[int, int]:
        """Each linked record's root, every chain walked once (a chain of n links costs n,
        not n² as following each record to its root alone would)."""
        roots: dict[int, int] = {}
        for start in self.links:
            path: list[int] = []
            node = start
            while node in self.links and node not in roots and len(path) <= len(self.links):
                path.append(node)
                node = self.links[node]
            root = roots.get(node, node)
            roots.update(dict.fromkeys(path, root))
        return roots

    def person(self, player_id: int) -> int:
        """The person's record (the root of the links) that ``player_id`` belongs to."""
        return self._roots.get(player_id, player_id)

    def records(self, person_id: int) -> tuple[int, ...]:
        """Every record of the person ``person_id`` belongs to, its root first."""
        root = self.person(person_id)
        others = sorted(r for r, of in self._roots.items() if of == root and r != root)
        return (root, *others)

    def fold(self, values: Mapping[int, T], combine: Callable[[T, T], T]) -> dict[int, T]:
        """Per-record values as per-person values (keyed by the person's root record)."""
        folded: dict[int, T] = {}
        for player_id, value in values.items():
            person = self.person(player_id)
            folded[person] = combine(folded[person], value) if person in folded else value
        return folded

    def fold_sums(self, values: Mapping[int, int]) -> dict[int, int]:
        return self.fold(values, int.__add__)


async def read_people(conn: aiosqlite.Connection, chat_id: int) -> People:
    """The chat's links that hold now (one indexed read of a few rows)."""
    rows = await fetch_all(
        conn, "SELECT player_id, person_id FROM person_links WHERE chat_id = ?", [chat_id]
    )
    return People({row["player_id"]: row["person_id"] for row in rows})


@dataclass(frozen=True)
class IdentityEvent:
    """One identity event: a link (``player_id`` is ``person_id``'s person from now on; a seat
    of the open session taken with it, if any), a guest's rename, or an undo of one."""

    id: int
    chat_id: int
    kind: IdentityKind
    created_at: datetime
    how: LinkHow | None = None
    player_id: int | None = None
    person_id: int | None = None
    old_name: str | None = None
    new_name: str | None = None
    undoes: int | None = None
    undone_by: int | None = None
    author: int | None = None
    update_id: int | None = None
    session_id: int | None = None
    seat: SeatName | None = None
    # P N: the chat's own numbers (migration 0014) of this event and of the one it undoes.
    number: int = 0
    undoes_number: int | None = None


@dataclass(frozen=True)
class NumberedEvent:
    """An identity event found by the number a user typed; ``old`` when that was its row id
    from before events had numbers (migration 0014)."""

    event: IdentityEvent
    old: bool


@dataclass(frozen=True)
class IdentityChange:
    """What an identity write returns: the event (the earlier one when ``replay``: the same
    Telegram update was handled before), the event it undid, and the open session after."""

    event: IdentityEvent
    replay: bool
    session: Session | None
    undone: IdentityEvent | None = None


@dataclass(frozen=True)
class LinkRequest:
    """``record`` is ``person``'s (their roots are linked); with ``take_seat`` the person takes
    the seat the record holds at the open table."""

    record: int
    person: int | NewMember
    how: LinkHow
    take_seat: bool = False


def _event_from(row: aiosqlite.Row) -> IdentityEvent:
    return IdentityEvent(
        id=row["id"],
        chat_id=row["chat_id"],
        kind=cast(IdentityKind, row["kind"]),
        created_at=parse_time(row["created_at"]),
        how=cast("LinkHow | None", row["how"]),
        player_id=row["player_id"],
        person_id=row["person_id"],
        old_name=row["old_name"],
        new_name=row["new_name"],
        undoes=row["undoes"],
        undone_by=row["undone_by"],
        author=row["author"],
        update_id=row["update_id"],
        session_id=row["session_id"],
        seat=cast("SeatName | None", row["seat"]),
        number=row["number"],
        undoes_number=row["undoes_number"],
    )


async def event_row(conn: aiosqlite.Connection, chat_id: int, event_id: int) -> IdentityEvent:
    row = await fetch_one(
        conn,
        f"SELECT {_EVENT_COLUMNS} FROM {_EVENT_FROM} WHERE i.id = ? AND i.chat_id = ?",
        [event_id, chat_id],
    )
    if row is None:
        raise StorageError(ErrorCode.UNKNOWN_IDENTITY_EVENT, event_id=event_id)
    return _event_from(row)


async def _replayed(
    conn: aiosqlite.Connection, chat_id: int, update_id: int | None
) -> IdentityChange | None:
    if update_id is None:
        return None
    row = await fetch_one(
        conn,
        f"SELECT {_EVENT_COLUMNS} FROM {_EVENT_FROM} WHERE i.chat_id = ? AND i.update_id = ?",
        [chat_id, update_id],
    )
    if row is None:
        return None
    return IdentityChange(_event_from(row), True, await open_session_row(conn, chat_id))


async def _insert_event(conn: aiosqlite.Connection, chat_id: int, **values: object) -> int:
    return await insert_event(conn, chat_id, now_text(), **values)


async def insert_event(
    conn: aiosqlite.Connection, chat_id: int, created_at: str, **values: object
) -> int:
    """Append one identity event as given (the live commands and the CSV import check it
    first); the trigger keeps ``person_links``."""
    columns = ["chat_id", "created_at", *values]
    cursor = await conn.execute(
        f"INSERT INTO identity_events ({', '.join(columns)}) "
        f"VALUES ({', '.join('?' * len(columns))})",
        [chat_id, created_at, *values.values()],
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


@dataclass(frozen=True)
class LinkCheck:
    """A link that may be made: the two people's roots, their records, the names said."""

    root: int
    target: int
    mine: tuple[int, ...]
    theirs: tuple[int, ...]
    names: tuple[str, str]


async def check_link(
    conn: aiosqlite.Connection, chat_id: int, record_id: int, person_id: int
) -> LinkCheck:
    """The checks every link passes, live or imported: both records of this chat, not the
    same record nor already one person (a cycle), never sat at one table in a hand that
    counts. (The live commands also refuse two people both seated at the open table.)"""
    record = await player_row(conn, chat_id, record_id)
    person = await player_row(conn, chat_id, person_id)
    if record.id == person.id:
        raise StorageError(ErrorCode.SAME_RECORD, name=record.name)
    people = await read_people(conn, chat_id)
    root, target = people.person(record.id), people.person(person.id)
    if root == target:
        raise StorageError(ErrorCode.ALREADY_ONE_PERSON, a=record.name, b=person.name)
    mine, theirs = people.records(root), people.records(target)
    if await _sat_together(conn, mine, theirs):
        raise StorageError(ErrorCode.SAT_TOGETHER, a=record.name, b=person.name)
    return LinkCheck(root, target, mine, theirs, (record.name, person.name))


async def _sat_together(
    conn: aiosqlite.Connection, one: Iterable[int], other: Iterable[int]
) -> bool:
    """Whether any record of one person sat at a table with any of the other's in a hand that
    counts (the kept pair totals: a few rows, whatever the ledger's length)."""
    a, b = sorted(set(one)), sorted(set(other))
    row = await fetch_one(
        conn,
        f"SELECT 1 FROM pair_totals WHERE player_id IN ({','.join('?' * len(a))}) "
        f"AND other_id IN ({','.join('?' * len(b))}) AND hands > 0 LIMIT 1",
        [*a, *b],
    )
    return row is not None


def _seat_of_any(session: Session | None, records: Iterable[int]) -> SeatName | None:
    if session is None:
        return None
    for record in records:
        seat = session.seat_of(record)
        if seat is not None:
            return seat
    return None


@dataclass(frozen=True)
class TableView:
    """The open table as the people at it see it: each seat's record and the person it is
    (the person's record, whose name the table shows), 东南西北."""

    session_id: int
    records: tuple[Player | None, ...]
    persons: tuple[Player | None, ...]

    def same_name_pairs(self) -> set[frozenset[int]]:
        """Every two seated records shown under one name (``names.name_key``)."""
        keys = [None if p is None else name_key(p.name) for p in self.persons]
        return {
            frozenset({a.id, b.id})
            for (i, a), (j, b) in combinations(enumerate(self.records), 2)
            if a is not None and b is not None and keys[i] is not None and keys[i] == keys[j]
        }


async def read_table(conn: aiosqlite.Connection, chat_id: int) -> TableView | None:
    """The chat's open table as people see it (None without an open session): two short reads."""
    session = await open_session_row(conn, chat_id)
    if session is None:
        return None
    people = await read_people(conn, chat_id)
    persons = [None if r is None else people.person(r) for r in session.seats]
    wanted = sorted({i for i in (*session.seats, *persons) if i is not None})
    rows = await fetch_all(
        conn,
        f"SELECT * FROM players WHERE chat_id = ? AND id IN ({','.join('?' * len(wanted))})",
        [chat_id, *wanted],
    )
    found = {row["id"]: player_from(row) for row in rows}
    return TableView(
        session.id,
        tuple(None if r is None else found[r] for r in session.seats),
        tuple(None if p is None else found[p] for p in persons),
    )


class Seating:
    """The one way to write a table's seats: inside ``seating_rule``, which checks the table
    once the write's every change is made."""

    def __init__(self, conn: aiosqlite.Connection, before: TableView | None) -> None:
        self._conn = conn
        self.before = before

    async def seat(self, session_id: int, seats: Sequence[int | None]) -> None:
        """The session's four seats as given (checked with the rest when the rule's block
        ends)."""
        await self._conn.execute(
            "UPDATE sessions SET seat_e = ?, seat_s = ?, seat_w = ?, seat_n = ? WHERE id = ?",
            [*seats, session_id],
        )


@asynccontextmanager
async def seating_rule(
    conn: aiosqlite.Connection, chat_id: int, *, undoing: int | None = None
) -> AsyncIterator[Seating]:
    """**The one seating rule**, held by every write that may change who sits at the chat's
    open table or the name the table shows for them: a session opened, a seat taken, left or
    swapped, a link or rename or the undo of one, a CSV import. The block makes its changes
    (seats through the ``Seating`` it is given); when it ends, the open table as it is now
    must seat no person twice (ONE_PERSON_TWICE) and no two people under one name
    (SAME_NAME_AT_TABLE, or UNDO_SAME_NAME_AT_TABLE for the undo of event ``undoing``):
    「丁 → 丁：24」 says nothing. Two who already sat so before the write (a table from before
    this rule, a member who renamed themselves on Telegram) may still swap or leave: only a
    new pair is refused. A refusal raises inside the caller's transaction: nothing is
    written."""
    before = await read_table(conn, chat_id)
    yield Seating(conn, before)
    await _refuse_broken_table(conn, chat_id, before, undoing)


async def _refuse_broken_table(
    conn: aiosqlite.Connection, chat_id: int, before: TableView | None, undoing: int | None
) -> None:
    table = await read_table(conn, chat_id)
    if table is None:
        return
    first_seat: dict[int, int] = {}
    for index, person in enumerate(table.persons):
        if person is None:
            continue
        if person.id in first_seat:
            first, second = table.records[first_seat[person.id]], table.records[index]
            assert first is not None and second is not None
            raise StorageError(ErrorCode.ONE_PERSON_TWICE, a=first.name, b=second.name)
        first_seat[person.id] = index
    had = before.same_name_pairs() if before and before.session_id == table.session_id else set()
    new_pairs = [
        sorted(index for index, r in enumerate(table.records) if r and r.id in pair)
        for pair in table.same_name_pairs() - had
    ]
    for i, j in sorted(new_pairs)[:1]:
        shown = table.persons[j]
        assert shown is not None
        seats = {
            "name": shown.name, "first": SEATS[i], "second": SEATS[j],
            "first_zh": _SEAT_ZH[i], "second_zh": _SEAT_ZH[j],
        }  # fmt: skip
        if undoing is not None:
            row = await fetch_one(
                conn, "SELECT number FROM identity_events WHERE id = ?", [undoing]
            )
            number = row["number"] if row is not None else undoing
            raise StorageError(ErrorCode.UNDO_SAME_NAME_AT_TABLE, event_id=number, **seats)
        raise StorageError(ErrorCode.SAME_NAME_AT_TABLE, **seats)


class PeopleStore(Store):
    async def of_chat(self, chat_id: int) -> People:
        """The chat's identity links as they hold now (see ``People``)."""
        async with self._read() as conn:
            return await read_people(conn, chat_id)

    async def rebuild(self) -> None:
        """Recompute every kept link (``person_links``) from the identity events: the links
        no undo names (one write transaction)."""
        async with self._write() as conn:
            await conn.execute("DELETE FROM person_links")
            await conn.execute(
                "INSERT INTO person_links (player_id, chat_id, person_id, event_id) "
                "SELECT i.player_id, i.chat_id, i.person_id, i.id FROM identity_events AS i "
                "WHERE i.kind = 'link' "
                "AND NOT EXISTS (SELECT 1 FROM identity_events AS u WHERE u.undoes = i.id)"
            )

    async def person_of(self, chat_id: int, player_id: int) -> Player:
        """The person's record (the root of its links) for any of the person's records."""
        async with self._read() as conn:
            await player_row(conn, chat_id, player_id)
            people = await read_people(conn, chat_id)
            return await player_row(conn, chat_id, people.person(player_id))

    async def link_records(
        self, chat_id: int, link: LinkRequest, *, author: Sender, update_id: int | None
    ) -> IdentityChange:
        """Make ``link.record``'s person and ``link.person``'s one (their roots linked; the
        record's root folds into the person's). With ``take_seat`` the person takes the seat
        the record's person holds at the open table. A Telegram user given as ``link.person``
        or ``author`` (``NewMember``) is recorded by this write. Refusals: see the module
        docstring."""
        async with self._write() as conn:
            replay = await _replayed(conn, chat_id, update_id)
            if replay is not None:
                return replay
            author_id = await recorded_id(conn, chat_id, author)
            person_id = await seated_id(conn, chat_id, link.person)
            async with seating_rule(conn, chat_id) as table:
                checked = await check_link(conn, chat_id, link.record, person_id)
                root, target = checked.root, checked.target
                session = await open_session_row(conn, chat_id)
                record_seat = _seat_of_any(session, checked.mine)
                if record_seat and _seat_of_any(session, checked.theirs):
                    raise StorageError(
                        ErrorCode.SAT_TOGETHER, a=checked.names[0], b=checked.names[1]
                    )
                seat = record_seat if link.take_seat and session is not None else None
                if seat is not None and session is not None:
                    seats = list(session.seats)
                    seats[SEATS.index(seat)] = target
                    await table.seat(session.id, seats)
                event_id = await _insert_event(
                    conn, chat_id, kind="link", how=link.how, player_id=root, person_id=target,
                    author=author_id, update_id=update_id,
                    session_id=session.id if seat and session else None, seat=seat,
                )  # fmt: skip
            event = await event_row(conn, chat_id, event_id)
            return IdentityChange(event, False, await open_session_row(conn, chat_id))

    async def rename_guest(
        self, chat_id: int, player_id: int, name: str, *, author: Sender, update_id: int | None
    ) -> IdentityChange:
        """A guest's new name (a member's name is their Telegram name: refused)."""
        new_name = clean_name(name)
        async with self._write() as conn:
            replay = await _replayed(conn, chat_id, update_id)
            if replay is not None:
                return replay
            author_id = await recorded_id(conn, chat_id, author)
            async with seating_rule(conn, chat_id):
                player = await player_row(conn, chat_id, player_id)
                if not player.is_guest:
                    raise StorageError(ErrorCode.MEMBER_NAME, name=player.name)
                await _check_free_name(conn, chat_id, player.id, new_name)
                event_id = await _insert_event(
                    conn, chat_id, kind="rename", player_id=player.id, old_name=player.name,
                    new_name=new_name, author=author_id, update_id=update_id,
                )  # fmt: skip
                await conn.execute(
                    "UPDATE players SET name = ? WHERE id = ?", [new_name, player.id]
                )
            event = await event_row(conn, chat_id, event_id)
            return IdentityChange(event, False, await open_session_row(conn, chat_id))

    async def undo_identity(
        self, chat_id: int, event_id: int, *, author: Sender, update_id: int | None
    ) -> IdentityChange:
        """Take back a link (the records are two people again; a seat the link took goes back
        to the record while the person still holds it) or a rename (the old name back).
        Refused as the seating rule refuses: an undo that would seat two people of one name
        (UNDO_SAME_NAME_AT_TABLE)."""
        async with self._write() as conn:
            replay = await _replayed(conn, chat_id, update_id)
            if replay is not None:
                return replay
            author_id = await recorded_id(conn, chat_id, author)
            event = await event_row(conn, chat_id, event_id)
            if event.kind == "undo":
                raise StorageError(ErrorCode.UNDO_OF_UNDO, event_id=event.number)
            if event.undone_by is not None:
                raise StorageError(ErrorCode.IDENTITY_UNDONE, event_id=event.number)
            async with seating_rule(conn, chat_id, undoing=event.id) as table:
                if event.kind == "rename":
                    await _rename_back(conn, chat_id, event)
                else:
                    await refuse_linked_since(conn, chat_id, event)
                undo_id = await _insert_event(
                    conn, chat_id, kind="undo", undoes=event.id, author=author_id,
                    update_id=update_id,
                )  # fmt: skip
                if event.kind == "link":
                    await _seat_back(conn, chat_id, event, table)
            undo = await event_row(conn, chat_id, undo_id)
            undone = await event_row(conn, chat_id, event.id)
            return IdentityChange(undo, False, await open_session_row(conn, chat_id), undone)

    async def identity_event(self, chat_id: int, event_id: int) -> IdentityEvent:
        async with self._read() as conn:
            return await event_row(conn, chat_id, event_id)

    async def event_by_number(self, chat_id: int, number: int) -> NumberedEvent | None:
        """The identity event a user names P``number``: the chat's event of that number, else
        (the chat has none) the chat's event whose row id it is when written before events
        had numbers (old messages named row ids): ``old`` then. None when neither."""
        async with self._read() as conn:
            row = await fetch_one(
                conn,
                f"SELECT {_EVENT_COLUMNS} FROM {_EVENT_FROM} "
                "WHERE i.chat_id = ?1 AND i.number = ?2",
                [chat_id, number],
            )
            if row is not None:
                return NumberedEvent(_event_from(row), old=False)
            row = await fetch_one(
                conn,
                f"SELECT {_EVENT_COLUMNS} FROM {_EVENT_FROM}, numbered_since AS n "
                "WHERE i.chat_id = ?1 AND i.id = ?2 AND i.id <= n.last_event_id",
                [chat_id, number],
            )
        return None if row is None else NumberedEvent(_event_from(row), old=True)

    async def identity_events(
        self,
        chat_id: int,
        since: datetime | None = None,
        until: datetime | None = None,
        limit: int = 20,
    ) -> list[IdentityEvent]:
        """The chat's identity events made in [since, until), newest first (at most
        ``limit``; read on the ``(chat_id, created_at)`` index)."""
        sql = f"SELECT {_EVENT_COLUMNS} FROM {_EVENT_FROM} WHERE i.chat_id = ?"
        params: list[object] = [chat_id]
        if since is not None:
            sql += " AND i.created_at >= ?"
            params.append(time_text(since))
        if until is not None:
            sql += " AND i.created_at < ?"
            params.append(time_text(until))
        sql += " ORDER BY i.created_at DESC, i.id DESC LIMIT ?"
        async with self._read() as conn:
            rows = await fetch_all(conn, sql, [*params, limit])
        return [_event_from(row) for row in rows]


async def _check_free_name(
    conn: aiosqlite.Connection, chat_id: int, player_id: int, name: str, *, guests: bool = False
) -> None:
    """No other player of the chat has the name (with ``guests``: no other guest, as when
    the name comes back and a member had shared it before)."""
    if name.startswith(("@", "#")):
        raise StorageError(ErrorCode.INVALID_ARGUMENT, detail=f"a guest name {name!r}")
    if any(
        other.id != player_id for other in await players_named(conn, chat_id, name, guests=guests)
    ):
        raise StorageError(ErrorCode.DUPLICATE_NAME, name=name)


async def _rename_back(conn: aiosqlite.Connection, chat_id: int, event: IdentityEvent) -> None:
    """The old name back, unless the guest was renamed again since (undo that first)."""
    assert event.player_id is not None and event.old_name is not None
    player = await player_row(conn, chat_id, event.player_id)
    if player.name != event.new_name:
        raise StorageError(ErrorCode.RENAMED_SINCE, name=player.name, event_id=event.number)
    await _check_free_name(conn, chat_id, player.id, event.old_name, guests=True)
    await conn.execute("UPDATE players SET name = ? WHERE id = ?", [event.old_name, player.id])


async def refuse_linked_since(
    conn: aiosqlite.Connection, chat_id: int, event: IdentityEvent
) -> None:
    """A link is undone only while it is the newest link of its person that holds: cutting
    an older one would leave the later links joining what the undo meant to split (undoing
    乙（客）=乙 after 乙=戊 would leave 乙 inside 戊), not the state before the link."""
    assert event.person_id is not None
    records = (await read_people(conn, chat_id)).records(event.person_id)
    marks = ",".join("?" * len(records))
    later = await fetch_one(
        conn,
        "SELECT number AS id FROM identity_events WHERE id = ("
        f"SELECT max(event_id) FROM person_links WHERE chat_id = ? AND event_id > ? "
        f"AND (player_id IN ({marks}) OR person_id IN ({marks})))",
        [chat_id, event.id, *records, *records],
    )
    if later is not None and later["id"] is not None:
        raise StorageError(ErrorCode.LINKED_SINCE, later=later["id"], event_id=event.number)


async def _seat_back(
    conn: aiosqlite.Connection, chat_id: int, event: IdentityEvent, table: Seating
) -> None:
    """The seat a link took goes back to the record, if that session is still open and the
    person still holds it."""
    if event.session_id is None or event.seat is None or event.player_id is None:
        return
    session = await session_row(conn, chat_id, event.session_id)
    if not session.is_open or session.player_at(event.seat) != event.person_id:
        return
    if session.seat_of(event.player_id) is not None:
        return
    seats = list(session.seats)
    seats[SEATS.index(event.seat)] = event.player_id
    await table.seat(session.id, seats)
