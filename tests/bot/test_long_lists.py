"""Long lists page themselves: the all-time /tally of a big group turns page by page."""

from __future__ import annotations

from bot.handlers.reports import TALLY_PAGE_SIZE
from storage.names import NAME_LIMIT
from tests.bot.conftest import Harness

TABLES = 7  # 28 guests: two pages of standings


async def test_the_all_time_tally_of_many_players_pages(harness: Harness) -> None:
    for table in range(TABLES):
        names = [f"客{table}{seat}" for seat in "东南西北"]
        await harness.say("甲", f"/new 杭州 1 {' '.join(names)}")
        await harness.say("甲", f"/hu {names[table % 4]} 自摸")
        await harness.say("甲", "/settle")
    [first] = await harness.say("甲", "/tally")
    rows = first.text.splitlines()[1:]
    assert "本群总积分 第 1/2 页" in first.text and len(rows) == TALLY_PAGE_SIZE
    assert first.buttons == [("下一页 ▶", "tally:2")]
    _, second = await harness.press("乙", first, 0)
    later = second.text.splitlines()[1:]
    assert "第 2/2 页" in second.text and len(later) == TABLES * 4 - TALLY_PAGE_SIZE
    assert not set(rows) & set(later) and second.buttons == [("◀ 上一页", "tally:1")]
    balances = [int(row.split()[-1].replace("−", "-")) for row in rows + later]
    assert balances == sorted(balances, reverse=True) and sum(balances) == 0


async def test_sixty_long_named_players_with_money_fit_every_view(harness: Harness) -> None:
    """60 guests with names at the length limit, a stake, fees and a penalty: every view of
    people and money (settle-up, standings, leaderboard, month stats, history) is sent within
    Telegram's limits, none refused by the emulator."""
    sent = []
    for table in range(15):
        names = [f"{table:02d}{seat}" + "长" * (NAME_LIMIT - 3) for seat in "东南西北"]
        await harness.say("甲", f"/new 杭州 1 {' '.join(names)} 每分0.5元")
        sent += await harness.say("甲", f"/hu {names[table % 4]} 自摸")
        sent += await harness.say("甲", "/fee 40")
        sent += await harness.say("甲", f"/penalty {names[0]} 30 迟到")
        sent += await harness.say("甲", "/settle")
    for command in ("/tally", "/top", "/stats 本月", "/history", "/stake"):
        sent += await harness.say("甲", command)
    assert harness.api.refusals == [], harness.api.refusals
    assert sent and not any("抱歉" in s.text for s in sent), [s.text[:80] for s in sent]
    settle = [s for s in sent if "台费" in s.text]
    assert settle and all(len(s.text) <= 4096 for s in sent)
