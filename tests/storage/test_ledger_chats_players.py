"""Chats and players: creation, renames, guests, lookup, supergroup migration."""

from __future__ import annotations

import pytest
from ledger_fixtures import CHAT, OTHER_CHAT, seat_table

from storage import ErrorCode, Ledger, Source, StorageError, WinSpec


async def test_ensure_chat_is_idempotent_and_keeps_first_language(ledger: Ledger) -> None:
    first = await ledger.chats.ensure(CHAT, "en")
    again = await ledger.chats.ensure(CHAT, "zh")
    assert first == again and again.lang == "en"
    assert await ledger.chats.get(OTHER_CHAT) is None


async def test_language_and_defaults(ledger: Ledger) -> None:
    assert (await ledger.chats.set_lang(CHAT, "en")).lang == "en"
    chat = await ledger.chats.set_defaults(CHAT, "huzhou-shuangla", 5)
    assert (chat.ruleset, chat.base, chat.lang) == ("huzhou-shuangla", 5, "en")


async def test_reply_and_picture_settings_start_unset_and_are_kept(ledger: Ledger) -> None:
    fresh = await ledger.chats.ensure(CHAT)
    assert (fresh.replies, fresh.pictures) == (None, None)  # the bot's defaults apply
    await ledger.chats.set_replies(CHAT, "full")
    chat = await ledger.chats.set_pictures(CHAT, "full_hands")
    assert (chat.replies, chat.pictures) == ("full", "full_hands")
    moved = await ledger.chats.migrate(CHAT, OTHER_CHAT)  # a supergroup keeps them
    assert (moved.replies, moved.pictures, moved.chat_id) == ("full", "full_hands", OTHER_CHAT)


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(lambda lg: lg.chats.set_replies(CHAT, "tiny"), id="unknown-replies"),
        pytest.param(lambda lg: lg.chats.set_pictures(CHAT, "sometimes"), id="unknown-pictures"),
        pytest.param(lambda lg: lg.chats.set_lang(CHAT, "fr"), id="unknown-language"),
        pytest.param(lambda lg: lg.chats.set_defaults(CHAT, "hangzhou", 0), id="zero-base"),
        pytest.param(lambda lg: lg.chats.set_defaults(CHAT, "", 1), id="empty-ruleset"),
        pytest.param(lambda lg: lg.chats.ensure(CHAT, "de"), id="new-chat-bad-language"),
    ],
)
async def test_bad_chat_settings_are_refused(ledger: Ledger, call) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(StorageError) as caught:
        await call(ledger)
    assert caught.value.code is ErrorCode.INVALID_ARGUMENT
    assert await ledger.chats.get(CHAT) is None


async def test_upsert_user_renames_in_place(ledger: Ledger) -> None:
    first = await ledger.players.upsert_user(CHAT, 42, "老王", "wang")
    renamed = await ledger.players.upsert_user(CHAT, 42, "王师傅", "@wang")
    assert renamed.id == first.id
    assert (renamed.name, renamed.username, renamed.is_guest) == ("王师傅", "wang", False)
    assert [p.name for p in await ledger.players.all(CHAT)] == ["王师傅"]


async def test_same_user_is_a_separate_player_in_each_chat(ledger: Ledger) -> None:
    here = await ledger.players.upsert_user(CHAT, 42, "老王")
    there = await ledger.players.upsert_user(OTHER_CHAT, 42, "老王")
    assert here.id != there.id
    with pytest.raises(StorageError) as caught:
        await ledger.players.get(CHAT, there.id)
    assert caught.value.code is ErrorCode.UNKNOWN_PLAYER


async def test_guests_are_unique_by_name_per_chat(ledger: Ledger) -> None:
    guest = await ledger.players.add_guest(CHAT, "  阿  三 ")
    assert guest.is_guest and guest.name == "阿 三"
    with pytest.raises(StorageError) as caught:
        await ledger.players.add_guest(CHAT, "阿 三")
    assert caught.value.code is ErrorCode.DUPLICATE_NAME
    assert "阿 三" in caught.value.zh
    await ledger.players.add_guest(OTHER_CHAT, "阿 三")  # another chat: fine


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("", id="empty"),
        pytest.param("x" * 65, id="long"),
        pytest.param("@bob", id="at-sign"),
    ],
)
async def test_bad_guest_names(ledger: Ledger, name: str) -> None:
    with pytest.raises(StorageError) as caught:
        await ledger.players.add_guest(CHAT, name)
    assert caught.value.code is ErrorCode.INVALID_ARGUMENT
    assert await ledger.players.all(CHAT) == []


