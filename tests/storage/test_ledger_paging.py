"""History by key, running totals sampled for a long session, and the export file written a
page at a time (gzipped when large, cut into parts under a limit)."""

from __future__ import annotations

import gzip
from pathlib import Path

from ledger_fixtures import CHAT, Table, play_a_few_hands

from storage import ExportFile, PageKey, Source, WinSpec


async def test_history_pages_by_key_both_ways(table: Table) -> None:
    await play_a_few_hands(table)  # 8 entries
    ledger = table.ledger
    first = await ledger.reports.history(CHAT, page=1, page_size=3)
    second = await ledger.reports.history(
        CHAT, page=2, page_size=3, key=PageKey(before=first.entries[-1].id)
    )
    third = await ledger.reports.history(
        CHAT, page=3, page_size=3, key=PageKey(before=second.entries[-1].id)
    )
    by_number = [await ledger.reports.history(CHAT, page=p, page_size=3) for p in (1, 2, 3)]
    assert [first, second, third] == by_number
    assert [len(page.entries) for page in by_number] == [3, 3, 2]
    back = await ledger.reports.history(
        CHAT, page=2, page_size=3, key=PageKey(after=third.entries[0].id)
    )
    assert back == second
    past_the_end = await ledger.reports.history(CHAT, page=99, page_size=3)
    assert past_the_end == third
    # A key naming no entry is no key: the page number counts (and is clamped).
    assert await ledger.reports.history(CHAT, page=99, page_size=3, key=PageKey()) == third


async def test_running_totals_are_sampled_with_the_last_hand_exact(table: Table) -> None:
    ledger, sid = table.ledger, table.session.id
    e, s, w, n = table.ids
    for hand in range(8):
        winner = table.ids[hand % 4]
        postings = {p: (3 * (hand + 1) if p == winner else -(hand + 1)) for p in table.ids}
        await ledger.entries.record_win(
            CHAT, sid, WinSpec(winner, postings, self_draw=True), Source(hand + 1), None
        )
    every = await ledger.reports.running_totals(CHAT, sid)
    sampled = await ledger.reports.running_totals(CHAT, sid, points=3)
    assert every.hands == tuple(range(1, 9)) and sampled.hands == (3, 6, 8)
    assert every.players == sampled.players == (e, s, w, n)
    for player in every.players:
        full = every.balances[player]
        assert sampled.balances[player] == (full[2], full[5], full[7])
    assert every.balances[e][-1] == (await ledger.reports.tally(CHAT, sid)).balances[e]


async def test_an_export_file_is_gzipped_and_cut_into_parts(table: Table, tmp_path: Path) -> None:
    await play_a_few_hands(table)
    ledger = table.ledger
    small = ExportFile(tmp_path, "small", gzip_above=1 << 20, part_limit=1 << 20)
    with small:
        async for page in ledger.export.pages(CHAT, page_size=3):
            small.write(page)
        [plain] = small.finish()
    text = await ledger.export.csv(CHAT)
    assert plain.name == "small.csv" and plain.read_text("utf-8-sig") == text
    cut = ExportFile(tmp_path, "cut", gzip_above=100, part_limit=400)
    with cut:
        async for page in ledger.export.pages(CHAT, page_size=3):
            cut.write(page)
        parts = cut.finish()
    assert len(parts) > 1 and all(part.stat().st_size <= 400 for part in parts)
    assert [part.name for part in parts][:2] == ["cut.csv.gz.part01", "cut.csv.gz.part02"]
    joined = b"".join(part.read_bytes() for part in parts)
    assert gzip.decompress(joined).decode("utf-8-sig") == text
