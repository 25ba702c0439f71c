"""Money through the real Application: /stake (and 每分 in /new), /fee, /penalty, /pay, and
what /tally, /settle, /history, /why and /undo make of them."""

from __future__ import annotations

import re

import pytest

from storage import TABLE
from tests.bot.conftest import GROUP, Harness

_TRANSFER = re.compile(r"^(.+?) → (.+?)[：:] ?([0-9,]+\.[0-9]{2}) 元$", re.MULTILINE)


async def _points(h: Harness) -> dict[str, int]:
    session = await h.ledger.sessions.current(GROUP)
    assert session is not None
    tally = await h.ledger.reports.tally(GROUP, session.id)
    return {row.player.name: row.balance for row in tally.rows}


async def _entries(h: Harness) -> int:
    return (await h.ledger.reports.history(GROUP)).total


def _paid(text: str) -> dict[str, int]:
    """What the settle-up's transfers in 元 do to each name, in fen."""
    net: dict[str, int] = {}
    for payer, payee, amount in _TRANSFER.findall(text):
        fen = int(amount.replace(",", "").replace(".", ""))
        net[payer] = net.get(payer, 0) - fen
        net[payee] = net.get(payee, 0) + fen
    return net


async def test_a_stake_in_new_prices_the_tally_and_the_settle_up_pays_the_fee(
    harness: Harness,
) -> None:
    [opened] = await harness.say("甲", "/new 杭州 1 甲 乙 丙 丁 每分0.5元")
    assert "每分 0.5 元" in opened.text and "东 甲" in opened.text
    await harness.say("乙", "/hu 甲 自摸 爆头")  # 甲 +48, the rest −16
    sent = await harness.say("乙", "/tally")
    assert "甲 +24.00 元" in sent[0].text and "乙 −8.00 元" in sent[0].text
    [fee] = await harness.say("丁", "/fee 40")  # 丁 is an admin
    assert "台费 40.00 元" in fee.text and "甲 −10.00 元" in fee.text
    assert fee.buttons and fee.buttons[0][1].startswith("undo:")
    sent = await harness.say("甲", "/settle")
    text = sent[0].text
    assert "台费 40.00 元" in text and "转账（元）" in text
    assert _paid(text) == {"甲": 1400, "乙": -1800, "丙": -1800, "丁": -1800, "台费": 4000}
    assert "sendPhoto" in [s.method for s in sent]  # the picture's amounts in 元


