"""Long lists page themselves: the all-time /tally of a big group turns page by page."""

from __future__ import annotations

from bot.handlers.views import TALLY_PAGE_SIZE
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
