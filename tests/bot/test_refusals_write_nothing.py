"""A refused command writes nothing: every table of the ledger, read row by row through
sqlite, is the same before and after each refusal of a generated corpus of refused lines
(bad tiles, unknown words, bad names, bad amounts, unknown players, wrong permissions, /new
with a session open, commands that need a session without one), sent through the real
Application to a group that has played a hand; then lines drawn from the fuzz's vocabulary,
each one the bot refuses held to the same.

The one table left out is ``inbox``: the durable inbox keeps every raw update Telegram hands
over (and marks it done), refused or not, so that an update survives a crash; it is the
bot's receiving bookkeeping, not the ledger. Nothing else is excluded.

The senders are the group's players, who have all spoken before; then every line of both
corpora again, each from a stranger the bot has never seen: a refusal records nobody, not
even its sender (a member is recorded by the first command of theirs that writes); and
each from its own sender after they changed their Telegram name: a refusal renames nobody
(the new name is recorded by the first command of theirs that writes).

The identity commands' refusals (``IDENTITY_REFUSALS``: a claim that would seat two of one
name, undos of undos and of what is undone, merges of two who sat together or of one
record with itself, a rename to a name taken) are replayed from each kind of sender the
bot meets (``SENDERS``): a stranger, a stranger who is a chat admin, a member and an admin
who changed their Telegram names. The ledger records a sender inside the write that needs
them, in its one transaction, so a refusal cannot record them first.
"""

from __future__ import annotations

import asyncio
import itertools
import sqlite3
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.console.local_api import Sent
from tests.bot.conftest import GROUP, PLAYERS, Harness, module_bot
from tests.bot.test_fuzz import COMMANDS, WORDS

# The one table a refused update still changes, and why: see the module's docstring.
RECEIVING_BOOKKEEPING = "inbox"

LONG_NAME = "长" * 65
BAD_TILES = ("12m", "19x", "123m456m789m123p白白白白白", "1m1m1m1m1m", "+5m", "11z9 自摸")
UNKNOWN_WORDS = ("飞机", "大炮", "xyz", "摸鱼")  # 自摸了 is read now: 自摸 (了 is said)
UNKNOWN_PLAYERS = ("庚", "@nobody", "#99")
BAD_AMOUNTS = ("abc", "-5", "0", "九", "NaN", "1e3", "2**64")
NEW_WITH_PLAYERS = ("杭州 1 K L M O", "杭州 1 甲 乙 丙 丁", "湖州 2 Q R", "杭州 1 K L 戊")
BAD_NEW = (
    "火星 1 A B C D", "杭州 0 A B C D", "杭州 -1 A B C D", "杭州 1 A B C D E",
    "杭州 1 自摸 B C D", f"杭州 1 {LONG_NAME} B C D", "杭州 1 K K L M",
)  # fmt: skip
BAD_SEATING = (
    "/seat 自摸 北", f"/seat {LONG_NAME} 北", "/seat @ 北", "/join 庚", "/join 自摸",
    "/dealer 庚", "/seat 甲",
)  # fmt: skip
WRONG_ADDRESS = (
    "/rename 甲 乙", "/rename 庚 Q", "/iam 甲", "/undo P99", "/undo 99", "/why 99",
    "/top 庚", "/lang xx", "/settings 图片 xx", "/stats 3000", "/pay 甲 甲 5",
)  # fmt: skip
# What a member who is neither the session's opener nor an admin may not do (戊).
NOT_ALLOWED = (
    "/seat 甲 北", "/dealer 乙", "/fee 10", "/stake 1", "/penalty 甲 5", "/pay 甲 乙 5",
    "/merge 甲 乙", "/backup", "/settle", "/rename 甲 Q", "/season 秋季赛", "/undo",
)  # fmt: skip
# Refused for a stranger's first message too (with the corpora): what needs a permission
# they lack, and lines only a stranger is refused for.
STRANGER_NOT_ALLOWED = (
    "/seat 甲 北", "/dealer 乙", "/fee 10", "/stake 1", "/penalty 甲 5", "/pay 甲 乙 5",
    "/backup", "/settle", "/season 秋季赛", "/season 结束", "/new 杭州 1 K L M O",
    "/hu 我 自摸", "/kong 甲 飞机", "/draw 甲", "/iam", "/merge 甲", "/rename 甲",
)  # fmt: skip
# What a chat admin seen for the first time may do, refused past the permission check.
ADMIN_STRANGER = (
    "/rename 甲 Q", "/rename 庚 Q", "/merge 甲 庚", "/season 本月", "/season 甲",
    "/seat 自摸 北", "/seat 庚", "/stake abc", "/penalty 庚 5", "/undo 99", "/undo P99",
    "/dealer 庚", "/new 杭州 1 K L M O", "/new 杭州 1 我 我 L M",
)  # fmt: skip
# Commands that need an open session, sent after /settle closed it.
NEED_A_SESSION = (
    "/settle", "/hu 甲 自摸", "/kong 甲 暗杠", "/undo", "/stake 1", "/fee 10", "/penalty 甲 5",
    "/pay 甲 乙 5", "/join", "/join 庚", "/seat 甲 北", "/seat 庚 北", "/dealer 乙",
)  # fmt: skip


