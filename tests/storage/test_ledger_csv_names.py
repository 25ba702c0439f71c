"""A ledger CSV brings in no name the bot would refuse by its structure (storage/names.py):
a guest's or a rename's name too long, holding a separator or an invisible character, or
empty refuses the whole file, naming the line, the name and why, in Chinese and English,
and nothing is written. A member's name follows Telegram; a scoring word imports (the
ledger does not know the bot's words; docs/ledger-csv.md)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from ledger_fixtures import CHAT, OTHER_CHAT, resigned
from test_ledger_csv_whole import refused

from storage import NAME_LIMIT, ErrorCode, Ledger


async def _export_with_guest(ledger: Ledger, name: str) -> tuple[str, int]:
    """The chat's export after a guest called ``name`` joined it (after one other guest),
    and the line of the guest's row."""
    await ledger.players.add_guest(CHAT, "小李")
    await ledger.players.add_guest(CHAT, name)
    text = await ledger.export.csv(CHAT)
    return text, 3  # header, 小李, then the guest


@pytest.mark.parametrize(
    ("name", "code", "said_zh", "said_en"),
    [
        pytest.param("a;b", ErrorCode.CSV_NAME_SEPARATOR, "里有「;」", "contains ';'", id="a;b"),
        pytest.param(
            "阿，明", ErrorCode.CSV_NAME_SEPARATOR, "里有「，」", "contains '，'", id="comma"
        ),
        pytest.param(
            "长" * (NAME_LIMIT + 1),
            ErrorCode.CSV_NAME_TOO_LONG,
            f"太长（最多 {NAME_LIMIT} 个字符）",
            f"at most {NAME_LIMIT} characters",
            id="33-characters",
        ),
        pytest.param(
            "阿\u200b明", ErrorCode.CSV_NAME_INVISIBLE, "U+200B", "U+200B", id="zero-width-inside"
        ),
        pytest.param(
            "\u200b", ErrorCode.CSV_NAME_EMPTY, "名字是空的", "empty", id="only-zero-width"
        ),
    ],
)
async def test_a_guests_name_the_bot_refuses_refuses_the_file(
    ledger: Ledger, db_path: Path, name: str, code: ErrorCode, said_zh: str, said_en: str
) -> None:
    text, line = await _export_with_guest(ledger, name)
    error = await refused(ledger, db_path, text)
    assert error.code is code and error.params["line"] == line
    zh, en = error.message("zh"), error.message("en")
    assert f"CSV 第 {line} 行" in zh and said_zh in zh and "没有导入任何记录" in zh, zh
    assert f"CSV line {line}" in en and said_en in en and "nothing was imported" in en, en
    if code is not ErrorCode.CSV_NAME_EMPTY:
        assert name[:16] in zh, zh
    assert await ledger.chats.get(OTHER_CHAT) is None


async def test_a_rename_to_a_name_with_a_separator_refuses_the_file(
    ledger: Ledger, db_path: Path
) -> None:
    guest = await ledger.players.add_guest(CHAT, "小李")
    await ledger.people.rename_guest(CHAT, guest.id, "李|四", author=None, update_id=None)
    text = await ledger.export.csv(CHAT)
    # The players row holds the last name, so it is refused first (line 2); with it put
    # right, the rename row that gave the name.
    error = await refused(ledger, db_path, text)
    assert error.code is ErrorCode.CSV_NAME_SEPARATOR and error.params["line"] == 2
    rows = [row for row in csv.DictReader(io.StringIO(text)) if row["record"] != "end"]
    rows[0]["name"] = "李四"
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    line = 1 + next(n for n, row in enumerate(rows, 1) if row["record"] == "identity")
    error = await refused(ledger, db_path, resigned(out.getvalue()))
    assert error.code is ErrorCode.CSV_NAME_SEPARATOR and error.params["line"] == line
    assert "李|四" in error.message("zh")


@pytest.mark.parametrize(
    "name",
    ["自摸", "点炮", "爆头", "东", "Amy Chen", "长" * NAME_LIMIT],
    ids=["zimo", "dianpao", "baotou", "seat-word", "two-words", "32-characters"],
)
async def test_names_within_the_structure_import(ledger: Ledger, name: str) -> None:
    # Scoring and seat words are the bot's vocabulary, which the ledger does not know: the
    # file keeps the name (an admin can /rename the guest), docs/ledger-csv.md.
    text, _ = await _export_with_guest(ledger, name)
    await ledger.exchange.import_csv(OTHER_CHAT, text)
    assert sorted(p.name for p in await ledger.players.all(OTHER_CHAT)) == sorted(["小李", name])


async def test_a_members_telegram_name_keeps_its_comma_and_its_length(ledger: Ledger) -> None:
    telegram_name = "Lee, Amy | 李" + "长" * 40  # 52 characters: a member's name follows Telegram
    await ledger.players.upsert_user(CHAT, 4242, telegram_name, "amy_lee")
    await ledger.exchange.import_csv(OTHER_CHAT, await ledger.export.csv(CHAT))
    assert [p.name for p in await ledger.players.all(OTHER_CHAT)] == [telegram_name]
