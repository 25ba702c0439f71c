"""The corpus of lines as players type them (tests/bot/typed_lines.tsv), run through the whole
bot over the Bot API emulator: each line is sent by a seated player (大刘 / Dan, a chat admin)
at a table of its ruleset, and what the bot did is compared with what the corpus expects.

Shared by tests/bot/test_typed_corpus.py (each line a test) and
``python -m benchmarks.typed_misses`` (every miss printed, so the grammar can grow).
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from bot.app import build_application
from bot.config import Config
from bot.console import ConsoleRequest
from bot.console.local_api import LocalBotApi, UpdateMaker
from rigs.emulated_bot import EmulatedBot

CORPUS: Final = Path(__file__).resolve().parent.parent / "tests" / "bot" / "typed_lines.tsv"
CREATOR: Final = 101  # opens every table
SPEAKER: Final = {"zh": (124, "大刘"), "en": (134, "Dan")}  # types every line, seated North


@dataclass(frozen=True)
class Table:
    chat_id: int
    lang: str
    opening: str  # /new … for the three guests; the speaker then /join s as North


TABLES: Final[dict[str, Table]] = {
    "杭州": Table(-2001, "zh", "/new 杭州 1 老王 小李 阿明"),
    "强盗胡": Table(-2002, "zh", "/new 强盗胡 1 阿华 小芳 老陈"),
    "硬飘花": Table(-2003, "zh", "/new 硬飘花 1 阿华 小芳 老陈"),
    "软飘花": Table(-2004, "zh", "/new 软飘花 1 阿华 小芳 老陈"),
    "双辣": Table(-2005, "zh", "/new 双辣 1 阿华 小芳 老陈"),
    "hangzhou-en": Table(-2006, "en", "/new hangzhou 1 Tom Amy Bob"),
    "qiangdao-en": Table(-2007, "en", "/new 强盗胡 1 Tom Amy Bob"),
}


@dataclass(frozen=True)
class Case:
    table: str
    line: str
    expected: str  # see the corpus's header

    @property
    def id(self) -> str:
        return f"{self.table}:{self.line}"


def load(path: Path = CORPUS) -> list[Case]:
    cases: list[Case] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        table, line, expected = raw.split("\t")
        if table not in TABLES:
            raise ValueError(f"unknown table {table!r} in {raw!r}")
        cases.append(Case(table, line, expected))
    return cases


_DELTA: Final = re.compile(r"^(?P<name>.+?)(?P<points>[+-]\d+)$")


def points_of(text: str) -> dict[str, int]:
    """'老王+48 小李-16' → {'老王': 48, '小李': -16}."""
    found: dict[str, int] = {}
    for word in text.split():
        match = _DELTA.match(word)
        if match is None:
            raise ValueError(f"not a player's points: {word!r}")
        found[match["name"]] = int(match["points"])
    return found


@asynccontextmanager
async def corpus_bot(database: Path) -> AsyncIterator[EmulatedBot]:
    """The bot over the emulator with every corpus table open and its speaker seated."""
    api = LocalBotApi()
    api.add_user(CREATOR, "开桌的")
    for user_id, name in SPEAKER.values():
        api.add_user(user_id, name)
    app = build_application(
        Config(token="123:TEST", database_path=str(database)),
        request=ConsoleRequest(api),
        rate_limiter=None,
    )
    await app.initialize()
    assert app.post_init is not None and app.post_shutdown is not None
    await app.post_init(app)
    bot = EmulatedBot(app, api, UpdateMaker(api))
    try:
        for name, table in TABLES.items():
            api.add_chat(table.chat_id, name, kind="supergroup")
            api.set_status(table.chat_id, CREATOR, "creator")
            speaker, _ = SPEAKER[table.lang]
            api.set_status(table.chat_id, speaker, "administrator")
            if table.lang == "en":
                await bot.feed(bot.make.message(table.chat_id, CREATOR, "/lang en"))
            await bot.feed(bot.make.message(table.chat_id, CREATOR, table.opening))
            await bot.feed(bot.make.message(table.chat_id, speaker, "/join"))
        yield bot
    finally:
        await app.post_shutdown(app)
        await app.shutdown()


async def miss(bot: EmulatedBot, case: Case) -> str | None:
    """What the bot did wrong with the case's line (None: as the corpus expects)."""
    table = TABLES[case.table]
    speaker, _ = SPEAKER[table.lang]
    update = bot.make.message(table.chat_id, speaker, case.line)
    sent = await bot.feed(update)
    texts = [s.text for s in sent if s.text]
    recorded = await _points(bot, table.chat_id, update["message"]["message_id"])
    expected = case.expected
    if expected == "-":
        return None if not sent and not recorded else f"answered chatter: {texts}"
    if expected.startswith("❌"):
        wanted = expected.removeprefix("❌")
        if recorded:
            return f"recorded {recorded}, expected a refusal"
        refusals = [text for text in texts if text.startswith("❌") and wanted in text]
        buttons = [s for s in sent if s.buttons]
        return None if refusals and not buttons else f"expected ❌ naming {wanted!r}: {texts}"
    if expected.startswith("💰"):
        wanted = expected.removeprefix("💰")
        money = await bot.ledger.reports.entries_by_message(
            table.chat_id, update["message"]["message_id"]
        )
        said = any(wanted in text for text in texts)
        return None if money and said else f"expected money {wanted!r}: {texts}"
    if expected.startswith("✅"):
        reading, _, points = expected.removeprefix("✅").partition(" => ")
        if recorded:
            return f"recorded {recorded} at once, expected the reading {reading!r}"
        offers = [s for s in sent if s.buttons and reading in (s.text or "").splitlines()]
        if len(offers) != 1:
            return f"expected ONE reading {reading!r}: {texts}"
        [offer] = offers
        assert offer.message_id is not None
        _, data = offer.buttons[0]
        await bot.feed(bot.make.press(table.chat_id, speaker, offer.message_id, data))
        pressed = await _points(bot, table.chat_id, offer.message_id)
        want = points_of(points)
        return None if pressed == want else f"✅ recorded {pressed}, expected {want}"
    want = points_of(expected)
    if recorded == want:
        return None
    return f"recorded {recorded or 'nothing'}, expected {want}; the bot said {texts}"


async def _points(bot: EmulatedBot, chat_id: int, message_id: int) -> dict[str, int]:
    """The points of the hands a message recorded, by player name (zeros left out)."""
    entries = await bot.ledger.reports.entries_by_message(chat_id, message_id)
    names = {player.id: player.name for player in await bot.ledger.players.all(chat_id)}
    total: dict[str, int] = {}
    for entry in entries:
        if entry.kind != "win":
            continue
        for player, points in entry.postings.items():
            total[names[player]] = total.get(names[player], 0) + points
    return {name: points for name, points in total.items() if points}
