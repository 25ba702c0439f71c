"""A ledger CSV goes into a chat once, whole and as the live rules allow (issue 27, item 4):
the same file twice, or a file overlapping one imported, is refused naming the first entry
already there; the trailer's entry count is checked; a file without a trailer needs
``unsigned``; an identity undo the live command refuses is refused. Each refusal writes
nothing (docs/ledger-csv.md)."""

from __future__ import annotations

import asyncio
import csv
import io
from pathlib import Path

import pytest
from ledger_fixtures import CHAT, OTHER_CHAT, Table, resigned
from test_ledger_csv_whole import evening, refused, tables

from storage import ErrorCode, Ledger, LinkRequest, StorageError
from storage.__main__ import main
from storage.export import COLUMNS, COLUMNS_BEFORE_TRAILER


async def _balances_by_name(table: Table, chat: int) -> dict[str, int]:
    names = {p.id: p.name for p in await table.ledger.players.all(chat)}
    tally = await table.ledger.reports.tally(chat)
    return {names[p]: b for p, b in tally.balances.items() if b}


async def test_the_same_file_twice_is_refused_naming_its_first_entry(
    table: Table, db_path: Path
) -> None:
    """The issue's transcript: one export into one chat twice gave 18 entries, not 9."""
    text = await evening(table)
    assert (await table.ledger.exchange.import_csv(OTHER_CHAT, text)).entries == 9
    once = await _balances_by_name(table, OTHER_CHAT)
    assert once == await _balances_by_name(table, CHAT)
    error = await refused(table.ledger, db_path, text)
    assert error.code is ErrorCode.CSV_ALREADY_IMPORTED
    first = next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith("entry,"))
    assert error.params == {"line": first, "entry": 1}
    assert "已经导入过这个群" in error.message("zh") and "imported once" in error.message("en")
    assert (await table.ledger.reports.history(OTHER_CHAT)).total == 9
    assert await _balances_by_name(table, OTHER_CHAT) == once


async def test_a_file_overlapping_one_imported_is_refused_naming_the_first_duplicate(
    table: Table, db_path: Path
) -> None:
    """One session's export, then the chat's (which holds the same entries and more)."""
    text = await evening(table)
    session = await table.ledger.export.csv(CHAT, table.session.id)
    assert (await table.ledger.exchange.import_csv(OTHER_CHAT, session)).entries == 8
    error = await refused(table.ledger, db_path, text)
    assert error.code is ErrorCode.CSV_ALREADY_IMPORTED and error.params["entry"] == 1


async def test_a_chats_own_export_imported_back_into_it_is_refused(
    table: Table, db_path: Path
) -> None:
    """The chat's own entries carry no imported identity: the file names them by the chat's
    ids, at the same moment, of the same kind; nothing is written."""
    text = await evening(table)
    before = tables(db_path)
    with pytest.raises(StorageError) as caught:
        await table.ledger.exchange.import_csv(CHAT, text)
    assert tables(db_path) == before
    assert caught.value.code is ErrorCode.CSV_ALREADY_IMPORTED
    assert caught.value.params["entry"] == 1
    assert (await table.ledger.reports.history(CHAT)).total == 9


async def test_the_same_file_goes_into_another_chat(table: Table) -> None:
    """Once per chat: the identity is the entry's in this chat, not the file's anywhere."""
    text = await evening(table)
    await table.ledger.exchange.import_csv(OTHER_CHAT, text)
    assert (await table.ledger.exchange.import_csv(-1003, text)).entries == 9


async def test_an_edited_entry_count_in_the_trailer_is_refused(table: Table, db_path: Path) -> None:
    """The issue's transcript: the trailer's 15 made 20 still imported."""
    text = await evening(table)
    body, trailer = text[: text.rstrip("\n").rfind("\n") + 1], text.splitlines()[-1]
    cells = next(csv.reader([trailer]))
    cells[COLUMNS.index("value")] = "20"
    edited = io.StringIO()
    csv.writer(edited, lineterminator="\n").writerow(cells)
    error = await refused(table.ledger, db_path, body + edited.getvalue())
    assert error.code is ErrorCode.CSV_COUNT
    assert error.params == {"expected": 20, "found": 9}
    assert "结尾行记着 20 条记录，文件里却有 9 条" in error.message("zh")


def _cut_and_stripped(text: str) -> str:
    """The issue's file: cut after the fifth entry, its checksum column and trailer gone."""
    rows = list(csv.DictReader(io.StringIO(text)))[:-1]
    entries = [n for n, row in enumerate(rows) if row["record"] == "entry"]
    out = io.StringIO()
    writer = csv.DictWriter(out, COLUMNS_BEFORE_TRAILER, lineterminator="\n", extrasaction="ignore")
    writer.writeheader()
    writer.writerows(rows[: entries[5]])
    return out.getvalue()


async def test_a_cut_file_stripped_of_its_trailer_needs_unsigned(
    table: Table, db_path: Path
) -> None:
    stripped = _cut_and_stripped(await evening(table))
    error = await refused(table.ledger, db_path, stripped)
    assert error.code is ErrorCode.CSV_UNSIGNED
    assert "--unsigned" in error.message("zh") and "--unsigned" in error.message("en")
    report = await table.ledger.exchange.import_csv(OTHER_CHAT, stripped, unsigned=True)
    assert (report.entries, report.proven_whole) == (5, False)
    assert "无法确认它是完整的" in str(report.warning("zh"))


