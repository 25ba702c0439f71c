"""The ledger CSV carries a chat's seasons: export → import into a fresh chat gives the same
seasons and the same /stats SEASON figures; a bad season row refuses the whole import naming
its line; a file written before season rows existed still imports (with no seasons)."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path

import pytest
from ledger_fixtures import CHAT, OTHER_CHAT, Table, resigned

from storage import ErrorCode, Ledger, Season, Source, StorageError, WinSpec

DATA = Path(__file__).parent / "data"


class Evening:
    """Hands played at the table, seasons started and ended among them."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.update = 500

    async def step(self, step: str) -> None:
        ledger = self.table.ledger
        e, s, w, n = self.table.ids
        if step == "end":
            await ledger.seasons.end(CHAT, n)
        elif step.startswith("start "):
            await ledger.seasons.start(CHAT, step.removeprefix("start "), e)
        else:  # a hand: the named seat wins 4 on 甲's discard, or 甲 draws 2 from each
            self.update += 1
            winner = {"乙": s, "丙": w, "丁": n}.get(step, e)
            deltas = {winner: 4, e: -4} if winner != e else {e: 6, s: -2, w: -2, n: -2}
            win = WinSpec(
                winner, deltas, "x", self_draw=winner == e,
                discarder=e if winner != e else None, value=4,
            )  # fmt: skip
            sid = self.table.session.id
            await ledger.entries.record_win(CHAT, sid, win, Source(self.update), None)


async def season_figures(ledger: Ledger, chat_id: int) -> list[tuple[object, ...]]:
    """Each season (oldest first) with its /stats figures by player name."""
    figures = []
    for season in reversed(await ledger.seasons.all(chat_id)):
        stats = await ledger.stats.players(chat_id, season.started_at, season.ended_at)
        by_name = sorted(
            (s.player.name, s.hands, s.wins, s.self_draws, s.dealt_in, s.biggest_win, s.net)
            for s in stats
        )
        figures.append((season.name, season.started_at, season.ended_at, by_name))
    return figures


@pytest.mark.parametrize(
    "steps",
    [
        ["乙", "start 秋季赛", "丙", "甲", "丁"],
        ["乙", "start 秋季赛", "丙", "甲", "end", "丁"],
        ["乙", "start 秋季赛", "丙", "start 冬季赛", "甲", "丁", "end", "乙"],
    ],
    ids=["open-season", "ended-season", "two-seasons"],
)
async def test_seasons_survive_the_round_trip(table: Table, steps: list[str]) -> None:
    ledger = table.ledger
    evening = Evening(table)
    for step in steps:
        await evening.step(step)
    before = await season_figures(ledger, CHAT)
    assert all(any(row[1] for row in figures[3]) for figures in before)  # hands in each
    await ledger.exchange.import_csv(OTHER_CHAT, await ledger.export.csv(CHAT))
    assert await season_figures(ledger, OTHER_CHAT) == before
    assert [s.is_open for s in await ledger.seasons.all(OTHER_CHAT)] == [
        s.is_open for s in await ledger.seasons.all(CHAT)
    ]
    imported = await ledger.seasons.find(OTHER_CHAT, "秋季赛")
    assert imported is not None and imported.chat_id == OTHER_CHAT


def edited(text: str, season: str, /, **fields: str) -> str:
    """The export with the season row called ``season`` changed in ``fields``."""
    rows = list(csv.DictReader(io.StringIO(text)))
    for row in rows:
        if row["record"] == "season" and row["name"] == season:
            row.update(fields)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


async def autumn_and_winter(table: Table) -> str:
    """A chat whose ended season Autumn (line 6 of its export) and running season Winter
    (line 7) follow the header and four players; its export."""
    evening = Evening(table)
    for step in ("start Autumn", "乙", "start Winter", "丙"):
        await evening.step(step)
    text = await table.ledger.export.csv(CHAT)
    assert [line.split(",")[0] for line in text.splitlines()[5:7]] == ["season", "season"]
    return text


@pytest.mark.parametrize(
    ("mangle", "line", "says"),
    [
        (lambda t: edited(t, "Winter", name="autumn"), 7, "already has a season"),
        (lambda t: edited(t, "Autumn", closed_at=""), 7, "still open"),
        (
            lambda t: edited(t, "Autumn", closed_at="2000-01-01T00:00:00+00:00"),
            6,
            "ends before it starts",
        ),
        (lambda t: edited(t, "Winter", name=""), 7, "without a name"),
        (lambda t: edited(t, "Autumn", name="秋 季"), 6, "one word"),
        (lambda t: edited(t, "Winter", created_at="yesterday"), 7, "not a time"),
        (lambda t: edited(t, "Winter", created_at=""), 7, "created_at is empty"),
        (lambda t: edited(t, "Autumn", author="99"), 6, "not defined above"),
        (lambda t: edited(t, "Autumn", player="99"), 6, "not defined above"),
    ],
    ids=[
        "same-name-other-case", "two-open", "ends-before-start", "no-name", "two-words",
        "bad-start", "no-start", "unknown-starter", "unknown-ender",
    ],
)  # fmt: skip
async def test_a_bad_season_row_refuses_the_file(
    table: Table, mangle: Callable[[str], str], line: int, says: str
) -> None:
    text = resigned(mangle(await autumn_and_winter(table)))
    with pytest.raises(StorageError) as caught:
        await table.ledger.exchange.import_csv(OTHER_CHAT, text)
    assert caught.value.code is ErrorCode.BAD_CSV
    assert caught.value.params["line"] == line
    assert says in caught.value.params["detail"]
    assert await table.ledger.chats.get(OTHER_CHAT) is None


@pytest.mark.parametrize(
    ("already", "says"),
    [("Winter", "already has a season"), ("Spring", "still open")],
    ids=["chat-has-the-name", "chat-has-one-open"],
)
async def test_the_importing_chats_own_seasons_count(table: Table, already: str, says: str) -> None:
    ledger = table.ledger
    text = await autumn_and_winter(table)
    await ledger.seasons.start(OTHER_CHAT, already, None)
    kept: list[Season] = await ledger.seasons.all(OTHER_CHAT)
    with pytest.raises(StorageError) as caught:
        await ledger.exchange.import_csv(OTHER_CHAT, text)
    assert caught.value.params["line"] == 7 and says in caught.value.params["detail"]
    assert await ledger.seasons.all(OTHER_CHAT) == kept
    assert not (await ledger.reports.history(OTHER_CHAT)).entries


async def test_a_file_without_season_rows_imports(ledger: Ledger) -> None:
    text = (DATA / "ledger_export_before_people.csv").read_text(encoding="utf-8")
    assert (await ledger.exchange.import_csv(OTHER_CHAT, text, unsigned=True)).entries > 0
    assert await ledger.seasons.all(OTHER_CHAT) == []


async def test_one_sessions_export_leaves_the_chats_seasons_out(table: Table) -> None:
    await autumn_and_winter(table)
    text = await table.ledger.export.csv(CHAT, table.session.id)
    assert not any(line.startswith("season,") for line in text.splitlines())
