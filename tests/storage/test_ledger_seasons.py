"""Seasons: one open per chat, a name once per chat, an ending written once; a season's
figures are the entries of its window; a chat's backup and a supergroup migration keep them."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from ledger_fixtures import CHAT, OTHER_CHAT, Table, play_a_few_hands

from storage import ErrorCode, Ledger, StorageError


async def test_a_new_season_ends_the_open_one(table: Table) -> None:
    ledger = table.ledger
    first = await ledger.seasons.start(CHAT, "秋季赛", table.ids[0])
    assert (await ledger.seasons.current(CHAT)) == first and first.is_open
    second = await ledger.seasons.start(CHAT, "冬季赛", table.ids[0])
    seasons = await ledger.seasons.all(CHAT)
    assert [s.name for s in seasons] == ["冬季赛", "秋季赛"]
    assert seasons[1].ended_at == second.started_at and seasons[0].is_open
    assert await ledger.seasons.find(CHAT, "秋季赛") == seasons[1]
    assert await ledger.seasons.find(OTHER_CHAT, "秋季赛") is None
    ended = await ledger.seasons.end(CHAT, None)
    assert ended.name == "冬季赛" and not ended.is_open
    assert await ledger.seasons.current(CHAT) is None


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ("again", ErrorCode.DUPLICATE_SEASON),
        ("again folded", ErrorCode.DUPLICATE_SEASON),
        ("end twice", ErrorCode.NO_OPEN_SEASON),
        ("too long", ErrorCode.INVALID_ARGUMENT),
    ],
    ids=["same-name", "same-name-other-case", "nothing-open", "name-too-long"],
)
async def test_refusals_write_nothing(table: Table, action: str, code: ErrorCode) -> None:
    ledger = table.ledger
    await ledger.seasons.start(CHAT, "Autumn", None)
    if action == "end twice":
        await ledger.seasons.end(CHAT, None)
    before = await ledger.seasons.all(CHAT)
    with pytest.raises(StorageError) as refused:
        if action == "end twice":
            await ledger.seasons.end(CHAT, None)
        elif action == "too long":
            await ledger.seasons.start(CHAT, "x" * 65, None)
        else:
            await ledger.seasons.start(CHAT, "autumn" if "folded" in action else "Autumn", None)
    assert refused.value.code is code
    assert await ledger.seasons.all(CHAT) == before


async def test_the_schema_keeps_a_season_as_it_was(table: Table, db_path: Path) -> None:
    await table.ledger.seasons.start(CHAT, "秋季赛", None)
    await table.ledger.seasons.end(CHAT, None)
    with sqlite3.connect(db_path) as db:
        for statement in (
            "UPDATE seasons SET name = 'x'",
            "UPDATE seasons SET ended_at = NULL",
            "UPDATE seasons SET ended_at = '2099-01-01T00:00:00+00:00'",
            "DELETE FROM seasons",
        ):
            with pytest.raises(sqlite3.IntegrityError):
                db.execute(statement)


async def test_a_seasons_figures_are_its_window(table: Table) -> None:
    ledger = table.ledger
    await play_a_few_hands(table)
    season = await ledger.seasons.start(CHAT, "秋季赛", None)
    assert all(
        not s.hands and not s.net for s in await ledger.stats.players(CHAT, season.started_at)
    )
    everything = {s.player.id: s for s in await ledger.stats.players(CHAT)}
    assert any(s.hands for s in everything.values())


async def test_backup_and_migration_keep_the_seasons(table: Table, tmp_path: Path) -> None:
    ledger = table.ledger
    await ledger.seasons.start(CHAT, "秋季赛", table.ids[1])
    await ledger.chat_copy.backup(CHAT, tmp_path / "chat.db")
    async with await Ledger.open(tmp_path / "chat.db") as copy:
        assert [s.name for s in await copy.seasons.all(CHAT)] == ["秋季赛"]
    await ledger.chats.migrate(CHAT, OTHER_CHAT)
    running = await ledger.seasons.current(OTHER_CHAT)
    assert running is not None and running.name == "秋季赛" and running.chat_id == OTHER_CHAT
