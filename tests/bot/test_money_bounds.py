"""Money that cannot leave the integers (issue 27, item 5): every amount is bounded at the
door so that any sum a ledger can reach fits SQLite's 64-bit integer (docs/money.md), the
check verifies the kept totals' types and sums, and the money view reads what it accepts."""

from __future__ import annotations

import sqlite3

import pytest

from storage import ErrorCode, StorageError
from storage.bounds import MAX_ENTRIES, MAX_ENTRY_MONEY, MAX_POSTING_POINTS
from storage.check import check_file
from storage.database import migrations
from tests.bot.conftest import GROUP, Harness


async def _entries(h: Harness) -> int:
    return (await h.ledger.reports.history(GROUP)).total


def _kept_types(path: str) -> set[str]:
    with sqlite3.connect(path) as db:
        return {row[0] for row in db.execute("SELECT DISTINCT typeof(money) FROM money_totals")}


async def test_a_penalty_past_the_bound_is_refused_by_its_token_and_the_books_stay_whole(
    harness: Harness,
) -> None:
    """The issue's transcript: /stake 1000 then /penalty 乙 999999999999 stored a float."""
    await harness.open_table()
    await harness.say("甲", "/stake 1000")
    await harness.say("乙", "/hu 甲 自摸 爆头")  # 甲 +48 points: 48,000 元
    [reply] = await harness.say("甲", "/penalty 乙 999999999999")
    assert "999999999999" in reply.text and "最多" in reply.text, reply.text
    assert await _entries(harness) == 2  # the stake and the hand
    assert _kept_types(str(harness.ledger.path)) <= {"integer"}
    assert check_file(harness.ledger.path) == []
    money = await harness.ledger.stats.money(GROUP)
    assert money is not None and sorted(money.values()) == [-1_600_000] * 3 + [4_800_000]


@pytest.mark.parametrize(
    ("lines", "refused", "expected"),
    [
        pytest.param(
            ["/stake 1000"], "/penalty 乙 100000000", "100,000,000", id="points-times-stake"
        ),
        pytest.param(
            ["/penalty 乙 99999999"], "/stake 1000", "1000", id="stake-over-standing-points"
        ),
        pytest.param([], "/pay 甲 乙 1000001元", "1000001元", id="money-line"),
        pytest.param([], "/fee 1000001", "1000001", id="fee"),
    ],
)
async def test_amounts_whose_money_would_pass_the_bound_are_refused_naming_them(
    harness: Harness, lines: list[str], refused: str, expected: str
) -> None:
    await harness.open_table()
    for line in lines:
        await harness.say("甲", line)
    before = await _entries(harness)
    [reply] = await harness.say("甲", refused)
    assert expected in reply.text, reply.text
    assert await _entries(harness) == before
    assert check_file(harness.ledger.path) == []


async def test_an_english_chat_reads_the_refusal_in_english(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/lang en")
    await harness.say("甲", "/stake 1000")
    [reply] = await harness.say("甲", "/penalty 乙 100000000")
    assert "at most" in reply.text and "100,000,000" in reply.text, reply.text


async def test_a_hand_worth_more_than_the_bound_at_the_stake_is_refused(harness: Harness) -> None:
    await harness.open_table("/new 杭州 100 甲 乙 丙 丁")
    await harness.say("甲", "/stake 1000")
    [reply] = await harness.say("乙", "/hu 甲 自摸 爆头")  # 4,800 points at 1,000 元
    assert "1,000,000 元" in reply.text, reply.text
    assert await _entries(harness) == 1
    assert check_file(harness.ledger.path) == []


async def test_undoing_a_stake_that_would_price_past_the_bound_is_refused(
    harness: Harness,
) -> None:
    """The stake before comes back with the undo and prices every posting of the session."""
    await harness.open_table()
    await harness.say("甲", "/stake 1000")
    await harness.say("甲", "/stake 0.0001")
    await harness.say("甲", "/penalty 乙 3000000")  # 300 元 at 0.0001; 3 billion at 1,000
    ledger = harness.ledger
    with pytest.raises(StorageError) as refused:
        await ledger.entries.reverse(GROUP, 2, author=None, source=None)
    assert refused.value.code is ErrorCode.ENTRY_MONEY_TOO_LARGE
    assert await _entries(harness) == 3
    assert check_file(ledger.path) == []


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        pytest.param(
            "UPDATE money_totals SET money = -9.99999999999e+18 WHERE account = "
            "(SELECT min(account) FROM money_totals WHERE account > 0)",
            "not an integer",
            id="money-a-float",
        ),
        pytest.param(
            "UPDATE money_totals SET money = money + CASE account WHEN "
            "(SELECT min(account) FROM money_totals WHERE account > 0) THEN 100 ELSE -100 END "
            "WHERE period = 'all' AND account IN (SELECT account FROM money_totals "
            "WHERE account > 0 ORDER BY account LIMIT 2)",
            "the kept money disagrees with the entries",
            id="money-balanced-but-wrong",
        ),
        pytest.param(
            "UPDATE player_totals SET points = points + 1 WHERE period <> 'all' AND player_id = "
            "(SELECT min(player_id) FROM player_totals)",
            "the kept points disagree with the postings",
            id="a-month-of-points",
        ),
        pytest.param(
            "UPDATE pair_totals SET net = 1.5 WHERE player_id IN (SELECT player_id "
            "FROM pair_totals LIMIT 1)",
            "not an integer",
            id="pair-a-float",
        ),
    ],
)
async def test_the_check_verifies_every_kept_total_by_type_and_sum(
    harness: Harness, edit: str, said: str
) -> None:
    await harness.open_table()
    await harness.say("甲", "/stake 0.5")
    await harness.say("乙", "/hu 甲 自摸 爆头")
    await harness.say("甲", "/pay 乙 丙 20元")
    assert check_file(harness.ledger.path) == []
    with sqlite3.connect(harness.ledger.path) as db:
        db.execute(edit)
    found = [problem.message("en") for problem in check_file(harness.ledger.path)]
    assert any(said in text for text in found), found


def test_the_schema_trigger_holds_the_bounds_the_code_names() -> None:
    """The trigger (migration 0010) writes the bounds as numbers: they are storage.bounds'."""
    sql = next(m.sql for m in migrations() if m.name.startswith("0010_"))
    guard = sql[sql.index("CREATE TRIGGER entries_money_bound") :]
    assert f"abs(p.delta) > {MAX_POSTING_POINTS}" in guard
    assert f"abs(p.delta) > {MAX_ENTRY_MONEY} / s.stake" in guard
    assert MAX_ENTRIES * 2 * MAX_ENTRY_MONEY < 2**63 and MAX_ENTRIES * MAX_POSTING_POINTS < 2**63