def _with_open_session() -> Iterator[tuple[str, str]]:
    """(sender, line) pairs refused while 甲's session is open."""
    for tiles in BAD_TILES:
        yield "甲", f"/hu 甲 {tiles}"
    for word, who in itertools.product(UNKNOWN_WORDS, ("/hu 甲 自摸", "/hu 乙 点炮 丙")):
        yield "乙", f"{who} {word}"
    for name in UNKNOWN_PLAYERS:
        for template in (
            "/hu {} 自摸", "/hu 甲 点炮 {}", "/kong {} 明杠 丙", "/kong 甲 明杠 {}",
            "/penalty {} 5", "/pay 甲 {} 5", "/pay {} 乙 5",
        ):  # fmt: skip
            yield "甲", template.format(name)
    for amount in BAD_AMOUNTS:
        for template in ("/stake {}", "/fee {}", "/penalty 甲 {}", "/pay 甲 乙 {}"):
            yield "丁", template.format(amount)
    for words in (*NEW_WITH_PLAYERS, *BAD_NEW):
        yield "甲", f"/new {words}"
    for line in (*BAD_SEATING, *WRONG_ADDRESS):
        yield "甲", line
    for line in NOT_ALLOWED:
        yield "戊", line


def _without_session() -> Iterator[tuple[str, str]]:
    for line in NEED_A_SESSION:
        yield "甲", line
    for words in BAD_NEW:
        yield "甲", f"/new {words}"


def ledger_tables(database: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table but the inbox, read by sqlite itself (not the bot's code)."""
    with sqlite3.connect(f"{database.resolve().as_uri()}?mode=ro", uri=True) as db:
        names = [
            name
            for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if name != RECEIVING_BOOKKEEPING
        ]
        return {name: sorted(db.execute(f'SELECT * FROM "{name}"'), key=repr) for name in names}


def _refused(sent: list[Sent]) -> bool:
    return bool(sent) and all(s.text.startswith("❌") for s in sent if s.method == "sendMessage")


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[asyncio.Runner, Harness]]:
    """A group that played a hand with a stake; every player has spoken; 戊 sits out."""
    yield from _played(tmp_path_factory, "refusals")


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[asyncio.Runner, Harness]]:
    """The same group for the drawn lines alone: those the bot accepts change the table (a
    /settle closes it), which the tables of refusals above must never meet."""
    yield from _played(tmp_path_factory, "fuzzed")


def _played(
    tmp_path_factory: pytest.TempPathFactory, name: str
) -> Iterator[tuple[asyncio.Runner, Harness]]:
    with module_bot(tmp_path_factory, name) as (runner, harness):

        async def play() -> None:
            await harness.open_table("/new 杭州 1 甲 乙 丙 丁 每分0.5元")
            for name in PLAYERS:
                await harness.say(name, "/join")  # a member speaks: recorded (丁 seated)
            await harness.say("乙", "/hu 甲 自摸 爆头")

        runner.run(play())
        yield runner, harness