async def test_find_player(ledger: Ledger) -> None:
    wang = await ledger.players.upsert_user(CHAT, 42, "老王", "WangX")
    guest = await ledger.players.add_guest(CHAT, "Alice")
    await ledger.players.upsert_user(OTHER_CHAT, 43, "Bob", "bob")
    assert await ledger.players.find(CHAT, "老王") == wang
    assert await ledger.players.find(CHAT, "@wangx") == wang
    assert await ledger.players.find(CHAT, "42") == wang
    assert await ledger.players.find(CHAT, f"#{guest.id}") == guest
    assert await ledger.players.find(CHAT, "alice") == guest
    assert await ledger.players.find(CHAT, "@bob") is None  # another chat's player
    assert await ledger.players.find(CHAT, "Bob") is None
    assert await ledger.players.find(CHAT, "   ") is None


async def test_a_guest_and_a_member_of_one_name_mean_the_member(ledger: Ledger) -> None:
    guest = await ledger.players.add_guest(CHAT, "乙")
    member = await ledger.players.upsert_user(CHAT, 7, "乙")
    assert await ledger.players.find(CHAT, "乙") == member
    assert await ledger.players.find(CHAT, f"#{guest.id}") == guest
    await ledger.players.upsert_user(CHAT, 8, "乙")
    with pytest.raises(StorageError) as caught:
        await ledger.players.find(CHAT, "乙")  # two members now: nothing tells them apart
    assert caught.value.code is ErrorCode.AMBIGUOUS_PLAYER


async def test_find_player_refuses_an_ambiguous_name(ledger: Ledger) -> None:
    await ledger.players.upsert_user(CHAT, 1, "小李")
    await ledger.players.upsert_user(CHAT, 2, "小李")
    with pytest.raises(StorageError) as caught:
        await ledger.players.find(CHAT, "小李")
    assert caught.value.code is ErrorCode.AMBIGUOUS_PLAYER


async def test_migrate_chat_moves_every_row(ledger: Ledger) -> None:
    table = await seat_table(ledger, CHAT)
    e, s, w, n = table.ids
    await ledger.entries.record_win(
        CHAT,
        table.session.id,
        WinSpec(s, {s: 3, e: -1, w: -1, n: -1}, "x", self_draw=True),
        Source(1, 1),
        s,
    )
    await ledger.chats.set_lang(CHAT, "en")
    before = await ledger.export.csv(CHAT)
    new_id = -100999
    await ledger.chats.ensure(new_id)
    duplicate = await ledger.players.upsert_user(new_id, table.players[0].user_id or 0, "甲 (new)")
    newcomer = await ledger.players.upsert_user(new_id, 555, "新人")
    moved = await ledger.chats.migrate(CHAT, new_id)
    assert moved.chat_id == new_id and moved.lang == "en"
    assert await ledger.chats.get(CHAT) is None
    assert (await ledger.sessions.current(new_id)) is not None
    assert await ledger.sessions.current(CHAT) is None
    assert (await ledger.reports.tally(new_id)).balances == {s: 3, e: -1, w: -1, n: -1}
    assert (await ledger.reports.tally(CHAT)).rows == ()
    after = await ledger.export.csv(new_id)
    # The players differ (the newcomer), and so does the trailer's hash, which covers them.
    assert [line for line in after.splitlines() if not line.startswith(("player,", "end,"))] == [
        line for line in before.splitlines() if not line.startswith(("player,", "end,"))
    ]
    ids = {p.id for p in await ledger.players.all(new_id)}
    assert ids == {*table.ids, newcomer.id} and duplicate.id not in ids
    assert await ledger.chats.moves() == {CHAT: new_id}  # a late update's old id is known
    # Telegram may deliver the migration twice: the second is harmless.
    assert (await ledger.chats.migrate(CHAT, new_id)).chat_id == new_id
    assert await ledger.chats.moves() == {CHAT: new_id}
    # The replayed update id is still known in the new chat.
    again = await ledger.entries.record_win(
        new_id,
        table.session.id,
        WinSpec(s, {s: 3, e: -1, w: -1, n: -1}, "x", self_draw=True),
        Source(1, 1),
        s,
    )
    assert again.replay


async def test_migrate_into_a_chat_with_its_own_records_is_refused(ledger: Ledger) -> None:
    await seat_table(ledger, CHAT)
    await seat_table(ledger, OTHER_CHAT)
    with pytest.raises(StorageError) as caught:
        await ledger.chats.migrate(CHAT, OTHER_CHAT)
    assert caught.value.code is ErrorCode.MIGRATION_CONFLICT
    assert await ledger.sessions.current(CHAT) is not None
    assert await ledger.chats.moves() == {}  # refused: not moved


async def test_migrate_unknown_chat(ledger: Ledger) -> None:
    with pytest.raises(StorageError) as caught:
        await ledger.chats.migrate(CHAT, OTHER_CHAT)
    assert caught.value.code is ErrorCode.UNKNOWN_CHAT
    assert await ledger.chats.moves() == {}
