"""The money kept per account and month (migration 0009, storage/sql/money.sql) prices a
window as /settle prices each session: for random sessions with stakes (changed and undone
mid-session), fees, penalties and payments, spread over Beijing months by a CSV import, each
person's money over a window is the sum of the sessions' settle-up balances
(``SessionMoney.balances``) restricted to the window's entries; the kept rows sum to 0 per
month, equal a rebuild, and survive the migration of a database written before them."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import tempfile
from collections import defaultdict
from datetime import datetime
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ledger_fixtures import BACK_TO_BEFORE_NUMBERS, CHAT, OTHER_CHAT, Table, resigned, seat_table
from test_ledger_periods import WINDOWS, dated

from rigs.ledger_template import fresh_ledger_file
from storage import (
    TABLE,
    Ledger,
    LinkRequest,
    MoneySpec,
    SessionTerms,
    Source,
    StorageError,
    WinSpec,
)
from storage.check import check_file
from storage.money import SessionMoney, money_of, split_evenly

WHOLE_FEN_STAKES = (100, 2500, 5000, 10000)  # a whole number of fen a point
FINER_STAKES = (5, 3333)  # 0.0005 and 0.3333 元 a point: /settle rounds each session

Op = tuple[str, int, int, int]
money_ops = st.lists(
    st.tuples(
        st.sampled_from(["win", "win", "stake", "fee", "penalty", "pay", "undo", "next"]),
        st.integers(0, 3),
        st.integers(1, 3),
        st.integers(1, 40),
    ),
    max_size=24,
)


async def play_money(ledger: Ledger, ops: list[Op], stakes: tuple[int, ...]) -> None:
    """Sessions at one table, each op one command: a 自摸, a stake, an AA fee, a penalty in
    points, a payment in 元, an undo of the session's last entry, the next session."""
    table = await seat_table(ledger)
    sid, ids = table.session.id, table.ids
    for update, (kind, seat, other, amount) in enumerate(ops, start=1):
        who, to = ids[seat], ids[(seat + other) % 4]
        source = Source(update)
        with contextlib.suppress(StorageError):  # a refused op writes nothing
            if kind == "win":
                points = {p: (3 * amount if p == who else -amount) for p in ids}
                await ledger.entries.record_win(
                    CHAT, sid, WinSpec(who, points, "a", self_draw=True, value=amount), source, who
                )
            elif kind == "stake":
                stake = MoneySpec("stake", stake=stakes[amount % len(stakes)])
                await ledger.money.record(CHAT, sid, stake, source, who)
            elif kind == "fee":
                shares = split_evenly(amount * 137, list(ids))
                fen = {TABLE: amount * 137, **{p: -f for p, f in shares.items()}}
                await ledger.money.record(CHAT, sid, MoneySpec("fee", fen=fen), source, who)
            elif kind == "penalty":
                postings = {p: (-3 * amount if p == who else amount) for p in ids}
                spec = MoneySpec("penalty", postings=postings)
                await ledger.money.record(CHAT, sid, spec, source, who)
            elif kind == "pay":
                spec = MoneySpec("pay", fen={who: -amount * 50, to: amount * 50})
                await ledger.money.record(CHAT, sid, spec, source, who)
            elif kind == "undo":
                await ledger.entries.reverse(CHAT, author=who, source=source)
            else:
                await ledger.sessions.close(CHAT)
                terms = SessionTerms("huzhou-qiangdao", 1, "winner_deals")
                sid = (await ledger.sessions.open(CHAT, terms, ids, ids[0])).id


