"""The web server's life inside the bot: started in post_init, closed in post_shutdown.

The webhook route is there from the start but holds each update until ``open_webhook``: the
updates the last run left undone are replayed first, so none is both replayed and received.
"""

from __future__ import annotations

import asyncio
from typing import Any

from telegram import MenuButtonWebApp, WebAppInfo

from bot.context import Services, services_of
from bot.i18n import t
from bot.transport.web_server import WebServer
from bot.transport.webhook import Receiver
from bot.webapp.guard import GuardOptions
from bot.webapp.server import Webhook, build


async def start_web(application: Any) -> None:
    """Start the server when the bot has one to serve (webhook mode, or WEBAPP_URL)."""
    svc: Services = services_of(application)
    config = svc.config
    if not config.web_server or svc.web is not None:
        return
    webhook = None
    if config.webhook:
        assert config.webhook_secret is not None
        receive = _held_until(svc.web_open, webhook_receiver(application))
        webhook = Webhook(config.webhook_path, receive, config.webhook_secret)
    app = build(
        application=application if config.webapp_url else None,
        webhook=webhook,
        options=GuardOptions(max_age=config.webapp_max_age),
    )
    server = WebServer(app, config.port)
    await server.start()
    svc.web = server
    if config.webapp_url:
        # Every private chat's menu opens the page on that chat (no start token: the
        # viewer's own private chat with the bot).
        page = WebAppInfo(f"{config.webapp_url}/app/")
        label = t("webapp_menu_button", config.lang)
        await application.bot.set_chat_menu_button(menu_button=MenuButtonWebApp(label, page))


def open_webhook(application: Any) -> None:
    """The replay is done: updates posted to the webhook go to the inbox from now on."""
    svc: Services = services_of(application)
    svc.web_open.set()


async def stop_web(application: Any) -> None:
    svc: Services = services_of(application)
    if svc.web is not None:
        await svc.web.close()
        svc.web = None


def _held_until(opened: asyncio.Event, receive: Receiver) -> Receiver:
    async def held(update: dict[str, Any]) -> None:
        await opened.wait()  # Telegram's request waits: its 200 still follows the store
        await receive(update)

    return held


def webhook_receiver(application: Any) -> Receiver:
    """What the webhook does with a posted update: keep it in the inbox (the 200 waits for
    this), then hand it to the application. One that is not an update with a chat is ignored
    quietly; one this bot cannot read is logged in one line and kept as done (Telegram gets
    its 200 and does not send it again)."""
    svc: Services = services_of(application)

    async def receive(data: dict[str, Any]) -> None:
        for fresh in await svc.inbox.take([data], application.bot):
            await application.update_queue.put(fresh)

    return receive
