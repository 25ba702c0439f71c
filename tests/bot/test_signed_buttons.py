"""Every button that writes the ledger's history carries the bot's signature or asks the
signed ✅ an /undo #N asks: data a client makes up (a modified client, another message's
button) never undoes an earlier entry or an identity change (issue 28, item 3)."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.app import BUTTON_ROUTES
from bot.button_signature import MAC_CHARS
from bot.console.local_api import Sent
from bot.undo_confirm import CONFIRM_PREFIX
from tests.bot.conftest import GROUP, PLAYERS, Harness, running_harness

# What the ledger's history is: a press that changes any of it wrote.
HISTORY = ("entries", "identity_events", "players", "sessions")


def history(database: Path) -> dict[str, list[Any]]:
    with contextlib.closing(sqlite3.connect(database)) as db:
        return {
            table: db.execute(f"SELECT * FROM {table} ORDER BY rowid").fetchall()
            for table in HISTORY
        }


class Table:
    """A group with two hands (#1 under ``earlier``, #2 the latest) and one rename (P1,
    undone by ``renamed``'s signed button)."""

    def __init__(self, harness: Harness, database: Path) -> None:
        self.harness = harness
        self.database = database
        self.earlier: Sent
        self.latest: Sent
        self.renamed: Sent

    async def set(self) -> None:
        h = self.harness
        await h.open_table()
        self.earlier = (await h.say("乙", "/hu 乙 自摸"))[-1]
        self.latest = (await h.say("乙", "/hu 丙 自摸"))[-1]
        await h.ledger.players.add_guest(GROUP, "小李")
        self.renamed = (await h.say("甲", "/rename 小李 老李"))[-1]
        assert "改名" in self.renamed.text, self.renamed.text

    async def press(self, who: str, on: Sent, data: str) -> list[Sent]:
        assert on.message_id is not None
        return await self.harness.feed(
            self.harness.make.press(GROUP, PLAYERS[who], on.message_id, data)
        )


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    database = tmp_path / "signed.db"
    async with running_harness(database) as harness:
        made = Table(harness, database)
        await made.set()
        yield made


def made_up(widest: str) -> list[str]:
    """What a client may put after a prefix: the earlier entry (#1), the identity change
    (P1), the widest data the feature writes, a signature it made up, nothing."""
    return ["1", "1,1", "01", widest, f"1:{'A' * MAC_CHARS}", f"{widest}:{'A' * MAC_CHARS}", ""]


@pytest.mark.parametrize("route", BUTTON_ROUTES, ids=[r.prefix for r in BUTTON_ROUTES])
async def test_no_registered_button_writes_from_data_the_bot_did_not_show(
    table: Table, route: Any
) -> None:
    """Every prefix the bot registers, pressed by the group's creator (who may undo anything)
    with data made up, on the earlier recording and on the rename: the ledger's history is
    as it was, and every press is answered."""
    before = history(table.database)
    for on in (table.earlier, table.renamed):
        for data in made_up(route.widest):
            sent = await table.press("甲", on, route.prefix + data)
            assert any(s.method == "answerCallbackQuery" for s in sent), (route.prefix, data)
            assert history(table.database) == before, (route.prefix, data)


async def test_the_undo_button_of_an_earlier_entry_asks_the_signed_confirm(table: Table) -> None:
    """The 撤销 under the earlier recording (a legitimate button, pressed after a later hand):
    the confirm /undo #1 asks, and only its ✅ reverses #1."""
    before = history(table.database)
    [undo] = [data for _, data in table.earlier.buttons if data.startswith("undo:")]
    sent = await table.press("乙", table.earlier, undo)
    assert history(table.database) == before
    [question] = [s for s in sent if s.method == "sendMessage"]
    confirm = question.buttons[0][1]
    assert confirm.startswith(CONFIRM_PREFIX)
    await table.press("乙", question, confirm)
    assert (await table.harness.ledger.reports.entry(GROUP, 1)).is_reversed
    assert not (await table.harness.ledger.reports.entry(GROUP, 2)).is_reversed


async def test_the_undo_button_of_the_latest_hand_still_undoes_at_once(table: Table) -> None:
    [undo] = [data for _, data in table.latest.buttons if data.startswith("undo:")]
    await table.press("乙", table.latest, undo)
    assert (await table.harness.ledger.reports.entry(GROUP, 2)).is_reversed
    assert not (await table.harness.ledger.reports.entry(GROUP, 1)).is_reversed


async def test_the_identity_undo_button_the_bot_showed_still_undoes(table: Table) -> None:
    """The signed 撤销 under the rename writes (what the made-up ones must not)."""
    before = history(table.database)
    [(_, data)] = table.renamed.buttons
    sent = await table.press("甲", table.renamed, data)
    assert any("已撤销 P1" in s.text for s in sent), [s.text for s in sent]
    assert history(table.database)["identity_events"] != before["identity_events"]


@pytest.mark.parametrize("data", ["pundo:1", "pundo:1:" + "A" * MAC_CHARS], ids=["old", "forged"])
async def test_an_identity_undo_the_bot_did_not_sign_says_what_to_type(
    table: Table, data: str
) -> None:
    before = history(table.database)
    sent = await table.press("甲", table.renamed, data)
    [answered] = [s for s in sent if s.method == "answerCallbackQuery"]
    assert "/undo P" in answered.text
    assert history(table.database) == before
