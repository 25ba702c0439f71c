"""``python -m bot``: long polling with a token, webhook mode with WEBHOOK_URL, else the console."""

from __future__ import annotations

import asyncio
import logging
import sys

from telegram import Update

from bot.app import GIL_SWITCH_INTERVAL, build_application
from bot.config import Config, ConfigError
from bot.console import run_console


def main() -> int:
    try:
        config = Config.from_env()
    except ConfigError as error:
        print(f"配置错误 / configuration error: {error}", file=sys.stderr)
        return 2
    sys.setswitchinterval(GIL_SWITCH_INTERVAL)
    logging.basicConfig(
        format="%(asctime)s %(levelname)s %(name)s: %(message)s", level=config.log_level
    )
    logging.getLogger("httpx").setLevel(logging.WARNING)  # one line per poll drowns the rest
    if config.console:
        print(
            "没有设置 TELEGRAM_BOT_TOKEN，进入控制台模式 (no TELEGRAM_BOT_TOKEN: console mode)",
            flush=True,
        )
        asyncio.run(run_console(config))
        return 0
    application = build_application(config)
    if config.webhook:
        assert config.webhook_url is not None and config.webhook_secret is not None
        application.run_webhook(
            listen="0.0.0.0",
            port=config.port,
            url_path=config.webhook_path,
            secret_token=config.webhook_secret,
            webhook_url=config.webhook_url,
            allowed_updates=Update.ALL_TYPES,
        )
    else:
        application.run_polling(allowed_updates=Update.ALL_TYPES)
    return 0


if __name__ == "__main__":
    sys.exit(main())
