"""Rules questions: /rules [QUESTION] (menu and answers with a button for the full text), /why."""

from __future__ import annotations

import contextlib
import html
from typing import Final

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update

from bot import rules_qa
from bot.buttons.registry import ButtonRoute
from bot.commands import Command
from bot.context import Context, argument_text, message_of, services, update_lang
from bot.grammar import parse_entry_id
from bot.i18n import t
from bot.recording.arguments import entry_ids_in
from bot.recording.writes import entry_named
from bot.refusals.chat import ChatRefusal
from bot.replies.money import why_adjustment
from bot.replies.table import ruleset_name
from bot.rules_qa.content import LANGS, topics_by_id
from bot.text_limits import answer, edit, reply
from scoring import rulesets
from storage import SEATS, Ledger, StorageError
from storage.money import adjustment_data

TOPIC_PREFIX = "rule:"
LAST_WIN_LOOKBACK = 20  # entries: kongs, draws and undos may follow the last win
# The menu's two pages, as button data after TOPIC_PREFIX (no topic id starts with "+").
HERE, OTHER = "+here", "+other"


async def _chat_ruleset(context: Context, chat_id: int) -> str:
    ledger = services(context).ledger
    session = await ledger.sessions.current(chat_id)
    if session is not None:
        return session.ruleset
    chat = await ledger.chats.get(chat_id)
    return chat.ruleset if chat and chat.ruleset else rulesets.DEFAULT


async def rules(update: Update, context: Context) -> None:
    """/rules: the topic menu; /rules QUESTION: a short answer and a button for the long text."""
    message = message_of(update)
    chat_lang = await update_lang(update, context)
    ruleset = await _chat_ruleset(context, message.chat.id)
    question = argument_text(message)
    # An English question in a Chinese chat (or the other way round) is answered in its language.
    lang = rules_qa.question_lang(question, chat_lang) if question else chat_lang
    tag = lang if lang != chat_lang else None
    if question:
        found = rules_qa.answer(question, lang, ruleset)
        if found is not None:
            more = InlineKeyboardButton(
                t("rules_more", lang), callback_data=_data(found.topic, tag)
            )
            markup = InlineKeyboardMarkup([[more]]) if found.has_long else None
            await reply(message, found.html(), reply_markup=markup)
            return
        await _not_answered(message, question, lang, ruleset, tag)
        return
    header = t("rules_menu", lang, ruleset=ruleset_name(ruleset, lang))
    await reply(message, header, reply_markup=menu_page(lang, ruleset, HERE, tag))


async def _not_answered(
    message: Message, question: str, lang: str, ruleset: str, tag: str | None
) -> None:
    """A question no topic answers: said so in a line, with the few topics it touches (none
    for chatter such as 今晚吃什么) and one button to the menu, not the whole menu."""
    near = rules_qa.near(question, lang, ruleset)
    menu = InlineKeyboardButton(t("rules_open_menu", lang), callback_data=_data(HERE, tag))
    markup = topic_buttons([(found.topic, found.title) for found in near], menu, tag)
    await reply(message, t("rules_maybe" if near else "rules_off_topic", lang), reply_markup=markup)


def _data(wanted: str, lang_tag: str | None = None) -> str:
    """Button data: the topic (or page), prefixed by its answer language if not the chat's."""
    return TOPIC_PREFIX + (f"{lang_tag}:{wanted}" if lang_tag else wanted)


def topic_buttons(
    topics: list[tuple[str, str]],
    turn: InlineKeyboardButton | None = None,
    lang_tag: str | None = None,
) -> InlineKeyboardMarkup:
    """Two topic buttons a row, and the page-turning button on a row of its own."""
    buttons = [
        InlineKeyboardButton(title, callback_data=_data(topic_id, lang_tag))
        for topic_id, title in topics
    ]
    rows = [buttons[i : i + 2] for i in range(0, len(buttons), 2)]
    return InlineKeyboardMarkup([*rows, [turn]] if turn else rows)


def menu_page(
    lang: str, ruleset: str, page: str, lang_tag: str | None = None
) -> InlineKeyboardMarkup:
    """The group's page of topics with a 其他玩法 button, or the other family's with a way back."""
    here, other = rules_qa.menu_pages(lang, ruleset)
    if page == OTHER:
        back = InlineKeyboardButton(t("rules_back", lang), callback_data=_data(HERE, lang_tag))
        return topic_buttons(other, back, lang_tag)
    more = InlineKeyboardButton(t("rules_other", lang), callback_data=_data(OTHER, lang_tag))
    return topic_buttons(here, more if other else None, lang_tag)


