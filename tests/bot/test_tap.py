"""Recording by buttons: /hu, /kong and /draw without words open a flow on one message; what
it records is what the typed line records. Permissions, expiry, double presses, restarts,
cancel, zh and en, through the real Application and the Bot API emulator."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from bot.console.local_api import Sent
from bot.handlers.tap import job_name
from bot.tap.flow import LIFETIME_SECONDS
from tests.bot.conftest import GROUP, PLAYERS, Harness, running_harness
from tests.bot.tap_driver import Flow, open_flow

TWIN = -1002  # a second group where the same table types what the other taps


async def twin_table(harness: Harness, line: str = "/new 杭州 1 甲 乙 丙 丁") -> None:
    harness.api.add_chat(TWIN, "对照组", kind="supergroup")
    [opened] = await harness.say("甲", line, chat=TWIN)
    assert "第" in opened.text or "Session" in opened.text


def without_ids(text: str) -> str:
    return re.sub(r"#\d+(,\d+)*", "#…", text)


async def entries_of(harness: Harness, chat: int) -> list[tuple[object, ...]]:
    """A chat's entries as the ledger keeps them, players by name (ids differ by chat)."""
    session = await harness.ledger.sessions.current(chat)
    assert session is not None
    names = {p.id: p.name for p in await harness.ledger.players.all(chat)}
    page = await harness.ledger.reports.history(chat, session.id, page_size=50)
    return [
        (
            entry.kind,
            entry.hand_line,
            entry.result_json,
            sorted((names[player], delta) for player, delta in entry.postings.items()),
        )
        for entry in page.entries
    ]


async def same_as_typed(harness: Harness, flow: Flow, typed: str) -> None:
    """The flow's ✅ recorded what ``typed`` records in the twin chat: entries, reply, picture."""
    tapped = flow.replies()
    said = await harness.say("甲", typed, chat=TWIN)
    assert [s.method for s in tapped] == [s.method for s in said]
    assert [without_ids(s.text) for s in tapped] == [without_ids(s.text) for s in said]
    assert [s.content for s in tapped] == [s.content for s in said]
    assert await entries_of(harness, GROUP) == await entries_of(harness, TWIN)


@pytest.mark.parametrize(("lang", "record"), [("zh", "✅ 记账"), ("en", "✅ Record")])
async def test_a_win_by_buttons_is_the_typed_line(harness: Harness, lang: str, record: str) -> None:
    await harness.say("甲", f"/lang {lang}")
    await harness.open_table()
    flow = await open_flow(harness, "/hu")
    assert set(flow.labels) >= {"甲", "乙", "丙", "丁"}
    await flow.tap("甲")
    await flow.tap("点炮" if lang == "zh" else "点炮 discard")
    await flow.tap("丙")
    await flow.tap("七对" if lang == "zh" else "七对 seven pairs")
    assert record not in flow.labels  # 七对 with or without a wild: it waits for 有花/无花
    await flow.tap("有花" if lang == "zh" else "有花 with wild")
    assert "财神七对" in flow.text and "丙 −16" in flow.text  # the money: nothing written yet
    assert await harness.ledger.reports.last_entry(GROUP, 1) is None
    await flow.tap(record)
    assert "/hu 甲 点炮 丙 七对 有花" in flow.text and not flow.shown.buttons
    harness.api.add_chat(TWIN, "twin", kind="supergroup")
    harness.api.set_status(TWIN, PLAYERS["甲"], "creator")  # /lang is an admin's
    await harness.say("甲", f"/lang {lang}", chat=TWIN)
    await harness.say("甲", "/new 杭州 1 甲 乙 丙 丁", chat=TWIN)
    await same_as_typed(harness, flow, "/hu 甲 点炮 丙 七对 有花")


