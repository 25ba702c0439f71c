"""``python -m bot``: long polling with a token, webhook mode with WEBHOOK_URL, else the console.

``python -m bot --check``: exit 0 when the running bot looks healthy (see ``bot.transport.health``).
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Sequence

from bot.app import GIL_SWITCH_INTERVAL
from bot.config import Config, ConfigError
from bot.console import run_console
from bot.transport.health import health_problems
from bot.transport.log_limit import limit_repeats
from bot.transport.runner import serve


def main(argv: Sequence[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        config = Config.from_env()
    except ConfigError as error:
        print(f"配置错误 / configuration error: {error}", file=sys.stderr)
        return 2
    if args == ["--check"]:
        return _check(config)
    if args:
        print("usage: python -m bot [--check]", file=sys.stderr)
        return 2
    sys.setswitchinterval(GIL_SWITCH_INTERVAL)
    logging.basicConfig(
        format="%(asctime)s %(levelname)s %(name)s: %(message)s", level=config.log_level
    )
    logging.getLogger("httpx").setLevel(logging.WARNING)  # one line per poll drowns the rest
    limit_repeats()  # a failure in a loop logs a line a second, not a disk's worth
    if config.console:
        print(
            "没有设置 TELEGRAM_BOT_TOKEN，进入控制台模式 (no TELEGRAM_BOT_TOKEN: console mode)",
            flush=True,
        )
        asyncio.run(run_console(config))
        return 0
    return asyncio.run(serve(config))


def _check(config: Config) -> int:
    problems = health_problems(config)
    for problem in problems:
        print(f"unhealthy: {problem}", file=sys.stderr)
    if not problems:
        print("ok")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
