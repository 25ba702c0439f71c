"""The Mini App's tests: the bot's harness (tests/bot/conftest.py), the server with its real
guard (rigs/webapp.py) and, for tests marked ``browser``, Chromium (browser.py)."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.bot.conftest import harness  # noqa: F401  (the fixture, shared)
from tests.webapp.browser import chromium, missing


def pytest_runtest_setup(item: pytest.Item) -> None:
    """The one rule for browser tests: skipped where Chromium or Playwright is missing here,
    a failure in CI (CI=true), which installs both and must run them."""
    if item.get_closest_marker("browser") is None:
        return
    lacking = missing()
    if not lacking:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI runs the browser tests: {', '.join(lacking)} missing", pytrace=False)
    pytest.skip(f"{', '.join(lacking)} not installed here")


@pytest.fixture
async def browser(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Any]:
    """Debian's Chromium with the bundled CJK font, closed after the test."""
    async with chromium(tmp_path_factory.mktemp("fonts")) as launched:
        yield launched