async def test_one_discard_two_winners_each_with_patterns(harness: Harness) -> None:
    await harness.open_table()
    await twin_table(harness)
    flow = await open_flow(harness, "/hu")
    for label in ("甲", "点炮", "丙", "七对", "有花"):
        await flow.tap(label)
    assert "✅ 记账" in flow.labels and "➕ 还有人胡" in flow.labels
    await flow.tap("➕ 还有人胡")
    assert {"乙", "丁"} == {label for label in flow.labels if label in PLAYERS}  # not 甲, 丙
    await flow.tap("乙")
    assert "乙 有哪些牌型" in flow.text and "甲 +" in flow.text and "乙 +" in flow.text
    for label in ("爆头", "✅ 记账"):
        await flow.tap(label)
    await same_as_typed(harness, flow, "/hu 甲 点炮 丙 七对 有花；乙 爆头")
    assert len(await entries_of(harness, GROUP)) == 2


async def test_hu_with_a_name_starts_at_how_it_was_won(harness: Harness) -> None:
    await harness.open_table()
    await twin_table(harness)
    flow = await open_flow(harness, "/hu 乙")
    assert "乙 怎么胡的" in flow.text and "自摸" in flow.labels
    for label in ("自摸", "爆头", "✅ 记账"):
        await flow.tap(label)
    await same_as_typed(harness, flow, "/hu 乙 自摸 爆头")


async def test_back_undoes_a_step(harness: Harness) -> None:
    await harness.open_table()
    flow = await open_flow(harness, "/hu 乙")
    await flow.tap("点炮")
    assert "谁点的炮" in flow.text
    await flow.tap("◀ 返回")
    assert "乙 怎么胡的" in flow.text
    await flow.tap("自摸")
    assert "乙 有哪些牌型" in flow.text and "/hu 乙 自摸" in flow.text


@pytest.mark.parametrize(
    ("ruleset", "offered", "not_offered"),
    [
        ("杭州", {"爆头", "七对", "财飘", "二连杠"}, {"清一色", "对对胡", "豪华"}),
        # 双辣 counts 台 only: a word that adds none (爆头, a shape, a kong chain, 地胡) is
        # not offered even though the table is under its four 台 (issue 30)
        (
            "双辣",
            {"清一色", "混一色", "对对胡", "座风刻"},
            {"财飘", "爆头", "十三不搭", "二连杠", "地胡", "七对"},
        ),
        # 强盗胡 pays a 七对 or 十三不搭 as any other win: naming it would change nothing;
        # its 爆头 is only 有花 said another way (the 有花 / 无花 buttons say it)
        ("强盗胡", {"二连杠"}, {"清一色", "财飘", "七对", "十三不搭", "爆头"}),
        # 硬飘花 names its 飘 飘一花 / 飘两花 / 飘三花, not 杭州's 财飘 (issue 30)
        ("硬飘花", {"爆头", "飘一花", "飘两花", "飘三花"}, {"财飘", "双财飘", "三财飘"}),
        ("软飘花", {"飘一花", "飘两花"}, {"财飘", "双财飘"}),
    ],
    ids=["hangzhou", "shuangla", "qiangdao", "yingpiao", "ruanpiao"],
)
async def test_only_the_rulesets_own_patterns_that_can_apply(
    harness: Harness, ruleset: str, offered: set[str], not_offered: set[str]
) -> None:
    await harness.open_table(f"/new {ruleset} 1 甲 乙 丙 丁")
    flow = await open_flow(harness, "/hu 乙")
    await flow.tap("自摸")
    assert offered <= set(flow.labels), flow.labels
    assert not not_offered & set(flow.labels), flow.labels


async def test_luxury_is_offered_once_seven_pairs_is_chosen(harness: Harness) -> None:
    await harness.open_table()
    flow = await open_flow(harness, "/hu 乙")
    await flow.tap("自摸")
    assert "豪华" not in flow.labels
    await flow.tap("七对")
    assert "豪华" in flow.labels


async def test_wilds_are_asked_only_where_they_change_the_money(harness: Harness) -> None:
    await harness.open_table()
    flow = await open_flow(harness, "/hu 乙")
    await flow.tap("自摸")
    await flow.tap("财飘")  # a float is a wild: 有花 or not changes nothing
    assert "有花" not in flow.labels
    await flow.tap("财飘")
    await flow.tap("七对")  # 七对 with or without a wild: 4 or 2
    assert {"有花", "无花"} <= set(flow.labels)


