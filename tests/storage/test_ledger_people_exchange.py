"""The ledger CSV carries identity events: export → import into a fresh chat gives the same
people, folded /stats and /tally and identity history; a bad identity row refuses the whole
import naming its line; a file written before identity rows existed still imports."""

from __future__ import annotations

import csv
import io
import sqlite3
from collections import defaultdict
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from ledger_fixtures import CHAT, OTHER_CHAT, Table, resigned, seat_table
from people_round_trip import people_view

from storage import ErrorCode, Ledger, LinkRequest, SessionTerms, Source, StorageError, WinSpec
from storage.check import check_file
from storage.export import COLUMNS_BEFORE_PEOPLE

DATA = Path(__file__).parent / "data"
HANGZHOU = SessionTerms("hangzhou", 1, "dealer_stays")


class Evening:
    """甲 乙 丙 and the guest 阿明 at the table, 阿明 won a hand on 甲's discard; the member
    阿明 spoke up later (not seated)."""

    def __init__(self, table: Table, guest: int, member: int) -> None:
        self.table, self.guest, self.member = table, guest, member
        self.ledger = table.ledger
        self.update = 100

    def next_update(self) -> int:
        self.update += 1
        return self.update

    async def win(self, winner: int, discarder: int, points: int) -> None:
        session = await self.ledger.sessions.current(CHAT)
        assert session is not None
        win = WinSpec(winner, {winner: points, discarder: -points}, "x", discarder=discarder)
        await self.ledger.entries.record_win(
            CHAT, session.id, win, Source(self.next_update()), None
        )

    async def link(self, record: int, person: int, how: str = "merge", seat: bool = False) -> int:
        request = LinkRequest(record, person, how, take_seat=seat)  # type: ignore[arg-type]
        change = await self.ledger.people.link_records(
            CHAT, request, author=self.table.ids[0], update_id=self.next_update()
        )
        return change.event.id

    async def new_session(self, seats: tuple[int, int, int, int]) -> None:
        await self.ledger.sessions.close(CHAT)
        await self.ledger.sessions.open(CHAT, HANGZHOU, seats, seats[0])


async def evening(ledger: Ledger) -> Evening:
    table = await seat_table(ledger)
    guest = await ledger.players.add_guest(CHAT, "阿明")
    await ledger.sessions.set_seat(CHAT, "N", guest.id)
    member = await ledger.players.upsert_user(CHAT, 900, "阿明", "aming")
    played = Evening(table, guest.id, member.id)
    await played.win(guest.id, table.ids[0], 8)
    return played


async def linked(ev: Evening) -> None:
    await ev.link(ev.guest, ev.member, "iam")
    await ev.win(ev.table.ids[1], ev.guest, 4)


async def renamed(ev: Evening) -> None:
    change = await ev.ledger.people.rename_guest(CHAT, ev.guest, "老明", author=None, update_id=1)
    await ev.win(ev.guest, ev.table.ids[2], 6)
    again = await ev.ledger.people.rename_guest(CHAT, ev.guest, "明哥", author=None, update_id=2)
    await ev.ledger.people.undo_identity(CHAT, again.event.id, author=None, update_id=3)
    assert change.event.new_name == "老明"


async def undone_link(ev: Evening) -> None:
    """Linked, cut again, then the two records sat at one table: only the order of the file
    lets the import accept the link (the hands after it would refuse it)."""
    event = await ev.link(ev.guest, ev.member, "iam")
    await ev.ledger.people.undo_identity(CHAT, event, author=None, update_id=ev.next_update())
    # Two people after all: the guest takes another name (one table never shows two 阿明).
    await ev.ledger.people.rename_guest(
        CHAT, ev.guest, "小明", author=None, update_id=ev.next_update()
    )
    e, s, _, _ = ev.table.ids
    await ev.new_session((e, s, ev.guest, ev.member))
    await ev.win(ev.member, ev.guest, 5)


async def guest_into_member(ev: Evening) -> None:
    """The member's /join takes the guest's seat and record, then wins in it."""
    await ev.link(ev.guest, ev.member, "join", seat=True)
    await ev.win(ev.member, ev.table.ids[0], 12)


async def two_guests(ev: Evening) -> None:
    """A second guest 小明 plays another session; an admin merges 小明 into 阿明（客）."""
    other = await ev.ledger.players.add_guest(CHAT, "小明")
    e, s, w, _ = ev.table.ids
    await ev.new_session((e, s, w, other.id))
    await ev.win(other.id, s, 9)
    await ev.link(other.id, ev.guest)


SCENARIOS = [
    pytest.param(linked, id="link"),
    pytest.param(renamed, id="rename"),
    pytest.param(undone_link, id="undone-link"),
    pytest.param(guest_into_member, id="guest-merged-into-member"),
    pytest.param(two_guests, id="two-guests-merged"),
]


