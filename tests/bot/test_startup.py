"""Start-up as an operator meets it: Telegram out of reach is retried with one log line per
try and no traceback; a DATABASE_PATH that cannot be used is one line and exit code 2."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from pathlib import Path

import pytest

from rigs.fake_server import TOKEN


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port  # nothing listens there once the socket is closed


def bot_env(database: Path | str, base_url: str) -> dict[str, str]:
    return {
        **os.environ,
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_API_BASE_URL": base_url,
        "DATABASE_PATH": str(database),
        "LOG_LEVEL": "WARNING",
    }


@pytest.mark.parametrize(
    ("make_path", "reason"),
    [
        (lambda tmp: tmp, "unable to open database file"),  # a directory
        (lambda tmp: tmp / "missing" / "m.db", "unable to open database file"),
        (lambda tmp: tmp / "junk.db", "file is not a database"),
    ],
    ids=["a-directory", "missing-folder", "not-a-database"],
)
async def test_a_bad_database_path_is_one_line_and_exit_code_2(
    tmp_path: Path, make_path: object, reason: str
) -> None:
    (tmp_path / "junk.db").write_bytes(b"this is not sqlite" * 100)
    path = make_path(tmp_path)  # type: ignore[operator]
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot",
        env=bot_env(path, f"http://127.0.0.1:{closed_port()}/bot"),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    _, err = await asyncio.wait_for(process.communicate(), 60)
    lines = err.decode().strip().splitlines()
    assert process.returncode == 2
    assert len(lines) == 1, lines
    assert str(path) in lines[0] and reason in lines[0]


async def test_no_network_at_start_is_retried_one_line_a_try(tmp_path: Path) -> None:
    log = tmp_path / "bot.log"
    with log.open("wb") as sink:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot",
            env=bot_env(tmp_path / "m.db", f"http://127.0.0.1:{closed_port()}/bot"),
            stdout=sink, stderr=sink,
        )  # fmt: skip
    try:
        async with asyncio.timeout(60):
            while log.read_text().count("did not go through") < 3:
                await asyncio.sleep(0.1)
    finally:
        process.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(process.wait(), 30)
    text = log.read_text()
    assert code == 0, text
    assert "Traceback" not in text
    tries = [line for line in text.splitlines() if "did not go through" in line]
    assert all("getMe" in line for line in tries)
    assert "try 2 in 1 s" in tries[0] and "try 3 in 2 s" in tries[1]
    # SIGTERM came during the 4 s wait before try 4: the stop cut it short instead of sleeping
    # it out (an order of events, not a wall-time bound that fails under load).
    assert len(tries) == 3 and "try 4 in 4 s" in tries[2], tries
