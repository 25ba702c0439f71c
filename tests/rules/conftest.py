"""The bot's handler harness, for the /rules and /why handler tests."""

from tests.bot.conftest import harness

__all__ = ["harness"]
