"""The composition root: build the Application, open the ledger, wire every handler."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from telegram import BotCommand, Update
from telegram.constants import ParseMode
from telegram.ext import (
    Application,
    ApplicationBuilder,
    BaseRateLimiter,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    Defaults,
    InlineQueryHandler,
    MessageHandler,
    TypeHandler,
    filters,
)
from telegram.request import BaseRequest, HTTPXRequest

from bot.backups import schedule_backups
from bot.buttons import checked_routes
from bot.config import Config
from bot.context import CONTEXT_TYPES, Context, Services, UpdateHandler, message_of
from bot.grammar import TEXT_VERB_PATTERN, text_command
from bot.handlers import (
    backup,
    claim,
    errors,
    evaluate,
    first_minute,
    general,
    hand_details,
    leaderboard,
    money,
    people,
    presses,
    recording,
    rules,
    seasons,
    sessions,
    settings,
    tap,
    typed,
    views,
)
from bot.i18n import COMMANDS
from bot.transport.delivery import PatientRateLimiter
from bot.transport.inbox import Inbox, InboxBot, UpdatesRequest
from bot.transport.ordering import ChatOrderedProcessor
from bot.transport.web_lifecycle import start_web, stop_web
from bot.webapp.cards_api import inline_cards
from bot.webapp.keyboard_record import KeyboardRecording, record_tapped
from storage import Ledger

ANY_APP = Application[Any, Any, Any, Any, Any, Any]

COMMAND_HANDLERS: Final[Mapping[str, UpdateHandler]] = {
    "start": first_minute.start,
    "help": general.help_command,
    "lang": general.lang,
    "settings": settings.settings,
    "new": sessions.new,
    "join": sessions.join,
    "seat": sessions.seat,
    "dealer": sessions.dealer,
    "hu": first_minute.group_only(tap.hu),
    "kong": first_minute.group_only(tap.kong),
    "draw": first_minute.group_only(tap.draw),
    "undo": recording.undo,
    "stake": first_minute.group_only(money.stake),
    "fee": first_minute.group_only(money.fee),
    "penalty": first_minute.group_only(money.penalty),
    "pay": first_minute.group_only(money.pay),
    "iam": first_minute.group_only(people.iam),
    "merge": first_minute.group_only(people.merge),
    "rename": first_minute.group_only(people.rename),
    "tally": views.tally,
    "history": views.history,
    "settle": views.settle,
    "stats": views.stats,
    "export": views.export,
    "top": leaderboard.top,
    "trend": leaderboard.trend,
    "season": seasons.season,
    "backup": backup.backup,
    "score": evaluate.score,
    "ting": evaluate.ting,
    "rules": rules.rules,
    "why": rules.why,
}
# Every feature's buttons, declared beside their handlers (see bot.buttons).
BUTTON_ROUTES: Final = checked_routes(
    (
        *recording.BUTTONS,
        *typed.BUTTONS,
        *hand_details.BUTTONS,
        *tap.BUTTONS,
        *settings.BUTTONS,
        *views.BUTTONS,
        *people.BUTTONS,
        *sessions.BUTTONS,
        *claim.BUTTONS,
        *rules.BUTTONS,
        *leaderboard.BUTTONS,
    )
)
PRODUCTION: Final = object()
# Every ledger query finishes on aiosqlite's thread and must take the GIL back from the busy
# event loop; Python's default 5 ms switch interval makes each of those hand-backs wait.
GIL_SWITCH_INTERVAL: Final = 0.0005


def build_application(
    config: Config,
    *,
    request: BaseRequest | None = None,
    rate_limiter: BaseRateLimiter[Any] | object | None = PRODUCTION,
) -> ANY_APP:
    """The bot: HTML replies, updates of a chat in order, the ledger opened in post_init.

    ``request`` replaces PTB's HTTP client (console mode serves the Bot API locally);
    ``rate_limiter`` defaults to PTB's AIORateLimiter (about 20 messages a minute per group)
    with retries for minutes (``bot.transport.delivery``). Updates pass through the durable inbox
    (``bot.transport.inbox``).
    """
    inbox = Inbox()
    processor = ChatOrderedProcessor()  # each chat's hands in arrival order
    processor.on_finished = inbox.finished
    processor.chat_key = inbox.chat_key  # a moved group's updates keep its supergroup's order
    # Any: each builder call changes the generic type; the built Application is typed below.
    builder: Any = (
        ApplicationBuilder()
        .bot(_bot(config, inbox, request, rate_limiter))
        .concurrent_updates(processor)
        .context_types(CONTEXT_TYPES)  # each chat's state is its context.chat_data
        .post_init(_post_init)
        .post_shutdown(_post_shutdown)
    )
    application: ANY_APP = builder.build()
    application.bot_data["services"] = Services(config=config, inbox=inbox, processor=processor)
    add_handlers(application)
    schedule_backups(application)
    return application


def _bot(
    config: Config,
    inbox: Inbox,
    request: BaseRequest | None,
    rate_limiter: BaseRateLimiter[Any] | object | None,
) -> InboxBot:
    """PTB's bot whose getUpdates keeps every batch in the inbox before it is confirmed."""
    where: dict[str, str] = {}
    if config.api_base_url and request is None:
        assert config.api_base_file_url is not None
        where = {"base_url": config.api_base_url, "base_file_url": config.api_base_file_url}
    limiter = PatientRateLimiter() if rate_limiter is PRODUCTION else rate_limiter
    return InboxBot(
        config.token or "console",
        **where,
        request=request or HTTPXRequest(connection_pool_size=256),
        get_updates_request=request or UpdatesRequest(),
        defaults=Defaults(parse_mode=ParseMode.HTML),
        rate_limiter=limiter if isinstance(limiter, BaseRateLimiter) else None,
        inbox=inbox,
    )


