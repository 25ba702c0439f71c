"""The bot's Application over the in-process Bot API emulator, as tests and scripts drive it:
an update fed through ``process_update`` and what the bot sent meanwhile, and its ledger."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from telegram import Update

from bot.app import ANY_APP
from bot.console.local_api import LocalBotApi, Sent, UpdateMaker
from bot.context import services_of
from storage import Ledger


@dataclass
class EmulatedBot:
    app: ANY_APP
    api: LocalBotApi
    make: UpdateMaker

    @property
    def ledger(self) -> Ledger:
        ledger = services_of(self.app).ledger
        assert isinstance(ledger, Ledger)
        return ledger

    async def feed(self, update: dict[str, Any]) -> list[Sent]:
        """Process one update; returns what the bot sent meanwhile."""
        before = len(self.api.sent)
        await self.app.process_update(Update.de_json(update, self.app.bot))
        return self.api.sent[before:]
