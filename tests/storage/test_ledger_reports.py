"""Reads: tally, history pages, statistics, head-to-head, and chat isolation of all of them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from ledger_fixtures import CHAT, OTHER_CHAT, Table, play_a_few_hands, seat_table

from storage import ErrorCode, KongSpec, SessionTerms, Source, StorageError, WinSpec, settle_up


async def test_tally_is_the_sum_of_postings(table: Table) -> None:
    await play_a_few_hands(table)
    e, s, w, n = table.ids
    tally = await table.ledger.reports.tally(CHAT, table.session.id)
    assert tally.balances == {e: -12, s: 2, w: 8, n: 2}
    assert [row.balance for row in tally.rows] == [8, 2, 2, -12]
    assert sum(tally.balances.values()) == 0
    transfers = settle_up(tally.balances)
    assert len(transfers) <= 3


async def test_a_tally_moved_by_each_write_stays_the_ledgers_tally(table: Table) -> None:
    """What the bot keeps beside the ledger: each write's entries applied to the copy (ties
    ordered by name, a player's first posting adds a row, a reversal takes its win back)."""
    ledger, sid = table.ledger, table.session.id
    e, s, w, n = table.ids
    copy = await ledger.reports.tally(CHAT, sid)
    writes = [
        lambda: ledger.entries.record_win(
            CHAT, sid, WinSpec(s, {s: 6, w: -6}, "a", discarder=w), Source(1), s
        ),
        lambda: ledger.entries.record_kong(
            CHAT, sid, KongSpec(n, {n: 6, e: -2, s: -2, w: -2}), Source(2), n
        ),
        lambda: ledger.entries.reverse(
            CHAT, author=e, source=Source(3)
        ),  # the kong: 甲 and 丁 at 0
        lambda: ledger.entries.record_draw(CHAT, sid, Source(4), None),
        lambda: ledger.entries.record_wins(
            CHAT,
            sid,
            [WinSpec(e, {e: 4, s: -4}, discarder=s), WinSpec(n, {n: 4, s: -4}, discarder=s)],
            Source(5),
            s,
        ),
    ]
    for write in writes:
        recorded = await write()
        copy = copy.after(recorded.entries, table.players)
        assert copy == await ledger.reports.tally(CHAT, sid)
    assert [row.player.name for row in copy.rows] == ["丁", "甲", "乙", "丙"]


async def test_session_and_all_time_tallies(table: Table) -> None:
    e, s, _w, _n = table.ids
    ledger = table.ledger
    await ledger.entries.record_win(
        CHAT, table.session.id, WinSpec(s, {s: 3, e: -3}, discarder=e), None, s
    )
    await ledger.sessions.close(CHAT)
    second = await ledger.sessions.open(
        CHAT, SessionTerms("hangzhou", 1, "dealer_stays"), table.ids, e
    )
    await ledger.entries.record_win(
        CHAT, second.id, WinSpec(e, {e: 5, s: -5}, discarder=s), None, e
    )
    assert (await ledger.reports.tally(CHAT, table.session.id)).balances == {s: 3, e: -3}
    assert (await ledger.reports.tally(CHAT, second.id)).balances == {e: 5, s: -5}
    assert (await ledger.reports.tally(CHAT)).balances == {e: 2, s: -2}


async def test_history_pages_newest_first(table: Table) -> None:
    await play_a_few_hands(table)
    ledger = table.ledger
    first = await ledger.reports.history(CHAT, table.session.id, page=1, page_size=3)
    assert first.total == 8 and first.pages == 3
    assert [x.kind for x in first.entries] == ["win", "win", "reversal"]
    last = await ledger.reports.history(CHAT, table.session.id, page=3, page_size=3)
    assert [x.hand_line for x in last.entries] == ["b", "a"]
    everything = [
        x.id
        for p in (1, 2, 3)
        for x in (await ledger.reports.history(CHAT, page=p, page_size=3)).entries
    ]
    assert everything == sorted(everything, reverse=True) and len(set(everything)) == 8
    wins = await ledger.reports.history(CHAT, kinds=("win",))
    assert wins.total == 5 and all(x.kind == "win" for x in wins.entries)
    reversed_win = next(x for x in wins.entries if x.hand_line == "c")
    assert reversed_win.is_reversed
    with pytest.raises(StorageError):
        await ledger.reports.history(CHAT, page=0)


