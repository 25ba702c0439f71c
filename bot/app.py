"""The composition root: build the Application, open the ledger, wire every handler.

What starts the process (``bot.launch``) composes this application with more: it passes
``Extension`` hooks (the web server's life) that run at the end of post_init and first in
post_shutdown, so nothing here imports the launch floor above it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
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

from bot.buttons.registry import checked_routes
from bot.commands import checked_commands, menu
from bot.config import Config
from bot.context import (
    CONTEXT_TYPES,
    SERVICES,
    Context,
    Services,
    UpdateHandler,
    message_of,
    services_of,
)
from bot.grammar import TEXT_VERB_PATTERN, text_command
from bot.handlers import (
    backup,
    claim,
    debts,
    errors,
    evaluate,
    first_minute,
    general,
    hand_details,
    hands,
    leaderboard,
    money,
    people,
    presses,
    rating,
    reports,
    rules,
    seasons,
    sessions,
    settings,
    tap,
    typed,
)
from bot.i18n import LANGS
from bot.jobs.backups import schedule_backups
from bot.jobs.debt_reminders import schedule_debt_reminders
from bot.replies.decorations import decorate_hand_replies
from bot.transport.delivery import PatientRateLimiter
from bot.transport.inbox import Inbox, InboxBot, UpdatesRequest
from bot.transport.ordering import ChatOrderedProcessor
from bot.webapp.cards_api import inline_cards
from bot.webapp.keyboard_record import KeyboardRecording, record_tapped
from bot.webapp.links import keyboard_button

ANY_APP = Application[Any, Any, Any, Any, Any, Any]
Hook = Callable[[ANY_APP], Awaitable[None]]


@dataclass(frozen=True)
class Extension:
    """What the launcher adds to the bot's life: ``start`` ends post_init, ``stop`` opens
    post_shutdown (in reverse order of the extensions)."""

    start: Hook
    stop: Hook


# Every feature's commands, declared beside their handlers (see bot.commands), in menu order.
DECLARED_COMMANDS: Final = checked_commands(
    (
        *sessions.COMMANDS,
        *tap.COMMANDS,
        *hands.COMMANDS,
        *money.COMMANDS,
        *people.COMMANDS,
        *reports.COMMANDS,
        *debts.COMMANDS,
        *rating.COMMANDS,
        *leaderboard.COMMANDS,
        *seasons.COMMANDS,
        *backup.COMMANDS,
        *evaluate.COMMANDS,
        *rules.COMMANDS,
        *general.COMMANDS[1:],
        *settings.COMMANDS,
        *general.COMMANDS[:1],
        *first_minute.COMMANDS,
    )
)
COMMAND_HANDLERS: Final[Mapping[str, UpdateHandler]] = {
    command.name: first_minute.group_only(command.handler)
    if command.group_only
    else command.handler
    for command in DECLARED_COMMANDS
}
# Every feature's buttons, declared beside their handlers (see bot.buttons.registry).
BUTTON_ROUTES: Final = checked_routes(
    (
        *hands.BUTTONS,
        *typed.BUTTONS,
        *hand_details.BUTTONS,
        *tap.BUTTONS,
        *settings.BUTTONS,
        *reports.BUTTONS,
        *people.BUTTONS,
        *sessions.BUTTONS,
        *claim.BUTTONS,
        *rules.BUTTONS,
        *leaderboard.BUTTONS,
        *debts.BUTTONS,
    )
)
PRODUCTION: Final = object()
EXTENSIONS: Final = "extensions"  # bot_data's key for the launcher's hooks
# Every ledger query finishes on aiosqlite's thread and must take the GIL back from the busy
# event loop; Python's default 5 ms switch interval makes each of those hand-backs wait.
GIL_SWITCH_INTERVAL: Final = 0.0005


def build_application(
    config: Config,
    *,
    request: BaseRequest | None = None,
    rate_limiter: BaseRateLimiter[Any] | object | None = PRODUCTION,
    extensions: Sequence[Extension] = (),
) -> ANY_APP:
    """The bot: HTML replies, updates of a chat in order, the ledger opened in post_init.

    ``request`` replaces PTB's HTTP client (console mode serves the Bot API locally);
    ``rate_limiter`` defaults to PTB's AIORateLimiter (about 20 messages a minute per group)
    with retries for minutes (``bot.transport.delivery``). Updates pass through the durable inbox
    (``bot.transport.inbox``). ``extensions`` are started and stopped with it
    (``bot.launch.compose`` adds the web server).
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
    application.bot_data[SERVICES] = Services(config=config, inbox=inbox, processor=processor)
    application.bot_data[EXTENSIONS] = tuple(extensions)
    add_handlers(application)
    # The features' rows under a hand's reply: the replies import no feature.
    decorate_hand_replies(tap.next_hand_button, keyboard_button)
    schedule_backups(application)
    schedule_debt_reminders(application)
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
        MessageHandler(filters.UpdateType.EDITED_MESSAGE & filters.TEXT, hands.edited)
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
    svc: Services = services_of(application)
    await svc.inbox.attach(await svc.open_ledger())
    await svc.ledger.inbox.prune()
    bot = application.bot
    for lang in LANGS:
        lines = menu(DECLARED_COMMANDS, lang)
        await bot.set_my_commands([BotCommand(n, d) for n, d in lines], language_code=lang)
    default = menu(DECLARED_COMMANDS, svc.config.lang)
    await bot.set_my_commands([BotCommand(n, d) for n, d in default])
    for extension in application.bot_data[EXTENSIONS]:
        await extension.start(application)


async def _post_shutdown(application: ANY_APP) -> None:
    svc: Services = services_of(application)
    for extension in reversed(application.bot_data[EXTENSIONS]):
        await extension.stop(application)
    await svc.inbox.close()
    svc.inbox.ledger = None
    await svc.close_ledger()
