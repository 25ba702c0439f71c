"""No update can stop the bot (issue 28, item 5): updates of the Bot API's shapes with a field
broken every way JSON allows (a wrong type, missing, huge, nested deep, text that is not
valid Unicode), interleaved with valid hands, through polling, the webhook and the replay
at start. Every valid hand is recorded once and answered within seconds, nothing raises a
traceback, and the log stays a line or two per broken update.

The default run is quick (a few dozen examples); ``-m slow`` runs more, and the soak: 10,000
mixed updates, a tenth of them broken, through ``python -m bot`` against the fake Bot API.
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import json
import logging
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from bot_process import (
    GROUPS,
    PLAYERS,
    BotProcess,
    asked,
    entries_per_update,
    open_tables,
    populated_server,
    replied_to,
    until,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.app import build_application
from bot.config import Config
from bot.console.local_api import RawUpdate, nested
from bot.context import services_of
from bot.launch.runner import go_live, wind_down
from bot.launch.web_lifecycle import webhook_receiver
from bot.transport.web_server import WebServer
from bot.transport.webhook import SECRET_HEADER
from bot.webapp.server import Webhook, build
from rigs.fake_server import TOKEN, FakeBotApiServer
from rigs.webapp import free_port
from storage import InboxItem, Ledger

GROUP = GROUPS[0]
SECRET = "s3cret_token"
USER = PLAYERS["甲"]
# How long to wait for answers before calling it a hang: a guard, not a speed bound (how fast the
# bot answers is benchmarks/bot.py's to measure; a wall-time bound here fails under load).
HANG_SECONDS = 120.0
QUICK = int(os.environ.get("MAHJONG_CARRIER_EXAMPLES", "12"))


# --- the updates: the Bot API's shapes the bot takes, and every way to break one field ------

DEEP = "\x00deep\x00"  # stands for a value nested too deep to build as Python objects


def shapes(server: FakeBotApiServer) -> list[dict[str, Any]]:
    """One update of each kind the bot answers, in GROUP: a command with its entity, a reply
    with a mention, a plain 胡 line, an edit, a press, the bot added to the chat."""
    make = server.updates
    hand = make.message(GROUP, USER, "/hu 甲 自摸")
    reply = make.message(GROUP, USER, "/score", reply_to=hand["message"]["message_id"])
    reply["message"]["entities"] = [
        *reply["message"].get("entities", []),
        {"type": "text_mention", "offset": 0, "length": 1, "user": server.api.users[USER]},
    ]
    press = make.press(GROUP, USER, hand["message"]["message_id"], "hist:1")
    return [
        hand,
        reply,
        make.message(GROUP, USER, "胡 乙 点炮 丙"),
        make.edit(GROUP, hand["message"]["message_id"], "/hu 甲 自摸 爆头"),
        press,
        make.bot_status(GROUP, USER, "left", "member"),
    ]


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every field of the update (nested ones too), but its id."""
    if isinstance(value, dict):
        items: Any = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return
    for key, item in items:
        if prefix == () and key == "update_id":
            continue
        yield (*prefix, key)
        yield from paths(item, (*prefix, key))


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=6),
)
BREAKAGES = st.one_of(
    st.tuples(st.just("wrong type"), SCALARS | st.lists(SCALARS, max_size=3)),
    st.tuples(st.just("wrong type"), st.dictionaries(st.text(max_size=4), SCALARS, max_size=2)),
    st.tuples(st.just("missing"), st.none()),
    st.tuples(st.just("huge"), st.sampled_from(["text", "int", "list"])),
    st.tuples(st.just("deep"), st.sampled_from([60, 700, 5_000])),
    st.tuples(st.just("invalid text"), st.sampled_from(["\ud800", "\udfff", "甲\udc80"])),
)


def broken(update: dict[str, Any], path: tuple[Any, ...], breakage: tuple[str, Any]) -> Any:
    """The update with the field at ``path`` broken; a RawUpdate when it nests deep (JSON
    text: Python's writer stops at about a thousand levels)."""
    update = copy.deepcopy(update)
    *parents, last = path
    node = update
    for key in parents:
        node = node[key]
    kind, value = breakage
    if kind == "missing":
        del node[last]
        return update
    if kind == "huge":
        value = {"text": "麻" * 300_000, "int": 2**64 + 7, "list": [0] * 100_000}[value]
    elif kind == "invalid text":
        value = value if not isinstance(node[last], str) else node[last] + value
    elif kind == "deep":
        node[last] = DEEP
        text = json.dumps(update).replace(json.dumps(DEEP), nested(value), 1)
        return RawUpdate(update["update_id"], text)
    node[last] = value
    return update


