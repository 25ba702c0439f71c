"""Entries: wins, 一炮多响, kongs, 流局, adjustments, reversals, edits, replays, refusals."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable

import pytest
from ledger_fixtures import CHAT, OTHER_CHAT, Table, seat_table

from storage import (
    ErrorCode,
    KongSpec,
    Ledger,
    NewMember,
    Recorded,
    Source,
    StorageError,
    WinSpec,
)


async def self_draw(table: Table, winner: int, update: int | None, value: int = 1) -> Recorded:
    others = [p for p in table.ids if p != winner]
    postings = {winner: 3 * value, **{p: -value for p in others}}
    return await table.ledger.entries.record_win(
        CHAT,
        table.session.id,
        WinSpec(
            winner,
            postings,
            "123m456m789m123p5s +5s 自摸",
            json.dumps({"value": value}),
            self_draw=True,
            value=value,
        ),
        Source(update, update) if update else None,
        winner,
    )


async def discard_win(table: Table, winner: int, discarder: int, update: int) -> Recorded:
    return await table.ledger.entries.record_win(
        CHAT,
        table.session.id,
        WinSpec(winner, {winner: 2, discarder: -2}, discarder=discarder, value=2),
        Source(update),
        winner,
    )


async def snapshot(ledger: Ledger) -> tuple[object, ...]:
    history = await ledger.reports.history(CHAT, page_size=500)
    return (history.total, await ledger.sessions.current(CHAT), await ledger.reports.tally(CHAT))


async def test_record_win_stores_everything_and_moves_the_deal(table: Table) -> None:
    e, s, w, n = table.ids
    recorded = await self_draw(table, s, 501, value=2)
    entry = recorded.entry
    assert not recorded.replay
    assert entry.kind == "win" and entry.postings == {e: -2, s: 6, w: -2, n: -2}
    assert (entry.winner, entry.self_draw, entry.discarder, entry.value) == (s, True, None, 2)
    assert entry.source == Source(501, 501) and entry.author == s
    assert json.loads(entry.result_json or "") == {"value": 2}
    assert entry.hand_number == 1 and entry.session_id == table.session.id
    assert recorded.session is not None
    # 湖州 抢庄制: the winner deals the next hand.
    assert (recorded.session.dealer, recorded.session.hand_number) == ("S", 2)
    assert await table.ledger.reports.entry(CHAT, entry.id) == entry


async def test_replayed_update_is_recorded_once(table: Table) -> None:
    e, s, _, _ = table.ids
    first = await self_draw(table, s, 777)
    again = await self_draw(table, e, 777)  # same update id, even with other content
    assert again.replay and again.entries == first.entries
    assert (await table.ledger.reports.history(CHAT)).total == 1
    assert (await table.ledger.sessions.current(CHAT)).hand_number == 2  # type: ignore[union-attr]


async def test_a_failed_update_can_be_retried(table: Table) -> None:
    e, s, _w, _n = table.ids
    with pytest.raises(StorageError):
        await table.ledger.entries.record_win(
            CHAT, table.session.id, WinSpec(s, {s: 3, e: -1}, self_draw=True), Source(9), s
        )
    retried = await self_draw(table, s, 9)
    assert not retried.replay


BadCall = Callable[[Table], Awaitable[object]]


def win_with(**changes: object) -> BadCall:
    async def call(table: Table) -> object:
        e, s, w, n = table.ids
        args: dict[str, object] = {
            "winner": s,
            "postings": {s: 3, e: -1, w: -1, n: -1},
            "self_draw": True,
            "discarder": None,
            "value": 1,
            "result_json": None,
            "author": s,
        }
        args.update({k: (v(table) if callable(v) else v) for k, v in changes.items()})
        return await table.ledger.entries.record_win(
            CHAT,
            table.session.id,
            WinSpec(
                args["winner"],
                args["postings"],
                None,
                args["result_json"],
                self_draw=args["self_draw"],
                discarder=args["discarder"],
                value=args["value"],
            ),
            Source(42),
            args["author"],
        )

    return call


@pytest.mark.parametrize(
    ("call", "code"),
    [
        pytest.param(
            win_with(postings=lambda t: {t.ids[1]: 3, t.ids[0]: -1, t.ids[2]: -1}),
            ErrorCode.UNBALANCED_POSTINGS,
            id="sum-not-zero",
        ),
        pytest.param(
            win_with(postings=lambda t: {t.ids[1]: 3.0, t.ids[0]: -3}),
            ErrorCode.INVALID_ARGUMENT,
            id="float-delta",
        ),
        pytest.param(
            win_with(postings=lambda t: {t.ids[1]: True, t.ids[0]: -1}),
            ErrorCode.INVALID_ARGUMENT,
            id="bool-delta",
        ),
        pytest.param(win_with(postings={}), ErrorCode.INVALID_ARGUMENT, id="no-postings"),
        pytest.param(
            win_with(postings=lambda t: {t.ids[1]: 3, 9999: -3}),
            ErrorCode.UNKNOWN_PLAYER,
            id="unknown-player",
        ),
        pytest.param(win_with(winner=9999), ErrorCode.UNKNOWN_PLAYER, id="unknown-winner"),
        pytest.param(win_with(author=9999), ErrorCode.UNKNOWN_PLAYER, id="unknown-author"),
        pytest.param(
            win_with(postings=lambda t: {t.ids[1]: -3, t.ids[0]: 3}),
            ErrorCode.INVALID_ARGUMENT,
            id="winner-pays",
        ),
        pytest.param(
            win_with(discarder=lambda t: t.ids[0]),
            ErrorCode.INVALID_ARGUMENT,
            id="self-draw-with-discarder",
        ),
        pytest.param(
            win_with(self_draw=False),
            ErrorCode.INVALID_ARGUMENT,
            id="neither-self-draw-nor-discard",
        ),
        pytest.param(
            win_with(self_draw=False, discarder=lambda t: t.ids[1]),
            ErrorCode.INVALID_ARGUMENT,
            id="winner-discarded",
        ),
        pytest.param(win_with(result_json="{not json"), ErrorCode.INVALID_ARGUMENT, id="bad-json"),
        pytest.param(win_with(value="big"), ErrorCode.INVALID_ARGUMENT, id="bad-value"),
    ],
)
async def test_bad_wins_write_nothing(table: Table, call: BadCall, code: ErrorCode) -> None:
    before = await snapshot(table.ledger)
    with pytest.raises(StorageError) as caught:
        await call(table)
    assert caught.value.code is code
    assert caught.value.zh and caught.value.en and caught.value.message("en") == caught.value.en
    assert await snapshot(table.ledger) == before


async def test_players_must_be_seated_and_of_this_chat(table: Table) -> None:
    _e, s, _w, _n = table.ids
    guest = await table.ledger.players.add_guest(CHAT, "看客")
    outsider = await table.ledger.players.upsert_user(OTHER_CHAT, 1, "外人")
    before = await snapshot(table.ledger)
    for postings, code in (
        ({s: 3, guest.id: -3}, ErrorCode.NOT_SEATED),
        ({s: 3, outsider.id: -3}, ErrorCode.UNKNOWN_PLAYER),
    ):
        with pytest.raises(StorageError) as caught:
            await table.ledger.entries.record_win(
                CHAT, table.session.id, WinSpec(s, postings, self_draw=True), None, s
            )
        assert caught.value.code is code
    assert await snapshot(table.ledger) == before


async def test_several_winners_on_one_discard(table: Table) -> None:
    _e, s, w, n = table.ids
    wins = [
        WinSpec(n, {n: 2, s: -2}, "line n", None, discarder=s, value=2),
        WinSpec(w, {w: 4, s: -4}, "line w", None, discarder=s, value=4),
    ]
    recorded = await table.ledger.entries.record_wins(
        CHAT, table.session.id, wins, Source(60, 61), s
    )
    assert [x.winner for x in recorded.entries] == [n, w]
    assert {x.source for x in recorded.entries} == {Source(60, 61)}
    assert {x.hand_number for x in recorded.entries} == {1}
    # The first winner in turn order after the discarder (S → W → N) deals.
    assert recorded.session is not None and recorded.session.dealer == "W"
    assert recorded.session.hand_number == 2
    replay = await table.ledger.entries.record_wins(CHAT, table.session.id, wins, Source(60, 61), s)
    assert replay.replay and replay.entries == recorded.entries
    assert (await table.ledger.reports.tally(CHAT)).balances == {s: -6, w: 4, n: 2}


@pytest.mark.parametrize(
    "wins",
    [
        pytest.param(lambda e, s, w, n: [], id="none"),
        pytest.param(
            lambda e, s, w, n: [
                WinSpec(n, {n: 2, s: -2}, discarder=s),
                WinSpec(w, {w: 2, e: -2}, discarder=e),
            ],
            id="two-discarders",
        ),
        pytest.param(
            lambda e, s, w, n: [
                WinSpec(n, {n: 2, s: -2}, discarder=s),
                WinSpec(n, {n: 2, s: -2}, discarder=s),
            ],
            id="same-winner-twice",
        ),
        pytest.param(
            lambda e, s, w, n: [
                WinSpec(n, {n: 3, s: -1, w: -1, e: -1}, self_draw=True),
                WinSpec(w, {w: 2, s: -2}, discarder=s),
            ],
            id="self-draw-in-a-multi",
        ),
        pytest.param(
            lambda e, s, w, n: [
                WinSpec(n, {n: 2, s: -2}, discarder=s),
                WinSpec(w, {w: 2, s: -1}, discarder=s),
            ],
            id="second-unbalanced",
        ),
    ],
)
async def test_bad_multi_wins_write_nothing(
    table: Table, wins: Callable[..., list[WinSpec]]
) -> None:
    before = await snapshot(table.ledger)
    with pytest.raises(StorageError):
        await table.ledger.entries.record_wins(
            CHAT, table.session.id, wins(*table.ids), Source(5), None
        )
    assert await snapshot(table.ledger) == before


async def test_kong_pays_at_once_and_keeps_the_dealer(table: Table) -> None:
    e, s, w, n = table.ids
    recorded = await table.ledger.entries.record_kong(
        CHAT, table.session.id, KongSpec(w, {w: 6, e: -2, s: -2, n: -2}, note="暗杠"), Source(3), w
    )
    assert (
        recorded.entry.kind == "kong"
        and recorded.entry.winner == w
        and recorded.entry.note == "暗杠"
    )
    assert (
        recorded.session is not None
        and recorded.session.dealer == "E"
        and recorded.session.hand_number == 1
    )
    with pytest.raises(StorageError):
        await table.ledger.entries.record_kong(
            CHAT, table.session.id, KongSpec(w, {w: -3, e: 3}), Source(4), w
        )


async def test_draw_passes_the_deal_in_huzhou(table: Table) -> None:
    recorded = await table.ledger.entries.record_draw(
        CHAT, table.session.id, Source(8), None, note="流局"
    )
    assert recorded.entry.kind == "draw" and recorded.entry.postings == {}
    assert recorded.session is not None
    assert (recorded.session.dealer, recorded.session.hand_number) == ("S", 2)


async def test_hangzhou_dealer_stays_on_a_dealer_win_and_a_draw(ledger: Ledger) -> None:
    table = await seat_table(ledger, rotation="dealer_stays")
    e, s, w, n = table.ids
    assert (await self_draw(table, e, 1)).session.dealer == "E"  # type: ignore[union-attr]
    assert (
        await ledger.entries.record_draw(CHAT, table.session.id, Source(2), None)
    ).session.dealer == "E"  # type: ignore[union-attr]
    assert (await discard_win(table, w, n, 3)).session.dealer == "S"  # type: ignore[union-attr]
    assert (await self_draw(table, s, 4)).session.dealer == "S"  # type: ignore[union-attr]
    session = (await self_draw(table, n, 5)).session
    assert session is not None and (session.dealer, session.hand_number) == ("W", 6)


async def test_adjustments_at_chat_level_and_in_a_session(table: Table) -> None:
    e, s, w, _n = table.ids
    guest = await table.ledger.players.add_guest(CHAT, "借钱的")
    loose = await table.ledger.entries.record_adjustment(
        CHAT, {guest.id: 50, e: -50}, Source(1), e, note="上周欠账"
    )
    assert loose.entry.session_id is None and loose.session is None
    inside = await table.ledger.entries.record_adjustment(
        CHAT, {s: 5, w: -5}, Source(2), e, session_id=table.session.id
    )
    assert inside.entry.session_id == table.session.id
    assert (await table.ledger.reports.tally(CHAT, table.session.id)).balances == {s: 5, w: -5}
    assert (await table.ledger.reports.tally(CHAT)).balances == {guest.id: 50, e: -50, s: 5, w: -5}
    await table.ledger.sessions.close(CHAT)
    with pytest.raises(StorageError) as caught:
        await table.ledger.entries.record_adjustment(
            CHAT, {s: 5, w: -5}, Source(3), e, session_id=table.session.id
        )
    assert caught.value.code is ErrorCode.SESSION_CLOSED


async def test_undo_walks_back_and_restores_the_dealer(table: Table) -> None:
    e, s, w, n = table.ids
    first = await self_draw(table, s, 1)
    second = await discard_win(table, w, e, 2)
    assert second.session is not None and second.session.dealer == "W"
    undo = await table.ledger.entries.reverse(CHAT, author=e, source=Source(3))
    assert undo.entry.kind == "reversal" and undo.entry.reverses == second.entry.id
    assert undo.entry.postings == {w: -2, e: 2}
    assert undo.session is not None and (undo.session.dealer, undo.session.hand_number) == ("S", 2)
    undo2 = await table.ledger.entries.reverse(CHAT, author=e, source=Source(4))
    assert undo2.entry.reverses == first.entry.id
    assert undo2.session is not None and (undo2.session.dealer, undo2.session.hand_number) == (
        "E",
        1,
    )
    with pytest.raises(StorageError) as caught:
        await table.ledger.entries.reverse(CHAT, author=e, source=Source(5))
    assert caught.value.code is ErrorCode.NOTHING_TO_REVERSE
    assert (await table.ledger.reports.tally(CHAT)).balances == {e: 0, s: 0, w: 0, n: 0}
    again = await table.ledger.entries.reverse(CHAT, author=e, source=Source(3))
    assert again.replay and again.entries == undo.entries
    original = await table.ledger.reports.entry(CHAT, second.entry.id)
    assert original.reversed_by == undo.entry.id and original.is_reversed


async def test_reversing_an_older_hand_leaves_the_current_deal(table: Table) -> None:
    e, s, _w, n = table.ids
    first = await self_draw(table, s, 1)
    await self_draw(table, n, 2)
    undo = await table.ledger.entries.reverse(CHAT, first.entry.id, author=e, source=Source(3))
    assert undo.session is not None and (undo.session.dealer, undo.session.hand_number) == ("N", 3)


async def test_reversal_rules(table: Table) -> None:
    e, s, _w, _n = table.ids
    win = await self_draw(table, s, 1)
    undo = await table.ledger.entries.reverse(CHAT, win.entry.id, author=e, source=Source(2))
    before = await snapshot(table.ledger)
    for entry_id, code in (
        (win.entry.id, ErrorCode.ALREADY_REVERSED),
        (undo.entry.id, ErrorCode.REVERSAL_OF_REVERSAL),
        (12345, ErrorCode.UNKNOWN_ENTRY),
    ):
        with pytest.raises(StorageError) as caught:
            await table.ledger.entries.reverse(
                CHAT, entry_id, author=e, source=Source(100 + entry_id)
            )
        assert caught.value.code is code
    assert await snapshot(table.ledger) == before


async def test_entries_of_another_chat_cannot_be_read_or_reversed(table: Table) -> None:
    other = await seat_table(table.ledger, OTHER_CHAT)
    e2, s2, w2, n2 = other.ids
    foreign = await table.ledger.entries.record_win(
        OTHER_CHAT,
        other.session.id,
        WinSpec(s2, {s2: 3, e2: -1, w2: -1, n2: -1}, self_draw=True),
        Source(1),
        s2,
    )
    with pytest.raises(StorageError) as caught:
        await table.ledger.reports.entry(CHAT, foreign.entry.id)
    assert caught.value.code is ErrorCode.UNKNOWN_ENTRY
    with pytest.raises(StorageError) as caught:
        await table.ledger.entries.reverse(CHAT, foreign.entry.id, author=None, source=Source(2))
    assert caught.value.code is ErrorCode.UNKNOWN_ENTRY
    # Update ids are scoped by chat: the same id in this chat is a new recording.
    assert not (await self_draw(table, table.ids[0], 1)).replay


async def test_reverse_in_a_closed_session_is_refused(table: Table) -> None:
    win = await self_draw(table, table.ids[1], 1)
    await table.ledger.sessions.close(CHAT)
    with pytest.raises(StorageError) as caught:
        await table.ledger.entries.reverse(CHAT, win.entry.id, author=None, source=Source(2))
    assert caught.value.code is ErrorCode.SESSION_CLOSED
    with pytest.raises(StorageError) as caught:
        await table.ledger.entries.reverse(CHAT, author=None, source=Source(3))
    assert caught.value.code is ErrorCode.NO_OPEN_SESSION


async def test_edit_is_a_reversal_plus_a_new_win(table: Table) -> None:
    e, _s, w, n = table.ids
    wrong = await discard_win(table, w, e, 1)
    fixed = WinSpec(w, {w: 4, n: -4}, "fixed line", None, discarder=n, value=4)
    edited = await table.ledger.entries.edit_win(
        CHAT, wrong.entry.id, fixed, author=e, source=Source(2)
    )
    reversal, new = edited.entries
    assert reversal.reverses == wrong.entry.id and new.postings == {w: 4, n: -4}
    assert new.hand_number == wrong.entry.hand_number
    assert edited.session is not None and (edited.session.dealer, edited.session.hand_number) == (
        "W",
        2,
    )
    assert (await table.ledger.reports.tally(CHAT)).balances == {w: 4, n: -4, e: 0}
    assert (
        await table.ledger.entries.edit_win(CHAT, wrong.entry.id, fixed, author=e, source=Source(2))
    ).replay


async def test_a_failed_edit_writes_nothing(table: Table) -> None:
    e, _s, w, n = table.ids
    wrong = await discard_win(table, w, e, 1)
    kong = await table.ledger.entries.record_kong(
        CHAT, table.session.id, KongSpec(n, {n: 3, e: -3}), Source(2), n
    )
    before = await snapshot(table.ledger)
    unbalanced = WinSpec(w, {w: 4, n: -3}, discarder=n)
    for entry_id, win in (
        (wrong.entry.id, unbalanced),
        (kong.entry.id, WinSpec(w, {w: 1, n: -1}, discarder=n)),
    ):
        with pytest.raises(StorageError):
            await table.ledger.entries.edit_win(CHAT, entry_id, win, author=e, source=Source(3))
    assert await snapshot(table.ledger) == before


async def test_reverse_many_undoes_a_whole_recording_once(table: Table) -> None:
    e, s, w, n = table.ids
    wins = [
        WinSpec(n, {n: 2, s: -2}, discarder=s),
        WinSpec(w, {w: 4, s: -4}, discarder=s),
    ]
    double = await table.ledger.entries.record_wins(
        CHAT, table.session.id, wins, Source(10, 555), s
    )
    ids = [x.id for x in double.entries]
    assert [x.id for x in await table.ledger.reports.entries_by_message(CHAT, 555)] == ids
    undone = await table.ledger.entries.reverse_many(CHAT, ids, author=e, source=Source(11, 556))
    assert [x.reverses for x in undone.entries] == ids
    assert undone.session is not None and (undone.session.dealer, undone.session.hand_number) == (
        "E",
        1,
    )
    assert (await table.ledger.reports.tally(CHAT)).balances == {s: 0, w: 0, n: 0}
    assert (
        await table.ledger.entries.reverse_many(CHAT, ids, author=e, source=Source(11, 556))
    ).replay
    before = await snapshot(table.ledger)
    for bad in ([], [ids[0], ids[0]], [ids[0]]):
        with pytest.raises(StorageError):
            await table.ledger.entries.reverse_many(CHAT, bad, author=e, source=Source(12))
    assert await snapshot(table.ledger) == before
    assert await table.ledger.reports.entries_by_message(CHAT, 999) == []
    assert await table.ledger.reports.entries_by_message(OTHER_CHAT, 555) == []


async def test_editing_an_older_hand_keeps_the_current_deal(table: Table) -> None:
    e, s, w, n = table.ids
    old = await discard_win(table, w, e, 1)  # hand 1: W deals next
    latest = await self_draw(table, n, 2)  # hand 2: N deals next
    assert latest.session is not None and latest.session.dealer == "N"
    fixed = WinSpec(w, {w: 6, s: -6}, discarder=s)
    edited = await table.ledger.entries.edit_win(
        CHAT, old.entry.id, fixed, author=e, source=Source(3)
    )
    _, new = edited.entries
    assert new.hand_number == 1
    assert edited.session is not None
    assert (edited.session.dealer, edited.session.hand_number) == ("N", 3)
    stats = {x.player.id: x for x in await table.ledger.stats.players(CHAT)}
    assert stats[w].wins == 1 and stats[s].dealt_in == 1 and stats[e].dealt_in == 0
    assert stats[w].hands == 2  # the corrected hand 1 and hand 2


async def test_editing_one_win_of_a_double_keeps_the_hand(table: Table) -> None:
    e, s, w, n = table.ids
    wins = [WinSpec(n, {n: 2, s: -2}, discarder=s), WinSpec(w, {w: 4, s: -4}, discarder=s)]
    double = await table.ledger.entries.record_wins(CHAT, table.session.id, wins, Source(1), s)
    assert double.session is not None and double.session.dealer == "W"
    fixed = WinSpec(n, {n: 8, s: -8}, discarder=s)
    edited = await table.ledger.entries.edit_win(
        CHAT, double.entries[0].id, fixed, author=e, source=Source(2)
    )
    assert edited.entries[1].hand_number == 1
    assert edited.session is not None
    assert (edited.session.dealer, edited.session.hand_number) == ("W", 2)
    assert (await table.ledger.reports.tally(CHAT)).balances == {n: 8, w: 4, s: -12}


async def test_an_author_handed_over_as_a_telegram_user_is_recorded_by_the_write_alone(
    ledger: Ledger,
) -> None:
    """A win refused (its winner not seated) records no author; the same author's accepted
    win records them, in its own transaction; a known member handed over under a new
    Telegram name is renamed the same way."""
    table = await seat_table(ledger)
    e, s = table.ids[:2]
    stranger = NewMember(4242, "路人")
    outsider = await ledger.players.add_guest(CHAT, "局外人")
    refused = WinSpec(outsider.id, {outsider.id: 3, e: -3}, "x", discarder=e, value=3)
    players = await ledger.players.all(CHAT)
    with pytest.raises(StorageError):
        await ledger.entries.record_win(CHAT, table.session.id, refused, Source(1), stranger)
    assert await ledger.players.all(CHAT) == players
    win = WinSpec(s, {s: 3, e: -3}, "x", discarder=e, value=3)
    recorded = await ledger.entries.record_win(CHAT, table.session.id, win, Source(2), stranger)
    author = await ledger.players.of_user(CHAT, 4242)
    assert author is not None and recorded.entries[0].author == author.id
    renamed = NewMember(author.user_id or 0, "路人甲")
    await ledger.entries.record_draw(CHAT, table.session.id, Source(3), renamed)
    assert (await ledger.players.get(CHAT, author.id)).name == "路人甲"