async def topic_button(update: Update, context: Context) -> None:
    """A topic button: the topic's full text as a new message; a page button turns the menu."""
    query = update.callback_query
    assert query is not None and query.data is not None
    chat_lang = await update_lang(update, context)
    await answer(query)
    message = query.message
    if not isinstance(message, Message):
        return
    wanted = query.data.removeprefix(TOPIC_PREFIX)
    tag, colon, rest = wanted.partition(":")
    lang_tag = tag if colon and tag in LANGS else None
    if lang_tag:
        wanted = rest
    lang = lang_tag or chat_lang
    if wanted in (HERE, OTHER):
        ruleset = await _chat_ruleset(context, message.chat.id)
        name = ruleset_name(ruleset, lang)
        header = t("rules_menu_other" if wanted == OTHER else "rules_menu", lang, ruleset=name)
        await edit(message, header, reply_markup=menu_page(lang, ruleset, wanted, lang_tag))
        return
    await reply(message, html.escape(rules_qa.topic(wanted, lang), quote=False))


# an answer's language (when not the chat's), then a topic id or a page of the menu
BUTTONS: Final = (ButtonRoute(TOPIC_PREFIX, topic_button, f"en:{max(topics_by_id(), key=len)}"),)


async def _reported_entry(ledger: Ledger, chat_id: int, named: list[int]) -> int | None:
    """The entry a bot message reported: the first it names (#N, the chat's numbers; a
    message from before numbers named row ids, found so when the chat has no such number)
    that still stands (a correction names the undone entry before the one written in its
    place), else the first."""
    first = None
    for number in named:
        with contextlib.suppress(StorageError):
            entry = (await entry_named(ledger, chat_id, number)).entry
            if entry.kind != "reversal" and not entry.is_reversed:
                return entry.id
            first = entry.id if first is None else first
    return first


async def why(update: Update, context: Context) -> None:
    """/why 12, /why as a reply to the bot's recording, or /why alone (the session's last win):
    how that entry's score came about."""
    message = message_of(update)
    lang = await update_lang(update, context)
    number = parse_entry_id(argument_text(message))
    named = (
        None
        if number is None
        else await entry_named(services(context).ledger, message.chat.id, number)
    )
    entry_id = None if named is None else named.entry.id
    replied = message.reply_to_message
    if entry_id is None and replied is not None and replied.from_user and replied.from_user.is_bot:
        entry_id = await _reported_entry(
            services(context).ledger, message.chat.id, entry_ids_in(replied.text or replied.caption)
        )
    if entry_id is None:
        entry_id = await _last_win(services(context).ledger, message.chat.id)
    if entry_id is None:
        raise ChatRefusal("why_usage")
    entry = await services(context).ledger.reports.entry(message.chat.id, entry_id)
    adjusted = adjustment_data(entry.result_json) if entry.kind == "adjustment" else None
    if adjusted is not None:  # a stake, fee, penalty or payment: what moved, and why
        players = await services(context).ledger.players.all(message.chat.id)
        by_id = {player.id: player.name for player in players}
        await reply(message, why_adjustment(entry, adjusted, by_id, lang))
        return
    if entry.kind != "win" or not entry.result_json:
        raise ChatRefusal("why_not_win", entry=entry.number)
    titles = dict(rules_qa.menu(lang))
    related = [
        (tid, titles[tid]) for tid in rules_qa.why_topics(entry.result_json) if tid in titles
    ]
    # The header says who won and whether it still counts; the lines name who paid.
    db = services(context).ledger
    header = f"#{entry.number}"
    if entry.winner is not None:
        winner = await db.players.get(message.chat.id, entry.winner)
        header = t("why_header", lang, entry=entry.number, name=winner.name)
    if named is not None and named.old:
        header += t("old_number", lang)
    if entry.is_reversed:
        header += " " + t("reversed_tag", lang)
    seated: dict[str, int | None] = {}
    if entry.session_id is not None:
        session = await db.sessions.get(message.chat.id, entry.session_id)
        seated = dict(zip(SEATS, session.seats, strict=True))
    at = rules_qa.seat_players(entry.result_json, entry.postings, seated)
    names = {seat: (await db.players.get(message.chat.id, pid)).name for seat, pid in at.items()}
    explained = rules_qa.why(entry.result_json, lang, names)
    await reply(
        message,
        f"<b>{header}</b>\n" + html.escape(explained, quote=False),
        reply_markup=topic_buttons(related) if related else None,
    )


async def _last_win(ledger: Ledger, chat_id: int) -> int | None:
    """The open session's latest win that still counts, if any among its last entries."""
    session = await ledger.sessions.current(chat_id)
    if session is None:
        return None
    recent = await ledger.reports.history(chat_id, session.id, page=1, page_size=LAST_WIN_LOOKBACK)
    return next((e.id for e in recent.entries if e.kind == "win" and not e.is_reversed), None)


# This module's commands (bot.commands): handler, plain-text verbs, menu line.
COMMANDS: Final = (
    Command("rules", rules, verbs=("规则",)),
    Command("why", why, verbs=("为什么",)),
)
