"""/backup through the real Application and the Bot API emulator, and the daily backup job."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, time
from pathlib import Path
from typing import Any

import pytest
from telegram.ext import Job

from bot.app import build_application
from bot.config import Config
from bot.console import ConsoleRequest
from bot.console.local_api import LocalBotApi, Sent, UpdateMaker
from bot.jobs.backups import JOB_NAME, backup_name, prune
from storage import Ledger
from storage.check import check_file
from tests.bot.conftest import GROUP, PLAYERS, Harness

OTHER_GROUP = -1002
HANDS = ("/hu 甲 自摸 爆头", "/hu 乙 点炮 丙 七对 无花", "/hu 丙 自摸")


async def play(h: Harness) -> None:
    await h.open_table()
    for line in HANDS:
        [reply] = await h.say("甲", line)
        assert "胡" in reply.text and "❌" not in reply.text, reply.text
    h.api.add_chat(OTHER_GROUP, "另一桌", kind="group")
    await h.say("乙", "/new 杭州 1 乙 丙 丁 戊", chat=OTHER_GROUP)
    [other] = await h.say("乙", "/hu 戊 自摸", chat=OTHER_GROUP)
    assert "❌" not in other.text, other.text


async def hand_lines(path: Path, chat: int) -> list[str]:
    async with await Ledger.open(path) as ledger:
        history = await ledger.reports.history(chat, page_size=100)
        return sorted(e.hand_line or "" for e in history.entries if e.kind == "win")


def the_file(sent: list[Sent], tmp_path: Path) -> Path:
    [document] = [s for s in sent if s.method == "sendDocument"]
    assert document.file_name is not None and document.file_name.endswith(".db")
    assert document.content is not None
    path = tmp_path / document.file_name
    path.write_bytes(document.content)
    return path


async def test_an_admin_who_talks_to_the_bot_gets_the_group_alone_privately(
    harness: Harness, tmp_path: Path
) -> None:
    await play(harness)
    sent = await harness.say("甲", "/backup")
    [document] = [s for s in sent if s.method == "sendDocument"]
    assert document.chat_id == PLAYERS["甲"]  # the private chat, not the group
    assert "3 条记录" in document.text and "只含本群" in document.text
    [notice] = [s for s in sent if s.method == "sendMessage"]
    assert notice.chat_id == GROUP and "私聊" in notice.text
    file = the_file(sent, tmp_path)
    assert check_file(file) == []
    recorded = await harness.ledger.reports.history(GROUP, page_size=100)
    assert await hand_lines(file, GROUP) == sorted(e.hand_line or "" for e in recorded.entries)
    assert len(await hand_lines(file, GROUP)) == len(HANDS)
    assert await hand_lines(file, OTHER_GROUP) == []


async def test_an_admin_the_bot_cannot_write_to_gets_it_in_the_group(
    harness: Harness, tmp_path: Path
) -> None:
    await play(harness)
    sent = await harness.say("丁", "/backup")  # an admin who never started the bot
    [document] = [s for s in sent if s.method == "sendDocument"]
    assert document.chat_id == GROUP and "/start" in document.text
    assert len(await hand_lines(the_file(sent, tmp_path), GROUP)) == len(HANDS)


async def test_a_member_is_refused_and_nothing_is_sent(harness: Harness) -> None:
    await play(harness)
    sent = await harness.say("乙", "/backup")
    assert [s.method for s in sent] == ["sendMessage"]
    assert "只有群管理员" in sent[0].text


def test_pruning_keeps_the_newest(tmp_path: Path) -> None:
    names = [f"mahjong-202611{day:02d}-040000.db" for day in range(1, 11)]
    for name in names:
        (tmp_path / name).write_bytes(b"")
    (tmp_path / "notes.txt").write_text("not a backup")
    removed = prune(tmp_path, 7)
    assert [p.name for p in removed] == names[:3]
    assert sorted(p.name for p in tmp_path.iterdir()) == [*names[3:], "notes.txt"]


@asynccontextmanager
async def app_with_backups(tmp_path: Path, folder: Path, keep: int) -> AsyncIterator[Harness]:
    api = LocalBotApi()
    api.add_chat(GROUP, "周五麻将", kind="supergroup")
    for name, user_id in PLAYERS.items():
        api.add_user(user_id, name)
    config = Config(
        token="123:TEST",
        database_path=str(tmp_path / "m.db"),
        backup_dir=str(folder),
        backup_keep=keep,
        backup_time=time(3, 30, tzinfo=UTC),
    )
    app = build_application(config, request=ConsoleRequest(api), rate_limiter=None)
    await app.initialize()
    assert app.post_init is not None and app.post_shutdown is not None
    await app.post_init(app)
    try:
        yield Harness(app, api, UpdateMaker(api))
    finally:
        await app.post_shutdown(app)
        await app.shutdown()


def daily_job(h: Harness) -> Job[Any]:
    assert h.app.job_queue is not None
    [job] = h.app.job_queue.get_jobs_by_name(JOB_NAME)
    return job


async def test_the_daily_job_backs_up_the_whole_ledger_and_keeps_the_last_n(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    stale = [folder / f"mahjong-2026010{d}-040000.db" for d in range(1, 4)]
    for path in stale:
        path.write_bytes(b"")
    async with app_with_backups(tmp_path, folder, keep=2) as h:
        job = daily_job(h)
        assert "hour='3', minute='30'" in str(job.job.trigger)
        await h.open_table()
        for line in HANDS:
            await h.say("甲", line)
        await job.run(h.app)
    kept = sorted(folder.iterdir())
    assert kept[0] == stale[-1] and len(kept) == 2
    assert check_file(kept[1]) == []
    assert len(await hand_lines(kept[1], GROUP)) == len(HANDS)


async def test_a_failed_backup_is_logged_and_keeps_the_old_files(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    old = [folder / f"mahjong-2026010{d}-040000.db" for d in range(1, 4)]
    for path in old:
        path.write_bytes(b"")
    async with app_with_backups(tmp_path, folder, keep=1) as h:
        await h.ledger.close()  # e.g. a backup that fires while the bot shuts down
        with caplog.at_level(logging.ERROR, logger="bot.jobs.backups"):
            await daily_job(h).run(h.app)
    assert sorted(folder.iterdir()) == old
    assert "daily backup to" in caplog.text and "failed" in caplog.text


async def test_a_backup_dir_that_is_a_file_is_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    not_a_folder = tmp_path / "backups"
    not_a_folder.write_text("a file")
    async with app_with_backups(tmp_path, not_a_folder, keep=1) as h:
        with caplog.at_level(logging.ERROR, logger="bot.jobs.backups"):
            await daily_job(h).run(h.app)
    assert not_a_folder.read_text() == "a file"
    assert [r.exc_info[0] for r in caplog.records if r.exc_info] == [FileExistsError]


def test_backup_names_sort_by_time() -> None:
    earlier = backup_name(datetime(2026, 9, 30, 23, 59, tzinfo=UTC))
    later = backup_name(datetime(2026, 10, 1, 4, 0, tzinfo=UTC))
    assert earlier < later


def test_no_backup_dir_no_job(tmp_path: Path) -> None:
    app = build_application(
        Config(token="123:TEST", database_path=str(tmp_path / "m.db")),
        request=ConsoleRequest(LocalBotApi()),
        rate_limiter=None,
    )
    assert app.job_queue is not None and app.job_queue.get_jobs_by_name(JOB_NAME) == ()
