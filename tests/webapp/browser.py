"""Headless Debian chromium driven by Playwright, with a stubbed ``Telegram.WebApp`` (light or
dark theme, a user, initData) in place of telegram.org's script. Never ``playwright install``:
the browser is the system's /usr/bin/chromium."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final
from urllib.parse import quote

import pytest
from aiohttp.test_utils import TestServer

from tests.bot.conftest import PLAYERS, Harness
from tests.webapp.keyboard_rig import rig_app

CHROMIUM: Final = Path("/usr/bin/chromium")
TELEGRAM_JS: Final = "https://telegram.org/js/telegram-web-app.js"
PHONE: Final = {"width": 390, "height": 844}
THEMES: Final = {
    "light": {
        "bg_color": "#ffffff",
        "text_color": "#000000",
        "hint_color": "#999999",
        "button_color": "#2481cc",
        "button_text_color": "#ffffff",
        "secondary_bg_color": "#efeff3",
    },
    "dark": {
        "bg_color": "#17212b",
        "text_color": "#f5f5f5",
        "hint_color": "#708499",
        "button_color": "#5288c1",
        "button_text_color": "#ffffff",
        "secondary_bg_color": "#232e3c",
    },
}


def _fonts_config() -> Path:
    """A fontconfig file adding the Noto Sans CJK the project ships (noto-cjk-sans-otc) to the
    system's fonts: a bare Debian image has no CJK font, and a phone always has one."""
    import noto_cjk_sans_otc

    folder = Path(tempfile.mkdtemp(prefix="fonts-"))
    config = folder / "fonts.conf"
    fonts = Path(noto_cjk_sans_otc.__file__).parent
    config.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        f'<include ignore_missing="yes">/etc/fonts/fonts.conf</include><dir>{fonts}</dir>'
        f"<cachedir>{folder}</cachedir></fontconfig>"
    )
    return config


needs_chromium = pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium")


def telegram_stub(who: str | None, theme: str, language: str = "zh") -> str:
    """Telegram.WebApp as the real script leaves it: initData, the user, theme colours set as
    --tg-theme-* variables (the signature is the rig's business, not checked here). No ``who``:
    initData the gate refuses (no user in it)."""
    user = {"id": PLAYERS[who] if who else 0, "first_name": who or "", "language_code": language}
    init_data = f"user={quote(json.dumps(user))}&" if who else ""
    init_data += "auth_date=1&hash=stub"
    params = json.dumps(THEMES[theme])
    return f"""
    (function () {{
      const theme = {params};
      for (const [key, value] of Object.entries(theme)) {{
        document.documentElement.style.setProperty('--tg-theme-' + key.replace(/_/g, '-'), value);
      }}
      window.Telegram = {{ WebApp: {{
        initData: {json.dumps(init_data)},
        initDataUnsafe: {{ user: {json.dumps(user)} }},
        themeParams: theme, colorScheme: {json.dumps(theme)},
        ready() {{}}, expand() {{}},
        HapticFeedback: {{ notificationOccurred() {{}} }},
      }} }};
    }})();
    """


async def launch(playwright: Any) -> Any:
    """Debian's chromium, headless, with the CJK font."""
    env = {**os.environ, "FONTCONFIG_FILE": str(_fonts_config())}
    return await playwright.chromium.launch(executable_path=str(CHROMIUM), env=env)


@asynccontextmanager
async def phone_page(
    base_url: str, who: str | None = "甲", theme: str = "light"
) -> AsyncIterator[Any]:
    """A phone-size page at ``base_url``/app/keyboard.html inside the stubbed Telegram."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await launch(playwright)
        try:
            page = await browser.new_page(viewport=PHONE, device_scale_factor=2)
            stub = telegram_stub(who, theme)
            await page.route(
                TELEGRAM_JS,
                lambda route: route.fulfill(body=stub, content_type="application/javascript"),
            )
            await page.goto(f"{base_url}/app/keyboard.html")
            yield page
        finally:
            await browser.close()


@asynccontextmanager
async def keyboard_page(
    harness: Harness, who: str | None = "甲", theme: str = "light", lang: str = "zh"
) -> AsyncIterator[Any]:
    """The keyboard page served by the rig over ``harness``'s bot, open on a phone."""
    async with (
        TestServer(rig_app(harness, lang)) as server,
        phone_page(str(server.make_url("")).rstrip("/"), who, theme) as page,
    ):
        yield page