def _check(
    runner: asyncio.Runner, harness: Harness, who: str | None, line: str, admin: bool = False
) -> None:
    """``who`` None: a stranger the bot has never seen sends the line (a chat admin with
    ``admin``)."""
    database = Path(harness.app.bot_data["services"].config.database_path)
    before = ledger_tables(database)
    sent = runner.run(_say(harness, who, line, admin))
    assert _refused(sent), [s.text for s in sent]
    after = ledger_tables(database)
    changed = {table for table in before if before[table] != after.get(table)}
    assert not changed, {table: after[table] for table in changed}


@pytest.mark.parametrize(("who", "line"), list(_with_open_session()), ids=lambda v: v)
def test_a_refusal_with_a_session_open_writes_nothing(
    played: tuple[asyncio.Runner, Harness], who: str, line: str
) -> None:
    _check(*played, who, line)


def test_a_refused_new_adds_no_player_that_rename_could_find(
    played: tuple[asyncio.Runner, Harness],
) -> None:
    runner, harness = played
    runner.run(harness.say("甲", "/new 杭州 1 K L M O"))
    [sent] = runner.run(harness.say("甲", "/rename K Q"))
    assert sent.text.startswith("❌") and "K" in sent.text


def _say(
    harness: Harness, who: str | None, line: str, admin: bool
) -> Coroutine[Any, Any, list[Sent]]:
    if who is not None:
        return harness.say(who, line)
    stranger = 900 + len(harness.api.sent)  # a new Telegram user for every line
    harness.api.add_user(stranger, f"路人{stranger}")
    if admin:
        harness.api.set_status(GROUP, stranger, "administrator")
    return harness.feed(harness.make.message(GROUP, stranger, line))


@pytest.mark.parametrize(
    "line", sorted({line for _, line in _with_open_session()} | set(STRANGER_NOT_ALLOWED))
)
def test_a_strangers_refusal_with_a_session_open_writes_nothing(
    played: tuple[asyncio.Runner, Harness], line: str
) -> None:
    _check(*played, None, line)


@pytest.mark.parametrize("line", ADMIN_STRANGER)
def test_an_admins_first_refused_command_writes_nothing(
    played: tuple[asyncio.Runner, Harness], line: str
) -> None:
    _check(*played, None, line, admin=True)


@pytest.fixture(scope="module")
def closed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[asyncio.Runner, Harness]]:
    """The same group after /settle closed its session."""
    with module_bot(tmp_path_factory, "refusals-closed") as (runner, harness):

        async def play() -> None:
            await harness.open_table()
            for name in PLAYERS:
                await harness.say(name, "/join")
            await harness.say("乙", "/hu 甲 自摸 爆头")
            await harness.say("甲", "/settle")

        runner.run(play())
        yield runner, harness


@pytest.mark.parametrize(("who", "line"), list(_without_session()), ids=lambda v: v)
def test_a_refusal_without_a_session_writes_nothing(
    closed: tuple[asyncio.Runner, Harness], who: str, line: str
) -> None:
    _check(*closed, who, line)


@pytest.mark.parametrize("line", sorted({line for _, line in _without_session()}))
def test_a_strangers_refusal_without_a_session_writes_nothing(
    closed: tuple[asyncio.Runner, Harness], line: str
) -> None:
    _check(*closed, None, line)


_typed = st.builds(
    lambda command, words: " ".join([command, *words]),
    st.sampled_from(COMMANDS),
    st.lists(st.sampled_from(WORDS), max_size=6),
)


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(who=st.sampled_from(sorted(PLAYERS)), line=_typed)
def test_whatever_the_bot_refuses_writes_nothing(
    fuzzed: tuple[asyncio.Runner, Harness], who: str, line: str
) -> None:
    """Lines drawn from the fuzz's vocabulary (some accepted, and they change the table the
    next ones meet): each one the bot refuses leaves every table as it was."""
    runner, harness = fuzzed
    database = Path(harness.app.bot_data["services"].config.database_path)
    before = ledger_tables(database)
    sent = runner.run(harness.say(who, line))
    if _refused(sent):
        after = ledger_tables(database)
        assert {t: after[t] for t in before if before[t] != after.get(t)} == {}, line


