"""Periods, seasons, the leaderboard and the trend chart, through the real Application.

A period is read at the moment the message was sent (its ``date``): asking "上月" from next
month's first day reads the hands recorded today, and "本月" then reads none.
"""

from __future__ import annotations

import csv
import io
from datetime import datetime, timedelta, timezone

import pytest

from tests.bot.conftest import GROUP, Harness

CHINA = timezone(timedelta(hours=8))


def next_month_noon() -> int:
    """The Unix time of the 1st of next month, noon in Beijing (a message's ``date``)."""
    now = datetime.now(CHINA)
    first = datetime(now.year + now.month // 12, now.month % 12 + 1, 1, 12, tzinfo=CHINA)
    return int(first.timestamp())


async def played(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/hu 甲 自摸 财飘")
    await harness.say("甲", "/hu 乙 点炮 甲 七对 有花")
    await harness.say("甲", "/hu 丙 自摸")


async def test_stats_of_this_month_are_the_hands_of_this_month(harness: Harness) -> None:
    await played(harness)
    [month] = await harness.say("甲", "/stats 本月")
    assert "本群统计 · 本月" in month.text and "甲：3 局" in month.text
    [later] = await harness.say("甲", "/stats 本月", date=next_month_noon())
    assert "还没有" in later.text or "甲：" not in later.text
    [last] = await harness.say("甲", "/stats 上月", date=next_month_noon())
    assert "甲：3 局" in last.text
    now = datetime.now(CHINA)
    [named] = await harness.say("甲", f"/stats {now.year}-{now.month:02d} 甲")
    assert "甲：3 局" in named.text and "乙：" not in named.text


async def test_a_period_word_is_never_a_player_but_a_quoted_name_is(harness: Harness) -> None:
    await harness.open_table("/new 杭州 1 本月 乙 丙 丁")
    await harness.say("甲", "/hu 本月 自摸")
    [period] = await harness.say("甲", "/stats 本月")
    assert "本群统计 · 本月" in period.text and "乙：" in period.text
    [quoted] = await harness.say("甲", "/stats 「本月」")
    assert "本月：1 局" in quoted.text and "乙：" not in quoted.text
    [at] = await harness.say("甲", "/stats @本月")
    assert "本月：1 局" in at.text and "乙：" not in at.text


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ("/stats 2026-13", "「2026-13」不是月份"),
        ("/top 2026-0", "「2026-0」不是月份"),
        ("/stats 1999", "「1999」的年份不对"),
        ("/top 本月 上月", "「上月」是第二个"),
        ("/top 春季赛", "「春季赛」不是时段也不是本群的赛季"),
        ("/stats 春季赛", "本群没有叫「春季赛」的玩家，也没有这个赛季"),
        ("/trend 甲 本周 2026-11", "「2026-11」是第二个"),
    ],
    ids=[
        "month-13",
        "month-0",
        "year-1999",
        "two-periods",
        "unknown-season",
        "stats-unknown-word",
        "trend-two-periods",
    ],
)
async def test_a_bad_period_is_named(harness: Harness, line: str, named: str) -> None:
    await played(harness)
    [refusal] = await harness.say("甲", line)
    assert named in refusal.text


async def test_english_periods(harness: Harness) -> None:
    await harness.say("甲", "/lang en")
    await played(harness)
    [month] = await harness.say("甲", "/stats this month")
    assert "this month" in month.text and "甲: hands 3" in month.text
    [bad] = await harness.say("甲", "/top 2026-13")
    assert "2026-13 is no month" in bad.text
    [top] = await harness.say("甲", "/top last month", date=next_month_noon())
    assert "Leaderboard · last month" in top.text and "1. 甲" in top.text


