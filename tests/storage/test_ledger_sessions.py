"""Sessions: one open per chat, seats, dealer state, closing."""

from __future__ import annotations

import pytest
from ledger_fixtures import CHAT, OTHER_CHAT, Table, seat_table

from storage import ErrorCode, Ledger, SeatName, SessionTerms, Source, StorageError, WinSpec


async def test_open_session_starts_east_round_hand_one(table: Table) -> None:
    session = table.session
    assert (session.dealer, session.round_wind, session.hand_number) == ("E", "E", 1)
    assert session.is_open and session.seats == table.ids
    assert session.seat_wind("E") == "E" and session.seat_wind("N") == "N"
    assert await table.ledger.sessions.current(CHAT) == session
    assert await table.ledger.sessions.get(CHAT, session.id) == session


async def test_a_second_open_session_is_refused(table: Table) -> None:
    with pytest.raises(StorageError) as caught:
        await table.ledger.sessions.open(
            CHAT, SessionTerms("hangzhou", 1, "dealer_stays"), (None,) * 4, None
        )
    assert caught.value.code is ErrorCode.SESSION_ALREADY_OPEN
    assert str(table.session.id) in caught.value.en
    assert len(await table.ledger.sessions.all(CHAT)) == 1


async def test_seat_winds_follow_the_dealer(table: Table) -> None:
    ledger = table.ledger
    session = await ledger.sessions.set_state(CHAT, dealer="W")
    assert [session.seat_wind(seat) for seat in ("E", "S", "W", "N")] == ["W", "N", "E", "S"]


@pytest.mark.parametrize(
    ("seats", "rotation", "base", "code"),
    [
        pytest.param((1, 1, None, None), "winner_deals", 1, ErrorCode.INVALID_ARGUMENT, id="twice"),
        pytest.param(
            (999, None, None, None), "winner_deals", 1, ErrorCode.UNKNOWN_PLAYER, id="stranger"
        ),
        pytest.param((None,) * 4, "random", 1, ErrorCode.INVALID_ARGUMENT, id="bad-rotation"),
        pytest.param((None,) * 4, "winner_deals", -5, ErrorCode.INVALID_ARGUMENT, id="bad-base"),
        pytest.param((None,) * 3, "winner_deals", 1, ErrorCode.INVALID_ARGUMENT, id="three-seats"),
    ],
)
async def test_bad_sessions_are_refused(
    ledger: Ledger, seats: tuple[int | None, ...], rotation: str, base: int, code: ErrorCode
) -> None:
    await ledger.players.upsert_user(CHAT, 1, "甲")
    with pytest.raises(StorageError) as caught:
        await ledger.sessions.open(CHAT, SessionTerms("hangzhou", base, rotation), seats, None)  # type: ignore[arg-type]
    assert caught.value.code is code
    assert await ledger.sessions.all(CHAT) == []


async def test_a_player_of_another_chat_cannot_sit(ledger: Ledger) -> None:
    outsider = await ledger.players.upsert_user(OTHER_CHAT, 7, "外人")
    with pytest.raises(StorageError) as caught:
        await ledger.sessions.open(
            CHAT, SessionTerms("hangzhou", 1, "dealer_stays"), (outsider.id, None, None, None), None
        )
    assert caught.value.code is ErrorCode.UNKNOWN_PLAYER


async def test_join_fills_empty_seats_in_order(ledger: Ledger) -> None:
    players = [await ledger.players.upsert_user(CHAT, i, f"p{i}") for i in range(5)]
    await ledger.sessions.open(
        CHAT, SessionTerms("hangzhou", 1, "dealer_stays"), (None, players[0].id, None, None), None
    )
    session = await ledger.sessions.join_seat(CHAT, players[1].id)
    assert session.seats == (players[1].id, players[0].id, None, None)
    # Joining again (a double tap on /join) changes nothing.
    assert await ledger.sessions.join_seat(CHAT, players[1].id) == session
    session = await ledger.sessions.join_seat(CHAT, players[2].id, "N")
    assert session.player_at("N") == players[2].id
    with pytest.raises(StorageError) as caught:
        await ledger.sessions.join_seat(CHAT, players[3].id, "N")
    assert caught.value.code is ErrorCode.SEAT_TAKEN
    with pytest.raises(StorageError) as caught:
        await ledger.sessions.join_seat(CHAT, players[1].id, "W")
    assert caught.value.code is ErrorCode.ALREADY_SEATED
    await ledger.sessions.join_seat(CHAT, players[3].id)
    with pytest.raises(StorageError) as caught:
        await ledger.sessions.join_seat(CHAT, players[4].id)
    assert caught.value.code is ErrorCode.TABLE_FULL