async def test_the_biggest_winner_pays_the_fee(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/stake 1")
    await harness.say("乙", "/hu 乙 自摸 爆头")
    [fee] = await harness.say("甲", "/fee 40 赢家")
    assert "乙 −40.00 元" in fee.text and "甲" not in fee.text.split("：", 1)[1]
    money = await harness.ledger.money.of_session(GROUP, 1)
    assert money.fee == 4000 and sum(money.fen.values()) == 0
    assert money.fen[TABLE] == 4000


async def test_penalty_and_payment_in_points_and_money_show_in_history_why_and_undo(
    harness: Harness,
) -> None:
    await harness.open_table()
    [fined] = await harness.say("甲", "/penalty 甲 30 诈胡")
    assert "罚（诈胡）" in fined.text and "甲 −30" in fined.text and "乙 +10" in fined.text
    assert await _points(harness) == {"乙": 10, "丙": 10, "丁": 10, "甲": -30}
    [uneven] = await harness.say("甲", "/penalty 丙 31")  # 丙's 下家 丁 gets the extra point
    assert "丁 +11" in uneven.text and "甲 +10" in uneven.text and "乙 +10" in uneven.text
    [paid] = await harness.say("甲", "/pay 乙 丙 20元 还钱")
    assert "乙 −20.00 元" in paid.text and "丙 +20.00 元" in paid.text
    [page] = await harness.say("乙", "/history")
    assert "罚" in page.text and "诈胡" in page.text and "转账" in page.text
    assert "丙 +20.00 元" in page.text
    [why] = await harness.say("乙", "/why 1")
    assert "#1" in why.text and "诈胡" in why.text and "甲 −30" in why.text
    [undone] = await harness.say("甲", "/undo")  # the payment in money
    assert "#3" in undone.text
    assert (await harness.ledger.money.of_session(GROUP, 1)).fen == {}
    await harness.say("甲", "/undo")  # the 31
    assert await _points(harness) == {"乙": 10, "丙": 10, "丁": 10, "甲": -30}


async def test_settle_without_a_stake_pays_points_and_the_fee_in_money(
    harness: Harness,
) -> None:
    await harness.open_table()
    await harness.say("乙", "/hu 甲 自摸 爆头")
    await harness.say("甲", "/fee 40")
    sent = await harness.say("甲", "/settle")
    text = sent[0].text
    assert "按分转账" in text and "乙 → 甲：16" in text
    assert _paid(text) == {"甲": -1000, "乙": -1000, "丙": -1000, "丁": -1000, "台费": 4000}


@pytest.mark.parametrize(
    ("who", "line", "expected"),
    [
        pytest.param("甲", "/stake 五毛", "请用阿拉伯数字", id="chinese-numerals"),
        pytest.param("甲", "/stake abc", "「abc」不是数目", id="not-a-number"),
        pytest.param("甲", "/stake 0.5分", "分不清是积分还是钱", id="fen-as-unit"),
        pytest.param("甲", "/stake -1", "要大于 0", id="negative"),
        pytest.param("甲", "/stake 0", "要大于 0", id="zero"),
        pytest.param("甲", "/stake 0.00001", "最多 4 位小数", id="finer-than-a-hundredth-fen"),
        pytest.param("甲", "/stake 5000", "太大", id="too-large"),
        pytest.param("甲", "/stake 0.5 1", "看不懂「1」", id="two-stakes"),
        pytest.param("甲", "/fee 0.001", "最多 2 位小数", id="fee-finer-than-a-fen"),
        pytest.param("甲", "/fee 40 谁", "看不懂「谁」", id="fee-extra-word"),
        pytest.param("甲", "/fee", "/fee 40 赢家", id="fee-no-amount"),
        pytest.param("甲", "/fee 40 赢家", "还没有赢家", id="fee-no-winner-yet"),
        pytest.param("甲", "/penalty 戊 30", "「戊」不是本桌玩家", id="unknown-player"),
        pytest.param("甲", "/penalty 甲 1.5", "积分要是整数", id="points-not-whole"),
        pytest.param("甲", "/penalty 甲", "/penalty 甲 30", id="penalty-no-amount"),
        pytest.param("甲", "/pay 甲 甲 20", "不能付给自己", id="pay-self"),
        pytest.param("甲", "/pay 甲 乙 20 " + "钱" * 61, "理由太长", id="reason-too-long"),
        pytest.param("甲", "/pay 甲 戊 20", "「戊」不是本桌玩家", id="pay-unknown"),
        pytest.param("乙", "/stake 0.5", "只有开局的人或群管理员", id="stake-not-allowed"),
        pytest.param("丙", "/fee 40", "只有开局的人或群管理员", id="fee-not-allowed"),
        pytest.param("乙", "/penalty 甲 30", "只有开局的人或群管理员", id="penalty-not-allowed"),
    ],
)
async def test_refusals_name_what_is_wrong_and_write_nothing(
    harness: Harness, who: str, line: str, expected: str
) -> None:
    await harness.open_table()
    [reply] = await harness.say(who, line)
    assert expected in reply.text, reply.text
    assert await _entries(harness) == 0


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        pytest.param("/stake 五毛", "write the amount in digits", id="numerals"),
        pytest.param("/fee 40 who", "Cannot read who", id="fee-word"),
        pytest.param("/penalty Eve 30", "Eve is not at this table", id="unknown-player"),
        pytest.param("/fee 40 winner", "Nobody is ahead", id="no-winner"),
    ],
)
async def test_refusals_in_english(harness: Harness, line: str, expected: str) -> None:
    await harness.open_table()
    await harness.say("甲", "/lang en")
    [reply] = await harness.say("甲", line)
    assert expected in reply.text, reply.text
    assert await _entries(harness) == 0


