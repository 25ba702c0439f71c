"""One update the library cannot read never stops the bot: polling, the webhook and the
replay at start each read updates one by one; an unreadable one is logged in one line, kept
as done and skipped, and the hands around it are recorded and answered (issue 21, item 1)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from bot_process import (
    GROUPS,
    PLAYERS,
    BotProcess,
    asked,
    entries_per_update,
    hand_update,
    open_tables,
    populated_server,
    replied_to,
    until,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from telegram import Bot

from bot.app import build_application
from bot.config import Config
from bot.transport.runner import go_live, wind_down
from bot.transport.update_reading import REASON_LIMIT, Unreadable, read_update
from bot.transport.web_lifecycle import webhook_receiver
from rigs.fake_server import TOKEN, FakeBotApiServer
from storage import InboxItem, Ledger
from tests.bot.conftest import Harness, module_bot

GROUP = GROUPS[0]
CHAT: dict[str, Any] = {"id": GROUP, "type": "supergroup", "title": "桌"}
USER: dict[str, Any] = {"id": PLAYERS["甲"], "is_bot": False, "first_name": "甲"}
HUGE = 600_000  # characters: Telegram's own updates are kilobytes
BOT = Bot(TOKEN)  # what PTB reads updates with; never asked anything here


def command_at_0(length: int) -> dict[str, Any]:
    return {"type": "bot_command", "offset": 0, "length": length}


HU: dict[str, Any] = {"text": "/hu 甲 自摸", "entities": [command_at_0(3)]}


def message(**fields: Any) -> dict[str, Any]:
    """A group message from 甲, with ``fields`` replacing or adding what the test breaks."""
    return {"message_id": 900, "date": 0, "chat": CHAT, "from": USER, "text": "hi", **fields}


# Each kind of update a gateway, an older client or a newer Bot API may send: (the update's
# body without its id, whether the bot can read it at all). Readable ones without a chat, or
# not for any handler, are ignored quietly.
MALFORMED: dict[str, tuple[dict[str, Any], bool]] = {
    "photo-without-file_unique_id": (
        {"message": message(text=None, photo=[{"file_id": "a", "width": 1, "height": 1}])},
        False,
    ),
    "message-without-date": (
        {"message": {k: v for k, v in message().items() if k != "date"}},
        False,
    ),
    "entity-without-offset": (
        {"message": message(text="/hu 甲 自摸", entities=[{"type": "bot_command"}])},
        False,
    ),
    "chat-is-a-string": ({"message": message(chat="桌")}, False),
    "message-is-a-number": ({"message": 5}, False),
    "message-is-a-list": ({"message": [1, 2]}, False),
    "date-is-text": ({"message": message(date="昨天")}, False),
    "text-is-a-number": ({"message": message(text=5)}, False),
    "chat-id-is-text": ({"message": message(chat={"id": "桌", "type": "group"})}, False),
    "sender-id-is-text": ({"message": message(**{"from": {**USER, "id": "甲"}})}, False),
    "callback-data-is-a-number": (
        {
            "callback_query": {
                "id": "1",
                "from": USER,
                "chat_instance": "1",
                "message": message(),
                "data": 7,
            }
        },
        False,
    ),
    "unknown-update-type": ({"brand_new_kind": {"chat": CHAT, "x": 1}}, True),
    "no-kind-at-all": ({}, True),
    "huge-unreadable": (
        {"message": message(text="x" * HUGE, photo=[{"file_id": "a"}] * 2000)},
        False,
    ),
    "huge-chatter": ({"message": message(text="哈" * HUGE)}, True),
    # Issue 28: what crashed a handler (traceback, apology) is refused at the door instead.
    "first-name-empty": ({"message": message(**HU, **{"from": {**USER, "first_name": ""}})}, False),
    "user-id-past-64-bits": ({"message": message(**HU, **{"from": {**USER, "id": 2**64}})}, False),
    "chat-id-past-64-bits": (
        {"message": message(**HU, chat={**CHAT, "id": -(2**64)})},
        False,
    ),
    "replied-to-text-is-a-number": (
        {"message": message(**HU, reply_to_message=message(message_id=899, text=5))},
        False,
    ),
    "mention-id-is-text": (
        {
            "message": message(
                text="/hu 甲 自摸",
                entities=[
                    *HU["entities"],
                    {
                        "type": "text_mention",
                        "offset": 4,
                        "length": 1,
                        "user": {**USER, "id": "甲"},
                    },
                ],
            )
        },
        False,
    ),
    "press-without-data-or-game": (
        {"callback_query": {"id": "1", "from": USER, "chat_instance": "1", "message": message()}},
        False,
    ),
    "hand-with-a-lone-surrogate": (
        {"message": message(**{**HU, "text": "/hu \ud800 自摸"})},
        False,
    ),
    "why-with-a-lone-surrogate": (
        {"message": message(text="/why \ud800", entities=[command_at_0(4)])},
        False,
    ),
    "plain-hu-with-a-lone-surrogate": ({"message": message(text="胡 甲 \ud800 自摸")}, False),
    "name-with-a-lone-surrogate": (
        {"message": message(**HU, **{"from": {**USER, "first_name": "甲\udc80"}})},
        False,
    ),
    "field-name-with-a-lone-surrogate": ({"message": message(**{"\ud800": 1})}, False),
}


@pytest.fixture
async def server() -> AsyncIterator[FakeBotApiServer]:
    async with populated_server() as fake:
        yield fake


def config_for(server: FakeBotApiServer, tmp_path: Path) -> Config:
    return Config(token=TOKEN, database_path=str(tmp_path / "bad.db"), api_base_url=server.base_url)


def bad_update(server: FakeBotApiServer, body: dict[str, Any]) -> dict[str, Any]:
    return {"update_id": next(server.api.update_ids), **body}


def noise(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """What the bot logged at WARNING or above (the skip line included)."""
    return [r for r in caplog.records if r.levelno >= logging.WARNING]


def assert_logged_once(
    caplog: pytest.LogCaptureFixture, update: dict[str, Any], readable: bool
) -> None:
    records = noise(caplog)
    if readable:
        assert records == [], [r.getMessage()[:200] for r in records]
        return
    [record] = records
    line = record.getMessage()
    assert line.startswith(f"update {update['update_id']} skipped: ")
    assert "\n" not in line and len(line) < 300 and not record.exc_info


def kept_as_done(database: Path, update_id: int) -> bool:
    """The inbox kept the update as it came, marked done (not waiting for a next start)."""
    with contextlib.closing(sqlite3.connect(database)) as db:
        row = db.execute(
            "SELECT payload, done_at FROM inbox WHERE update_id = ?", [update_id]
        ).fetchone()
    return row is not None and json.loads(row[0])["update_id"] == update_id and bool(row[1])


@pytest.mark.parametrize(("body", "readable"), list(MALFORMED.values()), ids=list(MALFORMED.keys()))
async def test_polling_skips_an_unreadable_update_between_two_hands(
    server: FakeBotApiServer,
    tmp_path: Path,
    body: dict[str, Any],
    readable: bool,
    caplog: pytest.LogCaptureFixture,
) -> None:
    app = build_application(config_for(server, tmp_path), rate_limiter=None)
    await go_live(app, config_for(server, tmp_path))
    try:
        server.push(open_tables(server)[0])
        await until(lambda: len(server.sent) == 1, 30, "table opened")
        polls = server.polls
        with caplog.at_level(logging.INFO):
            first = server.push(hand_update(server, GROUP, 0))
            bad = server.push(bad_update(server, body))
            second = server.push(hand_update(server, GROUP, 1))
            hands = [first, second]
            await until(lambda: {asked(h) for h in hands} <= replied_to(server), 30, "answers")
            await asyncio.sleep(0.3)  # time enough to spin, were it going to
        ledger: Ledger = app.bot_data["services"].db
        counts = [len(await ledger.reports.entries_by_update(GROUP, h["update_id"])) for h in hands]
        assert counts == [1, 1]
        assert server.confirmed > second["update_id"]  # Telegram was told: the offset moved on
        assert server.polls - polls <= 8
        # at once for an unreadable one; a readable one is marked when its handling ends
        assert readable or kept_as_done(tmp_path / "bad.db", bad["update_id"])
    finally:
        await wind_down(app, None)
    assert_logged_once(caplog, bad, readable)


@pytest.mark.parametrize(("body", "readable"), list(MALFORMED.values()), ids=list(MALFORMED.keys()))
async def test_the_webhook_answers_an_unreadable_update_and_keeps_it_done(
    server: FakeBotApiServer,
    tmp_path: Path,
    body: dict[str, Any],
    readable: bool,
    caplog: pytest.LogCaptureFixture,
) -> None:
    app = build_application(config_for(server, tmp_path), rate_limiter=None)
    await go_live(app, config_for(server, tmp_path))
    receive = webhook_receiver(app)
    try:
        await receive(open_tables(server)[0])
        await until(lambda: len(server.sent) == 1, 30, "table opened")
        with caplog.at_level(logging.INFO):
            first = hand_update(server, GROUP, 0)
            bad = bad_update(server, body)
            second = hand_update(server, GROUP, 1)
            for update in (first, bad, second):
                await receive(update)  # no exception: the webhook answers 200
            hands = [first, second]
            await until(lambda: {asked(h) for h in hands} <= replied_to(server), 30, "answers")
        # at once for an unreadable one; a readable one is marked when its handling ends
        assert readable or kept_as_done(tmp_path / "bad.db", bad["update_id"])
    finally:
        await wind_down(app, None)
    assert_logged_once(caplog, bad, readable)


async def test_the_replay_at_start_skips_an_unreadable_update(
    server: FakeBotApiServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """An update kept undone by a run whose library could read it (or by an older version of
    this bot) and unreadable now: the start goes on and answers the hand after it."""
    config = config_for(server, tmp_path)
    table, hand = open_tables(server)[0], hand_update(server, GROUP, 0)
    bad = bad_update(server, MALFORMED["photo-without-file_unique_id"][0])
    async with await Ledger.open(config.database_path) as ledger:
        items = [InboxItem(u["update_id"], GROUP, json.dumps(u)) for u in (table, bad, hand)]
        await ledger.inbox.store(items)
    app = build_application(config, rate_limiter=None)
    try:
        with caplog.at_level(logging.INFO):
            await go_live(app, config)
            await until(lambda: asked(hand) in replied_to(server), 30, "the hand answered")
        ledger = app.bot_data["services"].db
        assert len(await ledger.reports.entries_by_update(GROUP, hand["update_id"])) == 1
        assert kept_as_done(tmp_path / "bad.db", bad["update_id"])
    finally:
        await wind_down(app, None)
    [skipped] = [r.getMessage() for r in noise(caplog) if "skipped" in r.getMessage()]
    assert skipped.startswith(f"update {bad['update_id']} skipped: TypeError: ")


async def test_the_bot_process_polls_past_every_kind_at_once(
    server: FakeBotApiServer, tmp_path: Path
) -> None:
    """The issue's outage, as ``python -m bot`` lived it: every kind in one batch between two
    hands; the log stays a line per unreadable update and polling does not spin."""
    bot = BotProcess(server, tmp_path)
    try:
        await bot.start()
        server.push(open_tables(server)[0])
        await until(lambda: len(server.sent) >= 1, 60, "table opened")
        polls, logged = server.polls, bot.log.stat().st_size
        first = server.push(hand_update(server, GROUP, 0))
        bad = [
            (server.push(bad_update(server, body)), readable)
            for body, readable in MALFORMED.values()
        ]
        second = server.push(hand_update(server, GROUP, 1))
        hands = [first, second]
        await until(lambda: {asked(h) for h in hands} <= replied_to(server), 60, "answers")
        await asyncio.sleep(1.0)  # a spinning poller would make hundreds of calls in this
        calls = server.polls - polls
        await bot.stop()
    finally:
        await bot.ensure_stopped()
    log = bot.log.read_bytes()[logged:].decode()
    unreadable = sum(not readable for _, readable in MALFORMED.values())
    print(f"\n{len(bad)} bad updates: {calls} getUpdates calls, log {len(log)} bytes")
    assert await entries_per_update(bot.database, hands) == [1, 1]
    assert calls <= 10
    skipped = [line for line in log.splitlines() if " skipped: " in line]
    assert len(skipped) == unreadable and all(len(line) < 300 for line in skipped)
    assert len(log) < 300 * unreadable + 1000, log[:2000]  # room for a slow poll's warning
    for update, readable in bad:
        assert (f"update {update['update_id']} skipped: " in log) is not readable


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)
# Where a message update can break: a field of the message, its chat, its sender, an entity.
TEMPLATE: dict[str, Any] = {
    "update_id": 1,
    "message": {
        **message(text="/hu 甲 自摸"),
        "entities": [{"type": "bot_command", "offset": 0, "length": 3}],
    },
}
PATHS = [
    ("message",),
    *[("message", key) for key in TEMPLATE["message"]],
    *[("message", "chat", key) for key in CHAT],
    *[("message", "from", key) for key in USER],
    *[("message", "entities", 0, key) for key in ("type", "offset", "length")],
]


def broken(path: tuple[str | int, ...], value: Any, drop: bool) -> dict[str, Any]:
    """The template with the field at ``path`` replaced by ``value``, or taken out."""
    update = json.loads(json.dumps(TEMPLATE))
    *parents, last = path
    node = update
    for key in parents:
        node = node[key]
    if drop:
        del node[last]
    else:
        node[last] = value
    return update


@settings(max_examples=300, deadline=None)
@given(path=st.sampled_from(PATHS), value=JSON, drop=st.booleans())
def test_any_broken_field_is_read_or_refused_in_one_line(
    path: tuple[str | int, ...], value: Any, drop: bool
) -> None:
    """Whatever a field holds, reading the update either gives the handlers what they rely on
    or refuses it with a short reason; nothing else escapes."""
    raw = broken(path, value, drop)
    try:
        update = read_update(raw, BOT, {})
    except Unreadable as error:
        assert error.reason and len(error.reason) <= REASON_LIMIT
        return
    chat, message_ = update.effective_chat, update.effective_message
    assert chat is None or isinstance(chat.id, int)
    assert message_ is None or message_.text is None or isinstance(message_.text, str)


@pytest.fixture(scope="module")
def table_bot(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[asyncio.Runner, Harness]]:
    """One bot with a table open in the template's group, for the whole module."""
    with module_bot(tmp_path_factory, "broken_fields") as (runner, harness):
        harness.api.add_chat(GROUP, "桌", kind="supergroup")
        harness.api.add_user(PLAYERS["甲"], "甲")
        runner.run(harness.say("甲", "/new 杭州 1 甲 乙 丙 丁", chat=GROUP))
        yield runner, harness


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(path=st.sampled_from(PATHS), value=JSON, drop=st.booleans())
def test_a_broken_field_the_reading_lets_through_breaks_no_handler(
    table_bot: tuple[asyncio.Runner, Harness],
    path: tuple[str | int, ...],
    value: Any,
    drop: bool,
) -> None:
    """What the reading accepts reaches the handlers (as the inbox hands them updates with a
    chat) and is answered or ignored without an internal error."""
    runner, harness = table_bot
    try:
        update = read_update(broken(path, value, drop), harness.app.bot, {})
    except Unreadable:
        return
    if update.effective_chat is None:  # the inbox does not keep it
        return
    before = len(harness.api.sent)
    runner.run(harness.app.process_update(update))
    assert not [s for s in harness.api.sent[before:] if "抱歉" in s.text]  # no apology