async def test_set_seat_moves_and_clears(table: Table) -> None:
    ledger = table.ledger
    e, s, w, n = table.ids
    session = await ledger.sessions.set_seat(CHAT, "E", n)
    assert session.seats == (n, s, w, None)
    session = await ledger.sessions.set_seat(CHAT, "S", None)
    assert session.seats == (n, None, w, None)
    with pytest.raises(StorageError) as caught:
        await ledger.entries.record_draw(CHAT, session.id, None, None)
    assert caught.value.code is ErrorCode.SEATS_INCOMPLETE
    with pytest.raises(StorageError) as caught:
        await ledger.sessions.set_seat(CHAT, "X", e)  # type: ignore[arg-type]
    assert caught.value.code is ErrorCode.INVALID_ARGUMENT


async def test_set_session_state(table: Table) -> None:
    session = await table.ledger.sessions.set_state(CHAT, dealer="S", round_wind="W", hand_number=9)
    assert (session.dealer, session.round_wind, session.hand_number) == ("S", "W", 9)
    with pytest.raises(StorageError):
        await table.ledger.sessions.set_state(CHAT, hand_number=0)


async def test_a_stated_round_wind_restarts_the_rounds_count(table: Table) -> None:
    """Three deals into 东, '/dealer 甲 圈东' says 东 starts over: four more moves to 南."""
    ledger = table.ledger
    _, s, w, n = table.ids
    session = await ledger.sessions.current(CHAT)
    assert session is not None
    for winner in (s, w, n):  # each a non-dealer win: the deal moves on three times
        await ledger.entries.record_win(
            CHAT,
            session.id,
            WinSpec(winner, {p: 3 if p == winner else -1 for p in table.ids}, self_draw=True),
            None,
            winner,
        )
    moved = await ledger.sessions.current(CHAT)
    assert moved is not None and (moved.round_wind, moved.deals_in_round) == ("E", 3)
    restarted = await ledger.sessions.set_state(CHAT, dealer="E", round_wind="E")
    assert (restarted.dealer, restarted.round_wind, restarted.deals_in_round) == ("E", "E", 0)
    only_dealer = await ledger.sessions.set_state(CHAT, dealer="S")
    assert only_dealer.deals_in_round == 0 and only_dealer.round_wind == "E"


async def test_close_session_then_nothing_records(table: Table) -> None:
    ledger = table.ledger
    closed = await ledger.sessions.close(CHAT)
    assert not closed.is_open and closed.closed_at is not None
    assert await ledger.sessions.current(CHAT) is None
    e, s, w, n = table.ids
    with pytest.raises(StorageError) as caught:
        await ledger.entries.record_win(
            CHAT, closed.id, WinSpec(e, {e: 3, s: -1, w: -1, n: -1}, self_draw=True), Source(1), e
        )
    assert caught.value.code is ErrorCode.SESSION_CLOSED
    with pytest.raises(StorageError) as caught:
        await ledger.sessions.close(CHAT)
    assert caught.value.code is ErrorCode.NO_OPEN_SESSION
    # A new session may open now.
    reopened = await ledger.sessions.open(
        CHAT, SessionTerms("hangzhou", 2, "dealer_stays"), table.ids, e
    )
    assert reopened.id != closed.id
    assert [x.id for x in await ledger.sessions.all(CHAT)] == [reopened.id, closed.id]


async def test_sessions_are_scoped_by_chat(table: Table) -> None:
    other = await seat_table(table.ledger, OTHER_CHAT)
    with pytest.raises(StorageError) as caught:
        await table.ledger.sessions.get(CHAT, other.session.id)
    assert caught.value.code is ErrorCode.UNKNOWN_SESSION
    e, s, w, n = table.ids
    with pytest.raises(StorageError) as caught:
        await table.ledger.entries.record_win(
            CHAT, other.session.id, WinSpec(e, {e: 3, s: -1, w: -1, n: -1}, self_draw=True), None, e
        )
    assert caught.value.code is ErrorCode.UNKNOWN_SESSION


@pytest.mark.parametrize(
    ("a", "b", "dealer"),
    [
        pytest.param("E", "W", "W", id="dealer-moves-west"),
        pytest.param("S", "E", "S", id="dealer-moves-south"),
        pytest.param("S", "N", "E", id="others-swap"),
    ],
)
async def test_the_deal_goes_with_the_dealer_who_changes_seats(
    table: Table, a: SeatName, b: SeatName, dealer: str
) -> None:
    session = await table.ledger.sessions.swap_seats(CHAT, a, b)
    assert session.dealer == dealer
    assert session.player_at(session.dealer) == table.ids[0]  # 东's player dealt, and still does


async def test_swap_seats_in_one_step(table: Table) -> None:
    e, s, w, n = table.ids
    session = await table.ledger.sessions.swap_seats(CHAT, "E", "W")
    assert session.seats == (w, s, e, n)
    await table.ledger.sessions.set_seat(CHAT, "N", None)
    session = await table.ledger.sessions.swap_seats(CHAT, "N", "S")
    assert session.seats == (w, None, e, s)
    with pytest.raises(StorageError) as caught:
        await table.ledger.sessions.swap_seats(CHAT, "E", "Q")  # type: ignore[arg-type]
    assert caught.value.code is ErrorCode.INVALID_ARGUMENT
