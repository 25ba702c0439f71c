"""Issue 30, item 1: one tap to be yourself. Friends seated by name (`/new 杭州 1 老王 小李 阿明
大刘`) who press a seated-only button, or type a line, are asked 「你是哪位？」; one tap is their
/iam (same rules, announced, undone as any P-event) and the press they meant goes on."""

from __future__ import annotations

from bot.console.local_api import Sent
from tests.bot.conftest import GROUP, Harness
from tests.bot.tap_driver import Flow, open_flow

TABLE = "/new 杭州 1 老王 小李 阿明 大刘"
GUESTS = ["老王", "小李", "阿明", "大刘"]


def _labels(sent: Sent) -> list[str]:
    return [label for label, _ in sent.buttons]


def _messages(sent: list[Sent]) -> list[Sent]:
    return [s for s in sent if s.method == "sendMessage"]


def _answers(sent: list[Sent]) -> list[str]:
    return [s.text for s in sent if s.method == "answerCallbackQuery"]


async def _identity_events(harness: Harness) -> int:
    return len(await harness.ledger.people.identity_events(GROUP, None, None))


async def _asked_on_press(harness: Harness) -> tuple[Flow, Sent]:
    await harness.say("甲", TABLE)
    flow = await open_flow(harness, "/hu")  # 甲 opened the table: may press, not seated
    sent = await flow.tap("小李", who="乙")  # 乙 is 阿明, but nothing says so yet
    [asked] = _messages(sent)
    return flow, asked


async def test_new_carries_a_button_per_guest(harness: Harness) -> None:
    [opened] = await harness.say("甲", TABLE)
    assert opened.text.endswith("哪位是你？点自己的名字认领（同 /iam）")
    assert _labels(opened) == [*GUESTS, "👀 只是看看"]
    assert all(len(data.encode()) <= 64 for _, data in opened.buttons)


async def test_a_press_from_a_friend_not_seated_asks_who_they_are(harness: Harness) -> None:
    flow, asked = await _asked_on_press(harness)
    assert asked.text == "乙，你是哪位？点你的名字就算认领（同 /iam），刚才按的会接着记"
    assert _labels(asked) == [*GUESTS, "👀 只是看看"]
    assert _answers(flow.last or []) == ["先点一下你是哪位"]
    assert "谁胡了" in flow.text  # the press waits: the flow has not moved
    assert await _identity_events(harness) == 0


async def test_one_tap_claims_and_the_press_goes_on(harness: Harness) -> None:
    flow, asked = await _asked_on_press(harness)
    sent = await harness.press("乙", asked, GUESTS.index("阿明"))
    [announced] = _messages(sent)
    assert announced.text.startswith("P1 「阿明」和「乙」是同一个人了")
    assert "西 乙" in announced.text and _labels(announced) == ["↩️ 撤销"]
    edits = [s for s in sent if s.method == "editMessageText"]
    [still_asking] = [s for s in edits if s.message_id == asked.message_id]
    assert _labels(still_asking) == ["老王", "小李", "大刘", "👀 只是看看"]
    [moved] = [s for s in edits if s.message_id == flow.shown.message_id]
    assert "小李 怎么胡的" in moved.text  # the press 乙 meant, made
    flow.shown = moved
    await flow.tap("自摸", who="乙")  # seated now: no question
    await flow.tap("✅ 记账", who="乙")
    entry = await harness.ledger.reports.last_entry(GROUP, 1)
    assert entry is not None and entry.hand_line is not None


async def test_just_watching_claims_nothing(harness: Harness) -> None:
    flow, asked = await _asked_on_press(harness)
    sent = await harness.press("乙", asked, len(GUESTS))
    assert _answers(sent) == ["好的，只看不按"] and not _messages(sent)
    assert await _identity_events(harness) == 0
    assert "谁胡了" in flow.text


async def test_a_guest_claimed_cannot_be_claimed_again(harness: Harness) -> None:
    _flow, asked = await _asked_on_press(harness)
    await harness.press("乙", asked, GUESTS.index("阿明"))
    sent = await harness.press("丙", asked, GUESTS.index("阿明"))  # the button as first sent
    [refused] = _answers(sent)
    assert refused.startswith("「阿明」已经有人认领过了")
    assert await _identity_events(harness) == 1


async def test_the_claim_is_undone_by_the_creator_not_by_anyone(harness: Harness) -> None:
    _flow, asked = await _asked_on_press(harness)
    [announced] = _messages(await harness.press("乙", asked, GUESTS.index("阿明")))
    [refused] = _answers(await harness.press("丙", announced))
    assert refused == "只有做这次改动的人、开这一场的人或群管理员可以撤销 P1"
    assert await _identity_events(harness) == 1
    sent = await harness.press("甲", announced)  # the session's creator
    assert any("P1" in text for text in _answers(sent))
    events = await harness.ledger.people.identity_events(GROUP, None, None)
    assert sorted(event.kind for event in events) == ["link", "undo"]


async def test_a_claim_from_news_reply_needs_no_question(harness: Harness) -> None:
    [opened] = await harness.say("甲", TABLE)
    sent = await harness.press("戊", opened, GUESTS.index("大刘"))
    [announced] = _messages(sent)
    assert announced.text.startswith("P1 「大刘」和「戊」是同一个人了")
    [edited] = [s for s in sent if s.method == "editMessageText"]
    assert _labels(edited) == ["老王", "小李", "阿明", "👀 只是看看"]


async def test_a_typed_line_is_recorded_and_asks_once(harness: Harness) -> None:
    await harness.say("甲", TABLE)
    sent = await harness.say("丙", "/hu 老王 自摸 爆头")
    recorded, asked = _messages(sent)
    assert recorded.text.startswith("🀄 #1")
    assert asked.text.startswith("丙，你是哪位？") and _labels(asked)[-1] == "👀 只是看看"
    [again] = await harness.say("丙", "/hu 小李 自摸")
    assert again.text.startswith("🀄 #2")  # asked once a session


async def test_nobody_is_claimed_by_a_matching_name(harness: Harness) -> None:
    """The user named 丙 presses at a table where a guest is called 丙: still asked."""
    await harness.say("甲", "/new 杭州 1 甲 乙 丙 丁")  # 甲 is the sender; 乙 丙 丁 guests
    flow = await open_flow(harness, "/hu")
    [asked] = _messages(await flow.tap("乙", who="丙"))
    assert _labels(asked) == ["乙", "丙", "丁", "👀 只是看看"]
    assert await _identity_events(harness) == 0


async def test_a_table_with_no_guest_left_refuses_a_stranger(harness: Harness) -> None:
    [opened] = await harness.say("甲", "/new 杭州 1 甲 老王 小李 阿明")
    for index, name in enumerate(("乙", "丙", "丁")):
        await harness.press(name, opened, index)  # each claims a guest from /new's reply
    assert await _identity_events(harness) == 3
    flow = await open_flow(harness, "/hu")
    sent = await flow.tap("乙", who="戊")
    assert _answers(sent) == ["只有本桌入座的玩家或群管理员能按"] and not _messages(sent)
