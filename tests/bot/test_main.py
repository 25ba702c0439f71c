"""``python -m bot`` as the Procfile runs it: long polling and webhook mode, against the fake
Bot API server, stopped by SIGINT like a process manager stops it."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from rigs.fake_server import TOKEN, FakeBotApiServer

GROUP = -4242


@pytest.fixture
async def server() -> AsyncIterator[FakeBotApiServer]:
    fake = FakeBotApiServer()
    await fake.start()
    fake.api.add_chat(GROUP, "周五麻将", kind="supergroup")
    fake.api.add_user(5, "甲")
    try:
        yield fake
        assert not fake.api.spec_refusals, f"calls Telegram refuses: {fake.api.spec_refusals}"
    finally:
        await fake.stop()


async def start_bot(
    server: FakeBotApiServer, tmp_path: Path, **env: str
) -> asyncio.subprocess.Process:
    environment = {
        **os.environ,
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_API_BASE_URL": server.base_url,
        "DATABASE_PATH": str(tmp_path / "main.db"),
        "LOG_LEVEL": "WARNING",
        **env,
    }
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )


async def health_check(tmp_path: Path, **env: str) -> tuple[int, str]:
    """``python -m bot --check`` as a container's HEALTHCHECK runs it, beside the bot."""
    environment = {
        **os.environ,
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "DATABASE_PATH": str(tmp_path / "main.db"),
        **env,
    }
    checker = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "--check", env=environment,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    out, _ = await asyncio.wait_for(checker.communicate(), 30)
    assert checker.returncode is not None
    return checker.returncode, out.decode()


async def stop_bot(process: asyncio.subprocess.Process) -> str:
    process.send_signal(signal.SIGINT)
    out, _ = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 0, out.decode()
    return out.decode()


async def test_long_polling(server: FakeBotApiServer, tmp_path: Path) -> None:
    process = await start_bot(server, tmp_path)
    try:
        server.push(server.updates.message(GROUP, 5, "/new 杭州 1 甲 乙 丙 丁"))
        [opened] = await server.wait_sent(1, timeout=30)
        assert "第 1 场开始" in opened.text
        assert {"zh", "en", ""} <= set(server.api.commands)
        # Being added to a group arrives as my_chat_member: the polling asks for it.
        server.push(server.updates.bot_status(GROUP, 5, "left", "member"))
        [_, welcome] = await server.wait_sent(2, timeout=30)
        assert welcome.chat_id == GROUP and "隐私模式" in welcome.text
        assert server.allowed_updates is not None and "my_chat_member" in server.allowed_updates
        assert await health_check(tmp_path) == (0, "ok\n")
    finally:
        out = await stop_bot(process)
    assert "is in a temporary directory" in out  # the start-up warning about DATABASE_PATH


async def test_webhook_mode(server: FakeBotApiServer, tmp_path: Path) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    webhook = {
        "WEBHOOK_URL": "https://mahjong.example.invalid/tg/hook",
        "WEBHOOK_SECRET": "s3cret_token",
        "PORT": str(port),
    }
    process = await start_bot(server, tmp_path, **webhook)
    try:
        async with asyncio.timeout(30):
            while not server.api.webhook.get("url"):
                await asyncio.sleep(0.05)
        assert server.api.webhook["secret_token"] == "s3cret_token"
        update = server.updates.message(GROUP, 5, "/help")
        url = f"http://127.0.0.1:{port}/tg/hook"
        async with httpx.AsyncClient() as client:
            forged: httpx.Response | None = None
            for _ in range(100):  # setWebhook may come just before the server listens
                try:
                    forged = await client.post(url, json=update)
                    break
                except httpx.ConnectError:
                    await asyncio.sleep(0.05)
            assert forged is not None and forged.status_code == 403
            good = await client.post(
                url, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": "s3cret_token"}
            )
            assert good.status_code == 200
        [help_reply] = await server.wait_sent(1, timeout=30)
        assert "麻将计分助手" in help_reply.text
        assert await health_check(tmp_path, **webhook) == (0, "ok\n")
    finally:
        await stop_bot(process)
    code, out = await health_check(tmp_path, **webhook)
    assert code == 1 and f"webhook port {port} does not answer" in out