def settled_in(
    path: Path, chat: int, since: datetime | None, until: datetime | None
) -> dict[int, int] | None:
    """Each account's settle-up balance summed over the sessions, each restricted to the
    entries in the window: its points there at its stake, its standing money lines there."""
    with sqlite3.connect(path) as db:
        db.row_factory = sqlite3.Row
        entries = db.execute("SELECT * FROM entries WHERE chat_id = ? ORDER BY id", [chat])
        entries = entries.fetchall()
        postings: dict[int, dict[int, int]] = defaultdict(dict)
        for entry_id, player, delta in db.execute("SELECT * FROM postings"):
            postings[entry_id][player] = delta
    undone = {e["reverses"] for e in entries if e["reverses"] is not None}

    def inside(entry: sqlite3.Row) -> bool:
        at = datetime.fromisoformat(entry["created_at"])
        return (since is None or at >= since) and (until is None or at < until)

    total: dict[int, int] = defaultdict(int)
    priced = False
    for session in {e["session_id"] for e in entries if e["session_id"] is not None}:
        mine = [e for e in entries if e["session_id"] == session]
        standing = [
            e["result_json"] for e in mine if e["kind"] == "adjustment" and e["id"] not in undone
        ]
        stake = money_of(standing).stake
        window = [e for e in mine if inside(e)]
        lines = money_of(
            e["result_json"] for e in window if e["kind"] == "adjustment" and e["id"] not in undone
        )
        points: dict[int, int] = defaultdict(int)
        for entry in window:
            for player, delta in postings[entry["id"]].items():
                points[player] += delta
        priced = priced or bool(lines.fen) or (stake is not None and any(
            postings[e["id"]] for e in window
        ))  # fmt: skip
        for account, fen in SessionMoney(stake, lines.fen).balances(points).items():
            total[account] += fen
    if not priced:
        return None
    return {account: fen for account, fen in total.items() if fen and account != TABLE}


def kept_rows(path: Path) -> set[tuple[int, str, int, int]]:
    with sqlite3.connect(path) as db:
        sums = db.execute("SELECT sum(money) FROM money_totals GROUP BY chat_id, period")
        assert all(total == 0 for (total,) in sums), "an entry's money sums to 0"
        rows = db.execute(
            "SELECT chat_id, period, account, money, priced FROM money_totals "
            "WHERE money <> 0 OR priced <> 0"
        )
        return set(rows.fetchall())


