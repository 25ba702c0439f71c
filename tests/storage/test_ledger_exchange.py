"""CSV export/import round trip, and online backup/restore."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from ledger_fixtures import CHAT, OTHER_CHAT, Table, play_a_few_hands, resigned

from storage import Entry, ErrorCode, Ledger, Source, StorageError


def comparable(entry: Entry, names: dict[int, str]) -> tuple[object, ...]:
    """An entry with player ids replaced by names and no ids or Telegram sources."""

    def name(player: int | None) -> str | None:
        return names[player] if player is not None else None

    return (
        entry.kind, {names[p]: d for p, d in entry.postings.items()}, entry.created_at,
        name(entry.author), name(entry.winner), entry.self_draw, name(entry.discarder),
        entry.value, entry.hand_line, entry.result_json, entry.note, entry.hand_number,
        entry.reverses is not None, entry.is_reversed,
    )  # fmt: skip


async def comparable_chat(ledger: Ledger, chat_id: int) -> tuple[object, ...]:
    names = {p.id: p.name for p in await ledger.players.all(chat_id)}
    history = await ledger.reports.history(chat_id, page_size=500)
    tally = await ledger.reports.tally(chat_id)
    sessions = [
        (s.ruleset, s.base, s.rotation, s.dealer, s.round_wind, s.hand_number, s.is_open,
         tuple(names[p] if p else None for p in s.seats))
        for s in await ledger.sessions.all(chat_id)
    ]  # fmt: skip
    return (
        [comparable(e, names) for e in history.entries],
        {row.player.name: row.balance for row in tally.rows},
        sessions,
    )


async def test_csv_round_trip(table: Table) -> None:
    await play_a_few_hands(table)
    ledger = table.ledger
    # A member's name follows Telegram and may hold a comma (a guest's may not: storage.names)
    guest = await ledger.players.upsert_user(CHAT, 4242, "Member, with comma")
    await ledger.entries.record_adjustment(
        CHAT, {guest.id: 7, table.ids[0]: -7}, None, None, note='说明 "quoted"\nline'
    )
    text = await ledger.export.csv(CHAT)
    assert (await ledger.exchange.import_csv(OTHER_CHAT, text)).entries == 9
    assert await comparable_chat(ledger, OTHER_CHAT) == await comparable_chat(ledger, CHAT)
    # And the copy exports the same rows again, ids aside.
    again = await ledger.export.csv(OTHER_CHAT)
    assert len(again.splitlines()) == len(text.splitlines())


async def test_session_export_holds_only_that_session(table: Table) -> None:
    await play_a_few_hands(table)
    ledger = table.ledger
    e, s, _, _ = table.ids
    await ledger.entries.record_adjustment(CHAT, {e: 1, s: -1}, None, None)  # chat level, not in it
    text = await ledger.export.csv(CHAT, table.session.id)
    assert sum(1 for line in text.splitlines() if line.startswith("entry,")) == 8
    await ledger.exchange.import_csv(OTHER_CHAT, text)
    assert (await ledger.reports.tally(OTHER_CHAT)).rows[0].balance == 8


async def test_importing_into_a_chat_with_an_open_session_imports_it_closed(table: Table) -> None:
    await play_a_few_hands(table)
    # The same evening as another chat wrote it (its own ids): the chat's own export would be
    # refused as already there.
    await table.ledger.exchange.import_csv(OTHER_CHAT, await table.ledger.export.csv(CHAT))
    text = await table.ledger.export.csv(OTHER_CHAT)
    await table.ledger.exchange.import_csv(CHAT, text)
    sessions = await table.ledger.sessions.all(CHAT)
    assert [s.is_open for s in sessions] == [False, True]
    assert (await table.ledger.reports.tally(CHAT)).balances == {
        p: 2 * b
        for p, b in (await table.ledger.reports.tally(CHAT, table.session.id)).balances.items()
    }


@pytest.mark.parametrize(
    ("mangle", "line"),
    [
        pytest.param(lambda t: "a,b,c\n" + t, 1, id="not-an-export"),
        pytest.param(
            lambda t: t.replace("posting,1,,,,1,-3", "posting,1,,,,1,-4"), None, id="unbalanced"
        ),
        pytest.param(
            lambda t: t.replace("posting,1,,,,1,-3", "posting,1,,,,99,-3"),
            None,
            id="unknown-player",
        ),
        pytest.param(
            lambda t: t.replace("entry,2,1,win", "entry,2,1,jackpot"), None, id="unknown-kind"
        ),
        pytest.param(lambda t: t.replace(",-3,", ",-three,", 1), None, id="not-a-number"),
        pytest.param(lambda t: t + "mystery,1\n", None, id="unknown-record"),
        pytest.param(
            lambda t: t.replace("entry,2,1,win,20", "entry,2,1,win,yesterday 20"),
            None,
            id="bad-time",
        ),
        pytest.param(lambda t: t.replace(",1 2 3 4,", ",1 2 3 1,", 1), None, id="two-seats"),
    ],
)
async def test_bad_csv_imports_nothing(table: Table, mangle, line: int | None) -> None:  # type: ignore[no-untyped-def]
    await play_a_few_hands(table)
    text = resigned(mangle(await table.ledger.export.csv(CHAT)))
    with pytest.raises(StorageError) as caught:
        await table.ledger.exchange.import_csv(OTHER_CHAT, text)
    assert caught.value.code is ErrorCode.BAD_CSV
    if line is not None:
        assert caught.value.params["line"] == line
    assert await table.ledger.chats.get(OTHER_CHAT) is None


async def test_backup_and_restore(table: Table, tmp_path: Path) -> None:
    await play_a_few_hands(table)
    ledger = table.ledger
    saved = await comparable_chat(ledger, CHAT)
    backup = tmp_path / "backup.db"
    await ledger.exchange.backup(backup)
    with sqlite3.connect(backup) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    # Life goes on, then the group wants yesterday's state back.
    await ledger.entries.reverse(CHAT, author=None, source=Source(99))
    await ledger.sessions.close(CHAT)
    assert await comparable_chat(ledger, CHAT) != saved
    await ledger.exchange.restore(backup)
    assert await comparable_chat(ledger, CHAT) == saved
    assert (await ledger.sessions.current(CHAT)) is not None
    # The restored ledger keeps working, replays included.
    assert (await ledger.entries.reverse(CHAT, author=None, source=Source(6))).replay
    fresh = await ledger.entries.reverse(CHAT, author=None, source=Source(100))
    assert not fresh.replay


async def test_a_backup_opens_as_a_ledger(table: Table, tmp_path: Path) -> None:
    await play_a_few_hands(table)
    await table.ledger.exchange.backup(tmp_path / "copy.db")
    async with await Ledger.open(tmp_path / "copy.db") as copy:
        assert await comparable_chat(copy, CHAT) == await comparable_chat(table.ledger, CHAT)


@pytest.mark.parametrize(
    "content", [pytest.param(b"", id="empty"), pytest.param(b"not a database" * 100, id="garbage")]
)
async def test_restore_refuses_bad_files(table: Table, tmp_path: Path, content: bytes) -> None:
    await play_a_few_hands(table)
    before = await comparable_chat(table.ledger, CHAT)
    bad = tmp_path / "bad.db"
    bad.write_bytes(content)
    with pytest.raises(StorageError) as caught:
        await table.ledger.exchange.restore(bad)
    assert caught.value.code is ErrorCode.BAD_BACKUP
    with pytest.raises(StorageError):
        await table.ledger.exchange.restore(tmp_path / "missing.db")
    assert await comparable_chat(table.ledger, CHAT) == before


async def test_restore_refuses_a_newer_backup(table: Table, tmp_path: Path) -> None:
    await table.ledger.exchange.backup(tmp_path / "b.db")
    with sqlite3.connect(tmp_path / "b.db") as raw:
        raw.execute("PRAGMA user_version = 999")
    with pytest.raises(StorageError) as caught:
        await table.ledger.exchange.restore(tmp_path / "b.db")
    assert caught.value.code is ErrorCode.SCHEMA_TOO_NEW
