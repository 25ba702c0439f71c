"""The Mini App's pages in a real browser: Debian's Chromium (never ``playwright install``)
driven by Playwright, the bundled Noto Sans CJK added to its fonts, and a stubbed
``Telegram.WebApp`` (theme, user, initData signed as Telegram signs it) in place of
telegram.org's script. The one place both page test files launch a browser from.

The rule for tests marked ``browser`` (applied in conftest.py): skipped where Chromium or
Playwright is missing, a failure when CI=true (CI runs them).
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final

from bot.pictures.fonts import bundled_font
from rigs.webapp import BOT_TOKEN, init_data
from tests.bot.conftest import PLAYERS

CHROMIUM: Final = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
TELEGRAM_JS: Final = "https://telegram.org/js/telegram-web-app.js"
PHONE: Final = {"width": 390, "height": 844}
IMAGES: Final = Path(__file__).resolve().parents[2] / "docs" / "images"
THEMES: Final = {
    "light": {
        "bg_color": "#ffffff",
        "text_color": "#000000",
        "hint_color": "#999999",
        "link_color": "#2481cc",
        "button_color": "#2481cc",
        "button_text_color": "#ffffff",
        "secondary_bg_color": "#efeff3",
    },
    "dark": {
        "bg_color": "#17212b",
        "text_color": "#f5f5f5",
        "hint_color": "#708499",
        "link_color": "#6ab3f3",
        "button_color": "#5288c1",
        "button_text_color": "#ffffff",
        "secondary_bg_color": "#232e3c",
    },
}


def missing() -> list[str]:
    """What the browser tests need and this machine lacks."""
    wanted = (
        (str(CHROMIUM), CHROMIUM.exists()),
        ("playwright (pip)", importlib.util.find_spec("playwright") is not None),
    )
    return [what for what, there in wanted if not there]


async def screenshot(page: Any, name: str) -> None:
    """docs/images/<name>.png, written again only when asked (WEBAPP_SCREENSHOTS=1: then
    looked at before committing)."""
    if os.environ.get("WEBAPP_SCREENSHOTS") == "1":
        await page.screenshot(path=IMAGES / f"{name}.png")


def _fonts_env(folder: Path) -> dict[str, str]:
    """The system's fonts plus the Noto Sans CJK the bot ships for its pictures: a phone has
    Chinese fonts, a bare Debian image has none (the screenshots would show boxes)."""
    config = folder / "fonts.conf"
    bundled = bundled_font()
    extra = f"<dir>{Path(bundled).parent}</dir>" if bundled else ""
    config.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        f'<include ignore_missing="yes">/etc/fonts/fonts.conf</include>{extra}'
        f"<cachedir>{folder}</cachedir></fontconfig>"
    )
    return {**os.environ, "FONTCONFIG_FILE": str(config)}


@asynccontextmanager
async def chromium(fonts: Path) -> AsyncIterator[Any]:
    """Debian's Chromium, headless, with the CJK font (its fontconfig kept in ``fonts``)."""
    from playwright.async_api import async_playwright

    async with async_playwright() as driver:
        browser = await driver.chromium.launch(
            executable_path=str(CHROMIUM), args=["--disable-gpu"], env=_fonts_env(fonts)
        )
        try:
            yield browser
        finally:
            await browser.close()


