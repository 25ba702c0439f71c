"""Issue 30, item 6: keypads and short replies in the ruleset's words, /tally's 台费 line, the
chart counting hands as /stats does, /lang following /settings (the pattern offers per
ruleset are tests/bot/test_tap.py's table)."""

from __future__ import annotations

import pytest

from bot.handlers.views import running_totals
from tests.bot.conftest import GROUP, Harness
from tests.bot.tap_driver import label_of, open_flow


def _short_winner_line(text: str) -> str:
    return text.splitlines()[1]


async def test_a_contract_win_names_the_contract_and_who_pays(harness: Harness) -> None:
    await harness.open_table()
    [sent] = await harness.say("甲", "/hu 丙 自摸 爆头 承包 乙")
    assert _short_winner_line(sent.text) == "丙（西）胡 · 爆头 = 2 番 · 乙 承包全付"
    assert "本局：甲 0 · 乙 −48 · 丙 +48 · 丁 0" in sent.text


async def test_a_contract_win_in_english(harness: Harness) -> None:
    await harness.say("甲", "/lang en")
    await harness.open_table()
    [sent] = await harness.say("甲", "/hu 丙 tsumo baotou contract 乙")
    assert _short_winner_line(sent.text).endswith("= 2 fan · 乙 pays all (contract)")


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("/hu 甲 自摸 清一色 对对胡", "清一色、对对胡、无花、双辣 = 2 倍 · 7 台"),
        ("/hu 甲 自摸 清一色 有花", "清一色、一辣 = 1 倍 · 4 台"),
    ],
    ids=["seven-tai", "four-tai"],
)
async def test_shuangla_short_reply_shows_the_tai(harness: Harness, line: str, shown: str) -> None:
    await harness.open_table("/new 双辣 1 甲 乙 丙 丁")
    [sent] = await harness.say("甲", line)
    assert _short_winner_line(sent.text) == f"甲（东）胡 · {shown}"


async def test_other_rulesets_short_reply_has_no_tai(harness: Harness) -> None:
    await harness.open_table()
    [sent] = await harness.say("甲", "/hu 甲 自摸 爆头")
    assert _short_winner_line(sent.text) == "甲（东）胡 · 爆头 = 2 番"


async def test_tally_says_what_each_paid_towards_the_fee(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/stake 0.5")
    await harness.say("甲", "/fee 40")
    await harness.say("甲", "/hu 丙 自摸 爆头")
    [tally] = await harness.say("甲", "/tally")  # one hand: no chart yet
    assert "丙 +14.00 元" in tally.text  # 48 × 0.5 − 10
    assert tally.text.endswith("台费 40.00 元（每人 −10.00 元，已算在上面）")


async def test_an_uneven_fee_lists_each_share(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/hu 丙 自摸 爆头")
    await harness.say("甲", "/fee 40 赢家")  # the biggest winner pays it all
    [tally] = await harness.say("甲", "/tally")
    assert tally.text.endswith("台费 40.00 元（已算在上面：丙 −40.00 元）")


async def test_the_chart_counts_the_hands_stats_counts(harness: Harness) -> None:
    """Issue 30: the chart said 18 局 where /stats said 16: the stake and the fee, which move
    no points, were counted as hands."""
    await harness.open_table()
    await harness.say("甲", "/stake 0.5")
    await harness.say("甲", "/fee 40")
    await harness.say("甲", "/hu 甲 自摸 爆头")
    await harness.say("甲", "/penalty 乙 10")  # between hands: counted with hand 1
    await harness.say("甲", "/hu 乙 点炮 丙")
    await harness.draw()
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    hands, series = await running_totals(harness.ledger, session)
    assert hands == (1, 2, 3)
    [stats] = await harness.say("甲", "/stats 甲")
    assert "3 局" in stats.text, stats.text
    standings = await harness.ledger.reports.tally(GROUP, session.id)
    ending = {row.player.name: row.balance for row in standings.rows}
    assert {name: values[-1] for name, values in series.items()} == ending  # penalty included


async def test_pattern_buttons_keep_their_order_within_a_flow(harness: Harness) -> None:
    """Issue 30: the buttons moved after each tap (a hidden one pulled the rest of 「更多」 onto
    the first page); now each keeps its place and its page."""
    await harness.open_table("/new 双辣 1 甲 乙 丙 丁")
    flow = await open_flow(harness, "/hu")
    await flow.tap("甲")
    await flow.tap("自摸")
    first = list(flow.labels)
    await flow.tap("清一色")
    after = [label_of(label) for label in flow.labels]
    assert [label for label in after if label in first] == [
        label for label in first if label in after
    ]
    assert after[0] == "清一色" and "混一色" not in after  # 清一色 and 混一色 exclude each other
    # what 清一色 makes askable: whether the hand held a wild, and ✅
    assert set(after) - set(first) <= {"✅ 记账", "有花", "无花"}


async def test_a_player_who_is_not_an_admin_cannot_switch_the_groups_language(
    harness: Harness,
) -> None:
    [refused] = await harness.say("乙", "/lang en")
    assert refused.text == "❌ 只有群管理员可以改本群的语言（/settings 里也一样）"
    [still] = await harness.say("乙", "/settings")
    assert "中文" in still.text and "English" not in still.text.split("\n")[3]
    [done] = await harness.say("丁", "/lang en")  # 丁 is an admin
    assert done.text == "OK, this chat gets English replies from now on"


async def test_lang_in_a_private_chat_is_the_players_own(harness: Harness) -> None:
    harness.api.add_chat(12, "乙", kind="private")
    [done] = await harness.say("乙", "/lang en", chat=12)
    assert done.text == "OK, this chat gets English replies from now on"
