"""Quick entry in the chat counts 飘'd wilds against the 财神N it says are held, as a typed
hand does: refused naming the 飘 word, nothing recorded."""

from __future__ import annotations

import pytest

from tests.bot.conftest import GROUP, Harness


@pytest.mark.parametrize(
    ("new", "line", "said"),
    [
        pytest.param(
            "/new 杭州 1 甲 乙 丙 丁", "/hu 甲 自摸 财飘 4财神", "「财飘」", id="hangzhou"
        ),
        pytest.param(
            "/new 杭州 1 甲 乙 丙 丁", "/hu 乙 自摸 三财飘 财神2", "「三财飘」", id="hangzhou-3"
        ),
        pytest.param(
            "/new 硬飘花 1 甲 乙 丙 丁", "/hu 甲 自摸 飘两花 财神3", "「飘两花」", id="ying"
        ),
        pytest.param(
            "/new 软飘花 1 甲 乙 丙 丁", "/hu 丙 自摸 飘三花 财神2", "「飘三花」", id="ruan"
        ),
    ],
)
async def test_a_quick_hand_needing_a_fifth_wild_is_refused(
    harness: Harness, new: str, line: str, said: str
) -> None:
    await harness.open_table(new)
    [sent] = await harness.say("甲", line)
    assert said in sent.text and "一共只有 4 张，这手牌要 5 张" in sent.text
    assert (await harness.ledger.reports.history(GROUP)).total == 0
