"""A hand in three taps (issue 23): the presses a table pays from the menu's /hu to ✅, under
every ruleset, as a group would tap them; ➕ 记一手 under every recording reply; the chat's
usual patterns first; a ✅ drawn before the last change records nothing (issue 21)."""

from __future__ import annotations

import pytest

from scoring import rulesets
from tests.bot.conftest import GROUP, Harness
from tests.bot.tap_driver import Flow, open_flow
from tests.bot.test_tap import entries_of, same_as_typed, twin_table

# (ruleset, taps after /hu up to ✅, the line they mean, the presses the issue allows): the
# winner, how, whom from, patterns; ✅ is the last press.
HANDS = [
    ("杭州", ("甲", "自摸"), "/hu 甲 自摸", 3),
    ("杭州", ("甲", "自摸", "爆头"), "/hu 甲 自摸 爆头", 4),
    ("杭州", ("乙", "点炮", "丙"), "/hu 乙 点炮 丙", 4),
    ("软飘花", ("甲", "自摸"), "/hu 甲 自摸", 3),
    ("软飘花", ("甲", "自摸", "爆头"), "/hu 甲 自摸 爆头", 4),
    ("软飘花", ("乙", "点炮", "丙"), "/hu 乙 点炮 丙", 4),
    ("硬飘花", ("甲", "自摸"), "/hu 甲 自摸", 3),
    ("硬飘花", ("甲", "自摸", "爆头"), "/hu 甲 自摸 爆头", 4),
    ("强盗胡", ("甲", "自摸", "有花"), "/hu 甲 自摸 有花", 4),
    ("强盗胡", ("乙", "点炮", "丙"), "/hu 乙 点炮 丙", 4),
    ("平台", ("甲", "自摸", "爆头"), "/hu 甲 自摸 爆头", 4),
    ("双辣", ("甲", "自摸", "清一色", "对对胡"), "/hu 甲 自摸 清一色 对对胡", 5),
]


def _id(hand: tuple[str, tuple[str, ...], str, int]) -> str:
    ruleset, taps, _, presses = hand
    return f"{ruleset}-{'-'.join(taps)}-{presses}"


def test_every_ruleset_is_driven() -> None:
    driven = {rulesets.get(hand[0]).id for hand in HANDS}
    assert driven == set(rulesets.RULESETS)


@pytest.mark.parametrize(("ruleset", "taps", "typed", "most"), HANDS, ids=map(_id, HANDS))
async def test_a_hand_takes_the_presses_the_issue_counts(
    harness: Harness, ruleset: str, taps: tuple[str, ...], typed: str, most: int
) -> None:
    await harness.open_table(f"/new {ruleset} 1 甲 乙 丙 丁")
    await twin_table(harness, f"/new {ruleset} 1 甲 乙 丙 丁")
    flow = await open_flow(harness, "/hu")
    for label in taps:
        await flow.tap(label)
    assert "✅ 记账" in flow.labels, flow.text  # the money is shown beside ✅: no preview step
    assert await harness.ledger.reports.last_entry(GROUP, 1) is None
    await flow.tap("✅ 记账")
    assert len(taps) + 1 == most
    await same_as_typed(harness, flow, typed)


@pytest.mark.parametrize(
    ("taps", "typed"),
    [(("甲", "暗杠"), "/kong 甲 暗杠"), (("甲", "明杠 丙"), "/kong 甲 明杠 丙")],
    ids=["concealed", "exposed"],
)
async def test_a_kong_takes_three_presses(
    harness: Harness, taps: tuple[str, ...], typed: str
) -> None:
    await harness.open_table()
    await twin_table(harness)
    flow = await open_flow(harness, "/kong")
    for label in taps:
        await flow.tap(label)
    await flow.tap("✅ 记账")
    assert len(taps) + 1 == 3
    await same_as_typed(harness, flow, typed)


async def test_a_stale_confirm_records_nothing(harness: Harness) -> None:
    """/hu → 丙 → 自摸 shows 自摸 (+24); someone presses 爆头; the first ✅ is refused."""
    await harness.open_table()
    flow = await open_flow(harness, "/hu")
    for label in ("丙", "自摸"):
        await flow.tap(label)
    assert "丙 +24" in flow.text
    first_ok = flow.data("✅ 记账")
    await flow.tap("爆头", who="丁")  # an admin of the group
    assert "丙 +48" in flow.text
    shown = flow.text
    await flow.press_data("甲", first_ok)
    [answered] = flow.answers()
    assert "已经改过了，请看最新的" in answered.text
    assert answered.params.get("show_alert") in (True, "true")
    assert flow.text == shown and await harness.ledger.reports.last_entry(GROUP, 1) is None
    await flow.tap("✅ 记账")
    [entry] = await entries_of(harness, GROUP)
    assert "爆头" in str(entry[1]) and ("丙", 48) in entry[3]


