"""Telegram's Mini App initData, checked exactly as Telegram documents it.

The secret key is HMAC-SHA256 of the bot token keyed with ``WebAppData``; the data-check-string
is every received field but ``hash``, sorted by key, ``key=value`` joined by newlines, the
values URL-decoded and otherwise as received: the ``user`` JSON is never parsed and written
again (a ``photo_url`` keeps its ``\\/`` escapes, or the signature would not match).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from dataclasses import dataclass
from typing import Final
from urllib.parse import parse_qsl

MAX_AGE: Final = 24 * 3600  # seconds an initData stays good (the 24 hours)


class BadInitData(ValueError):
    """initData that Telegram did not sign for this bot, or signed too long ago (401)."""


@dataclass(frozen=True)
class InitData:
    """The verified fields a route needs: who, when, and the startapp parameter."""

    user_id: int
    first_name: str
    last_name: str | None
    username: str | None
    language_code: str | None
    auth_date: int
    start_param: str | None


def secret_key(bot_token: str) -> bytes:
    return hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()


def sign(fields: dict[str, str], bot_token: str) -> str:
    """The ``hash`` Telegram would send with these fields (tests and the benchmark sign with it)."""
    check = "\n".join(f"{k}={fields[k]}" for k in sorted(fields) if k != "hash")
    return hmac.new(secret_key(bot_token), check.encode(), hashlib.sha256).hexdigest()


def verify(
    raw: str, bot_token: str, *, max_age: int = MAX_AGE, now: float | None = None
) -> InitData:
    """The fields of ``raw`` if Telegram signed them for ``bot_token`` within ``max_age``."""
    try:
        pairs = parse_qsl(raw, keep_blank_values=True, strict_parsing=True)
    except ValueError as error:
        raise BadInitData("not a query string") from error
    fields = dict(pairs)
    if len(fields) != len(pairs):
        raise BadInitData("a field is given twice")
    received = fields.get("hash", "")
    if not received:
        raise BadInitData("no hash")
    if not hmac.compare_digest(sign(fields, bot_token), received.lower()):
        raise BadInitData("the signature does not match")
    auth_date = fields.get("auth_date", "")
    if not auth_date.isdigit():
        raise BadInitData("no auth_date")
    current = time.time() if now is None else now
    if current - int(auth_date) > max_age:
        raise BadInitData("auth_date is too old")
    return _read(fields, int(auth_date))


def _read(fields: dict[str, str], auth_date: int) -> InitData:
    try:
        user = json.loads(fields["user"])
        user_id = user["id"]
    except (KeyError, TypeError, ValueError) as error:
        raise BadInitData("no user") from error
    if not isinstance(user_id, int):
        raise BadInitData("no user id")
    username = user.get("username")
    last_name = user.get("last_name")
    language = user.get("language_code")
    return InitData(
        user_id=user_id,
        first_name=str(user.get("first_name", "")),
        last_name=last_name if isinstance(last_name, str) else None,
        username=username if isinstance(username, str) else None,
        language_code=language if isinstance(language, str) else None,
        auth_date=auth_date,
        start_param=fields.get("start_param"),
    )