async def test_polling_answers_a_press_on_an_inline_message(
    server: FakeBotApiServer, tmp_path: Path
) -> None:
    """A press under a message sent through inline mode carries no chat: the inbox keeps it all
    the same, and the fallback answers it, so its spinner stops (issue 21, item 3)."""
    app = build_application(config_for(server, tmp_path), rate_limiter=None)
    await go_live(app, config_for(server, tmp_path))
    press = {
        "callback_query": {
            "id": "inline-press-1",
            "from": USER,
            "chat_instance": "inline-1",
            "inline_message_id": "AAEAAAB-inline",
            "data": "abc",
        }
    }
    try:
        server.push(bad_update(server, press))
        await until(
            lambda: any(
                method == "answerCallbackQuery"
                and params.get("callback_query_id") == "inline-press-1"
                for method, params in server.api.requests
            ),
            30,
            "the press answered",
        )
    finally:
        await wind_down(app, None)


# Issue 28: the shapes that stopped polling for every chat, each between two hands of another
# chat. Before, PTB's whole-batch reading raised (RecursionError), the inbox's insert failed
# ("datatype mismatch") or the moved-chat copy recursed outside the guard: a CRITICAL line
# thousands of times a second, the offset stuck, nothing recorded.
OLD_GROUP, NEW_GROUP = -8001, -1008001


