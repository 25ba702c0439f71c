"""Helpers shared by the storage tests (a module name no other test folder uses)."""

from __future__ import annotations

from dataclasses import dataclass

from storage import Ledger, Player, Rotation, Session

CHAT = -1001
OTHER_CHAT = -1002


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
        await ledger.upsert_user(chat_id, 100 + i + abs(chat_id) * 10, name, f"user{i}")
        for i, name in enumerate(names)
    ]
    session = await ledger.open_session(
        chat_id,
        "huzhou-qiangdao" if rotation == "winner_deals" else "hangzhou",
        base,
        (players[0].id, players[1].id, players[2].id, players[3].id),
        creator=players[0].id,
        rotation=rotation,
    )
    return Table(ledger, chat_id, (players[0], players[1], players[2], players[3]), session)
