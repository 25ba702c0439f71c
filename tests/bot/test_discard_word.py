"""A win on a discard is shown in the table's own word (杭州 点炮, 湖州 放冲) wherever the bot
shows the stored line; the line itself keeps 点炮, which every reader of it parses."""

from __future__ import annotations

import csv
import io

import pytest

from tests.bot.conftest import GROUP, Harness


@pytest.mark.parametrize(
    ("table", "lang", "line", "shown", "hidden"),
    [
        pytest.param(
            "/new 杭州 1", "zh", "/hu 乙 点炮 丙 七对 有花", "乙 点炮 丙", "放冲", id="hangzhou"
        ),
        pytest.param("/new 强盗胡 1", "zh", "/hu 乙 放冲 丙", "乙 放冲 丙", "点炮", id="huzhou"),
        pytest.param(
            "/new 湖州 强盗胡 1",
            "zh",
            "/hu 乙 点炮 丙",
            "乙 放冲 丙",
            "点炮",
            id="huzhou-typed-dianpao",
        ),
        pytest.param("/new 强盗胡 1", "en", "/hu 乙 放冲 丙", "ron 丙", "放冲 丙", id="huzhou-en"),
    ],
)
async def test_history_says_a_discard_win_as_the_table_does(
    harness: Harness, table: str, lang: str, line: str, shown: str, hidden: str
) -> None:
    if lang == "en":
        await harness.say("甲", "/lang en")
    await harness.open_table(f"{table} 甲 乙 丙 丁")
    await harness.say("甲", line)
    [page] = await harness.say("甲", "/history")
    assert shown in page.text and hidden not in page.text
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None
    [entry] = (await harness.ledger.reports.history(GROUP, session.id)).entries
    assert entry.hand_line is not None and "点炮W" in entry.hand_line.split()


@pytest.mark.parametrize(
    ("table", "shown", "hidden"),
    [
        pytest.param("/new 杭州 1", "点炮W 七对 有花", "放冲", id="hangzhou"),
        pytest.param("/new 强盗胡 湖州 1", "放冲W 七对 有花", "点炮W", id="huzhou"),
    ],
)
async def test_the_readable_export_says_a_discard_win_as_the_table_does(
    harness: Harness, table: str, shown: str, hidden: str
) -> None:
    await harness.open_table(f"{table} 甲 乙 丙 丁")
    await harness.say("甲", "/hu 乙 点炮 丙 七对 有花")
    [document] = await harness.say("甲", "/export 本月")
    assert document.content is not None
    [_, hand, _] = list(csv.reader(io.StringIO(document.content.decode("utf-8-sig"))))
    assert hand[6] == shown and hidden not in hand[6]
