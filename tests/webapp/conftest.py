"""The Mini App's tests: the bot's harness (tests/bot/conftest.py) and the keyboard's rig."""

from __future__ import annotations

from tests.bot.conftest import harness  # noqa: F401  (the fixture, shared)
