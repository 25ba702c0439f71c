"""实力分: the rating from placements (``ledger.rating``, docs/rating.md): the line under
/settle, and /rating (实力, 段位): the chat's board with games played and the change over a
period (/stats' period words: 本月, 上月, 2026-11, a season …; this month when none)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Final

from telegram import Update

from bot.commands import Command
from bot.context import Context, argument_words, message_of, services, update_lang
from bot.grammar.periods import Period, take_period
from bot.i18n import t
from bot.refusals.chat import ChatRefusal
from bot.replies.period_stats import period_label, take_window
from bot.replies.table import signed
from bot.text_limits import reply
from scoring import rulesets
from scoring.errors import ScoringError
from storage.rating import GameChange


def rating_line(changes: Sequence[GameChange], names: dict[int, str], lang: str) -> str:
    """「实力分：甲 1532 (+18) · 乙 1490 (−10) …」, best place first."""
    shown = " · ".join(
        f"{names.get(change.person, '?')} {change.after} ({signed(change.after - change.before)})"
        for change in changes
    )
    return t("rating_line", lang, ratings=shown)


async def rating(update: Update, context: Context) -> None:
    """/rating [period] [杭州|湖州]: the board of each family the chat plays (or the one named)."""
    message = message_of(update)
    lang = await update_lang(update, context)
    ledger = services(context).ledger
    chat_id = message.chat.id
    period, words = await take_window(ledger, chat_id, argument_words(message), message.date)
    if period is None:
        period, _ = take_period(["本月"], message.date)
    assert period is not None
    families = await ledger.rating.families(chat_id)
    for word in words:
        try:
            named = rulesets.get(word).family.id
        except ScoringError:
            raise ChatRefusal("rating_unknown_word", token=word) from None
        families = [named]
    if not families:
        await reply(message, t("rating_none", lang))
        return
    names = {player.id: player.name for player in await ledger.players.all(chat_id)}
    blocks = []
    for family in families:
        board = await ledger.rating.board(chat_id, family, *_bounds(period))
        title = t("rating_title", lang, period=period_label(period, lang))
        if len(families) > 1 or words:
            title += " · " + _family_name(family, lang)
        lines = [f"<b>{title}</b>"]
        for place, row in enumerate(board, start=1):
            change = (
                t("rating_no_change", lang) if row.change is None else f"({signed(row.change)})"
            )
            lines.append(
                t(
                    "rating_row",
                    lang,
                    place=place,
                    name=names.get(row.person, "?"),
                    shown=row.shown,
                    change=change,
                    games=row.games,
                )
            )
        blocks.append("\n".join(lines))
    await reply(message, "\n\n".join(blocks))


def _bounds(period: Period) -> tuple[str | None, str | None]:
    """The period's bounds as the ledger writes times (UTC ISO text; None: open)."""
    return _utc(period.since), _utc(period.until)


def _utc(moment: datetime | None) -> str | None:
    return None if moment is None else moment.astimezone(UTC).isoformat(timespec="microseconds")


def _family_name(family: str, lang: str) -> str:
    for known in rulesets.families():
        if known.id == family:
            return known.names[0] if lang != "en" else known.id
    return family


COMMANDS: Final = (Command("rating", rating, verbs=("实力", "段位")),)
