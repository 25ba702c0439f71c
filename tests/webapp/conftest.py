"""The Mini App's tests: the bot's harness (tests/bot/conftest.py) and the keyboard's rig."""

from __future__ import annotations

import pytest

from tests.bot.conftest import harness  # noqa: F401  (the fixture, shared)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives the page in headless Debian chromium")
