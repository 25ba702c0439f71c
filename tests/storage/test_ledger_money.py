"""Money: points priced in fen (largest remainder), even splits, and the stake, fees and
adjustments as append-only entries of the open session (docs/money.md)."""

from __future__ import annotations

import contextlib
import sqlite3

import pytest
from hypothesis import given
from hypothesis import strategies as st
from ledger_fixtures import CHAT, OTHER_CHAT, Table

from storage import (
    TABLE,
    ErrorCode,
    LinkRequest,
    MoneySpec,
    Source,
    StorageError,
    WinSpec,
    settle_up,
)
from storage.check import check_file
from storage.money import SessionMoney, priced, split_evenly, stake_text, yuan_text


@pytest.mark.parametrize(
    ("points", "stake", "fen"),
    [
        pytest.param([48, -16, -16, -16], 5000, [2400, -800, -800, -800], id="half-yuan-exact"),
        pytest.param([3, -1, -1, -1], 5, [0, 0, 0, 0], id="fractions-of-a-fen-round-to-zero"),
        pytest.param([30, -10, -10, -10], 5, [2, 0, -1, -1], id="equal-halves-in-listed-order"),
        pytest.param([7, -7], 5000, [350, -350], id="two-players"),
        pytest.param([10, -5, -5], 3333, [333, -166, -167], id="largest-fraction-first"),
        pytest.param([0, 0, 0, 0], 5000, [0, 0, 0, 0], id="even"),
        pytest.param([400, -400], 1, [4, -4], id="smallest-stake"),
    ],
)
def test_points_are_priced_in_whole_fen_summing_to_zero(
    points: list[int], stake: int, fen: list[int]
) -> None:
    assert list(priced(dict(enumerate(points, start=1)), stake).values()) == fen


@pytest.mark.parametrize(
    ("total", "among", "shares"),
    [
        pytest.param(4000, 4, [1000, 1000, 1000, 1000], id="40-yuan-AA"),
        pytest.param(4000, 3, [1334, 1333, 1333], id="40-yuan-by-three-first-pays-a-fen-more"),
        pytest.param(30, 3, [10, 10, 10], id="penalty-30-points"),
        pytest.param(31, 3, [11, 10, 10], id="penalty-31-the-next-seat-gets-the-extra"),
        pytest.param(2, 3, [1, 1, 0], id="less-than-one-each"),
        pytest.param(4001, 1, [4001], id="one-payer"),
    ],
)
def test_even_splits_give_the_remainder_in_the_order_given(
    total: int, among: int, shares: list[int]
) -> None:
    assert list(split_evenly(total, list(range(1, among + 1))).values()) == shares


@pytest.mark.parametrize(
    ("fen", "shown"),
    [
        pytest.param(4000, "40.00", id="whole"),
        pytest.param(-1250, "−12.50", id="negative"),
        pytest.param(5, "0.05", id="fen"),
        pytest.param(123456789, "1,234,567.89", id="grouped"),
    ],
)
def test_yuan_text(fen: int, shown: str) -> None:
    assert yuan_text(fen) == shown


@pytest.mark.parametrize(
    ("stake", "shown"),
    [
        pytest.param(5000, "0.5", id="half"),
        pytest.param(10000, "1", id="one"),
        pytest.param(500, "0.05", id="five-fen"),
        pytest.param(5, "0.0005", id="room"),
        pytest.param(25000, "2.5", id="two-and-a-half"),
    ],
)
def test_stake_text(stake: int, shown: str) -> None:
    assert stake_text(stake) == shown


balances = st.lists(st.integers(-(10**9), 10**9), min_size=1, max_size=8).map(
    lambda xs: [*xs, -sum(xs)]
)