async def test_a_refused_line_is_shown_in_the_preview_without_a_record_button(
    harness: Harness,
) -> None:
    await harness.open_table("/new 双辣 1 甲 乙 丙 丁")
    await twin_table(harness, "/new 双辣 1 甲 乙 丙 丁")
    flow = await open_flow(harness, "/hu 乙")
    await flow.tap("自摸")
    assert "❌" in flow.text and "✅ 记账" not in flow.labels and "◀ 返回" in flow.labels
    [typed] = await harness.say("甲", "/hu 乙 自摸", chat=TWIN)
    refusal = next(line for line in flow.text.splitlines() if line.startswith("❌"))
    assert refusal in typed.text


async def test_kong_by_buttons_is_the_typed_line(harness: Harness) -> None:
    await harness.open_table()
    await twin_table(harness)
    flow = await open_flow(harness, "/kong")
    assert "谁杠了" in flow.text
    for label in ("甲", "明杠 丙"):
        await flow.tap(label)
    assert "甲 +3" in flow.text
    await flow.tap("✅ 记账")
    await same_as_typed(harness, flow, "/kong 甲 明杠 丙")


async def test_kong_with_a_name_starts_at_its_kind(harness: Harness) -> None:
    await harness.open_table()
    await twin_table(harness)
    flow = await open_flow(harness, "/kong 乙")
    assert set(flow.labels) >= {"暗杠", "补杠", "明杠 甲", "明杠 丙", "明杠 丁"}
    await flow.tap("暗杠")
    await flow.tap("✅ 记账")
    await same_as_typed(harness, flow, "/kong 乙 暗杠")


async def test_kong_buttons_are_refused_where_kongs_do_not_settle(harness: Harness) -> None:
    await harness.open_table("/new 强盗胡 1 甲 乙 丙 丁")
    [refused] = await harness.say("甲", "/kong")
    assert refused.text.startswith("❌") and not refused.buttons


async def test_draw_from_the_menu_asks_first_and_typed_draw_records_at_once(
    harness: Harness,
) -> None:
    await harness.open_table()
    flow = await open_flow(harness, "/draw")
    assert "第 1 局流局，记吗" in flow.text
    assert await harness.ledger.reports.last_entry(GROUP, 1) is None
    await flow.tap("✅ 记账")
    [reply] = flow.replies()
    assert "流局" in reply.text and reply.buttons  # the typed reply, its 撤销 button
    [typed] = await harness.say("甲", "流局")
    assert "流局" in typed.text and "第 2 局" in typed.text


@pytest.mark.parametrize(
    ("who", "allowed"),
    [("乙", True), ("丁", True), ("戊", False)],  # 戊: asked who she is (issue 30)
    ids=["seated-player", "admin", "outsider"],
)
async def test_only_seated_players_or_admins_may_press(
    harness: Harness, who: str, allowed: bool
) -> None:
    await harness.say("乙", "/new 杭州 1 乙 甲 丙 丁")  # 乙 seated as herself, no admin
    flow = await open_flow(harness, "/hu")
    before = flow.text
    await flow.tap("甲", who=who)
    [answered] = flow.answers()
    if allowed:
        assert "/hu 甲" in flow.text and not answered.text
    else:  # unclaimed guests sit: 戊 is asked which one she is, her press waits
        assert flow.text == before and answered.text == "先点一下你是哪位"
        [asked] = [s for s in flow.last or [] if s.method == "sendMessage"]
        assert asked.text.startswith("戊，你是哪位？")


