"""The Mini App's API: nothing without Telegram's signature for a member of the token's chat,
and numbers equal to what /top and /stats say in the chat."""

from __future__ import annotations

import contextlib
import gzip
import re
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from bot.webapp.guard import GuardOptions
from bot.webapp.start_token import Screen
from rigs.webapp import init_data, token_for, web_server
from tests.bot.conftest import GROUP, PLAYERS, Harness, running_harness
from tests.webapp.browser import open_in_telegram, signed_telegram

BOT_TOKEN = "123:TEST"  # the harness's


class Page:
    """What the page does: GET an /api/ path with the user's initData."""

    def __init__(self, base: str) -> None:
        self.base = base

    async def get(
        self, path: str, who: str = "甲", *, token: str | None = None, auth: str | None = None
    ) -> httpx.Response:
        start = token if token is not None else token_for(GROUP, BOT_TOKEN)
        header = auth if auth is not None else "tma " + init_data(PLAYERS[who], who, BOT_TOKEN)
        sep = "&" if "?" in path else "?"
        async with httpx.AsyncClient() as client:
            return await client.get(
                f"{self.base}{path}{sep}start={start}", headers={"Authorization": header}
            )


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[tuple[Harness, Page]]:
    async with running_harness(tmp_path / "m.db") as harness:
        await harness.open_table()
        for line in ("/hu 甲 自摸 财飘", "/hu 乙 点炮 甲 七对 有花", "/hu 丙 自摸"):
            await harness.say("甲", line)
        async with web_server(harness.app, GuardOptions(rate=40)) as base:
            yield harness, Page(base)


@pytest.mark.parametrize(
    ("auth", "status"),
    [
        ("", 401),
        ("Bearer x", 401),
        ("tma " + init_data(11, "甲", "999:another-bot"), 401),
        ("tma " + init_data(11, "甲", BOT_TOKEN, auth_date=1_700_000_000), 401),
        ("tma " + init_data(11, "甲", BOT_TOKEN).replace("%E7%94%B2", "%E4%B9%99"), 401),
    ],
    ids=["no-header", "not-tma", "another-bots-token", "stale", "tampered-name"],
)
async def test_no_signature_no_answer(served: tuple[Harness, Page], auth: str, status: int) -> None:
    _, page = served
    answer = await page.get("/api/standings", auth=auth)
    assert answer.status_code == status
    assert answer.json() == {
        "error": "signature",
        "message": "无法确认你的 Telegram 身份，请从群里的按钮重新打开",
    }


async def test_a_forged_token_is_404_and_a_stranger_403(served: tuple[Harness, Page]) -> None:
    harness, page = served
    forged = token_for(GROUP, "999:another-bot")
    assert (await page.get("/api/standings", token=forged)).status_code == 404
    assert (
        await page.get("/api/standings", token=token_for(GROUP + 7, BOT_TOKEN))
    ).status_code in (403,)
    harness.api.set_status(GROUP, PLAYERS["戊"], "left")  # 戊 never played and has left
    answer = await page.get("/api/standings", "戊")
    assert answer.status_code == 403 and answer.json()["error"] == "member"
    assert (await page.get("/api/standings", "丁")).status_code == 200  # a player


async def test_a_member_who_never_played_is_let_in(served: tuple[Harness, Page]) -> None:
    _, page = served
    assert (await page.get("/api/periods", "戊")).status_code == 200


async def test_past_the_rate_a_user_gets_429(served: tuple[Harness, Page]) -> None:
    _, page = served
    answers = [await page.get("/api/periods") for _ in range(42)]
    codes = [answer.status_code for answer in answers]
    assert codes[:40] == [200] * 40 and codes[40:] == [429, 429]
    refused = answers[-1]
    wait = int(refused.headers["Retry-After"])
    assert 1 <= wait <= 60 and refused.json()["retry_after"] == wait
    assert refused.json()["error"] == "rate" and f"{wait} 秒" in refused.json()["message"]
    assert (await page.get("/api/periods", "乙")).status_code == 200  # per user


def top_points(text: str) -> dict[str, int]:
    """/top's lines as name → points ('1. 甲 +48 · …', − for minus)."""
    found = re.findall(r"^\d+\. (\S+) ([+−]?\d+) ·", text, re.M)
    return {name: int(points.replace("−", "-")) for name, points in found}


