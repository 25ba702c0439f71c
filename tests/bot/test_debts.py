"""Debts kept until paid, through the real Application: /settle's transfers in 元 as debts,
/debts netting them across sessions (📋 详情), /paid in parts, the ✅ 已付 and ↩ 撤销 buttons
and who may press them, a member claiming a guest who owes, and ``storage check``."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.console.local_api import Sent
from bot.jobs.debt_reminders import send_reminders
from storage.check import check_file
from tests.bot.conftest import GROUP, PLAYERS, Harness

AMING = 21  # a member who claims the guest 阿明 with /iam
_DEBT = re.compile(r"^(\S+) → (\S+)：([0-9,]+\.[0-9]{2}) 元（", re.MULTILINE)


async def _speak_up(h: Harness, *names: str) -> None:
    for name in names:
        await h.ledger.players.upsert_user(GROUP, PLAYERS[name], name)


async def _evening(h: Harness, winner: str) -> Sent:
    """One session at 1 元 a point: ``winner`` 自摸 爆头 (+48 元, the others −16), settled."""
    await h.say("甲", "/new 杭州 1 甲 乙 阿明 丁 每分1元")
    await h.say("甲", f"/hu {winner} 自摸 爆头")
    [settled] = [s for s in await h.say("甲", "/settle") if s.method == "sendMessage"]
    return settled


async def _open(h: Harness) -> dict[tuple[str, str], int]:
    """/debts as {(payer, payee): fen}."""
    [sent] = await h.say("丙", "/debts")
    return {
        (payer, payee): int(amount.replace(",", "").replace(".", ""))
        for payer, payee, amount in _DEBT.findall(sent.text)
    }


async def _aming(h: Harness, text: str) -> list[Sent]:
    if AMING not in h.api.users:
        h.api.add_user(AMING, "阿明", "aming")
    return await h.feed(h.make.message(GROUP, AMING, text))


def _button(sent: Sent, label: str) -> int:
    [index] = [i for i, (text, _) in enumerate(sent.buttons) if text == label]
    return index


async def _press(h: Harness, who: str | int, sent: Sent, index: int) -> list[Sent]:
    user = who if isinstance(who, int) else PLAYERS[who]
    assert sent.message_id is not None
    data = sent.buttons[index][1]
    return await h.feed(h.make.press(GROUP, user, sent.message_id, data))


def _alert(sent: list[Sent]) -> str:
    [answered] = [s for s in sent if s.method == "answerCallbackQuery"]
    return answered.text


def _edited(sent: list[Sent]) -> Sent:
    [edited] = [s for s in sent if s.method == "editMessageText"]
    return edited


async def test_debts_across_three_sessions_in_parts_with_undo_and_a_claimed_guest(
    harness: Harness, tmp_path: Any
) -> None:
    h = harness
    await _speak_up(h, "乙", "丙", "丁")
    first = await _evening(h, "甲")
    # one ✅ per transfer in 元, under the settle-up
    assert sorted(label for label, _ in first.buttons if label.startswith("✅")) == sorted(
        ["✅ 已付 乙→甲", "✅ 已付 阿明→甲", "✅ 已付 丁→甲"]
    )
    assert all(len(data.encode()) <= 64 for _, data in first.buttons)
    assert await _open(h) == {("乙", "甲"): 1600, ("阿明", "甲"): 1600, ("丁", "甲"): 1600}

    # /new in a chat with open debts says so in one line
    opened = await h.say("甲", "/new 杭州 1 甲 乙 阿明 丁 每分1元")
    assert "还有 3 笔没结清（共 48.00 元）" in opened[-1].text
    await h.say("甲", "/hu 阿明 自摸 爆头")
    await h.say("甲", "/settle")
    # 阿明 owed 甲 16 last time and 甲 owes 阿明 16 tonight: square, so gone from the list
    assert await _open(h) == {
        ("乙", "甲"): 1600,
        ("丁", "甲"): 1600,
        ("乙", "阿明"): 1600,
        ("丁", "阿明"): 1600,
    }

    # a part, exact to the fen; more than owed is refused naming the amount, nothing written
    [part] = await h.say("乙", "/paid 甲 10.5")
    assert "乙 还给 甲 10.50 元" in part.text and "还欠 5.50 元" in part.text
    [refused] = await h.say("乙", "还 甲 6")
    assert "「6」比欠的多：乙 只欠 甲 5.50 元" in refused.text
    [nobody] = await h.say("丙", "/paid 甲 1")
    assert "丙 不欠 甲 钱" in nobody.text
    assert (await _open(h))[("乙", "甲")] == 550

    await _evening(h, "乙")  # 甲, 阿明, 丁 each owe 乙 16
    assert await _open(h) == {
        ("丁", "甲"): 1600,
        ("丁", "阿明"): 1600,
        ("甲", "乙"): 1050,  # 16 tonight less the 5.50 乙 still owed 甲
        ("丁", "乙"): 1600,
    }

    # 阿明 speaks up and claims the guest: the guest's debts are the member's now
    claimed = await _aming(h, "/iam 阿明")
    assert "阿明" in claimed[-1].text
    [listed] = await h.say("丙", "/debts")
    index = _button(listed, "✅ 已付 丁→阿明")
    marked = _edited(await _press(h, AMING, listed, index))  # the payee marks it
    assert "✅ 阿明 标记已付：丁 → 阿明 16.00 元" in marked.text
    assert ("丁", "阿明") not in await _open(h)

    # an admin undoes the mark: the debt stands again
    undo = _button(marked, "↩ 撤销（管理员）")
    unmarked = _edited(await _press(h, "丁", marked, undo))
    assert "↩ 丁 撤销了已付：丁 → 阿明 16.00 元（仍欠着）" in unmarked.text
    assert (await _open(h))[("丁", "阿明")] == 1600

    # 📋 详情: where 甲's debt to 乙 came from
    [listed] = await h.say("丙", "/debts")
    details = _edited(await _press(h, "丙", listed, _button(listed, "📋 详情")))
    assert re.search(r"第 1 场结算：乙 → 甲 16\.00 元", details.text)
    assert re.search(r"已付：乙 → 甲 10\.50 元", details.text)
    assert re.search(r"第 3 场结算：甲 → 乙 16\.00 元", details.text)

    assert check_file(h.ledger.path) == []


@pytest.mark.parametrize(
    ("presser", "allowed"),
    [
        pytest.param("戊", False, id="stranger-refused"),
        pytest.param("丙", True, id="payer"),
        pytest.param("乙", True, id="payee"),
        pytest.param("丁", True, id="admin"),
    ],
)
async def test_who_may_mark_a_debt_paid(harness: Harness, presser: str, allowed: bool) -> None:
    h = harness
    await _speak_up(h, "乙", "丙", "丁", "戊")
    # 丁 (an admin) and 戊 (a member) watch; 甲, the chat's owner, opens the table
    await h.say("甲", "/new 杭州 1 乙 丙 阿明 阿强 每分1元")
    await h.say("甲", "/hu 乙 点炮 丙 爆头")
    [settled] = [s for s in await h.say("甲", "/settle") if s.method == "sendMessage"]
    index = _button(settled, "✅ 已付 丙→乙")
    sent = await _press(h, presser, settled, index)
    if not allowed:
        assert "只有 丙、乙 或管理员可以标记这笔已付" in _alert(sent)
        assert not [s for s in sent if s.method == "editMessageText"]
        assert ("丙", "乙") in await _open(h)
        return
    edited = _edited(sent)
    assert f"✅ {presser} 标记已付：丙 → 乙" in edited.text
    assert ("丙", "乙") not in await _open(h)
    again = await _press(h, presser, settled, index)  # the old ✅ once more: already paid
    assert "已经付过了" in _alert(again)
    undo = _button(edited, "↩ 撤销（管理员）")
    if presser != "丁":  # only an admin undoes
        assert "只有管理员可以撤销已付" in _alert(await _press(h, presser, edited, undo))
        assert ("丙", "乙") not in await _open(h)
    _edited(await _press(h, "丁", edited, undo))
    assert ("丙", "乙") in await _open(h)
    assert check_file(h.ledger.path) == []


async def test_a_forged_button_is_refused(harness: Harness) -> None:
    h = harness
    await _speak_up(h, "乙")
    await h.say("甲", "/new 杭州 1 甲 乙 丙 丁 每分1元")
    await h.say("甲", "/hu 甲 点炮 乙 爆头")
    [settled] = [s for s in await h.say("甲", "/settle") if s.method == "sendMessage"]
    data = settled.buttons[_button(settled, "✅ 已付 乙→甲")][1]
    forged = re.sub(r":(\d+):([^:]+)$", lambda m: f":1:{m[2]}", data)  # 1 fen instead
    assert settled.message_id is not None
    sent = await h.feed(h.make.press(GROUP, PLAYERS["乙"], settled.message_id, forged))
    assert "按钮" in _alert(sent) or "button" in _alert(sent).lower()
    assert ("乙", "甲") in await _open(h)


async def test_points_only_sessions_keep_no_debts(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/hu 甲 自摸 爆头")
    await harness.say("甲", "/settle")
    [sent] = await harness.say("甲", "/debts")
    assert "没有欠账" in sent.text


async def test_the_weekly_reminder_is_a_setting_off_by_default(harness: Harness) -> None:
    h = harness
    [shown] = await h.say("乙", "/settings")
    assert "欠账提醒：关" in shown.text
    assert "debt-reminders" in [job.name for job in h.app.job_queue.jobs()]  # type: ignore[union-attr]
    await _speak_up(h, "乙")
    await _evening(h, "甲")
    later = datetime.now(UTC) + timedelta(days=8)
    assert await send_reminders(h.app.bot, h.ledger, later) == 0  # off: nothing sent
    [refused] = await h.say("乙", "/settings 欠账提醒 每周")
    assert "只有群管理员" in refused.text
    [changed] = await h.say("丁", "/settings 欠账提醒 每周")
    assert "欠账提醒：每周一晚 8 点提醒" in changed.text
    assert await send_reminders(h.app.bot, h.ledger, datetime.now(UTC)) == 0  # none a week old
    before = len(h.api.sent)
    assert await send_reminders(h.app.bot, h.ledger, later) == 1
    [reminder] = h.api.sent[before:]
    assert reminder.chat_id == GROUP and "超过一周没结清的欠账（3 笔）" in reminder.text
    assert "乙 → 甲：16.00 元" in reminder.text


async def test_a_refused_press_by_an_admin_never_seen_records_nobody(harness: Harness) -> None:
    """The ✅ of a debt already paid, and the ↩ of a payment already undone, pressed by an
    admin the bot has never seen: refused, and no player row written for them (the presser is
    recorded by the write, once it goes ahead)."""
    h = harness
    await _speak_up(h, "乙", "丙", "丁")
    await h.say("甲", "/new 杭州 1 乙 丙 阿明 阿强 每分1元")
    await h.say("甲", "/hu 乙 点炮 丙 爆头")
    [settled] = [s for s in await h.say("甲", "/settle") if s.method == "sendMessage"]
    index = _button(settled, "✅ 已付 丙→乙")
    edited = _edited(await _press(h, "丁", settled, index))
    undo = _button(edited, "↩ 撤销（管理员）")
    _edited(await _press(h, "丁", edited, undo))
    _edited(await _press(h, "丁", settled, index))  # paid again: the undo's ↩ is stale now
    newcomer = 4343
    h.api.add_user(newcomer, "新管理")
    h.api.set_status(GROUP, newcomer, "administrator")
    before = await h.ledger.players.all(GROUP)
    assert "已经付过了" in _alert(await _press(h, newcomer, settled, index))
    assert "撤销过了" in _alert(await _press(h, newcomer, edited, undo))
    assert await h.ledger.players.all(GROUP) == before
