"""Numbers of the group's own (issue 30, item 5), through the real Application: each chat
numbers its sessions (第 K 场), entries (#N) and identity events (P N) from 1, whatever other
chats the bot serves; /undo #N, /why N and /undo P N read the chat's numbers; a button sent
before the numbers (its data: row ids) and a row id typed from an old message still find their
entry after the migration that numbers a ledger written before it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.console.local_api import LocalBotApi, Sent
from storage import Ledger
from storage.database import migrations
from tests.bot.conftest import GROUP, PLAYERS, Harness, running_harness
from tests.storage.ledger_fixtures import BACK_TO_BEFORE_NUMBERS

OTHER = -1002  # a second group served by the same bot
AMING = 21


def _numbering() -> int:
    """The version of the migration that numbers rows per chat (wherever it lands)."""
    [version] = [m.version for m in migrations() if m.name.endswith("_chat_numbers.sql")]
    return version


async def _play(h: Harness, chat: int, hands: int) -> list[Sent]:
    """A table in ``chat`` and ``hands`` self-drawn wins: the replies of the opening and hands."""
    sent = await h.say("甲", "/new 杭州 1 甲 乙 丙 丁", chat=chat)
    replies = [sent[-1]]
    for _ in range(hands):
        replies.append((await h.say("甲", "/hu 乙 自摸", chat=chat))[0])
    return replies


def _other_group(h: Harness) -> None:
    h.api.add_chat(OTHER, "另一桌", kind="supergroup")
    h.api.set_status(OTHER, PLAYERS["甲"], "creator")


async def test_each_group_counts_its_sessions_and_hands_from_one(harness: Harness) -> None:
    _other_group(harness)
    first = await _play(harness, OTHER, 3)  # another group played first
    assert "第 1 场" in first[0].text and "#3" in first[-1].text
    mine = await _play(harness, GROUP, 2)
    assert "第 1 场" in mine[0].text, mine[0].text
    assert mine[1].text.startswith("🀄 #1 ") and mine[2].text.startswith("🀄 #2 "), mine[2].text
    # the row ids behind them are not 1 and 2: the other group's hands came first
    history = await harness.ledger.reports.history(GROUP, page_size=10)
    assert sorted(e.id for e in history.entries) != [1, 2]
    assert sorted(e.number for e in history.entries) == [1, 2]
    # /why and /undo name this group's #1 (whose row id belongs to the other group's hand)
    why = (await harness.say("甲", "/why 1"))[-1].text
    assert why.startswith("#1 ") and "旧编号" not in why, why
    undone = await harness.say("甲", "/undo #1")
    assert any("确认撤销 #1" in str(s.buttons) for s in undone), [s.text for s in undone]
    [confirm] = [s for s in undone if s.buttons]
    done = await harness.press("甲", confirm)
    assert any("已撤销 #1（冲正记录 #3）" in s.text for s in done), [s.text for s in done]
    mine_first = next(e for e in history.entries if e.number == 1)
    assert (await harness.ledger.reports.entry(GROUP, mine_first.id)).is_reversed
    others = await harness.ledger.reports.history(OTHER, page_size=10)
    assert not any(e.is_reversed for e in others.entries)
    lines = (await harness.say("甲", "/history"))[-1].text
    assert "#3 冲正 #1\n" in lines, lines
    # the next session is this group's second, and its hands go on from #4
    settled = (await harness.say("甲", "/settle"))[0].text
    assert "第 1 场结算" in settled, settled
    again = await _play(harness, GROUP, 1)
    assert "第 2 场" in again[0].text and again[1].text.startswith("🀄 #4 "), again[1].text
    # the other group goes on with its own numbers
    theirs = (await harness.say("甲", "/hu 丙 自摸", chat=OTHER))[0]
    assert theirs.text.startswith("🀄 #4 "), theirs.text


async def test_an_unknown_number_is_named_and_nothing_is_written(harness: Harness) -> None:
    _other_group(harness)
    await _play(harness, OTHER, 3)
    await _play(harness, GROUP, 1)
    before = await harness.ledger.reports.history(GROUP, page_size=10)
    [refused] = await harness.say("甲", "/undo #3")  # #3 is the other group's, not ours
    assert "本群没有第 3 条记录" in refused.text, refused.text
    after = await harness.ledger.reports.history(GROUP, page_size=10)
    assert after.total == before.total


async def _aming(h: Harness, chat: int, text: str) -> list[Sent]:
    if AMING not in h.api.users:
        h.api.add_user(AMING, "阿明", "aming")
    return await h.feed(h.make.message(chat, AMING, text))


async def test_identity_events_are_numbered_per_group(harness: Harness) -> None:
    _other_group(harness)
    for chat in (OTHER, GROUP):
        await harness.say("甲", "/new 杭州 1 甲 乙 阿明 丁", chat=chat)
        claimed = (await _aming(harness, chat, "/iam 阿明"))[-1]
        assert claimed.text.startswith("P1 "), claimed.text
    undone = (await harness.say("甲", "/undo P1"))[-1].text
    assert "已撤销 P1" in undone and "旧编号" not in undone, undone
    assert (await harness.ledger.people.of_chat(GROUP)).links == {}
    assert len((await harness.ledger.people.of_chat(OTHER)).links) == 1
    history = (await harness.say("甲", "/history"))[-1].text
    assert "P2 撤销 P1" in history, history


async def test_the_migration_numbers_an_old_ledger_and_old_references_still_work(
    tmp_path: Path,
) -> None:
    database = tmp_path / "old.db"
    api = LocalBotApi()
    api.add_chat(GROUP, "周五麻将", kind="supergroup")
    for name, user_id in PLAYERS.items():
        api.add_user(user_id, name)
    api.set_status(GROUP, PLAYERS["甲"], "creator")
    async with running_harness(database, api) as h:
        _other_group(h)
        await _play(h, OTHER, 3)  # row ids 1-3 are the other group's
        mine = await _play(h, GROUP, 2)  # row ids 4 and 5
    old_button = mine[1]  # the reply under this group's first hand, as it was sent
    with sqlite3.connect(database) as db:  # the ledger as the version before numbers left it
        db.executescript(BACK_TO_BEFORE_NUMBERS + f"PRAGMA user_version = {_numbering() - 1};")
        ids = [row[0] for row in db.execute("SELECT id FROM entries WHERE chat_id = ?", [GROUP])]
        assert ids == [4, 5]
    async with await Ledger.open(database) as ledger:  # the migration numbers it per chat
        mine_now = (await ledger.reports.history(GROUP, page_size=10)).entries
        assert sorted((e.number, e.id) for e in mine_now) == [(1, 4), (2, 5)]
        theirs = (await ledger.reports.history(OTHER, page_size=10)).entries
        assert sorted(e.number for e in theirs) == [1, 2, 3]
        assert [s.number for s in await ledger.sessions.all(GROUP)] == [1]
    async with running_harness(database, api) as h:
        # the old message named row id 5; this chat has no #5, so that is the entry meant
        why = (await h.say("甲", "/why 5"))[-1].text
        assert why.startswith("#2 ") and "（旧编号）" in why, why
        # #2 typed now is the chat's #2 (row id 5), not row 2 (the other group's)
        assert (await h.say("甲", "/why 2"))[-1].text.startswith("#2 ")
        # the old 撤销 button carries row id 4: it undoes this group's first hand, shown #1
        assert old_button.buttons[0][1] == "undo:4"
        pressed = await h.press("甲", old_button)
        assert (await h.ledger.reports.entry(GROUP, 4)).is_reversed is False  # not the latest
        [confirm] = [s for s in pressed if s.buttons and "确认撤销 #1" in str(s.buttons)]
        done = await h.press("甲", confirm)
        assert any("已撤销 #1（冲正记录 #3）" in s.text for s in done), [s.text for s in done]
        assert (await h.ledger.reports.entry(GROUP, 4)).is_reversed
        assert not (await h.ledger.reports.entry(GROUP, 5)).is_reversed
        # a new hand goes on from the chat's numbers
        [next_hand] = await h.say("甲", "/hu 丙 自摸")
        assert next_hand.text.startswith("🀄 #4 "), next_hand.text


async def test_an_import_takes_the_chats_next_numbers(harness: Harness) -> None:
    _other_group(harness)
    await _play(harness, GROUP, 2)
    await harness.say("甲", "/undo")  # #3 reverses #2
    await _play(harness, OTHER, 1)  # the other group's 第 1 场 and #1
    await harness.say("甲", "/settle", chat=OTHER)
    report = await harness.ledger.exchange.import_csv(OTHER, await harness.ledger.export.csv(GROUP))
    assert report.entries == 3
    theirs = (await harness.ledger.reports.history(OTHER, page_size=10)).entries
    assert sorted(e.number for e in theirs) == [1, 2, 3, 4]  # after its own, in the file's order
    [reversal] = [e for e in theirs if e.kind == "reversal"]
    assert (reversal.number, reversal.reverses_number) == (4, 3)
    assert [s.number for s in await harness.ledger.sessions.all(OTHER)] == [2, 1]
    lines = (await harness.say("甲", "/history", chat=OTHER))[-1].text
    assert "#4 冲正 #3\n" in lines, lines
