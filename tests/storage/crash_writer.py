"""A process that records hands forever, printing each returned entry id (the crash test kills it).

Usage: python crash_writer.py DB_PATH FIRST_UPDATE_ID
"""

from __future__ import annotations

import asyncio
import sys

from storage import Ledger, SessionTerms, Source, WinSpec

CHAT = 99


async def main(path: str, first_update: int) -> None:
    ledger = await Ledger.open(path)
    players = [(await ledger.players.upsert_user(CHAT, i, f"p{i}")).id for i in range(4)]
    session = await ledger.sessions.current(CHAT)
    if session is None:
        seats = (players[0], players[1], players[2], players[3])
        session = await ledger.sessions.open(
            CHAT, SessionTerms("hangzhou", 1, "dealer_stays"), seats, None
        )
    update = first_update
    while True:
        winner = players[update % 4]
        postings = {p: (3 * 8 if p == winner else -8) for p in players}
        recorded = await ledger.entries.record_win(
            CHAT,
            session.id,
            WinSpec(
                winner, postings, "123m456m789m123p5s +5s", '{"fan": 1}', self_draw=True, value=1
            ),
            Source(update, update),
            winner,
        )
        print(recorded.entry.id, flush=True)
        if update % 5 == 0:
            await ledger.entries.reverse(CHAT, author=None, source=Source(-update))
        update += 1


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