def stopper(server: FakeBotApiServer, kind: str) -> Any:
    user = PLAYERS["甲"]
    if kind == "nested-5000":
        return server.updates.deep_message(GROUP, user, "hi", 5_000)
    if kind == "update-id-2**63":  # Telegram's ids only grow: nothing comes after this one
        return {"update_id": 2**63, "message": message()}
    if kind == "update-id-below-int64":
        return {"update_id": -(2**63) - 1, "message": message()}
    assert kind == "moved-chat-nested-600"
    server.api.add_chat(OLD_GROUP, "老桌", kind="group")
    server.api.add_chat(NEW_GROUP, "老桌", kind="supergroup")
    server.push(server.updates.migrate(OLD_GROUP, NEW_GROUP, user))
    return server.updates.deep_message(OLD_GROUP, user, "/hu 甲 自摸", 600)


STOPPERS = ["nested-5000", "update-id-2**63", "update-id-below-int64", "moved-chat-nested-600"]


@pytest.mark.parametrize("kind", STOPPERS)
async def test_polling_goes_on_past_an_update_that_stopped_it(
    server: FakeBotApiServer, tmp_path: Path, kind: str, caplog: pytest.LogCaptureFixture
) -> None:
    app = build_application(config_for(server, tmp_path), rate_limiter=None)
    await go_live(app, config_for(server, tmp_path))
    try:
        server.push(open_tables(server)[0])
        await until(lambda: len(server.sent) == 1, 30, "table opened")
        with caplog.at_level(logging.INFO):
            first = server.push(hand_update(server, GROUP, 0))
            bad = server.push(stopper(server, kind))
            second = server.push(hand_update(server, GROUP, 1))
            hands = [first, second]
            polls = server.polls
            await until(lambda: {asked(h) for h in hands} <= replied_to(server), 15, "answers")
            await asyncio.sleep(0.3)  # time enough to spin, were it going to
        ledger: Ledger = app.bot_data["services"].db
        counts = [len(await ledger.reports.entries_by_update(GROUP, h["update_id"])) for h in hands]
        assert counts == [1, 1]
        assert server.confirmed > max(h["update_id"] for h in hands)  # the offset moved on
        assert server.polls - polls <= 8
    finally:
        await wind_down(app, None)
    bad_id = bad.update_id if hasattr(bad, "update_id") else bad["update_id"]
    lines = [r.getMessage() for r in noise(caplog)]
    assert [line for line in lines if line.startswith(f"update {bad_id} skipped: ")], lines
    assert len(lines) == 1 and not any(r.exc_info for r in caplog.records), lines