def telegram_stub(
    raw_init_data: str,
    *,
    user: dict[str, Any] | None,
    start: str | None,
    theme: str,
    insets: dict[str, int] | None = None,
) -> str:
    """telegram-web-app.js as the pages need it: initData, what Telegram also hands over
    unsigned (the user, start_param), the theme (its colours are the page's to apply), the
    safe areas, and the controls — BackButton, MainButton, HapticFeedback, the closing
    confirmation — as fakes that record every call in ``Telegram.WebApp.calls`` (a
    ``[control, method, argument]`` list). ``Telegram.WebApp.emit(event)`` fires an event the
    page listens to; ``BackButton.press()`` / ``MainButton.press()`` tap Telegram's button."""
    webapp = {
        "initData": raw_init_data,
        "initDataUnsafe": {"user": user, "start_param": start},
        "themeParams": THEMES[theme],
        "colorScheme": theme,
        "safeAreaInset": {"top": 0, "bottom": 0, "left": 0, "right": 0, **(insets or {})},
        "contentSafeAreaInset": {"top": 0, "bottom": 0, "left": 0, "right": 0},
        "viewportStableHeight": PHONE["height"],
        "isClosingConfirmationEnabled": False,
    }
    return f"""
    (function () {{
      const webapp = {json.dumps(webapp, ensure_ascii=False)};
      const calls = [];
      const handlers = {{}};
      function button(name) {{
        const clicks = [];
        const record = (method, argument) => calls.push([name, method, argument ?? null]);
        return {{
          isVisible: false, isActive: true, isProgressVisible: false, text: "",
          show() {{ record("show"); this.isVisible = true; return this; }},
          hide() {{ record("hide"); this.isVisible = false; return this; }},
          enable() {{ record("enable"); this.isActive = true; return this; }},
          disable() {{ record("disable"); this.isActive = false; return this; }},
          setText(text) {{ record("setText", text); this.text = text; return this; }},
          showProgress(leaveActive) {{
            record("showProgress"); this.isProgressVisible = true; return this;
          }},
          hideProgress() {{
            record("hideProgress"); this.isProgressVisible = false; return this;
          }},
          onClick(f) {{ clicks.push(f); return this; }},
          offClick(f) {{
            const at = clicks.indexOf(f); if (at >= 0) clicks.splice(at, 1); return this;
          }},
          press() {{
            if (this.isVisible && this.isActive !== false) for (const f of clicks.slice()) f();
          }},
        }};
      }}
      window.Telegram = {{ WebApp: Object.assign(webapp, {{
        calls,
        ready() {{ calls.push(["WebApp", "ready", null]); }},
        expand() {{ calls.push(["WebApp", "expand", null]); }},
        onEvent(event, f) {{ (handlers[event] = handlers[event] || []).push(f); }},
        offEvent(event, f) {{}},
        emit(event) {{ for (const f of handlers[event] || []) f.call(window.Telegram.WebApp); }},
        enableClosingConfirmation() {{
          calls.push(["WebApp", "enableClosingConfirmation", null]);
          this.isClosingConfirmationEnabled = true;
        }},
        disableClosingConfirmation() {{
          calls.push(["WebApp", "disableClosingConfirmation", null]);
          this.isClosingConfirmationEnabled = false;
        }},
        BackButton: button("BackButton"),
        MainButton: button("MainButton"),
        HapticFeedback: {{
          impactOccurred(style) {{ calls.push(["HapticFeedback", "impactOccurred", style]); }},
          notificationOccurred(type) {{
            calls.push(["HapticFeedback", "notificationOccurred", type]);
          }},
          selectionChanged() {{ calls.push(["HapticFeedback", "selectionChanged", null]); }},
        }},
      }}) }};
    }})();
    """


async def telegram_calls(page: Any, control: str | None = None) -> list[list[Any]]:
    """What the page asked of Telegram so far (``control``: only that one's calls)."""
    calls: list[list[Any]] = await page.evaluate("window.Telegram.WebApp.calls")
    return [call for call in calls if control is None or call[0] == control]


async def wait_until(page: Any, expression: str, timeout: float = 10_000) -> None:
    """Poll ``expression`` in the page until it is truthy. Playwright's wait_for_function
    compiles its predicate with eval inside the page, which the page's own CSP (no
    'unsafe-eval', as served) refuses; an evaluate from outside is not the page's script."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout / 1000
    while not await page.evaluate(f"Boolean({expression})"):
        if loop.time() > deadline:
            raise TimeoutError(f"never true in the page: {expression}")
        await asyncio.sleep(0.05)


async def horizontal_overflow(page: Any) -> int:
    """How many pixels the page is wider than its window (0: no sideways scrolling)."""
    overflow: int = await page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    return overflow


def signed_telegram(
    who: str,
    start: str | None,
    *,
    bot_token: str = BOT_TOKEN,
    theme: str = "light",
    language: str = "zh",
) -> str:
    """Telegram as ``who`` opens the link whose startapp is ``start``: initData signed with
    ``bot_token`` (the harness's, or another bot's for a signature the server refuses)."""
    raw = init_data(PLAYERS[who], who, bot_token, start_param=start, language_code=language)
    user = {"id": PLAYERS[who], "first_name": who, "language_code": language}
    return telegram_stub(raw, user=user, start=start, theme=theme)


async def open_in_telegram(
    browser: Any,
    url: str,
    script: str,
    theme: str = "light",
    *,
    width: int = PHONE["width"],
    phone_scheme: str | None = None,
) -> Any:
    """A phone-size page at ``url`` with ``script`` standing in for Telegram's (``width``: a
    narrower phone; ``phone_scheme``: the phone's own light/dark, the theme's unless given)."""
    context = await browser.new_context(
        viewport={"width": width, "height": PHONE["height"]},
        device_scale_factor=2,
        color_scheme=phone_scheme or theme,
    )
    page = await context.new_page()
    await page.route(
        TELEGRAM_JS,
        lambda route: route.fulfill(body=script, content_type="application/javascript"),
    )
    await page.goto(url)
    return page
