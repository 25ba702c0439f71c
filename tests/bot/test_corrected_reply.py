"""The reply to an edited /hu starts with the correction (已更正：撤销 #1，重记为 #3), and the
📋 详情 / 🔼 收起 buttons, which write the reply again from the ledger, keep that line."""

from __future__ import annotations

import pytest

from tests.bot.conftest import GROUP, PLAYERS, Harness


@pytest.mark.parametrize(
    ("edits", "line"),
    [
        pytest.param(
            ["/hu 甲 自摸 爆头"], "✏️ 消息改了，已更正：撤销 #1，重记为 #3", id="edited-once"
        ),
        pytest.param(
            ["/hu 甲 自摸 爆头", "/hu 甲 自摸 杠开"],
            "✏️ 消息改了，已更正：撤销 #3，重记为 #5",
            id="edited-twice",
        ),
    ],
)
async def test_details_and_fold_keep_the_correction_line(
    harness: Harness, edits: list[str], line: str
) -> None:
    await harness.open_table()
    update = harness.make.message(GROUP, PLAYERS["甲"], "/hu 甲 自摸")
    await harness.feed(update)
    for text in edits:
        [reply] = await harness.feed(
            harness.make.edit(GROUP, update["message"]["message_id"], text)
        )
    assert reply.text.startswith(line)
    _, details = await harness.press("乙", reply, 1)
    assert details.text.startswith(line) and "本场积分" in details.text
    _, folded = await harness.press("乙", details, 1)
    assert folded.text == reply.text and folded.buttons == reply.buttons


async def test_a_hand_never_edited_gets_no_correction_line(harness: Harness) -> None:
    await harness.open_table()
    [reply] = await harness.say("甲", "/hu 甲 自摸")
    _, details = await harness.press("乙", reply, 1)
    assert "已更正" not in details.text


async def test_an_earlier_corrections_reply_keeps_its_line_when_undone_since(
    harness: Harness,
) -> None:
    await harness.open_table()
    update = harness.make.message(GROUP, PLAYERS["甲"], "/hu 甲 自摸")
    await harness.feed(update)
    message_id = update["message"]["message_id"]
    [first] = await harness.feed(harness.make.edit(GROUP, message_id, "/hu 甲 自摸 爆头"))
    await harness.feed(harness.make.edit(GROUP, message_id, "/hu 甲 自摸 杠开"))
    _, undone = await harness.press("乙", first, 1)
    assert undone.text.startswith("✏️ 消息改了，已更正：撤销 #1，重记为 #3\n🀄 #3")
    assert "已撤销（#4）" in undone.text


async def test_why_as_a_reply_to_a_correction_explains_the_hand_written_in_its_place(
    harness: Harness,
) -> None:
    await harness.open_table()
    update = harness.make.message(GROUP, PLAYERS["甲"], "/hu 甲 自摸")
    await harness.feed(update)
    [correction] = await harness.feed(
        harness.make.edit(GROUP, update["message"]["message_id"], "/hu 甲 自摸 爆头")
    )
    [why] = await harness.say("乙", "/why", reply_to=correction.message_id)
    assert why.text.startswith("#3 甲 胡\n") and "爆头" in why.text
