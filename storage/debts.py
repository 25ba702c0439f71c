"""Debts kept until paid (``ledger.debts``): /settle's transfers in 元 as debt lines, and the
payments that pay them off, all rows written once (migration 0012, ``storage/sql/debts.sql``).

What one record owes another is kept per ordered pair (``debt_balances``, by a trigger);
reading folds the records of one person together (identity links, as /tally does) and nets
each pair of persons both ways: 甲 owes 乙 30 from last week and 乙 owes 甲 10 tonight is 甲
owes 乙 20. Where a pair's debt came from is its lines since the pair was last even.
Amounts are integer fen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

import aiosqlite

from .chats import ensure_chat_row
from .database import Store
from .money import TABLE
from .people import People, read_people
from .players import NewMember, upsert_member
from .rating import GameChange, rate_session
from .records import Transfer
from .rows import fetch_all, fetch_one, now_text
from .sessions import require_open_session

LineKind = Literal["debt", "payment", "reversal"]
_LINE_COLUMNS: Final = (
    "l.id, l.kind, l.session_id, l.payer, l.payee, l.fen, l.author, l.reverses, l.created_at,"
    " (SELECT r.id FROM debt_lines AS r WHERE r.reverses = l.id) AS undone_by"
)


@dataclass(frozen=True)
class DebtLine:
    """One written line: a ``debt`` of a settled session, a ``payment`` (``author`` marked
    it), or the ``reversal`` of the payment ``reverses``; ``undone_by``: the reversal of this
    payment, if an admin undid it."""

    id: int
    kind: LineKind
    session_id: int | None
    payer: int
    payee: int
    fen: int
    author: int | None
    reverses: int | None
    created_at: str
    undone_by: int | None

    def owed(self, payer: int, people: People) -> int:
        """What this line adds to what the person ``payer`` owes the other of the pair."""
        toward = 1 if people.person(self.payer) == payer else -1
        return toward * (-self.fen if self.kind == "payment" else self.fen)


@dataclass(frozen=True)
class OpenDebt:
    """The person ``payer`` (a root record) owes ``payee`` ``fen`` > 0, netted over every
    session; ``lines``: where it came from (the pair's lines since it was last even), and
    ``since``: when the oldest of them was written."""

    payer: int
    payee: int
    fen: int
    lines: tuple[DebtLine, ...]

    @property
    def since(self) -> str:
        return self.lines[0].created_at if self.lines else ""


class DebtStore(Store):
    async def settle(
        self, chat_id: int, transfers: Sequence[Transfer], family: str
    ) -> list[GameChange]:
        """/settle's writes in one transaction: close the chat's open session, keep its
        transfers in 元 as debts, one line per payer → payee (a transfer to the table's
        account is paid there and then, no debt between players), and rate its placements
        for the rulesets' ``family`` (``storage.rating``); the rating changes it made."""
        async with self._write() as conn:
            session = await require_open_session(conn, chat_id)
            now = now_text()
            await conn.execute(
                "UPDATE sessions SET is_open = 0, closed_at = ? WHERE id = ?", [now, session.id]
            )
            for transfer in transfers:
                if TABLE in (transfer.payer, transfer.payee):
                    continue
                await _insert(conn, chat_id, "debt", transfer, now, _Why(session_id=session.id))
            return await rate_session(conn, chat_id, session.id, family, now)

    async def open_debts(self, chat_id: int) -> list[OpenDebt]:
        """Every pair of persons with money still owed, netted both ways, oldest first."""
        async with self._read() as conn:
            people = await read_people(conn, chat_id)
            return await _open_debts(conn, chat_id, people)

    async def owed(self, chat_id: int, payer: int, payee: int) -> int:
        """What the person of record ``payer`` owes the person of ``payee`` now, netted (< 0:
        the other way round)."""
        async with self._read() as conn:
            people = await read_people(conn, chat_id)
            return await _net(conn, chat_id, people, payer, payee)

    async def pay(
        self, chat_id: int, payer: int, payee: int, fen: int, author: int | NewMember | None
    ) -> DebtLine | None:
        """Write that ``payer`` paid ``payee`` ``fen`` (the persons of those records), unless
        the payer owes the payee less than that now (None: nothing written, nobody recorded:
        an ``author`` never seen is recorded by this write, once it goes ahead)."""
        async with self._write() as conn:
            people = await read_people(conn, chat_id)
            payer, payee = people.person(payer), people.person(payee)
            if payer == payee or await _net(conn, chat_id, people, payer, payee) < fen:
                return None
            transfer = Transfer(payer, payee, fen)
            why = _Why(author=await _recorded(conn, chat_id, author))
            line = await _insert(conn, chat_id, "payment", transfer, now_text(), why)
            return await _line(conn, chat_id, line)

    async def undo_payment(
        self, chat_id: int, payment: int, author: int | NewMember | None
    ) -> DebtLine | None:
        """Reverse the payment line ``payment`` (the debt stands again); None when it is no
        payment of this chat or was undone already (nothing written, nobody recorded)."""
        async with self._write() as conn:
            found = await _line(conn, chat_id, payment)
            if found is None or found.kind != "payment" or found.undone_by is not None:
                return None
            transfer = Transfer(found.payer, found.payee, found.fen)
            why = _Why(author=await _recorded(conn, chat_id, author), reverses=payment)
            line = await _insert(conn, chat_id, "reversal", transfer, now_text(), why)
            return await _line(conn, chat_id, line)

    async def weekly_reminder(self, chat_id: int) -> bool:
        """Whether the chat chose /settings 欠账提醒 每周 (off unless it did)."""
        async with self._read() as conn:
            row = await fetch_one(
                conn, "SELECT weekly FROM debt_reminders WHERE chat_id = ?", [chat_id]
            )
        return bool(row and row["weekly"])

    async def set_weekly_reminder(self, chat_id: int, weekly: bool) -> None:
        async with self._write() as conn:
            await ensure_chat_row(conn, chat_id)
            await conn.execute(
                "INSERT INTO debt_reminders (chat_id, weekly) VALUES (?, ?)"
                " ON CONFLICT (chat_id) DO UPDATE SET weekly = excluded.weekly",
                [chat_id, int(weekly)],
            )

    async def reminded_chats(self) -> list[int]:
        """The chats that chose the weekly reminder."""
        async with self._read() as conn:
            rows = await fetch_all(conn, "SELECT chat_id FROM debt_reminders WHERE weekly = 1")
        return [row["chat_id"] for row in rows]


@dataclass(frozen=True)
class _Why:
    """What a line comes from: a debt's settled session, a payment's author, a reversal's
    author and the payment it reverses."""

    session_id: int | None = None
    author: int | None = None
    reverses: int | None = None


async def _insert(
    conn: aiosqlite.Connection,
    chat_id: int,
    kind: LineKind,
    transfer: Transfer,
    now: str,
    why: _Why,
) -> int:
    cursor = await conn.execute(
        "INSERT INTO debt_lines (chat_id, kind, session_id, payer, payee, fen, author, reverses,"
        " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            chat_id,
            kind,
            why.session_id,
            transfer.payer,
            transfer.payee,
            transfer.amount,
            why.author,
            why.reverses,
            now,
        ],
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def _line_from(row: aiosqlite.Row) -> DebtLine:
    return DebtLine(
        id=row["id"],
        kind=row["kind"],
        session_id=row["session_id"],
        payer=row["payer"],
        payee=row["payee"],
        fen=row["fen"],
        author=row["author"],
        reverses=row["reverses"],
        created_at=row["created_at"],
        undone_by=row["undone_by"],
    )


async def _line(conn: aiosqlite.Connection, chat_id: int, line_id: int) -> DebtLine | None:
    row = await fetch_one(
        conn,
        f"SELECT {_LINE_COLUMNS} FROM debt_lines AS l WHERE l.chat_id = ? AND l.id = ?",
        [chat_id, line_id],
    )
    return None if row is None else _line_from(row)


async def _balances(conn: aiosqlite.Connection, chat_id: int) -> list[tuple[int, int, int]]:
    rows = await fetch_all(
        conn,
        "SELECT payer, payee, fen FROM debt_balances WHERE chat_id = ? AND fen <> 0",
        [chat_id],
    )
    return [(row["payer"], row["payee"], row["fen"]) for row in rows]


async def _net(
    conn: aiosqlite.Connection, chat_id: int, people: People, payer: int, payee: int
) -> int:
    payer, payee = people.person(payer), people.person(payee)
    net = 0
    for debtor, creditor, fen in await _balances(conn, chat_id):
        pair = (people.person(debtor), people.person(creditor))
        if pair == (payer, payee):
            net += fen
        elif pair == (payee, payer):
            net -= fen
    return net


async def _open_debts(conn: aiosqlite.Connection, chat_id: int, people: People) -> list[OpenDebt]:
    # What each pair of persons owes, netted both ways, from the kept balances (a few rows
    # per pair that ever owed); then, for the pairs that still owe, where it came from.
    nets: dict[tuple[int, int], int] = {}
    for debtor, creditor, fen in await _balances(conn, chat_id):
        a, b = people.person(debtor), people.person(creditor)
        if a == b:
            continue
        key, sign = ((a, b), 1) if a < b else ((b, a), -1)
        nets[key] = nets.get(key, 0) + sign * fen
    found = []
    for (a, b), net in nets.items():
        if net == 0:
            continue
        payer, payee = (a, b) if net > 0 else (b, a)
        lines = await _since_even(conn, chat_id, people, payer, payee)
        found.append(OpenDebt(payer, payee, abs(net), lines))
    found.sort(key=lambda debt: (debt.since, debt.payer, debt.payee))
    return found


async def _since_even(
    conn: aiosqlite.Connection, chat_id: int, people: People, payer: int, payee: int
) -> tuple[DebtLine, ...]:
    """The pair's lines written since what one owed the other was last 0, in order."""
    records = (*people.records(payer), *people.records(payee))
    marks = ",".join("?" * len(records))
    rows = await fetch_all(
        conn,
        f"SELECT {_LINE_COLUMNS} FROM debt_lines AS l WHERE l.chat_id = ?"
        f" AND l.payer IN ({marks}) AND l.payee IN ({marks}) ORDER BY l.id",
        [chat_id, *records, *records],
    )
    lines = [
        _line_from(row)
        for row in rows
        if {people.person(row["payer"]), people.person(row["payee"])} == {payer, payee}
    ]
    start = 0
    owed = 0
    for index, line in enumerate(lines):
        owed += line.owed(payer, people)
        if owed == 0:
            start = index + 1
    return tuple(lines[start:])


async def _recorded(
    conn: aiosqlite.Connection, chat_id: int, author: int | NewMember | None
) -> int | None:
    """The author's player id; a Telegram user never seen (or renamed) recorded now, inside
    the write that goes ahead (as ``entries.recorded_author`` does for the ledger's entries)."""
    if isinstance(author, NewMember):
        return (await upsert_member(conn, chat_id, author)).id
    return author