async def test_leaderboard_ranks_names_the_biggest_hand_and_shares_ties(
    harness: Harness,
) -> None:
    await played(harness)
    [board] = await harness.say("甲", "/top")
    lines = board.text.splitlines()
    assert lines[0] == "🏆 排行榜 · 全部"
    first = lines[1]
    assert first.startswith("1. 甲 ") and "3 局" in first and "胡牌率 33%" in first
    assert "点炮率 33%" in first and "最大一手：财飘" in first
    # 丁 never won: no biggest hand; 乙 and 丁 … each line carries its rank.
    ranks = [line.split(".")[0] for line in lines[1:]]
    assert ranks == sorted(ranks, key=int)


async def test_equal_points_share_a_rank(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/hu 甲 点炮 丙")
    await harness.say("甲", "/hu 乙 点炮 丙")
    [board] = await harness.say("甲", "/top 本月")
    rows = board.text.splitlines()[1:]
    assert rows[0].startswith("1. ") and rows[1].startswith("1. ")
    assert {rows[0].split()[1], rows[1].split()[1]} == {"甲", "乙"}
    assert rows[2].startswith("3. ")


async def test_seasons_start_show_end_and_read(harness: Harness) -> None:
    await harness.open_table("/new 杭州 1 甲 小李 阿明 大刘")
    await harness.say("甲", "/hu 甲 自摸")  # before the season
    [denied] = await harness.say("乙", "/season 秋季赛")
    assert "只有群管理员" in denied.text
    [started] = await harness.say("丁", "/season 秋季赛")  # 丁 is an admin
    assert "赛季「秋季赛」开始了" in started.text
    await harness.say("甲", "/hu 小李 自摸")
    [shown] = await harness.say("乙", "/season")
    assert "当前赛季：「秋季赛」" in shown.text
    [season] = await harness.say("甲", "/stats 秋季赛")
    assert "秋季赛（赛季）" in season.text
    assert "小李：1 局 胡 1" in season.text and "甲：1 局 胡 0" in season.text
    [board] = await harness.say("甲", "/top 秋季赛")
    assert board.text.splitlines()[1].startswith("1. 小李")
    [next_one] = await harness.say("甲", "/season 冬季赛")  # 甲 opened the session
    assert "「冬季赛」开始了" in next_one.text and "「秋季赛」结束了" in next_one.text
    [again] = await harness.say("甲", "/season 秋季赛")
    assert "已经有过叫「秋季赛」的赛季" in again.text
    [reserved] = await harness.say("甲", "/season 本月")
    assert "「本月」是时段" in reserved.text
    [ended] = await harness.say("甲", "/season 结束")
    assert "「冬季赛」结束了" in ended.text
    [none] = await harness.say("甲", "/season 结束")
    assert "没有进行中的赛季" in none.text
    [after] = await harness.say("甲", "/season")
    assert "没有进行中的赛季" in after.text


async def test_trend_draws_a_players_running_balance(harness: Harness) -> None:
    await played(harness)
    sent = await harness.say("甲", "/trend 甲 本月")
    photo = sent[-1]
    assert photo.method == "sendPhoto" and photo.content and photo.content[:4] == b"\x89PNG"
    assert "📈 甲 本月：+" in photo.text
    own = await harness.say("甲", "/trend")  # the sender's own, all time
    assert own[-1].method == "sendPhoto" and "📈 甲 全部：" in own[-1].text
    [empty] = await harness.say("甲", "/trend 甲 上月")
    assert "没有输赢记录" in empty.text
    [unknown] = await harness.say("甲", "/trend 戊戊")
    assert "戊戊" in unknown.text


async def test_leaderboard_pages_through_buttons(harness: Harness) -> None:
    for table in range(3):
        names = [f"玩家{table}{n}" for n in range(4)]
        await harness.say("甲", "/new 杭州 1 " + " ".join(names))
        await harness.say("甲", f"/hu {names[0]} 自摸")
        await harness.say("甲", "/settle")
    [board] = await harness.say("甲", "/top 本月")
    assert "第 1/2 页" in board.text and len(board.text.splitlines()) == 11
    pressed = await harness.press("甲", board)
    [edited] = [sent for sent in pressed if sent.method == "editMessageText"]
    assert edited.chat_id == GROUP and edited.message_id == board.message_id
    # three winners share rank 1; the nine who paid share rank 4, two of them on page 2
    assert "第 2/2 页" in edited.text and edited.text.count("\n4. 玩家") == 2


async def test_export_of_a_period_is_a_table_of_hands_by_player(harness: Harness) -> None:
    await played(harness)
    await harness.say("甲", "/undo")  # 丙's win, undone: not a row of the table
    [document] = await harness.say("甲", "/export 本月")
    assert document.method == "sendDocument" and document.file_name is not None
    assert document.file_name.endswith("-month.csv") and "本月的记录表" in document.text
    assert document.content is not None and document.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(document.content.decode("utf-8-sig"))))
    assert rows[0][:8] == [
        "时间（北京）",
        "场",
        "局",
        "类型",
        "胡牌",
        "点炮",
        "牌 / 说明",
        "记录号",
    ]
    assert rows[0][8:] == ["甲", "乙", "丙", "丁"]
    hands = rows[1:-1]
    assert [row[4] for row in hands] == ["甲", "乙"] and hands[1][5] == "甲"
    assert "财飘" in hands[0][6] and "座" not in hands[0][6]
    assert hands[0][8:] == ["96", "-32", "-32", "-32"]
    assert rows[-1][0] == "合计"
    sums = [sum(int(row[column] or 0) for row in hands) for column in range(8, 12)]
    assert [int(cell) for cell in rows[-1][8:]] == sums
    [stats] = await harness.say("甲", "/stats 本月 甲")
    assert f"净 {'+' if sums[0] > 0 else '−'}{abs(sums[0])}" in stats.text
    [last] = await harness.say("甲", "/export 上月")
    empty = list(csv.reader(io.StringIO((last.content or b"").decode("utf-8-sig"))))
    assert len(empty) == 2 and empty[1][0] == "合计"  # a header and nothing to add up
    [refused] = await harness.say("甲", "/export 2026-13")
    assert "「2026-13」不是月份" in refused.text


