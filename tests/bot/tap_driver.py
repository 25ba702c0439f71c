"""Drives a button flow as a player would: find a button by its label, press it, follow the
message as it edits itself."""

from __future__ import annotations

from dataclasses import dataclass

from bot.console.local_api import Sent
from tests.bot.conftest import GROUP, PLAYERS, Harness


def label_of(text: str) -> str:
    """A button's label without the ✓ a chosen one carries."""
    return text.removeprefix("✓ ")


@dataclass
class Flow:
    """The flow's message as it stands, and what the last press sent."""

    harness: Harness
    shown: Sent
    chat: int = GROUP
    last: list[Sent] | None = None

    @property
    def labels(self) -> list[str]:
        return [label_of(label) for label, _ in self.shown.buttons]

    @property
    def text(self) -> str:
        return self.shown.text

    def data(self, label: str) -> str:
        found = [data for text, data in self.shown.buttons if label_of(text) == label]
        assert found, (label, self.labels, self.text)
        return found[0]

    async def press_data(self, who: str, data: str) -> list[Sent]:
        assert self.shown.message_id is not None
        update = self.harness.make.press(self.chat, PLAYERS[who], self.shown.message_id, data)
        sent = await self.harness.feed(update)
        edits = [
            s
            for s in sent
            if s.method == "editMessageText" and s.message_id == self.shown.message_id
        ]
        if edits:
            self.shown = edits[-1]
        self.last = sent
        return sent

    async def tap(self, label: str, who: str = "甲") -> list[Sent]:
        return await self.press_data(who, self.data(label))

    def answers(self) -> list[Sent]:
        return [s for s in self.last or [] if s.method == "answerCallbackQuery"]

    def replies(self) -> list[Sent]:
        """What the last press sent besides answers and edits: the recording reply, pictures."""
        return [s for s in self.last or [] if s.method in ("sendMessage", "sendPhoto")]


async def open_flow(harness: Harness, line: str, who: str = "甲", chat: int = GROUP) -> Flow:
    # the flow first; someone not seated at a table of unclaimed guests is asked who they are
    shown, *_who = await harness.say(who, line, chat=chat)
    assert shown.buttons, shown.text
    return Flow(harness, shown, chat)
