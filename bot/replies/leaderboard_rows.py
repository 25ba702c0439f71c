"""The leaderboard's rows, shared by /top and the Mini App: players ranked by points (equal
points share a rank) and the name of a player's biggest hand."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.i18n import t
from storage import Ledger, PlayerStats


@dataclass(frozen=True)
class Ranked:
    """A leaderboard row: its rank (equal points share one) and the player's record."""

    rank: int
    stats: PlayerStats


def ranked(rows: list[PlayerStats]) -> list[Ranked]:
    """Players who played or moved points in the window, most points first; equal points
    share a rank and the next rank skips (1, 1, 3)."""
    shown = sorted(
        (row for row in rows if row.hands or row.net),
        key=lambda row: (-row.net, -row.wins, row.player.name, row.player.id),
    )
    out: list[Ranked] = []
    for index, row in enumerate(shown):
        tied = out and out[-1].stats.net == row.net
        out.append(Ranked(out[-1].rank if tied else index + 1, row))
    return out


async def biggest_hand_name(ledger: Ledger, chat_id: int, entry_id: int, lang: str) -> str:
    """The biggest hand by the patterns stored with it (财飘、杠开), else 平胡."""
    entry = await ledger.reports.entry(chat_id, entry_id)
    names: list[str] = []
    if entry.result_json:
        try:
            names = [p["name"] for p in json.loads(entry.result_json).get("patterns", [])]
        except (ValueError, TypeError, KeyError):
            names = []  # a breakdown from another version of the bot: its words instead
    joined = ("、" if lang == "zh" else ", ").join(names)
    return joined or t("plain_win", lang)