@pytest.mark.parametrize("period", ["", "本月", "month", "all", "今年"], ids=str)
async def test_standings_equal_top_and_stats(served: tuple[Harness, Page], period: str) -> None:
    harness, page = served
    [top] = await harness.say("甲", f"/top {period}".strip())
    [stats] = await harness.say("甲", f"/stats {period}".strip())
    answer = await page.get(f"/api/standings?period={period}")
    players: list[dict[str, Any]] = answer.json()["players"]
    assert {p["name"]: p["points"] for p in players} == top_points(top.text)
    for p in players:
        assert f"{p['name']}：{p['hands']} 局 胡 {p['wins']}" in stats.text
    assert [p["points"] for p in players] == sorted((p["points"] for p in players), reverse=True)
    assert all(p["money_fen"] is None for p in players)


_TRANSFER = re.compile(r"^(.+?) → (.+?)[：:] ?([0-9,]+\.[0-9]{2}) 元$", re.MULTILINE)


def settled_fen(text: str) -> dict[str, int]:
    """Each name's net in fen from /settle's transfers in 元 (台费 the table's account)."""
    net: dict[str, int] = {}
    for payer, payee, amount in _TRANSFER.findall(text):
        fen = int(amount.replace(",", "").replace(".", ""))
        net[payer] = net.get(payer, 0) - fen
        net[payee] = net.get(payee, 0) + fen
    return net


@pytest.mark.parametrize("period", ["本月", "all"], ids=str)
async def test_standings_money_is_what_settle_charged(
    served: tuple[Harness, Page], period: str
) -> None:
    """One sitting in the period: each person's 元 on the page is /settle's figure for them,
    the stake pricing the hands written before it too, the fee and the payment in 元 added."""
    harness, page = served
    for line in ("/stake 0.5", "/fee 40", "/pay 乙 丙 20元", "/penalty 丁 30"):
        await harness.say("甲", line)
    [settled, *_] = await harness.say("甲", "/settle")
    paid = settled_fen(settled.text)
    assert paid.pop("台费") == 4000
    players = (await page.get(f"/api/standings?period={period}")).json()["players"]
    assert {p["name"]: p["money_fen"] for p in players} == {
        name: paid.get(name, 0) for name in ("甲", "乙", "丙", "丁")
    }
    assert sum(p["money_fen"] for p in players) == -4000


@pytest.mark.parametrize(
    ("period", "token"),
    [("2019-13", "2019-13"), ("明年的赛季", "明年的赛季"), ("s99", "s99")],
    ids=["bad-month", "no-such-season", "no-such-season-key"],
)
async def test_a_bad_period_is_named(served: tuple[Harness, Page], period: str, token: str) -> None:
    _, page = served
    answer = await page.get(f"/api/standings?period={period}")
    assert answer.status_code == 400
    assert answer.json() == {"error": "period", "message": f"看不懂时间段「{token}」"}


async def test_history_trend_head_to_head_and_pictures(served: tuple[Harness, Page]) -> None:
    _, page = served
    history = (await page.get("/api/history")).json()
    assert history["total"] == 3 and len(history["entries"]) == 3
    jia = next(p for p in (await page.get("/api/standings")).json()["players"] if p["name"] == "甲")
    trend = (await page.get(f"/api/trend?player={jia['id']}")).json()
    assert trend["balances"][-1] == jia["points"]
    yi = next(p for p in (await page.get("/api/standings")).json()["players"] if p["name"] == "乙")
    h2h = (await page.get(f"/api/h2h?a={jia['id']}&b={yi['id']}")).json()
    assert h2h["hands"] == 3 and (h2h["a"], h2h["b"]) == ("甲", "乙")
    for entry in history["entries"]:
        assert not entry["picture"]  # quick entries: no tiles to draw
    missing = await page.get(f"/api/picture/{history['entries'][0]['id']}.png")
    assert missing.status_code == 404


async def test_a_full_hand_is_served_as_a_cached_png(served: tuple[Harness, Page]) -> None:
    harness, page = served
    await harness.say("甲", "/hu 丁 123m456m789m123p白白 自摸")
    [entry] = (await page.get("/api/history")).json()["entries"][:1]
    assert entry["picture"], entry
    answer = await page.get(f"/api/picture/{entry['id']}.png")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "image/png"
    assert answer.content.startswith(b"\x89PNG")
    assert "max-age" in answer.headers["cache-control"]
    other = token_for(-5555, BOT_TOKEN)  # a chat 甲 is not in: not even its pictures
    assert (await page.get(f"/api/picture/{entry['id']}.png", token=other)).status_code == 403