async def test_stats_per_player(table: Table) -> None:
    await play_a_few_hands(table)
    e, s, w, n = table.ids
    stats = {x.player.id: x for x in await table.ledger.stats.players(CHAT)}
    # Hands: S 自摸, W on E, 流局, the double win (the reversed hand does not count).
    assert {p: x.hands for p, x in stats.items()} == {e: 4, s: 4, w: 4, n: 4}
    assert (stats[s].wins, stats[s].self_draws, stats[s].self_draw_rate) == (1, 1, 1.0)
    assert (stats[w].wins, stats[w].biggest_win, stats[w].win_rate) == (2, 8, 0.5)
    assert stats[e].dealt_in == 1 and stats[s].dealt_in == 1 and stats[n].dealt_in == 0
    assert stats[s].biggest_win == 9  # not the reversed 50
    assert {p: x.net for p, x in stats.items()} == {e: -12, s: 2, w: 8, n: 2}
    assert stats[e].win_rate == 0.0 and stats[e].biggest_win_entry is None


async def test_stats_for_a_season(table: Table) -> None:
    await play_a_few_hands(table)
    now = datetime.now(UTC)
    future = await table.ledger.stats.players(CHAT, since=now + timedelta(days=1))
    assert all(x.hands == 0 and x.net == 0 for x in future)
    past = await table.ledger.stats.players(CHAT, until=now - timedelta(days=1))
    assert all(x.wins == 0 for x in past)
    current = await table.ledger.stats.players(
        CHAT, since=now - timedelta(hours=1), until=now + timedelta(hours=1)
    )
    assert sum(x.wins for x in current) == 4


async def test_head_to_head(table: Table) -> None:
    await play_a_few_hands(table)
    e, _s, w, _n = table.ids
    h2h = await table.ledger.stats.head_to_head(CHAT, w, e)
    assert h2h.hands_together == 4
    assert (h2h.a_wins, h2h.b_wins) == (2, 0)
    assert (h2h.a_dealt_in_to_b, h2h.b_dealt_in_to_a) == (0, 1)
    assert (h2h.a_from_b, h2h.b_from_a) == (8, 0)
    assert (h2h.a_net, h2h.b_net) == (8, -12)
    with pytest.raises(StorageError) as caught:
        await table.ledger.stats.head_to_head(CHAT, w, w)
    assert caught.value.code is ErrorCode.INVALID_ARGUMENT


async def test_no_read_returns_another_chats_rows(table: Table) -> None:
    await play_a_few_hands(table)
    ledger = table.ledger
    other = await seat_table(ledger, OTHER_CHAT)
    e2, s2, _w2, _n2 = other.ids
    await ledger.entries.record_win(
        OTHER_CHAT, other.session.id, WinSpec(e2, {e2: 30, s2: -30}, discarder=s2), None, e2
    )
    mine = set(table.ids)
    theirs = set(other.ids)
    assert set((await ledger.reports.tally(CHAT)).balances) == mine
    assert set((await ledger.reports.tally(OTHER_CHAT)).balances) == {e2, s2}
    assert {p.id for p in await ledger.players.all(CHAT)} == mine
    assert {p.id for p in await ledger.players.all(OTHER_CHAT)} == theirs
    history = await ledger.reports.history(CHAT, page_size=100)
    assert history.total == 8 and all(x.chat_id == CHAT for x in history.entries)
    assert {x.player.id for x in await ledger.stats.players(CHAT)} == mine
    assert [x.chat_id for x in await ledger.sessions.all(CHAT)] == [CHAT]
    with pytest.raises(StorageError):
        await ledger.reports.tally(CHAT, other.session.id)
    with pytest.raises(StorageError):
        await ledger.reports.history(CHAT, other.session.id)
    with pytest.raises(StorageError):
        await ledger.stats.head_to_head(CHAT, table.ids[0], e2)
    assert await ledger.reports.last_entry(CHAT, other.session.id) is None
    assert "外" not in await ledger.export.csv(CHAT)
    assert str(e2) not in {
        line.split(",")[1]
        for line in (await ledger.export.csv(CHAT)).splitlines()
        if line.startswith("player,")
    }