def _renamed_check(runner: asyncio.Runner, harness: Harness, who: str, line: str) -> None:
    """``who`` sends the line under a Telegram name the ledger has not seen (and gets their
    own name back afterwards, so the module's later lines find them as before)."""
    user_id = PLAYERS[who]
    harness.api.add_user(user_id, f"{who}改名{len(harness.api.sent)}")
    try:
        _check(runner, harness, who, line)
    finally:
        harness.api.add_user(user_id, who)


@pytest.mark.parametrize(("who", "line"), list(_with_open_session()), ids=lambda v: v)
def test_a_renamed_members_refusal_with_a_session_open_writes_nothing(
    played: tuple[asyncio.Runner, Harness], who: str, line: str
) -> None:
    _renamed_check(*played, who, line)


@pytest.mark.parametrize(("who", "line"), list(_without_session()), ids=lambda v: v)
def test_a_renamed_members_refusal_without_a_session_writes_nothing(
    closed: tuple[asyncio.Runner, Harness], who: str, line: str
) -> None:
    _renamed_check(*closed, who, line)


# Who sends an identity refusal: (kind, the member the line comes from, or None for a new
# Telegram user; whether that new user is a chat admin). 戊 is the author of P1 and P2.
SENDERS = (
    ("stranger", None, False),
    ("stranger-admin", None, True),
    ("renamed-member", "戊", False),
    ("renamed-admin", "丁", False),
)
# Each identity refusal, and the Telegram name its sender has (None: a name of their own).
IDENTITY_REFUSALS = (
    ("/iam 小李", "丙"),  # the claimer's name is seated already: two 丙 at one table
    ("/undo P2", None),  # P2 is an undo
    ("/undo P1", None),  # undone by P2
    ("/merge 小王 丙", None),  # they sat at one table
    ("/merge 乙 乙", None),  # one record
    ("/rename 小王 丙", None),  # a name taken
    ("/rename 小王 乙", None),
)


@pytest.fixture(scope="module")
def claimed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[asyncio.Runner, Harness]]:
    """甲 小王 丙 小李 at the table after a hand (小王 and 丙 sat together); 戊 claimed the
    guest 阿张 (P1) and took it back (P2)."""
    with module_bot(tmp_path_factory, "identity-refusals") as (runner, harness):

        async def play() -> None:
            for name, user_id in PLAYERS.items():  # members the chat has seen
                await harness.ledger.players.upsert_user(GROUP, user_id, name)
            await harness.ledger.players.add_guest(GROUP, "阿张")
            await harness.open_table("/new 杭州 1 甲 小王 丙 小李")
            await harness.say("甲", "/hu 小王 自摸")
            for line in ("/iam 阿张", "/undo P1"):
                sent = await harness.say("戊", line)
                assert not sent[-1].text.startswith("❌"), sent[-1].text

        runner.run(play())
        yield runner, harness


@pytest.mark.parametrize(("kind", "member", "admin"), SENDERS, ids=[s[0] for s in SENDERS])
@pytest.mark.parametrize(("line", "name"), IDENTITY_REFUSALS, ids=[r[0] for r in IDENTITY_REFUSALS])
def test_an_identity_refusal_from_any_sender_writes_nothing(
    claimed: tuple[asyncio.Runner, Harness],
    kind: str,
    member: str | None,
    admin: bool,
    line: str,
    name: str | None,
) -> None:
    runner, harness = claimed
    user_id = PLAYERS[member] if member else 900 + len(harness.api.sent)
    own = member or f"路人{user_id}"
    harness.api.add_user(user_id, name or f"{own}改名")
    if admin:
        harness.api.set_status(GROUP, user_id, "administrator")
    database = Path(harness.app.bot_data["services"].config.database_path)
    before = ledger_tables(database)
    try:
        sent = runner.run(harness.feed(harness.make.message(GROUP, user_id, line)))
    finally:
        if member is not None:
            harness.api.add_user(user_id, member)
    assert _refused(sent), (kind, [s.text for s in sent])
    after = ledger_tables(database)
    assert {t: after[t] for t in before if before[t] != after.get(t)} == {}, kind
