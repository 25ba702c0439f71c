"""A fresh ledger for a test without running every migration again.

Opening a new file runs all of ``storage/migrations`` (a third of a second on a busy 2-core
machine), and the suite opens a new ledger for nearly every test. ``fresh_ledger_file`` copies a
file migrated once per process instead: byte for byte what ``Ledger.open`` leaves in a new file
(it was made by ``Ledger.open``, and closing it checkpointed its WAL into the one file). The
migrations themselves stay tested from an empty file (tests/storage/test_ledger_database.py,
tests/bot/test_migration.py), which never use this.
"""

from __future__ import annotations

import asyncio
import atexit
import functools
import shutil
import tempfile
import threading
from pathlib import Path

from storage import Ledger


async def _migrate(path: Path) -> None:
    async with await Ledger.open(path):
        pass


@functools.cache
def _template() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="ledger-template-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = folder / "migrated.db"
    # Its own thread and loop: callers may be inside a running loop (an async fixture).
    failure: list[BaseException] = []

    def build() -> None:
        try:
            asyncio.run(_migrate(path))
        except BaseException as error:  # re-raised in the caller's thread
            failure.append(error)

    worker = threading.Thread(target=build, name="ledger-template")
    worker.start()
    worker.join()
    if failure:
        raise failure[0]
    return path


def fresh_ledger_file(path: Path) -> Path:
    """Put a newly migrated, empty ledger at ``path`` unless a file is already there (a test
    that reopens its ledger keeps it) and return ``path``."""
    if not path.exists():
        shutil.copyfile(_template(), path)
    return path
