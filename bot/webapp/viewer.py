"""What every Mini App route may rely on: who is asking, for which chat, and the bot's resources.

The server's authentication middleware checks Telegram's signature on the initData and the
start token before any route runs, and leaves the result in ``request[VIEWER]``; a route never
sees a request that was not signed by Telegram for a member of the token's chat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from aiohttp import web
from telegram import User
from telegram.ext import Application

APPLICATION: Final = web.AppKey("application", Application[Any, Any, Any, Any, Any, Any])
# The /api/ paths that write: the guard asks Telegram afresh whether their user is in the chat.
WRITES: Final = web.AppKey("writes", set[str])


@dataclass(frozen=True)
class Viewer:
    """A Telegram user whose initData was verified, looking at one chat they belong to."""

    user_id: int
    first_name: str
    last_name: str | None
    username: str | None
    chat_id: int
    language: str  # "zh" or "en": the chat's language

    @property
    def user(self) -> User:
        """The viewer as Telegram names them in a message of theirs (initData's signed user)."""
        return User(
            self.user_id,
            self.first_name,
            is_bot=False,
            last_name=self.last_name,
            username=self.username,
        )


VIEWER: Final = web.RequestKey("viewer", Viewer)  # request[VIEWER]: Viewer


def viewer_of(request: web.Request) -> Viewer:
    found = request[VIEWER]
    assert isinstance(found, Viewer)
    return found
