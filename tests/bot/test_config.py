"""Settings from the environment: defaults, webhook mode, and the refusals."""

from __future__ import annotations

import pytest

from bot.config import Config, ConfigError


def test_defaults_are_console_mode_in_chinese() -> None:
    config = Config.from_env({})
    assert config.console and not config.webhook
    assert (config.database_path, config.lang, config.log_level) == ("./mahjong.db", "zh", "INFO")


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


@pytest.mark.parametrize(
    ("env", "variable"),
    [
        ({"WEBHOOK_URL": "https://x.example/h"}, "WEBHOOK_SECRET"),
        ({"WEBHOOK_URL": "https://x.example/h", "WEBHOOK_SECRET": "has space"}, "WEBHOOK_SECRET"),
        ({"BOT_LANG": "fr"}, "BOT_LANG"),
        ({"PORT": "eighty"}, "PORT"),
        ({"LOG_LEVEL": "loud"}, "LOG_LEVEL"),
    ],
    ids=[
        "webhook-without-secret",
        "secret-telegram-refuses",
        "unknown-language",
        "port-not-a-number",
        "unknown-log-level",
    ],
)
def test_refusals_name_the_variable(env: dict[str, str], variable: str) -> None:
    with pytest.raises(ConfigError, match=variable):
        Config.from_env(env)