# A lone UTF-16 surrogate (no valid text holds one): the refusal quoting it could not be
# encoded, the failure was taken for the network's and retried for 15 minutes, holding the
# chat's next hand, and again after every start. Now refused at the door in one line.
SURROGATE_LINES = ["/hu \ud800 自摸", "/why \ud800", "胡 \ud800 自摸"]


@pytest.mark.parametrize("line", [*SURROGATE_LINES, "name"], ids=["hu", "why", "plain-hu", "name"])
async def test_a_lone_surrogate_does_not_hold_up_the_chat(
    server: FakeBotApiServer, tmp_path: Path, line: str, caplog: pytest.LogCaptureFixture
) -> None:
    config = config_for(server, tmp_path)
    app = build_application(config)  # with the production rate limiter and its patience
    await go_live(app, config)
    try:
        server.push(open_tables(server)[0])
        await until(lambda: len(server.sent) == 1, 30, "table opened")
        with caplog.at_level(logging.INFO):
            if line == "name":
                bad = hand_update(server, GROUP, 0)
                bad["message"]["from"] = {**USER, "first_name": "甲\udc80"}
            else:
                bad = server.updates.message(GROUP, PLAYERS["甲"], line)
            server.push(bad)
            hand = server.push(hand_update(server, GROUP, 1))
            await until(lambda: asked(hand) in replied_to(server), 10, "the next hand answered")
        ledger: Ledger = app.bot_data["services"].db
        assert len(await ledger.reports.entries_by_update(GROUP, hand["update_id"])) == 1
        assert kept_as_done(tmp_path / "bad.db", bad["update_id"])
    finally:
        await wind_down(app, None)
    lines = [r.getMessage() for r in noise(caplog)]
    assert len(lines) == 1 and lines[0].startswith(f"update {bad['update_id']} skipped: "), lines


