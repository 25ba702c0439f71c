"""Boards that do not mix games (issue 30, item 4), through the real Application.

A 杭州 evening and a 湖州 evening in one chat: /stats, /top, /trend and the season page's
standings show a board per ruleset, never one sum of both rulesets' points; a person's guest
and member records fold into one row on every board.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path

import pytest

from bot.webapp.guard import GuardOptions
from rigs.webapp import web_server
from storage.check import check_file
from storage.rebuild import main as rebuild_main
from tests.bot.conftest import GROUP, Harness, running_harness
from tests.webapp.test_season_api import Page

HANGZHOU = "〔杭州麻将〕"
HUZHOU = "〔湖州·强盗胡〕"
AHUA = 31  # a member whom the scorekeeper first wrote down as the guest 阿华


async def two_evenings(harness: Harness) -> None:
    """杭州: 甲 +96 then −16 (net +80); 湖州: 甲 +1. Across both, 甲 would be +81."""
    await harness.open_table()
    await harness.say("甲", "/hu 甲 自摸 财飘")
    await harness.say("甲", "/hu 乙 点炮 甲 七对 有花")
    await harness.say("甲", "/settle")
    await harness.open_table("/new 强盗胡 1 甲 乙 丙 丁")
    await harness.say("甲", "/hu 甲 点炮 乙")


def board_of(text: str, heading: str) -> str:
    """The lines under one board's heading, up to the next heading."""
    assert heading in text, text
    return re.split(r"\n〔", text.split(heading, 1)[1], maxsplit=1)[0]


@pytest.mark.parametrize(
    ("line", "hangzhou", "huzhou"),
    [
        (
            "/stats 甲",
            "甲：2 局 胡 1（自摸 1）点炮 1 最大 96 净 +80",
            "甲：1 局 胡 1（自摸 0）点炮 0 最大 1 净 +1",
        ),
        (
            "/stats",
            "甲：2 局 胡 1（自摸 1）点炮 1 最大 96 净 +80",
            "乙：1 局 胡 0（自摸 0）点炮 1 最大 0 净 −1",
        ),
        (
            "/stats 本月",
            "乙：2 局 胡 1（自摸 0）点炮 0 最大 16 净 −16",
            "甲：1 局 胡 1（自摸 0）点炮 0 最大 1 净 +1",
        ),
        ("/top 本月", "1. 甲 +80 · 2 局", "1. 甲 +1 · 1 局"),
        ("/top", "2. 乙 −16 · 2 局", "4. 乙 −1 · 1 局"),
    ],
    ids=["stats-one", "stats-all", "stats-month", "top-month", "top-all"],
)
async def test_a_board_per_ruleset_never_their_sum(
    harness: Harness, line: str, hangzhou: str, huzhou: str
) -> None:
    await two_evenings(harness)
    [sent] = await harness.say("甲", line)
    assert hangzhou in board_of(sent.text, HANGZHOU), sent.text
    assert huzhou in board_of(sent.text, HUZHOU), sent.text
    assert "+81" not in sent.text and "−17" not in sent.text  # no sum across the rulesets