async def test_a_flow_left_alone_expires_and_says_so(harness: Harness) -> None:
    await harness.open_table()
    flow = await open_flow(harness, "/hu")
    assert harness.app.job_queue is not None
    [job] = harness.app.job_queue.get_jobs_by_name(job_name(GROUP, flow.data("甲").split(":")[1]))
    before = len(harness.api.sent)
    await job.run(harness.app)
    [expired] = harness.api.sent[before:]
    assert expired.method == "editMessageText" and "已过期" in expired.text
    assert not expired.buttons
    await flow.press_data("甲", flow.data("甲"))
    [answered] = flow.answers()
    assert "不在了" in answered.text and await harness.ledger.reports.last_entry(GROUP, 1) is None
    assert LIFETIME_SECONDS == 15 * 60


async def test_a_press_after_the_deadline_expires_the_flow(harness: Harness) -> None:
    await harness.open_table()
    flow = await open_flow(harness, "/hu")
    [kept] = harness.app.chat_data[GROUP].flows.values()
    kept.deadline = 0.0  # as if 15 minutes had passed before the job ran
    await flow.tap("甲")
    assert "已过期" in flow.text and not flow.shown.buttons


async def path_to_confirm(harness: Harness) -> Flow:
    flow = await open_flow(harness, "/hu 乙")
    for label in ("自摸", "爆头"):
        await flow.tap(label)
    return flow


async def test_a_double_press_records_once(harness: Harness) -> None:
    await harness.open_table()
    flow = await path_to_confirm(harness)
    ok = flow.data("✅ 记账")
    await flow.press_data("甲", ok)
    assert len(flow.replies()) == 1
    await flow.press_data("乙", ok)
    [answered] = flow.answers()
    assert "已经记过了（#1）" in answered.text and flow.replies() == []
    assert len(await entries_of(harness, GROUP)) == 1


async def test_two_presses_at_once_record_once(harness: Harness) -> None:
    await harness.open_table()
    flow = await path_to_confirm(harness)
    ok = flow.data("✅ 记账")
    assert flow.shown.message_id is not None
    presses = [harness.make.press(GROUP, PLAYERS[who], flow.shown.message_id, ok) for who in "甲丁"]
    before = len(harness.api.sent)
    await asyncio.gather(*(harness.feed(press) for press in presses))
    sent = harness.api.sent[before:]
    replies = [s for s in sent if s.method == "sendMessage"]
    answers = [s.text for s in sent if s.method == "answerCallbackQuery"]
    assert len(replies) == 1 and "#1" in replies[0].text
    assert sum("已经记过了" in text for text in answers) == 1
    assert len(await entries_of(harness, GROUP)) == 1


async def test_a_confirm_after_a_restart_answers_already_recorded(tmp_path: Path) -> None:
    database = tmp_path / "m.db"
    async with running_harness(database) as first:
        await first.open_table()
        flow = await path_to_confirm(first)
        ok = flow.data("✅ 记账")
        await flow.press_data("甲", ok)
        message = first.api.messages[(GROUP, flow.shown.message_id or 0)]
        waiting = await path_to_confirm(first)
        waiting_message = first.api.messages[(GROUP, waiting.shown.message_id or 0)]
        waiting_ok = waiting.data("✅ 记账")
    async with running_harness(database) as second:  # the flows were in memory only
        for kept in (message, waiting_message):
            second.api.messages[(GROUP, kept["message_id"])] = kept
        again = Flow(second, Sent("sendMessage", GROUP, message["message_id"], ""))
        await again.press_data("甲", ok)
        [answered] = again.answers()
        assert "已经记过了（#1）" in answered.text
        gone = Flow(second, Sent("sendMessage", GROUP, waiting_message["message_id"], ""))
        await gone.press_data("甲", waiting_ok)
        [answered] = gone.answers()
        assert "不在了" in answered.text
        assert len(await entries_of(second, GROUP)) == 1


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("zh", ("✅ 记账", "✖ 取消", "取消了，没有记账", "不在了")),
        ("en", ("✅ Record", "✖ Cancel", "Cancelled by 甲: nothing recorded", "This flow is gone")),
    ],
)
async def test_cancel_records_nothing_and_the_flow_is_gone(
    harness: Harness, lang: str, words: tuple[str, str, str, str]
) -> None:
    record, cancel, cancelled, gone = words
    await harness.say("甲", f"/lang {lang}")
    await harness.open_table()
    flow = await open_flow(harness, "/hu 乙")
    await flow.tap("自摸" if lang == "zh" else "自摸 self-draw")
    ok = flow.data(record)
    await flow.tap(cancel)
    assert cancelled in flow.text and not flow.shown.buttons
    await flow.press_data("甲", ok)
    [answered] = flow.answers()
    assert gone in answered.text
    assert await harness.ledger.reports.last_entry(GROUP, 1) is None