async def money_agrees(
    ops: list[Op], slots: list[int], stakes: tuple[int, ...], path: Path
) -> None:
    async with await Ledger.open(fresh_ledger_file(path)) as ledger:
        await play_money(ledger, ops, stakes)
        exported = await ledger.export.csv(CHAT)
        await ledger.exchange.import_csv(OTHER_CHAT, resigned(dated(exported, slots or [0])))
        kept = kept_rows(path)
        await ledger.totals.rebuild()
        assert kept_rows(path) == kept
        sessions = len({s.id for s in await ledger.sessions.all(OTHER_CHAT)})
        for since, until in WINDOWS:
            found = await ledger.stats.money(OTHER_CHAT, since, until)
            want = settled_in(path, OTHER_CHAT, since, until)
            if stakes == WHOLE_FEN_STAKES or want is None:
                assert (found and {k: v for k, v in found.items() if v}) == want, (since, until)
                continue
            # Finer than a fen a point: rounded once over the window, not once a session.
            assert found is not None and sum(found.values()) <= 0
            for account in {*found, *want}:
                assert abs(found.get(account, 0) - want.get(account, 0)) <= sessions


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(money_ops, st.lists(st.integers(0, 5), max_size=8))
def test_window_money_is_the_sessions_settle_up_in_the_window(
    ops: list[Op], slots: list[int]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(money_agrees(ops, slots, WHOLE_FEN_STAKES, Path(folder) / "l.db"))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(money_ops, st.lists(st.integers(0, 5), max_size=8))
def test_stakes_finer_than_a_fen_stay_within_a_fen_a_session(
    ops: list[Op], slots: list[int]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(money_agrees(ops, slots, FINER_STAKES, Path(folder) / "l.db"))


SITTING: list[Op] = [
    ("win", 1, 1, 3),
    ("stake", 0, 1, 2),  # 0.5 元 a point, re-pricing the hand before it
    ("fee", 0, 1, 29),
    ("penalty", 2, 1, 5),
    ("pay", 3, 2, 7),
    ("win", 2, 1, 8),
    ("next", 0, 1, 1),
    ("win", 0, 1, 4),  # no stake in this session: its points are worth nothing
    ("pay", 1, 1, 4),
]


def _schema(path: Path) -> list[tuple[str, str, str]]:
    with sqlite3.connect(path) as db:
        found = db.execute(
            "SELECT type, name, coalesce(sql, '') FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
        )
        return sorted(found.fetchall())


# What migration 0009 adds, taken away again: a ledger as versions 0001..0008 leave it.
BACK_TO_EIGHT = BACK_TO_BEFORE_NUMBERS + (
    # what migration 0010 adds, then what 0009 adds
    "DROP TRIGGER entries_money_bound; DROP TABLE entry_origins;"
    "DROP TRIGGER entries_money; DROP VIEW money_lines; DROP VIEW stake_entries;"
    "DROP INDEX entries_session_adjustments; DROP TABLE money_totals; PRAGMA user_version = 8;"
    # what later migrations add (0012: debts, ratings; 0013: awards), made again as the
    # ledger opens
    "DROP TABLE debt_balances; DROP TABLE debt_lines; DROP TABLE rating_games;"
    "DROP TABLE ratings; DROP TABLE rating_changes; DROP TABLE rating_marks;"
    "DROP TABLE debt_reminders; DROP TABLE awards; DROP INDEX players_user;"
)


async def test_a_database_of_the_previous_version_migrates_to_the_same_money(
    tmp_path: Path,
) -> None:
    """A ledger written at version 8 (no money totals) gains them at open from its entries:
    the same rows and the same money as a ledger that kept them from the start."""
    at_eight = tmp_path / "eight.db"
    async with await Ledger.open(at_eight):
        pass
    with sqlite3.connect(at_eight) as db:
        db.executescript(BACK_TO_EIGHT)
    schema_eight = _schema(at_eight)
    fresh, old = tmp_path / "fresh.db", tmp_path / "old.db"
    async with await Ledger.open(fresh) as ledger:
        await play_money(ledger, SITTING, WHOLE_FEN_STAKES)
        want = await ledger.stats.money(CHAT)
    async with await Ledger.open(old) as ledger:
        await play_money(ledger, SITTING, WHOLE_FEN_STAKES)
    with sqlite3.connect(old) as db:
        db.executescript(BACK_TO_EIGHT)
    assert _schema(old) == schema_eight  # what migrations 0001..0008 leave
    async with await Ledger.open(old) as ledger:
        assert await ledger.stats.money(CHAT) == want
    assert _schema(old) == _schema(fresh)
    assert kept_rows(old) == kept_rows(fresh) != set()
    e, s, w, n = await _seated(fresh)
    # Session 1 at 0.5 元 a point: points e −6, s +6, w +6, n −6 (the hand before the stake
    # too); a 39.73 元 fee AA (e pays the odd fen); n pays s 3.50 元. Session 2, no stake:
    # its hand is worth nothing, s pays w 2.00 元.
    by_hand = {e: -300 - 994, s: 300 - 993 + 350 - 200, w: 300 - 993 + 200, n: -300 - 993 - 350}
    assert want == settled_in(fresh, CHAT, None, None) == by_hand
    assert check_file(fresh) == check_file(old) == []  # kept money balanced, its trigger there


async def _seated(path: Path) -> tuple[int, int, int, int]:
    async with await Ledger.open(path) as ledger:
        session = (await ledger.sessions.all(CHAT))[0]
    e, s, w, n = session.seats
    assert e is not None and s is not None and w is not None and n is not None
    return e, s, w, n


async def test_window_money_is_folded_by_person(table: Table) -> None:
    """A guest record merged into a member's: one person, one amount, as /settle folds it."""
    ledger, sid = table.ledger, table.session.id
    e = table.ids[0]
    guest = await ledger.players.add_guest(CHAT, "阿明")
    member = await ledger.players.upsert_user(CHAT, 999, "Ming", "aming")
    await ledger.money.record(CHAT, sid, MoneySpec("stake", stake=10000), Source(1), e)
    await ledger.money.record(
        CHAT, sid, MoneySpec("pay", fen={e: -500, guest.id: 500}), Source(2), e
    )
    await ledger.money.record(
        CHAT, sid, MoneySpec("pay", postings={e: -3, member.id: 3}), Source(3), e
    )
    link = LinkRequest(record=guest.id, person=member.id, how="merge")
    await ledger.people.link_records(CHAT, link, author=e, update_id=4)
    assert await ledger.stats.money(CHAT) == {e: -800, member.id: 800}
    assert await ledger.stats.money(OTHER_CHAT) is None  # nothing priced there