def test_the_command_line_refuses_an_unsigned_file_and_says_when_it_took_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in.csv"
    player = dict.fromkeys(COLUMNS_BEFORE_TRAILER, "") | {"record": "player", "id": "1"}
    player["name"] = "甲"
    text = ",".join(COLUMNS_BEFORE_TRAILER) + "\n" + ",".join(player.values()) + "\n"
    source.write_text(text, encoding="utf-8")
    target = ["--database", str(tmp_path / "t.db"), "--chat", str(OTHER_CHAT)]
    assert main(["import", str(source), *target]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "--unsigned" in err and "没有导入任何记录" in err
    assert main(["import", str(source), *target, "--unsigned"]) == 0
    out, err = capsys.readouterr()
    assert "未签名" in out and "无法确认它是完整的" in err


async def test_the_command_line_refuses_the_same_file_twice(
    table: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in.csv"
    source.write_bytes(("\ufeff" + await evening(table)).encode("utf-8"))
    target = ["--database", str(tmp_path / "t.db"), "--chat", str(OTHER_CHAT), "--lang", "en"]
    assert await asyncio.to_thread(main, ["import", str(source), *target]) == 0
    assert "imported 9 entries" in capsys.readouterr().out
    before = tables(tmp_path / "t.db")
    assert await asyncio.to_thread(main, ["import", str(source), *target]) == 1
    assert "was already imported into this chat" in capsys.readouterr().err
    assert tables(tmp_path / "t.db") == before


async def test_an_undo_of_a_link_a_later_link_holds_is_refused_as_live(
    table: Table, db_path: Path
) -> None:
    """The issue: the import skipped the rule that a link is undone only while no later
    link of its person stands (live: LINKED_SINCE)."""
    ledger = table.ledger
    a = await ledger.players.add_guest(CHAT, "阿甲")
    b = await ledger.players.add_guest(CHAT, "阿乙")
    c = await ledger.players.add_guest(CHAT, "阿丙")
    first = await ledger.people.link_records(
        CHAT, LinkRequest(a.id, b.id, "merge"), author=None, update_id=None
    )
    await ledger.people.link_records(
        CHAT, LinkRequest(b.id, c.id, "merge"), author=None, update_id=None
    )
    with pytest.raises(StorageError) as live:
        await ledger.people.undo_identity(CHAT, first.event.id, author=None, update_id=None)
    assert live.value.code is ErrorCode.LINKED_SINCE
    text = await ledger.export.csv(CHAT)
    body = text[: text.rstrip("\n").rfind("\n") + 1]
    undo = dict.fromkeys(COLUMNS, "") | {
        "record": "identity", "id": "99", "kind": "undo", "created_at": "2030-01-01T00:00:00",
        "reverses": str(first.event.id),
    }  # fmt: skip
    line = io.StringIO()
    csv.writer(line, lineterminator="\n").writerow(undo.values())
    edited = resigned(body + line.getvalue())
    error = await refused(ledger, db_path, edited)
    assert error.code is ErrorCode.BAD_CSV
    assert error.params["line"] == len(edited.splitlines()) - 1
    assert "undo P" in error.message("en")
    # said in Chinese in a Chinese line (the issue: English inside a Chinese refusal)
    assert "请先撤销" in error.message("zh") and "undo" not in error.message("zh")


async def test_a_file_of_members_alone_and_one_of_guests_alone_import(table: Table) -> None:
    """Players go in by batches of members and guests; either may be missing."""
    ledger = table.ledger
    one = await ledger.players.upsert_user(-1005, 1, "Ann")
    two = await ledger.players.upsert_user(-1005, 2, "Bob")
    await ledger.entries.record_adjustment(-1005, {one.id: 5, two.id: -5}, None, None)
    assert (
        await ledger.exchange.import_csv(OTHER_CHAT, await ledger.export.csv(-1005))
    ).entries == 1
    guest = await ledger.players.add_guest(-1006, "阿客")
    guests = await ledger.export.csv(-1006)
    assert (await ledger.exchange.import_csv(OTHER_CHAT, guests)).entries == 0
    assert guest.name in {p.name for p in await ledger.players.all(OTHER_CHAT)}


async def test_a_chats_backup_remembers_what_it_imported(table: Table, tmp_path: Path) -> None:
    text = await evening(table)
    await table.ledger.exchange.import_csv(OTHER_CHAT, text)
    copy = tmp_path / "copy.db"
    assert await table.ledger.chat_copy.backup(OTHER_CHAT, copy) == 9
    async with await Ledger.open(copy) as restored:
        with pytest.raises(StorageError) as again:
            await restored.exchange.import_csv(OTHER_CHAT, text)
    assert again.value.code is ErrorCode.CSV_ALREADY_IMPORTED


async def test_the_same_entries_under_an_older_header_are_the_same_entries(
    table: Table, db_path: Path
) -> None:
    """An entry's identity is the cells it has, not the header's width: the chat's file of
    the header before trailers, then the same file as the export writes it now."""
    text = await evening(table)
    stripped = _cut_and_stripped(text)
    assert (await table.ledger.exchange.import_csv(OTHER_CHAT, stripped, unsigned=True)).entries
    error = await refused(table.ledger, db_path, text)
    assert error.code is ErrorCode.CSV_ALREADY_IMPORTED and error.params["entry"] == 1
