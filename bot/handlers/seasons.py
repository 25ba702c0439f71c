"""/season: show the running season; /season 秋季赛 starts one (ending the running one);
/season 结束 ends it. Starting and ending: the chat's admins or the open session's creator."""

from __future__ import annotations

from datetime import datetime

from telegram import InlineKeyboardMarkup, Message, Update

from bot.chat_refusal import ChatRefusal
from bot.context import (
    Context,
    argument_words,
    author_to_record,
    is_creator_or_admin,
    message_of,
    services,
    update_lang,
)
from bot.grammar.periods import read_period, unquoted
from bot.i18n import t
from bot.replies import reply
from bot.webapp.links import with_webapp
from storage import (
    NAME_LIMIT,
    ErrorCode,
    NameRule,
    NewMember,
    Season,
    StorageError,
    name_problem,
)
from storage.names import code_point, name_key, normal_name
from storage.periods import local

END_WORDS = frozenset({"结束", "end"})


async def season(update: Update, context: Context) -> None:
    message = message_of(update)
    lang = await update_lang(update, context)
    ledger = services(context).db
    chat_id = message.chat.id
    words = argument_words(message)
    if not words:
        running = await ledger.seasons.current(chat_id)
        await reply(
            message, running_text(running, lang), reply_markup=_page(context, message, lang)
        )
        return
    if len(words) > 1:
        raise ChatRefusal("season_one_word", token=" ".join(words))
    session = await ledger.sessions.current(chat_id)
    if not await is_creator_or_admin(context, message, session.creator if session else None):
        raise ChatRefusal("season_denied")
    if words[0].casefold() in END_WORDS:
        if await ledger.seasons.current(chat_id) is None:  # said before the sender is recorded
            raise StorageError(ErrorCode.NO_OPEN_SEASON)
        ended = await ledger.seasons.end(chat_id, await _by(context, message))
        await reply(
            message,
            "\n".join(_ended_lines(ended, lang)),
            reply_markup=_page(context, message, lang),
        )
        return
    name = season_name(words[0], message.date)
    if any(name_key(p.name) == name_key(name) for p in await ledger.players.all(chat_id)):
        # /stats 甲 and /top 甲 name the player: a season of that name could not be asked for
        raise ChatRefusal("season_name_player", token=name)
    if await ledger.seasons.find(chat_id, name) is not None:  # the ledger refuses it too
        raise StorageError(ErrorCode.DUPLICATE_SEASON, name=name)
    before = await ledger.seasons.current(chat_id)
    started = await ledger.seasons.start(chat_id, name, await _by(context, message))
    lines = [t("season_started", lang, name=started.name)]
    if before is not None:
        lines.extend(_ended_lines(before, lang))
    await reply(message, "\n".join(lines), reply_markup=_page(context, message, lang))


async def _by(context: Context, message: Message) -> int | NewMember | None:
    """Who starts or ends the season: the sender, recorded (if new, or renamed on Telegram)
    by the season's write only."""
    user = message.from_user
    return await author_to_record(context, message.chat, user) if user is not None else None


def _page(context: Context, message: Message, lang: str) -> InlineKeyboardMarkup | None:
    return with_webapp(None, context, message.chat, lang)


def season_name(word: str, now: datetime) -> str:
    """A season's name as typed (quotes taken off) and kept (``storage.names.normal_name``:
    NFKC), refused when it reads as a period (本月, 2026-11), is the word that ends a season,
    or breaks the name rule (too long, a separator, a character that draws nothing)."""
    typed = unquoted(word) or word
    hidden = name_problem(typed)
    if hidden is not None and hidden.rule is NameRule.INVISIBLE:  # named as typed, before NFKC
        raise ChatRefusal("name_hidden", token=typed, character=hidden.params["character"])
    name = normal_name(typed)
    problem = name_problem(name)  # the ledger's rule, which its CSV import holds seasons to
    if problem is not None and problem.rule is NameRule.TOO_LONG:
        raise ChatRefusal("season_name_long", token=name, limit=NAME_LIMIT)
    if problem is not None and problem.rule is NameRule.SEPARATOR:
        raise ChatRefusal("name_separator", token=name, separator=problem.params["character"])
    if problem is not None and problem.rule is NameRule.INVISIBLE:
        raise ChatRefusal("name_hidden", token=name, character=problem.params["character"])
    if problem is not None:  # nothing visible
        raise ChatRefusal("name_invisible", token=" ".join(code_point(c) for c in typed))
    if name.casefold() in END_WORDS or read_period(name, now) is not None:
        raise ChatRefusal("season_name_reserved", token=name)
    return name


def running_text(running: Season | None, lang: str) -> str:
    if running is None:
        return t("season_none", lang)
    since = local(running.started_at).strftime("%Y-%m-%d %H:%M")
    return t("season_running", lang, name=running.name, since=since)


def _ended_lines(ended: Season, lang: str) -> list[str]:
    return [t("season_ended", lang, name=ended.name), t("season_see", lang, name=ended.name)]