def update_id(update: Any) -> int:
    return update.update_id if isinstance(update, RawUpdate) else int(update["update_id"])


def as_bytes(update: Any) -> bytes:
    text = update.text if isinstance(update, RawUpdate) else json.dumps(update)
    return text.encode("utf-8", "surrogatepass")


def with_new_ids(server: FakeBotApiServer, update: dict[str, Any]) -> dict[str, Any]:
    """A copy of a shape with an id of its own (and its message one of its own)."""
    update = copy.deepcopy(update)
    update["update_id"] = next(server.api.update_ids)
    if "message" in update:
        update["message"]["message_id"] = next(server.api.message_ids)
    return update


# --- one bot for many examples: polling and the webhook into one application ------------------


class Live:
    """The bot polling the fake Bot API, and its webhook route served on a port of its own."""

    def __init__(self, server: FakeBotApiServer, app: Any, web: WebServer, port: int) -> None:
        self.server, self.app, self.web, self.port = server, app, web, port
        self.hands = itertools.count()

    @property
    def ledger(self) -> Ledger:
        return services_of(self.app).ledger

    def hand(self) -> dict[str, Any]:
        lines = ("/hu 甲 自摸", "/hu 乙 点炮 丙", "胡 丙 自摸", "/hu 丁 点炮 甲")
        return self.server.updates.message(GROUP, USER, lines[next(self.hands) % len(lines)])

    async def post(self, client: httpx.AsyncClient, update: Any) -> int:
        answer = await client.post(
            f"http://127.0.0.1:{self.port}/tg/hook",
            content=as_bytes(update),
            headers={SECRET_HEADER: SECRET, "Content-Type": "application/json"},
        )
        return answer.status_code


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[asyncio.Runner, Live]]:
    folder = tmp_path_factory.mktemp("carrier")
    with asyncio.Runner() as runner:
        served = populated_server()
        server = runner.run(served.__aenter__())
        config = Config(
            token=TOKEN, database_path=str(folder / "carrier.db"), api_base_url=server.base_url
        )
        app = build_application(config, rate_limiter=None)
        runner.run(go_live(app, config))
        port = free_port()
        web = WebServer(build(webhook=Webhook("tg/hook", webhook_receiver(app), SECRET)), port)
        runner.run(web.start())
        server.push(open_tables(server)[0])
        runner.run(until(lambda: len(server.sent) >= 1, 30, "table opened"))
        try:
            yield runner, Live(server, app, web, port)
        finally:
            runner.run(web.close())
            runner.run(wind_down(app, None))
            runner.run(served.__aexit__(None, None, None))


