"""The bot composed with its web server: the application ``python -m bot`` and the console run.

The web server (webhook route, Mini App) lives above the bot's own floors: it is started at
the end of post_init and closed first in post_shutdown (``bot.launch.web_lifecycle``), hooks
this module hands to ``bot.app.build_application``.
"""

from __future__ import annotations

from typing import Any, Final

from telegram.ext import BaseRateLimiter
from telegram.request import BaseRequest

from bot.app import ANY_APP, PRODUCTION, Extension, build_application
from bot.config import Config
from bot.launch.web_lifecycle import start_web, stop_web

WEB_SERVER: Final = Extension(start=start_web, stop=stop_web)


def compose(
    config: Config,
    *,
    request: BaseRequest | None = None,
    rate_limiter: BaseRateLimiter[Any] | object | None = PRODUCTION,
) -> ANY_APP:
    """The bot with the web server it serves when configured (webhook mode, or WEBAPP_URL)."""
    return build_application(
        config, request=request, rate_limiter=rate_limiter, extensions=(WEB_SERVER,)
    )