async def test_leaderboard_marks_a_guest_who_shares_a_members_name(harness: Harness) -> None:
    await harness.open_table()  # 乙 seated as a guest
    await harness.say("甲", "/hu 乙 自摸")
    await harness.say("甲", "/settle")
    await harness.say("乙", "/new 杭州 1 我 丙 丁 戊")  # the member 乙 sits down
    await harness.say("乙", "/hu 我 点炮 丙")
    [board] = await harness.say("甲", "/top")
    names = [line.split()[1] for line in board.text.splitlines()[1:]]
    assert "乙（客）" in names and "乙" in names


async def test_one_person_is_one_row_one_column_and_one_line(harness: Harness) -> None:
    """乙 played as a guest, then sent /join and became that guest (storage.people): the
    leaderboard, the readable table and the trend count both records as one person."""
    await harness.open_table()
    await harness.say("甲", "/hu 乙 自摸")  # the guest 乙's win
    [joined] = await harness.say("乙", "/join")
    await harness.say("甲", "/hu 乙 点炮 丙")  # the member 乙, in the guest's seat
    [board] = await harness.say("甲", "/top 本月")
    rows = [line for line in board.text.splitlines()[1:] if line.split()[1].startswith("乙")]
    assert len(rows) == 1 and "2 局" in rows[0] and "胡牌率 100%" in rows[0], joined.text
    [document] = await harness.say("甲", "/export 本月")
    table = list(csv.reader(io.StringIO((document.content or b"").decode("utf-8-sig"))))
    assert [name for name in table[0][8:] if name.startswith("乙")] == ["乙"]
    column = table[0].index("乙")
    net = rows[0].split()[2]
    assert [row[column] for row in table[1:]] == ["24", "8", "32"] and net == "+32"
    sent = await harness.say("甲", "/trend 乙 本月")
    assert sent[-1].method == "sendPhoto" and sent[-1].text.endswith(f"：{net}")
