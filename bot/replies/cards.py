"""The cards to share, read from the ledger: the evening card (a session: what /settle sends)
and the season card (a chat's period: the season page's 「分享」 and the bot's inline mode).
``bot.pictures.card`` draws them; ``lines`` is the slot a caller fills with what the card
should add (the rating change /settle computes)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from bot.grammar.periods import Period
from bot.i18n import t
from bot.pictures.card import Card, Standing, card_png
from bot.replies.awards import AWARDS, BY_ID, award_names
from bot.replies.leaderboard_rows import biggest_hand_name
from bot.replies.money import has_money, yuan
from bot.replies.period_stats import period_boards, period_label
from scoring import rulesets
from storage import AwardRow, Ledger, Session, SessionHand, SessionMoney, Tally


def _biggest(hands: Sequence[SessionHand], names: dict[int, str], lang: str) -> str | None:
    """The session's biggest win by what the winner took: 「甲 三财飘 16（+384）」."""
    wins = [h for h in hands if h.entry.kind == "win" and h.entry.winner is not None]
    if not wins:
        return None
    best = max(wins, key=lambda h: (h.entry.postings.get(h.entry.winner or 0, 0), -h.entry.id))
    entry = best.entry
    patterns = [
        str(p.get("name_en" if lang == "en" else "name"))
        for p in (best.result or {}).get("patterns", [])
    ]
    gain = entry.postings.get(entry.winner or 0, 0)
    hand = "、".join(patterns) if lang != "en" else ", ".join(patterns)
    return f"{names.get(entry.winner or 0, '?')} {hand} (+{gain})".replace("  ", " ")


def _award_items(rows: Sequence[AwardRow], names: dict[int, str], lang: str) -> list[str]:
    """Hand by hand, each hand's awards in the table's order (most cheered first)."""
    order = {award.id: index for index, award in enumerate(AWARDS)}
    ordered = sorted(rows, key=lambda row: (row.entry_id, order[row.award]))
    return [f"{names.get(row.player_id, '?')} {BY_ID[row.award].name(lang)}" for row in ordered]


def _ruleset_name(ruleset: str, lang: str) -> str:
    rules = rulesets.get(ruleset)
    return rules.name_en if lang == "en" else rules.name_zh


async def evening_card(
    ledger: Ledger,
    session: Session,
    standings: Tally,
    money: SessionMoney,
    transfers: Sequence[str],
    lang: str,
    lines: Sequence[str] = (),
) -> Card:
    """The card of an evening just settled; ``transfers`` written as the picture shows them
    (「乙 → 甲：34」)."""
    chat_id = session.chat_id
    names = {player.id: player.name for player in await ledger.players.all(chat_id)}
    priced = money.balances(standings.balances) if has_money(money) else {}
    rows = [
        Standing(
            row.player.name,
            row.balance,
            yuan(priced.get(row.player.id, 0), lang, sign=True) if money.stake else None,
        )
        for row in standings.rows
    ]
    hands = await ledger.awards.session_hands(chat_id, session.id)
    awards = await ledger.awards.of_session(chat_id, session.id)
    return Card(
        title=t("card_evening", lang, session=session.id),
        subtitle=f"{session.opened_at:%Y-%m-%d} · {_ruleset_name(session.ruleset, lang)}",
        standings=rows,
        biggest=_biggest(hands, names, lang),
        awards=_award_items(awards, names, lang),
        transfers=transfers,
        lines=lines,
    )


async def season_card(
    ledger: Ledger, chat_id: int, chat_title: str, period: Period, lang: str
) -> Card:
    """A chat's standings over ``period`` folded by person, its biggest hand and the awards
    each person earned in it."""
    people = await ledger.people.of_chat(chat_id)
    # Points of two rulesets never add up: the card shows the board most hands were played on.
    boards = await period_boards(ledger, chat_id, period)
    board = max(boards, key=lambda b: sum(row.hands for row in b.players), default=None)
    rows = [row for row in (board.players if board else []) if row.hands or row.net]
    standings = [Standing(row.player.name, row.net) for row in rows]
    awards: list[str] = []
    biggest: tuple[int, int, str] | None = None  # points, entry, name
    for row in rows:
        earned = await ledger.awards.of_players(
            chat_id, set(people.records(row.player.id)), period.since, period.until
        )
        if earned:
            awards.append(f"{row.player.name}：{' · '.join(award_names(earned, lang))}")
        entry = row.biggest_win_entry
        if entry is not None and (biggest is None or row.biggest_win > biggest[0]):
            biggest = (row.biggest_win, entry, row.player.name)
    biggest_text = None
    if biggest is not None:
        points, entry, name = biggest
        biggest_text = f"{name} {await biggest_hand_name(ledger, chat_id, entry, lang)} (+{points})"
    return Card(
        title=period_label(period, lang),
        subtitle=chat_title,
        standings=standings,
        biggest=biggest_text,
        awards=awards,
    )


async def card_bytes(card: Card, lang: str) -> bytes:
    """The card drawn off the event loop."""
    return await asyncio.to_thread(card_png, card, lang)
