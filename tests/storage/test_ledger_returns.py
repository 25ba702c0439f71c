"""What a write returns is what the database holds: every recording builds its answer from
what it wrote (no read-back), so each one is compared here with a fresh read."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from ledger_fixtures import CHAT, OTHER_CHAT, Table, play_a_few_hands, seat_table

from storage import ErrorCode, KongSpec, Recorded, SessionTerms, Source, StorageError, WinSpec

Write = Callable[[Table], Awaitable[Recorded]]


def _win(t: Table) -> Awaitable[Recorded]:
    e, s, w, n = t.ids
    return t.ledger.entries.record_win(
        CHAT,
        t.session.id,
        WinSpec(
            e, {e: 30, s: -10, w: -10, n: -10}, "123m 自摸", '{"fan": 3}', self_draw=True, value=10
        ),
        Source(100, 7),
        s,
    )


def _double(t: Table) -> Awaitable[Recorded]:
    e, _s, w, n = t.ids
    wins = [
        WinSpec(e, {e: 5, n: -5}, "a", None, discarder=n, value=5),
        WinSpec(w, {w: 6, n: -6}, None, '{"x": 1}', discarder=n, value=6),
    ]
    return t.ledger.entries.record_wins(CHAT, t.session.id, wins, Source(101), None)


def _kong(t: Table) -> Awaitable[Recorded]:
    e, s, w, n = t.ids
    kong = KongSpec(w, {w: 3, e: -1, s: -1, n: -1}, "暗杠", '{"k": 1}')
    return t.ledger.entries.record_kong(CHAT, t.session.id, kong, Source(102), w)


def _draw(t: Table) -> Awaitable[Recorded]:
    e, s, _, _ = t.ids
    return t.ledger.entries.record_draw(CHAT, t.session.id, Source(103), e, {e: 1, s: -1}, "查叫")


def _adjustment(t: Table) -> Awaitable[Recorded]:
    e, s, _, _ = t.ids
    return t.ledger.entries.record_adjustment(CHAT, {e: -7, s: 7}, None, e, "补差", t.session.id)


def _undo_last(t: Table) -> Awaitable[Recorded]:
    return t.ledger.entries.reverse(CHAT, author=t.ids[0], source=Source(104))


async def _undo_first(t: Table) -> Recorded:
    first = (await t.ledger.reports.history(CHAT, page_size=100)).entries[-1]
    return await t.ledger.entries.reverse(CHAT, first.id, author=None, source=Source(105))


async def _undo_both(t: Table) -> Recorded:
    newest = (await t.ledger.reports.history(CHAT, page_size=2)).entries
    return await t.ledger.entries.reverse_many(
        CHAT, [entry.id for entry in newest], author=None, source=Source(106)
    )


async def _edit_latest(t: Table) -> Recorded:
    """The latest entry of ``play_a_few_hands`` is W's win on S's discard (一炮多响)."""
    e, s, w, _n = t.ids
    latest = (await t.ledger.reports.history(CHAT, page_size=1)).entries[0]
    assert (latest.winner, latest.discarder) == (w, s)
    fixed = WinSpec(w, {w: 5, s: -5}, "改", None, discarder=s, value=5)
    return await t.ledger.entries.edit_win(CHAT, latest.id, fixed, author=e, source=Source(107))


async def _replay(t: Table) -> Recorded:
    await _win(t)
    return await _win(t)


@pytest.mark.parametrize(
    "write",
    [
        pytest.param(_win, id="win"),
        pytest.param(_double, id="one-discard-two-wins"),
        pytest.param(_kong, id="kong"),
        pytest.param(_draw, id="draw"),
        pytest.param(_adjustment, id="adjustment"),
        pytest.param(_undo_last, id="reverse-last-hand"),
        pytest.param(_undo_first, id="reverse-an-old-hand"),
        pytest.param(_undo_both, id="reverse-many"),
        pytest.param(_edit_latest, id="edit-latest-win"),
        pytest.param(_replay, id="replayed-win"),
    ],
)
async def test_a_write_returns_what_a_fresh_read_finds(table: Table, write: Write) -> None:
    await play_a_few_hands(table)
    done = await write(table)
    assert done.entries
    assert done.entries == tuple(
        [await table.ledger.reports.entry(CHAT, entry.id) for entry in done.entries]
    )
    assert done.session == await table.ledger.sessions.get(CHAT, table.session.id)


async def test_reverse_names_its_session_not_the_open_one(table: Table) -> None:
    """With a session id, the last entry of that session is reversed (or refused), even
    while another session is open."""
    e, s, w, n = table.ids
    await table.ledger.entries.record_draw(CHAT, table.session.id, Source(1), None)
    await table.ledger.sessions.close(CHAT)
    later = await table.ledger.sessions.open(
        CHAT, SessionTerms("hangzhou", 1, "dealer_stays"), (e, s, w, n), e
    )
    await table.ledger.entries.record_draw(CHAT, later.id, Source(2), None)
    with pytest.raises(StorageError) as caught:
        await table.ledger.entries.reverse(
            CHAT, author=e, source=Source(3), session_id=table.session.id
        )
    assert caught.value.code is ErrorCode.SESSION_CLOSED
    undone = await table.ledger.entries.reverse(
        CHAT, author=e, source=Source(4), session_id=later.id
    )
    assert undone.entry.reverses is not None
    assert undone.session == await table.ledger.sessions.get(CHAT, later.id)


def _hand_line_number(t: Table) -> Awaitable[Recorded]:
    e, s, _, _ = t.ids
    line: str = 123  # type: ignore[assignment]
    return t.ledger.entries.record_win(
        CHAT, t.session.id, WinSpec(e, {e: 2, s: -2}, line, discarder=s), Source(1), None
    )


def _note_bytes(t: Table) -> Awaitable[Recorded]:
    note: str = b"x"  # type: ignore[assignment]
    return t.ledger.entries.record_draw(CHAT, t.session.id, Source(1), None, note=note)


def _result_json_bytes(t: Table) -> Awaitable[Recorded]:
    e, s, _, _ = t.ids
    result: str = b"{}"  # type: ignore[assignment]
    kong = KongSpec(e, {e: 2, s: -2}, result_json=result)
    return t.ledger.entries.record_kong(CHAT, t.session.id, kong, Source(1), None)


def _update_id_text(t: Table) -> Awaitable[Recorded]:
    update: int = "1"  # type: ignore[assignment]
    return t.ledger.entries.record_draw(CHAT, t.session.id, Source(update), None)


@pytest.mark.parametrize(
    "write",
    [
        pytest.param(_hand_line_number, id="hand-line-number"),
        pytest.param(_note_bytes, id="note-bytes"),
        pytest.param(_result_json_bytes, id="result-json-bytes"),
        pytest.param(_update_id_text, id="update-id-text"),
    ],
)
async def test_text_and_ids_have_their_types(table: Table, write: Write) -> None:
    with pytest.raises(StorageError) as caught:
        await write(table)
    assert caught.value.code is ErrorCode.INVALID_ARGUMENT
    assert (await table.ledger.reports.history(CHAT)).total == 0


async def _guarded_write(table: Table, case: str) -> None:
    """One entry straight through ``insert_entry`` (the writer's one-statement path),
    bypassing every Python check, so only the schema's guards stand in the way."""
    from storage.entries import Draft, insert_entry

    e, s, _, _ = table.ids
    outsider = await table.ledger.players.upsert_user(OTHER_CHAT, 1, "外人")
    elsewhere = await seat_table(table.ledger, OTHER_CHAT)
    postings, fields, source = {e: 2, s: -2}, {"session_id": table.session.id}, None
    if case == "replayed-update":
        fields["source_id"], source = 999, Source(1)  # update 1 is recorded already
    elif case == "unbalanced":
        postings = {e: 2, s: -1}
    elif case == "other-chats-player":
        postings = {e: 2, outsider.id: -2}
    elif case == "other-chats-session":
        fields["session_id"] = elsewhere.session.id
    async with table.ledger.database.write() as conn:
        draft = Draft("adjustment", postings, fields)
        await insert_entry(conn, CHAT, draft, new_source=source)


@pytest.mark.parametrize(
    ("case", "code"),
    [
        pytest.param("replayed-update", ErrorCode.INVALID_ARGUMENT, id="replayed-update"),
        pytest.param("unbalanced", ErrorCode.UNBALANCED_POSTINGS, id="unbalanced"),
        pytest.param("other-chats-player", ErrorCode.INVALID_ARGUMENT, id="other-chats-player"),
        pytest.param("other-chats-session", ErrorCode.INVALID_ARGUMENT, id="other-chats-session"),
    ],
)
async def test_the_one_statement_write_keeps_the_schema_guards(
    table: Table, case: str, code: ErrorCode
) -> None:
    await table.ledger.entries.record_draw(CHAT, table.session.id, Source(1), None)
    ledger = table.ledger
    before = (await ledger.reports.history(CHAT, page_size=50), await ledger.reports.tally(CHAT))
    with pytest.raises(StorageError) as caught:
        await _guarded_write(table, case)
    assert caught.value.code is code
    assert (
        await ledger.reports.history(CHAT, page_size=50),
        await ledger.reports.tally(CHAT),
    ) == before


@pytest.mark.parametrize(
    ("case", "code"),
    [
        pytest.param("replayed-update", ErrorCode.INVALID_ARGUMENT, id="replayed-update"),
        pytest.param("unbalanced", ErrorCode.UNBALANCED_POSTINGS, id="unbalanced"),
        pytest.param("other-chats-player", ErrorCode.INVALID_ARGUMENT, id="other-chats-player"),
    ],
)
async def test_a_refused_row_undoes_the_whole_committing_statement(
    table: Table, case: str, code: ErrorCode
) -> None:
    """record_wins sends its entries as one statement with the COMMIT behind it: a second row
    the schema refuses takes the first with it, and the writer is not left in a transaction."""
    from storage.entries import Draft, entry_write, insert_entries, look

    await table.ledger.entries.record_draw(CHAT, table.session.id, Source(1), None)
    ledger = table.ledger
    e, s, _, _ = table.ids
    outsider = await ledger.players.upsert_user(OTHER_CHAT, 1, "外人")
    before = (await ledger.reports.history(CHAT, page_size=50), await ledger.reports.tally(CHAT))
    postings, fields, source = {e: 2, s: -2}, {"session_id": table.session.id}, None
    if case == "replayed-update":
        fields["source_id"], source = 999, Source(1)
    elif case == "unbalanced":
        postings = {e: 2, s: -1}
    elif case == "other-chats-player":
        postings = {e: 2, outsider.id: -2}
    with pytest.raises(StorageError) as caught:
        async with ledger.database.write(begin=False, commit=False) as conn:
            looked = await look(conn, CHAT, None, [])
            good = entry_write(CHAT, Draft("adjustment", {e: 1, s: -1}, {}), looked.next_id)
            bad_draft = Draft("adjustment", postings, fields)
            bad = entry_write(CHAT, bad_draft, looked.next_id + 1, source)
            await insert_entries(conn, [good, bad], commit=True)
    assert caught.value.code is code
    assert (
        await ledger.reports.history(CHAT, page_size=50),
        await ledger.reports.tally(CHAT),
    ) == before
    assert not (await ledger.entries.record_draw(CHAT, table.session.id, Source(2), None)).replay
