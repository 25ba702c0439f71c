"""Which failures are retried, and after how long."""

from __future__ import annotations

import pytest
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut

from bot.transport.delivery import MAX_BACKOFF, is_delivery_failure, retry_delay


def failed_here(cause: Exception) -> NetworkError:
    """What PTB raises for any failure inside its HTTP client (``BaseRequest._request_wrapper``)."""
    try:
        raise NetworkError(f"Unknown error in HTTP implementation: {cause!r}") from cause
    except NetworkError as error:
        return error


@pytest.mark.parametrize(
    ("error", "retried"),
    [
        (RetryAfter(5), True),
        (NetworkError("Bad Gateway"), True),
        (TimedOut(), True),
        (NetworkError("httpx.RemoteProtocolError: Server disconnected"), True),
        (BadRequest("Message is too long"), False),
        (Forbidden("bot was kicked"), False),
        (failed_here(UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed")), False),
        (failed_here(TypeError("Object of type bytes is not JSON serializable")), False),
        (failed_here(OSError("Connection reset by peer")), True),
    ],
    ids=[
        "flood-control",
        "5xx",
        "timeout",
        "dropped",
        "bad-request",
        "forbidden",
        "text-that-cannot-be-encoded",
        "parameters-that-cannot-be-written",
        "a-socket-error-inside-the-client",
    ],
)
def test_only_what_telegram_did_not_take_is_retried(error: Exception, retried: bool) -> None:
    assert is_delivery_failure(error) is retried


@pytest.mark.parametrize(
    ("error", "failures", "seconds"),
    [
        (RetryAfter(7), 0, 7.0),
        (RetryAfter(7), 5, 7.0),  # flood control says how long, whatever failed before
        (NetworkError("x"), 1, 1.0),
        (NetworkError("x"), 2, 2.0),
        (NetworkError("x"), 4, 8.0),
        (NetworkError("x"), 12, MAX_BACKOFF),
    ],
    ids=["retry-after", "retry-after-late", "first", "second", "fourth", "capped"],
)
def test_retry_delays(error: Exception, failures: int, seconds: float) -> None:
    assert retry_delay(error, failures) == seconds
