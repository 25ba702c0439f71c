"""Helpers shared by the storage tests (a module name no other test folder uses)."""

from __future__ import annotations

from dataclasses import dataclass

from storage import KongSpec, Ledger, Player, Rotation, Session, SessionTerms, Source, WinSpec
from storage.csv_trailer import signed
from storage.export import COLUMNS

CHAT = -1001
OTHER_CHAT = -1002

# What the migration that numbers rows per chat (0014_chat_numbers) adds, taken away: a ledger
# as the version before it left it (a test going back further takes this away first).
BACK_TO_BEFORE_NUMBERS = """
DROP TABLE numbered_since;
DROP TRIGGER sessions_numbered; DROP TRIGGER entries_numbered;
DROP TRIGGER identity_events_numbered;
DROP TRIGGER sessions_number_kept; DROP TRIGGER entries_number_kept;
DROP TRIGGER identity_events_number_kept;
DROP INDEX sessions_number; DROP INDEX entries_number; DROP INDEX identity_events_number;
ALTER TABLE sessions DROP COLUMN number; ALTER TABLE entries DROP COLUMN number;
ALTER TABLE identity_events DROP COLUMN number;
"""


@dataclass
class Table:
    """A chat with four players seated 东南西北 and an open session."""

    ledger: Ledger
    chat_id: int
    players: tuple[Player, Player, Player, Player]
    session: Session

    @property
    def ids(self) -> tuple[int, int, int, int]:
        e, s, w, n = self.players
        return e.id, s.id, w.id, n.id


async def seat_table(
    ledger: Ledger, chat_id: int = CHAT, rotation: Rotation = "winner_deals", base: int = 1
) -> Table:
    names = ("甲", "乙", "丙", "丁")
    players = [
        await ledger.players.upsert_user(chat_id, 100 + i + abs(chat_id) * 10, name, f"user{i}")
        for i, name in enumerate(names)
    ]
    session = await ledger.sessions.open(
        chat_id,
        SessionTerms(
            "huzhou-qiangdao" if rotation == "winner_deals" else "hangzhou", base, rotation
        ),
        (players[0].id, players[1].id, players[2].id, players[3].id),
        players[0].id,
    )
    return Table(ledger, chat_id, (players[0], players[1], players[2], players[3]), session)


async def play_a_few_hands(table: Table) -> None:
    """E S W N: S 自摸 (3 each), W wins on E's discard (8), kong by N, 流局, S wins on N
    (reversed), then N and W both win on S's discard (一炮多响)."""
    ledger, sid, chat = table.ledger, table.session.id, table.chat_id
    e, s, w, n = table.ids
    await ledger.entries.record_win(
        chat,
        sid,
        WinSpec(s, {s: 9, e: -3, w: -3, n: -3}, "a", self_draw=True, value=3),
        Source(1),
        s,
    )
    await ledger.entries.record_win(
        chat, sid, WinSpec(w, {w: 8, e: -8}, "b", discarder=e, value=8), Source(2), w
    )
    await ledger.entries.record_kong(
        chat, sid, KongSpec(n, {n: 3, e: -1, s: -1, w: -1}), Source(3), n
    )
    await ledger.entries.record_draw(chat, sid, Source(4), None)
    mistake = await ledger.entries.record_win(
        chat, sid, WinSpec(s, {s: 50, n: -50}, "c", discarder=n, value=50), Source(5), s
    )
    await ledger.entries.reverse(chat, mistake.entry.id, author=e, source=Source(6))
    double = [
        WinSpec(n, {n: 2, s: -2}, discarder=s, value=2),
        WinSpec(w, {w: 4, s: -4}, discarder=s, value=4),
    ]
    await ledger.entries.record_wins(chat, sid, double, Source(7), s)


def resigned(text: str) -> str:
    """An export a test edited, with the trailer a file of these rows ends with written
    again (its old one dropped), so that the import reaches the rows the test changed."""
    lines = text.splitlines(keepends=True)
    body = "".join(line for line in lines if not line.startswith("end,"))
    return signed(body, COLUMNS, sum(line.startswith("entry,") for line in lines))