@given(balances, st.integers(1, 10**7), st.lists(st.integers(1, 10**6), max_size=3))
def test_money_transfers_sum_to_zero_and_match_points_times_stake(
    points: list[int], stake: int, fees: list[int]
) -> None:
    by_player = dict(enumerate(points, start=1))
    fen = priced(by_player, stake)
    assert sum(fen.values()) == 0
    for player, balance in by_player.items():  # within one fen of the exact amount
        assert abs(fen[player] * 100 - balance * stake) < 100
    lines: dict[int, int] = {TABLE: sum(fees)}
    for fee in fees:
        for player, share in split_evenly(fee, list(by_player)).items():
            lines[player] = lines.get(player, 0) - share
    money = SessionMoney(stake, {k: v for k, v in lines.items() if v})
    settled = money.balances(by_player)
    assert sum(settled.values()) == 0
    paid: dict[int, int] = {}
    for transfer in settle_up(settled):
        paid[transfer.payer] = paid.get(transfer.payer, 0) - transfer.amount
        paid[transfer.payee] = paid.get(transfer.payee, 0) + transfer.amount
    assert paid == settled


async def test_stake_fee_and_penalty_are_entries_that_undo(table: Table) -> None:
    ledger, sid = table.ledger, table.session.id
    e, s, w, n = table.ids
    await ledger.entries.record_win(
        CHAT, sid, WinSpec(s, {s: 9, e: -3, w: -3, n: -3}, "a", self_draw=True), Source(1), s
    )
    stake = await ledger.money.record(CHAT, sid, MoneySpec("stake", stake=5000), Source(2), e)
    assert stake.entry.kind == "adjustment" and stake.entry.postings == {}
    fee = {TABLE: 4000, e: -1000, s: -1000, w: -1000, n: -1000}
    await ledger.money.record(CHAT, sid, MoneySpec("fee", fen=fee), Source(3), e)
    penalty = MoneySpec("penalty", postings={w: -30, e: 10, s: 10, n: 10}, reason="诈胡")
    fined = await ledger.money.record(CHAT, sid, penalty, Source(4), e)
    assert fined.entry.note == "诈胡"
    money = await ledger.money.of_session(CHAT, sid)
    assert money.stake == 5000 and money.fee == 4000
    points = (await ledger.reports.tally(CHAT, sid)).balances
    assert points == {s: 19, e: 7, n: 7, w: -33}
    assert money.balances(points) == {
        TABLE: 4000, s: 950 - 1000, e: 350 - 1000, n: 350 - 1000, w: -1650 - 1000
    }  # fmt: skip
    await ledger.entries.reverse(CHAT, author=e, source=Source(5))  # the penalty
    await ledger.entries.reverse(CHAT, author=e, source=Source(6))  # the fee
    money = await ledger.money.of_session(CHAT, sid)
    assert money.stake == 5000 and money.fen == {}
    await ledger.entries.reverse(CHAT, author=e, source=Source(7))  # the stake
    assert (await ledger.money.of_session(CHAT, sid)).stake is None
    # Points postings count in the kept totals; money lines never do.
    assert (await ledger.reports.tally(CHAT)).balances == {s: 9, e: -3, w: -3, n: -3}


@pytest.mark.parametrize(
    "spec",
    [
        pytest.param(MoneySpec("fee", fen={TABLE: 4000, 1: -3000}), id="fee-lines-unbalanced"),
        pytest.param(MoneySpec("pay", postings={1: -20, 2: 19}), id="points-unbalanced"),
        pytest.param(MoneySpec("stake", stake=0), id="stake-zero"),
        pytest.param(MoneySpec("stake", stake=None), id="stake-missing"),
        pytest.param(MoneySpec("pay"), id="moves-nothing"),
        pytest.param(MoneySpec("fee", fen={TABLE: 100, 999: -100}), id="unknown-player"),
        pytest.param(MoneySpec("fee", fen={TABLE: 0.5, 1: -0.5}), id="float-fen"),  # type: ignore[dict-item]
    ],
)
async def test_refused_money_writes_nothing(table: Table, spec: MoneySpec) -> None:
    with pytest.raises(StorageError) as caught:
        await table.ledger.money.record(CHAT, table.session.id, spec, Source(1), None)
    assert caught.value.code in (
        ErrorCode.UNBALANCED_POSTINGS, ErrorCode.INVALID_ARGUMENT, ErrorCode.UNKNOWN_PLAYER
    )  # fmt: skip
    assert (await table.ledger.reports.history(CHAT)).total == 0


