"""Lines typed without a slash (bot/grammar/typed.py, bot/handlers/typed.py): the ✅ under a
suggested reading records exactly that line once, for whoever typed it or an admin; a glued
name that reads two ways is asked about; chatter and lines without a table get no answer; the
first minute says whether the bot reads plain lines (getMe) and how to let it."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bot.buttons import typed_confirm
from bot.buttons.undo_confirm import CONFIRM_SECONDS
from bot.console.local_api import LocalBotApi
from tests.bot.conftest import GROUP, PLAYERS, Harness, running_harness

TABLE = "/new 杭州 1 老王 小李 阿明 大刘"


async def _entries(harness: Harness) -> list[int]:
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    history = await harness.ledger.reports.history(GROUP, session.id)
    return [entry.id for entry in history.entries]


async def test_the_typer_confirms_a_reading_once(harness: Harness) -> None:
    await harness.open_table(TABLE)
    [offer] = await harness.say("乙", "老王 自模 爆头")
    assert "胡 老王 自摸 爆头" in offer.text.splitlines() and await _entries(harness) == []
    denied = await harness.press("丙", offer)  # neither the typer nor an admin
    assert [s.text for s in denied if s.method == "answerCallbackQuery"] == [
        "只有发这句话的人或群管理员可以确认"
    ]
    assert await _entries(harness) == []
    pressed = await harness.press("乙", offer)
    [done] = [s for s in pressed if s.method == "editMessageText"]
    assert "胡 老王 自摸 爆头" in done.text and not done.buttons
    [recorded] = [s for s in pressed if s.method == "sendMessage"]
    assert "老王 +48" in recorded.text
    assert len(await _entries(harness)) == 1
    # The same press delivered again (a retried update) finds the line recorded: once only.
    assert offer.message_id is not None
    press = harness.make.press(GROUP, PLAYERS["乙"], offer.message_id, offer.buttons[0][1])
    harness.api.messages[(GROUP, offer.message_id)]["text"] = offer.text  # as it was pressed
    await harness.feed(press)
    again = await harness.feed(press)
    assert [s.method for s in again] == ["answerCallbackQuery"]
    assert len(await _entries(harness)) == 1


async def test_an_admin_may_confirm_anothers_reading(harness: Harness) -> None:
    await harness.open_table(TABLE)
    [offer] = await harness.say("乙", "不对不对 阿明 是 小李 点的炮")
    assert "胡 阿明 点炮 小李" in offer.text.splitlines() and "撤销" in offer.text
    await harness.press("丁", offer)  # 丁 is a chat admin
    assert len(await _entries(harness)) == 1


@pytest.mark.parametrize("forged", ["altered", "other-reading", "expired"])
async def test_a_forged_or_expired_confirm_records_nothing(harness: Harness, forged: str) -> None:
    await harness.open_table(TABLE)
    [offer] = await harness.say("甲", "老王 自模 爆头")
    assert offer.message_id is not None
    _, data = offer.buttons[0]
    if forged == "altered":
        data = data[:-1] + ("A" if data[-1] != "A" else "B")
    elif forged == "other-reading":  # a signature for another line, under this one
        data = typed_confirm.confirm_data("123:TEST", GROUP, (PLAYERS["甲"], 1), "胡 老王 三财飘")
    else:
        past = time.time() - CONFIRM_SECONDS - 5
        line = "胡 老王 自摸 爆头"
        data = typed_confirm.confirm_data("123:TEST", GROUP, (PLAYERS["甲"], 1), line, now=past)
    answers = await harness.feed(harness.make.press(GROUP, PLAYERS["甲"], offer.message_id, data))
    assert any(s.method == "answerCallbackQuery" for s in answers)
    assert await _entries(harness) == []


async def test_a_glued_chunk_two_players_could_be_is_asked_about(harness: Harness) -> None:
    await harness.open_table("/new 杭州 1 老王 小李 老王小 李")
    [question] = await harness.say("甲", "老王小李自摸")
    assert question.text.startswith("❌") and "老王 小李 自摸" in question.text
    assert "老王小 李 自摸" in question.text and not question.buttons
    assert await _entries(harness) == []


async def test_lines_without_an_open_session_get_no_answer(harness: Harness) -> None:
    assert await harness.say("甲", "老王自摸爆头") == []
    assert await harness.say("甲", "台费40") == []


async def test_an_over_long_line_is_chatter(harness: Harness) -> None:
    await harness.open_table(TABLE)
    assert await harness.say("甲", "老王自摸" * 100) == []


async def test_the_welcome_says_privacy_mode_is_on_and_how_to_turn_it_off(
    harness: Harness,
) -> None:
    [welcome] = await harness.feed(harness.make.bot_status(GROUP, PLAYERS["甲"], "left", "member"))
    assert "隐私模式" in welcome.text and "/setprivacy" in welcome.text and "管理员" in welcome.text
    [intro] = await harness.say("甲", "/start", chat=PLAYERS["甲"])
    assert "/setprivacy" in intro.text


async def test_added_as_an_admin_the_bot_says_it_reads_plain_lines(harness: Harness) -> None:
    added = harness.make.bot_status(GROUP, PLAYERS["甲"], "left", "administrator")
    [welcome] = await harness.feed(added)
    assert "/setprivacy" not in welcome.text and "老王自摸爆头" in welcome.text


async def test_with_privacy_mode_off_getme_says_so_and_start_tells_it(tmp_path: Path) -> None:
    api = LocalBotApi()
    api.bot_user["can_read_all_group_messages"] = True  # BotFather: /setprivacy → Disable
    api.add_chat(GROUP, "周五麻将", kind="supergroup")
    api.add_chat(PLAYERS["甲"], "甲", kind="private")
    api.add_user(PLAYERS["甲"], "甲")
    async with running_harness(tmp_path / "m.db", api) as harness:
        [intro] = await harness.say("甲", "/start", chat=PLAYERS["甲"])
        assert "/setprivacy" not in intro.text and "群里的话我都看得到" in intro.text


async def test_an_edited_typed_result_corrects_its_hand(harness: Harness) -> None:
    await harness.open_table(TABLE)
    line = harness.make.message(GROUP, PLAYERS["甲"], "老王自摸爆头")
    [first] = await harness.feed(line)
    assert "老王 +48" in first.text
    message_id = line["message"]["message_id"]
    [corrected] = await harness.feed(harness.make.edit(GROUP, message_id, "老王自摸 财飘"))
    assert "老王 +96" in corrected.text
    assert len(await _entries(harness)) == 3  # the hand, its reversal, the corrected hand


async def test_an_edited_line_that_recorded_nothing_records_nothing(harness: Harness) -> None:
    await harness.open_table(TABLE)
    line = harness.make.message(GROUP, PLAYERS["甲"], "老王 自模 爆头")
    [offer] = await harness.feed(line)
    assert offer.buttons  # its reading waits under a ✅: the edit must not record it too
    edited = harness.make.edit(GROUP, line["message"]["message_id"], "老王 自摸 爆头")
    assert await harness.feed(edited) == []
    assert await _entries(harness) == []


async def test_a_correction_replaces_the_latest_hand_once_confirmed(harness: Harness) -> None:
    await harness.open_table(TABLE)
    [recorded] = await harness.say("甲", "老王自摸爆头")
    assert "老王 +48" in recorded.text
    [hand] = await _entries(harness)
    [offer] = await harness.say("甲", "不对 老王自摸 财飘")
    assert "胡 老王 自摸 财飘" in offer.text.splitlines() and f"#{hand}" in offer.text
    assert await _entries(harness) == [hand]  # nothing changes before the ✅
    pressed = await harness.press("甲", offer)
    [reply] = [s for s in pressed if s.method == "sendMessage"]
    assert "老王 +96" in reply.text and f"#{hand}" in reply.text
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    tally = await harness.ledger.reports.tally(GROUP, session.id)
    assert {row.player.name: row.balance for row in tally.rows}["老王"] == 96


async def test_a_correction_is_confirmed_only_by_who_may_undo_the_hand(harness: Harness) -> None:
    await harness.open_table(TABLE)
    await harness.say("甲", "老王自摸爆头")
    [offer] = await harness.say("乙", "不对 小李自摸")  # 乙 neither recorded it nor is an admin
    answers = await harness.press("乙", offer)
    assert [s.method for s in answers] == ["answerCallbackQuery"]
    assert len(await _entries(harness)) == 1
