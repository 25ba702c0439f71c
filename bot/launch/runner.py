"""``python -m bot`` with a token: open the ledger, reach Telegram, answer what the last run
left undone, then poll or serve the webhook until SIGTERM/SIGINT.

The stop takes no new updates, lets the updates in hand finish for ``GRACE`` seconds (a
reply waiting on the per-group limit is cancelled then: its update stays undone in the
inbox and is answered at the next start) and exits well within a supervisor's 10 s.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sqlite3
import sys
import time
from typing import Final

from telegram import Update
from telegram.error import TelegramError

from bot.app import ANY_APP
from bot.config import Config
from bot.context import Services, services_of
from bot.launch.compose import compose
from bot.launch.web_lifecycle import open_webhook
from bot.transport.health import database_warning
from bot.transport.web_server import WebServer
from storage import StorageError

log = logging.getLogger(__name__)

GRACE: Final = 6.0  # seconds from the stop signal the updates in hand get to finish
BAD_DATABASE: Final = 2


async def serve(config: Config) -> int:
    """Run the bot until a stop signal; the process's exit code."""
    application = compose(config)
    svc: Services = services_of(application)
    try:
        probe_database(config.database_path)
        await svc.open_ledger()  # post_init's call then finds it open
    except (sqlite3.Error, OSError, StorageError) as error:
        print(f"DATABASE_PATH {config.database_path!r} cannot be used: {error}", file=sys.stderr)
        return BAD_DATABASE
    # Only for a ledger that opened: a path that cannot be used gets its one line alone.
    warning = database_warning(config.database_path)
    if warning is not None:
        log.warning(warning)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for stop_signal in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(stop_signal, stop.set)
    starting = asyncio.create_task(go_live(application, config))
    stopping = asyncio.create_task(stop.wait())
    await asyncio.wait({starting, stopping}, return_when=asyncio.FIRST_COMPLETED)
    stopping.cancel()
    if not starting.done():  # stopped while Telegram was still out of reach
        starting.cancel()
        await asyncio.gather(starting, return_exceptions=True)
        await svc.close_ledger()
        return 0
    try:
        server = starting.result()
    except TelegramError as error:
        log.error("could not start: %s", error)
        await svc.close_ledger()
        return 1
    await stop.wait()
    await wind_down(application, server)
    return 0


def probe_database(path: str) -> None:
    """Open the file as SQLite on this thread: a path that cannot work fails here, before the
    ledger's connection threads start (one that fails there outlives the event loop)."""
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA schema_version")


async def go_live(application: ANY_APP, config: Config) -> WebServer | None:
    """Reach Telegram (retried by the rate limiter, one log line per try), replay the inbox,
    then take updates."""
    await application.initialize()
    assert application.post_init is not None
    await application.post_init(application)
    await application.start()
    svc: Services = services_of(application)
    undone = await svc.inbox.undone(application.bot)
    if undone:
        log.warning("answering %d updates the last run left undone", len(undone))
    for update in undone:
        await application.update_queue.put(update)
    server = svc.web  # started in post_init when there is a webhook or a Mini App
    if not config.webhook:
        assert application.updater is not None
        await application.updater.start_polling(
            allowed_updates=Update.ALL_TYPES,
            bootstrap_retries=-1,
            error_callback=lambda error: log.warning("getUpdates failed: %s", error),
        )
        return server
    await _start_webhook(application, config)
    return server


async def _start_webhook(application: ANY_APP, config: Config) -> None:
    assert config.webhook_url is not None and config.webhook_secret is not None
    open_webhook(application)
    await application.bot.set_webhook(
        config.webhook_url,
        secret_token=config.webhook_secret,
        allowed_updates=Update.ALL_TYPES,
    )


async def wind_down(application: ANY_APP, server: WebServer | None) -> None:
    svc: Services = services_of(application)
    signalled = time.monotonic()
    if server is not None:
        await server.stop_listening()  # Telegram keeps what it could not deliver
    if application.updater is not None and application.updater.running:
        await application.updater.stop()  # its last getUpdates confirms what the inbox holds
    await svc.processor.wind_down(max(0.5, GRACE - (time.monotonic() - signalled)))
    await application.stop()
    assert application.post_shutdown is not None
    await application.post_shutdown(application)
    await application.shutdown()
