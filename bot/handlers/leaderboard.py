"""/top [period]: the leaderboard; /trend NAME [period]: one player's running balance."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Final

from telegram import InlineKeyboardMarkup, Update
from telegram.constants import ChatAction

from bot import pictures
from bot.buttons.registry import WIDEST_ENTRY_ID, ButtonRoute
from bot.commands import Command
from bot.context import Context, argument_words, known_player, message_of, services, update_lang
from bot.grammar.periods import Period
from bot.handlers.reports import pager, period_page_press, players_called
from bot.i18n import t
from bot.refusals.chat import ChatRefusal
from bot.replies.leaderboard_rows import Ranked, biggest_hand_name, ranked
from bot.replies.period_stats import (
    board_heading,
    or_all_time,
    period_boards,
    period_from_key,
    period_key,
    period_label,
    take_window,
)
from bot.replies.table import ruleset_name, signed
from bot.text_limits import edit, reply, reply_photo
from bot.webapp.links import with_webapp
from storage import Ledger
from storage.names import name_key

TOP_PREFIX = "top:"
TOP_PAGE_SIZE = 10  # rows of ~120 characters: a page well inside a message


async def top(update: Update, context: Context) -> None:
    """/top [period|season]: rank, points, hands, win and 点炮 rates, average, biggest hand."""
    message = message_of(update)
    lang = await update_lang(update, context)
    ledger = services(context).ledger
    period, rest = await take_window(ledger, message.chat.id, argument_words(message), message.date)
    if rest:
        raise ChatRefusal("not_a_period", token=rest[0])
    text, markup = await top_view(ledger, message.chat.id, or_all_time(period), 1, lang)
    await reply(message, text, reply_markup=with_webapp(markup, context, message.chat, lang))


async def top_button(update: Update, context: Context) -> None:
    """◀ / ▶ under a leaderboard: another page of the same window, in the same message."""
    pressed = await period_page_press(update, context, TOP_PREFIX)
    if pressed is None:
        return
    button, key, page = pressed
    message, ledger = button.message, services(context).ledger
    period = await period_from_key(ledger, message.chat.id, key, message.date)
    text, markup = await top_view(ledger, message.chat.id, period, page, button.lang)
    await edit(message, text, reply_markup=with_webapp(markup, context, message.chat, button.lang))


# a period's key (s + a season's id) and the page
BUTTONS: Final = (ButtonRoute(TOP_PREFIX, top_button, f"s{WIDEST_ENTRY_ID}:99999"),)


async def top_view(
    ledger: Ledger, chat_id: int, period: Period, page: int, lang: str
) -> tuple[str, InlineKeyboardMarkup | None]:
    boards = [
        (board.ruleset, ranked(board.players))
        for board in await period_boards(ledger, chat_id, period)
    ]
    # One board per ruleset, its heading before its first row on each page (a heading only
    # when the window holds more than one: points of two rulesets are never added up).
    rows = [(ruleset, row) for ruleset, board in boards for row in board]
    label = period_label(period, lang)
    if not rows:
        return t("top_empty", lang, period=label), None
    pages = -(-len(rows) // TOP_PAGE_SIZE)
    page = min(page, pages)
    title = f"<b>{t('top_title', lang, period=label)}</b>"
    if pages > 1:
        title += " " + t("stats_page", lang, page=page, pages=pages)
    shown = rows[(page - 1) * TOP_PAGE_SIZE : page * TOP_PAGE_SIZE]
    people = {row.stats.player for _, board in boards for row in board}
    alike = Counter(name_key(player.name) for player in people)  # a person on two boards once
    lines = [title]
    heading = None
    for ruleset, row in shown:
        if len(boards) > 1 and ruleset != heading:
            heading = ruleset
            lines.append(board_heading(ruleset, lang))
        player = row.stats.player
        name = player.name + (
            t("guest_mark", lang) if alike[name_key(player.name)] > 1 and player.is_guest else ""
        )
        lines.append(await _top_line(ledger, chat_id, row, name, lang))
    prefix = f"{TOP_PREFIX}{await period_key(ledger, chat_id, period)}:"
    return "\n".join(lines), pager(prefix, page, pages, lang)


async def _top_line(ledger: Ledger, chat_id: int, row: Ranked, name: str, lang: str) -> str:
    stats = row.stats
    hands = stats.hands
    line = t(
        "top_row",
        lang,
        rank=row.rank,
        name=name,
        net=signed(stats.net),
        hands=hands,
        win_rate=_percent(stats.wins, hands),
        deal_in_rate=_percent(stats.dealt_in, hands),
        average=f"{stats.net / hands:+.1f}".replace("-", "−") if hands else "0",
    )
    if stats.biggest_win_entry is not None:
        hand = await biggest_hand_name(ledger, chat_id, stats.biggest_win_entry, lang)
        line += t("top_biggest", lang, hand=hand, points=stats.biggest_win)
    return line


def _percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "–"


async def trend(update: Update, context: Context) -> None:
    """/trend [NAME] [period]: a player's running balance over the window as a chart (the
    sender's own without a name)."""
    message = message_of(update)
    lang = await update_lang(update, context)
    ledger = services(context).ledger
    period, rest = await take_window(ledger, message.chat.id, argument_words(message), message.date)
    period = or_all_time(period)
    if len(rest) > 1:
        raise ChatRefusal("trend_usage", token=rest[1])
    if rest:
        people = await players_called(ledger, message.chat.id, rest[0])
    elif message.from_user is not None:
        asker = await known_player(context, message.chat, message.from_user)
        if asker is None:  # never recorded here: nothing played, and a look records nobody
            name = message.from_user.full_name
            await reply(
                message, t("trend_empty", lang, name=name, period=period_label(period, lang))
            )
            return
        people = [asker]
    else:
        raise ChatRefusal("trend_usage", token="")
    # One person, every record of theirs (a guest seat they claimed, a merged record).
    folding = await ledger.people.of_chat(message.chat.id)
    records = sorted({record for p in people for record in folding.records(p.id)})
    root = folding.person(people[0].id)
    name = next((p.name for p in await ledger.players.all(message.chat.id) if p.id == root), "")
    label = period_label(period, lang)
    # A chart per ruleset the person played in the window: two rulesets' points never add up.
    trends = []
    boards = await period_boards(ledger, message.chat.id, period)
    for board in boards:
        if not any(row.player.id == root and (row.hands or row.net) for row in board.players):
            continue  # a ruleset others played in the window
        found = await ledger.trend.balance(
            message.chat.id, records, period.since, period.until, ruleset=board.ruleset
        )
        if found.balances:
            trends.append((board.ruleset, found))
    if not trends:
        await reply(message, t("trend_empty", lang, name=name, period=label))
        return
    for ruleset, found_trend in trends:
        shown = label if len(boards) == 1 else f"{label} · {ruleset_name(ruleset, lang)}"
        steps = found_trend.steps
        unit = "trend_by_month" if found_trend.by_month else "trend_by_hand"
        count = len(steps) if found_trend.by_month else steps[-1]
        title = t(unit, lang, name=name, period=shown, count=count)
        at = list(range(1, len(steps) + 1)) if found_trend.by_month else [int(s) for s in steps]
        await message.reply_chat_action(ChatAction.UPLOAD_PHOTO)
        png = await asyncio.to_thread(
            pictures.tally_chart_png,
            {name: list(found_trend.balances)},
            lang,
            title=title,
            at_hands=at,
        )
        net = signed(found_trend.balances[-1])
        caption = t("trend_caption", lang, name=name, period=shown, net=net)
        await reply_photo(message, png, filename="trend.png", caption=caption)


# This module's commands (bot.commands): handler, plain-text verbs, menu line.
COMMANDS: Final = (
    Command("top", top),
    Command("trend", trend),
)
