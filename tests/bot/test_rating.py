"""实力分 through the real Application: the /settle line, ties sharing a place, /rating's
board per family with games and the change over a period, a claimed guest folded in, and a
rebuild from the ledger giving the very same numbers."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path

import pytest

from storage.__main__ import main as storage_main
from storage.check import check_file
from tests.bot.conftest import GROUP, PLAYERS, Harness

AMING = 21
_RATED = re.compile(r"(\S+) (\d{3,4}) \(([+−]?\d+)\)")


async def _settle(h: Harness) -> dict[str, tuple[int, int]]:
    """/settle's 实力分 line as {name: (rating, change)}."""
    [settled] = [s for s in await h.say("甲", "/settle") if s.method == "sendMessage"]
    [line] = [line for line in settled.text.splitlines() if line.startswith("实力分：")]
    return {
        name: (int(shown), int(change.replace("−", "-")))
        for name, shown, change in _RATED.findall(line.removeprefix("实力分："))
    }


def _kept(path: str) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(path) as db:
        return {
            table: sorted(db.execute(f"SELECT * FROM {table}"), key=repr)
            for table in ("ratings", "rating_changes", "debt_balances")
        }


async def test_the_settle_line_places_by_points_and_ties_share(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/hu 甲 点炮 乙 爆头")
    tally = await harness.ledger.reports.tally(GROUP, 1)
    points = {row.player.name: row.balance for row in tally.rows}
    assert points["甲"] > 0 > points["乙"] and "丙" not in points and "丁" not in points
    rated = await _settle(harness)
    assert next(iter(rated)) == "甲" and rated["甲"][1] > 0 > rated["乙"][1]
    assert rated["丙"] == rated["丁"]  # equal points: one shared place, the same change
    assert rated["甲"][0] == 1500 + rated["甲"][1]  # everyone starts at 1500


async def test_the_board_per_family_with_games_and_changes(harness: Harness) -> None:
    h = harness
    await h.open_table("/new 杭州 1 甲 乙 丙 丁")
    await h.say("甲", "/hu 甲 自摸 爆头")
    first = await _settle(h)
    await h.open_table("/new 杭州 1 甲 乙 丙 丁")
    await h.say("甲", "/hu 乙 自摸 爆头")
    second = await _settle(h)
    await h.open_table("/new 强盗胡 1 甲 乙 丙 丁")
    await h.say("甲", "/hu 丙 自摸 爆头")
    huzhou = await _settle(h)
    assert huzhou["丙"] == (first["甲"][0], first["甲"][1])  # a family of its own: starts anew
    [board] = await h.say("乙", "/rating")
    text = board.text
    assert "实力分 · 变化：本月 · 杭州" in text and "湖州" in text
    hangzhou = next(block for block in text.split("\n\n") if "杭州" in block)
    rows = re.findall(r"\d+\. (\S+) (\d+) \(([+−]\d+)\) · (\d+) 场", hangzhou)
    assert {name: int(games) for name, _, _, games in rows} == dict.fromkeys("甲乙丙丁", 2)
    shown = {name: int(value) for name, value, _, _ in rows}
    assert shown["乙"] == second["乙"][0]
    changes = {name: int(change.replace("−", "-")) for name, _, change, _ in rows}
    assert changes["甲"] == first["甲"][1] + second["甲"][1]  # over this month: both games
    assert [name for name, *_ in rows] == sorted(shown, key=lambda n: -shown[n])
    [only] = await h.say("乙", "/rating 上月 湖州")
    assert "(—)" in only.text and "杭州" not in only.text  # no game last month
    [bad] = await h.say("乙", "/rating 明月")
    assert "「明月」既不是时段" in bad.text


@pytest.mark.parametrize("rebuild", ["store", "command"], ids=["ledger-rebuild", "python-m"])
async def test_a_rebuild_from_the_ledger_gives_the_kept_numbers(
    harness: Harness, rebuild: str
) -> None:
    h = harness
    for name in ("乙", "丙", "丁"):
        await h.ledger.players.upsert_user(GROUP, PLAYERS[name], name)
    for winner in ("甲", "阿明", "乙"):
        await h.say("甲", "/new 杭州 1 甲 乙 阿明 丁 每分1元")
        await h.say("甲", f"/hu {winner} 自摸 爆头")
        await _settle(h)
    h.api.add_user(AMING, "阿明", "aming")
    await h.feed(h.make.message(GROUP, AMING, "/iam 阿明"))  # the guest is the member now
    await h.say("甲", "/new 强盗胡 1 甲 乙 阿明 丁 每分1元")
    await h.say("甲", "/hu 阿明 自摸 爆头")
    await _settle(h)
    await h.say("甲", "/rating")  # folds the claim in (a replay) if nothing did yet
    before = _kept(h.ledger.path)
    assert before["ratings"] and before["rating_changes"]
    if rebuild == "store":
        await h.ledger.rating.rebuild()
        await h.ledger.totals.rebuild()
    else:
        # as an operator runs it, by a connection of its own (not on the bot's event loop)
        assert await asyncio.to_thread(storage_main, ["rebuild", h.ledger.path]) == 0
    assert _kept(h.ledger.path) == before
    assert check_file(Path(h.ledger.path)) == []
