"""Numbers of the chat's own (migration 0014): per chat from 1 through every write path, and
never changed afterwards, even from raw SQL."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import pytest
from ledger_fixtures import CHAT, OTHER_CHAT, play_a_few_hands, seat_table

from storage import Ledger


async def _two_chats(path: Path) -> None:
    async with await Ledger.open(path) as ledger:
        await play_a_few_hands(await seat_table(ledger, OTHER_CHAT))
        await play_a_few_hands(await seat_table(ledger, CHAT))


async def test_every_chat_numbers_from_one_in_row_order(tmp_path: Path) -> None:
    path = tmp_path / "l.db"
    await _two_chats(path)
    with contextlib.closing(sqlite3.connect(path)) as raw:
        for table in ("sessions", "entries"):
            for chat in (CHAT, OTHER_CHAT):
                rows = raw.execute(
                    f"SELECT number FROM {table} WHERE chat_id = ? ORDER BY id", [chat]
                ).fetchall()
                assert [n for (n,) in rows] == list(range(1, len(rows) + 1)), (table, chat)


@pytest.mark.parametrize(
    "statement",
    [
        pytest.param("UPDATE entries SET number = number + 100", id="entries"),
        pytest.param("UPDATE sessions SET number = number + 100", id="sessions"),
    ],
)
async def test_a_number_is_never_changed(tmp_path: Path, statement: str) -> None:
    path = tmp_path / "l.db"
    await _two_chats(path)
    with contextlib.closing(sqlite3.connect(path)) as raw, pytest.raises(sqlite3.IntegrityError):
        raw.execute(statement)


async def test_a_raw_insert_without_a_number_gets_the_chats_next(tmp_path: Path) -> None:
    path = tmp_path / "l.db"
    await _two_chats(path)
    with contextlib.closing(sqlite3.connect(path)) as raw, raw:
        [(last,)] = raw.execute("SELECT max(number) FROM sessions WHERE chat_id = ?", [CHAT])
        raw.execute("UPDATE sessions SET is_open = 0 WHERE chat_id = ?", [CHAT])
        raw.execute(
            "INSERT INTO sessions (chat_id, ruleset, base, rotation, dealer, round_wind, "
            "hand_number, deals_in_round, is_open, opened_at) "
            "VALUES (?, 'hangzhou', 1, 'dealer_stays', 'E', 'E', 1, 0, 1, '2026-12-01')",
            [CHAT],
        )
        [(number,)] = raw.execute(
            "SELECT number FROM sessions WHERE id = (SELECT max(id) FROM sessions)"
        )
    assert number == last + 1