@pytest.mark.parametrize("scenario", SCENARIOS)
async def test_export_then_import_keeps_the_people(
    ledger: Ledger, tmp_path: Path, scenario: Callable[[Evening], Awaitable[None]]
) -> None:
    ev = await evening(ledger)
    await scenario(ev)
    original = await people_view(ledger, CHAT)
    assert original[-1], "the scenario made identity events"
    text = await ledger.export.csv(CHAT)
    await ledger.exchange.import_csv(OTHER_CHAT, text)
    assert await people_view(ledger, OTHER_CHAT) == original
    # The copy's chat backup keeps them too, and `python -m storage check` passes it.
    copy = tmp_path / "copy.db"
    await ledger.chat_copy.backup(OTHER_CHAT, copy)
    assert check_file(copy) == []
    async with await Ledger.open(copy) as restored:
        assert await people_view(restored, OTHER_CHAT) == original


async def test_an_undo_after_the_import_gives_the_seat_back(ledger: Ledger) -> None:
    """The link's seat travels with it: undone in the imported chat, the guest sits again."""
    ev = await evening(ledger)
    await ev.link(ev.guest, ev.member, "join", seat=True)
    await ledger.exchange.import_csv(OTHER_CHAT, await ledger.export.csv(CHAT))
    [event] = await ledger.people.identity_events(OTHER_CHAT)
    assert event.seat == "N"
    undo = await ledger.people.undo_identity(OTHER_CHAT, event.id, author=None, update_id=1)
    assert undo.session is not None and undo.session.player_at("N") == event.player_id
    guest = await ledger.players.get(OTHER_CHAT, event.player_id or 0)
    assert guest.is_guest and guest.name == "阿明"


async def test_identity_rows_sit_among_the_entries_by_time(ledger: Ledger) -> None:
    ev = await evening(ledger)
    await linked(ev)
    records = [line.split(",")[0] for line in (await ledger.export.csv(CHAT)).splitlines()]
    entries = [n for n, record in enumerate(records) if record == "entry"]
    [identity] = [n for n, record in enumerate(records) if record == "identity"]
    assert entries[0] < identity < entries[1]


