"""The latest wins' lines the button flow orders its patterns by: the chat's own, only
wins, at most the latest entries asked for, read by the (chat_id, id) index."""

from __future__ import annotations

from ledger_fixtures import CHAT, OTHER_CHAT, seat_table

from storage import KongSpec, Ledger, Source, WinSpec


async def test_the_latest_wins_lines_of_the_chat_only(ledger: Ledger) -> None:
    table = await seat_table(ledger)
    other = await seat_table(ledger, OTHER_CHAT)
    e, s, w, n = table.ids
    for number, line in enumerate(("自摸 爆头", "点炮W 七对 有花", "自摸 财飘"), start=1):
        spec = WinSpec(e, {e: 24, s: -8, w: -8, n: -8}, line, self_draw=True, value=1)
        await ledger.entries.record_win(CHAT, table.session.id, spec, Source(number), e)
    kong = KongSpec(s, {s: 3, e: -1, w: -1, n: -1})
    await ledger.entries.record_kong(CHAT, table.session.id, kong, Source(9), s)
    oe, os_, ow, on = other.ids
    spec = WinSpec(oe, {oe: 24, os_: -8, ow: -8, on: -8}, "自摸 二连杠", self_draw=True, value=1)
    await ledger.entries.record_win(OTHER_CHAT, other.session.id, spec, Source(10), oe)
    lines = await ledger.pattern_uses.recent_win_lines(CHAT)
    assert lines == ["自摸 财飘", "点炮W 七对 有花", "自摸 爆头"]
    assert await ledger.pattern_uses.recent_win_lines(CHAT, entries=2) == [
        "自摸 财飘"
    ]  # the kong counts
    assert await ledger.pattern_uses.recent_win_lines(OTHER_CHAT) == ["自摸 二连杠"]


async def test_the_read_walks_the_chats_index(ledger: Ledger) -> None:
    """Flat cost as the ledger grows: a bounded walk down (chat_id, id), not a scan."""
    async with ledger.database.read() as conn:
        plan = await conn.execute_fetchall(
            "EXPLAIN QUERY PLAN SELECT hand_line FROM ("
            " SELECT kind, hand_line FROM entries WHERE chat_id = ? ORDER BY id DESC LIMIT ?"
            ") WHERE kind = 'win' AND hand_line IS NOT NULL",
            [CHAT, 200],
        )
    detail = " ".join(str(row[-1]) for row in plan)
    assert "entries_chat" in detail and "SCAN entries" not in detail, detail