async def test_a_button_from_an_earlier_step_changes_nothing(harness: Harness) -> None:
    await harness.open_table()
    flow = await open_flow(harness, "/hu 乙")
    self_draw = flow.data("自摸")
    await flow.tap("点炮")
    shown = flow.text
    await flow.press_data("甲", self_draw)
    [answered] = flow.answers()
    assert "已经到下一步了" in answered.text and flow.text == shown


async def test_a_session_closed_meanwhile_ends_the_flow(harness: Harness) -> None:
    await harness.open_table()
    flow = await path_to_confirm(harness)
    await harness.say("甲", "/settle")
    await flow.tap("✅ 记账")
    [answered] = flow.answers()
    assert (
        "牌局已经换了" in answered.text
        and await harness.ledger.reports.last_entry(GROUP, 1) is None
    )


@pytest.mark.parametrize(
    "data", ["tap:", "tap:zz:0:ok", "tap:2:x:ok", "tap:2:0:s?", "tap:2:999:h9", "tap:ü:0:b"]
)
async def test_forged_data_is_answered_and_changes_nothing(harness: Harness, data: str) -> None:
    await harness.open_table()
    flow = await open_flow(harness, "/hu")
    shown = flow.text
    await flow.press_data("甲", data)
    assert len(flow.answers()) == 1 and flow.text == shown
    assert harness.api.refusals == []


async def test_back_to_the_winners_asks_who_discarded_again(harness: Harness) -> None:
    await harness.open_table()
    flow = await open_flow(harness, "/hu")
    for label in ("乙", "点炮", "丙", "◀ 返回", "◀ 返回", "◀ 返回"):
        await flow.tap(label)
    assert "谁胡了" in flow.text and "等于打字：/hu\n" in flow.text  # 乙 untapped too
    await flow.tap("丙")  # the discarder picked before wins instead
    assert "点炮" in flow.labels
    await flow.tap("点炮")
    assert {"甲", "乙", "丁"} <= set(flow.labels) and "丙" not in flow.labels


async def test_a_name_that_would_split_the_line_is_recorded_by_its_seat(harness: Harness) -> None:
    harness.api.add_user(16, "老;王")  # a Telegram name: nobody checks it like a guest's
    await harness.open_table("/new 杭州 1 甲 乙 丙")
    await harness.feed(harness.make.message(GROUP, 16, "/join"))
    flow = await open_flow(harness, "/hu")
    for label in ("老;王", "点炮", "甲", "爆头"):
        await flow.tap(label)
    assert "老;王（北）胡" in flow.text and "甲 −16" in flow.text
    await flow.tap("✅ 记账")
    assert "/hu N 点炮 甲 爆头" in flow.text  # written by its seat: it reads back as typed
    [entry] = await entries_of(harness, GROUP)
    assert entry[0] == "win" and "('老;王', 16)" in str(entry[3])


@pytest.mark.parametrize("line", ["/hu", "/kong", "/draw", "/hu 甲"])
async def test_no_flow_without_a_full_table(harness: Harness, line: str) -> None:
    [none] = await harness.say("甲", line)
    assert none.text.startswith("❌") and "/new" in none.text and not none.buttons
    await harness.say("甲", "/new 杭州 1 甲 乙")
    [half] = await harness.say("甲", line)
    assert half.text.startswith("❌") and "西" in half.text and not half.buttons