async def test_every_recording_reply_offers_the_next_hand(harness: Harness) -> None:
    await harness.open_table()
    [typed] = await harness.say("甲", "/hu 甲 自摸")
    assert ("➕ 记一手", "tap:next") in typed.buttons
    sent = await harness.press("甲", typed, typed.buttons.index(("➕ 记一手", "tap:next")))
    [shown] = [s for s in sent if s.method == "sendMessage"]
    flow = Flow(harness, shown)
    for label in ("乙", "自摸", "✅ 记账"):
        await flow.tap(label)
    [reply] = flow.replies()
    assert "#2" in reply.text and ("➕ 记一手", "tap:next") in reply.buttons
    drawn = await harness.draw()
    assert ("➕ 记一手", "tap:next") in drawn.buttons


async def test_the_next_hand_is_for_the_table_only(harness: Harness) -> None:
    await harness.open_table()
    [typed] = await harness.say("甲", "/hu 甲 自摸")
    index = typed.buttons.index(("➕ 记一手", "tap:next"))
    sent = await harness.press("戊", typed, index)
    [answered] = [s for s in sent if s.method == "answerCallbackQuery"]
    assert answered.text == "先点一下你是哪位"  # unclaimed guests sit: which one is 戊?
    [asked] = [s for s in sent if s.method == "sendMessage"]
    assert asked.text.startswith("戊，你是哪位？") and "按钮记胡" not in asked.text


async def test_the_chats_usual_patterns_come_first(harness: Harness) -> None:
    await harness.open_table()
    before = await open_flow(harness, "/hu 甲")
    await before.tap("自摸")
    patterns = _pattern_buttons(before)
    assert patterns[:2] == ["爆头", "七对"], patterns  # the ruleset's order: no habits yet
    await before.tap("✖ 取消")
    for _ in range(2):
        await harness.say("甲", "/hu 乙 自摸 二连杠")
    after = await open_flow(harness, "/hu 甲")
    await after.tap("自摸")
    assert _pattern_buttons(after) == ["二连杠", *(p for p in patterns if p != "二连杠")]


@pytest.mark.parametrize("ruleset", sorted(rulesets.RULESETS))
async def test_no_more_than_eight_pattern_buttons_at_once(harness: Harness, ruleset: str) -> None:
    await harness.open_table(f"/new {rulesets.get(ruleset).id} 1 甲 乙 丙 丁")
    flow = await open_flow(harness, "/hu 甲")
    await flow.tap(flow.labels[0])  # 自摸, or the first way this ruleset offers
    patterns = _pattern_buttons(flow)
    assert len(patterns) <= 8
    if "更多" in flow.labels:
        await flow.tap("更多")
        rest = _pattern_buttons(flow)
        assert len(rest) <= 8 and not set(rest) & set(patterns) and "常用" in flow.labels


def _pattern_buttons(flow: Flow) -> list[str]:
    return [
        label
        for label, data in zip(flow.labels, flow.shown.buttons, strict=True)
        if ":p" in data[1] or data[1].endswith(":m")
    ]


async def test_back_from_another_winner_takes_them_out(harness: Harness) -> None:
    await harness.open_table()
    flow = await open_flow(harness, "/hu")
    for label in ("甲", "点炮", "丙", "➕ 还有人胡", "乙", "爆头", "◀ 返回"):
        await flow.tap(label)
    assert "还有谁胡了同一张" in flow.text and "/hu 甲 点炮 丙\n" in flow.text + "\n"
    await flow.tap("◀ 返回")
    assert "甲 有哪些牌型" in flow.text and "乙" not in flow.text.split("\n")[1]
    await flow.tap("◀ 返回")
    await flow.tap("◀ 返回")
    await flow.tap("◀ 返回")
    assert "谁胡了" in flow.text and "等于打字：/hu\n" in flow.text


async def test_two_winners_named_take_turns_for_their_patterns(harness: Harness) -> None:
    await harness.open_table()
    await twin_table(harness)
    flow = await open_flow(harness, "/hu 甲 乙")
    assert "自摸" not in flow.labels  # two winners: one tile
    for label in ("点炮", "丙", "七对", "有花"):
        await flow.tap(label)
    assert "甲 有哪些牌型" in flow.text and "➕ 还有人胡" in flow.labels
    await flow.tap("▶ 下一步")
    assert "乙 有哪些牌型" in flow.text and "▶ 下一步" not in flow.labels
    await flow.tap("✅ 记账")
    await same_as_typed(harness, flow, "/hu 甲 点炮 丙 七对 有花；乙")
    assert len(await entries_of(harness, GROUP)) == 2