class Lines(logging.Handler):
    """What the bot logs at WARNING and above, and whether any of it carries a traceback."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def breaking(draw: Any, server: FakeBotApiServer) -> Any:
    shape = draw(st.sampled_from(shapes(server)))
    shape = with_new_ids(server, shape)
    path = draw(st.sampled_from(sorted(paths(shape), key=repr)))
    return broken(shape, path, draw(BREAKAGES))


async def through(live: Live, channel: str, updates: list[Any]) -> None:
    if channel == "polling":
        for update in updates:
            live.server.push(update)
        return
    async with httpx.AsyncClient(timeout=30) as client:
        for update in updates:
            status = await live.post(client, update)
            assert status in (200, 400, 413), status  # too deep to read, over 1 MB; never 500


async def check_mixed(live: Live, channel: str, draw: Any, count: int) -> None:
    """``count`` broken updates with a valid hand before, between and after them."""
    bad = [breaking(draw, live.server) for _ in range(count)]
    hands = [live.hand() for _ in range(count + 1)]
    mixed = [hands[0]]
    for update, hand in zip(bad, hands[1:], strict=True):
        mixed += [update, hand]
    lines = Lines()
    logging.getLogger().addHandler(lines)
    try:
        await through(live, channel, mixed)
        await until(
            lambda: {asked(h) for h in hands} <= replied_to(live.server),
            HANG_SECONDS,
            "every hand answered",
        )
    finally:
        logging.getLogger().removeHandler(lines)
    recorded = [
        len(await live.ledger.reports.entries_by_update(GROUP, h["update_id"])) for h in hands
    ]
    assert recorded == [1] * len(hands), recorded
    assert not [r.getMessage()[:300] for r in lines.records if r.exc_info]
    assert len(lines.records) <= 2 * count + 2, [r.getMessage()[:200] for r in lines.records]


@settings(
    max_examples=QUICK,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), channel=st.sampled_from(["polling", "webhook"]), count=st.integers(1, 4))
def test_broken_updates_among_hands_cost_only_themselves(
    live: tuple[asyncio.Runner, Live], data: st.DataObject, channel: str, count: int
) -> None:
    runner, bot = live
    runner.run(check_mixed(bot, channel, data.draw, count))


@pytest.mark.slow
@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), channel=st.sampled_from(["polling", "webhook"]), count=st.integers(1, 12))
def test_many_broken_updates_among_hands_cost_only_themselves(
    live: tuple[asyncio.Runner, Live], data: st.DataObject, channel: str, count: int
) -> None:
    runner, bot = live
    runner.run(check_mixed(bot, channel, data.draw, count))


# --- the replay at start: what the last run left undone, broken or not ----------------------


async def check_replay(folder: Path, draw: Any, count: int) -> None:
    async with populated_server() as server:
        config = Config(
            token=TOKEN, database_path=str(folder / "replay.db"), api_base_url=server.base_url
        )
        table = open_tables(server)[0]
        bad = [breaking(draw, server) for _ in range(count)]
        hands = [server.updates.message(GROUP, USER, "/hu 甲 自摸") for _ in range(2)]
        kept = [table, hands[0], *bad, hands[1]]
        async with await Ledger.open(config.database_path) as ledger:
            items = [
                InboxItem(update_id(u), GROUP, as_bytes(u).decode("utf-8", "surrogatepass"))
                for u in kept
            ]
            await ledger.inbox.store(items)
        app = build_application(config, rate_limiter=None)
        lines = Lines()
        logging.getLogger().addHandler(lines)
        try:
            await go_live(app, config)
            await until(
                lambda: {asked(h) for h in hands} <= replied_to(server),
                HANG_SECONDS,
                "the replayed hands answered",
            )
            ledger = services_of(app).ledger
            recorded = [
                len(await ledger.reports.entries_by_update(GROUP, h["update_id"])) for h in hands
            ]
            assert recorded == [1, 1]
        finally:
            logging.getLogger().removeHandler(lines)
            await wind_down(app, None)
        assert not [r.getMessage()[:300] for r in lines.records if r.exc_info]
        assert len(lines.records) <= 2 * count + 2, [r.getMessage()[:200] for r in lines.records]


@settings(max_examples=max(3, QUICK // 4), deadline=None)
@given(data=st.data(), count=st.integers(1, 4))
def test_the_replay_at_start_skips_broken_updates(
    tmp_path_factory: pytest.TempPathFactory, data: st.DataObject, count: int
) -> None:
    folder = tmp_path_factory.mktemp("replay")
    asyncio.run(check_replay(folder, data.draw, count))


# --- the soak: the real process, 10,000 updates, a tenth of them broken ----------------------

SOAK_UPDATES = int(os.environ.get("MAHJONG_CARRIER_SOAK", "10000"))
SOAK_LINES = ("/hu 甲 自摸", "/hu 乙 点炮 丙", "胡 丙 自摸", "/hu 丁 点炮 甲")
# Telegram lets a bot post 20 messages a minute in a group (PTB's limiter keeps to it, 20 at
# once then one every 3 s) and 30 a second in all: the hands are spread over enough groups
# that each group's answers fit its first 20; the rest of the valid updates are chatter, kept
# in the inbox and answered by nobody.
SOAK_GROUPS = tuple(range(-9001, -9001 - 100, -1))
SOAK_HANDS_PER_GROUP = 19
SOAK_CHATTER = ("今晚打不打", "等我十分钟", "哈哈", "/start@other_bot", "👍")


def soak_broken(server: FakeBotApiServer, number: int) -> Any:
    """The tenth that is broken, in turn every shape the issue names (none with an id past
    Telegram's: those only grow, and one past 2**63 would make Telegram drop what follows)."""
    group = SOAK_GROUPS[number % len(SOAK_GROUPS)]
    user = PLAYERS["甲"]
    kind = number % 8
    if kind == 0:
        return server.updates.deep_message(group, user, "/hu 甲 自摸", 5_000)
    if kind == 1:
        return server.updates.deep_message(group, user, "/hu 甲 自摸", 600)
    update = server.updates.message(group, user, "/hu 甲 自摸")
    message = update["message"]
    if kind == 2:
        message["date"] = "昨天"
    elif kind == 3:
        message["text"] = "/hu \ud800 自摸"
    elif kind == 4:
        message["from"] = {**message["from"], "first_name": ""}
    elif kind == 5:
        message["from"] = {**message["from"], "id": 2**64}
    elif kind == 6:
        message["entities"] = [{"type": "bot_command", "offset": "0", "length": 3}]
    else:
        query = {"id": "x", "from": message["from"], "chat_instance": "1", "message": message}
        return {"update_id": update["update_id"], "callback_query": query}
    return update


def soak_updates(server: FakeBotApiServer) -> tuple[list[Any], list[dict[str, Any]], int]:
    """(every update in the order sent, the valid hands among them, how many are broken)."""
    hands_left = {group: SOAK_HANDS_PER_GROUP for group in SOAK_GROUPS}
    updates: list[Any] = []
    hands: list[dict[str, Any]] = []
    broken_count = 0
    for number in range(SOAK_UPDATES):
        group = SOAK_GROUPS[number % len(SOAK_GROUPS)]
        turn = number // len(SOAK_GROUPS)  # the group's own count
        if (turn + number) % 10 == 9:
            updates.append(soak_broken(server, number))
            broken_count += 1
        elif hands_left[group] and turn % 4 == 0:
            hands_left[group] -= 1
            line = SOAK_LINES[hands_left[group] % len(SOAK_LINES)]
            hands.append(server.updates.message(group, PLAYERS["甲"], line))
            updates.append(hands[-1])
        else:
            line = SOAK_CHATTER[number % len(SOAK_CHATTER)]
            updates.append(server.updates.message(group, PLAYERS["乙"], line))
    return updates, hands, broken_count


@pytest.mark.slow
async def test_a_soak_of_mixed_updates_through_the_bot_process(tmp_path: Path) -> None:
    """Every valid hand recorded once, every broken update a line of the log at most."""
    async with populated_server() as server:
        for group in SOAK_GROUPS:
            server.api.add_chat(group, f"桌 {group}", kind="supergroup")
            server.api.set_status(group, PLAYERS["甲"], "creator")
        bot = BotProcess(server, tmp_path)
        try:
            await bot.start()
            for group in SOAK_GROUPS:
                server.push(server.updates.message(group, PLAYERS["甲"], "/new 杭州 1 甲 乙 丙 丁"))
            await until(lambda: len(server.sent) >= len(SOAK_GROUPS), 120, "tables opened")
            logged = bot.log.stat().st_size
            updates, hands, broken_count = soak_updates(server)
            began = time.monotonic()
            for update in updates:
                server.push(update)
            await until(
                lambda: {asked(h) for h in hands} <= replied_to(server), 600, "every hand answered"
            )
            last = update_id(updates[-1])
            await until(lambda: server.confirmed > last, 60, "every update taken")
            seconds = time.monotonic() - began
            await bot.stop()
        finally:
            await bot.ensure_stopped()
        log = bot.log.read_bytes()[logged:].decode(errors="replace")
        print(
            f"\n{len(updates)} updates ({len(hands)} hands, {broken_count} broken): all taken"
            f" in {seconds:.1f} s, log {len(log.splitlines())} lines, {len(log)} bytes"
        )
        counts = await entries_per_update(bot.database, hands)
        assert counts == [1] * len(hands), [h for h, c in zip(hands, counts, strict=True) if c != 1]
        assert "Traceback" not in log, log[:3000]
        skipped = [line for line in log.splitlines() if " skipped: " in line]
        assert len(skipped) == broken_count  # each broken one logged once, with its id
        assert len(log.splitlines()) <= broken_count + 20, log[-3000:]
        assert len(log) < 300 * broken_count + 5000
