"""The pattern counter the button flow orders its patterns by: counted per chat and word,
read in one query, carried by a supergroup migration."""

from __future__ import annotations

from ledger_fixtures import CHAT, OTHER_CHAT

from storage import Ledger


async def test_uses_are_counted_per_chat_and_word(ledger: Ledger) -> None:
    await ledger.ensure_chat(CHAT)
    await ledger.ensure_chat(OTHER_CHAT)
    assert await ledger.pattern_uses(CHAT) == {}
    await ledger.count_patterns(CHAT, ["爆头", "七对"])
    await ledger.count_patterns(CHAT, ["爆头", "爆头"])  # two winners of one hand
    await ledger.count_patterns(CHAT, [])  # a plain win: nothing to count
    await ledger.count_patterns(OTHER_CHAT, ["财飘"])
    assert await ledger.pattern_uses(CHAT) == {"爆头": 3, "七对": 1}
    assert await ledger.pattern_uses(OTHER_CHAT) == {"财飘": 1}


async def test_a_migrated_chat_keeps_its_counts(ledger: Ledger) -> None:
    await ledger.ensure_chat(CHAT)
    await ledger.count_patterns(CHAT, ["杠开"])
    await ledger.migrate_chat(CHAT, OTHER_CHAT)
    assert await ledger.pattern_uses(OTHER_CHAT) == {"杠开": 1}
    assert await ledger.pattern_uses(CHAT) == {}


async def test_reading_the_counts_uses_the_key(ledger: Ledger) -> None:
    """Flat cost as the ledger grows: the read is a primary-key range, not a scan."""
    async with ledger._read() as conn:
        plan = await conn.execute_fetchall(
            "EXPLAIN QUERY PLAN SELECT word, uses FROM pattern_uses WHERE chat_id = ?", [CHAT]
        )
    detail = " ".join(str(row[-1]) for row in plan)
    assert "SEARCH" in detail and "PRIMARY KEY" in detail, detail