async def test_a_fee_with_nobody_seated_is_refused(harness: Harness) -> None:
    await harness.say("甲", "/new 杭州 1")
    [reply] = await harness.say("甲", "/fee 40")
    assert "没有人入座" in reply.text
    assert await _entries(harness) == 0


async def test_a_bad_stake_in_new_opens_nothing(harness: Harness) -> None:
    [reply] = await harness.say("甲", "/new 杭州 1 甲 乙 丙 丁 每分五毛")
    assert "阿拉伯数字" in reply.text
    assert await harness.ledger.sessions.current(GROUP) is None


async def test_stake_alone_shows_it(harness: Harness) -> None:
    await harness.open_table()
    [before] = await harness.say("乙", "/stake")
    assert "只记分" in before.text
    await harness.say("甲", "/stake 5毛")
    [after] = await harness.say("乙", "/stake")
    assert "每分 0.5 元" in after.text


async def test_winners_level_at_the_top_share_the_fee(harness: Harness) -> None:
    await harness.open_table("/new 强盗胡 2 甲 乙 丙 丁")
    await harness.say("丙", "/hu 甲 乙 点炮 丙")  # 甲 +2, 乙 +2, 丙 −4
    [fee] = await harness.say("甲", "/fee 40 赢家")
    assert "甲 −20.00 元" in fee.text and "乙 −20.00 元" in fee.text and "丙" not in fee.text


@pytest.mark.parametrize("line", ["/fee 40", "/stake 0.5", "/penalty 甲 30", "/pay 甲 乙 20"])
async def test_money_without_a_session_says_how_to_open_one(harness: Harness, line: str) -> None:
    [reply] = await harness.say("甲", line)
    assert "本群没有进行中的牌局" in reply.text and "/new" in reply.text
    assert await _entries(harness) == 0


async def test_the_undo_button_under_a_fee_takes_it_back(harness: Harness) -> None:
    await harness.open_table()
    [fee] = await harness.say("甲", "/fee 40")
    await harness.press("甲", fee)
    assert (await harness.ledger.money.of_session(GROUP, 1)).fen == {}


@pytest.mark.parametrize(
    ("line", "seat"),
    [
        pytest.param("/penalty 北 5", "北", id="penalty-from-the-empty-seat"),
        pytest.param("/pay 北 东 5", "北", id="pay-from-the-empty-seat"),
        pytest.param("/pay 东 北 5元", "北", id="pay-to-the-empty-seat"),
        pytest.param("/pay N E 5", "N", id="english-seat-word"),
    ],
)
async def test_an_empty_seat_neither_pays_nor_is_paid(
    harness: Harness, line: str, seat: str
) -> None:
    await harness.say("甲", "/new 杭州 1 A B C")
    before = (await harness.ledger.reports.history(GROUP)).total
    [sent] = await harness.say("甲", line)
    assert f"「{seat}」这个位子没人坐" in sent.text and "东 A · 南 B · 西 C" in sent.text
    assert (await harness.ledger.reports.history(GROUP)).total == before


@pytest.mark.parametrize(
    ("line", "points"),
    [
        pytest.param("/penalty 我 3", {"甲": -3, "乙": 1, "丙": 1, "丁": 1}, id="penalty-wo"),
        pytest.param("/penalty me 3", {"甲": -3, "乙": 1, "丙": 1, "丁": 1}, id="penalty-me"),
        pytest.param("/pay 我 乙 2", {"甲": -2, "乙": 2, "丙": 0, "丁": 0}, id="pay-from-wo"),
        pytest.param("/pay 乙 我 2", {"甲": 2, "乙": -2, "丙": 0, "丁": 0}, id="pay-to-wo"),
    ],
)
async def test_wo_names_the_senders_seat_in_every_money_command(
    harness: Harness, line: str, points: dict[str, int]
) -> None:
    # as /hu 我 自摸 does (issue 27: /penalty 我 3 was refused as an unknown player)
    await harness.open_table()
    [sent] = await harness.say("甲", line)
    assert "❌" not in sent.text, sent.text
    assert {name: value for name, value in (await _points(harness)).items() if value} == {
        name: value for name, value in points.items() if value
    }
