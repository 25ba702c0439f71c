"""Console mode: the same Application, handlers and database, driven from a terminal.

Each stdin line is a message from the current speaker in one group chat; ``/as NAME``
changes the speaker, ``/press N`` presses button N of the last message that had buttons,
``/private`` talks to the bot in the speaker's private chat and ``/group`` goes back.
The Bot API is served in-process by ``ConsoleRequest``: replies print as plain text and
photos and documents are saved to files whose paths are printed.
"""

from __future__ import annotations

import asyncio
import sys
import time
import zlib
from pathlib import Path
from typing import IO, Any, Final

from telegram import Update

from bot.config import Config
from bot.console.local_api import LocalBotApi, Sent, UpdateMaker
from bot.console.request import ConsoleRequest
from bot.launch.compose import compose

CONSOLE_CHAT_ID: Final = -100_000_000_001
FIRST_SPEAKER: Final = "甲"


class Console:
    """One group chat in a terminal: speakers, printed replies, saved files, buttons."""

    def __init__(self, out: IO[str], files_dir: Path) -> None:
        # Ids from the clock keep update ids unique across runs on the same database.
        self.api = LocalBotApi(first_id=int(time.time() * 1000) % 10**12, on_sent=self._print)
        self.updates = UpdateMaker(self.api)
        self.out = out
        self.files_dir = files_dir
        self.api.add_chat(CONSOLE_CHAT_ID, "麻将群（控制台）", kind="supergroup")
        self.speaker_name = FIRST_SPEAKER
        self.speaker = self.speak_as(FIRST_SPEAKER)
        self.api.set_status(CONSOLE_CHAT_ID, self.speaker, "creator")
        self.private = False  # in the speaker's private chat with the bot, not the group
        # (chat id, message id, callback data) of the last keyboard
        self.buttons: list[tuple[int, int, str]] = []

    def speak_as(self, name: str) -> int:
        """The user id of ``name`` (stable across runs, so the ledger knows them again)."""
        user_id = 10_000 + zlib.crc32(name.encode()) % 1_000_000_000
        self.api.add_user(user_id, name)
        return user_id

    def update_for(self, line: str) -> dict[str, Any] | None:
        """The update a typed line makes, or None for console commands and blank lines."""
        text = line.strip()
        if not text:
            return None
        if text.startswith("/as "):
            self.speaker_name = text[4:].strip()
            self.speaker = self.speak_as(self.speaker_name)
            self.out.write(f"（现在发言的是 {self.speaker_name}）\n")
            return None
        if text in ("/private", "/group"):
            self.private = text == "/private"
            where = f"和机器人的私聊（{self.speaker_name}）" if self.private else "群里"
            self.out.write(f"（现在在{where}）\n")
            return None
        if text.startswith("/press"):
            number = text[6:].strip()
            if not number.isdigit() or not 1 <= int(number) <= len(self.buttons):
                self.out.write(f"（没有第 {number} 个按钮；可按 1-{len(self.buttons)}）\n")
                return None
            chat_id, message_id, data = self.buttons[int(number) - 1]
            return self.updates.press(chat_id, self.speaker, message_id, data)
        return self.updates.message(self.chat_id, self.speaker, text)

    @property
    def chat_id(self) -> int:
        """The group, or in private mode the speaker's own chat (a user's id is its chat's)."""
        if not self.private:
            return CONSOLE_CHAT_ID
        if self.speaker not in self.api.chats:
            self.api.add_chat(self.speaker, self.speaker_name, kind="private")
        return self.speaker

    def _print(self, sent: Sent) -> None:
        if sent.method == "answerCallbackQuery":
            if sent.text:
                self.out.write(f"（提示）{sent.text}\n")
            return
        prefix = "✏️ " if sent.method == "editMessageText" else ""
        if sent.content is not None:
            self.files_dir.mkdir(parents=True, exist_ok=True)
            path = self.files_dir / f"{sent.message_id}-{sent.file_name or 'file'}"
            path.write_bytes(sent.content)
            kind = "图片" if sent.method == "sendPhoto" else "文件"
            self.out.write(f"[{kind}] {path.resolve()}\n")
        if sent.text:
            self.out.write(f"{prefix}{sent.text}\n")
        if sent.buttons and sent.message_id is not None and sent.chat_id is not None:
            self.buttons = [(sent.chat_id, sent.message_id, data) for _, data in sent.buttons]
            self.out.write(
                " ".join(f"[{i} {label}]" for i, (label, _) in enumerate(sent.buttons, 1)) + "\n"
            )
        self.out.flush()


async def run_console(
    config: Config, stdin: IO[str] = sys.stdin, stdout: IO[str] = sys.stdout
) -> None:
    """Read lines until EOF, each one a message; the bot's answers go to ``stdout``."""
    files_dir = Path(config.database_path).resolve().parent / "console-files"
    console = Console(stdout, files_dir)
    application = compose(config, request=ConsoleRequest(console.api), rate_limiter=None)
    await application.initialize()
    if application.post_init is not None:
        await application.post_init(application)
    try:
        loop = asyncio.get_running_loop()
        while True:
            line = await loop.run_in_executor(None, stdin.readline)
            if not line:
                break
            update = console.update_for(line)
            if update is not None:
                await application.process_update(Update.de_json(update, application.bot))
    finally:
        if application.post_shutdown is not None:
            await application.post_shutdown(application)
        await application.shutdown()