async def test_money_needs_an_open_session(table: Table) -> None:
    await table.ledger.sessions.close(CHAT)
    with pytest.raises(StorageError) as caught:
        await table.ledger.money.record(
            CHAT, table.session.id, MoneySpec("stake", stake=5000), None, None
        )
    assert caught.value.code is ErrorCode.SESSION_CLOSED


@pytest.mark.parametrize(
    ("lines", "broken"),
    [
        pytest.param("[[0, 4000], [1, -3000]]", True, id="unbalanced"),
        pytest.param("[[0, 0.5], [1, -0.5]]", True, id="not-whole-fen"),
        pytest.param("[[0, 4000], [1, -4000]]", False, id="balanced"),
    ],
)
async def test_the_check_finds_money_lines_that_do_not_balance(
    table: Table, lines: str, broken: bool
) -> None:
    path = table.ledger.path
    await table.ledger.close()
    with contextlib.closing(sqlite3.connect(path)) as raw, raw:
        raw.execute(
            "INSERT INTO entries (id, chat_id, session_id, kind, created_at, result_json)"
            " VALUES (99, ?, ?, 'adjustment', '2026-12-01', ?)",
            [CHAT, table.session.id, f'{{"adjust": "fee", "fen": {lines}}}'],
        )
    problems = [problem.en for problem in check_file(path)]
    assert ("entry 99: money lines do not sum to 0 in whole fen" in problems) is broken


async def test_money_survives_the_csv_round_trip(table: Table) -> None:
    ledger, sid = table.ledger, table.session.id
    e, s, w, n = table.ids
    await ledger.money.record(CHAT, sid, MoneySpec("stake", stake=5000), Source(1), e)
    fee = {TABLE: 4000, e: -1000, s: -1000, w: -1000, n: -1000}
    await ledger.money.record(CHAT, sid, MoneySpec("fee", fen=fee), Source(2), e)
    await ledger.money.record(CHAT, sid, MoneySpec("pay", fen={e: -150, s: 150}), Source(3), e)
    await ledger.entries.reverse(CHAT, author=e, source=Source(4))  # the payment
    text = await ledger.export.csv(CHAT)
    assert (await ledger.exchange.import_csv(OTHER_CHAT, text)).entries == 4
    [imported] = await ledger.sessions.all(OTHER_CHAT)
    again = await ledger.money.of_session(OTHER_CHAT, imported.id)
    assert again.stake == 5000 and again.fee == 4000 and sum(again.fen.values()) == 0
    players = {player.name: player.id for player in await ledger.players.all(OTHER_CHAT)}
    assert again.fen == {TABLE: 4000, **{players[name]: -1000 for name in "甲乙丙丁"}}


async def test_money_lines_follow_one_person_one_record(table: Table) -> None:
    ledger, sid = table.ledger, table.session.id
    e = table.ids[0]
    guest = await ledger.players.add_guest(CHAT, "阿明")
    member = await ledger.players.upsert_user(CHAT, 999, "Ming", "aming")
    paid = MoneySpec("pay", fen={e: -500, guest.id: 500})
    await ledger.money.record(CHAT, sid, paid, Source(1), e)
    link = LinkRequest(record=guest.id, person=member.id, how="merge")
    await ledger.people.link_records(CHAT, link, author=e, update_id=2)
    assert (await ledger.money.of_session(CHAT, sid)).fen == {e: -500, member.id: 500}
