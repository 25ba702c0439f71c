"""The daily backup: a whole-ledger copy into BACKUP_DIR at BACKUP_TIME, keeping the last
BACKUP_KEEP files. Runs on PTB's JobQueue, online (the bot keeps recording meanwhile)."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from telegram.ext import Application, Job

from bot.context import Context, Services, services

log = logging.getLogger(__name__)

JOB_NAME: Final = "daily-backup"
FILE_GLOB: Final = "mahjong-*.db"  # the names below sort by time


def backup_name(now: datetime) -> str:
    return f"mahjong-{now:%Y%m%d-%H%M%S}.db"


def schedule_backups(application: Application[Any, Any, Any, Any, Any, Any]) -> Job[Any] | None:
    """Register the daily job when BACKUP_DIR is set; returns it (None when backups are off)."""
    svc: Services = application.bot_data["services"]
    config = svc.config
    if config.backup_dir is None:
        return None
    if application.job_queue is None:
        raise RuntimeError("BACKUP_DIR needs python-telegram-bot[job-queue] (APScheduler)")
    return application.job_queue.run_daily(daily_backup, time=config.backup_time, name=JOB_NAME)


async def daily_backup(context: Context) -> None:
    """Write today's file, then drop the oldest beyond BACKUP_KEEP. A failure reaches the
    error handler, which logs it; the files already there stay."""
    svc = services(context)
    assert svc.config.backup_dir is not None
    folder = Path(svc.config.backup_dir)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / backup_name(datetime.now(UTC))
    await svc.db.backup(path)
    removed = prune(folder, svc.config.backup_keep)
    log.info("backup written to %s (%d old ones removed)", path, len(removed))


def prune(folder: Path, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` backups in ``folder``; returns what was deleted."""
    old = sorted(folder.glob(FILE_GLOB))[:-keep]
    for path in old:
        path.unlink()
    return old
