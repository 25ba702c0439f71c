"""The season page's history as data: each entry as what it is (a win with its patterns, a kong
of which kind from whom, a draw, an undo of #N, a penalty, a payment, a table fee, a stake) and
who, in the viewer's language, never the ledger's notation (点炮S, 座W 圈E). The page words
each kind (``static/texts.js``); the names, amounts and the hand line come from here, written
as /history writes them in the chat (``bot.replies.entry_words``).
"""

from __future__ import annotations

import re
from typing import Any, Final

from bot.grammar import DISCARD_PREFIXES, SEAT_WORD_CODE
from bot.replies.entry_words import KONG_BY_NAME, patterns_of, shown_line
from bot.replies.money import account_name, entry_money
from bot.replies.table import kong_name
from scoring.vocabulary import holds_tiles
from storage import SEATS, Entry, Ledger
from storage.money import adjustment_data, stake_text

_WINDS: Final = re.compile(r"([座圈])([ESWN])")
# An adjustment's stored kind → the page's kind (the stake is one more adjustment)
_ADJUSTMENTS: Final = {"penalty": "penalty", "pay": "pay", "fee": "fee", "stake": "stake"}


async def history_json(
    ledger: Ledger, chat_id: int, entries: tuple[Entry, ...], lang: str
) -> list[dict[str, Any]]:
    """A page of entries as the page shows them; the seats a line names are the entry's own
    (read only for the rare line that names a seat other than the discarder's: 承包N)."""
    names = {p.id: p.name for p in await ledger.players.all(chat_id)}
    shown = []
    for entry in entries:
        seated: dict[str, str] | None = None
        if entry.hand_line and _names_another_seat(entry.hand_line):
            seating = await ledger.reports.hand_seating(chat_id, entry.id)
            seated = {
                seat: names[player]
                for seat, player in zip(SEATS, seating.seats, strict=True)
                if player is not None and player in names
            }
        shown.append(entry_json(entry, names, lang, seated))
    return shown


def _names_another_seat(line: str) -> bool:
    return any(
        (code := SEAT_WORD_CODE.fullmatch(word)) and code.group(1) not in DISCARD_PREFIXES
        for word in line.split()
    )


def entry_json(
    entry: Entry, names: dict[int, str], lang: str, seated: dict[str, str] | None = None
) -> dict[str, Any]:
    """One entry: ``kind`` (win kong draw undo penalty pay fee stake adjustment) and what the
    page's line for that kind names."""
    found: dict[str, Any] = {
        "id": entry.id,  # the key the picture's address uses
        "number": entry.number,  # #N as the chat reads it
        "at": entry.created_at.isoformat(),
        "kind": entry.kind,
        "undone": entry.is_reversed,
        "postings": [
            {"name": names.get(player, "?"), "delta": delta}
            for player, delta in sorted(entry.postings.items(), key=lambda item: -item[1])
            if delta
        ],
    }
    if entry.kind == "win":
        found.update(_win(entry, names, lang, seated))
    elif entry.kind == "kong":
        found.update(_kong(entry, names, lang))
    elif entry.kind == "reversal":
        found.update(kind="undo", reverses=entry.reverses_number or entry.reverses)
    elif entry.kind == "adjustment":
        found.update(_adjustment(entry, names, lang))
    return found


def _win(
    entry: Entry, names: dict[int, str], lang: str, seated: dict[str, str] | None
) -> dict[str, Any]:
    line = entry.hand_line or ""
    winds = dict(_WINDS.findall(line))
    return {
        "who": names.get(entry.winner, "?") if entry.winner is not None else None,
        "from": names.get(entry.discarder) if entry.discarder is not None else None,
        "self_draw": bool(entry.self_draw),
        "line": shown_line(entry, names, lang, seated),
        "seat_wind": winds.get("座"),
        "round_wind": winds.get("圈"),
        "patterns": patterns_of(entry.result_json, lang),
        "picture": bool(line and holds_tiles(line) and entry.winner is not None),
    }


def _kong(entry: Entry, names: dict[int, str], lang: str) -> dict[str, Any]:
    """The owner, the kind (its note) and, for a kong one player paid alone, who gave it."""
    kind = KONG_BY_NAME.get(entry.note or "")
    payers = [player for player, delta in entry.postings.items() if delta < 0]
    return {
        "who": names.get(entry.winner, "?") if entry.winner is not None else None,
        "kong": kong_name(kind, lang) if kind else entry.note,
        "from": names.get(payers[0], "?") if len(payers) == 1 else None,
    }


def _adjustment(entry: Entry, names: dict[int, str], lang: str) -> dict[str, Any]:
    """Who paid whom how much: points from the postings, 元 (fen) from the money lines."""
    data = adjustment_data(entry.result_json) or {}
    kind = _ADJUSTMENTS.get(str(data.get("adjust")), "adjustment")
    fen = entry_money(data) if data else {}
    lines = fen or entry.postings
    payers = [account for account, amount in lines.items() if amount < 0]
    payees = [account for account, amount in lines.items() if amount > 0]
    found: dict[str, Any] = {
        "kind": kind,
        "reason": entry.note,
        "who": account_name(payers[0], names, lang) if len(payers) == 1 else None,
        "to": account_name(payees[0], names, lang) if len(payees) == 1 else None,
        "points": None if fen else sum(amount for amount in lines.values() if amount > 0),
        "fen": sum(amount for amount in fen.values() if amount > 0) if fen else None,
        "money": [
            {"name": account_name(account, names, lang), "fen": amount}
            for account, amount in sorted(fen.items(), key=lambda item: -item[1])
        ],
    }
    if kind == "stake" and "stake" in data:
        found["stake"] = stake_text(int(data["stake"]))
    return found
