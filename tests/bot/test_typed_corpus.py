"""The corpus of lines as players type them (typed_lines.tsv: both families, both languages),
each a test through the whole bot: recorded with the points the rules give (worked out by hand
in the corpus's header), refused naming what is wrong, offered as ONE reading whose ✅ records
exactly that, or, chatter, left without an answer."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from rigs.emulated_bot import EmulatedBot
from rigs.typed_corpus import Case, corpus_bot, load, miss

CASES = load()


@pytest.fixture(scope="module")
def bot(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[asyncio.Runner, EmulatedBot]]:
    """One bot with every corpus table open, for the whole module (the ledger grows)."""
    database = tmp_path_factory.mktemp("typed") / "typed.db"
    with asyncio.Runner() as runner:
        running = corpus_bot(database)
        started = runner.run(running.__aenter__())
        try:
            yield runner, started
        finally:
            runner.run(running.__aexit__(None, None, None))


def test_the_corpus_is_large_and_spans_both_families_and_languages() -> None:
    tables = {case.table for case in CASES}
    assert len(CASES) >= 150
    assert {"杭州", "强盗胡", "硬飘花", "软飘花", "双辣", "hangzhou-en", "qiangdao-en"} <= tables
    kinds = {case.expected[:1] for case in CASES}
    assert {"✅", "❌", "-", "💰"} <= kinds


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_a_typed_line(bot: tuple[asyncio.Runner, EmulatedBot], case: Case) -> None:
    runner, running = bot
    assert runner.run(miss(running, case)) is None
