"""/export carries who is who: the CSV document the bot sends, imported into a fresh ledger
(the bot has no import command; an operator imports with ``ledger.exchange.import_csv``), answers
/stats, /tally and /history exactly as the group did, identity lines included."""

from __future__ import annotations

from pathlib import Path

from tests.bot.conftest import GROUP, PLAYERS, Harness, running_harness

AMING = 21


async def _evening(harness: Harness) -> None:
    """阿明 and 小李 written down as guests; 阿明 won, then the member 阿明 /join-ed and took
    the guest's seat; 小李 was renamed 老李 and won."""
    for name in ("乙", "丙"):
        await harness.ledger.players.upsert_user(GROUP, PLAYERS[name], name)
    await harness.open_table("/new 杭州 1 甲 乙 阿明 小李")
    await harness.say("甲", "/hu 阿明 点炮 甲")
    harness.api.add_user(AMING, "阿明", "aming")
    joined = await harness.feed(harness.make.message(GROUP, AMING, "/join"))
    assert "同一个人" in joined[-1].text, joined[-1].text
    renamed = await harness.say("甲", "/rename 小李 老李")
    assert "改名" in renamed[-1].text, renamed[-1].text
    await harness.say("甲", "/hu 老李 自摸")
    await harness.say("甲", "/hu 阿明 点炮 乙")


async def _answers(harness: Harness) -> list[str]:
    texts = []
    for command in ("/stats", "/tally", "/history", "/stats 阿明"):
        texts += [sent.text for sent in await harness.say("乙", command) if sent.text]
    return texts


async def test_the_export_document_imports_back_with_its_people(
    harness: Harness, tmp_path: Path
) -> None:
    await _evening(harness)
    [document] = [s for s in await harness.say("甲", "/export") if s.method == "sendDocument"]
    assert document.content is not None
    text = document.content.decode("utf-8-sig")
    assert "\nidentity," in text
    before = await _answers(harness)
    history = before[2]
    assert "P1 身份" in history and "P2 改名 「小李」→「老李」" in history, history
    async with running_harness(tmp_path / "fresh.db") as fresh:
        await fresh.ledger.exchange.import_csv(GROUP, text)
        after = await _answers(fresh)
    assert after == before