async def test_the_page_is_served_small_and_without_a_signature(
    served: tuple[Harness, Page],
) -> None:
    """The files need no initData (Telegram's script brings it); the API does."""
    _, page = served
    total = 0
    async with httpx.AsyncClient() as client:
        for name in ("", "app.js", "app.css"):
            answer = await client.get(f"{page.base}/app/{name}")
            assert answer.status_code == 200
            total += len(answer.content)
        assert "telegram-web-app.js" in (await client.get(f"{page.base}/app/")).text
        assert (await client.get(f"{page.base}/app/../pyproject.toml")).status_code == 404
    assert total <= 150 * 1024


async def test_a_season_is_a_period_by_key_and_by_name(served: tuple[Harness, Page]) -> None:
    harness, page = served
    await harness.say("甲", "/season 秋季赛")
    await harness.say("甲", "/hu 丁 自摸")
    periods = (await page.get("/api/periods")).json()["periods"]
    assert [p["label"] for p in periods][:5] == ["本周", "本月", "上月", "今年", "全部"]
    [season] = [p for p in periods if p["label"] == "秋季赛"]
    by_key = (await page.get(f"/api/standings?period={season['key']}")).json()
    by_name = (await page.get("/api/standings?period=秋季赛")).json()
    assert by_key == by_name
    [top] = await harness.say("甲", "/top 秋季赛")
    assert {p["name"]: p["points"] for p in by_key["players"]} == top_points(top.text)
    assert by_key["players"][0]["name"] == "丁"


async def test_a_persons_row_and_the_biggest_hands(served: tuple[Harness, Page]) -> None:
    _, page = served
    players = (await page.get("/api/standings")).json()["players"]
    for row in players:
        assert (await page.get(f"/api/person?player={row['id']}")).json()["player"] == row
    assert (await page.get("/api/person?player=999999")).status_code == 404
    hands = (await page.get("/api/biggest")).json()["hands"]
    assert [h["points"] for h in hands] == sorted((h["points"] for h in hands), reverse=True)
    jia = next(p for p in players if p["name"] == "甲")["biggest"]
    assert hands[0] == {
        "player": "甲",
        "hand": "财飘",
        "points": 96,
        "entry": jia["entry"],
        "ruleset": "hangzhou",
    }


# One API contract: one error shape, headers on every answer, compression, ETags.

ERROR_SHAPE = {"error", "message"}


@pytest.mark.parametrize(
    ("method", "path", "status", "code"),
    [
        ("GET", "/api/no-such-route", 404, "not_found"),
        ("POST", "/api/standings", 405, "method"),
        ("GET", "/api/person?player=abc", 400, "player"),
        ("GET", "/api/person?player=999999", 404, "no_player"),
        ("GET", "/api/history?page=0", 400, "page"),
        ("GET", "/api/h2h?a=x&b=1", 400, "player"),
        ("GET", "/api/picture/1.png", 404, "picture"),
    ],
    ids=[
        "no-route",
        "wrong-method",
        "bad-parameter",
        "no-player",
        "bad-page",
        "bad-head-to-head",
        "no-picture",
    ],
)
async def test_every_refusal_has_the_one_shape_in_the_viewers_language(
    served: tuple[Harness, Page], method: str, path: str, status: int, code: str
) -> None:
    harness, page = served
    await harness.say("甲", "/lang en")
    header = "tma " + init_data(
        PLAYERS["甲"], "甲", BOT_TOKEN, start_param=token_for(GROUP, BOT_TOKEN)
    )
    async with httpx.AsyncClient() as client:
        answer = await client.request(
            method, f"{page.base}{path}", headers={"Authorization": header}
        )
    assert answer.status_code == status
    body = answer.json()
    assert set(body) == ERROR_SHAPE and body["error"] == code
    assert body["message"] and not any("\u4e00" <= c <= "\u9fff" for c in body["message"])


async def test_a_broken_ledger_is_a_500_without_a_traceback(
    served: tuple[Harness, Page], tmp_path: Path
) -> None:
    """The ledger's players table gone under the bot (a real sqlite failure, nothing mocked)."""
    _, page = served
    with contextlib.closing(sqlite3.connect(tmp_path / "m.db")) as conn:
        conn.execute("DROP TABLE players")
        conn.commit()
    answer = await page.get("/api/standings")
    assert answer.status_code == 500
    body = answer.json()
    assert set(body) == ERROR_SHAPE and body["error"] == "internal"
    assert "Traceback" not in answer.text and "sqlite" not in answer.text.lower()


