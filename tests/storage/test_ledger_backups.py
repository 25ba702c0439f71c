"""One chat's own backup file, the storage command line (backup, restore, check) and what
``check`` finds in a damaged file."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from ledger_fixtures import CHAT, OTHER_CHAT, Table, play_a_few_hands, seat_table
from test_ledger_exchange import comparable_chat

from storage import Ledger, Source, WinSpec
from storage.__main__ import main
from storage.check import check_file


async def two_chats(path: Path) -> tuple[object, list[str]]:
    """A ledger at ``path`` where CHAT played a few hands and OTHER_CHAT one; returns CHAT's
    comparable history and its hand lines."""
    async with await Ledger.open(path) as ledger:
        await play_a_few_hands(await seat_table(ledger))
        other = await seat_table(ledger, OTHER_CHAT)
        e, s, _, _ = other.ids
        await ledger.entries.record_win(
            OTHER_CHAT,
            other.session.id,
            WinSpec(e, {e: 5, s: -5}, "other", discarder=s, value=5),
            Source(1),
            e,
        )
        history = await ledger.reports.history(CHAT, page_size=500)
        return await comparable_chat(ledger, CHAT), [e.hand_line or "" for e in history.entries]


async def test_a_chat_backup_holds_that_chat_whole_and_nothing_else(
    table: Table, tmp_path: Path
) -> None:
    await play_a_few_hands(table)
    other = await seat_table(table.ledger, OTHER_CHAT)
    await table.ledger.entries.record_draw(OTHER_CHAT, other.session.id, Source(1), None)
    file = tmp_path / "chat.db"
    assert await table.ledger.chat_copy.backup(CHAT, file) == 8  # 7 hands + the reversal of one
    assert not (tmp_path / "chat.db.partial").exists()
    assert check_file(file) == []
    async with await Ledger.open(file) as copy:
        assert await comparable_chat(copy, CHAT) == await comparable_chat(table.ledger, CHAT)
        assert await copy.chats.get(OTHER_CHAT) is None
    with sqlite3.connect(file) as raw:
        assert raw.execute("SELECT DISTINCT chat_id FROM players").fetchall() == [(CHAT,)]


async def test_a_chat_backup_of_a_chat_without_history_is_an_empty_ledger(
    ledger: Ledger, tmp_path: Path
) -> None:
    assert await ledger.chat_copy.backup(CHAT, tmp_path / "empty.db") == 0
    assert check_file(tmp_path / "empty.db") == []


def test_restore_from_the_command_line_brings_back_every_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    live, backup = tmp_path / "live.db", tmp_path / "backup.db"
    saved, lines = asyncio.run(two_chats(live))
    assert main(["backup", str(backup), "--database", str(live)]) == 0
    assert main(["check", str(backup), "--lang", "en"]) == 0
    assert "the books balance" in capsys.readouterr().out
    # The disk is lost; a new machine restores last night's file.
    fresh = tmp_path / "new" / "mahjong.db"
    fresh.parent.mkdir()
    assert main(["restore", str(backup), "--database", str(fresh)]) == 0

    async def restored() -> tuple[object, list[str]]:
        async with await Ledger.open(fresh) as ledger:
            history = await ledger.reports.history(CHAT, page_size=500)
            return await comparable_chat(ledger, CHAT), [e.hand_line or "" for e in history.entries]

    found, found_lines = asyncio.run(restored())
    assert found == saved
    assert found_lines == lines and {"a", "b", "c"} <= set(found_lines)


def test_restore_refuses_a_damaged_file_and_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"not a database" * 100)
    assert main(["restore", str(bad), "--database", str(tmp_path / "m.db")]) == 1
    assert "备份文件无效" in capsys.readouterr().err


def _unbalance(db: sqlite3.Connection) -> None:
    db.execute("DROP TRIGGER postings_no_update")
    db.execute("UPDATE postings SET delta = delta + 1 WHERE entry_id = 1 AND delta > 0")


def _orphan(db: sqlite3.Connection) -> None:
    db.execute("DROP TRIGGER postings_sealed")
    db.execute("PRAGMA foreign_keys = OFF")
    db.execute("INSERT INTO postings VALUES (999, 1, 5), (999, 2, -5)")


def _skewed_reversal(db: sqlite3.Connection) -> None:
    db.execute("DROP TRIGGER postings_no_update")
    # Both sides of the reversal move, so it still sums to 0 but no longer mirrors.
    db.execute(
        "UPDATE postings SET delta = delta + (CASE WHEN delta > 0 THEN 1 ELSE -1 END)"
        " WHERE entry_id = (SELECT id FROM entries WHERE kind = 'reversal')"
    )


def _unguarded(db: sqlite3.Connection) -> None:
    db.execute("DROP TRIGGER entries_no_delete")


def _totals_adrift(db: sqlite3.Connection) -> None:
    db.execute("UPDATE player_totals SET points = points + 1 WHERE player_id = 1")


def _money_adrift(db: sqlite3.Connection) -> None:
    db.execute(
        "INSERT INTO money_totals (chat_id, period, account, money) VALUES (?, 'all', 1, 7)"
        " ON CONFLICT DO UPDATE SET money = money + 7",
        [CHAT],
    )


def _totals_unkept(db: sqlite3.Connection) -> None:
    db.execute("DROP TRIGGER entries_money")


def _future(db: sqlite3.Connection) -> None:
    db.execute("PRAGMA user_version = 999")


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        pytest.param(_unbalance, "entry 1: postings do not sum to 0", id="unbalanced-entry"),
        pytest.param(_orphan, "postings point at a missing entry 999", id="orphan-postings"),
        pytest.param(_skewed_reversal, "a reversal that does not mirror", id="skewed-reversal"),
        pytest.param(_unguarded, "entries_no_delete is missing", id="append-only-guard-dropped"),
        pytest.param(_totals_adrift, "player 1: the kept totals disagree", id="totals-adrift"),
        pytest.param(_money_adrift, "the kept money does not sum to 0", id="money-adrift"),
        pytest.param(
            _totals_unkept, "the totals trigger entries_money is missing", id="keeper-dropped"
        ),
        pytest.param(_future, "schema version 999", id="newer-schema"),
    ],
)
async def test_check_names_what_is_broken(
    table: Table,
    tmp_path: Path,
    damage: Callable[[sqlite3.Connection], None],
    expected: str,
) -> None:
    await play_a_few_hands(table)
    file = tmp_path / "copy.db"
    await table.ledger.exchange.backup(file)
    assert check_file(file) == []
    with sqlite3.connect(file) as db:
        damage(db)
    problems = [p.message("en") for p in check_file(file)]
    assert any(expected in p for p in problems), problems
    assert all(p.zh for p in check_file(file))


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        pytest.param(None, "no such file", id="missing"),
        pytest.param(b"not a database" * 100, "not a usable SQLite database", id="garbage"),
    ],
)
def test_check_refuses_what_is_not_a_ledger(
    tmp_path: Path, content: bytes | None, expected: str
) -> None:
    file = tmp_path / "x.db"
    if content is not None:
        file.write_bytes(content)
    assert main(["check", str(file), "--lang", "en"]) == 1
    assert expected in check_file(file)[0].en
