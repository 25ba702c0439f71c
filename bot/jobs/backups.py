"""The daily backup: a whole-ledger copy into BACKUP_DIR at BACKUP_TIME, keeping the last
BACKUP_KEEP files. Runs on PTB's JobQueue, online (the bot keeps recording meanwhile)."""

from __future__ import annotations

import logging
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from telegram.ext import Application, Job

from bot.context import Context, Services, services, services_of
from storage import StorageError

log = logging.getLogger(__name__)

JOB_NAME: Final = "daily-backup"
FILE_GLOB: Final = "mahjong-*.db"  # the names below sort by time


def backup_name(now: datetime) -> str:
    return f"mahjong-{now:%Y%m%d-%H%M%S}.db"


def schedule_backups(application: Application[Any, Any, Any, Any, Any, Any]) -> Job[Any] | None:
    """Register the daily job when BACKUP_DIR is set; returns it (None when backups are off)."""
    svc: Services = services_of(application)
    config = svc.config
    if config.backup_dir is None:
        return None
    if application.job_queue is None:
        raise RuntimeError("BACKUP_DIR needs python-telegram-bot[job-queue] (APScheduler)")
    return application.job_queue.run_daily(daily_backup, time=config.backup_time, name=JOB_NAME)


async def daily_backup(context: Context) -> None:
    """Write today's file, then drop the oldest beyond BACKUP_KEEP. A failure is logged and
    leaves the files already there alone (nobody is in a chat to be told)."""
    svc = services(context)
    assert svc.config.backup_dir is not None
    folder = Path(svc.config.backup_dir)
    path = folder / backup_name(datetime.now(UTC))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        await svc.ledger.exchange.backup(path)
    except (OSError, sqlite3.Error, StorageError):
        log.exception("daily backup to %s failed; the older backups are kept", path)
        return
    removed = prune(folder, svc.config.backup_keep)
    log.info("backup written to %s (%d old ones removed)", path, len(removed))


def prune(folder: Path, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` backups in ``folder``; returns what was deleted."""
    old = sorted(folder.glob(FILE_GLOB))[:-keep]
    for path in old:
        path.unlink()
    return old