def add_handlers(application: ANY_APP) -> None:
    new_messages = filters.UpdateType.MESSAGE
    for name, callback in COMMAND_HANDLERS.items():
        application.add_handler(CommandHandler(name, callback, filters=new_messages))
    application.add_handler(
        MessageHandler(
            new_messages & filters.TEXT & ~filters.COMMAND & filters.Regex(TEXT_VERB_PATTERN),
            plain_text,
        )
    )
    application.add_handler(
        MessageHandler(
            new_messages
            & filters.ChatType.GROUPS
            & filters.TEXT
            & ~filters.COMMAND
            & ~filters.Regex(TEXT_VERB_PATTERN),
            typed.line,
        )
    )
    application.add_handler(
        MessageHandler(
            new_messages & filters.ChatType.PRIVATE & filters.TEXT & ~filters.COMMAND,
            first_minute.private_text,
        )
    )
    application.add_handler(
        MessageHandler(filters.UpdateType.EDITED_MESSAGE & filters.TEXT, recording.edited)
    )
    application.add_handler(ChatMemberHandler(first_minute.added, ChatMemberHandler.MY_CHAT_MEMBER))
    # The tile keyboard's ✅ 记账: an update of the bot's own making (bot.webapp.keyboard_record)
    application.add_handler(TypeHandler(KeyboardRecording, record_tapped))
    application.add_handler(InlineQueryHandler(inline_cards))  # @bot in any chat: own cards
    for route in BUTTON_ROUTES:
        application.add_handler(CallbackQueryHandler(route.handler, pattern=route.pattern))
    application.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, sessions.migrate))
    # Last: a press no handler above took is still answered (else its button spins).
    application.add_handler(CallbackQueryHandler(presses.unknown_press))
    application.add_error_handler(errors.on_error)


async def plain_text(update: Update, context: Context) -> None:
    """A line without the slash (胡 甲 自摸 爆头) runs the command its first word names."""
    found = text_command(message_of(update).text or "")
    if found is not None:
        await COMMAND_HANDLERS[found[0]](update, context)


async def _post_init(application: ANY_APP) -> None:
    svc: Services = application.bot_data["services"]
    if svc.ledger is None:  # ``python -m bot`` opens it first, to refuse a bad path early
        svc.ledger = await Ledger.open(svc.config.database_path)
    await svc.inbox.attach(svc.ledger)
    await svc.ledger.inbox.prune()
    bot = application.bot
    for lang, commands in COMMANDS.items():
        await bot.set_my_commands([BotCommand(n, d) for n, d in commands], language_code=lang)
    default = COMMANDS[svc.config.lang]
    await bot.set_my_commands([BotCommand(n, d) for n, d in default])
    await start_web(application)


async def _post_shutdown(application: ANY_APP) -> None:
    svc: Services = application.bot_data["services"]
    await stop_web(application)
    await svc.inbox.close()
    svc.inbox.ledger = None
    if svc.ledger is not None:
        await svc.ledger.close()
        svc.ledger = None
