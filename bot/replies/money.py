"""Money as the chat reads it (HTML): amounts in 元, a session's money block, money lines of an
entry, and an adjustment explained for /why. The arithmetic is ``storage.money``'s."""

from __future__ import annotations

import html
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from bot.i18n import Html, t
from bot.replies.table import signed
from storage import TABLE, Entry, SessionMoney, Tally
from storage.money import stake_text, yuan_text
from storage.periods import CHINA


def account_name(account: int, names: Mapping[int, str], lang: str) -> str:
    """A player's name, or 台费 for the table fee's account (plain text)."""
    return t("table_account", lang) if account == TABLE else names.get(account, "?")


def debt_day(created_at: str) -> str:
    """When a debt line was written, as the chat reads it: MM-DD in Beijing time."""
    return datetime.fromisoformat(created_at).astimezone(CHINA).strftime("%m-%d")


def yuan(fen: int, lang: str, *, sign: bool = False) -> str:
    """'12.50 元' / '+12.50 yuan'."""
    return t("yuan", lang, amount=yuan_text(fen, signed=sign))


def money_lines_text(fen: Mapping[int, int], names: Mapping[int, str], lang: str) -> str:
    """'甲 −10.00 元 · 台费 +40.00 元' as HTML, players first, the table last."""
    ordered = sorted(fen.items(), key=lambda item: (item[0] == TABLE, -item[1], item[0]))
    return " · ".join(
        f"{html.escape(account_name(account, names, lang))} {yuan(amount, lang, sign=True)}"
        for account, amount in ordered
        if amount
    )


def points_lines_text(postings: Mapping[int, int], names: Mapping[int, str]) -> str:
    """'甲 −30 · 乙 +10' as HTML."""
    return " · ".join(
        f"{html.escape(names.get(player, '?'))} {signed(amount)}"
        for player, amount in sorted(postings.items(), key=lambda item: (-item[1], item[0]))
    )


def stake_label(money: SessionMoney, lang: str) -> str:
    if money.stake is None:
        return t("stake_none", lang)
    return t("stake_is", lang, stake=stake_text(money.stake))


def money_block(standings: Tally, money: SessionMoney, names: Mapping[int, str], lang: str) -> str:
    """The session in 元 (HTML): each player's money, highest first, and the fee's line
    (``names``: the chat's players, who may have paid a fee without scoring a point)."""
    balances = money.balances(_ordered_points(standings))
    what = (
        t("stake_is", lang, stake=stake_text(money.stake))
        if money.stake
        else t("money_lines_only", lang)
    )
    lines = [f"<b>{t('money_title', lang, stake=what)}</b>"]
    players = sorted(
        (item for item in balances.items() if item[0] != TABLE), key=lambda item: -item[1]
    )
    lines.extend(
        f"{html.escape(names.get(player, '?'))} {yuan(amount, lang, sign=True)}"
        for player, amount in players
    )
    if money.fee:
        lines.append(_fee_line(money, names, lang))
    return "\n".join(lines)


def _fee_line(money: SessionMoney, names: Mapping[int, str], lang: str) -> str:
    """'台费 40.00 元（每人 −10.00 元）', or each payer's share when they differ: what the
    players' lines above already include."""
    shares = money.fee_shares
    fee = yuan_text(money.fee)
    if not shares:
        return t("money_fee_line", lang, fee=fee)
    amounts = set(shares.values())
    if len(amounts) == 1 and len(shares) > 1:
        each = yuan(amounts.pop(), lang, sign=True)
        return t("money_fee_each", lang, fee=fee, each=each)
    return t("money_fee_shares", lang, fee=fee, shares=Html(money_lines_text(shares, names, lang)))


def _ordered_points(standings: Tally) -> dict[int, int]:
    """Balances in standings order: the order ``priced`` breaks equal fractions of a fen by."""
    return {row.player.id: row.balance for row in standings.rows}


def has_money(money: SessionMoney) -> bool:
    return money.stake is not None or bool(money.fen)


def adjustment_label(data: Mapping[str, Any], lang: str) -> str:
    """'台费', '罚', '每分 0.5 元' … for an adjustment's stored JSON."""
    kind = str(data["adjust"])
    if kind == "stake":
        return t("stake_is", lang, stake=stake_text(int(data["stake"])))
    return t(f"adjust_{kind}", lang)


def entry_money(data: Mapping[str, Any]) -> dict[int, int]:
    """An adjustment's fen lines, by account."""
    return {int(account): int(amount) for account, amount in data.get("fen", ())}


def why_adjustment(
    entry: Entry, data: Mapping[str, Any], names: Mapping[int, str], lang: str
) -> str:
    """/why of a stake, fee, penalty or payment: what it is, why, who wrote it, what moved."""
    reason = f" · {entry.note}" if entry.note else ""
    moved = [points_lines_text(entry.postings, names)] if entry.postings else []
    fen = entry_money(data)
    if fen:
        moved.append(money_lines_text(fen, names, lang))
    author = names.get(entry.author, "?") if entry.author is not None else "—"
    text = t(
        "why_adjustment",
        lang,
        entry=entry.number,
        kind=adjustment_label(data, lang),
        reason=reason,
        author=author,
        lines=Html("\n".join(moved)),
    )
    return text + (" " + t("reversed_tag", lang) if entry.is_reversed else "")