def _replace_identity_row(text: str, kind: str, change: Callable[[dict[str, str]], None]) -> str:
    """The export with its first identity row of ``kind`` changed (or, if ``change`` adds a
    'copy' key, a changed copy of it added after the last row)."""
    rows = list(csv.DictReader(io.StringIO(text)))
    header = list(rows[0])
    index = next(
        n for n, row in enumerate(rows) if row["record"] == "identity" and row["kind"] == kind
    )
    row = dict(rows[index])
    change(row)
    if row.pop("copy", None) is not None:
        rows.append(row)
    else:
        rows[index] = row
    out = io.StringIO()
    writer = csv.DictWriter(out, header, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def _set(**values: str) -> Callable[[dict[str, str]], None]:
    return lambda row: row.update(values)


async def _two_events(ledger: Ledger) -> tuple[Evening, str]:
    """A link (阿明（客） → 阿明), its undo, a rename of 小明 and the link made again."""
    ev = await evening(ledger)
    event = await ev.link(ev.guest, ev.member, "iam")
    await ledger.people.undo_identity(CHAT, event, author=None, update_id=ev.next_update())
    other = await ledger.players.add_guest(CHAT, "小明")
    await ledger.people.rename_guest(
        CHAT, other.id, "小小明", author=None, update_id=ev.next_update()
    )
    await ev.link(ev.guest, ev.member, "iam")
    return ev, await ledger.export.csv(CHAT)


@pytest.mark.parametrize(
    ("mangle", "said"),
    [
        pytest.param(
            lambda ev, t: _replace_identity_row(t, "link", _set(player="99")),
            "player #99 is not defined above",
            id="unknown-record",
        ),
        pytest.param(
            lambda ev, t: _replace_identity_row(t, "link", _set(person=str(ev.table.ids[0]))),
            "sat at one table",
            id="sat-in-one-hand",
        ),
        pytest.param(
            lambda ev, t: _replace_identity_row(
                t, "link", _set(id="90", player=str(ev.member), person=str(ev.guest), copy="1")
            ),
            "already one person",
            id="cycle",
        ),
        pytest.param(
            lambda ev, t: _replace_identity_row(
                t, "link", _set(player=str(ev.guest), person=str(ev.guest))
            ),
            "itself",
            id="same-record",
        ),
        pytest.param(
            lambda ev, t: _replace_identity_row(t, "undo", _set(id="90", copy="1")),
            "has already been undone",
            id="undone-twice",
        ),
        pytest.param(
            lambda ev, t: _replace_identity_row(t, "undo", _set(reverses="77")),
            "reverses #77 is not defined above",
            id="undo-of-nothing",
        ),
        pytest.param(
            lambda ev, t: _replace_identity_row(t, "rename", _set(player=str(ev.member))),
            "member",
            id="rename-a-member",
        ),
        pytest.param(
            lambda ev, t: _replace_identity_row(t, "link", _set(how="stole")),
            "how='stole'",
            id="unknown-how",
        ),
        pytest.param(
            lambda ev, t: _replace_identity_row(t, "link", _set(kind="swap")),
            "identity kind 'swap'",
            id="unknown-kind",
        ),
    ],
)
async def test_a_bad_identity_row_refuses_the_whole_import(
    ledger: Ledger, mangle: Callable[[Evening, str], str], said: str
) -> None:
    ev, text = await _two_events(ledger)
    bad = resigned(mangle(ev, text))
    with pytest.raises(StorageError) as refused:
        await ledger.exchange.import_csv(OTHER_CHAT, bad)
    assert refused.value.code is ErrorCode.BAD_CSV
    line = refused.value.params["line"]
    assert bad.splitlines()[line - 1].startswith("identity,"), (line, refused.value.en)
    assert said in refused.value.en, refused.value.en
    assert str(line) in refused.value.zh
    assert await ledger.chats.get(OTHER_CHAT) is None  # nothing written, not even the chat
    assert (
        await ledger.exchange.import_csv(OTHER_CHAT, text)
    ).entries > 0  # the file as exported imports


def _posted_by_name(text: str) -> tuple[dict[str, int], int]:
    """Each player's postings summed, by name, and the entry count: read from the file."""
    rows = list(csv.DictReader(io.StringIO(text)))
    names = {row["id"]: row["name"] for row in rows if row["record"] == "player"}
    sums: dict[str, int] = defaultdict(int)
    for row in rows:
        if row["record"] == "posting":
            sums[names[row["player"]]] += int(row["delta"])
    return dict(sums), sum(row["record"] == "entry" for row in rows)


async def test_a_file_written_before_identity_rows_still_imports(ledger: Ledger) -> None:
    """tests/storage/data/ledger_export_before_people.csv was written by the export as it
    was before identity rows (its 32-column header)."""
    text = (DATA / "ledger_export_before_people.csv").read_text(encoding="utf-8")
    assert tuple(text.splitlines()[0].split(",")) == COLUMNS_BEFORE_PEOPLE
    sums, entries = _posted_by_name(text)
    assert (await ledger.exchange.import_csv(OTHER_CHAT, text, unsigned=True)).entries == entries
    names = {p.id: p.name for p in await ledger.players.all(OTHER_CHAT)}
    tally = (await ledger.reports.tally(OTHER_CHAT)).balances
    assert {names[p]: b for p, b in tally.items() if b} == {n: s for n, s in sums.items() if s}
    assert (await ledger.people.of_chat(OTHER_CHAT)).links == {}
    # Exported again it has the identity columns, and that imports as well.
    again = await ledger.export.csv(OTHER_CHAT)
    assert again.splitlines()[0].endswith(",person,how,old_name,seat,checksum")
    await ledger.exchange.import_csv(CHAT, again)
    assert await people_view(ledger, CHAT) == await people_view(ledger, OTHER_CHAT)


async def test_one_sessions_export_keeps_the_links_without_the_seat(ledger: Ledger) -> None:
    """A link that took a seat in another session keeps its people, not the seat."""
    ev = await evening(ledger)
    await ev.link(ev.guest, ev.member, "join", seat=True)
    first = await ledger.sessions.current(CHAT)
    e, s, w, n = ev.table.ids
    await ev.new_session((e, s, w, ev.member))
    await ev.win(ev.member, e, 3)
    assert first is not None
    second = await ledger.sessions.current(CHAT)
    assert second is not None
    await ledger.exchange.import_csv(OTHER_CHAT, await ledger.export.csv(CHAT, second.id))
    [event] = await ledger.people.identity_events(OTHER_CHAT)
    assert (event.session_id, event.seat) == (None, None)
    people = await ledger.people.of_chat(OTHER_CHAT)
    assert people.person(event.player_id or 0) == event.person_id
    assert n not in {event.player_id, event.person_id}


async def test_storage_check_finds_one_person_seated_twice(ledger: Ledger, db_path: Path) -> None:
    """A link written past the checks (straight into SQLite) between two records that sat
    together: `python -m storage check` names it."""
    ev = await evening(ledger)
    assert check_file(db_path) == []
    east = ev.table.ids[0]
    with sqlite3.connect(db_path) as raw:
        raw.execute(
            "INSERT INTO identity_events (chat_id, kind, how, player_id, person_id, created_at) "
            "VALUES (?, 'link', 'merge', ?, ?, '2026-01-01T00:00:00+00:00')",
            [CHAT, ev.guest, east],
        )
    assert [p.en for p in check_file(db_path)] == [
        f"player {p}: sat at one table with another record of the same person"
        for p in sorted((ev.guest, east))
    ]
