"""Property: a random path of taps through a flow, under every registered ruleset, records
what its typed line records (the same entries, reply and picture), or is refused as the typed
line is. The typed line is written here from the buttons pressed, as a player would type it.

TAP_EXAMPLES (default 30) runs more.
"""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import rulesets
from tests.bot.conftest import Harness, module_bot
from tests.bot.tap_driver import Flow
from tests.bot.test_tap import entries_of, without_ids

EXAMPLES = int(os.environ.get("TAP_EXAMPLES", "30"))
NAMES = ("甲", "乙", "丙", "丁")
NEEDS_SEAT = {"点炮", "抢杠", "明杠"}
GIVE_UP = ("✖ 取消", "◀ 返回")
MOST_TOGGLES = 4  # presses in a step before ✅ is pressed where it shows
MOST_PRESSES = 40  # a path toggling a wild back and forth ends there
_chats = itertools.count(-2000, -2)


@dataclass
class Typed:
    """What the taps so far mean, kept as a player would note it to type it."""

    kind: str
    step: str = "who"
    winners: list[str] = field(default_factory=list)
    how: str = ""
    source: str = ""
    words: dict[str, list[str]] = field(default_factory=dict)
    wild: dict[str, str] = field(default_factory=dict)
    turn: int = 0
    presses: int = 0

    def line(self) -> str:
        if self.kind == "kong":
            return " ".join(
                ["/kong", self.winners[0], self.how, *([self.source] * bool(self.source))]
            )
        how = [self.how, *([self.source] if self.how in NEEDS_SEAT else [])]
        first, *others = self.winners
        if not others or not any(self.said(name) for name in self.winners):
            return " ".join(["/hu", *self.winners, *how, *self.said(first)])
        segments = [" ".join([first, *how, *self.said(first)])]
        segments += [" ".join([name, *self.said(name)]) for name in others]
        return "/hu " + "；".join(segments)

    def said(self, name: str) -> list[str]:
        return [*self.words.get(name, []), *([self.wild[name]] if name in self.wild else [])]

    def pressed(self, label: str, action: str) -> None:
        """Note a press (its label and the action its data names)."""
        self.presses += 1
        verb = action[:1]
        if verb == "s" and self.step == "who":
            self.winners = [label]
            self._move("how")
        elif verb == "s" and self.step == "add":  # ➕ 还有人胡: another winner's patterns
            self.winners.append(label)
            self.turn = len(self.winners) - 1
            self._move("patterns")
        elif verb == "s":
            self.source = label
            self._move("patterns")
        elif verb == "h" and self.kind == "kong":  # 暗杠, or 明杠 丙: the giver in one press
            self.how, _, self.source = label.partition(" ")
            self._move("preview")
        elif verb == "h":
            self.how = label
            self._move("from" if label in NEEDS_SEAT else "patterns")
        elif verb == "n":
            self.turn += 1
            self._move("patterns")
        elif verb == "a":
            self._move("add")
        elif verb == "p":
            chosen = self.words.setdefault(self.winners[self.turn], [])
            chosen.remove(label) if label in chosen else chosen.append(label)
        elif verb == "y":
            name = self.winners[self.turn]
            self.wild.pop(name) if self.wild.get(name) == label else self.wild.update({name: label})

    def _move(self, step: str) -> None:
        self.step, self.presses = step, 0

    def shown(self, labels: list[str]) -> None:
        """The patterns step asks 有花/无花 only where it pays: unasked, the line omits it."""
        if self.step == "patterns" and "有花" not in labels:
            self.wild.pop(self.winners[self.turn], None)


@pytest.fixture(scope="module")
def bot(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[asyncio.Runner, Harness]]:
    with module_bot(tmp_path_factory, "tap") as running:
        yield running


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    ruleset=st.sampled_from(sorted(rulesets.RULESETS)),
    kind=st.sampled_from(("hu", "hu", "hu", "kong")),
    data=st.data(),
)
def test_a_tapped_path_records_what_its_typed_line_records(
    bot: tuple[asyncio.Runner, Harness], ruleset: str, kind: str, data: st.DataObject
) -> None:
    runner, harness = bot
    runner.run(_walk(harness, ruleset, kind, data))


async def _walk(harness: Harness, ruleset: str, kind: str, data: st.DataObject) -> None:
    tapped, typed_in = next(_chats), next(_chats)
    for chat in (tapped, typed_in):
        harness.api.add_chat(chat, f"桌 {chat}", kind="supergroup")
        await harness.say("甲", f"/new {ruleset} 1 {' '.join(NAMES)}", chat=chat)
    [shown] = await harness.say("甲", f"/{kind}", chat=tapped)
    if not shown.buttons:  # /kong where kongs do not settle: refused as typed
        [typed] = await harness.say("甲", "/kong 甲 暗杠", chat=typed_in)
        assert shown.text.startswith("❌") and typed.text == shown.text
        return
    flow = Flow(harness, shown, tapped)
    typed = Typed(kind)
    for _ in range(MOST_PRESSES):
        forward = [label for label in flow.labels if label not in GIVE_UP]
        if not forward:
            return  # nothing applies (no way to win under this ruleset this way): nothing to record
        if "✅ 记账" in forward and typed.presses >= MOST_TOGGLES:
            label = "✅ 记账"
        else:
            label = data.draw(st.sampled_from(forward))
        if label == "✅ 记账":
            break
        typed.pressed(label, flow.data(label).rsplit(":", 1)[1])
        await flow.tap(label)
        typed.shown(flow.labels)
        refused = any(line.startswith("❌") for line in flow.text.splitlines())
        if refused and (typed.step == "preview" or typed.presses >= MOST_TOGGLES):
            await _refused_alike(harness, flow, typed.line(), typed_in)
            return
    else:
        return  # toggled about without ending: nothing recorded, as nothing was confirmed
    await flow.tap("✅ 记账")
    said = await harness.say("甲", typed.line(), chat=typed_in)
    tapped_sent = flow.replies()
    assert typed.line() in flow.text
    assert [without_ids(s.text) for s in tapped_sent] == [without_ids(s.text) for s in said]
    assert [s.content for s in tapped_sent] == [s.content for s in said]
    assert await entries_of(harness, tapped) == await entries_of(harness, typed_in)


async def _refused_alike(harness: Harness, flow: Flow, line: str, chat: int) -> None:
    """A hand the ruleset refuses shows the typed line's refusal, and nothing is written."""
    [typed] = await harness.say("甲", line, chat=chat)
    refusal = next(text for text in flow.text.splitlines() if text.startswith("❌"))
    assert typed.text.startswith(refusal), (line, refusal, typed.text)
    assert await entries_of(harness, flow.chat) == await entries_of(harness, chat) == []