async def test_one_ruleset_has_one_board_and_no_heading(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/hu 甲 自摸 财飘")
    [top] = await harness.say("甲", "/top")
    [stats] = await harness.say("甲", "/stats")
    assert "〔" not in top.text and "1. 甲 +96" in top.text
    assert "〔" not in stats.text and "甲：1 局" in stats.text


async def test_trend_draws_a_chart_per_ruleset(harness: Harness) -> None:
    await two_evenings(harness)
    photos = [s for s in await harness.say("甲", "/trend 甲") if s.method == "sendPhoto"]
    assert [p.text for p in photos] == [
        "📈 甲 全部 · 杭州麻将：+80",
        "📈 甲 全部 · 湖州·强盗胡：+1",
    ]
    # 丙 sat at both tables, but only 杭州 moved 丙's points: no chart of nothing for 湖州,
    # and the one chart still names its ruleset (the month holds two)
    only = [s for s in await harness.say("甲", "/trend 丙 本月") if s.method == "sendPhoto"]
    assert [p.text for p in only] == ["📈 丙 本月 · 杭州麻将：−32"]


async def test_a_guest_and_the_member_who_claimed_it_are_one_row_on_every_board(
    harness: Harness,
) -> None:
    harness.api.add_user(AHUA, "阿华", "ahua")
    await harness.ledger.players.upsert_user(GROUP, AHUA, "阿华", "ahua")
    await harness.open_table("/new 杭州 1 甲 乙 阿华 丁")  # the guest 阿华 beside the member
    await harness.say("甲", "/hu 阿华 自摸")
    await harness.say("甲", "/settle")
    await harness.feed(harness.make.message(GROUP, AHUA, "/iam 阿华"))
    await harness.feed(harness.make.message(GROUP, AHUA, "/new 强盗胡 1 我 乙 丙 丁"))
    await harness.say("甲", "/hu 乙 点炮 阿华")
    for line in ("/top 本月", "/stats", "/stats 阿华"):
        [sent] = await harness.say("甲", line)
        for heading in (HANGZHOU, HUZHOU):
            assert board_of(sent.text, heading).count("阿华") == 1, sent.text
        assert "（客）" not in sent.text, sent.text


async def test_storage_check_and_rebuild_know_the_totals_per_ruleset(
    harness: Harness, tmp_path: Path
) -> None:
    await two_evenings(harness)
    path = tmp_path / "m.db"
    assert check_file(path) == []
    with sqlite3.connect(path) as db:
        changed = db.execute(
            "UPDATE player_totals SET points = points + 1 WHERE period LIKE '~%|all'"
        ).rowcount
    assert changed
    problems = [p.message("en") for p in check_file(path)]
    assert problems and all("ruleset" in p for p in problems), problems
    await asyncio.to_thread(rebuild_main, [str(path)])  # python -m storage.rebuild
    assert check_file(path) == []
    [stats] = await harness.say("甲", "/stats 甲")
    assert "净 +80" in board_of(stats.text, HANGZHOU) and "净 +1" in board_of(stats.text, HUZHOU)


async def test_the_season_api_has_a_board_per_ruleset(tmp_path: Path) -> None:
    async with running_harness(tmp_path / "api.db") as harness:
        await two_evenings(harness)
        async with web_server(harness.app, GuardOptions(rate=40)) as base:
            page = Page(base)
            standings = (await page.get("/api/standings?period=month")).json()
            boards = {b["ruleset"]: b["players"] for b in standings["boards"]}
            assert list(boards) == ["hangzhou", "huzhou-qiangdao"]
            jia = {
                ruleset: next(p for p in rows if p["name"] == "甲")
                for ruleset, rows in boards.items()
            }
            assert {r: p["points"] for r, p in jia.items()} == {
                "hangzhou": 80,
                "huzhou-qiangdao": 1,
            }
            huzhou = (await page.get("/api/standings?ruleset=huzhou-qiangdao")).json()
            assert [b["ruleset"] for b in huzhou["boards"]] == ["huzhou-qiangdao"]
            assert huzhou["players"] == boards["huzhou-qiangdao"]
            one = jia["hangzhou"]["id"]
            person = (await page.get(f"/api/person?player={one}&ruleset=huzhou-qiangdao")).json()
            assert person["player"]["points"] == 1 and person["rulesets"] == ["huzhou-qiangdao"]
            both = (await page.get(f"/api/person?player={one}")).json()
            assert both["rulesets"] == ["hangzhou", "huzhou-qiangdao"]
            trend = (await page.get(f"/api/trend?player={one}&ruleset=huzhou-qiangdao")).json()
            assert trend["balances"][-1] == 1 and trend["rulesets"] == list(boards)
            first = (await page.get(f"/api/trend?player={one}")).json()
            assert first["ruleset"] == "hangzhou" and first["balances"][-1] == 80


async def test_a_page_of_the_leaderboard_repeats_the_heading_of_its_board(
    harness: Harness,
) -> None:
    evenings = [
        ("/new 杭州 1 甲 乙 丙 丁", "/hu 甲 自摸"),
        ("/new 强盗胡 1 甲 乙 丙 丁", "/hu 甲 点炮 乙"),
        ("/new 硬飘花 1 甲 乙 丙 丁", "/hu 乙 自摸"),
    ]
    for opening, win in evenings:
        await harness.open_table(opening)
        await harness.say("甲", win)
        await harness.say("甲", "/settle")
    [top] = await harness.say("甲", "/top")  # 12 rows: 10 on the first page
    assert "第 1/2 页" in top.text and top.text.count("〔") == 3
    turned = [s for s in await harness.press("甲", top) if s.method == "editMessageText"]
    assert turned[-1].text.splitlines()[1:] == [
        "〔湖州·硬飘花〕",
        "2. 丙 −1 · 1 局 · 胡牌率 0% · 点炮率 0% · 每局 −1.0",
        "2. 甲 −1 · 1 局 · 胡牌率 0% · 点炮率 0% · 每局 −1.0",
    ]