async def test_last_entry_skips_reversed_and_reversals(table: Table) -> None:
    await play_a_few_hands(table)
    last = await table.ledger.reports.last_entry(CHAT, table.session.id)
    assert last is not None and last.kind == "win" and last.winner == table.ids[2]


READS_WITH_FOREIGN_IDS = [
    pytest.param(lambda lg, o: lg.sessions.get(CHAT, o["session"]), id="get_session"),
    pytest.param(lambda lg, o: lg.reports.tally(CHAT, o["session"]), id="tally"),
    pytest.param(lambda lg, o: lg.reports.history(CHAT, o["session"]), id="history"),
    pytest.param(lambda lg, o: lg.export.csv(CHAT, o["session"]), id="export_csv"),
    pytest.param(lambda lg, o: lg.reports.entry(CHAT, o["entry"]), id="entry"),
    pytest.param(lambda lg, o: lg.players.get(CHAT, o["player"]), id="get_player"),
    pytest.param(
        lambda lg, o: lg.stats.head_to_head(CHAT, o["player"], o["mine"]), id="head_to_head"
    ),
]


@pytest.mark.parametrize("read", READS_WITH_FOREIGN_IDS)
async def test_another_chats_ids_read_as_unknown(table: Table, read) -> None:  # type: ignore[no-untyped-def]
    other = await seat_table(table.ledger, OTHER_CHAT)
    e2, s2, _, _ = other.ids
    foreign = await table.ledger.entries.record_win(
        OTHER_CHAT, other.session.id, WinSpec(e2, {e2: 9, s2: -9}, discarder=s2), Source(1, 1), e2
    )
    ids = {
        "session": other.session.id,
        "entry": foreign.entry.id,
        "player": e2,
        "mine": table.ids[0],
    }
    with pytest.raises(StorageError) as caught:
        await read(table.ledger, ids)
    assert caught.value.code in (
        ErrorCode.UNKNOWN_SESSION,
        ErrorCode.UNKNOWN_ENTRY,
        ErrorCode.UNKNOWN_PLAYER,
    )


async def test_lookups_by_foreign_values_find_nothing(table: Table) -> None:
    other = await seat_table(table.ledger, OTHER_CHAT)
    e2, s2, _, _ = other.ids
    await table.ledger.entries.record_win(
        OTHER_CHAT, other.session.id, WinSpec(e2, {e2: 9, s2: -9}, discarder=s2), Source(1, 77), e2
    )
    foreign_player = other.players[0]
    assert await table.ledger.players.find(CHAT, f"#{foreign_player.id}") is None
    assert await table.ledger.players.find(CHAT, str(foreign_player.user_id)) is None
    assert await table.ledger.reports.entries_by_message(CHAT, 77) == []
    assert await table.ledger.reports.last_entry(CHAT, other.session.id) is None
    assert all(x.net == 0 for x in await table.ledger.stats.players(CHAT))


async def test_hand_seating_is_the_table_as_the_entry_was_written(table: Table) -> None:
    """Who sat where and the deal after the hand, as written then (抢庄制: the winner
    deals next), not as the session is now; a kong moves no deal."""
    ledger, sid = table.ledger, table.session.id
    e, s, w, n = table.ids
    win = await ledger.entries.record_win(
        CHAT, sid, WinSpec(s, {s: 3, e: -1, w: -1, n: -1}, "x", self_draw=True), Source(1), s
    )
    kong = await ledger.entries.record_kong(
        CHAT, sid, KongSpec(w, {w: 3, e: -1, s: -1, n: -1}), Source(2), w
    )
    await ledger.sessions.swap_seats(CHAT, "E", "N")
    seating = await ledger.reports.hand_seating(CHAT, win.entry.id)
    assert seating.seats == (e, s, w, n)
    assert (seating.dealer_after, seating.round_wind_after) == ("S", "E")
    kong_seating = await ledger.reports.hand_seating(CHAT, kong.entry.id)
    assert kong_seating.seats == (e, s, w, n) and kong_seating.dealer_after is None
    with pytest.raises(StorageError) as caught:
        await ledger.reports.hand_seating(OTHER_CHAT, win.entry.id)
    assert caught.value.code is ErrorCode.UNKNOWN_ENTRY