async def test_every_answer_carries_the_security_headers(served: tuple[Harness, Page]) -> None:
    _, page = served
    async with httpx.AsyncClient() as client:
        answers = [
            await client.get(f"{page.base}/app/"),
            await client.get(f"{page.base}/app/app.js"),
            await client.get(f"{page.base}/api/standings"),  # 401
        ]
    answers.append(await page.get("/api/standings"))
    for answer in answers:
        csp = answer.headers["Content-Security-Policy"]
        assert "frame-ancestors 'self' https://web.telegram.org https://*.telegram.org" in csp
        assert "script-src 'self' https://telegram.org" in csp
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
        assert answer.headers["Referrer-Policy"] == "no-referrer"
        assert "X-Frame-Options" not in answer.headers  # it would forbid Telegram's frame


@pytest.mark.parametrize("path", ["/app/", "/app/app.js", "/app/app.css", "/app/keyboard.js"])
async def test_pages_scripts_and_styles_go_out_gzipped_with_an_etag(
    served: tuple[Harness, Page], path: str
) -> None:
    _, page = served
    url = f"{page.base}{path}"
    async with httpx.AsyncClient() as client:
        plain = await client.get(url, headers={"Accept-Encoding": "identity"})
        async with client.stream("GET", url, headers={"Accept-Encoding": "gzip"}) as zipped:
            sent = b"".join([chunk async for chunk in zipped.aiter_raw()])
        etag = zipped.headers["ETag"]
        again = await client.get(url, headers={"If-None-Match": etag})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(sent) == plain.content
    assert len(sent) < len(plain.content)
    assert again.status_code == 304 and again.content == b""


async def test_get_json_has_an_etag_and_is_304_until_it_changes(
    served: tuple[Harness, Page],
) -> None:
    harness, page = served
    first = await page.get("/api/standings")
    assert first.headers["Content-Encoding"] == "gzip"
    etag = first.headers["ETag"]
    header = "tma " + init_data(PLAYERS["甲"], "甲", BOT_TOKEN)
    start = token_for(GROUP, BOT_TOKEN)
    async with httpx.AsyncClient() as client:
        url = f"{page.base}/api/standings?start={start}"
        same = await client.get(url, headers={"Authorization": header, "If-None-Match": etag})
        await harness.say("甲", "/hu 丁 自摸")
        changed = await client.get(url, headers={"Authorization": header, "If-None-Match": etag})
    assert same.status_code == 304 and same.headers["ETag"] == etag
    assert changed.status_code == 200 and changed.headers["ETag"] != etag


@pytest.mark.browser
async def test_both_pages_run_under_the_content_security_policy(
    served: tuple[Harness, Page], browser: Any
) -> None:
    """The pages as Telegram opens them, in Chromium with the server's CSP enforced: each
    draws itself and the browser reports no violation."""
    _, page = served
    for path, screen in (("/app/", Screen.SEASON), ("/app/keyboard.html", Screen.KEYBOARD)):
        telegram = signed_telegram("甲", token_for(GROUP, BOT_TOKEN, screen))
        tab = await open_in_telegram(browser, f"{page.base}{path}", telegram)
        said: list[str] = []
        asked: list[str] = []
        tab.on("console", lambda message, said=said: said.append(message.text))
        tab.on("request", lambda request, asked=asked: asked.append(request.url))
        await tab.reload(wait_until="networkidle")
        assert any("/api/" in url for url in asked)  # its script ran and called the API
        assert [text for text in said if "Content Security Policy" in text] == []
        await tab.context.close()


async def test_a_persons_awards_come_and_go_with_their_hand(served: tuple[Harness, Page]) -> None:
    harness, page = served
    [cheered] = await harness.say("甲", "/hu 丁 自摸 三财飘")
    assert "🏅 丁 本季第一个三财飘！" in cheered.text
    players = (await page.get("/api/standings")).json()["players"]
    ding = next(p for p in players if p["name"] == "丁")
    person = (await page.get(f"/api/person?player={ding['id']}")).json()
    assert [(a["id"], a["name"]) for a in person["awards"]] == [
        ("first_three_float", "本季第一个三财飘！"),
        ("month_best", "本月最大一手"),  # 16 番, the month's first hand of 8 or more
    ]
    await harness.press("甲", cheered)  # ↩️ 撤销
    assert (await page.get(f"/api/person?player={ding['id']}")).json()["awards"] == []
