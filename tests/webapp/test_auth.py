"""initData is Telegram's signature or nothing, and a start token names a chat unforgeably."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import quote, urlencode

import httpx
import pytest

from bot.webapp import start_token
from bot.webapp.auth import BadInitData, sign, verify
from bot.webapp.guard import GuardOptions
from bot.webapp.start_token import ForgedToken, Screen
from rigs.webapp import BOT_TOKEN, init_data, token_for, web_server
from tests.bot.conftest import GROUP, PLAYERS, Harness
from tests.webapp.keyboard_payloads import tapped

TOKEN = "123456:TEST-token-for-the-mini-app"
OTHER_BOT = "654321:another-bots-token"
NOW = 1_780_000_000
# As Telegram sends it: the JSON escapes the slashes of photo_url (re-serialising drops them).
USER = (
    '{"id":11,"first_name":"甲","username":"jia","language_code":"zh",'
    '"photo_url":"https:\\/\\/t.me\\/i\\/userpic\\/320\\/jia.svg"}'
)


def signed(fields: dict[str, str], token: str = TOKEN) -> str:
    """initData as Telegram makes it: the fields URL-encoded, the hash of their decoded values."""
    return urlencode({**fields, "hash": sign(fields, token)}, quote_via=quote)


def fields(**changes: str) -> dict[str, str]:
    base = {"auth_date": str(NOW - 60), "query_id": "AAF", "user": USER, "start_param": "x"}
    return {**base, **changes}


def test_a_signed_init_data_is_read_with_its_backslashes_kept() -> None:
    data = verify(signed(fields()), TOKEN, now=NOW)
    assert (data.user_id, data.first_name, data.username) == (11, "甲", "jia")
    assert data.start_param == "x"


def test_the_known_vector_from_a_hand_computed_signature() -> None:
    """The data-check-string written out by hand, so the test does not trust ``sign``."""
    import hashlib
    import hmac

    check = f"auth_date={NOW - 60}\nquery_id=AAF\nstart_param=x\nuser={USER}"
    key = hmac.new(b"WebAppData", TOKEN.encode(), hashlib.sha256).digest()
    digest = hmac.new(key, check.encode(), hashlib.sha256).hexdigest()
    raw = urlencode({**fields(), "hash": digest}, quote_via=quote)
    assert verify(raw, TOKEN, now=NOW).user_id == 11


def tampered() -> str:
    return signed(fields()).replace("query_id=AAF", "query_id=AAG")


def missing_hash() -> str:
    return urlencode(fields(), quote_via=quote)


def duplicate_key() -> str:
    return signed(fields()) + "&user=" + quote('{"id":99,"first_name":"x"}')


def reserialised_user() -> str:
    """The user JSON written again without the backslashes, the hash of the original kept."""
    good = fields()
    raw = urlencode({**good, "hash": sign(good, TOKEN)}, quote_via=quote)
    changed = raw.replace(quote(USER, safe=""), quote(USER.replace("\\/", "/"), safe=""))
    assert changed != raw
    return changed


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        (tampered(), "signature"),
        (missing_hash(), "no hash"),
        (signed(fields(), OTHER_BOT), "signature"),
        (signed(fields(auth_date=str(NOW - 25 * 3600))), "too old"),
        (duplicate_key(), "twice"),
        (reserialised_user(), "signature"),
        ("&&", "query string"),
        (signed({"auth_date": str(NOW)}), "no user"),
    ],
    ids=[
        "tampered-field",
        "missing-hash",
        "another-bots-token",
        "old-auth-date",
        "duplicate-keys",
        "photo-url-backslashes-dropped",
        "empty",
        "no-user",
    ],
)
def test_what_telegram_did_not_sign_is_refused(raw: str, why: str) -> None:
    with pytest.raises(BadInitData, match=why):
        verify(raw, TOKEN, now=NOW)


def test_the_age_limit_is_configurable() -> None:
    raw = signed(fields(auth_date=str(NOW - 3600)))
    assert verify(raw, TOKEN, now=NOW).auth_date == NOW - 3600
    with pytest.raises(BadInitData, match="too old"):
        verify(raw, TOKEN, now=NOW, max_age=600)
    assert verify(signed(fields(auth_date=str(int(time.time())))), TOKEN).user_id == 11


@pytest.mark.parametrize("chat_id", [-1001234567890123, -1001, 42, 2**63 - 1], ids=str)
@pytest.mark.parametrize("screen", list(Screen), ids=lambda s: s.name)
def test_a_start_token_fits_startapp_and_reads_back(chat_id: int, screen: Screen) -> None:
    token = start_token.make(chat_id, TOKEN, screen)
    assert len(token) <= 64
    assert set(token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
    target = start_token.read(token, TOKEN)
    assert (target.chat_id, target.screen) == (chat_id, screen)


def flipped(token: str) -> str:
    return token[:5] + ("A" if token[5] != "A" else "B") + token[6:]


@pytest.mark.parametrize(
    "make_forged",
    [
        lambda: start_token.make(-1001, OTHER_BOT),
        lambda: flipped(start_token.make(-1001, TOKEN)),
        lambda: start_token.make(-1001, TOKEN)[:-1],
        lambda: start_token.make(-1001, TOKEN)[:-1] + "!",
        lambda: "",
    ],
    ids=["another-bots-key", "one-character-changed", "cut-short", "outside-alphabet", "empty"],
)
def test_a_forged_start_token_is_refused(make_forged: object) -> None:
    assert callable(make_forged)
    with pytest.raises(ForgedToken):
        start_token.read(make_forged(), TOKEN)


def test_the_start_key_is_not_the_init_data_key() -> None:
    """A start token's MAC is not what the initData key would give for the same body."""
    from bot.webapp.auth import secret_key
    from bot.webapp.start_token import _key

    assert _key(TOKEN) != secret_key(TOKEN)