async def test_a_group_without_records_that_migrates_gets_no_error(
    server: FakeBotApiServer, tmp_path: Path
) -> None:
    """Nothing to move: nothing said (before, 「❌ 本群还没有记录」 was posted)."""
    app = build_application(config_for(server, tmp_path), rate_limiter=None)
    await go_live(app, config_for(server, tmp_path))
    try:
        server.api.add_chat(OLD_GROUP, "老桌", kind="group")
        server.api.add_chat(NEW_GROUP, "老桌", kind="supergroup")
        moved = server.push(server.updates.migrate(OLD_GROUP, NEW_GROUP, PLAYERS["甲"]))
        hand = server.push(server.updates.message(NEW_GROUP, PLAYERS["甲"], "/hu 甲 自摸"))
        await until(lambda: asked(hand) in replied_to(server), 15, "the next message answered")
        assert server.confirmed > moved["update_id"]
    finally:
        await wind_down(app, None)
    assert [s.text for s in server.sent if "还没有记录" in s.text or "no records" in s.text] == []
    assert app.bot_data["services"].inbox.moves == {OLD_GROUP: NEW_GROUP}


async def test_an_update_the_inbox_cannot_store_is_tried_a_few_times_then_dropped(
    server: FakeBotApiServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The ledger refuses one update (here a trigger; a full disk or a bug would do the same):
    the batch is asked again with PTB's backoff a bounded number of times, then stored update
    by update, the one refused alone dropped in one line; the hands around it are recorded."""
    app = build_application(config_for(server, tmp_path), rate_limiter=None)
    await go_live(app, config_for(server, tmp_path))
    try:
        server.push(open_tables(server)[0])
        await until(lambda: len(server.sent) == 1, 30, "table opened")
        first, refused, second = (hand_update(server, GROUP, n) for n in range(3))
        with contextlib.closing(sqlite3.connect(tmp_path / "bad.db")) as db:
            db.execute(
                "CREATE TRIGGER refuse BEFORE INSERT ON inbox"
                f" WHEN NEW.update_id = {refused['update_id']}"
                " BEGIN SELECT RAISE(ABORT, 'the disk says no'); END"
            )
            db.commit()
        polls = server.polls
        with caplog.at_level(logging.INFO):
            for update in (first, refused, second):
                server.push(update)
            hands = [first, second]
            await until(lambda: {asked(h) for h in hands} <= replied_to(server), 30, "answers")
        ledger: Ledger = app.bot_data["services"].db
        counts = [len(await ledger.reports.entries_by_update(GROUP, h["update_id"])) for h in hands]
        assert counts == [1, 1]
        assert await ledger.reports.entries_by_update(GROUP, refused["update_id"]) == []
        assert server.confirmed > second["update_id"]
        assert server.polls - polls <= 8  # backed off, never spun
    finally:
        await wind_down(app, None)
    lines = [r.getMessage() for r in noise(caplog)]
    tries = [line for line in lines if "getUpdates failed" in line or "not stored" in line]
    dropped = [line for line in lines if line.startswith(f"update {refused['update_id']} dropped")]
    assert len(tries) == 3 and len(dropped) == 1, lines
    assert not any(r.exc_info for r in caplog.records)
