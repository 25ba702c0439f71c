"""Awards through the real bot: each award on the hand that earns it (one line in its reply),
kept for /stats, and taken back when that hand is undone."""

from __future__ import annotations

import pytest

from bot.replies.awards import AWARDS, BY_ID
from tests.bot.conftest import GROUP, Harness

# id → (the table opened, the hands before, the hand that earns it and who it names)
CASES = {
    "first_three_float": ("/new 杭州 1 甲 乙 丙 丁", [], "/hu 乙 自摸 三财飘", "乙"),
    "heavenly": ("/new 平台 1 甲 乙 丙 丁", [], "/hu 甲 自摸 天胡", "甲"),
    "thirteen_unrelated": ("/new 平台 1 甲 乙 丙 丁", [], "/hu 乙 自摸 十三不搭", "乙"),
    "double_spicy": ("/new 双辣 1 甲 乙 丙 丁", [], "/hu 丙 自摸 5台", "丙"),
    "month_best": ("/new 杭州 1 甲 乙 丙 丁", ["/hu 丙 自摸"], "/hu 乙 自摸 双财飘", "乙"),
    "comeback": (
        "/new 杭州 1 甲 乙 丙 丁",
        ["/hu 甲 点炮 丁", "/hu 甲 点炮 丁", "/hu 乙 点炮 丁", "/hu 丙 点炮 丁"],
        "/hu 丁 自摸 三财飘",
        "丁",
    ),
    "double_ron": ("/new 强盗胡 2 甲 乙 丙 丁", [], "/hu 乙 丙 点炮 丁", "乙"),
    "dealer_thrice": (
        "/new 杭州 1 甲 乙 丙 丁",
        ["/hu 甲 自摸", "/hu 甲 自摸"],
        "/hu 甲 自摸",
        "甲",
    ),
    "three_in_a_row": (
        "/new 杭州 1 甲 乙 丙 丁",
        ["/hu 乙 自摸", "/hu 乙 自摸"],
        "/hu 乙 自摸",
        "乙",
    ),
    "burst_streak": ("/new 杭州 1 甲 乙 丙 丁", ["/hu 乙 自摸 爆头"], "/hu 乙 自摸 爆头", "乙"),
    "kong_bloom": ("/new 杭州 1 甲 乙 丙 丁", [], "/hu 丙 自摸 杠开", "丙"),
    "luxury_pairs": ("/new 杭州 1 甲 乙 丙 丁", [], "/hu 丁 自摸 豪华 七对 有花", "丁"),
}


def test_every_award_has_a_case() -> None:
    assert set(CASES) == {award.id for award in AWARDS}


@pytest.mark.parametrize("award_id", list(CASES), ids=list(CASES))
async def test_the_award_is_told_on_its_hand_and_undone_with_it(
    harness: Harness, award_id: str
) -> None:
    opening, before, earning, who = CASES[award_id]
    award = BY_ID[award_id]
    await harness.open_table(opening)
    for line in before:
        [reply] = await harness.say("甲", line)
        assert award.zh not in reply.text, (line, reply.text)
    [reply] = await harness.say("甲", earning)
    if "是不是这样记" in reply.text:  # a 台 total typed alone is asked back: its ✅
        pressed = await harness.press("甲", reply)
        reply = [sent for sent in pressed if sent.method == "sendMessage"][-1]
    [cheer] = [line for line in reply.text.splitlines() if line.startswith("🏅")]
    assert f"{who} {award.zh}" in cheer

    ledger = harness.ledger
    [player] = [p for p in await ledger.players.all(GROUP) if p.name == who]
    assert award_id in {row.award for row in await ledger.awards.of_players(GROUP, {player.id})}
    [stats] = await harness.say("甲", f"/stats {who}")
    assert award.zh in stats.text

    undone = await harness.press("甲", reply)  # ↩️ 撤销 by the recorder
    assert any("撤销" in sent.text for sent in undone)
    assert award_id not in {row.award for row in await ledger.awards.of_players(GROUP, {player.id})}
    [stats] = await harness.say("甲", f"/stats {who}")
    assert award.zh not in stats.text


async def test_a_first_of_the_season_is_first_once(harness: Harness) -> None:
    await harness.open_table()
    [first] = await harness.say("甲", "/hu 乙 自摸 三财飘")
    [second] = await harness.say("甲", "/hu 丙 自摸 三财飘")
    assert "本季第一个三财飘" in first.text and "本季第一个三财飘" not in second.text


async def test_details_and_fold_keep_the_award_line(harness: Harness) -> None:
    await harness.open_table()
    [reply] = await harness.say("甲", "/hu 丙 自摸 杠开")
    assert reply.text.endswith("🏅 丙 杠开！")
    _, details = await harness.press("乙", reply, 1)  # 📋 详情
    assert "本场积分" in details.text and details.text.endswith("🏅 丙 杠开！")
    _, folded = await harness.press("乙", details, 1)  # 🔼 收起
    assert folded.text == reply.text


async def test_three_winners_fill_the_short_reply_their_award_waits_in_details(
    harness: Harness,
) -> None:
    await harness.open_table("/new 强盗胡 2 甲 乙 丙 丁")
    [reply] = await harness.say("甲", "/hu 甲 乙 丁 点炮 丙")
    assert len(reply.text.splitlines()) == 6 and "🏅" not in reply.text
    _, details = await harness.press("乙", reply, 1)
    assert "🏅 甲 一炮双响 · 乙 一炮双响 · 丁 一炮双响" in details.text