# Telegram decides who is in: the guard over the bot's real server and the emulator's chat.


class Clock:
    """The guard's clock, moved by hand: how old a membership answer is."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@asynccontextmanager
async def gate(harness: Harness, clock: Clock) -> AsyncIterator[httpx.AsyncClient]:
    server = web_server(harness.app, GuardOptions(clock=clock))
    async with server as base, httpx.AsyncClient(base_url=base) as http:
        yield http


def as_user(user_id: int, name: str) -> dict[str, str]:
    start = token_for(GROUP, BOT_TOKEN, Screen.KEYBOARD)
    return {"Authorization": "tma " + init_data(user_id, name, BOT_TOKEN, start_param=start)}


async def read(http: httpx.AsyncClient, who: str) -> int:
    return (await http.get("/api/keyboard/table", headers=as_user(PLAYERS[who], who))).status_code


async def write(http: httpx.AsyncClient, who: str, request_id: str) -> httpx.Response:
    body = {**tapped("123m456m789m123p5s", "5s"), "winner": "S", "request_id": request_id}
    return await http.post("/api/keyboard/record", json=body, headers=as_user(PLAYERS[who], who))


async def test_a_player_who_leaves_mid_evening_reads_within_a_minute_and_writes_never(
    harness: Harness,
) -> None:
    """乙 plays two hands' worth of reading, leaves the group: the next write is refused at
    once; a read may trust the last answer for at most 60 s."""
    await harness.open_table()
    await harness.say("乙", "/hu 乙 自摸")  # a player the ledger knows by Telegram id
    clock = Clock()
    async with gate(harness, clock) as http:
        assert await read(http, "乙") == 200
        harness.api.set_status(GROUP, PLAYERS["乙"], "left")
        clock.now += 30
        assert await read(http, "乙") == 200  # a read may use the answer of 30 s ago
        clock.now += 31
        assert await read(http, "乙") == 403  # not one older than 60 s
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    last = await harness.ledger.reports.last_entry(GROUP, session.id)
    async with gate(harness, Clock()) as http:
        harness.api.set_status(GROUP, PLAYERS["乙"], "member")
        assert await read(http, "乙") == 200
        harness.api.set_status(GROUP, PLAYERS["乙"], "left")
        refused = await write(http, "乙", "left-then-wrote")  # asked now, not a minute ago
    assert refused.status_code == 403 and refused.json()["error"] == "member"
    assert await harness.ledger.reports.last_entry(GROUP, session.id) == last  # nothing new
    assert not [s for s in harness.api.sent if "整手牌键盘" in s.text]


MEMBERSHIP = [
    pytest.param("member", {}, 200, id="member"),
    pytest.param("administrator", {}, 200, id="admin"),
    pytest.param("left", {}, 403, id="left"),
    pytest.param("kicked", {}, 403, id="banned"),
    pytest.param("restricted", {}, 403, id="muted"),
    pytest.param("restricted", {"can_send_messages": True}, 200, id="restricted-may-speak"),
]


@pytest.mark.parametrize(("status", "rights", "expected"), MEMBERSHIP)
async def test_telegram_decides_whatever_the_ledger_says(
    harness: Harness, status: str, rights: dict[str, bool], expected: int
) -> None:
    """乙 sits at the table and recorded a hand (the ledger knows their Telegram id);
    Telegram's answer alone counts."""
    await harness.open_table()
    await harness.say("乙", "/hu 乙 自摸")
    assert await harness.ledger.players.find(GROUP, str(PLAYERS["乙"])) is not None
    harness.api.set_status(GROUP, PLAYERS["乙"], status, **rights)
    async with gate(harness, Clock()) as http:
        assert await read(http, "乙") == expected
        answer = await write(http, "乙", f"ledger-{status}")
    assert answer.status_code == expected, answer.text


async def test_a_stranger_is_not_let_in_by_a_guest_named_with_their_id(harness: Harness) -> None:
    """A guest called 4242 sits at the table; Telegram user 4242 never joined the group."""
    await harness.open_table("/new 杭州 1 甲 乙 丙 4242")
    await harness.say("甲", "/hu 4242 自摸")
    async with gate(harness, Clock()) as http:
        answer = await http.get("/api/keyboard/table", headers=as_user(4242, "4242"))
    assert answer.status_code == 403 and answer.json()["error"] == "member"
