"""Settings from the environment: token, database, Bot API server, webhook mode, language,
backups."""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, time
from urllib.parse import urlsplit

LANGS = ("zh", "en")
_SECRET = re.compile(r"[A-Za-z0-9_-]{1,256}")  # what Telegram accepts as a secret_token
_CLOCK = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")


class ConfigError(ValueError):
    """An environment variable the bot cannot run with; the message says which and why."""


@dataclass(frozen=True)
class Config:
    token: str | None
    database_path: str = "./mahjong.db"
    api_base_url: str | None = None  # e.g. http://127.0.0.1:8081/bot (PTB's base_url)
    webhook_url: str | None = None
    port: int = 8443
    webhook_secret: str | None = None
    lang: str = "zh"
    log_level: str = "INFO"
    backup_dir: str | None = None  # set = a backup of the whole ledger every day
    backup_keep: int = 7
    backup_time: time = time(4, 0, tzinfo=UTC)
    webapp_url: str | None = None  # the Mini App's public base (docs/webapp.md)
    webapp_short_name: str | None = None  # BotFather's /newapp short name: t.me links
    webapp_max_age: int = 24 * 3600  # seconds a Mini App's initData stays good

    @property
    def console(self) -> bool:
        """No token: run the same bot against the terminal instead of Telegram."""
        return not self.token

    @property
    def webhook(self) -> bool:
        return self.webhook_url is not None

    @property
    def web_server(self) -> bool:
        """The aiohttp server runs: for the webhook, or in polling mode for the Mini App."""
        return self.webhook or self.webapp_url is not None

    @property
    def api_base_file_url(self) -> str | None:
        """PTB's base_file_url for the same server: ``…/bot`` becomes ``…/file/bot``."""
        if self.api_base_url is None:
            return None
        parts = urlsplit(self.api_base_url)
        head, _, tail = parts.path.rstrip("/").rpartition("/")
        return f"{parts.scheme}://{parts.netloc}{head}/file/{tail or 'bot'}"

    @property
    def webhook_path(self) -> str:
        """The URL path Telegram posts to: the path of WEBHOOK_URL, without the leading slash."""
        return urlsplit(self.webhook_url or "").path.lstrip("/")

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Config:
        """Read the settings; raises ConfigError naming the variable that is wrong."""
        env = os.environ if env is None else env
        lang = env.get("BOT_LANG", "zh").strip().lower() or "zh"
        if lang not in LANGS:
            raise ConfigError(f"BOT_LANG must be zh or en, not {lang!r}")
        port_text = env.get("PORT", "8443").strip() or "8443"
        if not port_text.isdigit():
            raise ConfigError(f"PORT must be a number, not {port_text!r}")
        log_level = (env.get("LOG_LEVEL", "INFO").strip() or "INFO").upper()
        if not isinstance(logging.getLevelName(log_level), int):
            raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {log_level!r}")
        webhook_url = env.get("WEBHOOK_URL", "").strip() or None
        secret = env.get("WEBHOOK_SECRET", "").strip() or None
        if webhook_url and not (secret and _SECRET.fullmatch(secret)):
            raise ConfigError(
                "WEBHOOK_SECRET is required with WEBHOOK_URL (1-256 of A-Z a-z 0-9 _ -)"
            )
        backup_keep, backup_time = _backup_schedule(env)
        max_age = env.get("WEBAPP_MAX_AGE", "86400").strip() or "86400"
        if not max_age.isdigit() or int(max_age) < 1:
            raise ConfigError(f"WEBAPP_MAX_AGE must be seconds, 1 or more, not {max_age!r}")
        webapp_url = env.get("WEBAPP_URL", "").strip().rstrip("/") or None
        if webapp_url and not webapp_url.startswith("https://"):
            raise ConfigError(f"WEBAPP_URL must be an https:// address, not {webapp_url!r}")
        return cls(
            token=env.get("TELEGRAM_BOT_TOKEN", "").strip() or None,
            database_path=env.get("DATABASE_PATH", "").strip() or "./mahjong.db",
            api_base_url=env.get("TELEGRAM_API_BASE_URL", "").strip() or None,
            webhook_url=webhook_url,
            port=int(port_text),
            webhook_secret=secret,
            lang=lang,
            log_level=log_level,
            backup_dir=env.get("BACKUP_DIR", "").strip() or None,
            backup_keep=backup_keep,
            backup_time=backup_time,
            webapp_url=webapp_url,
            webapp_short_name=env.get("WEBAPP_SHORT_NAME", "").strip() or None,
            webapp_max_age=int(max_age),
        )


def _backup_schedule(env: Mapping[str, str]) -> tuple[int, time]:
    keep_text = env.get("BACKUP_KEEP", "7").strip() or "7"
    if not keep_text.isdigit() or int(keep_text) < 1:
        raise ConfigError(f"BACKUP_KEEP must be a number of files, 1 or more, not {keep_text!r}")
    clock = env.get("BACKUP_TIME", "04:00").strip() or "04:00"
    found = _CLOCK.fullmatch(clock)
    if found is None:
        raise ConfigError(f"BACKUP_TIME must be HH:MM (UTC), not {clock!r}")
    return int(keep_text), time(int(found.group(1)), int(found.group(2)), tzinfo=UTC)
