"""Fixtures: a real Ledger on a temporary file, and a chat with four players at a table."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from ledger_fixtures import Table, seat_table

from rigs.ledger_template import fresh_ledger_file
from storage import Ledger


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "ledger.db"


@pytest.fixture
async def ledger(db_path: Path) -> AsyncIterator[Ledger]:
    async with await Ledger.open(fresh_ledger_file(db_path)) as opened:
        yield opened


@pytest.fixture
async def table(ledger: Ledger) -> Table:
    return await seat_table(ledger)
