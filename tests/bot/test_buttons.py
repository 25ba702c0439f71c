"""The button registry: every feature's prefix is its own, every button's data fits Telegram's
64 bytes, and the application routes each press to its feature, the unknown press last."""

from __future__ import annotations

from pathlib import Path

import pytest
from telegram import Update
from telegram.ext import CallbackQueryHandler

from bot.app import BUTTON_ROUTES, build_application
from bot.buttons.registry import CALLBACK_DATA_LIMIT, ButtonRoute, checked_routes
from bot.config import Config
from bot.context import Context
from bot.handlers import presses


async def first(update: Update, context: Context) -> None:
    """A feature's press handler, for a registry built here."""


async def second(update: Update, context: Context) -> None:
    """Another feature's press handler."""


def test_every_feature_passes_the_check() -> None:
    assert checked_routes(BUTTON_ROUTES) == BUTTON_ROUTES
    assert all(len(r.widest_data.encode()) <= CALLBACK_DATA_LIMIT for r in BUTTON_ROUTES)


@pytest.mark.parametrize(
    ("routes", "said"),
    [
        pytest.param(
            [ButtonRoute("undo:", first, "1"), ButtonRoute("undo:", second, "1")],
            "share a prefix",
            id="two-features-one-prefix",
        ),
        pytest.param(
            [ButtonRoute("top:", first, "1"), ButtonRoute("top:s", second, "1")],
            "share a prefix",
            id="a-prefix-inside-another",
        ),
        pytest.param(
            [ButtonRoute("hist:", first, "9" * 60)],
            "65 bytes",
            id="over-64-bytes",
        ),
        pytest.param(
            [ButtonRoute("rule:", first, "财" * 20)],  # 20 characters, 60 bytes
            "65 bytes",
            id="over-64-bytes-in-chinese",
        ),
    ],
)
def test_a_registry_that_would_lose_presses_is_refused(
    routes: list[ButtonRoute], said: str
) -> None:
    with pytest.raises(ValueError, match=said):
        checked_routes(routes)


def test_the_widest_data_of_each_feature_reaches_its_own_handler(tmp_path: Path) -> None:
    application = build_application(
        Config(token=None, database_path=str(tmp_path / "ledger.db")), rate_limiter=None
    )
    pressed = [h for h in application.handlers[0] if isinstance(h, CallbackQueryHandler)]
    assert pressed[-1].callback is presses.unknown_press and pressed[-1].pattern is None
    for route in BUTTON_ROUTES:
        taken = [h for h in pressed if h.pattern is not None and h.pattern.match(route.widest_data)]
        assert [h.callback for h in taken] == [route.handler], route.prefix
