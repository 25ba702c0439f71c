"""One person, one record: identity links folded at read time, refusals, undo, rename."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from ledger_fixtures import CHAT, OTHER_CHAT, Table, seat_table

from storage import (
    ErrorCode,
    Ledger,
    LinkRequest,
    NewMember,
    SessionTerms,
    Source,
    StorageError,
    WinSpec,
)
from storage.check import check_file


async def _guest_table(ledger: Ledger) -> tuple[Table, int, int]:
    """甲 乙 丙 and the guest 阿明 at the table, one hand won by 阿明 on 甲's discard; the
    member 阿明 (not seated) spoke up later. Returns the table, the guest and the member."""
    table = await seat_table(ledger)
    guest = await ledger.players.add_guest(CHAT, "阿明")
    session = await ledger.sessions.set_seat(CHAT, "N", guest.id)
    e = table.ids[0]
    await ledger.entries.record_win(
        CHAT, session.id, WinSpec(guest.id, {guest.id: 8, e: -8}, "x", discarder=e, value=8),
        Source(1), e,
    )  # fmt: skip
    member = await ledger.players.upsert_user(CHAT, 900, "阿明", "aming")
    return table, guest.id, member.id


async def test_a_member_taking_a_guests_seat_becomes_that_guest(ledger: Ledger) -> None:
    table, guest, member = await _guest_table(ledger)
    change = await ledger.people.link_records(
        CHAT, LinkRequest(guest, member, "join", take_seat=True), author=member, update_id=10
    )
    assert change.session is not None and change.session.player_at("N") == member
    assert (change.event.player_id, change.event.person_id, change.event.seat) == (
        guest,
        member,
        "N",
    )
    stats = {row.player.id: row for row in await ledger.stats.players(CHAT)}
    assert guest not in stats  # one row for the person, under the member
    assert (stats[member].hands, stats[member].wins, stats[member].net) == (1, 1, 8)
    assert (stats[member].biggest_win, stats[member].biggest_win_entry) == (8, 1)
    tally = await ledger.reports.tally(CHAT, table.session.id)
    assert tally.balances == {member: 8, table.ids[0]: -8}
    assert (await ledger.reports.tally(CHAT)).balances == {member: 8, table.ids[0]: -8}
    h2h = await ledger.stats.head_to_head(CHAT, guest, table.ids[0])
    assert (h2h.a.id, h2h.hands_together, h2h.a_from_b, h2h.b_dealt_in_to_a) == (member, 1, 8, 1)


async def test_a_later_hand_adds_to_the_persons_record(ledger: Ledger) -> None:
    table, guest, member = await _guest_table(ledger)
    change = await ledger.people.link_records(
        CHAT, LinkRequest(guest, member, "iam", take_seat=True), author=member, update_id=10
    )
    e = table.ids[0]
    assert change.session is not None
    await ledger.entries.record_win(
        CHAT, change.session.id, WinSpec(member, {member: 4, e: -4}, "y", discarder=e, value=4),
        Source(11), member,
    )  # fmt: skip
    stats = {row.player.id: row for row in await ledger.stats.players(CHAT)}
    assert (stats[member].hands, stats[member].wins, stats[member].net) == (2, 2, 12)
    running = await ledger.reports.running_totals(CHAT, table.session.id)
    assert guest not in running.players and running.balances[member] == (8, 12)


async def test_undo_cuts_the_link_and_gives_the_seat_back(ledger: Ledger) -> None:
    _table, guest, member = await _guest_table(ledger)
    link = await ledger.people.link_records(
        CHAT, LinkRequest(guest, member, "join", take_seat=True), author=member, update_id=10
    )
    undo = await ledger.people.undo_identity(CHAT, link.event.id, author=member, update_id=11)
    assert undo.undone is not None and undo.undone.undone_by == undo.event.id
    assert undo.session is not None and undo.session.player_at("N") == guest
    stats = {row.player.id: row for row in await ledger.stats.players(CHAT)}
    assert stats[guest].net == 8 and stats[member].net == 0
    with pytest.raises(StorageError) as again:
        await ledger.people.undo_identity(CHAT, link.event.id, author=member, update_id=12)
    assert again.value.code is ErrorCode.IDENTITY_UNDONE
    with pytest.raises(StorageError) as of_undo:
        await ledger.people.undo_identity(CHAT, undo.event.id, author=member, update_id=13)
    assert of_undo.value.code is ErrorCode.UNDO_OF_UNDO


async def test_a_replayed_update_returns_the_first_link(ledger: Ledger) -> None:
    _table, guest, member = await _guest_table(ledger)
    first = await ledger.people.link_records(
        CHAT, LinkRequest(guest, member, "iam"), author=member, update_id=10
    )
    again = await ledger.people.link_records(
        CHAT, LinkRequest(guest, member, "iam"), author=member, update_id=10
    )
    assert again.replay and again.event == first.event
    assert len(await ledger.people.identity_events(CHAT)) == 1


@pytest.mark.parametrize(
    ("pick", "code"),
    [
        pytest.param(lambda t, g, m: (g, g), ErrorCode.SAME_RECORD, id="itself"),
        pytest.param(lambda t, g, m: (t.ids[0], g), ErrorCode.SAT_TOGETHER, id="sat-together"),
        pytest.param(
            lambda t, g, m: (t.ids[1], t.ids[2]), ErrorCode.SAT_TOGETHER, id="both-seated"
        ),
        pytest.param(lambda t, g, m: (g, 10**6), ErrorCode.UNKNOWN_PLAYER, id="unknown"),
    ],
)
async def test_refused_links_write_nothing(ledger: Ledger, pick: object, code: ErrorCode) -> None:
    table, guest, member = await _guest_table(ledger)
    record, person = pick(table, guest, member)  # type: ignore[operator]
    with pytest.raises(StorageError) as refused:
        await ledger.people.link_records(
            CHAT, LinkRequest(record, person, "merge"), author=member, update_id=10
        )
    assert refused.value.code is code
    assert await ledger.people.identity_events(CHAT) == []
    assert (await ledger.people.of_chat(CHAT)).links == {}


async def test_a_link_that_would_close_a_cycle_is_refused(ledger: Ledger) -> None:
    _table, guest, member = await _guest_table(ledger)
    other = await ledger.players.add_guest(CHAT, "小明")
    await ledger.people.link_records(
        CHAT, LinkRequest(guest, member, "merge"), author=None, update_id=1
    )
    await ledger.people.link_records(
        CHAT, LinkRequest(other.id, guest, "merge"), author=None, update_id=2
    )
    people = await ledger.people.of_chat(CHAT)
    assert people.person(other.id) == member and set(people.records(member)) == {
        member,
        guest,
        other.id,
    }
    with pytest.raises(StorageError) as refused:
        await ledger.people.link_records(
            CHAT, LinkRequest(member, other.id, "merge"), author=None, update_id=3
        )
    assert refused.value.code is ErrorCode.ALREADY_ONE_PERSON


async def test_another_chats_player_is_unknown(ledger: Ledger) -> None:
    _table, guest, _member = await _guest_table(ledger)
    stranger = await ledger.players.upsert_user(OTHER_CHAT, 1, "外人")
    with pytest.raises(StorageError) as refused:
        await ledger.people.link_records(
            CHAT, LinkRequest(guest, stranger.id, "merge"), author=None, update_id=1
        )
    assert refused.value.code is ErrorCode.UNKNOWN_PLAYER


async def test_rename_a_guest_and_undo_it(ledger: Ledger) -> None:
    _table, guest, member = await _guest_table(ledger)
    renamed = await ledger.people.rename_guest(CHAT, guest, " 老  明 ", author=member, update_id=5)
    assert (renamed.event.old_name, renamed.event.new_name) == ("阿明", "老 明")
    assert (await ledger.players.get(CHAT, guest)).name == "老 明"
    await ledger.people.undo_identity(CHAT, renamed.event.id, author=member, update_id=6)
    assert (await ledger.players.get(CHAT, guest)).name == "阿明"


@pytest.mark.parametrize(
    ("who", "name", "code"),
    [
        pytest.param("member", "大明", ErrorCode.MEMBER_NAME, id="member"),
        pytest.param("guest", "甲", ErrorCode.DUPLICATE_NAME, id="taken"),
        pytest.param("guest", "@x", ErrorCode.INVALID_ARGUMENT, id="handle"),
    ],
)
async def test_refused_renames_write_nothing(
    ledger: Ledger, who: str, name: str, code: ErrorCode
) -> None:
    _table, guest, member = await _guest_table(ledger)
    with pytest.raises(StorageError) as refused:
        await ledger.people.rename_guest(
            CHAT, guest if who == "guest" else member, name, author=None, update_id=1
        )
    assert refused.value.code is code
    assert await ledger.people.identity_events(CHAT) == []


async def test_identity_events_are_append_only(ledger: Ledger, db_path: Path) -> None:
    _table, guest, member = await _guest_table(ledger)
    await ledger.people.link_records(
        CHAT, LinkRequest(guest, member, "iam"), author=None, update_id=1
    )
    with sqlite3.connect(db_path) as raw:
        for sql in ("UPDATE identity_events SET person_id = NULL", "DELETE FROM identity_events"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                raw.execute(sql)


async def test_a_chat_backup_keeps_the_links(ledger: Ledger, tmp_path: Path) -> None:
    _table, guest, member = await _guest_table(ledger)
    await ledger.people.link_records(
        CHAT, LinkRequest(guest, member, "iam"), author=None, update_id=1
    )
    copy = tmp_path / "copy.db"
    await ledger.chat_copy.backup(CHAT, copy)
    async with await Ledger.open(copy) as restored:
        assert (await restored.people.of_chat(CHAT)).links == {guest: member}
        assert [row.player.id for row in await restored.stats.players(CHAT)].count(guest) == 0


async def test_a_person_cannot_be_seated_with_their_other_record_later(ledger: Ledger) -> None:
    """After the link the two records fold into one; a new session seats the person once."""
    table, guest, member = await _guest_table(ledger)
    await ledger.people.link_records(
        CHAT, LinkRequest(guest, member, "iam"), author=None, update_id=1
    )
    await ledger.sessions.close(CHAT)
    e, s, w, _ = table.ids
    session = await ledger.sessions.open(
        CHAT, SessionTerms("hangzhou", 1, "dealer_stays"), (e, s, w, member), e
    )
    assert session.seats == (e, s, w, member)


async def test_two_records_of_one_person_cannot_both_be_seated(ledger: Ledger) -> None:
    table, guest, member = await _guest_table(ledger)
    await ledger.people.link_records(
        CHAT, LinkRequest(guest, member, "iam"), author=None, update_id=1
    )
    with pytest.raises(StorageError) as joined:
        await ledger.sessions.join_seat(CHAT, member, "E")  # the guest holds N: E is taken anyway
    assert joined.value.code is ErrorCode.SEAT_TAKEN
    with pytest.raises(StorageError) as replaced:
        await ledger.sessions.set_seat(CHAT, "E", member)
    assert replaced.value.code is ErrorCode.ONE_PERSON_TWICE
    await ledger.sessions.close(CHAT)
    e, s, _, _ = table.ids
    with pytest.raises(StorageError) as opened:
        await ledger.sessions.open(
            CHAT, SessionTerms("hangzhou", 1, "dealer_stays"), (e, s, guest, member), e
        )
    assert opened.value.code is ErrorCode.ONE_PERSON_TWICE
    assert "阿明" in opened.value.zh


async def test_storage_check_finds_a_link_that_disagrees_with_the_events(
    ledger: Ledger, db_path: Path
) -> None:
    _table, guest, member = await _guest_table(ledger)
    await ledger.people.link_records(
        CHAT, LinkRequest(guest, member, "iam"), author=None, update_id=1
    )
    assert check_file(db_path) == []
    with sqlite3.connect(db_path) as raw:
        raw.execute("DELETE FROM person_links")  # derived data gone astray
    problems = check_file(db_path)
    assert [p.en for p in problems] == [
        f"player {guest}: the kept identity link disagrees with the identity events "
        "(run python -m storage.rebuild)"
    ]
    await ledger.people.rebuild()
    assert check_file(db_path) == []
    assert (await ledger.people.of_chat(CHAT)).links == {guest: member}


async def test_links_move_with_a_supergroup_migration(ledger: Ledger) -> None:
    _table, guest, member = await _guest_table(ledger)
    await ledger.people.link_records(
        CHAT, LinkRequest(guest, member, "iam"), author=None, update_id=1
    )
    await ledger.chats.migrate(CHAT, OTHER_CHAT)
    assert (await ledger.people.of_chat(OTHER_CHAT)).links == {guest: member}
    assert [e.chat_id for e in await ledger.people.identity_events(OTHER_CHAT)] == [OTHER_CHAT]
    assert (await ledger.reports.tally(OTHER_CHAT)).balances[member] == 8


async def test_two_people_of_one_name_are_never_seated_together(ledger: Ledger) -> None:
    """A guest 戊 written down before the member 戊 spoke up: never both at one table (the
    refusal names both seats); nothing is written."""
    await seat_table(ledger)
    guest = await ledger.players.add_guest(CHAT, "戊")
    member = await ledger.players.upsert_user(CHAT, 999, "戊", "wu")
    await ledger.sessions.set_seat(CHAT, "N", member.id)
    with pytest.raises(StorageError) as refused:
        await ledger.sessions.set_seat(CHAT, "W", guest.id)
    assert refused.value.code is ErrorCode.SAME_NAME_AT_TABLE
    assert "西位和北位" in refused.value.zh and "seats W and N" in refused.value.en
    session = await ledger.sessions.current(CHAT)
    assert session is not None and guest.id not in session.seats


async def test_two_who_already_share_a_name_may_still_swap_and_leave(ledger: Ledger) -> None:
    """A member renamed on Telegram to a seated player's name (the bot cannot refuse that):
    the two may still swap seats and one may leave."""
    table = await seat_table(ledger)
    bing = await ledger.players.get(CHAT, table.ids[2])
    assert bing.user_id is not None
    await ledger.players.upsert_user(CHAT, bing.user_id, "乙", bing.username)  # 丙 renames to 乙
    await ledger.sessions.swap_seats(CHAT, "S", "W")
    session = await ledger.sessions.set_seat(CHAT, "W", None)
    assert session.seats == (table.ids[0], table.ids[2], None, table.ids[3])


async def _namesake_beside_a_claimed_guest(ledger: Ledger) -> tuple[int, int, int]:
    """甲 乙 丙 seated and the guest 小王 at 北; 戊 claims 小王 (its seat); the member 小王
    then sits at 西 in 丙's place. Returns the claim's event, the guest and the member."""
    table = await seat_table(ledger)
    guest = await ledger.players.add_guest(CHAT, "小王")
    await ledger.sessions.set_seat(CHAT, "N", guest.id)
    wu = await ledger.players.upsert_user(CHAT, 990, "戊")
    claim = await ledger.people.link_records(
        CHAT, LinkRequest(guest.id, wu.id, "iam", take_seat=True), author=wu.id, update_id=1
    )
    member = await ledger.players.upsert_user(CHAT, 991, "小王")
    await ledger.sessions.set_seat(CHAT, "W", member.id)
    assert table.ids[2] not in (await ledger.sessions.current(CHAT) or table.session).seats
    return claim.event.id, guest.id, member.id


async def test_an_undo_that_would_seat_two_of_one_name_is_refused(ledger: Ledger) -> None:
    """The seat a claim took would go back to the guest 小王, beside the member 小王: the
    undo is refused, naming both seats and what to do; nothing is written."""
    event, guest, _member = await _namesake_beside_a_claimed_guest(ledger)
    before = await ledger.people.identity_events(CHAT)
    with pytest.raises(StorageError) as refused:
        await ledger.people.undo_identity(CHAT, event, author=None, update_id=2)
    assert refused.value.code is ErrorCode.UNDO_SAME_NAME_AT_TABLE
    assert "西位和北位" in refused.value.zh and "/rename" in refused.value.zh
    assert "seats W and N" in refused.value.en
    assert await ledger.people.identity_events(CHAT) == before
    assert (await ledger.people.of_chat(CHAT)).links == {guest: before[0].person_id}
    # Renamed, the guest may come back.
    await ledger.people.rename_guest(CHAT, guest, "小王二", author=None, update_id=3)
    change = await ledger.people.undo_identity(CHAT, event, author=None, update_id=4)
    assert change.session is not None and change.session.player_at("N") == guest


async def test_an_undone_rename_that_would_seat_two_of_one_name_is_refused(
    ledger: Ledger,
) -> None:
    table = await seat_table(ledger)
    guest = await ledger.players.add_guest(CHAT, "小王")
    await ledger.sessions.set_seat(CHAT, "N", guest.id)
    rename = await ledger.people.rename_guest(CHAT, guest.id, "老王", author=None, update_id=1)
    member = await ledger.players.upsert_user(CHAT, 991, "小王")
    await ledger.sessions.set_seat(CHAT, "W", member.id)
    with pytest.raises(StorageError) as refused:
        await ledger.people.undo_identity(CHAT, rename.event.id, author=None, update_id=2)
    assert refused.value.code is ErrorCode.UNDO_SAME_NAME_AT_TABLE
    assert (await ledger.players.get(CHAT, guest.id)).name == "老王"
    # Once the member has left, the old name comes back.
    await ledger.sessions.set_seat(CHAT, "W", table.ids[2])
    await ledger.people.undo_identity(CHAT, rename.event.id, author=None, update_id=3)
    assert (await ledger.players.get(CHAT, guest.id)).name == "小王"


async def test_a_refused_identity_write_records_no_new_sender(ledger: Ledger) -> None:
    """The sender handed to the write as a Telegram user is recorded by that write alone: a
    refusal adds no player and renames none."""
    table = await seat_table(ledger)
    guest = await ledger.players.add_guest(CHAT, "阿明")
    players = await ledger.players.all(CHAT)
    stranger, renamed = NewMember(995, "路人"), NewMember(table.players[1].user_id or 0, "乙二")
    for author in (stranger, renamed):
        with pytest.raises(StorageError):  # a name taken
            await ledger.people.rename_guest(CHAT, guest.id, "甲", author=author, update_id=1)
        with pytest.raises(StorageError):  # one record
            await ledger.people.link_records(
                CHAT, LinkRequest(guest.id, guest.id, "merge"), author=author, update_id=2
            )
        with pytest.raises(StorageError):  # no such event
            await ledger.people.undo_identity(CHAT, 99, author=author, update_id=3)
    assert await ledger.players.all(CHAT) == players
    claim = await ledger.people.link_records(
        CHAT, LinkRequest(guest.id, stranger, "iam"), author=stranger, update_id=4
    )
    recorded = await ledger.players.of_user(CHAT, 995)
    assert recorded is not None and claim.event.author == claim.event.person_id == recorded.id


async def test_an_import_that_would_seat_one_person_twice_is_refused(ledger: Ledger) -> None:
    """A file's link between a member and a guest both seated at this chat's open table
    (matched by Telegram id and by name) meets the seating rule as a live /merge would."""
    table = await seat_table(ledger)
    guest = await ledger.players.add_guest(CHAT, "阿明")
    bing = table.players[2]
    await ledger.people.link_records(
        CHAT, LinkRequest(guest.id, bing.id, "merge"), author=None, update_id=1
    )
    text = await ledger.export.csv(CHAT)
    other = await seat_table(ledger, OTHER_CHAT)
    assert bing.user_id is not None
    same_bing = await ledger.players.upsert_user(OTHER_CHAT, bing.user_id, "丙")
    other_guest = await ledger.players.add_guest(OTHER_CHAT, "阿明")
    await ledger.sessions.set_seat(OTHER_CHAT, "W", same_bing.id)
    await ledger.sessions.set_seat(OTHER_CHAT, "N", other_guest.id)
    with pytest.raises(StorageError) as refused:
        await ledger.exchange.import_csv(OTHER_CHAT, text)
    assert refused.value.code is ErrorCode.ONE_PERSON_TWICE
    assert (await ledger.people.of_chat(OTHER_CHAT)).links == {}
    assert [s.id for s in await ledger.sessions.all(OTHER_CHAT)] == [other.session.id]


def test_seats_are_written_in_one_place() -> None:
    """The one seating rule holds on every path because a session's seats are written by one
    statement, ``people.Seating.seat``, reached only inside ``people.seating_rule`` (an
    import's sessions go in whole, inside the rule too): a new UPDATE of the seats elsewhere
    fails here."""
    import storage

    folder = Path(storage.__file__).parent
    writers = sorted(
        path.name
        for path in folder.rglob("*.py")
        if "seat_e = ?" in path.read_text(encoding="utf-8")
    )
    assert writers == ["people.py"]
    assert (folder / "people.py").read_text(encoding="utf-8").count("seat_e = ?") == 1
