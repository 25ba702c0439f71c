"""Settings from the environment: defaults, webhook mode, and the refusals."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.config import Config, ConfigError


def test_defaults_are_console_mode_in_chinese() -> None:
    config = Config.from_env({})
    assert config.console and not config.webhook
    assert (config.database_path, config.lang, config.log_level) == ("./mahjong.db", "zh", "INFO")
    assert config.backup_dir is None


def test_backups_are_daily_at_the_given_utc_time_keeping_the_last_n() -> None:
    config = Config.from_env(
        {"BACKUP_DIR": "/data/backups", "BACKUP_KEEP": "14", "BACKUP_TIME": "3:30"}
    )
    assert (config.backup_dir, config.backup_keep) == ("/data/backups", 14)
    assert (config.backup_time.hour, config.backup_time.minute) == (3, 30)
    assert config.backup_time.utcoffset() == timedelta(0)


def test_token_base_url_and_webhook() -> None:
    config = Config.from_env(
        {
            "TELEGRAM_BOT_TOKEN": "1:abc",
            "TELEGRAM_API_BASE_URL": "http://127.0.0.1:8081/bot",
            "WEBHOOK_URL": "https://mj.example.com/telegram/hook",
            "WEBHOOK_SECRET": "s3cret",
            "PORT": "9000",
            "BOT_LANG": "en",
        }
    )
    assert not config.console and config.webhook
    assert config.api_base_file_url == "http://127.0.0.1:8081/file/bot"
    assert (config.webhook_path, config.port, config.lang) == ("telegram/hook", 9000, "en")


def test_the_mini_app_settings() -> None:
    config = Config.from_env(
        {
            "WEBAPP_URL": "https://mj.example.com/",
            "WEBAPP_SHORT_NAME": "season",
            "WEBAPP_MAX_AGE": "3600",
        }
    )
    assert (config.webapp_url, config.webapp_short_name) == ("https://mj.example.com", "season")
    assert config.webapp_max_age == 3600 and config.web_server and not config.webhook
    assert not Config.from_env({}).web_server


@pytest.mark.parametrize(
    ("env", "variable"),
    [
        ({"WEBHOOK_URL": "https://x.example/h"}, "WEBHOOK_SECRET"),
        ({"WEBHOOK_URL": "https://x.example/h", "WEBHOOK_SECRET": "has space"}, "WEBHOOK_SECRET"),
        ({"BOT_LANG": "fr"}, "BOT_LANG"),
        ({"PORT": "eighty"}, "PORT"),
        ({"LOG_LEVEL": "loud"}, "LOG_LEVEL"),
        ({"BACKUP_KEEP": "0"}, "BACKUP_KEEP"),
        ({"BACKUP_KEEP": "all"}, "BACKUP_KEEP"),
        ({"BACKUP_TIME": "25:00"}, "BACKUP_TIME"),
        ({"BACKUP_TIME": "4am"}, "BACKUP_TIME"),
        ({"WEBAPP_URL": "http://mj.example.com"}, "WEBAPP_URL"),
        ({"WEBAPP_MAX_AGE": "a day"}, "WEBAPP_MAX_AGE"),
        ({"WEBAPP_MAX_AGE": "0"}, "WEBAPP_MAX_AGE"),
    ],
    ids=[
        "webhook-without-secret",
        "secret-telegram-refuses",
        "unknown-language",
        "port-not-a-number",
        "unknown-log-level",
        "keep-no-backups",
        "keep-not-a-number",
        "backup-hour-out-of-range",
        "backup-time-not-hh-mm",
        "mini-app-not-https",
        "mini-app-age-not-seconds",
        "mini-app-age-zero",
    ],
)
def test_refusals_name_the_variable(env: dict[str, str], variable: str) -> None:
    with pytest.raises(ConfigError, match=variable):
        Config.from_env(env)
